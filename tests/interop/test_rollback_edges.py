"""Rollback edge cases against real Apache Hudi 0.15 (Spark 3.5): what Hudi permits, refuses and plans.

  * the latest completed compaction commit of a merge-on-read table: hoodie plans what Hudi's
    ListingBasedRollbackStrategy plans, and leaves the same timeline, metadata and rows as Spark's
    own `SparkRDDWriteClient.rollback` on a copy of the table;
  * a completed instant is refused, by both, while a write is pending or after a later commit;
  * Spark's completed insert_overwrite (copy-on-write and merge-on-read) rolled back by hoodie: the
    replaced file groups are read again;
  * hoodie's insert_overwrite killed before its commit: hoodie plans (from markers or by listing)
    what Hudi plans, Spark reads the rows as before it;
  * a listing plan for a deltacommit leaves out a file group that a replacecommit completed at or
    before it replaced, as Hudi's file-system view does;
  * Spark's latest completed compaction and clustering, rolled back by hoodie exactly as by Spark;
    Spark's insert_overwrite failed before its commit, rolled back by hoodie as Hudi plans it.
"""

from __future__ import annotations

import json
import shutil
from datetime import datetime, timedelta
from pathlib import Path

import pytest
from py4j.protocol import Py4JJavaError
from test_mor_rollback import (COLUMNS, KEYS, java_list, partition_metadata, request_tuple,
                               rollback_files, write_props)

from conftest import snapshot

INSERTS = [("a1", "alice", 1, 1.5, "p1"), ("a2", "bob", 1, 2.5, "p1"), ("b1", "carol", 1, 3.5, "p2")]
UPDATES = [("a1", "alice2", 2, 10.0, "p1"), ("b1", "carol2", 2, 30.0, "p2")]
OVERWRITE = [("a9", "zed", 3, 9.0, "p1")]
NEXT = [("a2", "bob4", 4, 4.0, "p1"), ("c1", "dan", 4, 5.0, "p3")]
SCHEMA = "id string, name string, ts long, score double, part string"
RO = {"hoodie.datasource.query.type": "read_optimized"}


def props(name: str, mor: bool = True, markers: bool = True) -> dict[str, str]:
    out = write_props(name, markers)
    out["hoodie.datasource.write.table.type"] = "MERGE_ON_READ" if mor else "COPY_ON_WRITE"
    return out


def conf_args(name: str, mor: bool = True, markers: bool = True) -> list[str]:
    conf = {k: v for k, v in props(name, mor, markers).items() if not k.endswith("shuffle.parallelism")}
    return [arg for k, v in conf.items() for arg in ("--hoodie-conf", f"{k}={v}")]


def hoodie_write(hoodie, path: Path, name: str, batch, op="upsert", *extra, mor=True, markers=True) -> str:
    data = path.parent / f"input-{len(list(path.parent.glob('input-*')))}.json"
    data.write_text("".join(json.dumps(dict(zip(KEYS, r))) + "\n" for r in batch))
    return hoodie.json("write", "--table", path, "--op", op, "--input", data, *conf_args(name, mor, markers),
                       *extra)["instant"]


def spark_write(spark, path: Path, name: str, batch, op="upsert", mor=True):
    options = {**props(name, mor), "hoodie.datasource.write.operation": op}
    spark.createDataFrame(batch, SCHEMA).write.format("hudi").options(**options).mode("append").save(str(path))


def rows(spark, path: Path, **options) -> list[tuple]:
    return sorted(tuple(r) for r in snapshot(spark, path, **options).select(*COLUMNS).collect())


def model(*batches) -> list[tuple]:
    latest = {}
    for batch in batches:
        for row in batch:
            latest[row[0]] = row
    return sorted((r[0], r[4], *r) for r in latest.values())


def write_config(spark, path: Path, name: str, mor: bool, markers: bool):
    jvm = spark._jvm
    java_props = jvm.java.util.Properties()
    for k, v in props(name, mor, markers).items():
        java_props.setProperty(k, v)
    return jvm.org.apache.hudi.config.HoodieWriteConfig.newBuilder().withPath(str(path)).withProps(java_props).build()


