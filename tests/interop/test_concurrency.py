"""Optimistic concurrency control between Spark (Hudi 0.15) and hoodie writers of one table.

Both sides run `hoodie.write.concurrency.mode=optimistic_concurrency_control` with the LAZY failed-writes
policy, locking with FileSystemBasedLockProvider or with ZookeeperBasedLockProvider on a real ZooKeeper server.
Spark's FileSystemBasedLockProvider and hoodie's share `.hoodie/lock`, and their ZooKeeper providers share
Curator's lock nodes under `<base_path>/<table name>`: a lock Spark's provider holds keeps hoodie from committing
(exit code 4, naming the lock and its holder), and a lock hoodie holds keeps Spark's provider out. A write that
overlaps a commit made since it began loses its conflict check on either side: Spark raises
HoodieWriteConflictException, hoodie exits 3 and leaves nothing. Writers running side by side on different file
groups all commit, and Spark reads a table equal to the model of the committed writes.
"""

from __future__ import annotations

import json
import subprocess
import threading
import time
from dataclasses import dataclass
from typing import Callable

import pytest

from table_model import KEY_SPECS, Inputs, TableModel, make_row, row_set, spark_read, spark_write

SPEC = KEY_SPECS["simple"]
TABLE = "occ"
OCC = {
    "hoodie.write.concurrency.mode": "optimistic_concurrency_control",
    "hoodie.cleaner.policy.failed.writes": "LAZY",
    "hoodie.write.lock.client.num_retries": "600",
    "hoodie.write.lock.client.wait_time_ms_between_retry": "100",
    "hoodie.metadata.enable": "false",
}
FILE_LOCK = {**OCC, "hoodie.write.lock.provider":
             "org.apache.hudi.client.transaction.lock.FileSystemBasedLockProvider"}
# A lock of the writer's own process only: a writer that commits whatever lock file is held.
OWN_LOCK = {**OCC, "hoodie.write.lock.provider":
            "org.apache.hudi.client.transaction.lock.InProcessLockProvider"}
COLUMNS = ("id", "ts", "part")
ZOOKEEPER_PROVIDER = "org.apache.hudi.client.transaction.lock.ZookeeperBasedLockProvider"
HIVE_METASTORE_PROVIDER = "org.apache.hudi.hive.transaction.lock.HiveMetastoreBasedLockProvider"


def hoodie_args(path, input_file, confs: dict[str, str], *extra: str) -> list[str]:
    args = ["-o", "json", "write", "--table", str(path), "--op", "upsert", "--input", str(input_file),
            "--format", "parquet", *extra]
    for k, v in {"hoodie.table.name": TABLE, **SPEC.options(), **confs}.items():
        args += ["--hoodie-conf", f"{k}={v}"]
    return args


def seeded_table(hoodie, tmp_path, records: int, confs: dict[str, str] = FILE_LOCK):
    """A table hoodie made with `records` records (version 1), its input folder and its model."""
    path = tmp_path / "t"
    inputs = Inputs(tmp_path / "in")
    model = TableModel(SPEC)
    seed = [make_row(n, 1) for n in range(records)]
    out = json.loads(hoodie.run(*hoodie_args(path, inputs.write(seed), confs)).stdout)
    model.apply("upsert", out["instant"], seed)
    return path, inputs, model


def java_file_lock(spark, path):
    """Hudi's own FileSystemBasedLockProvider for the table, made in Spark's JVM."""
    jvm = spark._jvm
    props = jvm.org.apache.hudi.common.config.TypedProperties()
    props.setProperty("hoodie.base.path", str(path))
    props.setProperty("hoodie.write.lock.filesystem.expire", "0")
    config = jvm.org.apache.hudi.common.config.LockConfiguration(props)
    storage_conf = jvm.org.apache.hudi.storage.hadoop.HadoopStorageConfiguration(spark._jsc.hadoopConfiguration())
    return jvm.org.apache.hudi.client.transaction.lock.FileSystemBasedLockProvider(config, storage_conf)


