"""Cleaning across writers: Spark (Hudi 0.15) cleans tables hoodie wrote, hoodie reads and writes on;
`hoodie clean` deletes what Hudi's cleaner deletes and records it as Hudi does.

Spark's automatic cleaning (`hoodie.clean.automatic` with
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


def spark_clean(hudi_java, path, retained):
    """Hudi 0.15's own cleaner (SparkRDDWriteClient.clean) on the table at `path`."""
    jvm = hudi_java.jvm
    clean = (jvm.org.apache.hudi.config.HoodieCleanConfig.newBuilder()
             .withCleanerPolicy(jvm.org.apache.hudi.common.model.HoodieCleaningPolicy.KEEP_LATEST_COMMITS)
             .retainCommits(retained).build())
    client = hudi_java.write_client(path, clean=clean)
    try:
        client.clean()
    finally:
        client.close()


def jlist(values):
    """A Java list (Avro's GenericData.Array too, whose end py4j's iteration misses) as a list."""
    return [values.get(i) for i in range(values.size())]


def clean_records(hudi_java, path):
    """Hudi's own reading of every completed clean of `path`: its plan and its metadata, with the
    table path, instant times and timings taken out so that two copies of a table compare."""
    jvm = hudi_java.jvm
    client = hudi_java.meta_client(path)
    timeline = client.getActiveTimeline().getCleanerTimeline().filterCompletedInstants()
    utils = jvm.org.apache.hudi.common.util.CleanerUtils
    out = []
    for instant in timeline.getInstants():
        requested = jvm.org.apache.hudi.common.table.timeline.HoodieTimeline.getCleanRequestedInstant(
            instant.getTimestamp())
        plan = utils.getCleanerPlan(client, requested)
        metadata = utils.getCleanerMetadata(client, instant)
        files = {}
        for partition, infos in plan.getFilePathsToBeDeletedPerPartition().items():
            files[partition] = sorted(str(i.getFilePath()).replace(str(path), "<table>")
                                      for i in jlist(infos))
        ectr = plan.getEarliestInstantToRetain()
        parts = {}
        for partition, pm in metadata.getPartitionMetadata().items():
            parts[partition] = (pm.getPolicy(), sorted(jlist(pm.getDeletePathPatterns())),
                                sorted(jlist(pm.getSuccessDeleteFiles())),
                                sorted(jlist(pm.getFailedDeleteFiles())), pm.getIsPartitionDeleted())
        out.append({
            "plan_policy": plan.getPolicy(), "plan_version": plan.getVersion(),
            "ectr": None if ectr is None else (ectr.getTimestamp(), ectr.getAction(), ectr.getState()),
            "last_completed": plan.getLastCompletedCommitTimestamp(),
            "files": files, "partitions_to_delete": sorted(jlist(plan.getPartitionsToBeDeleted())),
            "v1_files": dict(plan.getFilesToBeDeletedPerPartition()),
            "total_deleted": metadata.getTotalFilesDeleted(),
            "metadata_ectr": metadata.getEarliestCommitToRetain(),
            "metadata_last_completed": metadata.getLastCompletedCommitTimestamp(),
            "metadata_version": metadata.getVersion(), "partition_metadata": parts,
        })
    return out


def data_files(path):
    return sorted(str(p.relative_to(path)) for p in path.rglob("*")
                  if p.is_file() and ".hoodie" not in p.parts and not p.name.startswith("."))


