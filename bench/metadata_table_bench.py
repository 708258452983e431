#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""The metadata table's cost per commit and the record index against the bloom index, hoodie against
Spark + Hudi 0.15, in one run.

hoodie bulk-inserts BENCH_RECORDS records (default 10,000,000; keys `id%09d`, 10 partitions, a
60-byte payload) into three tables, each copied before every timed step so that both engines start
from the same files:

1. Per-commit cost of the metadata table: a copy-on-write table written with the metadata table off
   and one with it on (the `files` partition); an upsert of 1% of the records (100,000 of 10 M,
   spread at random) runs on each, by `hoodie write` and by Spark's datasource writer with the same
   `hoodie.metadata.enable`. Wall seconds, and the on/off ratio.
2. RECORD_INDEX against BLOOM: two merge-on-read tables (updates go to log files, so tagging is most
   of an upsert), one with the record_index partition; the same 1% upsert tagged with
   `hoodie.index.type=BLOOM` and with `RECORD_INDEX`, by hoodie and by Spark (which reads the
   record_index partition hoodie wrote).

Each timed step is one process (hoodie, best of three) or one `df.write` (Spark, its session warmed
by a first small write), on a fresh copy synced to disk; prints one line per step.
"""

from __future__ import annotations

import hashlib
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq

sys.path.insert(0, str(Path(__file__).resolve().parent))
from interop_bench import HOODIE, spark_session  # noqa: E402
from interop_bench import hoodie_confs as confs  # noqa: E402

RECORDS = int(os.environ.get("BENCH_RECORDS", "10000000"))
# BENCH_KEYS=random: keys are 16 hex digits of a hash, so a file's keys are no range and
# the bloom index's range pruning rules nothing out. BENCH_SPARK=0 skips Spark's steps.
RANDOM_KEYS = os.environ.get("BENCH_KEYS", "sequential") == "random"
WITH_SPARK = os.environ.get("BENCH_SPARK", "1") != "0"
BASE = {"hoodie.table.name": "mdtbench", "hoodie.datasource.write.recordkey.field": "id",
        "hoodie.datasource.write.partitionpath.field": "part",
        "hoodie.datasource.write.precombine.field": "ts",
        "hoodie.bulkinsert.sort.mode": "NONE"}
RECORD_INDEX = {"hoodie.metadata.enable": "true", "hoodie.metadata.record.index.enable": "true"}


def key(i: int) -> str:
    return hashlib.blake2b(str(i).encode(), digest_size=8).hexdigest() if RANDOM_KEYS else f"id{i:09d}"


def rows(ids: list[int], ts: int) -> pa.Table:
    return pa.table({"id": pa.array([key(i) for i in ids]),
                     "ts": pa.array([ts] * len(ids), pa.int64()),
                     "part": pa.array([f"p{i % 10}" for i in ids]),
                     "payload": pa.array([f"payload {ts} of record {i:09d} " + "x" * 30 for i in ids])})


def hoodie_write(table: Path, op: str, data: Path, options: dict) -> float:
    start = time.monotonic()
    subprocess.run([HOODIE, "write", "--table", str(table), "--op", op, "--format", "parquet",
                    "--input", str(data), *confs({**BASE, **options})], check=True, capture_output=True)
    return time.monotonic() - start


def spark_write(spark, table: Path, data: Path, options: dict) -> float:
    df = spark.read.parquet(str(data))
    start = time.monotonic()
    (df.write.format("hudi").options(**{**BASE, **options, "hoodie.datasource.write.operation": "upsert"})
     .mode("append").save(str(table)))
    return time.monotonic() - start


def copy(table: Path, to: Path) -> Path:
    shutil.rmtree(to, ignore_errors=True)
    shutil.copytree(table, to)
    return to


def main() -> None:
    work = Path(tempfile.mkdtemp(prefix="hoodie-mdt-bench-"))
    n = RECORDS
    pq.write_table(rows(list(range(n)), 1), work / "in.parquet")
    random.seed(30)
    pq.write_table(rows(sorted(random.sample(range(n), n // 100)), 2), work / "up.parquet")
    pq.write_table(rows(list(range(10)), 3), work / "warm.parquet")
    cow = {"hoodie.datasource.write.table.type": "COPY_ON_WRITE"}
    mor = {"hoodie.datasource.write.table.type": "MERGE_ON_READ"}
    tables = {
        "cow, metadata table off": (cow, {"hoodie.metadata.enable": "false"}),
        "cow, metadata table on": (cow, {"hoodie.metadata.enable": "true"}),
        "mor, BLOOM": (mor, {"hoodie.metadata.enable": "true", "hoodie.index.type": "BLOOM"}),
        "mor, RECORD_INDEX": (mor, {**RECORD_INDEX, "hoodie.index.type": "RECORD_INDEX"}),
    }
    built = {}
    for name, (kind, options) in tables.items():
        path = work / name.replace(", ", "_").replace(" ", "_")
        seconds = hoodie_write(path, "bulk_insert", work / "in.parquet", {**kind, **options})
        built[name] = path
        print(f"bulk_insert {n} records, {name}: {seconds:.1f} s (hoodie)", flush=True)
    results = {}
    for name, (kind, options) in tables.items():
        # Best of three, each on a fresh copy synced to disk first (the copy's write-back
        # would otherwise land inside the timed run).
        runs = []
        for _ in range(3):
            copy(built[name], work / "run")
            os.sync()
            runs.append(hoodie_write(work / "run", "upsert", work / "up.parquet", {**kind, **options}))
        results[(name, "hoodie")] = min(runs)
        print(f"upsert {n // 100} into {n}, {name}: {min(runs):.2f} s (hoodie; runs "
              f"{', '.join(f'{r:.2f}' for r in runs)})", flush=True)
    if not WITH_SPARK:
        for engine in ("hoodie",):
            on, off = results[("cow, metadata table on", engine)], results[("cow, metadata table off", engine)]
            bloom, ri = results[("mor, BLOOM", engine)], results[("mor, RECORD_INDEX", engine)]
            print(f"{engine}: metadata table on/off {on / off:.2f}x; BLOOM/RECORD_INDEX {bloom / ri:.2f}x")
        shutil.rmtree(work, ignore_errors=True)
        return
    spark = spark_session(str(work / "spark"))
    warm = copy(built["cow, metadata table off"], work / "warm")
    spark_write(spark, warm, work / "warm.parquet", {**cow, "hoodie.metadata.enable": "false"})
    for name, (kind, options) in tables.items():
        copy(built[name], work / "run")
        os.sync()
        results[(name, "spark")] = spark_write(spark, work / "run", work / "up.parquet", {**kind, **options})
        print(f"upsert {n // 100} into {n}, {name}: {results[(name, 'spark')]:.2f} s (Spark)", flush=True)
    spark.stop()
    for engine in ("hoodie", "spark"):
        on, off = results[("cow, metadata table on", engine)], results[("cow, metadata table off", engine)]
        bloom, ri = results[("mor, BLOOM", engine)], results[("mor, RECORD_INDEX", engine)]
        print(f"{engine}: metadata table on/off {on / off:.2f}x; BLOOM/RECORD_INDEX {bloom / ri:.2f}x")
    shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
