# SPDX-License-Identifier: Apache-2.0
"""The table services of hoodie.Table: compact, clean, archive, savepoint, restore and
rollback, each checked by what it leaves behind: the rows read back, the active
timeline and the files on disk."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Dict, List

import pytest

import hoodie
from conftest import rows, timeline_files, trip_options, trips


def no_auto_clean(table_type: str = "COPY_ON_WRITE", **extra: str) -> Dict[str, str]:
    """The trips options with automatic cleaning off, so old file versions pile up."""
    options = trip_options(table_type)
    options["hoodie.clean.automatic"] = "false"
    options.update(extra)
    return options


def completed(instant: str, action: str) -> Dict[str, str]:
    return {"instant": instant, "action": action, "state": "COMPLETED"}


def base_files(path: Path, partition: str = "sf") -> List[str]:
    """The parquet base files of a partition, as full paths, sorted."""
    folder = Path(path) / partition
    return sorted(str(f) for f in folder.iterdir() if f.name.endswith(".parquet"))


def files_of(path: Path, instant: str, partition: str = "sf") -> List[str]:
    """The base files a commit wrote in a partition."""
    return [f for f in base_files(path, partition) if f.endswith(f"_{instant}.parquet")]


# -- compaction -----------------------------------------------------------------------


def test_compact_merge_on_read_replaces_logs_with_new_base_files(tmp_path):
    path = tmp_path / "trips"
    options = trip_options("MERGE_ON_READ")
    first = hoodie.write(path, trips([1, 2, 3]), options=options)
    second = hoodie.write(path, trips([1, 2], ts=2, fare=100.0), options=options)
    assert second.compactions == []

    table = hoodie.Table(path)
    assert table.timeline() == [completed(first, "deltacommit"), completed(second, "deltacommit")]
    [before] = table.file_slices()
    assert before["partition"] == "sf"
    assert before["base_instant"] == first
    assert before["base_file"].endswith(f"_{first}.parquet")
    assert len(before["log_files"]) == 1
    assert os.path.basename(before["log_files"][0]).startswith(f".{before['file_id']}_{first}.log.1")
    assert before["log_files_size"] > 0

    merged = [(1, 2, 101.0, "sf"), (2, 2, 102.0, "sf"), (3, 1, 13.0, "sf")]
    assert rows(table.to_arrow()) == merged
    # The read-optimized view reads base files only: the updates in the log are not seen.
    assert rows(table.read_optimized()) == [(1, 1, 11.0, "sf"), (2, 1, 12.0, "sf"), (3, 1, 13.0, "sf")]

    result = table.compact(options={"hoodie.compact.inline.max.delta.commits": "1"})
    compacted = result["compacted"]
    assert isinstance(compacted, str) and compacted > second
    assert result["pending_completed"] == []
    assert isinstance(result["reason"], str)

    table = hoodie.Table(path)
    assert table.timeline() == [
        completed(first, "deltacommit"),
        completed(second, "deltacommit"),
        completed(compacted, "commit"),
    ]
    assert f"{compacted}.commit" in timeline_files(path)
    [after] = table.file_slices()
    assert after["file_id"] == before["file_id"]
    assert after["base_instant"] == compacted
    assert after["base_file"].endswith(f"_{compacted}.parquet")
    assert os.path.exists(after["base_file"])
    assert after["log_files"] == []
    assert after["log_files_size"] == 0
    assert rows(table.to_arrow()) == merged
    assert rows(table.read_optimized()) == merged


def test_compact_not_due_schedules_nothing(tmp_path):
    path = tmp_path / "trips"
    options = trip_options("MERGE_ON_READ")
    first = hoodie.write(path, trips([1, 2]), options=options)
    second = hoodie.write(path, trips([1], ts=2, fare=50.0), options=options)
    files_before = timeline_files(path)

    # The default trigger is 10 deltacommits; there are two.
    result = hoodie.Table(path).compact()
    assert result["compacted"] is None
    assert result["pending_completed"] == []
    assert isinstance(result["reason"], str) and result["reason"]
    assert "not met" in result["reason"]

    table = hoodie.Table(path)
    assert timeline_files(path) == files_before
    assert table.timeline() == [completed(first, "deltacommit"), completed(second, "deltacommit")]
    [file_slice] = table.file_slices()
    assert file_slice["base_instant"] == first
    assert len(file_slice["log_files"]) == 1
    assert rows(table.to_arrow()) == [(1, 2, 51.0, "sf"), (2, 1, 12.0, "sf")]


def test_compact_copy_on_write_is_refused(tmp_path):
    path = tmp_path / "trips"
    hoodie.write(path, trips([1]), options=trip_options())
    with pytest.raises(hoodie.HoodieError, match="MERGE_ON_READ"):
        hoodie.Table(path).compact()


# -- clean ----------------------------------------------------------------------------


def test_clean_dry_run_then_clean_deletes_old_file_versions(tmp_path):
    path = tmp_path / "trips"
    options = no_auto_clean()
    commits = [
        hoodie.write(path, trips([1, 2, 3], ts=i, fare=10.0 * i), options=options)
        for i in range(1, 5)
    ]
    assert all(commit.cleans == [] for commit in commits)
    assert len(base_files(path)) == 4
    clean_options = {"hoodie.cleaner.commits.retained": "1"}
    expected_rows = [(1, 4, 41.0, "sf"), (2, 4, 42.0, "sf"), (3, 4, 43.0, "sf")]

    table = hoodie.Table(path)
    planned = table.clean(dry_run=True, options=clean_options)
    # Retaining one commit keeps the latest version and the one before it (the version
    # a query as of the earliest retained commit's predecessor reads), as Hudi's
    # KEEP_LATEST_COMMITS does: the first two versions go.
    old = files_of(path, commits[0]) + files_of(path, commits[1])
    assert len(old) == 2
    assert sorted(entry["path"] for entry in planned) == sorted(old)
    assert all(entry["partition"] == "sf" for entry in planned)
    assert all(os.path.exists(p) for p in old)
    assert len(base_files(path)) == 4
    assert hoodie.Table(path).timeline() == [completed(c, "commit") for c in commits]

    [clean] = table.clean(options=clean_options)
    assert clean["files_deleted"] == len(planned)
    assert clean["earliest_commit_to_retain"] == commits[3]
    assert clean["clean"] > commits[3]
    assert not any(os.path.exists(entry["path"]) for entry in planned)
    assert base_files(path) == sorted(files_of(path, commits[2]) + files_of(path, commits[3]))

    table = hoodie.Table(path)
    assert table.timeline() == [completed(c, "commit") for c in commits] + [
        completed(clean["clean"], "clean")
    ]
    assert rows(table.to_arrow()) == expected_rows


def test_clean_keeps_savepointed_files(tmp_path):
    path = tmp_path / "trips"
    options = no_auto_clean()
    commits = [
        hoodie.write(path, trips([1, 2], ts=i, fare=10.0 * i), options=options)
        for i in range(1, 5)
    ]
    table = hoodie.Table(path)
    assert table.savepoint(commits[0]) == commits[0]

    [clean] = table.clean(options={"hoodie.cleaner.commits.retained": "1"})
    # Only the second version goes: the first is savepointed.
    assert clean["files_deleted"] == 1
    assert base_files(path) == sorted(
        files_of(path, commits[0]) + files_of(path, commits[2]) + files_of(path, commits[3])
    )
    assert rows(hoodie.Table(path).to_arrow()) == [(1, 4, 41.0, "sf"), (2, 4, 42.0, "sf")]
    # The savepointed version is still there to restore to.
    result = hoodie.Table(path).restore(commits[0])
    assert sorted(result["rolled_back"]) == commits[1:]
    assert rows(hoodie.Table(path).to_arrow()) == [(1, 1, 11.0, "sf"), (2, 1, 12.0, "sf")]


# -- archive --------------------------------------------------------------------------

ARCHIVE_OPTIONS = {
    "hoodie.keep.min.commits": "2",
    "hoodie.keep.max.commits": "3",
    "hoodie.cleaner.commits.retained": "1",
}
# A table service with the metadata table on (the default) creates it, as Hudi's write
# client does; the tables written without one keep it off in their services too.
NO_METADATA = {"hoodie.metadata.enable": "false"}


def test_archive_moves_old_commits_off_the_active_timeline(tmp_path):
    path = tmp_path / "trips"
    # Without a metadata table, archival is bounded by keep.min/keep.max only.
    options = no_auto_clean(**{"hoodie.metadata.enable": "false"})
    commits = [
        hoodie.write(path, trips([1, 2, 3], ts=i, fare=10.0 * i), options=options)
        for i in range(1, 7)
    ]
    assert all(commit.archived == [] for commit in commits)
    expected_rows = [(1, 6, 61.0, "sf"), (2, 6, 62.0, "sf"), (3, 6, 63.0, "sf")]

    archived = hoodie.Table(path).archive({**ARCHIVE_OPTIONS, **NO_METADATA})
    # Six commits exceed keep.max (3): the oldest are archived down to keep.min (2),
    # each with its requested, inflight and completed state files.
    assert archived == [
        {"instant": commit, "action": "commit", "state": state}
        for commit in commits[:4]
        for state in ("REQUESTED", "INFLIGHT", "COMPLETED")
    ]

    table = hoodie.Table(path)
    assert table.timeline() == [completed(commits[4], "commit"), completed(commits[5], "commit")]
    assert not any(name.startswith(tuple(commits[:4])) for name in timeline_files(path))
    archive_files = os.listdir(path / ".hoodie" / "archived")
    assert len(archive_files) == 1 and archive_files[0].startswith(".commits_.archive.")
    assert rows(table.to_arrow()) == expected_rows

    # Nothing more to archive: two commits are within keep.min.
    assert hoodie.Table(path).archive({**ARCHIVE_OPTIONS, **NO_METADATA}) == []
    assert hoodie.Table(path).timeline() == table.timeline()


def test_archive_after_clean_archives_commits_and_clean_stays(tmp_path):
    path = tmp_path / "trips"
    options = no_auto_clean(**{"hoodie.metadata.enable": "false"})
    commits = [
        hoodie.write(path, trips([1, 2], ts=i, fare=10.0 * i), options=options)
        for i in range(1, 7)
    ]
    # Opened with the metadata table off, the clean does not create one (which would
    # hold archival back until its first compaction).
    table = hoodie.Table(path, options=NO_METADATA)
    [clean] = table.clean(options=ARCHIVE_OPTIONS)
    assert clean["files_deleted"] == 4
    assert not (path / ".hoodie" / "metadata").exists()

    archived = table.archive(ARCHIVE_OPTIONS)
    assert sorted({entry["instant"] for entry in archived}) == commits[:4]
    assert {entry["action"] for entry in archived} == {"commit"}

    table = hoodie.Table(path)
    assert table.timeline() == [
        completed(commits[4], "commit"),
        completed(commits[5], "commit"),
        completed(clean["clean"], "clean"),
    ]
    assert rows(table.to_arrow()) == [(1, 6, 61.0, "sf"), (2, 6, 62.0, "sf")]


def test_archive_waits_for_metadata_table_compaction(tmp_path):
    path = tmp_path / "trips"
    # With the metadata table on (the default) and not yet compacted, Hudi archives
    # nothing: only instants before the metadata table's latest compaction may go.
    commits = [
        hoodie.write(path, trips([1], ts=i), options=no_auto_clean()) for i in range(1, 7)
    ]
    files_before = timeline_files(path)
    assert hoodie.Table(path).archive(ARCHIVE_OPTIONS) == []
    assert timeline_files(path) == files_before
    assert hoodie.Table(path).timeline() == [completed(c, "commit") for c in commits]


def test_clean_call_option_keeps_metadata_table_off(tmp_path):
    path = tmp_path / "trips"
    options = no_auto_clean(**NO_METADATA)
    for i in range(1, 4):
        hoodie.write(path, trips([1, 2], ts=i), options=options)
    [clean] = hoodie.Table(path).clean(
        options={"hoodie.cleaner.commits.retained": "1", **NO_METADATA}
    )
    assert clean["files_deleted"] == 1
    assert not (path / ".hoodie" / "metadata").exists()


def test_archive_refuses_keep_max_not_above_keep_min(tmp_path):
    path = tmp_path / "trips"
    hoodie.write(path, trips([1]), options=trip_options())
    with pytest.raises(hoodie.InvalidOptionError, match="hoodie.keep.max.commits"):
        hoodie.Table(path).archive(
            {"hoodie.keep.min.commits": "3", "hoodie.keep.max.commits": "2"}
        )


# -- savepoint and restore ------------------------------------------------------------


def test_savepoint_then_restore_returns_to_the_savepointed_rows(tmp_path, run_hoodie):
    path = tmp_path / "trips"
    options = trip_options()
    first = hoodie.write(path, trips([1, 2, 3]), options=options)
    first_rows = [(1, 1, 11.0, "sf"), (2, 1, 12.0, "sf"), (3, 1, 13.0, "sf")]

    table = hoodie.Table(path)
    assert table.savepoint(first, user="alice", comment="before the fare change") == first
    assert table.timeline() == [completed(first, "commit"), completed(first, "savepoint")]
    shown = json.loads(run_hoodie("-o", "json", "savepoint", "show", "--table", str(path)).stdout)
    assert [(s["savepoint"], s["savepointed_by"], s["comments"]) for s in shown] == [
        (first, "alice", "before the fare change")
    ]

    second = hoodie.write(path, trips([2, 3, 4], ts=2, fare=20.0), options=options)
    third = hoodie.write(path, trips([5], ts=3, fare=30.0, city="la"), options=options)
    assert rows(hoodie.Table(path).to_arrow()) == [
        (1, 1, 11.0, "sf"),
        (2, 2, 22.0, "sf"),
        (3, 2, 23.0, "sf"),
        (4, 2, 24.0, "sf"),
        (5, 3, 35.0, "la"),
    ]

    result = hoodie.Table(path).restore(first)
    assert result["restored_to"] == first
    assert sorted(result["rolled_back"]) == [second, third]
    assert result["restore"] > third

    table = hoodie.Table(path)
    assert rows(table.to_arrow()) == first_rows
    assert table.timeline() == [
        completed(first, "commit"),
        completed(first, "savepoint"),
        completed(result["restore"], "restore"),
    ]
    assert files_of(path, second) == [] and files_of(path, third, "la") == []
    assert files_of(path, first) != []


def test_savepoint_defaults_to_latest_commit(tmp_path):
    path = tmp_path / "trips"
    options = trip_options()
    hoodie.write(path, trips([1]), options=options)
    latest = hoodie.write(path, trips([2]), options=options)
    table = hoodie.Table(path)
    assert table.savepoint() == latest
    assert completed(latest, "savepoint") in hoodie.Table(path).timeline()


def test_restore_to_a_retained_commit_without_savepoint(tmp_path):
    path = tmp_path / "trips"
    options = trip_options()
    first = hoodie.write(path, trips([1, 2]), options=options)
    second = hoodie.write(path, trips([2], ts=2, fare=50.0), options=options)
    result = hoodie.Table(path).restore(first)
    assert result["restored_to"] == first
    assert result["rolled_back"] == [second]
    table = hoodie.Table(path)
    assert rows(table.to_arrow()) == [(1, 1, 11.0, "sf"), (2, 1, 12.0, "sf")]
    assert table.timeline() == [completed(first, "commit"), completed(result["restore"], "restore")]


# -- rollback -------------------------------------------------------------------------


def test_rollback_latest_commit(tmp_path):
    path = tmp_path / "trips"
    options = trip_options()
    first = hoodie.write(path, trips([1, 2, 3]), options=options)
    second = hoodie.write(path, trips([2, 4], ts=2, fare=20.0), options=options)
    assert rows(hoodie.Table(path).to_arrow()) == [
        (1, 1, 11.0, "sf"),
        (2, 2, 22.0, "sf"),
        (3, 1, 13.0, "sf"),
        (4, 2, 24.0, "sf"),
    ]
    second_files = files_of(path, second)
    assert len(second_files) == 1

    [rollback] = hoodie.Table(path).rollback(second)
    assert rollback["rolled_back"] == [second]
    assert rollback["files_deleted"] == 1
    assert rollback["rollback"] > second

    table = hoodie.Table(path)
    assert rows(table.to_arrow()) == [(1, 1, 11.0, "sf"), (2, 1, 12.0, "sf"), (3, 1, 13.0, "sf")]
    assert table.timeline() == [completed(first, "commit"), completed(rollback["rollback"], "rollback")]
    assert not os.path.exists(second_files[0])
    assert base_files(path) == files_of(path, first)
    assert not any(name.startswith(second) for name in timeline_files(path))


def test_rollback_merge_on_read_deltacommit(tmp_path):
    path = tmp_path / "trips"
    options = trip_options("MERGE_ON_READ")
    first = hoodie.write(path, trips([1, 2]), options=options)
    second = hoodie.write(path, trips([1], ts=2, fare=90.0), options=options)
    assert rows(hoodie.Table(path).to_arrow()) == [(1, 2, 91.0, "sf"), (2, 1, 12.0, "sf")]

    [rollback] = hoodie.Table(path).rollback(second)
    assert rollback["rolled_back"] == [second]
    table = hoodie.Table(path)
    assert rows(table.to_arrow()) == [(1, 1, 11.0, "sf"), (2, 1, 12.0, "sf")]
    assert table.timeline() == [
        completed(first, "deltacommit"),
        completed(rollback["rollback"], "rollback"),
    ]


def test_rollback_without_instant_rolls_back_an_inflight_write(tmp_path, run_hoodie):
    path = tmp_path / "trips"
    options = trip_options()
    first = hoodie.write(path, trips([1, 2, 3]), options=options)
    first_rows = [(1, 1, 11.0, "sf"), (2, 1, 12.0, "sf"), (3, 1, 13.0, "sf")]

    records = tmp_path / "updates.json"
    records.write_text(
        json.dumps({"id": 1, "ts": 5, "fare": 99.0, "city": "sf"})
        + "\n"
        + json.dumps({"id": 7, "ts": 5, "fare": 77.0, "city": "la"})
        + "\n"
    )
    args = ["write", "--table", str(path), "--op", "upsert", "--input", str(records)]
    args += ["--format", "json", "--no-commit"]
    for key, value in options.items():
        args += ["--hoodie-conf", f"{key}={value}"]
    run_hoodie(*args)

    table = hoodie.Table(path)
    timeline = table.timeline()
    assert len(timeline) == 2 and timeline[0] == completed(first, "commit")
    inflight = timeline[1]
    assert inflight["action"] == "commit" and inflight["state"] == "INFLIGHT"
    assert inflight["instant"] > first
    pending = inflight["instant"]
    # The inflight write is not visible, though its files are on disk.
    assert rows(table.to_arrow()) == first_rows
    written = files_of(path, pending) + files_of(path, pending, "la")
    assert len(written) == 2

    [rollback] = table.rollback()
    assert rollback["rolled_back"] == [pending]
    assert rollback["files_deleted"] == 2

    table = hoodie.Table(path)
    assert table.timeline() == [completed(first, "commit"), completed(rollback["rollback"], "rollback")]
    assert not any(name.startswith(pending) for name in timeline_files(path))
    assert not any(os.path.exists(f) for f in written)
    assert rows(table.to_arrow()) == first_rows

    # No failed write is left: a second rollback does nothing.
    assert hoodie.Table(path).rollback() == []
    assert hoodie.Table(path).timeline() == table.timeline()


def test_rollback_of_a_commit_with_later_commits_is_refused(tmp_path):
    path = tmp_path / "trips"
    options = trip_options()
    first = hoodie.write(path, trips([1]), options=options)
    second = hoodie.write(path, trips([1], ts=2), options=options)
    with pytest.raises(hoodie.HoodieError, match=second):
        hoodie.Table(path).rollback(first)
    assert hoodie.Table(path).timeline() == [completed(first, "commit"), completed(second, "commit")]


# -- bad input ------------------------------------------------------------------------


@pytest.mark.parametrize(
    "call",
    [
        lambda t: t.compact(options={"hoodie.no.such.key": "1"}),
        lambda t: t.clean(options={"hoodie.no.such.key": "1"}),
        lambda t: t.clean(dry_run=True, options={"hoodie.no.such.key": "1"}),
        lambda t: t.archive({"hoodie.no.such.key": "1"}),
        lambda t: t.rollback(None, options={"hoodie.no.such.key": "1"}),
        lambda t: t.restore(t.timeline()[0]["instant"], options={"hoodie.no.such.key": "1"}),
    ],
    ids=["compact", "clean", "clean_dry_run", "archive", "rollback", "restore"],
)
def test_unknown_service_option_is_refused(tmp_path, call):
    path = tmp_path / "trips"
    options = trip_options("MERGE_ON_READ")
    hoodie.write(path, trips([1, 2]), options=options)
    hoodie.write(path, trips([1], ts=2), options=options)
    table = hoodie.Table(path)
    before = table.timeline()
    with pytest.raises(hoodie.InvalidOptionError, match="hoodie.no.such.key"):
        call(table)
    assert hoodie.Table(path).timeline() == before
    assert rows(hoodie.Table(path).to_arrow()) == [(1, 2, 11.0, "sf"), (2, 1, 12.0, "sf")]


def test_malformed_service_option_is_refused(tmp_path):
    path = tmp_path / "trips"
    hoodie.write(path, trips([1]), options=trip_options())
    with pytest.raises(hoodie.InvalidOptionError, match="hoodie.cleaner.commits.retained"):
        hoodie.Table(path).clean(options={"hoodie.cleaner.commits.retained": "many"})


def test_restore_to_a_missing_instant_fails(tmp_path):
    path = tmp_path / "trips"
    first = hoodie.write(path, trips([1]), options=trip_options())
    missing = "20200101000000000"
    with pytest.raises(hoodie.HoodieError, match=missing):
        hoodie.Table(path).restore(missing)
    table = hoodie.Table(path)
    assert table.timeline() == [completed(first, "commit")]
    assert rows(table.to_arrow()) == [(1, 1, 11.0, "sf")]


@pytest.mark.parametrize("service", ["rollback", "savepoint"])
def test_a_service_on_a_missing_instant_fails(tmp_path, service):
    path = tmp_path / "trips"
    first = hoodie.write(path, trips([1]), options=trip_options())
    missing = "20200101000000000"
    with pytest.raises(hoodie.HoodieError, match=missing):
        getattr(hoodie.Table(path), service)(missing)
    assert hoodie.Table(path).timeline() == [completed(first, "commit")]