def test_hoodie_clean_deletes_what_spark_cleans_and_records_it_as_hudi_does(spark, hudi_java, hoodie, tmp_path):
    """The same copy-on-write table, cleaned once by `hoodie clean` and once by Hudi 0.15's cleaner.

    Both keep the same files; Hudi reads hoodie's plan and metadata (CleanerUtils) and finds them equal
    to its own, field by field (paths, instant times and timings aside); Spark reads the same rows from
    both, and Spark's next clean plans incrementally from hoodie's metadata."""
    import shutil

    source = tmp_path / "source"
    rows = [("a1", "alice", 1, "p1"), ("b1", "bob", 1, "p2")]
    hoodie_write(hoodie, tmp_path, source, "upsert", rows)
    for ts in (2, 3, 4, 5):
        hoodie_write(hoodie, tmp_path, source, "upsert", [("a1", f"alice{ts}", ts, "p1")])
    hoodie_write(hoodie, tmp_path, source, "upsert", [("b1", "bob6", 6, "p2")])
    ours, theirs = tmp_path / "ours", tmp_path / "theirs"
    shutil.copytree(source, ours)
    shutil.copytree(source, theirs)
    listing = hoodie.json("clean", "--table", ours, "--hoodie-conf", "hoodie.cleaner.commits.retained=2")
    assert len(listing) == 1 and int(listing[0]["files_deleted"]) > 0, listing
    spark_clean(hudi_java, theirs, 2)
    assert data_files(ours) == data_files(theirs)
    assert len(data_files(ours)) < len(data_files(source))
    ours_records, theirs_records = clean_records(hudi_java, ours), clean_records(hudi_java, theirs)
    for key in ours_records[0]:
        assert ours_records[0][key] == theirs_records[0][key], key
    assert ours_records[0]["total_deleted"] > 0
    assert spark_rows(spark, ours) == spark_rows(spark, theirs) == [
        ("a1", "alice5", 5, "p1", "p1"), ("b1", "bob6", 6, "p2", "p2")]
    # Spark's next clean reads hoodie's metadata for its incremental plan: the partitions written
    # from hoodie's earliest commit to retain on (p1 by alice5 and later, p2 by bob6).
    for ts in (7, 8):
        hoodie_write(hoodie, tmp_path, ours, "upsert", [("a1", f"alice{ts}", ts, "p1")])
    spark_clean(hudi_java, ours, 2)
    cleans = clean_records(hudi_java, ours)
    assert len(cleans) == 2 and sorted(cleans[1]["files"]) == ["p1", "p2"], cleans
    assert hoodie_query_rows(hoodie, ours) == spark_rows(spark, ours)


def test_hoodie_clean_of_merge_on_read_slices_matches_spark(spark, hudi_java, hoodie, tmp_path):
    """A merge-on-read table with three file slices (two compactions between deltacommits), cleaned
    once by `hoodie clean` and once by Hudi 0.15's cleaner: the oldest slice goes with its log file in
    both, and Hudi finds hoodie's plan and metadata equal to its own."""
    import shutil

    source = tmp_path / "source"
    mor = {"hoodie.datasource.write.table.type": "MERGE_ON_READ"}

    def compact():
        hoodie.run("compaction", "run", "--table", source, "--schedule",
                   "--hoodie-conf", "hoodie.compact.inline.max.delta.commits=1")

    hoodie_write(hoodie, tmp_path, source, "upsert", [("a1", "alice", 1, "p1")], mor)
    hoodie_write(hoodie, tmp_path, source, "upsert", [("a1", "alice2", 2, "p1")], mor)
    compact()
    hoodie_write(hoodie, tmp_path, source, "upsert", [("a1", "alice3", 3, "p1")], mor)
    compact()
    hoodie_write(hoodie, tmp_path, source, "upsert", [("a1", "alice4", 4, "p1")], mor)
    ours, theirs = tmp_path / "ours", tmp_path / "theirs"
    shutil.copytree(source, ours)
    shutil.copytree(source, theirs)
    listing = hoodie.json("clean", "--table", ours, "--hoodie-conf", "hoodie.cleaner.commits.retained=2")
    assert len(listing) == 1 and listing[0]["files_deleted"] == "2", listing  # a base file, its log
    spark_clean(hudi_java, theirs, 2)
    assert data_files(ours) == data_files(theirs)
    ours_records, theirs_records = clean_records(hudi_java, ours), clean_records(hudi_java, theirs)
    assert len(ours_records) == len(theirs_records) == 1
    for key in ours_records[0]:
        assert ours_records[0][key] == theirs_records[0][key], key
    assert spark_rows(spark, ours) == spark_rows(spark, theirs) == [("a1", "alice4", 4, "p1", "p1")]
