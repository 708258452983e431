#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Writers side by side under optimistic concurrency control (bench/run_concurrency.sh).

For 1, 2 and 4 concurrent `hoodie write` processes, each making BENCH_COMMITS (50) upserts of 100 records
with no retry, locking with the lock file, with ZooKeeper and with the Hive Metastore (real servers on
127.0.0.1, scripts/zookeeper-server.sh and scripts/hive-metastore-server.sh): on file groups of their own (each writer its partition) and on shared ones
(every writer updates the same 100 keys of one partition). Reports commits per second of the whole run and
the share of attempts that lost a write conflict. Then the latency of one uncontended acquisition and
release of each lock provider: hoodie's (hoodie-bench lock, 2,000 rounds), and, when the interop
virtualenv is there (scripts/setup-interop.sh), Hudi 0.15's own FileSystemBasedLockProvider,
ZookeeperBasedLockProvider and HiveMetastoreBasedLockProvider in Spark's JVM, on the same lock file and the
same servers.
"""

from __future__ import annotations

import contextlib
import json
import os
import socket
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
HOODIE = os.environ.get("HOODIE_BIN", str(ROOT / "build/src/hoodie/cli/hoodie"))
BENCH = str(ROOT / "build/bench/hoodie-bench")
COMMITS = int(os.environ.get("BENCH_COMMITS", "50"))
INTEROP_PYTHON = ROOT / ".venv-interop/bin/python"
LOCKS = "org.apache.hudi.client.transaction.lock."
HIVE_LOCK = "org.apache.hudi.hive.transaction.lock.HiveMetastoreBasedLockProvider"
CONFS = {
    "hoodie.table.name": "occ",
    "hoodie.datasource.write.recordkey.field": "id",
    "hoodie.datasource.write.partitionpath.field": "part",
    "hoodie.datasource.write.precombine.field": "ts",
    "hoodie.write.concurrency.mode": "optimistic_concurrency_control",
    "hoodie.write.lock.client.num_retries": "10000",
    "hoodie.write.lock.client.wait_time_ms_between_retry": "10",
}


def provider_confs(provider: str, servers: dict[str, str], name: str) -> dict[str, str]:
    if provider == "FileSystemBasedLockProvider":
        return {"hoodie.write.lock.provider": LOCKS + provider}
    if provider == "HiveMetastoreBasedLockProvider":
        return {"hoodie.write.lock.provider": HIVE_LOCK, "hoodie.write.lock.hivemetastore.uris": servers["hms"],
                "hoodie.write.lock.hivemetastore.database": "default",
                "hoodie.write.lock.hivemetastore.table": name.replace("-", "_")}
    return {"hoodie.write.lock.provider": LOCKS + provider, "hoodie.write.lock.zookeeper.url": servers["zk"],
            "hoodie.write.lock.zookeeper.base_path": "/" + name, "hoodie.write.lock.zookeeper.lock_key": "occ"}


@contextlib.contextmanager
def server(script: str, folder: Path):
    """One of the pinned test servers (scripts/<script>) on a free port of 127.0.0.1: its port, once it
    accepts connections."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    data = folder / script
    data.mkdir()
    proc = subprocess.Popen(["bash", str(ROOT / "scripts" / script), str(port), str(data)],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    try:
        for _ in range(600):
            with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), 1):
                break
            time.sleep(0.2)
        else:
            raise SystemExit(f"{script} did not start: run scripts/setup-services.sh")
        yield port
    finally:
        os.killpg(proc.pid, 15)
        proc.wait()


def write_input(path: Path, writer: int, commit: int, shared: bool) -> None:
    part = "shared" if shared else f"w{writer}"
    with path.open("w") as out:
        for n in range(100):
            key = f"k{n}" if shared else f"w{writer}-k{n}"
            out.write(json.dumps({"id": key, "part": part, "ts": commit, "v": f"{writer}-{commit}"}) + "\n")


