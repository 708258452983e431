"""Rollback of failed merge-on-read deltacommits against real Apache Hudi 0.15 (Spark 3.5).

  * hoodie's MOR deltacommit is killed before its commit (`hoodie write --no-commit`: updates
    appended to two file slices' logs, an insert in a new base file); hoodie's next write rolls it
    back. Hudi's own MarkerBasedRollbackStrategy / ListingBasedRollbackStrategy, asked for the same
    killed instant, plan exactly the requests hoodie saved; Spark then reads, through the rollback
    command blocks hoodie wrote, exactly the rows of the other commits;
  * the same killed hoodie deltacommit is rolled back by a Spark upsert from hoodie's markers, and
    hoodie reads Spark's rollback blocks exactly as Spark does;
  * a Spark deltacommit that fails before its commit (Hudi's write client, no commit) is rolled
    back by `hoodie rollback`; Spark's timeline loads and Spark reads the rows as before it.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import snapshot

SIMPLE_KEYGEN = "org.apache.hudi.keygen.SimpleKeyGenerator"
SCHEMA = "id string, name string, ts long, score double, part string"
KEYS = ("id", "name", "ts", "score", "part")
COLUMNS = ["_hoodie_record_key", "_hoodie_partition_path", "id", "name", "ts", "score", "part"]

INSERTS = [("a1", "alice", 1, 1.5, "p1"), ("a2", "bob", 1, 2.5, "p1"), ("b1", "carol", 1, 3.5, "p2"),
           ("b2", "dan", 1, 4.5, "p2")]
# The failed write: updates a1 (p1) and b1 (p2) into their slices' logs, inserts c1 (new base file).
FAILED = [("a1", "alice-x", 2, 10.0, "p1"), ("b1", "carol-x", 2, 30.0, "p2"), ("c1", "erin-x", 2, 5.5, "p3")]
NEXT = [("a1", "alice3", 3, 100.0, "p1"), ("b2", "dan3", 3, 40.0, "p2")]


def model(*batches) -> list[tuple]:
    rows = {}
    for batch in batches:
        for row in batch:
            rows[row[0]] = row
    return sorted((r[0], r[4], *r) for r in rows.values())


def write_props(name: str, markers: bool = True) -> dict[str, str]:
    return {
        "hoodie.table.name": name,
        "hoodie.datasource.write.table.type": "MERGE_ON_READ",
        "hoodie.datasource.write.recordkey.field": "id",
        "hoodie.datasource.write.partitionpath.field": "part",
        "hoodie.datasource.write.precombine.field": "ts",
        "hoodie.datasource.write.keygenerator.class": SIMPLE_KEYGEN,
        "hoodie.rollback.using.markers": "true" if markers else "false",
        "hoodie.metadata.enable": "false",
        "hoodie.compact.inline": "false",
        "hoodie.clean.automatic": "false",
        "hoodie.upsert.shuffle.parallelism": "2",
        "hoodie.insert.shuffle.parallelism": "2",
    }


def hoodie_write(hoodie, path: Path, name: str, batch, *extra: str, markers: bool = True) -> dict:
    data = path.parent / f"input-{len(list(path.parent.glob('input-*')))}.json"
    data.write_text("".join(json.dumps(dict(zip(KEYS, r))) + "\n" for r in batch))
    conf = {k: v for k, v in write_props(name, markers).items() if not k.endswith("shuffle.parallelism")}
    args = [arg for k, v in conf.items() for arg in ("--hoodie-conf", f"{k}={v}")]
    return hoodie.json("write", "--table", path, "--op", "upsert", "--input", data, *args, *extra)


def spark_write(spark, path: Path, name: str, batch, markers: bool = True):
    spark.createDataFrame(batch, SCHEMA).write.format("hudi").options(**write_props(name, markers)) \
        .mode("append").save(str(path))


def spark_rows(spark, path, **options) -> list[tuple]:
    return sorted(tuple(r) for r in snapshot(spark, path, **options).select(*COLUMNS).collect())


def hoodie_rows(hoodie, path, *args) -> list[tuple]:
    out = hoodie.run("query", path, "--columns", ",".join(COLUMNS), "--format", "json", *args).stdout
    return sorted(tuple(json.loads(line)[c] for c in COLUMNS) for line in out.splitlines() if line)


def java_list(values) -> list:
    return [values.get(i) for i in range(values.size())]


def request_tuple(request) -> tuple:
    """A HoodieRollbackRequest as (partition, fileId, latestBaseInstant, files, logBlocks)."""
    blocks = request.getLogBlocksToBeDeleted()
    keys = blocks.keySet().toArray() if blocks is not None else []
    return (str(request.getPartitionPath()), str(request.getFileId()), str(request.getLatestBaseInstant()),
            tuple(sorted(str(f) for f in java_list(request.getFilesToBeDeleted()))),
            tuple(sorted((str(k), int(blocks.get(k))) for k in keys)))


def hudi_table(spark, path: Path, name: str, markers: bool):
    jvm = spark._jvm
    context = jvm.org.apache.hudi.client.common.HoodieSparkEngineContext(spark._jsc)
    props = jvm.java.util.Properties()
    for k, v in write_props(name, markers).items():
        props.setProperty(k, v)
    config = jvm.org.apache.hudi.config.HoodieWriteConfig.newBuilder().withPath(str(path)).withProps(props).build()
    return jvm.org.apache.hudi.table.HoodieSparkTable.create(config, context), context, config


def hudi_plan(spark, path: Path, name: str, instant: str, markers: bool) -> list[tuple]:
    """The requests Hudi 0.15's own strategy plans for rolling back the pending deltacommit."""
    jvm = spark._jvm
    table, context, config = hudi_table(spark, path, name, markers)
    State = jvm.org.apache.hudi.common.table.timeline.HoodieInstant.State
    target = jvm.org.apache.hudi.common.table.timeline.HoodieInstant(State.INFLIGHT, "deltacommit", instant)
    rollback = jvm.org.apache.hudi.table.action.rollback
    strategy = (rollback.MarkerBasedRollbackStrategy(table, context, config, "99999999999999999") if markers
                else rollback.ListingBasedRollbackStrategy(table, context, config, "99999999999999999", False))
    return sorted(request_tuple(r) for r in java_list(strategy.getRollbackRequests(target)))