def zookeeper_lock_confs(zookeeper: str, base_path: str) -> dict[str, str]:
    """OCC with ZookeeperBasedLockProvider; the lock key is the table's name on both sides (Hudi 0.15 infers
    it from hoodie.table.name)."""
    return {**OCC, "hoodie.write.lock.provider": ZOOKEEPER_PROVIDER,
            "hoodie.write.lock.zookeeper.url": zookeeper,
            "hoodie.write.lock.zookeeper.base_path": base_path}


def java_zookeeper_lock(spark, zookeeper: str, base_path: str):
    """Hudi's own ZookeeperBasedLockProvider (Curator's InterProcessMutex) on the table's lock, in Spark's JVM."""
    jvm = spark._jvm
    props = jvm.org.apache.hudi.common.config.TypedProperties()
    for key, value in {"hoodie.write.lock.zookeeper.url": zookeeper,
                       "hoodie.write.lock.zookeeper.base_path": base_path,
                       "hoodie.write.lock.zookeeper.lock_key": TABLE,
                       "hoodie.write.lock.zookeeper.session_timeout_ms": "60000",
                       "hoodie.write.lock.zookeeper.connection_timeout_ms": "15000",
                       "hoodie.write.lock.num_retries": "3",
                       "hoodie.write.lock.wait_time_ms_between_retry": "1000",
                       "hoodie.write.lock.max_wait_time_ms_between_retry": "5000"}.items():
        props.setProperty(key, value)
    config = jvm.org.apache.hudi.common.config.LockConfiguration(props)
    storage_conf = jvm.org.apache.hudi.storage.hadoop.HadoopStorageConfiguration(spark._jsc.hadoopConfiguration())
    return jvm.org.apache.hudi.client.transaction.lock.ZookeeperBasedLockProvider(config, storage_conf)


def hive_metastore_lock_confs(uri: str, table: str) -> dict[str, str]:
    """OCC with HiveMetastoreBasedLockProvider on Hive table default.<table>."""
    return {**OCC, "hoodie.write.lock.provider": HIVE_METASTORE_PROVIDER,
            "hoodie.write.lock.hivemetastore.uris": uri,
            "hoodie.write.lock.hivemetastore.database": "default",
            "hoodie.write.lock.hivemetastore.table": table}


def java_hive_metastore_lock(spark, uri: str, table: str):
    """Hudi's own HiveMetastoreBasedLockProvider (Spark's Hive 2.3.9 Metastore client) in Spark's JVM."""
    jvm = spark._jvm
    props = jvm.org.apache.hudi.common.config.TypedProperties()
    for key, value in {"hoodie.write.lock.hivemetastore.uris": uri,
                       "hoodie.write.lock.hivemetastore.database": "default",
                       "hoodie.write.lock.hivemetastore.table": table,
                       "hoodie.write.lock.num_retries": "3",
                       "hoodie.write.lock.wait_time_ms_between_retry": "1000"}.items():
        props.setProperty(key, value)
    config = jvm.org.apache.hudi.common.config.LockConfiguration(props)
    storage_conf = jvm.org.apache.hudi.storage.hadoop.HadoopStorageConfiguration(spark._jsc.hadoopConfiguration())
    return jvm.org.apache.hudi.hive.transaction.lock.HiveMetastoreBasedLockProvider(config, storage_conf)


def try_lock(lock, spark, wait_ms: int) -> bool:
    """A provider's tryLock: Hudi's ZooKeeper provider throws HoodieLockException where the file one returns
    false."""
    from py4j.protocol import Py4JJavaError

    try:
        return bool(lock.tryLock(wait_ms, spark._jvm.java.util.concurrent.TimeUnit.MILLISECONDS))
    except Py4JJavaError as e:
        if "HoodieLockException" in str(e.java_exception.getClass().getName()):
            return False
        raise


