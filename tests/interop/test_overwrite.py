"""Replace commits (insert_overwrite, insert_overwrite_table, delete_partition) against real Apache Hudi 0.15.

Both directions:
  * hoodie writes the replacecommits, Spark reads snapshots and time travel, and Hudi's own meta client and
    file-system view load the timeline and the replaced file groups;
  * Spark writes them, hoodie reads the rows back.
Global-index partition moves are checked the same way: hoodie moves, Spark reads.
Every check compares exact rows.
"""

from __future__ import annotations

import json

import pytest
from conftest import hoodie_rows, snapshot

SCHEMA = "id string, name string, ts long, part string"
BASE_ROWS = [("a1", "alice", 1, "p1"), ("a2", "bob", 1, "p1"), ("b1", "carol", 1, "p2"), ("c1", "dave", 1, "p3")]
COMMON_CONF = {
    "hoodie.table.name": "t",
    "hoodie.datasource.write.recordkey.field": "id",
    "hoodie.datasource.write.partitionpath.field": "part",
    "hoodie.datasource.write.precombine.field": "ts",
    "hoodie.datasource.write.keygenerator.class": "org.apache.hudi.keygen.SimpleKeyGenerator",
}


def hoodie_write(hoodie, tmp_path, path, op, rows, conf=None):
    """`hoodie write --op OP` of `rows` (tuples of SCHEMA); returns the instant written."""
    args = ["write", "--table", path, "--op", op]
    if rows is not None:
        data = tmp_path / f"in-{op}-{len(list(tmp_path.iterdir()))}.json"
        data.write_text("".join(json.dumps(dict(zip(("id", "name", "ts", "part"), r))) + "\n" for r in rows))
        args += ["--input", data, "--format", "json"]
    for key, value in {**COMMON_CONF, **(conf or {})}.items():
        args += ["--hoodie-conf", f"{key}={value}"]
    summary = hoodie.json(*args)
    assert summary["committed"] == "true", summary
    return summary


def spark_rows(spark, path, **options):
    df = snapshot(spark, path, **options)
    return sorted((r.id, r.name, r.ts, r.part, r._hoodie_partition_path)
                  for r in df.select("id", "name", "ts", "part", "_hoodie_partition_path").collect())


def with_path(rows):
    return sorted((*r, r[3]) for r in rows)


def hoodie_query_rows(hoodie, path, *extra):
    proc = hoodie.run("query", path, "--columns", "id,name,ts,part,_hoodie_partition_path", "--format", "json",
                      *extra)
    out = []
    for line in proc.stdout.splitlines():
        line = line.strip().rstrip(",")
        if line.startswith("{"):
            r = json.loads(line)
            out.append((r["id"], r["name"], int(r["ts"]), r["part"], r["_hoodie_partition_path"]))
    return sorted(out)


def java_replace_metadata(hudi_java, path, instant):
    """partitionToReplaceFileIds and operationType of a completed replacecommit, as Hudi reads them."""
    jvm = hudi_java.jvm
    timeline = hudi_java.meta_client(path).getActiveTimeline().getCompletedReplaceTimeline()
    matches = [i for i in timeline.getInstants() if i.getTimestamp() == instant]
    assert len(matches) == 1, f"Hudi lists no completed replacecommit {instant}"
    details = timeline.getInstantDetails(matches[0]).get()
    cls = jvm.org.apache.hudi.common.model.HoodieReplaceCommitMetadata().getClass()
    md = jvm.org.apache.hudi.common.model.HoodieReplaceCommitMetadata.fromBytes(details, cls)
    replaced = {p: sorted(ids) for p, ids in md.getPartitionToReplaceFileIds().items()}
    return md.getOperationType().name(), replaced


def java_latest_file_ids(hudi_java, path, partitions):
    """File ids of the latest base files per partition in Hudi's own file-system view."""
    jvm = hudi_java.jvm
    client = hudi_java.meta_client(path)
    timeline = client.getActiveTimeline().getCommitsTimeline().filterCompletedInstants()
    view = jvm.org.apache.hudi.common.table.view.HoodieTableFileSystemView(client, timeline)
    out = {}
    for p in partitions:
        it = view.getLatestBaseFiles(p).iterator()
        ids = []
        while it.hasNext():
            ids.append(it.next().getFileId())
        out[p] = sorted(ids)
    return out


def latest_file_ids(hoodie, path, instant):
    return {r["partition"]: r["file"].rsplit("/", 1)[-1].split("_", 1)[0] for r in hoodie_rows(hoodie, path, instant)}


