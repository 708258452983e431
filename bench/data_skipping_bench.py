#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Data skipping on a sorted column, hoodie against Spark + Hudi 0.15, in one run.

One copy-on-write table of BENCH_RECORDS records (default 2,000,000) in one partition, written
by `hoodie write --op bulk_insert` in `seq` order with the column_stats partition on and
`hoodie.parquet.max.file.size` BENCH_FILE_MB MiB (default 4), so that each base file holds a
contiguous range of `seq`. A query of 1% of the range (`seq >= a and seq < b`) then runs with
`hoodie.enable.data.skipping` off and on: `hoodie query` (its `--explain` counts the files
read) and Spark's `spark.read.format("hudi")` with the metadata table on (the count of
matching rows, second run timed). Prints one line per phase: wall seconds, files read, rows.
"""

from __future__ import annotations

import os
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

RECORDS = int(os.environ.get("BENCH_RECORDS", "2000000"))
FILE_MB = int(os.environ.get("BENCH_FILE_MB", "4"))
CONF = {"hoodie.table.name": "skip", "hoodie.datasource.write.recordkey.field": "id",
        "hoodie.datasource.write.partitionpath.field": "part",
        "hoodie.datasource.write.precombine.field": "ts",
        "hoodie.metadata.index.column.stats.enable": "true",
        "hoodie.metadata.index.column.stats.column.list": "seq",
        "hoodie.parquet.max.file.size": str(FILE_MB * 1024 * 1024),
        "hoodie.bulkinsert.sort.mode": "NONE"}


def main() -> None:
    work = Path(tempfile.mkdtemp(prefix="hoodie-skip-"))
    n = RECORDS
    data = pa.table({"id": pa.array([f"id{i:09d}" for i in range(n)]),
                     "seq": pa.array(range(n), pa.int64()),
                     "ts": pa.array([1] * n, pa.int64()),
                     "part": pa.array(["all"] * n),
                     "payload": pa.array([f"payload of record {i} " * 3 for i in range(n)])})
    pq.write_table(data, work / "in.parquet")
    table = work / "t"
    start = time.monotonic()
    subprocess.run([HOODIE, "write", "--table", str(table), "--op", "bulk_insert", "--format", "parquet",
                    "--input", str(work / "in.parquet"), *confs(CONF)], check=True, capture_output=True)
    files = len(list((table / "all").glob("*.parquet")))
    print(f"write: {n} records, {files} base files, {time.monotonic() - start:.1f} s (hoodie bulk_insert)")
    low, high = n // 2, n // 2 + n // 100
    for skipping in ("false", "true"):
        args = [HOODIE, "query", str(table), "--where", f"seq>={low}", "--where", f"seq<{high}", "--explain",
                "--format", "parquet", "--out", str(work / f"rows_{skipping}.parquet"),
                "--hoodie-conf", f"hoodie.enable.data.skipping={skipping}"]
        subprocess.run(args, check=True, capture_output=True)  # warm the page cache
        start = time.monotonic()
        done = subprocess.run(args, check=True, capture_output=True, text=True)
        wall = time.monotonic() - start
        explain = [line for line in done.stderr.splitlines() if line.startswith("explain:")][0]
        rows = pq.read_metadata(work / f"rows_{skipping}.parquet").num_rows
        print(f"hoodie query, data skipping {skipping}: {wall:.2f} s, {explain[len('explain: '):]}, {rows} rows")
    spark = spark_session(str(work / "spark"))
    for skipping in ("false", "true"):
        def count():
            return (spark.read.format("hudi").option("hoodie.metadata.enable", "true")
                    .option("hoodie.enable.data.skipping", skipping).load(str(table))
                    .filter(f"seq >= {low} and seq < {high}").count())
        count()
        start = time.monotonic()
        rows = count()
        print(f"Spark count, data skipping {skipping}: {time.monotonic() - start:.2f} s, {rows} rows")
    spark.stop()
    subprocess.run(["rm", "-rf", str(work)], check=False)


if __name__ == "__main__":
    main()