def hudi_plan(spark, path: Path, name: str, instant: str, action: str, state: str, *, mor=True,
              markers=False) -> list[tuple]:
    """The requests Hudi 0.15's own strategy plans for rolling back (instant, action, state)."""
    jvm = spark._jvm
    context = jvm.org.apache.hudi.client.common.HoodieSparkEngineContext(spark._jsc)
    config = write_config(spark, path, name, mor, markers)
    table = jvm.org.apache.hudi.table.HoodieSparkTable.create(config, context)
    State = jvm.org.apache.hudi.common.table.timeline.HoodieInstant.State
    target = jvm.org.apache.hudi.common.table.timeline.HoodieInstant(getattr(State, state), action, instant)
    rollback = jvm.org.apache.hudi.table.action.rollback
    strategy = (rollback.MarkerBasedRollbackStrategy(table, context, config, "99999999999999999") if markers
                else rollback.ListingBasedRollbackStrategy(table, context, config, "99999999999999999", False))
    return sorted(request_tuple(r) for r in java_list(strategy.getRollbackRequests(target)))


def spark_rollback(spark, path: Path, name: str, instant: str, mor=True, markers=False):
    """SparkRDDWriteClient.rollback(instant), what hudi-cli's `commit rollback` runs."""
    jvm = spark._jvm
    context = jvm.org.apache.hudi.client.common.HoodieSparkEngineContext(spark._jsc)
    client = jvm.org.apache.hudi.client.SparkRDDWriteClient(context, write_config(spark, path, name, mor, markers))
    try:
        return client.rollback(instant)
    finally:
        client.close()


def relative(plan: list[tuple], path: Path) -> list[tuple]:
    """Plan requests with the table's base path cut from file paths, to compare two copies."""
    cut = lambda f: f.replace(str(path), "<base>")  # noqa: E731
    return [(p, fid, base, tuple(cut(f) for f in files), tuple((cut(k), v) for k, v in logs))
            for p, fid, base, files, logs in plan]


def rollback_of(hudi_java, path: Path):
    """(plan requests, partition metadata, commits rolled back) of the table's one rollback."""
    done = [i for i in hudi_java.active_instants(path) if i[1] == "rollback"]
    assert len(done) == 1 and done[0][2] == "COMPLETED", done
    plan, metadata = rollback_files(hudi_java, path, done[0][0])
    requests = relative(sorted(request_tuple(q) for q in java_list(plan.getRollbackRequests())), path)
    partitions = json.loads(json.dumps(partition_metadata(metadata)).replace(str(path), "<base>"))
    return requests, partitions, java_list(metadata.getCommitsRollback())


def timeline_files(path: Path) -> list[str]:
    """Instant files of `.hoodie/` other than rollbacks (their times differ between copies)."""
    return sorted(p.name for p in (path / ".hoodie").iterdir()
                  if p.is_file() and not p.name.endswith(".crc") and ".rollback" not in p.name)


def data_files(path: Path) -> list[str]:
    return sorted(str(p.relative_to(path)) for p in path.rglob("*") if p.is_file() and not p.name.endswith(".crc")
                  and not str(p.relative_to(path)).startswith(".hoodie"))


def twin(path: Path) -> Path:
    copy = path.parent / (path.name + "-spark")
    shutil.copytree(path, copy)
    return copy


def compact(hoodie, path: Path):
    """Schedules (the trigger's default waits for 5 deltacommits) and runs a compaction."""
    hoodie.run("compaction", "run", "--table", path, "--schedule",
               "--hoodie-conf", "hoodie.compact.inline.max.delta.commits=1")


def compacted_table(hoodie, hudi_java, path: Path, name: str) -> str:
    hoodie_write(hoodie, path, name, INSERTS)
    hoodie_write(hoodie, path, name, UPDATES)
    compact(hoodie, path)
    (c,) = [i[0] for i in hudi_java.active_instants(path) if i[1] == "commit"]
    return c


