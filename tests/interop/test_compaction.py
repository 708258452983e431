"""Compaction against real Apache Hudi 0.15 (Spark 3.5): each side compacts the other's log files.

hoodie compacts a Spark-written merge-on-read table and Spark reads it; Spark (the `run_compaction`
procedure) compacts a hoodie-written one and hoodie reads it; Spark executes a plan hoodie scheduled,
and hoodie executes one Spark scheduled, which proves the `T.compaction.requested` bytes both ways.
Each read compares every row, meta columns included, with the snapshot before the compaction.
"""

from __future__ import annotations

import json
import shutil

import pytest
from conftest import snapshot, spark_datasource_write
from test_mor_read import (DELETES, INSERTS, UPDATES, UPDATES_AGAIN, hoodie_query, hoodie_write, spark_rows,
                           write)

RO = {"hoodie.datasource.query.type": "read_optimized"}
# hoodie's scheduler consults the trigger as Hudi's does (10 deltacommits by default in hoodie, the
# seed's default; 5 in Hudi 0.15): these tables have 4, so the tests lower it, as a Hudi user would.
EVERY = ("--hoodie-conf", "hoodie.compact.inline.max.delta.commits=1")


def spark_mor(spark, path):
    write(spark, path, INSERTS, "upsert")
    write(spark, path, UPDATES, "upsert")
    write(spark, path, DELETES, "delete")
    write(spark, path, UPDATES_AGAIN, "upsert")


def hoodie_mor(hoodie, tmp_path, path):
    inputs = tmp_path / "inputs"
    inputs.mkdir()
    for op, rows in (("upsert", INSERTS), ("upsert", UPDATES), ("delete", DELETES), ("upsert", UPDATES_AGAIN)):
        hoodie_write(hoodie, inputs, path, op, rows)


def spark_compaction(spark, op, path, timestamp=None):
    # Hudi's default trigger waits for 5 deltacommits; one is enough here.
    spark.sql("set hoodie.compact.inline.max.delta.commits=1")
    args = f"op => '{op}', path => '{path}'"
    if timestamp:
        args += f", timestamp => {timestamp}"
    return spark.sql(f"call run_compaction({args})").collect()


def completed_compactions(hudi_java, path):
    return [(t, a, s) for t, a, s in hudi_java.active_instants(path) if a == "commit"]


def test_spark_reads_hoodie_compaction_of_spark_logs(spark, hudi_java, hoodie, tmp_path):
    """hoodie compacts a Spark-written MOR table (Avro data and delete blocks); Spark's snapshot equals the one before, its read-optimized view now equals it too, and Hudi's timeline and file-system view load the compaction.

    `hoodie compaction run --schedule` plans and executes; Hudi's meta client lists `T.commit` (a compaction)
    with operation COMPACT and the write stats hoodie reports; every latest base file is hoodie's."""
    path = tmp_path / "spark_mor"
    spark_mor(spark, path)
    before = spark_rows(snapshot(spark, path))
    assert spark_rows(snapshot(spark, path, **RO)) != before
    ran = hoodie.json("compaction", "run", "--schedule", "--table", path, *EVERY)
    assert ran, "hoodie compacted nothing"
    c = ran[0]["instant"]
    assert spark_rows(snapshot(spark, path)) == before
    assert spark_rows(snapshot(spark, path, **RO)) == before
    assert hoodie_query(hoodie, path) == before
    assert hoodie_query(hoodie, path, "--query-type", "read_optimized") == before
    assert [(t, a, s) for t, a, s in hudi_java.active_instants(path) if t == c] == [(c, "commit", "COMPLETED")]
    stats = hudi_java.commit_write_stats(path, c)
    assert {s["operation"] for s in stats} == {"COMPACT"}
    assert sorted(s["file"] for s in stats) == sorted(r["file"] for r in ran)
    assert sorted((s["file"], s["inserts"], s["updates"], s["deletes"], s["records_written"]) for s in stats) == \
        sorted((r["file"], r["inserted"], r["updated"], r["deleted"], r["records"]) for r in ran)
    compacted = {r["file"].split("/")[-1] for r in ran}
    latest = hudi_java.latest_base_files(path, ["p1", "p2", "p3"])
    assert compacted <= {name for _, name in latest}
    # Time travel to before the compaction still sees the logs.
    last_delta = hudi_java.completed_commits(path)[-2]
    assert spark_rows(snapshot(spark, path, **{"as.of.instant": last_delta})) == before