def test_hoodie_replace_commits_read_by_spark(spark, hudi_java, hoodie, tmp_path):
    """hoodie writes insert_overwrite, insert_overwrite_table and delete_partition; Spark reads exact rows.

    After each replacecommit Spark's snapshot holds exactly the expected rows, time travel (`as.of.instant`) to
    every earlier instant still shows the replaced file groups' rows, Hudi's meta client lists the replacecommits
    with hoodie's operation and partitionToReplaceFileIds, and Hudi's file-system view hides the replaced groups."""
    path = tmp_path / "t"
    t1 = hoodie_write(hoodie, tmp_path, path, "upsert", BASE_ROWS)["instant"]
    first_ids = latest_file_ids(hoodie, path, t1)

    overwrite = [("a9", "zed", 2, "p1"), ("a1", "alice2", 2, "p1")]
    s2 = hoodie_write(hoodie, tmp_path, path, "insert_overwrite", overwrite)
    t2 = s2["instant"]
    assert s2["files_replaced"] == "1"
    after_2 = with_path(overwrite + BASE_ROWS[2:])
    assert spark_rows(spark, path) == after_2
    assert spark_rows(spark, path, **{"as.of.instant": t1}) == with_path(BASE_ROWS)
    assert java_replace_metadata(hudi_java, path, t2) == ("INSERT_OVERWRITE", {"p1": [first_ids["p1"]]})
    # Hudi decodes hoodie's requested file as the empty HoodieRequestedReplaceMetadata it writes itself.
    requested = (path / ".hoodie" / f"{t2}.replacecommit.requested").read_bytes()
    decoded = hudi_java.jvm.org.apache.hudi.common.table.timeline.TimelineMetadataUtils \
        .deserializeRequestedReplaceMetadata(bytearray(requested))
    assert (decoded.getOperationType(), decoded.getClusteringPlan(), decoded.getExtraMetadata(),
            decoded.getVersion()) == (None, None, None, None)
    # hoodie's timeline adds a row per partition with replaced groups; the write stats match Hudi's.
    assert [r for r in hoodie_rows(hoodie, path, t2) if r["file"]] == hudi_java.commit_write_stats(path, t2)
    second_ids = latest_file_ids(hoodie, path, t2)
    assert java_latest_file_ids(hudi_java, path, ["p1", "p2", "p3"]) == {
        "p1": [second_ids["p1"]], "p2": [first_ids["p2"]], "p3": [first_ids["p3"]]}

    s3 = hoodie_write(hoodie, tmp_path, path, "delete_partition", None,
                      {"hoodie.datasource.write.partitions.to.delete": "p2,p*3"})
    t3 = s3["instant"]
    assert s3["files_replaced"] == "2"
    assert spark_rows(spark, path) == with_path(overwrite)
    assert spark_rows(spark, path, **{"as.of.instant": t2}) == after_2
    assert java_replace_metadata(hudi_java, path, t3) == (
        "DELETE_PARTITION", {"p2": [first_ids["p2"]], "p3": [first_ids["p3"]]})

    table_rows = [("d1", "erin", 3, "p4")]
    t4 = hoodie_write(hoodie, tmp_path, path, "insert_overwrite_table", table_rows)["instant"]
    assert spark_rows(spark, path) == with_path(table_rows)
    assert spark_rows(spark, path, **{"as.of.instant": t3}) == with_path(overwrite)
    assert spark_rows(spark, path, **{"as.of.instant": t1}) == with_path(BASE_ROWS)
    # Every partition the table had is listed, the emptied ones with no file ids; the new one is not.
    assert java_replace_metadata(hudi_java, path, t4) == (
        "INSERT_OVERWRITE_TABLE", {"p1": [second_ids["p1"]], "p2": [], "p3": []})
    assert hudi_java.active_instants(path) == [
        (t1, "commit", "COMPLETED"), (t2, "replacecommit", "COMPLETED"),
        (t3, "replacecommit", "COMPLETED"), (t4, "replacecommit", "COMPLETED")]
    assert java_latest_file_ids(hudi_java, path, ["p1", "p2", "p3"]) == {"p1": [], "p2": [], "p3": []}
    # hoodie reads its own table the same way.
    assert hoodie_query_rows(hoodie, path) == with_path(table_rows)
    assert hoodie_query_rows(hoodie, path, "--as-of", t2) == after_2


def spark_options(op, **extra):
    return {
        **COMMON_CONF,
        "hoodie.datasource.write.operation": op,
        "hoodie.metadata.enable": "false",
        "hoodie.clean.automatic": "false",
        "hoodie.insert.shuffle.parallelism": "2",
        "hoodie.upsert.shuffle.parallelism": "2",
        **extra,
    }