@pytest.mark.parametrize("writer", ["hoodie", "spark"])
def test_latest_compaction_commit_rolls_back_as_spark_does(spark, hudi_java, hoodie, tmp_path, writer):
    """`hoodie rollback --instant C` of the latest completed compaction = Spark's client.rollback(C).

    Hudi permits it (a compaction commit is on the commits timeline): its listing plan deletes only C's
    base files, C is reverted to compaction.inflight and then both compaction files go. The table and
    its compaction are hoodie's, or Spark's (inline compaction after the second deltacommit). hoodie's
    plan is Hudi's own, and on a copy of the table Spark's rollback leaves the same instant files, data
    files and rollback metadata; Spark reads the rows and read-optimized rows of before the compaction."""
    path = tmp_path / "t"
    name = "rb_compaction"
    if writer == "hoodie":
        hoodie_write(hoodie, path, name, INSERTS)
        hoodie_write(hoodie, path, name, UPDATES)
        before, before_ro = rows(spark, path), rows(spark, path, **RO)
        compact(hoodie, path)
    else:
        spark_write(spark, path, name, INSERTS)
        before = model(INSERTS, UPDATES)
        before_ro = model(INSERTS)
        options = {**props(name), "hoodie.compact.inline": "true", "hoodie.compact.inline.max.delta.commits": "2"}
        spark.createDataFrame(UPDATES, SCHEMA).write.format("hudi").options(**options).mode("append") \
            .save(str(path))
    (c,) = [i[0] for i in hudi_java.active_instants(path) if i[1] == "commit"]
    assert rows(spark, path, **RO) == model(INSERTS, UPDATES) != before_ro
    expected = relative(hudi_plan(spark, path, name, c, "commit", "COMPLETED"), path)
    assert len(expected) == 2 and all(q[3] and not q[4] and q[1] == "" for q in expected), expected
    spark_copy = twin(path)

    done = hoodie.json("rollback", "--table", path, "--instant", c)
    assert [(d["rolled_back"], d["action"], d["files_deleted"]) for d in done] == [(c, "commit", "2")]
    assert spark_rollback(spark, spark_copy, name, c)
    plan, metadata, commits = rollback_of(hudi_java, path)
    assert plan == expected and commits == [c]
    assert (plan, metadata, commits) == rollback_of(hudi_java, spark_copy)
    assert timeline_files(path) == timeline_files(spark_copy)
    assert not [f for f in timeline_files(path) if f.startswith(c)]
    assert data_files(path) == data_files(spark_copy)
    assert rows(spark, path) == before == rows(spark, spark_copy)
    assert rows(spark, path, **RO) == before_ro

    hoodie_write(hoodie, path, name, NEXT)
    assert rows(spark, path) == model(INSERTS, UPDATES, NEXT)


def test_completed_rollback_is_refused_as_spark_refuses_it(spark, hudi_java, hoodie, tmp_path):
    """A completed compaction is refused by both while a deltacommit is pending, and after a later commit.

    Spark fails with Hudi's "Found in-flight commits after time" / "Found commits after time"; hoodie
    refuses with the same reason and leaves the timeline as it was (Spark leaves its rollback inflight)."""
    path = tmp_path / "t"
    name = "rb_refused"
    c = compacted_table(hoodie, hudi_java, path, name)
    pending = hoodie_write(hoodie, path, name, NEXT, "upsert", "--no-commit")
    spark_copy = twin(path)
    instants = hudi_java.active_instants(path)
    refused = hoodie.run("rollback", "--table", path, "--instant", c, check=False)
    assert refused.returncode == 1
    assert f"write {pending} is pending (Hudi: found in-flight commits after time {c})" in refused.stderr
    assert hudi_java.active_instants(path) == instants
    with pytest.raises(Py4JJavaError, match=f"Found in-flight commits after time :{c}"):
        spark_rollback(spark, spark_copy, name, c)

    hoodie.run("rollback", "--table", path)  # the pending deltacommit
    later = hoodie_write(hoodie, path, name, NEXT)
    spark_copy = path.parent / "t-spark-2"
    shutil.copytree(path, spark_copy)
    refused = hoodie.run("rollback", "--table", path, "--instant", c, check=False)
    assert refused.returncode == 1
    assert f"commit {later} completed after it (Hudi: found commits after time {c})" in refused.stderr
    with pytest.raises(Py4JJavaError, match=f"Found commits after time :{c}"):
        spark_rollback(spark, spark_copy, name, c)
    assert rows(spark, path) == model(INSERTS, UPDATES, NEXT)


