"""Archival across writers: hoodie archives as Hudi 0.15's HoodieTimelineArchiver does, Hudi loads
hoodie's archive, hoodie lists Spark's.

hoodie's automatic archival after each commit (and `hoodie archive`) moves old instants of the active
timeline into `.hoodie/archived/.commits_.archive.N_1-0-1` log files of HoodieArchivedMetaEntry records.
Hudi's own archiver, run on a copy of the same table with the same settings, must leave the same
active timeline and archive the same records; Hudi's HoodieArchivedTimeline must load hoodie's archive
with every instant's details; Spark must still read every query type exactly.
"""

from __future__ import annotations

import json
import shutil

import pytest
from test_overwrite import hoodie_query_rows, hoodie_write, spark_rows

# The data table's own archival, as Hudi's runs it without a metadata table (with one, archival
# waits on the metadata table's compaction: test_metadata_table_writes covers that rule).
RETENTION = {"hoodie.cleaner.commits.retained": "1", "hoodie.keep.min.commits": "2",
             "hoodie.keep.max.commits": "3", "hoodie.metadata.enable": "false"}


def hudi_archived(hudi_java, path):
    """(time, action, state) of every instant of Hudi's own HoodieArchivedTimeline of `path`."""
    jvm = hudi_java.jvm
    archived = jvm.org.apache.hudi.common.table.timeline.HoodieArchivedTimeline(hudi_java.meta_client(path))
    archived.loadCompletedInstantDetailsInMemory()
    return sorted((i.getTimestamp(), i.getAction(), i.getState().name()) for i in archived.getInstants())


def hudi_archived_commit_files(hudi_java, path):
    """Per completed archived commit, the file ids Hudi reads from the archived details."""
    jvm = hudi_java.jvm
    archived = jvm.org.apache.hudi.common.table.timeline.HoodieArchivedTimeline(hudi_java.meta_client(path), "0")
    md_class = jvm.org.apache.hudi.common.model.HoodieCommitMetadata().getClass()
    out = {}
    for instant in archived.getCommitsTimeline().filterCompletedInstants().getInstants():
        details = archived.getInstantDetails(instant).get()
        md = jvm.org.apache.hudi.common.model.HoodieCommitMetadata.fromBytes(details, md_class)
        out[instant.getTimestamp()] = sorted(str(s.getFileId()) for s in md.getWriteStats())
    return out


def hoodie_archived(hoodie, path):
    return hoodie.json("timeline", "show", path, "--archived")


def spark_archive(hudi_java, path, table_type, conf):
    """Hudi 0.15's own archiver (SparkRDDWriteClient.archive) with the retention of `conf`."""
    jvm = hudi_java.jvm
    clean = (jvm.org.apache.hudi.config.HoodieCleanConfig.newBuilder()
             .retainCommits(int(conf["hoodie.cleaner.commits.retained"])).build())
    archival = (jvm.org.apache.hudi.config.HoodieArchivalConfig.newBuilder()
                .archiveCommitsWith(int(conf["hoodie.keep.min.commits"]),
                                    int(conf["hoodie.keep.max.commits"])).build())
    compaction = (jvm.org.apache.hudi.config.HoodieCompactionConfig.newBuilder()
                  .withMaxNumDeltaCommitsBeforeCompaction(int(conf.get("hoodie.compact.inline.max.delta.commits", "5")))
                  .build())
    client = hudi_java.write_client(path, clean=clean, archival=archival, compaction=compaction)
    try:
        client.archive()
    finally:
        client.close()


def active_files(path):
    return sorted(p.name for p in (path / ".hoodie").iterdir() if p.is_file() and p.name[0].isdigit())


def comparable_records(hoodie, path):
    """hoodie's reading of the archive, with the table's own path taken out of plan file paths."""
    rows = hoodie_archived(hoodie, path)
    return sorted((r["instant"], r["action"], r["state"], r["metadata_field"],
                   r["metadata"].replace(str(path), "<table>")) for r in rows)


