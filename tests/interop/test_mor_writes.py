"""Merge-on-read writes against real Apache Hudi 0.15 (Spark 3.5): Spark reads what hoodie's write path made.

hoodie writes merge-on-read tables the way Hudi 0.15's delta commit executor does: data blocks split at
hoodie.logfile.data.block.max.size, log files rolled over at hoodie.logfile.max.size, small base files
rewritten with inserts (BLOOM), log-only file groups (INMEMORY), appends to the new slice of a file group
under pending compaction. Spark's snapshot, read-optimized, time-travel and incremental queries must
return exactly hoodie's rows, Hudi's meta client must read hoodie's write stats, and a Spark upsert into
hoodie's table must find the records hoodie wrote.
"""

from __future__ import annotations

import json

from conftest import hoodie_rows, snapshot
from test_mor_read import write as mor_read_write
from test_mor_read import (COLUMNS, DELETES, INSERTS, SIMPLE_KEYGEN, UPDATES, UPDATES_AGAIN,
                           hoodie_query, spark_rows)

TABLE = "hoodie_mor_writes"


def hoodie_write(hoodie, path, op, rows, **extra):
    inputs = path.parent / "inputs"
    inputs.mkdir(exist_ok=True)
    data = inputs / f"in-{len(list(inputs.iterdir()))}.json"
    keys = ("id", "name", "ts", "score", "part")
    data.write_text("".join(json.dumps(dict(zip(keys, r))) + "\n" for r in rows))
    conf = {
        "hoodie.table.name": TABLE,
        "hoodie.datasource.write.table.type": "MERGE_ON_READ",
        "hoodie.datasource.write.recordkey.field": "id",
        "hoodie.datasource.write.partitionpath.field": "part",
        "hoodie.datasource.write.precombine.field": "ts",
        "hoodie.datasource.write.keygenerator.class": SIMPLE_KEYGEN,
        **extra,
    }
    args = ["write", "--table", path, "--op", op, "--input", data, "--format", "json"]
    for key, value in conf.items():
        args += ["--hoodie-conf", f"{key}={value}"]
    summary = hoodie.json(*args)
    assert summary["committed"] == "true", summary
    return summary


def spark_write(spark, path, rows, operation, **extra):
    mor_read_write(spark, path, rows, operation, **{"hoodie.table.name": TABLE, **extra})


def assert_spark_reads_like_hoodie(spark, hudi_java, hoodie, path):
    """Snapshot, read-optimized, every time travel, every incremental range and every deltacommit's
    write stats: Spark (and Hudi's meta client) see exactly what hoodie sees."""
    assert hoodie_query(hoodie, path) == spark_rows(snapshot(spark, path))
    assert hoodie_query(hoodie, path, "--query-type", "read_optimized") == spark_rows(
        snapshot(spark, path, **{"hoodie.datasource.query.type": "read_optimized"}))
    commits = hudi_java.completed_commits(path)
    for instant in commits:
        assert hoodie_query(hoodie, path, "--as-of", instant) == spark_rows(
            snapshot(spark, path, **{"as.of.instant": instant})), instant
        assert hoodie_rows(hoodie, path, instant) == hudi_java.commit_write_stats(path, instant), instant
    for begin in ["000", *commits[:-1]]:
        expected = spark_rows(snapshot(spark, path, **{
            "hoodie.datasource.query.type": "incremental",
            "hoodie.datasource.read.begin.instanttime": begin}))
        assert hoodie_query(hoodie, path, "--query-type", "incremental", "--begin", begin) == expected, begin


def log_files(path) -> list[str]:
    return sorted(p.name for p in path.rglob(".*.log.*") if not p.name.endswith(".crc"))


def data_blocks(path, name) -> int:
    """The number of blocks in one log file (each starts with the #HUDI# magic)."""
    [log] = list(path.rglob(name))
    return log.read_bytes().count(b"#HUDI#")


