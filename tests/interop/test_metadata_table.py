"""hoodie with `hoodie.metadata.enable=false` on a table whose metadata table Spark built (Hudi's default).

Before each commit becomes visible hoodie does what Hudi's own writers do with the metadata table (MDT)
off (format spec section 12.2): it clears `hoodie.table.metadata.partitions` and `.inflight` in
hoodie.properties, then deletes `.hoodie/metadata`, so that no reader trusts a file listing that lacks
hoodie's files. Spark's next write rebuilds the MDT from the file system, hoodie's files included.
(With the MDT on, hoodie's default, it keeps Spark's MDT instead: test_metadata_table_writes.)
"""

from __future__ import annotations

from table_model import (KEY_SPECS, MODEL_COLUMNS, Inputs, TableModel, base_files_on_disk, hoodie_query,
                         hoodie_write, make_row, model_rows, partitions_on_disk, row_set, spark_read, spark_write)

from conftest import read_java_properties

METADATA_ON = {"hoodie.metadata.enable": "true"}
METADATA_OFF = {"hoodie.metadata.enable": "false"}


def test_hoodie_commits_keep_spark_metadata_table_readers_exact(spark, hudi_java, hoodie, tmp_path):
    """Spark builds the metadata table, hoodie upserts with it off (clearing it), Spark rebuilds it, hoodie upserts again; MDT-enabled Spark reads stay exact.

    After each hoodie commit hoodie.properties holds `hoodie.table.metadata.partitions=` and
    `hoodie.table.metadata.partitions.inflight=` (valid checksum, no backup left) and `.hoodie/metadata` is
    gone; Spark reading with `hoodie.metadata.enable=true` returns every row hoodie committed. Spark's next
    write rebuilds the MDT, whose `files` partition then lists exactly the base files on disk, hoodie's
    included, and MDT-backed reads still equal the model and hoodie's own query."""
    spec = KEY_SPECS["simple"]
    path = tmp_path / "t"
    props_path = path / ".hoodie" / "hoodie.properties"
    mdt = path / ".hoodie" / "metadata"
    inputs = Inputs(tmp_path / "in")
    model = TableModel(spec)
    out = tmp_path / "out.parquet"

    def spark_step(op, rows):
        spark_write(spark, path, "mdt", spec, op, inputs.write(rows))  # Hudi's defaults: MDT on
        model.apply(op, hudi_java.completed_commits(path)[-1], rows)
        assert read_java_properties(props_path)["hoodie.table.metadata.partitions"] == "files"
        assert hudi_java.completed_commits(mdt)[-1] == model.instants()[-1]
        partitions = partitions_on_disk(path)
        assert hudi_java.metadata_table_files(path, partitions) == base_files_on_disk(path)

    def hoodie_step(op, rows):
        before = read_java_properties(props_path)
        model.apply(op, hoodie_write(hoodie, path, "mdt", spec, op, inputs.write(rows), METADATA_OFF), rows)
        after = read_java_properties(props_path)
        assert after == {**before, "hoodie.table.metadata.partitions": "",
                         "hoodie.table.metadata.partitions.inflight": ""}
        assert not mdt.exists()
        assert not (path / ".hoodie" / "hoodie.properties.backup").exists()
        client = hudi_java.meta_client(path)
        assert hudi_java.jvm.org.apache.hudi.common.table.HoodieTableConfig.validateChecksum(
            client.getTableConfig().getProps())
        assert client.getTableConfig().getMetadataPartitions().isEmpty()

    def reads_exact(label):
        spark_rows = spark_read(spark, path, **METADATA_ON)
        assert row_set(spark_rows, MODEL_COLUMNS) == row_set(model_rows(model.records.values()), MODEL_COLUMNS), label
        assert row_set(hoodie_query(hoodie, path, out)) == row_set(spark_rows), label

    spark_step("insert", [make_row(n, 1) for n in range(8)])
    spark_step("upsert", [make_row(n, 2) for n in (0, 8)])
    hoodie_step("upsert", [make_row(n, 3) for n in (1, 2, 9)])
    reads_exact("after hoodie's first upsert")
    spark_step("upsert", [make_row(n, 4) for n in (3, 9, 10)])
    reads_exact("after Spark rebuilt the metadata table")
    hoodie_step("upsert", [make_row(n, 5) for n in (0, 10, 11)])
    reads_exact("after hoodie's second upsert")
    spark_step("delete", [make_row(n, 6) for n in (2, 11)])
    reads_exact("after Spark's delete")