def test_hoodie_archives_automatically_and_hudi_loads_the_archive(spark, hudi_java, hoodie, tmp_path):
    """Eight hoodie upserts with keep.min=2, keep.max=3 and one retained commit: the active timeline stays
    bounded, Hudi's HoodieArchivedTimeline loads every archived instant state with the details of every
    archived commit, and Spark reads the table, and writes it, exactly."""
    path = tmp_path / "t"
    archived = []
    for ts in range(1, 9):
        summary = hoodie_write(hoodie, tmp_path, path, "upsert", [(f"a{ts % 3}", f"n{ts}", ts, "p1")], RETENTION)
        archived += [a for a in summary["archived"].split(",") if a]
    assert archived, "no automatic archival ran"
    commits_left = [i for i in hudi_java.active_instants(path) if i[1] == "commit" and i[2] == "COMPLETED"]
    assert len(commits_left) <= 3, commits_left
    ours = sorted((r["instant"], r["action"], r["state"]) for r in hoodie_archived(hoodie, path))
    assert hudi_archived(hudi_java, path) == ours
    assert sorted({t for t, _, _ in ours}) == sorted(archived)
    files = hudi_archived_commit_files(hudi_java, path)
    assert sorted(files) == sorted(t for t, a, s in ours if a == "commit" and s == "COMPLETED")
    assert all(len(ids) == 1 for ids in files.values()), files
    expected = [("a0", "n6", 6, "p1", "p1"), ("a1", "n7", 7, "p1", "p1"), ("a2", "n8", 8, "p1", "p1")]
    assert spark_rows(spark, path) == expected == hoodie_query_rows(hoodie, path)
    # Spark writes on with its own archival; hoodie then lists both writers' archive files.
    spark.createDataFrame([("a1", "s9", 9, "p1")], "id string, name string, ts long, part string") \
        .write.format("hudi").options(**{
            "hoodie.table.name": "t", "hoodie.datasource.write.recordkey.field": "id",
            "hoodie.datasource.write.partitionpath.field": "part", "hoodie.datasource.write.precombine.field": "ts",
            "hoodie.datasource.write.operation": "upsert", "hoodie.metadata.enable": "false",
            **RETENTION}).mode("append").save(str(path))
    for ts in (10, 11):
        hoodie_write(hoodie, tmp_path, path, "upsert", [("a2", f"n{ts}", ts, "p1")], RETENTION)
    ours = sorted((r["instant"], r["action"], r["state"]) for r in hoodie_archived(hoodie, path))
    assert hudi_archived(hudi_java, path) == ours
    assert len(list((path / ".hoodie" / "archived").glob(".commits_.archive.*"))) >= 3


@pytest.mark.parametrize("table_type", ["COPY_ON_WRITE", "MERGE_ON_READ"])
def test_hoodie_archive_matches_hudi_archiver(spark, hudi_java, hoodie, tmp_path, table_type):
    """The same table archived once by `hoodie archive` and once by Hudi 0.15's archiver: both leave the
    same active timeline files, archive the same records (every state file of every archived instant,
    with its plan or metadata in Avro form, field for field), and Spark reads the same rows."""
    source = tmp_path / "source"
    conf = {"hoodie.datasource.write.table.type": table_type, "hoodie.archive.automatic": "false",
            "hoodie.cleaner.commits.retained": "1", "hoodie.metadata.enable": "false"}
    if table_type == "MERGE_ON_READ":
        conf.update({"hoodie.compact.inline": "true", "hoodie.compact.inline.max.delta.commits": "2"})
    for ts in range(1, 9):
        hoodie_write(hoodie, tmp_path, source, "upsert",
                     [(f"a{ts % 2}", f"n{ts}", ts, "p1"), (f"b{ts % 3}", f"m{ts}", ts, "p2")], conf)
    ours, theirs = tmp_path / "ours", tmp_path / "theirs"
    shutil.copytree(source, ours)
    shutil.copytree(source, theirs)
    archive_conf = {**RETENTION, "hoodie.compact.inline.max.delta.commits": "2"}
    args = ["archive", "--table", ours]
    for key, value in archive_conf.items():
        args += ["--hoodie-conf", f"{key}={value}"]
    listing = hoodie.json(*args)
    assert listing, "hoodie archived nothing"
    spark_archive(hudi_java, theirs, table_type, archive_conf)
    assert active_files(ours) == active_files(theirs)
    assert len(active_files(ours)) < len(active_files(source))
    assert comparable_records(hoodie, ours) == comparable_records(hoodie, theirs)
    assert hudi_archived(hudi_java, ours) == hudi_archived(hudi_java, theirs)
    assert spark_rows(spark, ours) == spark_rows(spark, theirs)
    if table_type == "MERGE_ON_READ":
        ro = {"hoodie.datasource.query.type": "read_optimized"}
        assert spark_rows(spark, ours, **ro) == spark_rows(spark, theirs, **ro)


