"""Merge-on-read reads against real Apache Hudi 0.15 (Spark 3.5): hoodie reads what Spark wrote.

Spark writes a merge-on-read table through Hudi's datasource: inserts into base files, then upserts
and deletes that Hudi appends to log files as Avro data blocks and delete blocks. hoodie's snapshot,
read-optimized, time-travel and incremental reads must return exactly the rows Spark's own queries
return.
"""

from __future__ import annotations

import json

import pytest
from conftest import hoodie_rows, snapshot, spark_datasource_write

SIMPLE_KEYGEN = "org.apache.hudi.keygen.SimpleKeyGenerator"
SCHEMA = "id string, name string, ts long, score double, part string"
COLUMNS = ["_hoodie_commit_time", "_hoodie_record_key", "_hoodie_partition_path", "id", "name", "ts", "score",
           "part"]

INSERTS = [("a1", "alice", 1, 1.5, "p1"), ("a2", "bob", 1, 2.5, "p1"), ("b1", "carol", 1, 3.5, "p2"),
           ("b2", "dan", 1, 4.5, "p2")]
UPDATES = [("a1", "alice2", 2, 10.0, "p1"), ("b1", "carol2", 2, 30.0, "p2"), ("c1", "erin", 2, 5.5, "p3")]
DELETES = [("a2", "bob", 3, 0.0, "p1")]
UPDATES_AGAIN = [("a1", "alice3", 4, 100.0, "p1"), ("b2", "dan2", 4, 40.0, "p2")]


def write(spark, path, rows, operation, **extra):
    """Spark's datasource write of `rows`; `extra` options override the defaults (a table name too)."""
    spark_datasource_write(spark, path, rows, SCHEMA, operation, **{
        "hoodie.table.name": "mor_read", "hoodie.datasource.write.table.type": "MERGE_ON_READ", **extra})


def spark_rows(df) -> list[tuple]:
    return sorted(tuple(r[c] for c in COLUMNS) for r in df.select(*COLUMNS).collect())


def hoodie_query(hoodie, path, *args) -> list[tuple]:
    out = hoodie.run("query", path, "--columns", ",".join(COLUMNS), "--format", "json", *args).stdout
    return sorted(tuple(json.loads(line)[c] for c in COLUMNS) for line in out.splitlines() if line)


@pytest.fixture(scope="module")
def spark_mor_table(spark, tmp_path_factory):
    path = tmp_path_factory.mktemp("mor") / "mor_read"
    write(spark, path, INSERTS, "upsert")
    write(spark, path, UPDATES, "upsert")
    write(spark, path, DELETES, "delete")
    write(spark, path, UPDATES_AGAIN, "upsert")
    return path


def test_hoodie_reads_spark_mor_log_files(spark, hudi_java, hoodie, spark_mor_table):
    """hoodie's snapshot, read-optimized and time-travel reads of a Spark-written MOR table with Avro log and delete blocks equal Spark's.

    Spark (Hudi 0.15 datasource) inserts, upserts (Avro data blocks in log files), deletes (a delete
    block) and upserts again; for the latest state, every earlier commit as of its instant, and the
    read-optimized view, `hoodie query` returns exactly Spark's rows (meta columns included)."""
    path = spark_mor_table
    logs = [p for p in path.rglob(".*.log.*")]
    assert logs, "Spark wrote no log file: the case would not test merging"
    assert hoodie_query(hoodie, path) == spark_rows(snapshot(spark, path))
    assert hoodie_query(hoodie, path, "--query-type", "read_optimized") == spark_rows(
        snapshot(spark, path, **{"hoodie.datasource.query.type": "read_optimized"}))
    for instant in hudi_java.completed_commits(path):
        assert hoodie_query(hoodie, path, "--as-of", instant) == spark_rows(
            snapshot(spark, path, **{"as.of.instant": instant})), instant


def test_hoodie_incremental_reads_of_spark_mor_table(spark, hudi_java, hoodie, spark_mor_table):
    """hoodie's incremental reads of a Spark-written MOR table equal Spark's incremental queries.

    For every begin instant of the table (and 0), `hoodie query --query-type incremental --begin T`
    returns exactly the rows of Spark's incremental query from T to the latest commit."""
    path = spark_mor_table
    for begin in ["000", *hudi_java.completed_commits(path)]:
        expected = spark_rows(snapshot(spark, path, **{
            "hoodie.datasource.query.type": "incremental",
            "hoodie.datasource.read.begin.instanttime": begin}))
        assert hoodie_query(hoodie, path, "--query-type", "incremental", "--begin", begin) == expected, begin


# --------------------------------------------------------------------------------------
# hoodie writes merge-on-read (deltacommits with log blocks), Spark reads
# --------------------------------------------------------------------------------------


def hoodie_write(hoodie, tmp_path, path, op, rows):
    data = tmp_path / f"in-{op}-{len(list(tmp_path.iterdir()))}.json"
    keys = ("id", "name", "ts", "score", "part")
    data.write_text("".join(json.dumps(dict(zip(keys, r))) + "\n" for r in rows))
    conf = {
        "hoodie.table.name": "hoodie_mor",
        "hoodie.datasource.write.table.type": "MERGE_ON_READ",
        "hoodie.datasource.write.recordkey.field": "id",
        "hoodie.datasource.write.partitionpath.field": "part",
        "hoodie.datasource.write.precombine.field": "ts",
        "hoodie.datasource.write.keygenerator.class": SIMPLE_KEYGEN,
    }
    args = ["write", "--table", path, "--op", op, "--input", data, "--format", "json"]
    for key, value in conf.items():
        args += ["--hoodie-conf", f"{key}={value}"]
    summary = hoodie.json(*args)
    assert summary["committed"] == "true", summary
    return summary


def test_spark_reads_hoodie_mor_log_files(spark, hudi_java, hoodie, tmp_path):
    """Spark reads a MOR table hoodie wrote (deltacommits with Avro data and delete blocks) exactly as hoodie does.

    hoodie inserts, upserts (updates appended to logs as Avro data blocks), deletes (a delete block) and
    upserts again; Spark's snapshot, read-optimized and time-travel queries return exactly hoodie's rows,
    and Hudi's meta client reads the same deltacommit write stats hoodie lists."""
    path = tmp_path / "hoodie_mor"
    inputs = tmp_path / "inputs"
    inputs.mkdir()
    for op, rows in (("upsert", INSERTS), ("upsert", UPDATES), ("delete", DELETES), ("upsert", UPDATES_AGAIN)):
        hoodie_write(hoodie, inputs, path, op, rows)
    assert [p for p in path.rglob(".*.log.*")], "hoodie wrote no log file"
    instants = hudi_java.active_instants(path)
    assert [(a, s) for _, a, s in instants] == [("deltacommit", "COMPLETED")] * 4
    assert hoodie_query(hoodie, path) == spark_rows(snapshot(spark, path))
    assert sorted(r[3] for r in hoodie_query(hoodie, path)) == ["a1", "b1", "b2", "c1"]
    assert hoodie_query(hoodie, path, "--query-type", "read_optimized") == spark_rows(
        snapshot(spark, path, **{"hoodie.datasource.query.type": "read_optimized"}))
    for instant, _, _ in instants:
        assert hoodie_query(hoodie, path, "--as-of", instant) == spark_rows(
            snapshot(spark, path, **{"as.of.instant": instant})), instant
        assert hoodie_rows(hoodie, path, instant) == hudi_java.commit_write_stats(path, instant)
