"""hoodie keeps the metadata table (`hoodie.metadata.enable=true`), and Spark + Hudi 0.15 shares it.

hoodie writes, cleans and rolls back with the metadata table on, alternating with Spark writers that keep
it too (Hudi's default). After every step, Hudi's own metadata reader (HoodieTableMetadata over the `files`
partition) lists exactly the data files on disk, Spark's reads with the metadata table on return exactly
the model's rows, hoodie's query agrees, and `hoodie metadata validate` finds the metadata table's listing equal
to storage's, whichever engine wrote last. Neither writer re-bootstraps the other's metadata table: its
first instant stays `00000000000000010` and every data instant has its deltacommit there. Both compact it
(`hoodie.metadata.compact.max.delta.commits=3`), each reading the other's files. A hoodie rollback of the
latest commit adds a metadata deltacommit R and `R006.rollback` undoing the rolled-back deltacommit (Hudi
refuses to roll back a commit the metadata table has compacted; hoodie then disables the metadata table,
which the next write rebuilds).
"""

from __future__ import annotations

from pathlib import Path

import pyarrow.parquet as pq
import pytest
from table_model import (KEY_SPECS, MODEL_COLUMNS, Inputs, TableModel, arrow_rows, hoodie_query, hoodie_write,
                         make_row, model_rows, partitions_on_disk, row_set, spark_read, spark_write)

from conftest import read_java_properties

MDT = {"hoodie.metadata.enable": "true", "hoodie.metadata.compact.max.delta.commits": "3"}


def data_files_on_disk(path: Path) -> list[tuple[str, str]]:
    """(partition, name) of every base and log file."""
    out = []
    for partition in partitions_on_disk(path):
        folder = Path(path) / partition if partition else Path(path)
        out += [(partition, f.name) for f in folder.iterdir()
                if f.is_file() and (f.name.endswith(".parquet") or ".log." in f.name) and not f.name.endswith(".crc")]
    return sorted(out)


@pytest.mark.parametrize("table_type", ["COPY_ON_WRITE", "MERGE_ON_READ"])
def test_hoodie_and_spark_share_one_metadata_table(spark, hudi_java, hoodie, tmp_path, table_type):
    """hoodie and Spark alternate on one table, both keeping the metadata table; after every write, clean,
    compaction and rollback Hudi's metadata reader lists exactly the files on disk, MDT-backed reads of both
    engines equal the model, and neither re-bootstraps it."""
    spec = KEY_SPECS["simple"]
    path = tmp_path / "t"
    mdt = path / ".hoodie" / "metadata"
    inputs = Inputs(tmp_path / "in")
    model = TableModel(spec)
    out = tmp_path / "out.parquet"
    options = {**MDT, "hoodie.datasource.write.table.type": table_type}

    def check(label):
        props = read_java_properties(path / ".hoodie" / "hoodie.properties")
        assert props["hoodie.table.metadata.partitions"] == "files", label
        assert props.get("hoodie.table.metadata.partitions.inflight", "") == "", label
        assert hudi_java.metadata_table_files(path, partitions_on_disk(path)) == data_files_on_disk(path), label
        mdt_instants = hudi_java.active_instants(mdt)
        assert mdt_instants[0][0] == "00000000000000010", label  # never re-bootstrapped
        assert [i for i in mdt_instants if i[0].endswith("010") and len(i[0]) == 17 and i[0] != "00000000000000010"] == []
        completed = {i[0] for i in mdt_instants if i[2] == "COMPLETED"}
        assert set(hudi_java.completed_commits(path)) <= completed, label
        assert hoodie.json("metadata", "validate", "--table", str(path)) == [], label
        expected = row_set(model_rows(model.records.values()), MODEL_COLUMNS)
        assert row_set(spark_read(spark, path, **{"hoodie.metadata.enable": "true"}), MODEL_COLUMNS) == expected, label
        assert row_set(hoodie_query(hoodie, path, out), MODEL_COLUMNS) == expected, label
        # hoodie's read through the metadata table, whichever engine wrote it last: same rows, and no
        # fallback to a storage listing.
        proc = hoodie.run("query", str(path), "--hoodie-conf", "hoodie.metadata.enable=true", "--format", "parquet",
                          "--out", str(out))
        assert "listing storage instead" not in proc.stderr, (label, proc.stderr)
        assert row_set(arrow_rows(pq.read_table(out)), MODEL_COLUMNS) == expected, label

    def hoodie_step(op, rows):
        model.apply(op, hoodie_write(hoodie, path, "mdtw", spec, op, inputs.write(rows), options), rows)
        check(f"after hoodie {op}")

    def spark_step(op, rows):
        spark_write(spark, path, "mdtw", spec, op, inputs.write(rows), options)
        model.apply(op, hudi_java.completed_commits(path)[-1], rows)
        check(f"after Spark {op}")

    hoodie_step("insert", [make_row(n, 1) for n in range(8)])
    hoodie_step("upsert", [make_row(n, 2) for n in (0, 8)])
    spark_step("upsert", [make_row(n, 3) for n in (1, 2, 9)])
    hoodie_step("upsert", [make_row(n, 4) for n in (3, 9, 10)])
    hoodie_step("upsert", [make_row(n, 5) for n in (0, 10, 11)])
    spark_step("upsert", [make_row(n, 6) for n in (4, 12)])
    hoodie_step("delete", [make_row(n, 7) for n in (2, 11)])
    mdt_actions = hudi_java.active_instants(mdt)
    compactions = [t for t, action, state in mdt_actions if action == "commit" and state == "COMPLETED"]
    assert compactions and all(t.endswith("001") for t in compactions), mdt_actions

    # A clean deletes files: the metadata table lists them no longer.
    hoodie.json("clean", "--table", str(path), "--hoodie-conf", "hoodie.cleaner.commits.retained=2",
                *[a for k, v in MDT.items() for a in ("--hoodie-conf", f"{k}={v}")])
    check("after hoodie clean")

    # Rolling back the latest commit (one after the metadata table's last compaction, as Hudi requires): a
    # deltacommit R, then R006 undoes its deltacommit.
    hoodie_step("upsert", [make_row(n, 8) for n in (6, 14)])
    latest = hudi_java.completed_commits(path)[-1]
    hoodie.json("rollback", "--table", str(path), "--instant", latest,
                *[a for k, v in MDT.items() for a in ("--hoodie-conf", f"{k}={v}")])
    model.history.pop()
    model.records = dict(model.history[-1][1])
    rollback = [t for t, action, state in hudi_java.active_instants(path) if action == "rollback"][-1]
    mdt_after = hudi_java.active_instants(mdt)
    assert (rollback, "deltacommit", "COMPLETED") in mdt_after
    assert (rollback + "006", "rollback", "COMPLETED") in mdt_after
    assert latest not in {t for t, action, _ in mdt_after if action == "deltacommit"}
    check("after hoodie rollback")
    spark_step("upsert", [make_row(n, 9) for n in (5, 13)])