def rollback_files(hudi_java, path, rollback_time: str):
    """Hudi's own decoding of R.rollback.requested and R.rollback (plan, metadata)."""
    jvm = hudi_java.jvm
    meta_client = hudi_java.meta_client(path)
    utils = jvm.org.apache.hudi.common.table.timeline.TimelineMetadataUtils
    Instant = jvm.org.apache.hudi.common.table.timeline.HoodieInstant
    State = Instant.State
    plan = jvm.org.apache.hudi.table.action.rollback.RollbackUtils.getRollbackPlan(
        meta_client, Instant(State.REQUESTED, "rollback", rollback_time))
    metadata = utils.deserializeHoodieRollbackMetadata(
        meta_client.getActiveTimeline().getInstantDetails(Instant(State.COMPLETED, "rollback", rollback_time)).get())
    return plan, metadata


def partition_metadata(metadata) -> dict[str, dict]:
    out = {}
    partitions = metadata.getPartitionMetadata()
    for key in partitions.keySet().toArray():
        p = partitions.get(key)
        maps = {}
        for field, m in (("rollbackLogFiles", p.getRollbackLogFiles()),
                         ("logFilesFromFailedCommit", p.getLogFilesFromFailedCommit())):
            maps[field] = {str(k): int(m.get(k)) for k in m.keySet().toArray()}
        out[str(key)] = {"success": sorted(str(f) for f in java_list(p.getSuccessDeleteFiles())),
                         "failed": sorted(str(f) for f in java_list(p.getFailedDeleteFiles())), **maps}
    return out


def rollbacks(hudi_java, path) -> list[tuple[str, str, str]]:
    return [i for i in hudi_java.active_instants(path) if i[1] == "rollback"]


def logs(path: Path) -> list[str]:
    return sorted(str(p.relative_to(path)) for p in path.rglob(".*.log.*")
                  if not p.name.endswith(".crc") and not str(p.relative_to(path)).startswith(".hoodie"))