def test_hoodie_reads_spark_compaction_of_hoodie_logs(spark, hudi_java, hoodie, tmp_path):
    """Spark's run_compaction compacts a hoodie-written MOR table; hoodie's snapshot and read-optimized reads equal the snapshot before.

    hoodie writes inserts, updates, a delete and updates again as deltacommits; Spark schedules and runs a
    compaction; `hoodie query` returns the same rows in both modes and `hoodie compaction show` lists it."""
    path = tmp_path / "hoodie_mor"
    hoodie_mor(hoodie, tmp_path, path)
    before = hoodie_query(hoodie, path)
    assert spark_rows(snapshot(spark, path)) == before
    spark_compaction(spark, "run", path)
    compactions = completed_compactions(hudi_java, path)
    assert len(compactions) == 1, hudi_java.active_instants(path)
    c = compactions[0][0]
    assert hoodie_query(hoodie, path) == before
    assert hoodie_query(hoodie, path, "--query-type", "read_optimized") == before
    shown = hoodie.json("compaction", "show", "--table", path)
    assert [(r["instant"], r["state"]) for r in shown] == [(c, "COMPLETED")]


def test_spark_executes_hoodie_plan(spark, hudi_java, hoodie, tmp_path):
    """Spark executes a compaction plan hoodie scheduled (the `T.compaction.requested` bytes), and both read the result as the snapshot before.

    hoodie writes a MOR table and schedules; Hudi's meta client lists the requested compaction; Spark's
    run_compaction with that timestamp completes it; Spark's and hoodie's reads equal the snapshot before."""
    path = tmp_path / "hoodie_mor"
    hoodie_mor(hoodie, tmp_path, path)
    before = hoodie_query(hoodie, path)
    plan = hoodie.json("compaction", "schedule", "--table", path, *EVERY)
    c = plan[0]["instant"]
    assert (c, "compaction", "REQUESTED") in hudi_java.active_instants(path)
    spark_compaction(spark, "run", path, timestamp=c)
    assert (c, "commit", "COMPLETED") in hudi_java.active_instants(path)
    stats = hudi_java.commit_write_stats(path, c)
    assert sorted(s["partition"] for s in stats) == sorted(r["partition"] for r in plan)
    assert spark_rows(snapshot(spark, path)) == before
    assert spark_rows(snapshot(spark, path, **RO)) == before
    assert hoodie_query(hoodie, path) == before
    assert hoodie_query(hoodie, path, "--query-type", "read_optimized") == before


def test_hoodie_executes_spark_plan_as_spark_would(spark, hudi_java, hoodie, tmp_path):
    """hoodie executes a plan Spark scheduled, and hoodie's own plan for the same table equals Spark's, byte for byte.

    Spark writes a MOR table; a copy is kept; Spark schedules a compaction, `hoodie compaction show` decodes
    it, hoodie schedules on the copy and lists the same operations (file groups, base files, log files, log
    sizes); hoodie runs Spark's plan and Spark reads the snapshot before, in both query types."""
    path = tmp_path / "spark_mor"
    spark_mor(spark, path)
    before = spark_rows(snapshot(spark, path))
    copy = tmp_path / "copy"
    shutil.copytree(path, copy)
    spark_compaction(spark, "schedule", path)
    pending = [t for t, a, s in hudi_java.active_instants(path) if a == "compaction" and s == "REQUESTED"]
    assert len(pending) == 1
    c = pending[0]
    spark_plan = hoodie.json("compaction", "show", "--table", path, "--instant", c)
    ours = hoodie.json("compaction", "schedule", "--table", copy, *EVERY)
    drop = lambda rows: sorted(tuple(v for k, v in r.items() if k != "instant") for r in rows)  # noqa: E731
    assert drop(ours) == drop(spark_plan)
    # Byte for byte: the Avro container differs only in its random 16-byte sync marker.
    spark_bytes = (path / ".hoodie" / f"{c}.compaction.requested").read_bytes()
    our_bytes = (copy / ".hoodie" / f"{ours[0]['instant']}.compaction.requested").read_bytes()
    ours_masked = our_bytes.replace(our_bytes[-16:], b"S" * 16)
    spark_masked = spark_bytes.replace(spark_bytes[-16:], b"S" * 16)
    if ours_masked != spark_masked:
        (tmp_path / "plan.spark").write_bytes(spark_bytes)
        (tmp_path / "plan.hoodie").write_bytes(our_bytes)
    assert ours_masked == spark_masked, f"plans differ, both kept in {tmp_path}"
    hoodie.run("compaction", "run", "--table", path, "--instant", c)
    assert (c, "commit", "COMPLETED") in hudi_java.active_instants(path)
    assert spark_rows(snapshot(spark, path)) == before
    assert spark_rows(snapshot(spark, path, **RO)) == before


