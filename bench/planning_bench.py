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

With BENCH_STORE=moto the table is written to and planned on moto's S3 server (started on
127.0.0.1 on a free port from .venv-services, authentication off, bucket `bench`, stopped at the
end): hoodie through the AWS environment (`s3://bench/plan`), Spark through s3a
(`s3a://bench/plan`, object_store_bench's session and fs.s3a keys). Each mode's line then also
gives the S3 requests one planning made, by kind, counted from moto's request log.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
import socket
import time
import urllib.request
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq

sys.path.insert(0, str(Path(__file__).resolve().parent))
from interop_bench import HOODIE, ROOT, spark_session  # noqa: E402
from interop_bench import hoodie_confs as confs  # noqa: E402

PARTITIONS = int(os.environ.get("BENCH_PARTITIONS", "1000"))
ROUNDS = int(os.environ.get("BENCH_ROUNDS", "10"))
CONF = {"hoodie.table.name": "plan", "hoodie.datasource.write.recordkey.field": "id",
        "hoodie.datasource.write.partitionpath.field": "part",
        "hoodie.datasource.write.precombine.field": "ts"}


def best(run, times: int = 3) -> float:
    out = []
    for _ in range(times):
        start = time.monotonic()
        run()
        out.append(time.monotonic() - start)
    return min(out)


def start_moto(work: Path):
    """moto_server on 127.0.0.1 (a free port) with bucket `bench`: (process, endpoint, log path)."""
    moto = os.environ.get("HOODIE_MOTO_SERVER", str(ROOT / ".venv-services/bin/moto_server"))
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    log = work / "moto.log"
    process = subprocess.Popen([moto, "-H", "127.0.0.1", "-p", str(port)], stdout=subprocess.DEVNULL,
                               stderr=open(log, "wb"))
    endpoint = f"http://127.0.0.1:{port}"
    for _ in range(120):
        try:
            urllib.request.urlopen(urllib.request.Request(f"{endpoint}/bench", method="PUT"), timeout=2)
            return process, endpoint, str(log)
        except OSError:
            if process.poll() is not None:
                raise RuntimeError(f"moto_server died: {log.read_text()}")
            time.sleep(0.5)
    raise RuntimeError("moto_server did not answer")


def main() -> None:
    work = Path(tempfile.mkdtemp(prefix="hoodie-plan-"))
    on_moto = os.environ.get("BENCH_STORE", "local") == "moto"
    env, moto, requests = dict(os.environ), None, None
    if on_moto:
        from object_store_bench import RequestLog, store
        moto, endpoint, log = start_moto(work)
        env.update(store(endpoint).environment())
        requests = RequestLog(log)
        table, spark_table = "s3://bench/plan", "s3a://bench/plan"
    else:
        table = spark_table = str(work / "t")
    try:
        start = time.monotonic()
        for r in range(ROUNDS):
            batch = pa.table({"id": pa.array([f"r{r}-p{p}" for p in range(PARTITIONS)]),
                              "ts": pa.array([r] * PARTITIONS, pa.int64()),
                              "part": pa.array([f"p{p:04d}" for p in range(PARTITIONS)])})
            pq.write_table(batch, work / "in.parquet")
            subprocess.run([HOODIE, "write", "--table", table, "--op", "bulk_insert", "--format", "parquet",
                            "--input", str(work / "in.parquet"), *confs(CONF)], check=True, capture_output=True,
                           env=env)
        print(f"table: {PARTITIONS} partitions, {ROUNDS} bulk_inserts, {'moto' if on_moto else 'local disk'}, "
              f"written in {time.monotonic() - start:.0f} s", flush=True)

        def counted(plan) -> str:
            if requests is None:
                return ""
            requests.mark()
            plan()
            seen = requests.since()
            return "; requests " + ", ".join(f"{k} {v}" for k, v in seen.items() if v)

        for enabled in ("true", "false"):
            args = [HOODIE, "query", table, "--limit", "0", "--explain", "--hoodie-conf",
                    f"hoodie.metadata.enable={enabled}"]
            done = subprocess.run(args, check=True, capture_output=True, text=True, env=env)
            explain = [line for line in done.stderr.splitlines() if line.startswith("explain:")][0]
            seconds = best(lambda: subprocess.run(args, check=True, capture_output=True, env=env))
            extra = counted(lambda: subprocess.run(args, check=True, capture_output=True, env=env))
            print(f"hoodie plan, metadata table {enabled}: {seconds:.2f} s ({explain}{extra})", flush=True)
        if on_moto:
            from object_store_bench import s3a_spark_session
            spark = s3a_spark_session(str(work / "spark"), endpoint)
        else:
            spark = spark_session(str(work / "spark"))
        for enabled in ("true", "false"):
            def plan():
                return spark.read.format("hudi").option("hoodie.metadata.enable", enabled).load(
                    spark_table).inputFiles()
            count = len(plan())
            seconds = best(plan)
            extra = counted(plan)
            print(f"Spark plan, metadata table {enabled}: {seconds:.2f} s ({count} input files{extra})", flush=True)
        spark.stop()
    finally:
        if moto is not None:
            moto.terminate()
            moto.wait()
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