@dataclass
class LockKind:
    """One lock provider as both sides configure it, and Hudi's own provider on the same lock."""
    confs: dict[str, str]
    java_lock: Callable[[object], object]  # table path -> Hudi's provider in Spark's JVM


@pytest.fixture(params=["filesystem", "zookeeper", "hive_metastore"])
def lock_kind(request, spark, tmp_path) -> LockKind:
    if request.param == "filesystem":
        return LockKind(FILE_LOCK, lambda path: java_file_lock(spark, path))
    if request.param == "hive_metastore":
        uri = request.getfixturevalue("hive_metastore")
        table = f"occ_{tmp_path.name}".replace("-", "_")
        return LockKind(hive_metastore_lock_confs(uri, table), lambda path: java_hive_metastore_lock(spark, uri, table))
    zookeeper = request.getfixturevalue("zookeeper")
    base_path = f"/hoodie-interop/{tmp_path.name}"
    return LockKind(zookeeper_lock_confs(zookeeper, base_path),
                    lambda path: java_zookeeper_lock(spark, zookeeper, base_path))


def wait_for_new_inflight(path, before: set[str], timeout: float = 120.0) -> str:
    deadline = time.time() + timeout
    while time.time() < deadline:
        for name in inflights(path) - before:
            return name.split(".")[0]
        time.sleep(0.05)
    raise AssertionError("no writer reached its inflight instant")


def inflights(path) -> set[str]:
    """The pending instants' inflight files (a completed instant keeps its `T.inflight`)."""
    done = {f.name.split(".")[0] for f in (path / ".hoodie").iterdir()
            if f.is_file() and not f.name.startswith(".") and not f.name.endswith((".inflight", ".requested"))}
    return {f.name for f in (path / ".hoodie").iterdir()
            if f.name.endswith(".inflight") and f.name.split(".")[0] not in done}


def completed(path) -> list[str]:
    return sorted(f.name.split(".")[0] for f in (path / ".hoodie").iterdir() if f.name.endswith(".commit"))


def test_spark_lock_file_keeps_hoodie_from_writing(spark, hoodie, tmp_path):
    """While Hudi's FileSystemBasedLockProvider holds `.hoodie/lock`, a hoodie writer under the same provider
    cannot start its instant: it exits 4 naming the lock file and creates no instant. Once Spark's provider
    unlocks, the same write commits and releases the lock. A hoodie write that dies before its commit is
    rolled back by the next clean once its heartbeat expired (LAZY)."""
    path, inputs, _ = seeded_table(hoodie, tmp_path, 1)
    lock = java_file_lock(spark, path)
    assert lock.tryLock(0, spark._jvm.java.util.concurrent.TimeUnit.MILLISECONDS)
    # Hudi 0.15 creates the file and writes its LockInfo only if the file did not exist, which it does once
    # created: Spark's lock file is empty.
    assert (path / ".hoodie" / "lock").read_text() == ""
    rows = [make_row(1, 2)]
    quick = {**FILE_LOCK, "hoodie.write.lock.client.num_retries": "1"}
    refused = hoodie.run(*hoodie_args(path, inputs.write(rows), quick), check=False)
    assert refused.returncode == 4, refused.stderr
    assert str(path / ".hoodie" / "lock") in refused.stderr
    assert "could not acquire the lock" in refused.stderr
    assert len(completed(path)) == 1 and not inflights(path)
    lock.unlock()
    out = json.loads(hoodie.run(*hoodie_args(path, inputs.write(rows), FILE_LOCK)).stdout)
    assert out["committed"] == "true"
    assert not (path / ".hoodie" / "lock").exists()

    # A writer dies between its write and its commit: its heartbeat stops beating.
    hoodie.run(*hoodie_args(path, inputs.write([make_row(2, 3)]), FILE_LOCK), "--no-commit")
    assert len(inflights(path)) == 1
    time.sleep(1.5)
    short_beats = {**FILE_LOCK, "hoodie.table.name": TABLE, "hoodie.client.heartbeat.interval_in_ms": "1000",
                   "hoodie.client.heartbeat.tolerable.misses": "1"}
    hoodie.run("clean", "--table", str(path), *[a for k, v in short_beats.items()
                                               for a in ("--hoodie-conf", f"{k}={v}")])
    assert not inflights(path)
    assert any(f.name.endswith(".rollback") for f in (path / ".hoodie").iterdir())
    assert row_set(spark_read(spark, path), COLUMNS) == row_set([make_row(0, 1), make_row(1, 2)], COLUMNS)