@pytest.mark.parametrize("mor", [True, False], ids=["mor", "cow"])
@pytest.mark.parametrize("op", ["insert_overwrite", "insert_overwrite_table"])
def test_hoodie_rolls_back_sparks_insert_overwrite(spark, hudi_java, hoodie, tmp_path, mor, op):
    """`hoodie rollback --instant R` undoes Spark's completed insert_overwrite(_table) R as Hudi plans it.

    Hudi plans from R's commit metadata (copy-on-write) or by listing (merge-on-read); either way R's new
    base files. hoodie saves exactly that plan, R's replacecommit files go, and Spark reads the replaced
    file groups again: the rows of before R; Spark's next write sees them too."""
    path = tmp_path / "t"
    name = "rb_overwrite"
    spark_write(spark, path, name, INSERTS, mor=mor)
    spark_write(spark, path, name, UPDATES, mor=mor)
    before = rows(spark, path)
    spark_write(spark, path, name, OVERWRITE, op=op, mor=mor)
    (r,) = [i[0] for i in hudi_java.active_instants(path) if i[1] == "replacecommit"]
    assert rows(spark, path) != before
    expected = hudi_plan(spark, path, name, r, "replacecommit", "COMPLETED", mor=mor)
    assert len(expected) == 1 and expected[0][0] == "p1" and expected[0][3], expected

    done = hoodie.json("rollback", "--table", path, "--instant", r, *conf_args(name, mor, False))
    assert [(d["rolled_back"], d["action"], d["files_deleted"]) for d in done] == [(r, "replacecommit", "1")]
    plan, _, commits = rollback_of(hudi_java, path)
    assert plan == relative(expected, path) and commits == [r]
    assert not [i for i in hudi_java.active_instants(path) if i[0] == r]
    assert rows(spark, path) == before
    spark_write(spark, path, name, NEXT, mor=mor)
    assert rows(spark, path) == model(INSERTS, UPDATES, NEXT)


@pytest.mark.parametrize("markers", [True, False], ids=["markers", "listing"])
@pytest.mark.parametrize("mor", [True, False], ids=["mor", "cow"])
def test_killed_insert_overwrite_rolls_back_as_hudi_plans_it(spark, hudi_java, hoodie, tmp_path, mor, markers):
    """hoodie's insert_overwrite killed before its commit: `hoodie rollback` saves the plan Hudi's own
    marker-based (file id and instant filled in) or listing strategy makes for the inflight replacecommit,
    and leaves the metadata, instant files and data files Spark's own rollback leaves on a copy; the file
    groups it would have replaced were never hidden, and Spark reads the rows of before it."""
    path = tmp_path / "t"
    name = "rb_killed_overwrite"
    hoodie_write(hoodie, path, name, INSERTS, mor=mor, markers=markers)
    hoodie_write(hoodie, path, name, UPDATES, mor=mor, markers=markers)
    before = rows(spark, path)
    r = hoodie_write(hoodie, path, name, OVERWRITE, "insert_overwrite", "--no-commit", mor=mor, markers=markers)
    assert (r, "replacecommit", "INFLIGHT") in hudi_java.active_instants(path)
    expected = hudi_plan(spark, path, name, r, "replacecommit", "INFLIGHT", mor=mor, markers=markers)
    assert len(expected) == 1 and (expected[0][1] != "") == markers, expected
    spark_copy = twin(path)

    done = hoodie.json("rollback", "--table", path, *conf_args(name, mor, markers))
    assert [(d["rolled_back"], d["action"], d["files_deleted"]) for d in done] == [(r, "replacecommit", "1")]
    assert spark_rollback(spark, spark_copy, name, r, mor=mor, markers=markers)
    plan, metadata, commits = rollback_of(hudi_java, path)
    assert plan == relative(expected, path) and commits == [r]
    assert (plan, metadata, commits) == rollback_of(hudi_java, spark_copy)
    assert timeline_files(path) == timeline_files(spark_copy)
    assert data_files(path) == data_files(spark_copy)
    assert [f for f in data_files(path) if r in f] == []
    assert rows(spark, path) == before
    spark_write(spark, path, name, NEXT, mor=mor)
    assert rows(spark, path) == model(INSERTS, UPDATES, NEXT)