# --------------------------------------------------------------------------------------
# Recovery of a compaction left inflight, and the trigger, against Hudi 0.15
# --------------------------------------------------------------------------------------

def instant_files(path, *timestamps) -> list[str]:
    """The timeline files of the instants, each timestamp replaced by its position (C0, C1, ...);
    Hadoop's `.crc` checksum files left out."""
    out = []
    for f in (path / ".hoodie").iterdir():
        if f.is_dir() or f.name.endswith(".crc"):
            continue
        for i, t in enumerate(timestamps):
            if f.name.startswith(t + "."):
                out.append(f"C{i}" + f.name[len(t):])
    return sorted(out)


def base_files_of(path, instant) -> list[str]:
    return sorted(str(p.relative_to(path)) for p in path.rglob(f"*_{instant}.parquet"))


def rollback_record(hudi_java, path, r) -> dict:
    """Hudi's own decoding of `R.rollback.requested` and `R.rollback`, file paths relative to the table."""
    from test_mor_rollback import java_list, partition_metadata, request_tuple, rollback_files
    plan, metadata = rollback_files(hudi_java, path, r)
    prefix = str(path) + "/"

    def rel(name):
        return name.split(prefix, 1)[-1]

    requests = sorted((q[0], q[1], q[2], tuple(rel(f) for f in q[3]), q[4])
                      for q in (request_tuple(x) for x in java_list(plan.getRollbackRequests())))
    target = plan.getInstantToRollback()
    partitions = {p: {k: sorted(rel(f) for f in v) if isinstance(v, list) else v for k, v in m.items()}
                  for p, m in partition_metadata(metadata).items()}
    instants = [(str(i.getCommitTime()), str(i.getAction())) for i in java_list(metadata.getInstantsRollback())]
    return {"target": (str(target.getCommitTime()), str(target.getAction())),
            "requests": requests,
            "commits": [str(c) for c in java_list(metadata.getCommitsRollback())],
            "instants": instants,
            "deleted": int(metadata.getTotalFilesDeleted()),
            "partitions": partitions}


# An update of a file group the compaction holds: it goes to the slice at the compaction instant.
UPDATE_UNDER_COMPACTION = [("a1", "alice5", 5, 1000.0, "p1")]


def spark_upsert_named(spark, path, name, rows):
    spark_datasource_write(spark, path, rows, "id string, name string, ts long, score double, part string",
                           "upsert", **{"hoodie.table.name": name,
                                        "hoodie.datasource.write.table.type": "MERGE_ON_READ"})


def hoodie_upsert_named(hoodie, tmp_path, path, name, rows):
    data = tmp_path / f"upsert-{len(list(tmp_path.glob('upsert-*')))}.json"
    data.write_text("".join(json.dumps(dict(zip(("id", "name", "ts", "score", "part"), r))) + "\n" for r in rows))
    conf = {
        "hoodie.table.name": name,
        "hoodie.datasource.write.table.type": "MERGE_ON_READ",
        "hoodie.datasource.write.recordkey.field": "id",
        "hoodie.datasource.write.partitionpath.field": "part",
        "hoodie.datasource.write.precombine.field": "ts",
        "hoodie.datasource.write.keygenerator.class": "org.apache.hudi.keygen.SimpleKeyGenerator",
    }
    args = [arg for k, v in conf.items() for arg in ("--hoodie-conf", f"{k}={v}")]
    summary = hoodie.json("write", "--table", path, "--op", "upsert", "--input", data, "--format", "json", *args)
    assert summary["committed"] == "true", summary