def test_truncated_archive_block_is_skipped_as_hudi_skips_it(spark, hoodie, tmp_path, hudi_java):
    """An archive file cut short (a partial last block) is read as Hudi's reader reads it: the corrupt block
    is skipped and the blocks before it load, the same instants on both sides; the active timeline is not
    touched, and writing and reading go on."""
    path = tmp_path / "t"
    conf = {**RETENTION, "hoodie.commits.archival.batch": "2"}
    for ts in range(1, 7):
        hoodie_write(hoodie, tmp_path, path, "upsert", [("a1", f"n{ts}", ts, "p1")], conf)
    files = sorted((path / ".hoodie" / "archived").glob(".commits_.archive.*"))
    assert files
    before = sorted((r["instant"], r["action"], r["state"]) for r in hoodie_archived(hoodie, path))
    active = active_files(path)
    last = files[-1]
    data = last.read_bytes()
    last.write_bytes(data[: len(data) - 40])
    ours = sorted((r["instant"], r["action"], r["state"]) for r in hoodie_archived(hoodie, path))
    assert hudi_archived(hudi_java, path) == ours
    assert set(ours) < set(before)
    assert active_files(path) == active
    hoodie_write(hoodie, tmp_path, path, "upsert", [("a1", "n7", 7, "p1")], conf)
    assert spark_rows(spark, path) == [("a1", "n7", 7, "p1", "p1")] == hoodie_query_rows(hoodie, path)


@pytest.mark.parametrize("table_type", ["COPY_ON_WRITE", "MERGE_ON_READ"])
def test_long_run_with_automatic_services_stays_bounded_and_readable(spark, hudi_java, hoodie, tmp_path, table_type):
    """60 hoodie upserts with the services Hudi runs by default (clean, archive; inline compaction on
    merge-on-read) at small retention: the active timeline and the file count stay bounded, and Spark
    reads exactly the expected rows after every tenth commit."""
    path = tmp_path / "t"
    conf = {**RETENTION, "hoodie.datasource.write.table.type": table_type}
    if table_type == "MERGE_ON_READ":
        conf.update({"hoodie.compact.inline": "true", "hoodie.compact.inline.max.delta.commits": "3"})
    expected = {}
    for ts in range(1, 61):
        key, part = f"k{ts % 7}", f"p{ts % 7 % 3}"
        expected[key] = (key, f"n{ts}", ts, part, part)
        summary = hoodie_write(hoodie, tmp_path, path, "upsert", [(key, f"n{ts}", ts, part)], conf)
        if ts % 10 == 0:
            assert spark_rows(spark, path) == sorted(expected.values()), (ts, summary)
    active = [p for p in (path / ".hoodie").iterdir() if p.is_file() and p.name[0].isdigit()]
    assert len(active) < 60, len(active)
    files = [p for p in path.rglob("*") if p.is_file() and ".hoodie" not in p.parts and not p.name.startswith(".")]
    assert len(files) < 60, len(files)
    assert hudi_archived(hudi_java, path)
    assert hoodie_query_rows(hoodie, path) == sorted(expected.values())