def test_listing_plan_skips_group_replaced_before_the_deltacommit(spark, hudi_java, hoodie, tmp_path):
    """A deltacommit T killed after appending to p1's and p2's slices, while a replacecommit R < T (started
    before T, completed after it, as with two writers) replaced p1's file group: Hudi's listing strategy
    plans a rollback block for p2 only (its file-system view leaves replaced groups out), and so does
    hoodie; Spark then reads p2 as before T and p1 without the replaced group."""
    path = tmp_path / "t"
    name = "rb_replaced"
    t1 = hoodie_write(hoodie, path, name, INSERTS, markers=False)
    r = (datetime.strptime(t1[:14], "%Y%m%d%H%M%S") + timedelta(milliseconds=int(t1[14:]) + 1))
    r = r.strftime("%Y%m%d%H%M%S") + f"{r.microsecond // 1000:03d}"
    t2 = hoodie_write(hoodie, path, name, UPDATES, "upsert", "--no-commit", markers=False)
    assert t1 < r < t2
    (p1_group,) = {f.split("_")[0] for f in data_files(path) if f.startswith("p1/") and f.endswith(".parquet")}
    p1_group = p1_group.split("/")[1]
    unreplaced = hudi_plan(spark, path, name, t2, "deltacommit", "INFLIGHT")
    assert sorted(q[0] for q in unreplaced) == ["p1", "p2"], unreplaced
    timeline = path / ".hoodie"
    (timeline / f"{r}.replacecommit.requested").write_text("")
    (timeline / f"{r}.replacecommit.inflight").write_text("")
    (timeline / f"{r}.replacecommit").write_text(json.dumps({
        "partitionToWriteStats": {}, "compacted": False, "extraMetadata": {},
        "operationType": "INSERT_OVERWRITE", "partitionToReplaceFileIds": {"p1": [p1_group]}}))
    expected = hudi_plan(spark, path, name, t2, "deltacommit", "INFLIGHT")
    assert expected == [q for q in unreplaced if q[0] == "p2"]

    done = hoodie.json("rollback", "--table", path, *conf_args(name, True, False))
    assert [d["rolled_back"] for d in done] == [t2]
    plan, _, _ = rollback_of(hudi_java, path)
    assert plan == relative(expected, path)
    assert rows(spark, path) == model([INSERTS[2]])


@pytest.mark.parametrize("mor", [True, False], ids=["mor", "cow"])
def test_hoodie_rolls_back_sparks_latest_clustering_as_spark_does(spark, hudi_java, hoodie, tmp_path, mor):
    """`hoodie rollback --instant R` of Spark's latest completed clustering (a replacecommit whose requested
    file holds the clustering plan) = Spark's client.rollback(R) on a copy: Hudi checks the commit
    sequence for it as for any completed instant, deletes R's new base files and all of R's instant
    files; the clustered file groups are read again."""
    path = tmp_path / "t"
    name = "rb_clustering"
    spark_write(spark, path, name, INSERTS, mor=mor)
    spark_write(spark, path, name, [("a3", "eve", 2, 6.0, "p1")], op="insert", mor=mor)
    options = {**props(name, mor), "hoodie.datasource.write.operation": "insert",
               "hoodie.clustering.inline": "true", "hoodie.clustering.inline.max.commits": "1"}
    spark.createDataFrame([("a4", "fay", 3, 7.0, "p1")], SCHEMA).write.format("hudi").options(**options) \
        .mode("append").save(str(path))
    after = rows(spark, path)
    (r,) = [i[0] for i in hudi_java.active_instants(path) if i[1] == "replacecommit"]
    assert hudi_java.active_instants(path)[-1][:2] == (r, "replacecommit")
    expected = relative(hudi_plan(spark, path, name, r, "replacecommit", "COMPLETED", mor=mor), path)
    assert expected and all(q[3] for q in expected), expected
    spark_copy = twin(path)

    done = hoodie.json("rollback", "--table", path, "--instant", r, *conf_args(name, mor, False))
    assert [(d["rolled_back"], d["action"]) for d in done] == [(r, "replacecommit")]
    assert spark_rollback(spark, spark_copy, name, r, mor=mor)
    plan, metadata, commits = rollback_of(hudi_java, path)
    assert plan == expected and commits == [r]
    assert (plan, metadata, commits) == rollback_of(hudi_java, spark_copy)
    assert timeline_files(path) == timeline_files(spark_copy)
    assert data_files(path) == data_files(spark_copy)
    assert [f for f in data_files(path) if r in f] == []
    assert rows(spark, path) == after == rows(spark, spark_copy) == model(INSERTS, [("a3", "eve", 2, 6.0, "p1")],
                                                                          [("a4", "fay", 3, 7.0, "p1")])


