"""Streaming and closed-range incremental reads (Flink's read.streaming.enabled, read.start-commit,
read.end-commit) of tables Spark + Hudi 0.15 writes, judged by Spark's own incremental query.

`hoodie query --follow` hands out each commit's rows once, in order: for every commit c_i they are
the rows Spark's incremental query over (c_(i-1), c_i] returns. The closed range [c_i, c_j] of the
read.* keys is Spark's (c_(i-1), c_j].
"""

from __future__ import annotations

import json
import subprocess
from collections import OrderedDict

import pytest
from conftest import spark_datasource_write

SCHEMA = "id string, name string, ts long, part string"
COLUMNS = ["_hoodie_commit_time", "id", "name", "ts", "part"]
BATCHES = [
    ("upsert", [("a1", "alice", 1, "p1"), ("a2", "bob", 1, "p1"), ("b1", "carol", 1, "p2")]),
    ("upsert", [("a1", "alice2", 2, "p1"), ("c1", "erin", 2, "p3")]),
    ("delete", [("a2", "bob", 3, "p1")]),
    ("upsert", [("a1", "alice3", 4, "p1"), ("b1", "carol2", 4, "p2"), ("a1", "alice4", 5, "p1")]),
]


def spark_write(spark, path, table_type, operation, rows, **extra):
    """Spark's datasource write of `rows`; `extra` options are added to the defaults."""
    spark_datasource_write(spark, path, rows, SCHEMA, operation, **{
        "hoodie.table.name": "streamed", "hoodie.datasource.write.table.type": table_type, **extra})


def spark_incremental(spark, path, begin, end):
    df = (spark.read.format("hudi")
          .option("hoodie.datasource.query.type", "incremental")
          .option("hoodie.datasource.read.begin.instanttime", begin)
          .option("hoodie.datasource.read.end.instanttime", end)
          .load(str(path)))
    return sorted(tuple(r[c] for c in COLUMNS) for r in df.select(*COLUMNS).collect())


def parse_rows(stdout):
    return [tuple(json.loads(line)[c] for c in COLUMNS) for line in stdout.splitlines() if line]


def by_commit(rows):
    """The rows grouped by commit time, in the order the commits came out."""
    groups = OrderedDict()
    for row in rows:
        groups.setdefault(row[0], []).append(row)
    return {commit: sorted(group) for commit, group in groups.items()}


@pytest.mark.parametrize("table_type", ["COPY_ON_WRITE", "MERGE_ON_READ"])
def test_follow_reads_each_spark_commit_as_it_completes(spark, hudi_java, hoodie, tmp_path, table_type):
    """hoodie follows a table while Spark writes it: started after the first commit (read.start-commit
    unset: the latest commit first), it prints every later commit's rows as Spark completes them, each
    commit once and in order, equal to Spark's incremental query of that commit."""
    path = tmp_path / "t"
    spark_write(spark, path, table_type, *BATCHES[0])
    cmd = [str(hoodie.binary), "query", str(path), "--follow", "--check-interval", "1",
           "--max-commits", str(len(BATCHES)), "--columns", ",".join(COLUMNS), "--format", "json"]
    follower = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                                env=hoodie.env)
    try:
        # The follower's first check reads the latest commit; wait for it before writing on.
        first = ""
        while not first.splitlines()[-1:] or not first.splitlines()[-1].startswith("follow: read "):
            line = follower.stderr.readline()
            assert line, f"the follower ended before its first read: {first}"
            first += line
        for operation, rows in BATCHES[1:]:
            spark_write(spark, path, table_type, operation, rows)
        out, err = follower.communicate(timeout=120)
    finally:
        follower.kill()
    assert follower.returncode == 0, err
    commits = hudi_java.completed_commits(path)
    assert len(commits) == len(BATCHES)
    rows = parse_rows(out)
    emitted = by_commit(rows)
    # Each commit's rows came out together and in commit order (a delete writes no row).
    assert [r[0] for r in rows] == sorted(r[0] for r in rows)
    assert set(emitted) <= set(commits)
    for i, commit in enumerate(commits):
        expected = spark_incremental(spark, path, commits[i - 1] if i else "000", commit)
        assert emitted.get(commit, []) == expected, (i, commit)
    reads = [line.split()[2] for line in (first + err).splitlines() if line.startswith("follow: read ")]
    assert reads == commits


@pytest.mark.parametrize("table_type", ["COPY_ON_WRITE", "MERGE_ON_READ"])
def test_closed_range_and_start_commit_match_spark(spark, hudi_java, hoodie, tmp_path, table_type):
    """read.start-commit / read.end-commit: [c_i, c_j] is Spark's (c_(i-1), c_j]; --follow from an
    instant reads each commit from it on as Spark's incremental query of that commit; end alone is the
    snapshot as of end."""
    path = tmp_path / "t"
    for operation, rows in BATCHES:
        spark_write(spark, path, table_type, operation, rows)
    commits = hudi_java.completed_commits(path)
    for i, j in [(0, 3), (1, 2), (1, 3), (3, 3)]:
        proc = hoodie.run("query", path, "--hoodie-conf", f"read.start-commit={commits[i]}",
                          "--hoodie-conf", f"read.end-commit={commits[j]}",
                          "--columns", ",".join(COLUMNS), "--format", "json")
        expected = spark_incremental(spark, path, commits[i - 1] if i else "000", commits[j])
        assert sorted(parse_rows(proc.stdout)) == expected, (i, j)
    proc = hoodie.run("query", path, "--follow", "--hoodie-conf", f"read.start-commit={commits[1]}",
                      "--max-commits", "3", "--columns", ",".join(COLUMNS), "--format", "json")
    emitted = by_commit(parse_rows(proc.stdout))
    for i in range(1, 4):
        assert emitted.get(commits[i], []) == spark_incremental(spark, path, commits[i - 1], commits[i]), i
    as_of = hoodie.run("query", path, "--hoodie-conf", f"read.end-commit={commits[1]}",
                       "--columns", ",".join(COLUMNS), "--format", "json")
    spark_as_of = (spark.read.format("hudi").option("as.of.instant", commits[1]).load(str(path))
                   .select(*COLUMNS).collect())
    assert sorted(parse_rows(as_of.stdout)) == sorted(tuple(r[c] for c in COLUMNS) for r in spark_as_of)