@pytest.mark.parametrize("markers", [True, False], ids=["markers", "listing"])
def test_hoodie_rolls_back_killed_mor_deltacommit_as_hudi_plans_it(spark, hudi_java, hoodie, tmp_path, markers):
    """A killed hoodie MOR deltacommit is rolled back by hoodie's next write exactly as Hudi plans it; Spark reads it.

    hoodie upserts, then upserts updates to two file groups and an insert with `--no-commit` (its log
    files, base file and markers stay); Hudi 0.15's own marker-based (or listing-based) strategy plans
    the rollback of that instant, and hoodie's next write saves exactly those requests. Each touched
    slice gets a rollback command block in a new `1-0-1` log version, the new base file is deleted,
    Hudi decodes hoodie's metadata (rollbackLogFiles sizes, logFilesFromFailedCommit), and Spark's
    snapshot and read-optimized rows equal the model and hoodie's."""
    path = tmp_path / "t"
    name = "mor_rb_hoodie"
    t1 = hoodie_write(hoodie, path, name, INSERTS, markers=markers)["instant"]
    t2 = hoodie_write(hoodie, path, name, FAILED, "--no-commit", markers=markers)["instant"]
    failed_logs = logs(path)
    assert len(failed_logs) == 2, failed_logs
    expected_plan = hudi_plan(spark, path, name, t2, markers)
    assert len(expected_plan) == 3, expected_plan
    t3 = hoodie_write(hoodie, path, name, NEXT, markers=markers)["instant"]

    done = rollbacks(hudi_java, path)
    assert len(done) == 1 and done[0][2] == "COMPLETED" and t2 < done[0][0] < t3
    r = done[0][0]
    plan, metadata = rollback_files(hudi_java, path, r)
    assert plan.getInstantToRollback().getCommitTime() == t2
    assert plan.getInstantToRollback().getAction() == "deltacommit"
    assert sorted(request_tuple(q) for q in java_list(plan.getRollbackRequests())) == expected_plan

    assert java_list(metadata.getCommitsRollback()) == [t2]
    assert metadata.getTotalFilesDeleted() == 1
    by_partition = partition_metadata(metadata)
    new_base = [q for q in expected_plan if q[3]]
    assert by_partition["p3"]["success"] == list(new_base[0][3])
    for partition in ("p1", "p2"):
        (log,) = [f for f in failed_logs if f.startswith(partition + "/")]
        prefix, version = log.rsplit(".log.", 1)
        rollback_log = path / f"{prefix}.log.{int(version.split('_')[0]) + 1}_1-0-1"
        assert rollback_log.exists()
        assert by_partition[partition]["rollbackLogFiles"] == {f"file:{rollback_log}": rollback_log.stat().st_size}
        request = [q for q in expected_plan if q[0] == partition][0]
        assert by_partition[partition]["logFilesFromFailedCommit"] == dict(request[4])
        assert (path / log).exists()  # Hudi keeps the failed log; the block hides it

    want = model(INSERTS, NEXT)
    assert spark_rows(spark, path) == want
    assert hoodie_rows(hoodie, path) == spark_rows(spark, path)
    ro = {"hoodie.datasource.query.type": "read_optimized"}
    assert hoodie_rows(hoodie, path, "--query-type", "read_optimized") == spark_rows(spark, path, **ro)
    assert t1 < t2


def test_spark_rolls_back_killed_hoodie_mor_deltacommit(spark, hudi_java, hoodie, tmp_path):
    """Spark's upsert rolls back a killed hoodie MOR deltacommit from hoodie's APPEND and CREATE markers.

    Spark (EAGER) plans from hoodie's direct markers: the new base file is deleted and each log slice
    gets Spark's rollback command block; hoodie then reads the table exactly as Spark does (Spark's
    rollback instant, taken after its write's, hides that write's log updates until the next
    commit), and after hoodie's next deltacommit both read every commit's rows."""
    path = tmp_path / "t"
    name = "mor_rb_spark"
    hoodie_write(hoodie, path, name, INSERTS)
    t2 = hoodie_write(hoodie, path, name, FAILED, "--no-commit")["instant"]
    spark_write(spark, path, name, NEXT)

    done = rollbacks(hudi_java, path)
    assert len(done) == 1 and done[0][2] == "COMPLETED"
    plan, metadata = rollback_files(hudi_java, path, done[0][0])
    assert plan.getInstantToRollback().getCommitTime() == t2
    requests = sorted(request_tuple(q) for q in java_list(plan.getRollbackRequests()))
    assert [q[0] for q in requests] == ["p1", "p2", "p3"]
    assert all(q[4] and not q[3] for q in requests[:2]) and requests[2][3] and not requests[2][4]
    assert java_list(metadata.getCommitsRollback()) == [t2]
    assert [f for f in logs(path) if "_1-0-1" in f], logs(path)
    # Spark takes its write's instant t3 before it rolls back (startCommitWithTime), so the
    # rollback instant r is later than t3, and so is the INSTANT_TIME of its rollback blocks. A
    # reader as of t3 stops at a block later than t3 (scanInternalV1's break): t3's own updates
    # in those slices stay hidden until a commit after r. hoodie reads exactly what Spark reads.
    t3 = hudi_java.completed_commits(path)[-1]
    assert t3 < done[0][0]
    assert spark_rows(spark, path) == model(INSERTS)
    assert hoodie_rows(hoodie, path) == spark_rows(spark, path)

    more = [("a2", "bob4", 4, 2.0, "p1"), ("d1", "fay", 4, 6.0, "p3")]
    hoodie_write(hoodie, path, name, more)
    assert rollbacks(hudi_java, path) == done
    assert spark_rows(spark, path) == model(INSERTS, NEXT, more)
    assert hoodie_rows(hoodie, path) == spark_rows(spark, path)


