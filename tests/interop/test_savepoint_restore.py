"""Savepoint and restore across writers: `hoodie savepoint create` writes what Hudi 0.15 reads as its
own savepoint (and its cleaner honours), `hoodie restore` leaves the table Hudi's restore leaves, and
Spark reads the restored table exactly.
"""

from __future__ import annotations

import shutil

import pytest
from test_cleaning import data_files, spark_clean
from test_overwrite import hoodie_query_rows, hoodie_write, spark_rows

NO_SERVICES = {"hoodie.clean.automatic": "false", "hoodie.archive.automatic": "false"}


def hudi_savepoint(hudi_java, path, instant):
    """Hudi's own reading of `instant.savepoint`: partition -> sorted file names."""
    jvm = hudi_java.jvm
    timeline = hudi_java.meta_client(path).getActiveTimeline().getSavePointTimeline().filterCompletedInstants()
    found = [i for i in timeline.getInstants() if i.getTimestamp() == instant]
    assert len(found) == 1, f"Hudi lists no savepoint {instant}"
    md = jvm.org.apache.hudi.common.table.timeline.TimelineMetadataUtils.deserializeHoodieSavepointMetadata(
        timeline.getInstantDetails(found[0]).get())
    out = {}
    for partition, pm in md.getPartitionMetadata().items():
        files = pm.getSavepointDataFile()
        out[partition] = sorted(files.get(i) for i in range(files.size()))
    return md.getSavepointedBy(), out


def hudi_restore_metadata(hudi_java, path):
    jvm = hudi_java.jvm
    timeline = hudi_java.meta_client(path).getActiveTimeline().getRestoreTimeline().filterCompletedInstants()
    restores = list(timeline.getInstants())
    assert len(restores) == 1, restores
    md = jvm.org.apache.hudi.common.table.timeline.TimelineMetadataUtils.deserializeHoodieRestoreMetadata(
        timeline.getInstantDetails(restores[0]).get())
    rolled = md.getInstantsToRollback()
    return sorted(rolled.get(i) for i in range(rolled.size()))


def spark_restore(hudi_java, path, instant):
    """Hudi 0.15's own restore (SparkRDDWriteClient.restoreToSavepoint)."""
    client = hudi_java.write_client(path)
    try:
        client.restoreToSavepoint(instant)
    finally:
        client.close()


def commits_of(hudi_java, path):
    return hudi_java.completed_commits(path)


@pytest.mark.parametrize("table_type", ["COPY_ON_WRITE", "MERGE_ON_READ"])
def test_hoodie_savepoint_and_restore_match_hudi(spark, hudi_java, hoodie, tmp_path, table_type):
    """hoodie savepoints the second of six commits: Hudi reads the savepoint with the files of that
    commit's latest slices; `hoodie restore` and Hudi's restoreToSavepoint on a copy leave the same data
    files and the same last commit, Hudi reads hoodie's restore metadata, and Spark reads the rows of the
    savepointed commit from both."""
    source = tmp_path / "source"
    conf = {**NO_SERVICES, "hoodie.datasource.write.table.type": table_type}
    instants = []
    for ts in range(1, 7):
        rows = [(f"a{ts % 2}", f"n{ts}", ts, "p1"), (f"b{ts}", f"m{ts}", ts, "p2")]
        instants.append(hoodie_write(hoodie, tmp_path, source, "upsert", rows, conf)["instant"])
    target = instants[1]
    as_of = spark_rows(spark, source, **{"as.of.instant": target})
    created = hoodie.json("savepoint", "create", "--table", source, "--instant", target, "--comment", "c")
    assert created[0]["savepoint"] == target, created
    by, files = hudi_savepoint(hudi_java, source, target)
    assert by == "hoodie"
    assert sorted(files) == ["p1", "p2"] and all(files.values()), files
    assert [r["savepoint"] for r in hoodie.json("savepoint", "show", "--table", source)] == [target]
    ours, theirs = tmp_path / "ours", tmp_path / "theirs"
    shutil.copytree(source, ours)
    shutil.copytree(source, theirs)
    summary = hoodie.json("restore", "--table", ours, "--instant", target)
    assert summary["rolled_back"].split(",") == list(reversed(instants[2:])), summary
    spark_restore(hudi_java, theirs, target)
    assert data_files(ours) == data_files(theirs)
    assert commits_of(hudi_java, ours)[-1] == commits_of(hudi_java, theirs)[-1] == target
    assert hudi_restore_metadata(hudi_java, ours) == hudi_restore_metadata(hudi_java, theirs) == instants[2:]
    assert spark_rows(spark, ours) == spark_rows(spark, theirs) == as_of == hoodie_query_rows(hoodie, ours)
    # Writing goes on after the restore, on both sides.
    hoodie_write(hoodie, tmp_path, ours, "upsert", [("a1", "after", 9, "p1")], conf)
    assert ("a1", "after", 9, "p1", "p1") in spark_rows(spark, ours)


