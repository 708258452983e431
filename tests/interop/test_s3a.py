"""Tables on an object store: hoodie and Spark 3.5 + Hudi 0.15 (over s3a://) share tables on moto's S3 server.

The `s3` fixture (conftest.py) runs moto's S3 server on 127.0.0.1 with authentication on, one bucket and one
access key; Spark reaches it through hadoop-aws 3.3.4 (`fs.s3a.*` in its Hadoop configuration), hoodie
through the AWS environment (S3Store.environment) or through the same `fs.s3a.*` keys as Spark
(S3Store.hadoop_conf, no AWS variable set), hudi-rs through its storage options. Every table lives
under `s3a://interop-tables/<case>/`. The rows are those of table_model.py (every column type, hive-style
partitions `region=…/part=…` whose `=` the S3 clients percent-encode in keys), and each read is compared
with the in-test model, all columns, meta columns included.
"""

from __future__ import annotations

import pytest
from conftest import hoodie_rows
from table_model import (KEY_SPECS, Inputs, TableModel, assert_reads, commit_plan, hoodie_query, hoodie_write,
                         hudi_rs_snapshot, make_row, row_set, spark_incremental, spark_read, spark_write)

SPEC = KEY_SPECS["complex-hive"]
MOR = {"hoodie.datasource.write.table.type": "MERGE_ON_READ"}
RO = {"hoodie.datasource.query.type": "read_optimized"}
# hoodie schedules a compaction after one deltacommit instead of its default ten.
EVERY = ("--hoodie-conf", "hoodie.compact.inline.max.delta.commits=1")
# Insert, then upsert (updates and new keys), then delete.
PLAN = commit_plan("insert")[:3]


def hoodie_writes(hoodie, path, table, plan, model, inputs, extra=None) -> None:
    for op, rows in plan:
        model.apply(op, hoodie_write(hoodie, path, table, SPEC, op, inputs.write(rows), extra), rows)


def spark_writes(spark, hudi_java, path, table, plan, model, inputs, extra=None) -> None:
    for op, rows in plan:
        spark_write(spark, path, table, SPEC, op, inputs.write(rows), extra)
        model.apply(op, hudi_java.completed_commits(path)[-1], rows)


def exists(spark, url: str) -> bool:
    """Whether `url` exists, as Spark's Hadoop file system (S3AFileSystem) sees it."""
    jvm = spark._jvm
    path = jvm.org.apache.hadoop.fs.Path(url)
    return path.getFileSystem(spark._jsc.hadoopConfiguration()).exists(path)


def assert_snapshot_and_incremental(spark, hoodie, path, out, model, label="") -> list[dict]:
    """Spark's and hoodie's snapshot equal the model's latest rows, and their incremental reads from the
    start and from every commit to the latest equal the model's; returns hoodie's snapshot rows."""
    instants = model.instants()
    latest = instants[-1]
    snapshot = hoodie_query(hoodie, path, out)
    assert_reads(SPEC, f"{label}snapshot", spark_read(spark, path), snapshot, model.as_of(latest))
    for begin in ("000", *instants[:-1]):
        assert_reads(SPEC, f"{label}incremental ({begin}, {latest}]", spark_incremental(spark, path, begin, latest),
                     hoodie_query(hoodie, path, out, "--query-type", "incremental", "--begin", begin,
                                  "--end", latest),
                     model.incremental(begin, latest), incremental=True)
    return snapshot


def test_spark_reads_hoodie_cow_table_on_s3a(spark, hudi_java, hoodie, s3, tmp_path):
    """hoodie inserts, upserts and deletes into a copy-on-write table on S3 (moto); Spark reads it over s3a exactly, snapshot and incremental, and so does hudi-rs.

    hoodie (AWS environment) writes three commits of every column type to `s3a://…`; Spark + Hudi 0.15 over
    hadoop-aws reads the snapshot and the incremental ranges from the start and from each commit, equal to
    hoodie's reads and the model in every column; Hudi's meta client reads each commit's write stats as
    hoodie lists them; hudi-rs (object_store's S3 client) reads the same snapshot from moto."""
    store_hoodie = s3.hoodie_by_environment(hoodie)
    path = s3.url(tmp_path.name, "cow")
    model = TableModel(SPEC)
    hoodie_writes(store_hoodie, path, "s3a_cow", PLAN, model, Inputs(tmp_path / "in"))
    assert hudi_java.active_instants(path) == [(t, "commit", "COMPLETED") for t in model.instants()]
    for instant in model.instants():
        assert hoodie_rows(store_hoodie, path, instant) == hudi_java.commit_write_stats(path, instant), instant
    snapshot = assert_snapshot_and_incremental(spark, store_hoodie, path, tmp_path / "out.parquet", model)
    assert row_set(hudi_rs_snapshot(path, s3.hudi_rs_options())) == row_set(snapshot)