def test_spark_reads_hoodie_multi_block_and_rolled_over_logs(spark, hudi_java, hoodie, tmp_path):
    """Spark reads hoodie's MOR table whose updates were split into one-record data blocks and rolled over to a new log version after each block.

    With hoodie.logfile.data.block.max.size=1 and hoodie.logfile.max.size=1 each updated record is its own
    data block in its own log version, each version with its own delta write stat; a later write with
    default sizes continues at the next version. Spark's snapshot, read-optimized, time-travel and
    incremental queries equal hoodie's, and Hudi's meta client reads hoodie's write stats."""
    path = tmp_path / "t" / TABLE
    path.parent.mkdir()
    tiny = {"hoodie.logfile.data.block.max.size": "1", "hoodie.logfile.max.size": "1",
            "hoodie.parquet.small.file.limit": "0"}
    hoodie_write(hoodie, path, "upsert", INSERTS, **tiny)
    hoodie_write(hoodie, path, "upsert", [("a1", "x", 2, 1.0, "p1"), ("a2", "y", 2, 2.0, "p1")], **tiny)
    logs = log_files(path / "p1")
    assert [n.split(".log.")[1].split("_")[0] for n in logs] == ["1", "2"], logs
    assert [data_blocks(path, n) for n in logs] == [1, 1]
    # Below the max log size both one-record blocks share the next version.
    hoodie_write(hoodie, path, "upsert", [("a1", "x2", 3, 1.0, "p1"), ("a2", "y2", 3, 2.0, "p1")],
                 **{"hoodie.logfile.data.block.max.size": "1", "hoodie.parquet.small.file.limit": "0"})
    logs = log_files(path / "p1")
    assert [n.split(".log.")[1].split("_")[0] for n in logs] == ["1", "2", "3"], logs
    assert data_blocks(path, logs[-1]) == 2
    hoodie_write(hoodie, path, "delete", DELETES, **tiny)
    hoodie_write(hoodie, path, "upsert", UPDATES_AGAIN, **tiny)
    assert len(log_files(path / "p1")) == 5
    assert_spark_reads_like_hoodie(spark, hudi_java, hoodie, path)


def test_spark_reads_hoodie_small_file_rewrites_and_log_only_groups(spark, hudi_java, hoodie, tmp_path):
    """Spark reads hoodie's MOR table after BLOOM small-file rewrites and INMEMORY log-only file groups.

    With BLOOM, an upsert's updates and inserts of a partition whose file group has no logs rewrite its base
    file (a new base file version in a deltacommit, as Hudi's merge handle does); a partition whose group
    has logs gets a new base file. With INMEMORY, inserts of new partitions go to log-only file groups.
    Spark reads every view of the table exactly as hoodie does, and Hudi's view lists the same latest base
    files."""
    path = tmp_path / "t" / TABLE
    path.parent.mkdir()
    hoodie_write(hoodie, path, "upsert", INSERTS)
    hoodie_write(hoodie, path, "upsert", [("b1", "carol2", 2, 30.0, "p2")])  # p2 now has a log
    before = {p.name for p in path.rglob("*.parquet")}
    hoodie_write(hoodie, path, "upsert", [("a1", "alice3", 3, 1.0, "p1"), ("a9", "zed", 3, 9.0, "p1"),
                                          ("b9", "yan", 3, 8.0, "p2")])
    new_base = sorted({p.name for p in path.rglob("*.parquet")} - before)
    assert len(new_base) == 2, new_base
    p1_ids = {n.split("_")[0] for n in before if (path / "p1" / n).exists()}
    assert any(n.split("_")[0] in p1_ids for n in new_base), "p1's small file was not rewritten"
    hoodie_write(hoodie, path, "upsert", [("c1", "erin", 4, 5.5, "p3"), ("c2", "fay", 4, 6.5, "p3")],
                 **{"hoodie.index.type": "INMEMORY"})
    assert not list((path / "p3").glob("*.parquet")), "INMEMORY inserts must go to log-only file groups"
    assert list((path / "p3").glob(".*.log.*"))
    assert_spark_reads_like_hoodie(spark, hudi_java, hoodie, path)
    # Every written base file is committed: the newest version of each file group is the latest.
    newest = {}
    for p in path.rglob("*.parquet"):
        key = (p.parent.name, p.name.split("_")[0])
        newest[key] = max(newest.get(key, p.name), p.name, key=lambda n: n.split("_")[2])
    expected = sorted((part, name) for (part, _), name in newest.items())
    assert hudi_java.latest_base_files(path, ["p1", "p2", "p3"]) == expected


