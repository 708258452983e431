"""Cleaning across writers: Spark (Hudi 0.15) cleans tables hoodie wrote, hoodie reads and writes on.

hoodie has no cleaner yet; Spark's automatic cleaning (`hoodie.clean.automatic` with
`hoodie.cleaner.commits.retained=1`) runs after a Spark upsert into a table hoodie wrote and deletes
the file slices older than the retained commits. hoodie must then load the timeline with its `.clean`
instants, read exactly what Spark reads (snapshot and time travel to the retained commits), and write
again so that Spark reads the result exactly.
"""

from __future__ import annotations

import pytest
from conftest import snapshot
from test_overwrite import COMMON_CONF, SCHEMA, hoodie_query_rows, hoodie_write, spark_rows

CLEAN = {"hoodie.clean.automatic": "true", "hoodie.cleaner.commits.retained": "1",
         "hoodie.cleaner.policy": "KEEP_LATEST_COMMITS", "hoodie.metadata.enable": "false",
         "hoodie.compact.inline": "false", "hoodie.upsert.shuffle.parallelism": "2"}


def spark_upsert(spark, path, rows, table_type):
    # Merge-on-read: Spark compacts inline first, so that the file group has an older slice to clean.
    compact = ({"hoodie.compact.inline": "true", "hoodie.compact.inline.max.delta.commits": "1"}
               if table_type == "MERGE_ON_READ" else {})
    spark.createDataFrame(rows, SCHEMA).write.format("hudi").options(**{
        **COMMON_CONF, **CLEAN, **compact, "hoodie.datasource.write.operation": "upsert",
        "hoodie.datasource.write.table.type": table_type}).mode("append").save(str(path))


@pytest.mark.parametrize("table_type", ["COPY_ON_WRITE", "MERGE_ON_READ"])
def test_hoodie_reads_and_writes_after_spark_cleans_its_table(spark, hudi_java, hoodie, tmp_path, table_type):
    """hoodie writes four commits rewriting one file group, Spark upserts and cleans; hoodie reads the same rows.

    After the clean the oldest file slices are gone from disk; hoodie's snapshot and its time travel to every
    commit Spark can still read equal Spark's rows, and a hoodie upsert after the clean is read by Spark exactly."""
    path = tmp_path / "t"
    conf = {"hoodie.datasource.write.table.type": table_type}
    rows = [("a1", "alice", 1, "p1"), ("a2", "bob", 1, "p1")]
    hoodie_write(hoodie, tmp_path, path, "upsert", rows, conf)
    for ts in (2, 3, 4):
        hoodie_write(hoodie, tmp_path, path, "upsert", [("a1", f"alice{ts}", ts, "p1")], conf)
    spark_upsert(spark, path, [("a2", "bob5", 5, "p1")], table_type)
    if table_type == "MERGE_ON_READ":
        spark_upsert(spark, path, [("a2", "bob5", 5, "p1")], table_type)
    actions = [(a, s) for _, a, s in hudi_java.active_instants(path)]
    assert ("clean", "COMPLETED") in actions, actions
    expected = [("a1", "alice4", 4, "p1", "p1"), ("a2", "bob5", 5, "p1", "p1")]
    assert spark_rows(spark, path) == expected
    assert hoodie_query_rows(hoodie, path) == expected
    timeline = hoodie.timeline(path, "--instants-only")
    assert [r["action"] for r in timeline].count("clean") >= 1
    commits = [r["instant"] for r in timeline if r["action"] in ("commit", "deltacommit")]
    # Time travel: Spark refuses instants before the earliest commit the last clean retained
    # (TimelineUtils.validateTimestampAsOf), and so does hoodie; later ones read the same rows.
    refused = 0
    for instant in commits:
        try:
            theirs = spark_rows(spark, path, **{"as.of.instant": instant})
        except Exception as e:  # noqa: BLE001 - py4j wraps Hudi's IllegalArgumentException
            assert "Cleaner cleaned up the timestamp of interest" in str(e), e
            proc = hoodie.run("query", path, "--as-of", instant, check=False)
            assert proc.returncode == 1 and "Cleaner cleaned up the timestamp of interest" in proc.stderr, proc
            refused += 1
            continue
        assert hoodie_query_rows(hoodie, path, "--as-of", instant) == theirs, instant
    assert 0 < refused < len(commits), (refused, commits)
    hoodie_write(hoodie, tmp_path, path, "upsert", [("a1", "alice6", 6, "p1"), ("b1", "carol", 6, "p2")], conf)
    after = [("a1", "alice6", 6, "p1", "p1"), ("a2", "bob5", 5, "p1", "p1"), ("b1", "carol", 6, "p2", "p2")]
    assert spark_rows(spark, path) == after
    assert hoodie_query_rows(hoodie, path) == after
    assert hoodie_query_rows(hoodie, path, "--query-type", "read_optimized") == spark_rows(
        spark, path, **{"hoodie.datasource.query.type": "read_optimized"})
