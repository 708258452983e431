"""Incremental queries at the edges of retention, hoodie against Hudi 0.15 on the same table.

Hudi's incremental relations take the range's commits from the active timeline: commits archived out of
it are not seen (copy-on-write also drops rows older than the range's first active commit), and a file
the cleaner deleted fails the read. `hoodie.datasource.read.incr.fallback.fulltablescan.enable` turns
both into a scan of the latest snapshot filtered on `_hoodie_commit_time` in (begin, end]. hoodie must
return exactly what Spark returns, and fail where Spark fails.
"""

from __future__ import annotations

import json

import pytest
from test_archival import RETENTION
from test_overwrite import hoodie_write

FALLBACK = "hoodie.datasource.read.incr.fallback.fulltablescan.enable"


def spark_incremental(spark, path, begin, end, fallback):
    df = (spark.read.format("hudi")
          .option("hoodie.datasource.query.type", "incremental")
          .option("hoodie.datasource.read.begin.instanttime", begin)
          .option("hoodie.datasource.read.end.instanttime", end)
          .option(FALLBACK, str(fallback).lower())
          .load(str(path)))
    return sorted((r.id, r.name) for r in df.select("id", "name").collect())


def hoodie_incremental(hoodie, path, begin, end, fallback, check=True):
    proc = hoodie.run("query", path, "--query-type", "incremental", "--begin", begin, "--end", end,
                      "--hoodie-conf", f"{FALLBACK}={str(fallback).lower()}", "--columns", "id,name",
                      "--format", "json", check=check)
    if proc.returncode != 0:
        return proc
    return sorted((r["id"], r["name"]) for r in map(json.loads, filter(None, proc.stdout.splitlines())))


def service(hoodie, command, path, conf):
    args = [command, "--table", path]
    for key, value in conf.items():
        args += ["--hoodie-conf", f"{key}={value}"]
    return hoodie.json(*args)


@pytest.mark.parametrize("table_type", ["COPY_ON_WRITE", "MERGE_ON_READ"])
def test_incremental_reads_from_before_the_active_timeline_match_spark(spark, hoodie, tmp_path, table_type):
    """Five commits of one new key each, three of them archived by `hoodie archive`: every range, with
    and without the fallback, returns Spark's rows, and so does time travel to every archived commit."""
    path = tmp_path / "t"
    # Without a metadata table, whose compaction archival would wait on (test_metadata_table_writes).
    conf = {"hoodie.datasource.write.table.type": table_type, "hoodie.archive.automatic": "false",
            "hoodie.clean.automatic": "false", "hoodie.metadata.enable": "false"}
    archive_conf = {**RETENTION, "hoodie.metadata.enable": "false"}
    if table_type == "MERGE_ON_READ":
        # Archival keeps the deltacommits the next compaction needs: compact every second one.
        conf.update({"hoodie.compact.inline": "true", "hoodie.compact.inline.max.delta.commits": "2"})
        archive_conf["hoodie.compact.inline.max.delta.commits"] = "2"
    commits = [hoodie_write(hoodie, tmp_path, path, "upsert", [(f"a{i}", f"n{i}", i, "p1")], conf)["instant"]
               for i in range(5)]
    archived = service(hoodie, "archive", path, archive_conf)
    assert archived, "hoodie archived nothing"
    ranges = [("000", commits[4]), (commits[0], commits[2]), (commits[1], commits[3]), (commits[3], commits[4])]
    seen = set()
    for begin, end in ranges:
        for fallback in (False, True):
            expected = spark_incremental(spark, path, begin, end, fallback)
            assert hoodie_incremental(hoodie, path, begin, end, fallback) == expected, (begin, end, fallback)
            seen.add(tuple(expected))
    # The archived commits make the fallback matter: both answers were seen for some range.
    assert len(seen) >= 4, seen
    # Time travel to an archived commit: Spark's file index builds its view from the whole active
    # timeline, where slices older than its start count as committed.
    for instant in commits[:4]:
        expected = sorted((r.id, r.name) for r in spark.read.format("hudi").option("as.of.instant", instant)
                          .load(str(path)).select("id", "name").collect())
        proc = hoodie.run("query", path, "--as-of", instant, "--columns", "id,name", "--format", "json")
        ours = sorted((r["id"], r["name"]) for r in map(json.loads, filter(None, proc.stdout.splitlines())))
        assert ours == expected, instant
        assert len(expected) == commits.index(instant) + 1


def test_incremental_read_of_cleaned_files_fails_as_spark_does_or_scans(spark, hoodie, tmp_path):
    """Four versions of one key, the first two cleaned: a range whose last file is gone fails in both
    engines without the fallback and reads the filtered latest snapshot with it; a range whose last
    file is kept reads it."""
    path = tmp_path / "t"
    conf = {"hoodie.archive.automatic": "false", "hoodie.clean.automatic": "false"}
    commits = [hoodie_write(hoodie, tmp_path, path, "upsert", [("a0", f"n{i}", i, "p1")], conf)["instant"]
               for i in range(4)]
    service(hoodie, "clean", path, {"hoodie.cleaner.commits.retained": "1"})
    with pytest.raises(Exception) as spark_error:
        spark_incremental(spark, path, commits[0], commits[1], False)
    assert "HoodieIncrementalPathNotFoundException" in str(spark_error.value) or \
        "does not exist" in str(spark_error.value), str(spark_error.value)[:2000]
    failed = hoodie_incremental(hoodie, path, commits[0], commits[1], False, check=False)
    assert failed.returncode != 0
    assert "the cleaner has deleted" in failed.stderr and FALLBACK in failed.stderr, failed.stderr
    for begin, end, fallback in [(0, 1, True), (0, 2, False), (0, 2, True), (1, 3, False), (1, 3, True)]:
        expected = spark_incremental(spark, path, commits[begin], commits[end], fallback)
        assert hoodie_incremental(hoodie, path, commits[begin], commits[end], fallback) == expected, \
            (begin, end, fallback)