def test_write_conflicts_surface_on_both_sides(spark, hoodie, tmp_path, lock_kind):
    """A Spark upsert and a hoodie upsert of the same record: whichever began first and commits second loses.

    The loser is held at its commit by a lock Hudi's provider takes, while the other writer (on a lock of its
    own process) commits. Spark's loser raises HoodieWriteConflictException; hoodie's exits 3, names Spark's
    instant and leaves no instant. Spark then reads the winners' values. Once with the lock file, once with
    ZooKeeper."""
    path, inputs, model = seeded_table(hoodie, tmp_path, 3, lock_kind.confs)
    lock = lock_kind.java_lock(path)

    # Spark begins first and loses. Spark takes the lock as its write begins (initTable), so the lock is
    # taken once Spark's instant is inflight; its write stage takes seconds, its commit then waits.
    spark_rows = [make_row(2, 2)]
    spark_input = inputs.write(spark_rows)
    failure: list[BaseException] = []

    def spark_upsert():
        try:
            spark_write(spark, path, TABLE, SPEC, "upsert", spark_input, lock_kind.confs)
        except BaseException as e:  # noqa: BLE001 - the conflict comes back as a Py4J error
            failure.append(e)

    before = inflights(path)
    writer = threading.Thread(target=spark_upsert)
    writer.start()
    spark_instant = wait_for_new_inflight(path, before)
    while not try_lock(lock, spark, 2000):
        time.sleep(0.01)
    assert spark_instant not in completed(path), "Spark committed before the lock was taken"
    # A hoodie clean (LAZY) meanwhile leaves Spark's pending write alone: its heartbeat is fresh.
    hoodie.run("clean", "--table", str(path), *[a for k, v in {**OWN_LOCK, "hoodie.table.name": TABLE}.items()
                                               for a in ("--hoodie-conf", f"{k}={v}")])
    assert spark_instant in {name.split(".")[0] for name in inflights(path)}
    hoodie_rows = [make_row(2, 3)]
    out = json.loads(hoodie.run(*hoodie_args(path, inputs.write(hoodie_rows), OWN_LOCK)).stdout)
    assert out["committed"] == "true"
    model.apply("upsert", out["instant"], hoodie_rows)
    lock.unlock()
    writer.join(timeout=300)
    assert failure and "HoodieWriteConflictException" in str(failure[0]), failure
    assert spark_instant not in completed(path)
    assert row_set(spark_read(spark, path), COLUMNS) == row_set(list(model.records.values()), COLUMNS)

    # hoodie begins first and loses: it waits before its commit (--pause-before-commit) while Spark, under
    # the same lock provider, commits an update of the same record.
    go = tmp_path / "go"
    before = inflights(path)
    loser = subprocess.Popen([str(hoodie.binary), *hoodie_args(path, inputs.write([make_row(1, 4)]),
                                                               lock_kind.confs),
                              "--pause-before-commit", str(go)],
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    hoodie_instant = wait_for_new_inflight(path, before)
    spark_rows = [make_row(1, 5)]
    # Spark cleans after its commit (LAZY): hoodie's pending write has a fresh heartbeat and is left alone,
    # so hoodie's commit finds Spark's and loses the conflict rather than its instant.
    spark_write(spark, path, TABLE, SPEC, "upsert", inputs.write(spark_rows),
                {**lock_kind.confs, "hoodie.clean.automatic": "true"})
    assert hoodie_instant in {name.split(".")[0] for name in inflights(path)}
    model.apply("upsert", completed(path)[-1], spark_rows)
    go.write_text("go")
    _, err = loser.communicate(timeout=300)
    assert loser.returncode == 3, err
    assert "write conflict" in err and completed(path)[-1] in err
    assert not any(f.name.startswith(hoodie_instant) for f in (path / ".hoodie").iterdir())
    assert row_set(spark_read(spark, path), COLUMNS) == row_set(list(model.records.values()), COLUMNS)


# Not with the Hive Metastore: the test Metastore's Derby database deadlocks under concurrent lock and
# check_lock calls (Hive 4.0.1's global Derby lock), whoever the clients are (docs/benchmarks.md).
@pytest.mark.parametrize("lock_kind", ["filesystem", "zookeeper"], indirect=True)
def test_spark_and_hoodie_writers_side_by_side(spark, hoodie, tmp_path, lock_kind):
    """Spark upserts partition p0 while hoodie processes upsert partition p1, at the same time, both locking
    with the lock file, then both with ZooKeeper: every write commits, and Spark reads exactly the model of
    the committed writes."""
    path, inputs, model = seeded_table(hoodie, tmp_path, 6, lock_kind.confs)
    hoodie_inputs = [(v, [make_row(n, v) for n in (1, 4, 7 + 3 * v)]) for v in range(2, 10)]
    hoodie_files = [(v, inputs.write(rows), rows) for v, rows in hoodie_inputs]
    committed: list[list[dict]] = []
    errors: list[str] = []

    def hoodie_writer():
        for _, input_file, rows in hoodie_files:
            proc = hoodie.run(*hoodie_args(path, input_file, lock_kind.confs), check=False)
            if proc.returncode != 0:
                errors.append(proc.stderr)
                return
            assert json.loads(proc.stdout)["committed"] == "true"
            committed.append(rows)

    writer = threading.Thread(target=hoodie_writer)
    writer.start()
    for v in range(10, 13):
        rows = [make_row(n, v) for n in (0, 3, 3 * v)]
        spark_write(spark, path, TABLE, SPEC, "upsert", inputs.write(rows), lock_kind.confs)
        committed.append(rows)
    writer.join(timeout=600)
    assert not errors, errors
    # Different file groups: the order of the commits does not change the outcome.
    for rows in committed:
        model.apply("upsert", "", rows)
    assert len(completed(path)) == 1 + len(hoodie_files) + 3
    assert not inflights(path) and not (path / ".hoodie" / "lock").exists()
    assert row_set(spark_read(spark, path), COLUMNS) == row_set(list(model.records.values()), COLUMNS)


def assert_spark_holds_out_hoodie(spark, hoodie, path, inputs, confs: dict[str, str], lock, try_wait_ms: int,
                                  lock_named: str, holder_named: str) -> str:
    """While Hudi's provider `lock` holds the lock, a hoodie writer under the same provider cannot start its
    instant: it exits 4 naming the lock (`lock_named`) and its holder (`holder_named`), and creates no
    instant. The provider then releases the lock. Returns hoodie's error output."""
    assert try_lock(lock, spark, try_wait_ms)
    quick = {**confs, "hoodie.write.lock.wait_time_ms": "300", "hoodie.write.lock.client.num_retries": "1"}
    refused = hoodie.run(*hoodie_args(path, inputs.write([make_row(1, 2)]), quick), check=False)
    assert refused.returncode == 4, refused.stderr
    assert f"could not acquire the lock {lock_named}" in refused.stderr
    assert holder_named in refused.stderr
    assert len(completed(path)) == 1 and not inflights(path)
    lock.unlock()
    return refused.stderr


def assert_hoodie_holds_out_spark(spark, hoodie, path, inputs, confs: dict[str, str], lock, go, try_wait_ms: int):
    """A hoodie writer that holds the lock at its commit (--pause-holding-lock) keeps Hudi's provider `lock` out
    until it commits; then the provider takes the lock. The table then holds the seed and the write."""
    holder = subprocess.Popen([str(hoodie.binary), *hoodie_args(path, inputs.write([make_row(1, 3)]), confs),
                               "--pause-holding-lock", str(go)],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    # hoodie takes the lock twice, to start its instant and at its commit, where it stays: Spark's provider is
    # kept out once hoodie's instant is inflight and its commit has the lock.
    wait_for_new_inflight(path, set())
    deadline = time.time() + 120
    while try_lock(lock, spark, try_wait_ms):
        lock.unlock()
        assert time.time() < deadline, "hoodie never held the lock"
        time.sleep(0.05)
    assert holder.poll() is None
    go.write_text("go")
    out, err = holder.communicate(timeout=300)
    assert holder.returncode == 0, err
    assert json.loads(out)["committed"] == "true"
    assert try_lock(lock, spark, 5000)
    lock.unlock()
    lock.close()
    assert row_set(spark_read(spark, path), COLUMNS) == row_set([make_row(0, 1), make_row(1, 3)], COLUMNS)


def test_zookeeper_locks_of_spark_and_hoodie_exclude_each_other(spark, hoodie, tmp_path, zookeeper):
    """Hudi's ZookeeperBasedLockProvider and hoodie's take the same Curator lock, `<base_path>/<table name>`.

    While Spark's provider holds it, a hoodie writer cannot start its instant: it exits 4 naming the lock, the
    server and Spark's lock node, and creates no instant. While a hoodie writer holds it at its commit
    (--pause-holding-lock), Spark's provider cannot take it; once hoodie's commit is done, it can."""
    base_path = f"/hoodie-interop/{tmp_path.name}"
    confs = zookeeper_lock_confs(zookeeper, base_path)
    path, inputs, _ = seeded_table(hoodie, tmp_path, 1, confs)
    lock = java_zookeeper_lock(spark, zookeeper, base_path)
    # Curator's protected node names its holder; its data is the holder's address.
    err = assert_spark_holds_out_hoodie(spark, hoodie, path, inputs, confs, lock, 0,
                                        f"{base_path}/{TABLE} on ZooKeeper {zookeeper}", "it is held by _c_")
    assert "-lock-" in err

    assert_hoodie_holds_out_spark(spark, hoodie, path, inputs, confs, lock, tmp_path / "go", 200)


def test_hive_metastore_locks_of_spark_and_hoodie_exclude_each_other(spark, hoodie, tmp_path, hive_metastore):
    """Hudi's HiveMetastoreBasedLockProvider and hoodie's take the same Metastore lock, EXCLUSIVE on the Hive
    table. While Spark's provider holds it, a hoodie writer cannot start its instant: it exits 4 naming the
    lock and its holder. While a hoodie writer holds it at its commit, Spark's provider cannot take it; once
    hoodie's commit is done, it can."""
    table = f"occ_{tmp_path.name}".replace("-", "_")
    confs = hive_metastore_lock_confs(hive_metastore, table)
    path, inputs, _ = seeded_table(hoodie, tmp_path, 1, confs)
    lock = java_hive_metastore_lock(spark, hive_metastore, table)
    # Spark's Hive client names no agent; the holder is its lock id, user and host.
    assert_spark_holds_out_hoodie(spark, hoodie, path, inputs, confs, lock, 5000,
                                  f"default.{table} (Hive Metastore {hive_metastore})", "it is held by lock ")

    assert_hoodie_holds_out_spark(spark, hoodie, path, inputs, confs, lock, tmp_path / "go", 1000)