def test_spark_reads_hoodie_mor_table_compacted_on_s3a(spark, hudi_java, hoodie, s3, tmp_path):
    """hoodie writes a merge-on-read table on S3 (moto) and compacts it there; Spark reads it over s3a exactly before and after the compaction, and so does hudi-rs.

    hoodie inserts (base files), upserts (Avro data blocks in log files) and deletes (a delete block); Spark's
    snapshot and incremental reads over s3a equal hoodie's and the model, its read-optimized view (base
    files only) hoodie's. `hoodie compaction run --schedule` then compacts on S3: Hudi's meta client lists
    the completed compaction, Spark's snapshot, read-optimized and incremental reads and hudi-rs' snapshot
    equal the model's latest rows."""
    store_hoodie = s3.hoodie_by_environment(hoodie)
    path = s3.url(tmp_path.name, "mor")
    out = tmp_path / "out.parquet"
    model = TableModel(SPEC)
    hoodie_writes(store_hoodie, path, "s3a_mor", PLAN, model, Inputs(tmp_path / "in"), MOR)
    deltas = model.instants()
    assert hudi_java.active_instants(path) == [(t, "deltacommit", "COMPLETED") for t in deltas]
    assert_snapshot_and_incremental(spark, store_hoodie, path, out, model, "before compaction: ")
    # Before the compaction the read-optimized view holds the base files only: Spark's equals hoodie's.
    read_optimized = hoodie_query(store_hoodie, path, out, "--query-type", "read_optimized")
    assert row_set(spark_read(spark, path, **RO)) == row_set(read_optimized)
    assert row_set(read_optimized) != row_set(spark_read(spark, path))

    ran = store_hoodie.json("compaction", "run", "--schedule", "--table", path, *EVERY)
    assert ran, "hoodie compacted nothing"
    compaction = ran[0]["instant"]
    assert hudi_java.active_instants(path)[-1] == (compaction, "commit", "COMPLETED")
    assert {s["operation"] for s in hudi_java.commit_write_stats(path, compaction)} == {"COMPACT"}
    snapshot = assert_snapshot_and_incremental(spark, store_hoodie, path, out, model, "compacted: ")
    assert_reads(SPEC, "compacted read_optimized", spark_read(spark, path, **RO),
                 hoodie_query(store_hoodie, path, out, "--query-type", "read_optimized"), model.as_of(deltas[-1]))
    assert row_set(hudi_rs_snapshot(path, s3.hudi_rs_options())) == row_set(snapshot)


@pytest.mark.parametrize("table_type", ["COPY_ON_WRITE", "MERGE_ON_READ"])
def test_hoodie_reads_and_upserts_spark_table_on_s3a(spark, hudi_java, hoodie, s3, tmp_path, table_type):
    """Spark writes a table to S3 (moto) over s3a with Hudi's defaults (metadata table on); hoodie, given Spark's fs.s3a keys and no AWS variable, reads it exactly, upserts into it, and Spark reads hoodie's upsert exactly.

    The same `fs.s3a.*` settings (endpoint, path-style access, SSL off, SimpleAWSCredentialsProvider, access
    and secret key) are Spark's Hadoop configuration and hoodie's `--hoodie-conf`; with another secret key
    moto refuses hoodie and hoodie prints no secret. Spark + Hudi 0.15 inserts, upserts and deletes rows
    of every column type (copy-on-write, and merge-on-read with log files); `hoodie query s3a://…` returns
    the model's rows in snapshot and incremental reads, equal to Spark's. hoodie then upserts updates and
    new keys into Spark's metadata table on the bucket (on by default, as in Hudi 0.15): its deltacommit
    is there, the table was not built again, and Hudi's own metadata reader lists exactly the base files in
    the bucket; Spark's snapshot and incremental reads (through the metadata table) and hoodie's equal
    the model."""
    store_hoodie = s3.hoodie_by_keys(hoodie)
    extra = MOR if table_type == "MERGE_ON_READ" else {}
    path = s3.url(tmp_path.name, "spark")
    out = tmp_path / "out.parquet"
    inputs = Inputs(tmp_path / "in")
    model = TableModel(SPEC)
    spark_writes(spark, hudi_java, path, "s3a_spark", PLAN, model, inputs, extra)
    assert store_hoodie.properties(path)["hoodie.table.metadata.partitions"] == "files"
    assert exists(spark, f"{path}/.hoodie/metadata/files")
    assert_snapshot_and_incremental(spark, store_hoodie, path, out, model, "Spark's commits: ")
    wrong = s3.hoodie_by_keys(hoodie)
    wrong.confs["fs.s3a.secret.key"] = "not-the-secret-key"
    refused = wrong.run("query", path, "--format", "json", check=False)
    assert refused.returncode != 0 and refused.stdout == "" and "ACCESS_DENIED" in refused.stderr, refused
    assert "not-the-secret-key" not in refused.stderr and s3.secret_key not in refused.stderr, refused.stderr

    hoodie_writes(store_hoodie, path, "s3a_spark", [("upsert", [make_row(n, 4) for n in (0, 5, 20)])], model,
                  inputs, extra)
    assert hudi_java.completed_commits(path)[-1] == model.instants()[-1]
    assert store_hoodie.properties(path)["hoodie.table.metadata.partitions"] == "files"
    mdt_commits = hudi_java.completed_commits(f"{path}/.hoodie/metadata")
    assert mdt_commits[0] == "00000000000000010" and model.instants()[-1] in mdt_commits, mdt_commits
    assert_snapshot_and_incremental(spark, store_hoodie, path, out, model, "after hoodie's upsert: ")