def spark_failed_upsert(spark, hudi_java, path: Path, name: str, batch) -> str:
    """A Spark MOR upsert through Hudi's write client that stops before its commit: the deltacommit
    stays inflight with its log files, base files and timeline-server markers, as after a crash."""
    jvm = spark._jvm
    model_pkg = jvm.org.apache.hudi.common.model
    meta_client = hudi_java.meta_client(path)
    schema = jvm.org.apache.hudi.common.table.TableSchemaResolver(meta_client).getTableAvroSchema(False)
    context = jvm.org.apache.hudi.client.common.HoodieSparkEngineContext(spark._jsc)
    props = jvm.java.util.Properties()
    for k, v in write_props(name).items():
        props.setProperty(k, v)
    config = (jvm.org.apache.hudi.config.HoodieWriteConfig.newBuilder().withPath(str(path))
              .withSchema(schema.toString()).withProps(props).withAutoCommit(False).build())
    client = jvm.org.apache.hudi.client.SparkRDDWriteClient(context, config)
    try:
        instant = client.startCommit()
        converter = jvm.org.apache.hudi.avro.MercifulJsonConverter()
        records = jvm.java.util.ArrayList()
        for row in batch:
            record = converter.convert(json.dumps(dict(zip(KEYS, row))), schema)
            payload = model_pkg.OverwriteWithLatestAvroPayload(record, row[2])
            records.add(model_pkg.HoodieAvroRecord(model_pkg.HoodieKey(row[0], row[4]), payload))
        client.upsert(spark._jsc.parallelize(records, 1), instant).collect()
    finally:
        client.close()
    return instant


@pytest.mark.parametrize("markers", [True, False], ids=["markers", "listing"])
def test_hoodie_rolls_back_failed_spark_mor_deltacommit(spark, hudi_java, hoodie, tmp_path, markers):
    """`hoodie rollback` undoes a Spark MOR deltacommit that failed before its commit; Spark reads as before it.

    Spark writes a MOR table, then upserts updates and an insert through Hudi's write client without
    committing (log files, a base file, timeline-server markers and the workload profile stay). hoodie
    plans from Spark's MARKERS files (or by listing with the inflight workload profile) exactly what
    Hudi 0.15's own strategy plans, deletes the base file, writes rollback blocks; Hudi's timeline
    loads, and Spark's snapshot and read-optimized reads equal the rows before the failed write, and
    after Spark's next upsert."""
    path = tmp_path / "t"
    name = "mor_rb_failed_spark"
    spark_write(spark, path, name, INSERTS)
    before = spark_rows(spark, path)
    ro = {"hoodie.datasource.query.type": "read_optimized"}
    before_ro = spark_rows(spark, path, **ro)
    t2 = spark_failed_upsert(spark, hudi_java, path, name, FAILED)
    assert (t2, "deltacommit", "INFLIGHT") in hudi_java.active_instants(path)
    assert len(logs(path)) == 2, logs(path)
    expected_plan = hudi_plan(spark, path, name, t2, markers)
    assert len(expected_plan) == 3, expected_plan

    conf = ["--hoodie-conf", f"hoodie.rollback.using.markers={'true' if markers else 'false'}"]
    done = hoodie.json("rollback", "--table", path, *conf)
    assert len(done) == 1 and done[0]["rolled_back"] == t2 and done[0]["action"] == "deltacommit", done
    assert done[0]["files_deleted"] == "1" and done[0]["failed_deletes"] == "0"
    instants = hudi_java.active_instants(path)
    assert [i for i in instants if i[0] == t2] == []
    r = [i for i in instants if i[1] == "rollback"]
    assert len(r) == 1 and r[0][2] == "COMPLETED"
    plan, metadata = rollback_files(hudi_java, path, r[0][0])
    assert sorted(request_tuple(q) for q in java_list(plan.getRollbackRequests())) == expected_plan
    assert java_list(metadata.getCommitsRollback()) == [t2]
    assert len([f for f in logs(path) if f.endswith("_1-0-1")]) == 2, logs(path)
    assert spark_rows(spark, path) == before
    assert spark_rows(spark, path, **ro) == before_ro
    assert hoodie_rows(hoodie, path) == before

    spark_write(spark, path, name, NEXT)
    assert spark_rows(spark, path) == model(INSERTS, NEXT)
    assert hoodie_rows(hoodie, path) == spark_rows(spark, path)