def test_spark_replace_commits_read_by_hoodie(spark, hoodie, tmp_path):
    """Spark writes insert_overwrite, delete_partition and insert_overwrite_table; hoodie reads exact rows.

    hoodie's snapshot after each Spark replacecommit, and its time travel to each earlier instant, return
    exactly Spark's own rows."""
    path = str(tmp_path / "t")

    def spark_write(op, rows, **extra):
        df = spark.createDataFrame(rows, SCHEMA)
        df.write.format("hudi").options(**spark_options(op, **extra)).mode("append").save(path)
        return max(r["instant"] for r in hoodie.timeline(path, "--instants-only"))

    t1 = spark_write("upsert", BASE_ROWS)
    assert hoodie_query_rows(hoodie, path) == with_path(BASE_ROWS)
    overwrite = [("a9", "zed", 2, "p1")]
    t2 = spark_write("insert_overwrite", overwrite)
    after_2 = with_path(overwrite + BASE_ROWS[2:])
    assert hoodie_query_rows(hoodie, path) == spark_rows(spark, path) == after_2
    assert hoodie_query_rows(hoodie, path, "--as-of", t1) == with_path(BASE_ROWS)
    t3 = spark_write("delete_partition", [("b1", "carol", 1, "p2")])
    assert hoodie_query_rows(hoodie, path) == spark_rows(spark, path) == with_path(overwrite + BASE_ROWS[3:])
    # The listed partitions win over those of the records.
    t4 = spark_write("delete_partition", [("a9", "zed", 2, "p1")],
                     **{"hoodie.datasource.write.partitions.to.delete": "p3"})
    assert hoodie_query_rows(hoodie, path) == spark_rows(spark, path) == with_path(overwrite)
    table_rows = [("d1", "erin", 3, "p4")]
    spark_write("insert_overwrite_table", table_rows)
    assert hoodie_query_rows(hoodie, path) == spark_rows(spark, path) == with_path(table_rows)
    assert hoodie_query_rows(hoodie, path, "--as-of", t2) == after_2
    assert hoodie_query_rows(hoodie, path, "--as-of", t3) == with_path(overwrite + BASE_ROWS[3:])
    assert hoodie_query_rows(hoodie, path, "--as-of", t4) == with_path(overwrite)
    ops = [r["operation"] for r in hoodie.timeline(path) if r["action"] == "replacecommit"]
    assert {"INSERT_OVERWRITE", "DELETE_PARTITION", "INSERT_OVERWRITE_TABLE"} <= set(ops)


def global_conf(index, update_partition_path):
    key = ("hoodie.bloom.index.update.partition.path" if index == "GLOBAL_BLOOM"
           else "hoodie.simple.index.update.partition.path")
    return {"hoodie.index.type": index, key: update_partition_path}


def stored_rows(path, partition):
    """(id, part, _hoodie_partition_path) of the latest base file of a partition, as stored."""
    import pyarrow.parquet as pq

    latest = max((p for p in (path / partition).glob("*.parquet")), key=lambda p: p.name.rsplit("_", 1)[-1])
    table = pq.read_table(latest, columns=["id", "part", "_hoodie_partition_path"])
    return sorted(zip(*(table.column(c).to_pylist() for c in ("id", "part", "_hoodie_partition_path"))))


@pytest.mark.parametrize("index", ["GLOBAL_BLOOM", "GLOBAL_SIMPLE"])
@pytest.mark.parametrize("update_partition_path", ["true", "false"])
def test_hoodie_global_index_partition_move_read_by_spark(spark, hoodie, tmp_path, index, update_partition_path):
    """hoodie upserts a record into a new partition with a global index; Spark reads where it ended up.

    With `*.update.partition.path=true` the record leaves its old partition and lives in the new one; with
    false it is updated in place: the old file group holds it with its old `_hoodie_partition_path` and the
    new column values (as Hudi writes it), and Spark shows the partition column from the path. A later Spark
    upsert with the same index finds it there, so the table never holds the key twice."""
    path = tmp_path / "t"
    conf = global_conf(index, update_partition_path)
    hoodie_write(hoodie, tmp_path, path, "upsert", BASE_ROWS, conf)
    hoodie_write(hoodie, tmp_path, path, "upsert", [("a1", "alice2", 2, "p2")], conf)
    moves = update_partition_path == "true"
    where = "p2" if moves else "p1"
    others = with_path(BASE_ROWS[1:])
    assert spark_rows(spark, path) == sorted([("a1", "alice2", 2, where, where)] + others)
    if moves:
        assert stored_rows(path, "p1") == [("a2", "p1", "p1")]
        assert hoodie_query_rows(hoodie, path) == spark_rows(spark, path)
    else:
        assert stored_rows(path, "p1") == [("a1", "p2", "p1"), ("a2", "p1", "p1")]
    # Spark with the same index settings updates the record where hoodie put it.
    spark.createDataFrame([("a1", "alice3", 3, "p2")], SCHEMA).write.format("hudi").options(
        **spark_options("upsert", **conf)).mode("append").save(str(path))
    assert spark_rows(spark, path) == sorted([("a1", "alice3", 3, where, where)] + others)