class _AvroBytes:
    """A cursor over Avro binary data that returns the raw bytes of what it skips."""

    def __init__(self, data: bytes, pos: int = 0):
        self.data, self.pos = data, pos

    def long(self) -> int:
        shift = value = 0
        while True:
            byte = self.data[self.pos]
            self.pos += 1
            value |= (byte & 0x7F) << shift
            shift += 7
            if not byte & 0x80:
                return (value >> 1) ^ -(value & 1)

    def string(self) -> bytes:
        n = self.long()
        self.pos += n
        return self.data[self.pos - n:self.pos]

    def optional(self, read) -> None:
        if self.long() == 1:
            read()

    def array(self, read_item) -> list[bytes]:
        items = []
        while (count := self.long()) != 0:
            if count < 0:
                count = -count
                self.long()  # the block's byte size
            for _ in range(count):
                start = self.pos
                read_item()
                items.append(self.data[start:self.pos])
        return items


def canonical_rollback_plan(plan: bytes) -> tuple[bytes, list[bytes], bytes]:
    """A `.rollback.requested` file (HoodieRollbackPlan, one record in one Avro block) as the bytes before its
    rollback requests, the requests' own bytes sorted, and the bytes after them, its sync marker masked.

    Spark lists markers (or partitions) in no fixed order, so the order of its rollback requests varies from run
    to run; every other byte is fixed."""
    plan = plan.replace(plan[-16:], b"S" * 16)
    cursor = _AvroBytes(plan, 4)
    cursor.array(lambda: (cursor.string(), cursor.string()))  # the metadata map: key, value
    cursor.pos += 16  # sync marker
    cursor.long()  # records in the block
    cursor.long()  # the block's byte size: the same whatever the order of the requests
    cursor.optional(lambda: (cursor.string(), cursor.string()))  # instantToRollback
    start = cursor.pos
    requests: list[bytes] = []

    def request():
        cursor.string()  # partitionPath
        cursor.optional(cursor.string)  # fileId
        cursor.optional(cursor.string)  # latestBaseInstant
        cursor.array(cursor.string)  # filesToBeDeleted
        cursor.optional(lambda: cursor.array(lambda: (cursor.string(), cursor.long())))  # logBlocksToBeDeleted

    if cursor.long() == 1:  # RollbackRequests
        requests = cursor.array(request)
    return plan[:start], sorted(requests), plan[cursor.pos:]


def rollback_instants(hudi_java, path) -> list[tuple[str, str, str]]:
    return [i for i in hudi_java.active_instants(path) if i[1] == "rollback"]