def run(writers: int, shared: bool, folder: Path, provider: str, locks: dict[str, str]) -> dict:
    table = folder / f"t-{provider}-{writers}-{'shared' if shared else 'own'}"
    args = [a for k, v in {**CONFS, **locks}.items() for a in ("--hoodie-conf", f"{k}={v}")]
    seed = folder / "seed.json"
    write_input(seed, 0, 0, shared)
    subprocess.run([HOODIE, "write", "--table", str(table), "--input", str(seed), *args], check=True,
                   capture_output=True)
    outcomes = {"committed": 0, "conflicts": 0, "failed": 0}
    guard = threading.Lock()

    def writer(w: int) -> None:
        for c in range(COMMITS):
            path = folder / f"in-{provider}-{writers}-{shared}-{w}-{c}.json"
            write_input(path, w, c + 1, shared)
            proc = subprocess.run([HOODIE, "write", "--table", str(table), "--input", str(path), *args],
                                  capture_output=True, text=True)
            with guard:
                key = {0: "committed", 3: "conflicts"}.get(proc.returncode, "failed")
                outcomes[key] += 1
                if key == "failed":
                    print(proc.stderr, file=sys.stderr)

    started = time.monotonic()
    threads = [threading.Thread(target=writer, args=(w,)) for w in range(writers)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    seconds = time.monotonic() - started
    attempts = writers * COMMITS
    return {"provider": provider, "writers": writers, "file_groups": "shared" if shared else "own",
            "attempts": attempts,
            **outcomes, "seconds": round(seconds, 2), "commits_per_second": round(outcomes["committed"] / seconds, 2),
            "conflict_rate": round(outcomes["conflicts"] / attempts, 3)}


ROUNDS = 2000


def lock_latency(provider: str, folder: Path, locks: dict[str, str]) -> dict:
    confs = [a for k, v in locks.items() for a in ("--conf", f"{k}={v}")]
    out = subprocess.run([BENCH, "lock", "--records", str(ROUNDS), "--table", str(folder / f"lock-{provider}"),
                          *confs], check=True, capture_output=True, text=True).stdout
    result = json.loads(out.splitlines()[-1])
    return {"engine": "hoodie", "provider": provider, "rounds": ROUNDS,
            "microseconds_per_lock_and_unlock": round(1e6 / result["records_per_second"], 1)}


def spark_lock_latency(folder: Path, zookeeper: str, hms: str) -> None:
    """Hudi 0.15's providers in Spark's JVM (run under the interop virtualenv: `spark-locks`)."""
    sys.path.insert(0, str(ROOT / "bench"))
    from interop_bench import spark_session

    spark = spark_session(str(folder / "spark"))
    jvm = spark._jvm
    storage_conf = jvm.org.apache.hudi.storage.hadoop.HadoopStorageConfiguration(spark._jsc.hadoopConfiguration())
    millis = jvm.java.util.concurrent.TimeUnit.MILLISECONDS
    for provider, props in (
            ("FileSystemBasedLockProvider", {"hoodie.base.path": str(folder / "lock-spark-file"),
                                             "hoodie.write.lock.filesystem.expire": "0"}),
            ("ZookeeperBasedLockProvider", {"hoodie.write.lock.zookeeper.url": zookeeper,
                                            "hoodie.write.lock.zookeeper.base_path": "/bench-spark",
                                            "hoodie.write.lock.zookeeper.lock_key": "occ",
                                            "hoodie.write.lock.zookeeper.session_timeout_ms": "60000",
                                            "hoodie.write.lock.zookeeper.connection_timeout_ms": "15000",
                                            "hoodie.write.lock.num_retries": "3",
                                            "hoodie.write.lock.wait_time_ms_between_retry": "1000",
                                            "hoodie.write.lock.max_wait_time_ms_between_retry": "5000"}),
            ("HiveMetastoreBasedLockProvider", {"hoodie.write.lock.hivemetastore.uris": hms,
                                                "hoodie.write.lock.hivemetastore.database": "default",
                                                "hoodie.write.lock.hivemetastore.table": "bench_spark",
                                                "hoodie.write.lock.num_retries": "3",
                                                "hoodie.write.lock.wait_time_ms_between_retry": "1000"})):
        (folder / "lock-spark-file" / ".hoodie").mkdir(parents=True, exist_ok=True)
        typed = jvm.org.apache.hudi.common.config.TypedProperties()
        for key, value in props.items():
            typed.setProperty(key, value)
        package = (jvm.org.apache.hudi.hive.transaction.lock if provider.startswith("Hive")
                   else jvm.org.apache.hudi.client.transaction.lock)
        lock = getattr(package, provider)(jvm.org.apache.hudi.common.config.LockConfiguration(typed), storage_conf)
        for _ in range(100):  # the JIT's warm-up, untimed
            lock.tryLock(1000, millis)
            lock.unlock()
        started = time.monotonic()
        for _ in range(ROUNDS):
            lock.tryLock(1000, millis)
            lock.unlock()
        seconds = time.monotonic() - started
        lock.close()
        print(json.dumps({"engine": "Spark + Hudi 0.15", "provider": provider, "rounds": ROUNDS,
                          "microseconds_per_lock_and_unlock": round(1e6 * seconds / ROUNDS, 1)}), flush=True)
    spark.stop()


def main() -> None:
    if sys.argv[1:2] == ["spark-locks"]:
        spark_lock_latency(Path(sys.argv[2]), sys.argv[3], sys.argv[4])
        return
    providers = ("FileSystemBasedLockProvider", "ZookeeperBasedLockProvider", "HiveMetastoreBasedLockProvider")
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        with server("zookeeper-server.sh", folder) as zk_port, server("hive-metastore-server.sh", folder) as hms_port:
            servers = {"zk": f"127.0.0.1:{zk_port}", "hms": f"thrift://127.0.0.1:{hms_port}"}
            for provider in providers:
                for shared in (False, True):
                    # The test Metastore's Derby database deadlocks under concurrent lock calls (Hive
                    # 4.0.1's global Derby lock): one writer only there.
                    for writers in (1,) if provider.startswith("Hive") else (1, 2, 4):
                        locks = provider_confs(provider, servers, f"bench-{writers}-{shared}")
                        print(json.dumps(run(writers, shared, folder, provider, locks)), flush=True)
            for provider in providers:
                locks = provider_confs(provider, servers, "bench-latency")
                print(json.dumps(lock_latency(provider, folder, locks)), flush=True)
            print(json.dumps(lock_latency("InProcessLockProvider", folder,
                                          {"hoodie.write.lock.provider": LOCKS + "InProcessLockProvider"})),
                  flush=True)
            if INTEROP_PYTHON.exists():
                subprocess.run([str(INTEROP_PYTHON), __file__, "spark-locks", str(folder), servers["zk"],
                                servers["hms"]], check=True)


if __name__ == "__main__":
    main()