@pytest.mark.parametrize("table_type", ["COPY_ON_WRITE", "MERGE_ON_READ"])
def test_hoodie_reads_in_place_global_update_like_spark(spark, hoodie, tmp_path, table_type):
    """A record a global index updated in its old partition reads the same in hoodie as in Spark.

    The stored row keeps the incoming partition column value (`p2`) in partition `p1`. Spark's base-file-only
    reads (copy-on-write snapshot and time travel, read-optimized) fill the partition column from the path
    (`p1`); merge-on-read snapshots and incremental reads return the stored `p2`. hoodie's `query` returns
    exactly Spark's rows in every mode, and a filter on the partition column sees the same values."""
    path = tmp_path / "t"
    conf = {**global_conf("GLOBAL_SIMPLE", "false"), "hoodie.datasource.write.table.type": table_type}
    first = hoodie_write(hoodie, tmp_path, path, "upsert", BASE_ROWS, conf)["instant"]
    second = hoodie_write(hoodie, tmp_path, path, "upsert", [("a1", "alice2", 2, "p2")], conf)["instant"]
    shown = "p1" if table_type == "COPY_ON_WRITE" else "p2"
    expected = sorted([("a1", "alice2", 2, shown, "p1")] + with_path(BASE_ROWS[1:]))
    assert spark_rows(spark, path) == expected
    assert hoodie_query_rows(hoodie, path) == expected
    read_optimized = {"hoodie.datasource.query.type": "read_optimized"}
    assert hoodie_query_rows(hoodie, path, "--query-type", "read_optimized") == spark_rows(
        spark, path, **read_optimized)
    for instant in (first, second):
        assert hoodie_query_rows(hoodie, path, "--as-of", instant) == spark_rows(
            spark, path, **{"as.of.instant": instant})
    incremental = {"hoodie.datasource.query.type": "incremental", "hoodie.datasource.read.begin.instanttime": "000"}
    assert hoodie_query_rows(hoodie, path, "--query-type", "incremental", "--begin", "000") == spark_rows(
        spark, path, **incremental) == sorted([("a1", "alice2", 2, "p2", "p1")] + with_path(BASE_ROWS[1:]))
    # Filters on the partition column: Spark prunes partitions by their path values, then filters rows.
    for op, spark_op in (("=", "="), ("!=", "<>")):
        for part in ("p1", "p2"):
            for options, args in (({}, ()), (incremental, ("--query-type", "incremental", "--begin", "000"))):
                spark_ids = sorted(r.id for r in snapshot(spark, path, **options).where(
                    f"part {spark_op} '{part}'").select("id").collect())
                hoodie_ids = [r[0] for r in hoodie_query_rows(hoodie, path, "--where", f"part{op}{part}", *args)]
                assert hoodie_ids == spark_ids, (op, part, args)


def test_stale_partition_move_with_default_payload_matches_spark(spark, hoodie, tmp_path):
    """With DefaultHoodieRecordPayload, an older record for a new partition leaves the stored one in place.

    hoodie and Spark each write the same two upserts with GLOBAL_SIMPLE and `update.partition.path=true`;
    the stored record (larger `ts`) stays in its partition, rewritten by the second commit in both."""
    conf = {**global_conf("GLOBAL_SIMPLE", "true"),
            "hoodie.datasource.write.payload.class": "org.apache.hudi.common.model.DefaultHoodieRecordPayload"}
    first, stale = [("a1", "alice", 5, "p1")], [("a1", "old", 1, "p2")]

    def k1_row(path):
        latest = max(r["instant"] for r in hoodie.timeline(path, "--instants-only"))
        rows = snapshot(spark, path).select("_hoodie_commit_time", "_hoodie_partition_path", "name", "ts").collect()
        return [(r._hoodie_commit_time == latest, r._hoodie_partition_path, r.name, r.ts) for r in rows]

    ours = tmp_path / "hoodie"
    for rows in (first, stale):
        hoodie_write(hoodie, tmp_path, ours, "upsert", rows, conf)
    theirs = str(tmp_path / "spark")
    for rows in (first, stale):
        spark.createDataFrame(rows, SCHEMA).write.format("hudi").options(
            **spark_options("upsert", **conf)).mode("append").save(theirs)
    assert k1_row(theirs) == [(True, "p1", "alice", 5)]
    assert k1_row(ours) == k1_row(theirs)
