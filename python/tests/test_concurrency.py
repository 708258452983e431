# SPDX-License-Identifier: Apache-2.0
"""hoodie.write beside another writer: a lost write conflict is a WriteConflictError that
leaves nothing behind, retried from data that can be exported again; and the GIL is
released while the engine works (a writer blocked on the table lock lets the Python
thread that frees the lock run)."""

from __future__ import annotations

import subprocess
import threading
import time

import pyarrow as pa
import pytest

import hoodie
from conftest import rows, timeline_files, trip_options, trips

OCC = {
    "hoodie.write.concurrency.mode": "optimistic_concurrency_control",
    "hoodie.cleaner.policy.failed.writes": "LAZY",
    "hoodie.write.lock.provider":
        "org.apache.hudi.client.transaction.lock.FileSystemBasedLockProvider",
    "hoodie.write.lock.client.num_retries": "2000",
    "hoodie.write.lock.client.wait_time_ms_between_retry": "20",
}


def occ_options():
    return {**trip_options(), **OCC}


def cli_upsert(run_hoodie, path, tmp_path, ids, fare, *extra):
    """Upserts `ids` with `fare` through the hoodie tool, another process."""
    records = tmp_path / f"cli-{'-'.join(map(str, ids))}-{fare}.json"
    records.write_text("".join(
        f'{{"id": {i}, "ts": 5, "fare": {fare}, "city": "sf"}}\n' for i in ids))
    confs = [a for k, v in occ_options().items() for a in ("--hoodie-conf", f"{k}={v}")]
    return run_hoodie("write", "--table", str(path), "--input", str(records), *confs, *extra)


class ConflictingData:
    """Data whose first export runs another writer's commit on the same file group as the
    write reads it, so that the write's commit loses the conflict; later exports are plain
    (a retry)."""

    def __init__(self, table: pa.Table, on_first_read):
        self.table, self.on_first_read, self.exports = table, on_first_read, 0

    def __arrow_c_stream__(self, requested_schema=None):
        self.exports += 1
        if self.exports > 1:
            return self.table.__arrow_c_stream__()

        def batches():
            self.on_first_read()  # after the write's instant started: it overlaps
            yield from self.table.to_batches()

        return pa.RecordBatchReader.from_batches(self.table.schema,
                                                 batches()).__arrow_c_stream__()


def test_a_lost_conflict_raises_and_leaves_nothing(tmp_path, run_hoodie):
    path = tmp_path / "t"
    hoodie.write(path, trips([1, 2]), options=occ_options())
    data = ConflictingData(trips([1], ts=9, fare=500.0),
                           lambda: cli_upsert(run_hoodie, path, tmp_path, [1], 70.0))
    with pytest.raises(hoodie.WriteConflictError):
        hoodie.write(path, data, options=occ_options())
    assert data.exports == 1
    # The other writer's commit stands, ours is gone (rolled back, no data left visible).
    assert rows(hoodie.Table(path).to_arrow()) == [(1, 5, 70.0, "sf"), (2, 1, 12.0, "sf")]
    assert all(i["state"] == "COMPLETED" or i["action"] == "rollback"
               for i in hoodie.Table(path).timeline())


def test_a_lost_conflict_is_retried_from_data_exported_again(tmp_path, run_hoodie):
    path = tmp_path / "t"
    hoodie.write(path, trips([1, 2]), options=occ_options())
    data = ConflictingData(trips([1], ts=9, fare=500.0),
                           lambda: cli_upsert(run_hoodie, path, tmp_path, [1], 70.0))
    result = hoodie.write(path, data, options={
        **occ_options(), "hoodie.write.num.retries.on.conflict.failures": 1})
    assert data.exports == 2 and result.updated == 1
    assert rows(hoodie.Table(path).to_arrow()) == [(1, 9, 501.0, "sf"), (2, 1, 12.0, "sf")]


def test_a_stream_cannot_be_retried(tmp_path, run_hoodie):
    path = tmp_path / "t"
    hoodie.write(path, trips([1, 2]), options=occ_options())
    table = trips([1], ts=9, fare=500.0)

    def batches():
        cli_upsert(run_hoodie, path, tmp_path, [1], 70.0)
        yield from table.to_batches()

    reader = pa.RecordBatchReader.from_batches(table.schema, batches())
    with pytest.raises(hoodie.HoodieError, match="read only once"):
        hoodie.write(path, reader, options={
            **occ_options(), "hoodie.write.num.retries.on.conflict.failures": 1})
    assert rows(hoodie.Table(path).to_arrow()) == [(1, 5, 70.0, "sf"), (2, 1, 12.0, "sf")]


def test_the_gil_is_released_while_a_write_waits_for_the_lock(tmp_path, hoodie_bin):
    """The tool holds the table lock until a file exists; only a Python thread creates it.
    Were the GIL held while hoodie.write waits for the lock, that thread could never run
    and the write would fail with a lock timeout instead of committing."""
    path = tmp_path / "t"
    hoodie.write(path, trips([1]), options=occ_options())
    release = tmp_path / "release"
    records = tmp_path / "cli.json"
    records.write_text('{"id": 2, "ts": 1, "fare": 2.0, "city": "sf"}\n')
    confs = [a for k, v in occ_options().items() for a in ("--hoodie-conf", f"{k}={v}")]
    holder = subprocess.Popen([hoodie_bin, "write", "--table", str(path), "--input",
                               str(records), "--pause-holding-lock", str(release), *confs],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    lock_file = path / ".hoodie" / "lock"
    for _ in range(3000):  # until the tool holds the lock
        if lock_file.exists() or holder.poll() is not None:
            break
        time.sleep(0.01)
    assert lock_file.exists(), holder.communicate()

    writing = threading.Event()

    def free_the_lock():
        writing.wait()
        # Let hoodie.write reach the lock (its instant's start takes it), where it waits
        # with the GIL released; held, this thread would never run again.
        time.sleep(0.2)
        release.touch()

    freer = threading.Thread(target=free_the_lock)
    freer.start()
    writing.set()
    # Another partition: the two writes share no file group, so neither conflicts.
    result = hoodie.write(path, trips([3], city="la"), options=occ_options())
    freer.join()
    assert holder.wait(timeout=60) == 0, holder.communicate()
    assert result.inserted == 1
    assert [r[0] for r in rows(hoodie.Table(path).to_arrow())] == [1, 2, 3]