def schedule_compaction_by_hand(hudi_java, path, partition, file_id, base_instant, base_file, logs):
    """Writes `T.compaction.requested` for one file group with Hudi's Avro model classes, as a scheduler
    would; returns T (after every instant of the table)."""
    jvm = hudi_java.jvm
    client = hudi_java.meta_client(path)
    last = client.getActiveTimeline().lastInstant().get().getTimestamp()
    instant_time = str(int(last) + 1)
    deltas = jvm.java.util.ArrayList()
    for name in logs:
        deltas.add(name)
    operation = (jvm.org.apache.hudi.avro.model.HoodieCompactionOperation.newBuilder()
                 .setBaseInstantTime(base_instant).setDeltaFilePaths(deltas).setDataFilePath(base_file)
                 .setFileId(file_id).setPartitionPath(partition).setMetrics(jvm.java.util.HashMap()).build())
    operations = jvm.java.util.ArrayList()
    operations.add(operation)
    plan = (jvm.org.apache.hudi.avro.model.HoodieCompactionPlan.newBuilder().setOperations(operations)
            .setVersion(2).build())
    data = jvm.org.apache.hudi.common.table.timeline.TimelineMetadataUtils.serializeCompactionPlan(plan)
    requested = jvm.org.apache.hudi.common.table.timeline.HoodieInstant(
        jvm.org.apache.hudi.common.table.timeline.HoodieInstant.State.REQUESTED, "compaction", instant_time)
    # serializeCompactionPlan already gives an Option<byte[]>.
    client.getActiveTimeline().saveToCompactionRequested(requested, data)
    return instant_time


def test_spark_reads_hoodie_appends_to_a_group_under_pending_compaction(spark, hudi_java, hoodie, tmp_path):
    """hoodie appends updates of a file group under pending compaction to the slice at the compaction instant, and Spark reads the table exactly.

    A compaction plan for p1's file group is written by hand (Hudi's Avro model, as its scheduler writes
    it). hoodie's next upsert writes p1's updates to `.<fileId>_<compactionInstant>.log.1_*` and its new
    p1 record to a new file group (a group under compaction takes no inserts); Hudi's file-system view
    puts that log in the compaction slice; Spark's snapshot and read-optimized queries equal hoodie's. A
    Spark upsert then also finds hoodie's records (no duplicate keys) and hoodie reads Spark's result."""
    path = tmp_path / "t" / TABLE
    path.parent.mkdir()
    hoodie_write(hoodie, path, "upsert", INSERTS)
    hoodie_write(hoodie, path, "upsert", UPDATES)
    [base] = list((path / "p1").glob("*.parquet"))
    file_id, _, base_instant = base.stem.split("_")
    logs = sorted(p.name for p in (path / "p1").glob(".*.log.*"))
    compaction = schedule_compaction_by_hand(hudi_java, path, "p1", file_id, base_instant, base.name, logs)
    hoodie_write(hoodie, path, "upsert", [("a2", "bob4", 4, 7.0, "p1"), ("a7", "gil", 4, 7.5, "p1")])
    new_logs = sorted(p.name for p in (path / "p1").glob(f".{file_id}_{compaction}.log.*"))
    assert len(new_logs) == 1 and ".log.1_" in new_logs[0], new_logs
    assert len(list((path / "p1").glob("*.parquet"))) == 2
    client = hudi_java.meta_client(path)
    view = hudi_java.jvm.org.apache.hudi.common.table.view.HoodieTableFileSystemView(
        client, client.getActiveTimeline().getCommitsAndCompactionTimeline())
    slice_ = view.getLatestFileSlice("p1", file_id).get()
    assert slice_.getBaseInstantTime() == compaction
    assert [f.getFileName() for f in slice_.getLogFiles().toArray()] == new_logs
    view.close()
    assert hoodie_query(hoodie, path) == spark_rows(snapshot(spark, path))
    assert hoodie_query(hoodie, path, "--query-type", "read_optimized") == spark_rows(
        snapshot(spark, path, **{"hoodie.datasource.query.type": "read_optimized"}))
    spark_write(spark, path, [("a1", "alice5", 5, 1.0, "p1"), ("a7", "gil5", 5, 7.5, "p1"),
                              ("b2", "dan5", 5, 4.5, "p2")], "upsert")
    rows = hoodie_query(hoodie, path)
    assert rows == spark_rows(snapshot(spark, path))
    keys = [r[1] for r in rows]
    assert len(keys) == len(set(keys)), keys
    assert sorted(keys) == ["a1", "a2", "a7", "b1", "b2", "c1"]