def spark_failed_insert_overwrite(spark, hudi_java, path: Path, name: str, batch, mor: bool) -> str:
    """A Spark insert_overwrite through Hudi's write client that stops before its commit: the
    replacecommit stays inflight with its new base files and timeline-server markers, as after a crash."""
    jvm = spark._jvm
    model_pkg = jvm.org.apache.hudi.common.model
    meta_client = hudi_java.meta_client(path)
    schema = jvm.org.apache.hudi.common.table.TableSchemaResolver(meta_client).getTableAvroSchema(False)
    context = jvm.org.apache.hudi.client.common.HoodieSparkEngineContext(spark._jsc)
    java_props = jvm.java.util.Properties()
    for k, v in props(name, mor).items():
        java_props.setProperty(k, v)
    config = (jvm.org.apache.hudi.config.HoodieWriteConfig.newBuilder().withPath(str(path))
              .withSchema(schema.toString()).withProps(java_props).withAutoCommit(False).build())
    client = jvm.org.apache.hudi.client.SparkRDDWriteClient(context, config)
    try:
        instant = client.startCommit("replacecommit", meta_client)
        converter = jvm.org.apache.hudi.avro.MercifulJsonConverter()
        records = jvm.java.util.ArrayList()
        for row in batch:
            record = converter.convert(json.dumps(dict(zip(KEYS, row))), schema)
            payload = model_pkg.OverwriteWithLatestAvroPayload(record, row[2])
            records.add(model_pkg.HoodieAvroRecord(model_pkg.HoodieKey(row[0], row[4]), payload))
        client.insertOverwrite(spark._jsc.parallelize(records, 1), instant).getWriteStatuses().collect()
    finally:
        client.close()
    return instant


@pytest.mark.parametrize("markers", [True, False], ids=["markers", "listing"])
@pytest.mark.parametrize("mor", [True, False], ids=["mor", "cow"])
def test_hoodie_rolls_back_sparks_failed_insert_overwrite(spark, hudi_java, hoodie, tmp_path, mor, markers):
    """`hoodie rollback` undoes a Spark insert_overwrite that failed before its commit, from Spark's
    timeline-server MARKERS (or by listing), with the plan Hudi's own strategy makes; Spark then reads the
    rows of before it, and its next write succeeds."""
    path = tmp_path / "t"
    name = "rb_failed_overwrite"
    spark_write(spark, path, name, INSERTS, mor=mor)
    before = rows(spark, path)
    r = spark_failed_insert_overwrite(spark, hudi_java, path, name, OVERWRITE, mor)
    assert (r, "replacecommit", "INFLIGHT") in hudi_java.active_instants(path)
    expected = hudi_plan(spark, path, name, r, "replacecommit", "INFLIGHT", mor=mor, markers=markers)
    assert len(expected) == 1 and expected[0][3], expected

    done = hoodie.json("rollback", "--table", path, *conf_args(name, mor, markers))
    assert [(d["rolled_back"], d["action"], d["files_deleted"]) for d in done] == [(r, "replacecommit", "1")]
    plan, _, _ = rollback_of(hudi_java, path)
    assert plan == relative(expected, path)
    assert not [i for i in hudi_java.active_instants(path) if i[0] == r]
    assert [f for f in data_files(path) if r in f] == []
    assert rows(spark, path) == before
    spark_write(spark, path, name, NEXT, mor=mor)
    assert rows(spark, path) == model(INSERTS, NEXT)
