#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Snapshot planning over many files, from the metadata table against a storage listing, hoodie
against Spark + Hudi 0.15, in one run, on local disk.

hoodie bulk-inserts BENCH_ROUNDS (default 10) batches of one record per partition into
BENCH_PARTITIONS (default 1,000) partitions, each batch a new file group in every partition:
10,000 base files, with the metadata table on (its `files` partition lists them). Then a snapshot
query is planned with `hoodie.metadata.enable` true and false:
- hoodie: `hoodie query --limit 0` (timeline, file-system view of every partition, no file read;
  `--explain` confirms the slice count), best of three runs;
- Spark: `spark.read.format("hudi").load(...).inputFiles()`, which builds Hudi's file index (its
  listing of every partition) for a fresh DataFrame, best of three after a warm-up.
Prints one line per engine and mode.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq

sys.path.insert(0, str(Path(__file__).resolve().parent))
from interop_bench import spark_session  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
HOODIE = os.environ.get("HOODIE_BIN", str(ROOT / "build/src/hoodie/cli/hoodie"))
PARTITIONS = int(os.environ.get("BENCH_PARTITIONS", "1000"))
ROUNDS = int(os.environ.get("BENCH_ROUNDS", "10"))
CONF = {"hoodie.table.name": "plan", "hoodie.datasource.write.recordkey.field": "id",
        "hoodie.datasource.write.partitionpath.field": "part",
        "hoodie.datasource.write.precombine.field": "ts"}


def confs(options: dict) -> list[str]:
    return [a for k, v in options.items() for a in ("--hoodie-conf", f"{k}={v}")]


def best(run, times: int = 3) -> float:
    out = []
    for _ in range(times):
        start = time.monotonic()
        run()
        out.append(time.monotonic() - start)
    return min(out)


def main() -> None:
    work = Path(tempfile.mkdtemp(prefix="hoodie-plan-"))
    table = work / "t"
    for r in range(ROUNDS):
        batch = pa.table({"id": pa.array([f"r{r}-p{p}" for p in range(PARTITIONS)]),
                          "ts": pa.array([r] * PARTITIONS, pa.int64()),
                          "part": pa.array([f"p{p:04d}" for p in range(PARTITIONS)])})
        pq.write_table(batch, work / "in.parquet")
        subprocess.run([HOODIE, "write", "--table", str(table), "--op", "bulk_insert", "--format", "parquet",
                        "--input", str(work / "in.parquet"), *confs(CONF)], check=True, capture_output=True)
    files = sum(1 for _ in table.glob("p*/*.parquet"))
    print(f"table: {PARTITIONS} partitions, {files} base files", flush=True)
    for enabled in ("true", "false"):
        args = [HOODIE, "query", str(table), "--limit", "0", "--explain", "--hoodie-conf",
                f"hoodie.metadata.enable={enabled}"]
        done = subprocess.run(args, check=True, capture_output=True, text=True)
        explain = [line for line in done.stderr.splitlines() if line.startswith("explain:")][0]
        seconds = best(lambda: subprocess.run(args, check=True, capture_output=True))
        print(f"hoodie plan, metadata table {enabled}: {seconds:.2f} s ({explain})", flush=True)
    spark = spark_session(str(work / "spark"))
    for enabled in ("true", "false"):
        def plan():
            return spark.read.format("hudi").option("hoodie.metadata.enable", enabled).load(str(table)).inputFiles()
        count = len(plan())
        seconds = best(plan)
        print(f"Spark plan, metadata table {enabled}: {seconds:.2f} s ({count} input files)", flush=True)
    spark.stop()
    shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