def test_spark_upsert_tags_records_of_hoodie_mor_logs(spark, hudi_java, hoodie, tmp_path):
    """A Spark upsert into hoodie's MOR table tags the keys hoodie wrote (base files and logs) as updates.

    hoodie inserts, upserts (logs) and soft-deletes nothing; Spark then upserts existing keys and one new
    key: its deltacommit counts the existing keys as updates appended to hoodie's file groups (the next
    log version), the new key as an insert, and hoodie and Spark read the same rows."""
    path = tmp_path / "t" / TABLE
    path.parent.mkdir()
    hoodie_write(hoodie, path, "upsert", INSERTS)
    hoodie_write(hoodie, path, "upsert", UPDATES)
    spark_write(spark, path, [("a1", "alice9", 9, 1.0, "p1"), ("c1", "erin9", 9, 5.5, "p3"),
                              ("b1", "carol9", 9, 3.5, "p2"), ("d1", "new", 9, 1.0, "p4")], "upsert")
    last = hudi_java.completed_commits(path)[-1]
    stats = hudi_java.commit_write_stats(path, last)
    assert sum(int(s["updates"]) for s in stats) == 3, stats
    assert sum(int(s["inserts"]) for s in stats) == 1, stats
    assert hoodie_query(hoodie, path) == spark_rows(snapshot(spark, path))
    keys = [r[1] for r in hoodie_query(hoodie, path)]
    assert sorted(keys) == ["a1", "a2", "b1", "b2", "c1", "d1"]


def test_spark_folds_hoodie_log_records_by_ordering_value(spark, hudi_java, hoodie, tmp_path):
    """A later log update with a smaller ordering value loses to an earlier one in Spark and in hoodie.

    Hudi's merged log scanner folds the log records of a key with the payload's preCombine, so the update
    with ts=6 survives the later one with ts=3, while the base record (ts=9) is replaced by the folded log
    record, as OverwriteWithLatestAvroPayload's combineAndGetUpdateValue ignores ordering."""
    path = tmp_path / "t" / TABLE
    path.parent.mkdir()
    no_small = {"hoodie.parquet.small.file.limit": "0"}
    hoodie_write(hoodie, path, "upsert", [("a1", "x", 9, 1.0, "p1"), ("a2", "y", 9, 2.0, "p1")], **no_small)
    hoodie_write(hoodie, path, "upsert", [("a1", "x6", 6, 1.0, "p1")], **no_small)
    hoodie_write(hoodie, path, "upsert", [("a1", "x3", 3, 1.0, "p1"), ("a2", "y1", 1, 2.0, "p1")], **no_small)
    rows = {r["id"]: r["name"] for r in snapshot(spark, path).collect()}
    assert rows == {"a1": "x6", "a2": "y1"}
    assert_spark_reads_like_hoodie(spark, hudi_java, hoodie, path)