def test_spark_recovers_killed_hoodie_compaction(spark, hudi_java, hoodie, tmp_path):
    """A hoodie compaction that dies after its first base file is rolled back and completed by Spark (run_compaction on the inflight instant); Spark and hoodie then read the rows as before.

    hoodie schedules C on its own MOR table and runs it; the second operation's file cannot be created (a
    directory stands at its path), so hoodie stops with C inflight, one base file and direct markers for
    both files, as a run killed there leaves them. A Spark upsert then leaves C alone (no rollback; its
    update goes to the slice at C). Spark's compact() rolls C back (R.rollback naming {C, compaction}, the
    partial file deleted from hoodie's markers), reverts it to requested, runs the plan and commits; the
    snapshot reads of both engines equal the rows before, and read-optimized holds the plan's state."""
    path = tmp_path / "hoodie_mor"
    hoodie_mor(hoodie, tmp_path, path)
    before = hoodie_query(hoodie, path)
    plan = hoodie.json("compaction", "schedule", "--table", path, *EVERY)
    assert len(plan) == 2, plan
    c = plan[0]["instant"]
    # hoodie names operation i's file <fileId>_<i>-0-<i>_C.parquet: block the second one.
    blocker = path / plan[1]["partition"] / f"{plan[1]['file_id']}_1-0-1_{c}.parquet"
    blocker.mkdir()
    killed = hoodie.run("compaction", "run", "--table", path, "--instant", c, check=False)
    assert killed.returncode == 1, killed.stdout + killed.stderr
    blocker.rmdir()
    partial = base_files_of(path, c)
    assert partial == [f"{plan[0]['partition']}/{plan[0]['file_id']}_0-0-0_{c}.parquet"], partial
    assert (c, "compaction", "INFLIGHT") in hudi_java.active_instants(path)
    assert spark_rows(snapshot(spark, path)) == before  # the inflight compaction's file is not read
    # A Spark writer (EAGER) leaves the inflight compaction alone: rollbackFailedWrites skips it.
    spark_upsert_named(spark, path, "hoodie_mor", UPDATE_UNDER_COMPACTION)
    assert (c, "compaction", "INFLIGHT") in hudi_java.active_instants(path)
    assert rollback_instants(hudi_java, path) == []
    assert base_files_of(path, c) == partial
    before = spark_rows(snapshot(spark, path))
    assert hoodie_query(hoodie, path) == before
    assert [r[4] for r in before if r[3] == "a1"] == ["alice5"]

    spark_compaction(spark, "run", path, timestamp=c)
    rollbacks = rollback_instants(hudi_java, path)
    assert len(rollbacks) == 1 and rollbacks[0][2] == "COMPLETED", rollbacks
    r = rollbacks[0][0]
    assert instant_files(path, c, r) == ["C0.commit", "C0.compaction.inflight", "C0.compaction.requested",
                                         "C1.rollback", "C1.rollback.inflight", "C1.rollback.requested"]
    record = rollback_record(hudi_java, path, r)
    assert record["target"] == (c, "compaction")
    assert record["commits"] == [c] and record["instants"] == [(c, "compaction")]
    # hoodie's markers name both files (a marker precedes its file, as in Hudi): Spark deletes the
    # partial one and reports the never-written one as a failed delete, as Hadoop's delete says.
    blocked = str(blocker.relative_to(path))
    assert [(q[0], q[3]) for q in record["requests"]] == [(plan[0]["partition"], tuple(partial)),
                                                          (plan[1]["partition"], (blocked,))]
    assert record["deleted"] == 1
    assert record["partitions"][plan[0]["partition"]]["success"] == partial
    assert record["partitions"][plan[1]["partition"]]["success"] == []
    assert record["partitions"][plan[1]["partition"]]["failed"] == [blocked]
    assert (c, "commit", "COMPLETED") in hudi_java.active_instants(path)
    assert spark_rows(snapshot(spark, path)) == before
    assert hoodie_query(hoodie, path) == before
    # Read-optimized: the compacted base files hold the plan's state, before Spark's update.
    assert spark_rows(snapshot(spark, path, **RO)) == hoodie_query(hoodie, path, "--query-type", "read_optimized")
    assert [r[4] for r in spark_rows(snapshot(spark, path, **RO)) if r[3] == "a1"] == ["alice3"]


def spark_compaction_without_commit(spark, hudi_java, path, instant):
    """Spark's compaction of `instant` through Hudi's write client with auto-commit off: the plan runs
    (base files and timeline-server markers written, `C.compaction.inflight`) but `C.commit` is never
    written, as when Spark dies before committing."""
    jvm = spark._jvm
    meta_client = hudi_java.meta_client(path)
    schema = jvm.org.apache.hudi.common.table.TableSchemaResolver(meta_client).getTableAvroSchema(False)
    context = jvm.org.apache.hudi.client.common.HoodieSparkEngineContext(spark._jsc)
    props = jvm.java.util.Properties()
    for k, v in {
        "hoodie.table.name": "mor_read",
        "hoodie.datasource.write.recordkey.field": "id",
        "hoodie.datasource.write.partitionpath.field": "part",
        "hoodie.datasource.write.precombine.field": "ts",
        "hoodie.metadata.enable": "false",
        "hoodie.clean.automatic": "false",
        "hoodie.compact.inline": "false",
    }.items():
        props.setProperty(k, v)
    config = (jvm.org.apache.hudi.config.HoodieWriteConfig.newBuilder().withPath(str(path))
              .withSchema(schema.toString()).withProps(props).withAutoCommit(False).build())
    client = jvm.org.apache.hudi.client.SparkRDDWriteClient(context, config)
    try:
        client.compact(instant)
    finally:
        client.close()