CHANGES_SCHEMA = json.dumps({
    "type": "record", "name": "streamed_record", "namespace": "hoodie.streamed",
    "fields": [{"name": n, "type": ["null", t], "default": None}
               for n, t in (("id", "string"), ("name", "string"), ("ts", "long"), ("part", "string"))]})


def java_changelog_upsert(spark, hudi_java, path, changes):
    """Hudi's own SparkRDDWriteClient upserts `changes` ((operation, id, name, ts) in p1) as a Flink
    changelog writer does: records carrying their HoodieOperation, not combined, with
    hoodie.allow.operation.metadata.field=true. (Spark's datasource cannot: its records have no
    operation, and Hudi 0.15's append handle fails on them with the field allowed.)"""
    jvm = hudi_java.jvm
    model = jvm.org.apache.hudi.common.model
    props = jvm.java.util.Properties()
    for key, value in {"hoodie.datasource.write.recordkey.field": "id",
                       "hoodie.datasource.write.partitionpath.field": "part",
                       "hoodie.datasource.write.precombine.field": "ts"}.items():
        props.setProperty(key, value)
    metadata = jvm.org.apache.hudi.common.config.HoodieMetadataConfig.newBuilder().enable(False).build()
    config = (jvm.org.apache.hudi.config.HoodieWriteConfig.newBuilder().withPath(str(path)).forTable("streamed")
              .withSchema(CHANGES_SCHEMA).withAllowOperationMetadataField(True).combineInput(False, False)
              .withMetadataConfig(metadata).withProps(props).build())
    context = jvm.org.apache.hudi.client.common.HoodieSparkEngineContext(spark._jsc)
    client = jvm.org.apache.hudi.client.SparkRDDWriteClient(context, config)
    try:
        schema = jvm.org.apache.avro.Schema.Parser().parse(CHANGES_SCHEMA)
        reader = jvm.org.apache.avro.generic.GenericDatumReader(schema)
        records = jvm.java.util.ArrayList()
        for operation, key, name, ts in changes:
            # Decoded from Avro JSON in the JVM: py4j would hand `ts` over as an Integer.
            text = json.dumps({"id": {"string": key}, "name": {"string": name}, "ts": {"long": ts},
                               "part": {"string": "p1"}})
            record = reader.read(None, jvm.org.apache.avro.io.DecoderFactory.get().jsonDecoder(schema, text))
            payload = model.OverwriteWithLatestAvroPayload(record, ts)
            records.add(model.HoodieAvroRecord(model.HoodieKey(key, "p1"), payload,
                                               getattr(model.HoodieOperation, operation)))
        instant = client.startCommit()
        # hoodie.auto.commit (true): the upsert completes the deltacommit itself.
        client.upsert(spark._jsc.parallelize(records, 1), instant)
        return instant
    finally:
        client.close()


def test_changelog_follow_emits_every_change_hudi_wrote(spark, hudi_java, hoodie, tmp_path):
    """A merge-on-read table whose log records carry _hoodie_operation, written by Hudi's own write
    client as Flink's changelog mode writes them (-U/U of one key and a D in one commit): the follower
    hands out every change of the commit, in order, with the operation Hudi recorded, unmerged;
    hoodie's snapshot (which merges) equals Spark's."""
    path = tmp_path / "t"
    spark_write(spark, path, "MERGE_ON_READ", "upsert", [("a1", "alice", 1, "p1"), ("b1", "bob", 1, "p1")],
                **{"hoodie.allow.operation.metadata.field": "true"})
    changes = [("UPDATE_BEFORE", "a1", "alice", 1), ("UPDATE_AFTER", "a1", "alice2", 2), ("DELETE", "b1", "bob", 3)]
    instant = java_changelog_upsert(spark, hudi_java, path, changes)
    assert list(path.glob("p1/.*.log.*")), "Hudi wrote no log file: the case would not test the changelog"
    columns = ["_hoodie_commit_time", "_hoodie_operation", "id", "name", "ts"]
    proc = hoodie.run("query", path, "--follow", "--hoodie-conf", f"read.start-commit={instant}",
                      "--max-commits", "1", "--columns", ",".join(columns), "--format", "json")
    emitted = [tuple(json.loads(line)[c] for c in columns) for line in proc.stdout.splitlines() if line]
    assert emitted == [(instant, "-U", "a1", "alice", 1), (instant, "U", "a1", "alice2", 2),
                       (instant, "D", "b1", "bob", 3)]
    spark_snapshot = sorted(tuple(r[c] for c in columns) for r in spark.read.format("hudi").load(str(path))
                            .select(*columns).collect())
    ours = hoodie.run("query", path, "--columns", ",".join(columns), "--format", "json").stdout
    assert sorted(tuple(json.loads(line)[c] for c in columns) for line in ours.splitlines() if line) == spark_snapshot
