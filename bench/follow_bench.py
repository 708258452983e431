"""End-to-end latency of `hoodie query --follow`: from a commit's completion to its rows printed.

A follower (`hoodie query TABLE --follow --check-interval S --format json`) tails a table while
this script writes COMMITS commits of ROWS rows each with `hoodie write` (upsert, new keys), one
after another: after each commit it waits until the follower reports it, then sleeps a random
fraction of the check interval so that commits land at every phase of the follower's checks.

Latency of one commit: the time the follower's standard error says "follow: read INSTANT" (printed
once the commit's rows are written and flushed on standard output) minus the modification time of
the commit's completed instant file (`.hoodie/INSTANT.commit` or `.deltacommit`), both from this
machine's clock. The script also checks that the follower printed exactly ROWS rows of each
commit. Prints one JSON line: median, p95, min and max in milliseconds.

Usage: follow_bench.py HOODIE_BINARY WORK_DIR COMMITS ROWS CHECK_INTERVAL TABLE_TYPE
"""

from __future__ import annotations

import json
import os
import random
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path

CONF = ["--hoodie-conf", "hoodie.table.name=t", "--hoodie-conf", "hoodie.datasource.write.recordkey.field=id",
        "--hoodie-conf", "hoodie.datasource.write.partitionpath.field=part",
        "--hoodie-conf", "hoodie.datasource.write.precombine.field=ts"]


def write(binary, table, work, n, rows, table_type):
    path = Path(work) / f"in{n}.json"
    path.write_text("".join(json.dumps({"id": f"k{n}-{i}", "name": f"n{i}", "ts": n, "part": f"p{i % 4}"}) + "\n"
                            for i in range(rows)))
    out = subprocess.run([binary, "-o", "json", "write", "--table", table, "--op", "upsert", "--input", str(path),
                          *CONF, "--hoodie-conf", f"hoodie.datasource.write.table.type={table_type}"],
                         check=True, capture_output=True, text=True).stdout
    return json.loads(out)["instant"]


def completed_at(table, instant):
    for suffix in ("commit", "deltacommit"):
        path = Path(table) / ".hoodie" / f"{instant}.{suffix}"
        if path.exists():
            return path.stat().st_mtime
    raise RuntimeError(f"no completed instant file for {instant}")


def main():
    binary, work, commits, rows, interval, table_type = sys.argv[1:7]
    commits, rows, interval = int(commits), int(rows), int(interval)
    table = str(Path(work) / "t")
    write(binary, table, work, 0, rows, table_type)
    follower = subprocess.Popen([binary, "query", table, "--follow", "--check-interval", str(interval),
                                 "--columns", "_hoodie_commit_time,id", "--format", "json"],
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    reads = {}
    counts = {}
    lock = threading.Condition()

    def read_stderr():
        for line in follower.stderr:
            if line.startswith("follow: read "):
                with lock:
                    reads[line.split()[2]] = time.time()
                    lock.notify_all()

    def read_stdout():
        for line in follower.stdout:
            commit = json.loads(line)["_hoodie_commit_time"]
            with lock:
                counts[commit] = counts.get(commit, 0) + 1

    threads = [threading.Thread(target=read_stderr, daemon=True), threading.Thread(target=read_stdout, daemon=True)]
    for thread in threads:
        thread.start()
    random.seed(7)
    latencies = []
    try:
        with lock:
            if not lock.wait_for(lambda: len(reads) == 1, timeout=60):
                raise RuntimeError("the follower read nothing")
        for n in range(1, commits + 1):
            time.sleep(random.uniform(0, interval))
            instant = write(binary, table, work, n, rows, table_type)
            with lock:
                if not lock.wait_for(lambda: instant in reads, timeout=interval * 10 + 60):
                    raise RuntimeError(f"the follower never read {instant}")
                latencies.append(reads[instant] - completed_at(table, instant))
    finally:
        follower.terminate()
        follower.wait(timeout=30)
    for thread in threads:
        thread.join(timeout=5)
    wrong = {c: n for c, n in counts.items() if n != rows}
    if wrong or len(counts) != commits + 1:
        raise RuntimeError(f"rows per commit differ from {rows}: {wrong}, {len(counts)} commits")
    ms = sorted(1000 * x for x in latencies)
    p95 = ms[min(len(ms) - 1, int(round(0.95 * (len(ms) - 1))))]
    print(json.dumps({"phase": "follow", "table_type": table_type, "commits": commits, "rows_per_commit": rows,
                      "check_interval_s": interval, "median_ms": round(statistics.median(ms), 1),
                      "p95_ms": round(p95, 1), "min_ms": round(ms[0], 1), "max_ms": round(ms[-1], 1),
                      "follower_exit": follower.returncode}))


if __name__ == "__main__":
    main()