@pytest.mark.parametrize("markers", [True, False], ids=["markers", "listing"])
def test_hoodie_recovers_spark_compaction_left_inflight_as_spark_does(spark, hudi_java, hoodie, tmp_path, markers):
    """hoodie rolls back a Spark compaction left inflight with a rollback instant exactly as Spark's own recovery does, reruns the plan, and Spark reads the rows as before.

    Spark schedules C and runs it without committing (base files and timeline-server markers written). A
    copy is recovered by Spark (run_compaction on C): the reference. A hoodie upsert of the original
    leaves C alone (no rollback; the update goes to the slice at C). hoodie (`compaction run`, rollback
    from Spark's timeline-server markers, or by listing, as the reference) recovers the original: the same timeline files (C requested,
    inflight, commit; R requested, inflight, completed), and Hudi's decoding of hoodie's R plan and
    metadata equals Spark's: target {C, compaction}, the same delete requests, files deleted per
    partition, empty log maps. Spark's and hoodie's snapshot reads equal the rows before, and
    read-optimized reads agree."""
    path = tmp_path / "spark_mor"
    spark_mor(spark, path)
    before = spark_rows(snapshot(spark, path))
    spark_compaction(spark, "schedule", path)
    [c] = [t for t, a, s in hudi_java.active_instants(path) if a == "compaction"]
    spark_compaction_without_commit(spark, hudi_java, path, c)
    assert (c, "compaction", "INFLIGHT") in hudi_java.active_instants(path)
    partial = base_files_of(path, c)
    assert len(partial) == 2, partial
    assert (path / ".hoodie" / ".temp" / c).is_dir()
    reference = tmp_path / "reference"
    shutil.copytree(path, reference)

    using_markers = "true" if markers else "false"
    try:
        spark.sql(f"set hoodie.rollback.using.markers={using_markers}")
        spark_compaction(spark, "run", reference, timestamp=c)
    finally:
        spark.conf.unset("hoodie.rollback.using.markers")
    [spark_r] = [t for t, a, s in rollback_instants(hudi_java, reference)]
    expected = rollback_record(hudi_java, reference, spark_r)

    # A hoodie writer leaves Spark's inflight compaction alone, as Hudi's writers do; its update
    # goes to the slice at C.
    hoodie_upsert_named(hoodie, tmp_path, path, "mor_read", UPDATE_UNDER_COMPACTION)
    assert (c, "compaction", "INFLIGHT") in hudi_java.active_instants(path)
    assert rollback_instants(hudi_java, path) == []
    assert base_files_of(path, c) == partial
    before = spark_rows(snapshot(spark, path))
    assert hoodie_query(hoodie, path) == before
    assert [r[4] for r in before if r[3] == "a1"] == ["alice5"]

    ran = hoodie.json("compaction", "run", "--table", path, "--instant", c,
                      "--hoodie-conf", f"hoodie.rollback.using.markers={using_markers}")
    assert {r["instant"] for r in ran} == {c}
    rollbacks = rollback_instants(hudi_java, path)
    assert len(rollbacks) == 1 and rollbacks[0][2] == "COMPLETED", rollbacks
    r = rollbacks[0][0]
    assert instant_files(path, c, r) == instant_files(reference, c, spark_r) == [
        "C0.commit", "C0.compaction.inflight", "C0.compaction.requested",
        "C1.rollback", "C1.rollback.inflight", "C1.rollback.requested"]
    ours = rollback_record(hudi_java, path, r)
    assert ours == expected
    # Byte for byte: the plans differ only in the base path (of equal length), the Avro sync marker and the
    # order of the rollback requests, which Spark's own runs do not fix.
    assert len(str(path)) == len(str(reference))
    spark_plan = (reference / ".hoodie" / f"{spark_r}.rollback.requested").read_bytes()
    our_plan = (path / ".hoodie" / f"{r}.rollback.requested").read_bytes()
    our_plan = our_plan.replace(str(path).encode(), str(reference).encode())
    head, requests, tail = canonical_rollback_plan(our_plan)
    assert len(requests) == 2  # the two base files the compaction had written
    assert (head, requests, tail) == canonical_rollback_plan(spark_plan)
    assert ours["target"] == (c, "compaction") and ours["instants"] == [(c, "compaction")]
    assert ours["deleted"] == 2
    assert not (path / ".hoodie" / ".temp" / c).exists()
    assert spark_rows(snapshot(spark, path)) == before
    assert hoodie_query(hoodie, path) == before
    assert spark_rows(snapshot(spark, path, **RO)) == hoodie_query(hoodie, path, "--query-type", "read_optimized")
    assert [r[4] for r in spark_rows(snapshot(spark, path, **RO)) if r[3] == "a1"] == ["alice3"]


