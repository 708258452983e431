#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Writers side by side under optimistic concurrency control (bench/run_concurrency.sh).

For 1, 2 and 4 concurrent `hoodie write` processes, each making BENCH_COMMITS (50) upserts of 100 records
with the file-system lock and no retry: on file groups of their own (each writer its partition) and on
shared ones (every writer updates the same 100 keys of one partition). Reports commits per second of the
whole run and the share of attempts that lost a write conflict. Then the latency of one uncontended
acquisition and release of each lock provider (hoodie-bench lock, 2,000 rounds).
"""

from __future__ import annotations

import json
import os
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
CONFS = {
    "hoodie.table.name": "occ",
    "hoodie.datasource.write.recordkey.field": "id",
    "hoodie.datasource.write.partitionpath.field": "part",
    "hoodie.datasource.write.precombine.field": "ts",
    "hoodie.write.concurrency.mode": "optimistic_concurrency_control",
    "hoodie.write.lock.provider": "org.apache.hudi.client.transaction.lock.FileSystemBasedLockProvider",
    "hoodie.write.lock.client.num_retries": "10000",
    "hoodie.write.lock.client.wait_time_ms_between_retry": "10",
}


def write_input(path: Path, writer: int, commit: int, shared: bool) -> None:
    part = "shared" if shared else f"w{writer}"
    with path.open("w") as out:
        for n in range(100):
            key = f"k{n}" if shared else f"w{writer}-k{n}"
            out.write(json.dumps({"id": key, "part": part, "ts": commit, "v": f"{writer}-{commit}"}) + "\n")


def run(writers: int, shared: bool, folder: Path) -> dict:
    table = folder / f"t-{writers}-{'shared' if shared else 'own'}"
    args = [a for k, v in CONFS.items() for a in ("--hoodie-conf", f"{k}={v}")]
    seed = folder / "seed.json"
    write_input(seed, 0, 0, shared)
    subprocess.run([HOODIE, "write", "--table", str(table), "--input", str(seed), *args], check=True,
                   capture_output=True)
    outcomes = {"committed": 0, "conflicts": 0, "failed": 0}
    guard = threading.Lock()

    def writer(w: int) -> None:
        for c in range(COMMITS):
            path = folder / f"in-{writers}-{shared}-{w}-{c}.json"
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
    return {"writers": writers, "file_groups": "shared" if shared else "own", "attempts": attempts,
            **outcomes, "seconds": round(seconds, 2), "commits_per_second": round(outcomes["committed"] / seconds, 2),
            "conflict_rate": round(outcomes["conflicts"] / attempts, 3)}


def lock_latency(provider: str, folder: Path) -> dict:
    rounds = 2000
    out = subprocess.run([BENCH, "lock", "--records", str(rounds), "--table", str(folder / f"lock-{provider}"),
                          "--conf", f"hoodie.write.lock.provider={provider}"],
                         check=True, capture_output=True, text=True).stdout
    result = json.loads(out.splitlines()[-1])
    return {"provider": provider, "rounds": rounds,
            "microseconds_per_lock_and_unlock": round(1e6 / result["records_per_second"], 1)}


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        for shared in (False, True):
            for writers in (1, 2, 4):
                print(json.dumps(run(writers, shared, folder)), flush=True)
        for provider in ("FileSystemBasedLockProvider", "InProcessLockProvider"):
            print(json.dumps(lock_latency(provider, folder)), flush=True)


if __name__ == "__main__":
    main()