def test_hudi_cleaner_keeps_hoodie_savepoint_and_restore_refuses_what_is_gone(spark, hudi_java, hoodie, tmp_path):
    """Hudi's cleaner keeps the files of hoodie's savepoint; a restore to a commit the cleaner no longer
    retains (and that no savepoint kept) is refused with the rule, and the table is unchanged."""
    path = tmp_path / "t"
    instants = [hoodie_write(hoodie, tmp_path, path, "upsert", [("a1", f"n{ts}", ts, "p1")], NO_SERVICES)["instant"]
                for ts in range(1, 6)]
    hoodie.json("savepoint", "create", "--table", path, "--instant", instants[1])
    _, saved = hudi_savepoint(hudi_java, path, instants[1])
    spark_clean(hudi_java, path, 1)
    left = {p.name for p in (path / "p1").iterdir()}
    assert set(saved["p1"]) <= left
    before = data_files(path)
    proc = hoodie.run("restore", "--table", path, "--instant", instants[0], check=False)
    assert proc.returncode != 0 and "the last clean retains commits from" in proc.stderr, proc.stderr
    assert data_files(path) == before
    summary = hoodie.json("restore", "--table", path, "--instant", instants[1])
    assert summary["restored_to"] == instants[1]
    assert spark_rows(spark, path) == [("a1", "n2", 2, "p1", "p1")]
    # Hudi's own savepoint API sees none left after hoodie deletes it.
    assert hoodie.json("savepoint", "delete", "--table", path, "--instant", instants[1])["deleted"] == "true"
    assert not [i for i in hudi_java.active_instants(path) if i[1] == "savepoint"]


def test_cleaning_after_a_deleted_savepoint_matches_hudi(spark, hudi_java, hoodie, tmp_path):
    """A partitioned table with a savepoint, then the savepoint deleted and only another partition
    written: Hudi 0.15 records the savepoint in the clean's extraMetadata and its next incremental
    clean goes back to the savepointed commit's partition. hoodie's cleans, run on one copy, and
    Hudi's, run on the other, record the savepoint alike and leave the same files."""
    source = tmp_path / "source"
    instants = [hoodie_write(hoodie, tmp_path, source, "upsert", [("a1", f"n{ts}", ts, "p1")], NO_SERVICES)["instant"]
                for ts in range(1, 5)]
    hoodie.json("savepoint", "create", "--table", source, "--instant", instants[1])
    ours, theirs = tmp_path / "ours", tmp_path / "theirs"
    shutil.copytree(source, ours)
    shutil.copytree(source, theirs)
    clean = lambda path: hoodie.json("clean", "--table", path, "--hoodie-conf", "hoodie.cleaner.commits.retained=1")
    for path, run_clean in ((ours, clean), (theirs, lambda p: spark_clean(hudi_java, p, 1))):
        run_clean(path)
        extra = hudi_java.jvm.org.apache.hudi.common.util.CleanerUtils.getCleanerMetadata(
            hudi_java.meta_client(path),
            hudi_java.meta_client(path).getActiveTimeline().getCleanerTimeline().lastInstant().get()).getExtraMetadata()
        assert dict(extra or {}) == {"savepointed_timestamps": instants[1]}, path
        hoodie_write(hoodie, tmp_path, path, "upsert", [("b1", "m1", 1, "p2")], NO_SERVICES)
        run_clean(path)
        hoodie.json("savepoint", "delete", "--table", path, "--instant", instants[1])
        hoodie_write(hoodie, tmp_path, path, "upsert", [("b1", "m2", 2, "p2")], NO_SERVICES)
        run_clean(path)
    savepointed = [f for f in data_files(source) if f.startswith("p1/") and f.endswith(f"_{instants[1]}.parquet")]
    assert len(savepointed) == 1
    p1 = lambda path: [f for f in data_files(path) if f.startswith("p1/")]
    assert p1(ours) == p1(theirs) == [f for f in data_files(source) if f.endswith(f"_{instants[3]}.parquet")]
    assert spark_rows(spark, ours) == spark_rows(spark, theirs)