def test_trigger_schedules_at_the_same_deltacommit_on_both_sides(spark, hudi_java, hoodie, tmp_path):
    """With hoodie.compact.inline.max.delta.commits=5 (Hudi 0.15's default) neither Spark nor hoodie schedules a compaction after 4 deltacommits; after the 5th both schedule the same plan, byte for byte.

    Spark writes 4 deltacommits; Spark's run_compaction(op => 'schedule') and `hoodie compaction schedule`
    (on a copy) both write nothing, and hoodie says why; after a 5th deltacommit both schedule (hoodie
    on a new copy): the `T.compaction.requested` files are equal but for the Avro sync marker."""
    path = tmp_path / "spark_mor"
    spark_mor(spark, path)
    four = tmp_path / "four"
    shutil.copytree(path, four)
    five = ("--hoodie-conf", "hoodie.compact.inline.max.delta.commits=5")
    try:
        spark.sql("set hoodie.compact.inline.max.delta.commits=5")
        spark.sql(f"call run_compaction(op => 'schedule', path => '{path}')").collect()
        assert [i for i in hudi_java.active_instants(path) if i[1] == "compaction"] == []
        first = hudi_java.completed_commits(four)[0]
        said = hoodie.run("compaction", "schedule", "--table", four, *five).stdout
        assert said == (f"no compaction scheduled: 4 delta commits since {first}, trigger num_commits needs 5 "
                        "(hoodie.compact.inline.max.delta.commits)\n")
        assert not list((four / ".hoodie").glob("*.compaction.*"))

        write(spark, path, [("a1", "alice5", 5, 1.0, "p1")], "upsert")
        copy = tmp_path / "copy"
        shutil.copytree(path, copy)
        spark.sql(f"call run_compaction(op => 'schedule', path => '{path}')").collect()
        [c] = [t for t, a, s in hudi_java.active_instants(path) if a == "compaction"]
    finally:
        spark.conf.unset("hoodie.compact.inline.max.delta.commits")
    ours = hoodie.json("compaction", "schedule", "--table", copy, *five)
    assert ours and {o["instant"] for o in ours} == {ours[0]["instant"]}
    spark_plan = hoodie.json("compaction", "show", "--table", path, "--instant", c)
    drop = lambda rows: sorted(tuple(v for k, v in r.items() if k != "instant") for r in rows)  # noqa: E731
    assert drop(ours) == drop(spark_plan)
    spark_bytes = (path / ".hoodie" / f"{c}.compaction.requested").read_bytes()
    our_bytes = (copy / ".hoodie" / f"{ours[0]['instant']}.compaction.requested").read_bytes()
    assert our_bytes.replace(our_bytes[-16:], b"S" * 16) == spark_bytes.replace(spark_bytes[-16:], b"S" * 16)


def test_a_key_deleted_under_pending_compaction_comes_back_once(spark, hudi_java, hoodie, tmp_path):
    """A key deleted in a log, written again while a compaction of its file group is pending, stays single for Spark's reader and writer.

    hoodie writes a MOR table whose p1 log deletes a2, schedules a compaction, upserts a2 (a new base file:
    the compaction drops a2's row, so a write to the group's new slice would live in logs only), runs the
    compaction and upserts a2 again. Spark's snapshot holds a2 once with the last values, equal to hoodie's
    read; Spark's own upsert of a2 (its bloom index reads base files only) then still leaves one a2."""
    path = tmp_path / "hoodie_mor"
    hoodie_mor(hoodie, tmp_path, path)
    plan = hoodie.json("compaction", "schedule", "--table", path, *EVERY)
    c = plan[0]["instant"]
    inputs = tmp_path / "again"
    inputs.mkdir()
    hoodie_write(hoodie, inputs, path, "upsert", [("a2", "bob2", 5, 7.5, "p1")])
    hoodie.run("compaction", "run", "--table", path, "--instant", c)
    assert (c, "commit", "COMPLETED") in hudi_java.active_instants(path)
    hoodie_write(hoodie, inputs, path, "upsert", [("a2", "bob3", 6, 8.5, "p1")])
    rows = spark_rows(snapshot(spark, path))
    assert [(r[4], r[5]) for r in rows if r[3] == "a2"] == [("bob3", 6)]
    assert hoodie_query(hoodie, path) == rows
    write(spark, path, [("a2", "bob4", 7, 9.5, "p1")], "upsert", **{"hoodie.table.name": "hoodie_mor"})
    rows = spark_rows(snapshot(spark, path))
    assert [(r[4], r[5]) for r in rows if r[3] == "a2"] == [("bob4", 7)]
    assert hoodie_query(hoodie, path) == rows
