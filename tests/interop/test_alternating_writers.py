"""Spark (Hudi 0.15) and hoodie write the same table in turns.

After every step Hudi's own HoodieTableMetaClient and HoodieTableFileSystemView load the timeline and the
latest file slices hoodie and Spark left, and the contents equal an in-memory model, read both by Spark and
by hoodie. A Spark upsert with the BLOOM index into a hoodie-written table finds hoodie's keys through the
bloom filters and key ranges in hoodie's Parquet footers.
"""

from __future__ import annotations

import pytest
from table_model import (KEY_SPECS, MODEL_COLUMNS, Inputs, TableModel, hoodie_query, hoodie_write,
                         latest_base_files_on_disk, make_row, model_rows, partitions_on_disk, row_set, spark_read,
                         spark_write)

METADATA_OFF = {"hoodie.metadata.enable": "false"}
# Spark's bulk_insert goes through Hudi's Avro write path here: its row writer writes byte and short columns
# Spark cannot read back (see test_hudi_writes.py).
SPARK_OPTIONS = {**METADATA_OFF, "hoodie.datasource.write.row.writer.enable": "false"}


def test_alternating_spark_and_hoodie_writers(spark, hudi_java, hoodie, tmp_path):
    """Spark upsert, hoodie upsert, Spark delete, hoodie upsert, Spark upsert, hoodie delete, Spark bulk_insert, hoodie insert on one table.

    After each step Hudi's meta client lists exactly the commits made so far, its file-system view returns
    exactly the latest base file of every file group, and Spark's snapshot and hoodie's equal the in-memory
    model (all columns compared between the two)."""
    spec = KEY_SPECS["simple"]
    path = tmp_path / "t"
    inputs = Inputs(tmp_path / "in")
    model = TableModel(spec)
    steps = [
        ("spark", "upsert", [make_row(n, 1) for n in range(8)]),
        ("hoodie", "upsert", [make_row(n, 2) for n in (0, 1, 8, 9)]),
        ("spark", "delete", [make_row(n, 3) for n in (1, 2, 8)]),
        ("hoodie", "upsert", [make_row(n, 4) for n in (2, 3, 10)]),
        ("spark", "upsert", [make_row(n, 5) for n in (0, 2, 9, 11)]),
        ("hoodie", "delete", [make_row(n, 6) for n in (3, 11)]),
        ("spark", "bulk_insert", [make_row(n, 7) for n in (12, 13)]),
        ("hoodie", "insert", [make_row(n, 8) for n in (14, 15)]),
    ]
    out = tmp_path / "out.parquet"
    for writer, op, rows in steps:
        if writer == "spark":
            spark_write(spark, path, "alternating", spec, op, inputs.write(rows), SPARK_OPTIONS)
            instant = hudi_java.completed_commits(path)[-1]
        else:
            instant = hoodie_write(hoodie, path, "alternating", spec, op, inputs.write(rows))
        model.apply(op, instant, rows)
        step = f"{writer} {op} {instant}"

        assert hudi_java.active_instants(path) == [(t, "commit", "COMPLETED") for t in model.instants()], step
        partitions = partitions_on_disk(path)
        assert hudi_java.latest_base_files(path, partitions) == latest_base_files_on_disk(
            path, model.instants()), step
        spark_rows = spark_read(spark, path)
        assert row_set(spark_rows, MODEL_COLUMNS) == row_set(model_rows(model.records.values()), MODEL_COLUMNS), step
        assert row_set(hoodie_query(hoodie, path, out)) == row_set(spark_rows), step


@pytest.mark.parametrize("bloom_type", ["DYNAMIC_V0", "SIMPLE"])
def test_spark_bloom_index_finds_hoodie_keys(spark, hudi_java, hoodie, tmp_path, bloom_type):
    """A Spark upsert with index BLOOM into a hoodie-written table tags hoodie's keys as updates.

    hoodie writes two commits with `hoodie.bloom.index.filter.type` DYNAMIC_V0 or SIMPLE; Spark then upserts
    four existing keys (spread over partitions and file versions) and two new ones with
    `hoodie.index.type=BLOOM`: Hudi's commit metadata counts exactly 4 update writes and 2 inserts, and the
    snapshot holds every key once with the model's values."""
    spec = KEY_SPECS["simple"]
    path = tmp_path / "t"
    inputs = Inputs(tmp_path / "in")
    model = TableModel(spec)
    bloom = {"hoodie.bloom.index.filter.type": bloom_type}
    for op, rows in (("insert", [make_row(n, 1) for n in range(12)]),
                     ("upsert", [make_row(n, 2) for n in (1, 4, 12)])):
        model.apply(op, hoodie_write(hoodie, path, "bloom", spec, op, inputs.write(rows), bloom), rows)

    rows = [make_row(n, 3) for n in (0, 4, 7, 12, 20, 21)]
    spark_write(spark, path, "bloom", spec, "upsert", inputs.write(rows),
                {**METADATA_OFF, "hoodie.index.type": "BLOOM", "hoodie.bloom.index.use.metadata": "false"})
    instant = hudi_java.completed_commits(path)[-1]
    model.apply("upsert", instant, rows)
    stats = hudi_java.commit_write_stats(path, instant)
    assert (sum(int(s["updates"]) for s in stats), sum(int(s["inserts"]) for s in stats)) == (4, 2), stats

    spark_rows = spark_read(spark, path)
    keys = [r["_hoodie_record_key"] for r in spark_rows]
    assert len(keys) == len(set(keys)), "duplicate keys after Spark's upsert"
    assert row_set(spark_rows, MODEL_COLUMNS) == row_set(model_rows(model.records.values()), MODEL_COLUMNS)
