"""Helpers of bench/run_streamer.sh: JSON DFS ingest by `hoodie streamer` against the Spark equivalent.

  input   --records N --files F --out DIR   write N trip records as JSON lines in F files (modification times
                                            one second apart) and the Avro schema DIR/../trip.avsc
  spark   --input DIR --table T --type TYPE  spark.read.schema(...).json(DIR), then an upsert through the Hudi
                                            datasource (what HoodieStreamer runs on a JSON DFS source), on
                                            local[2]; one JSON line: wall, JVM CPU, JVM peak RSS
  count   --table T                         rows of a table by Spark's snapshot query, and distinct keys

hoodie itself is timed by services_bench.py's `run` (a whole process: wall, CPU, peak RSS).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from interop_bench import jvm_cpu_seconds, jvm_peak_mib, report, spark_session  # noqa: E402

CITIES = ["san_francisco", "sao_paulo", "chennai", "new_york", "london", "paris", "tokyo", "sydney"]
SCHEMA = {"type": "record", "name": "trip", "namespace": "bench", "fields": [
    {"name": "uuid", "type": "string"}, {"name": "rider", "type": "string"},
    {"name": "driver", "type": "string"}, {"name": "city", "type": "string"},
    {"name": "begin_lat", "type": "double"}, {"name": "begin_lon", "type": "double"},
    {"name": "fare", "type": "double"}, {"name": "ts", "type": "long"}]}
SPARK_SCHEMA = ("uuid STRING, rider STRING, driver STRING, city STRING, begin_lat DOUBLE, begin_lon DOUBLE, "
                "fare DOUBLE, ts BIGINT")
BASE_MTIME = 1_767_225_600


def write_input(args) -> None:
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    (out.parent / "trip.avsc").write_text(json.dumps(SCHEMA))
    per_file = args.records // args.files
    record = 0
    for f in range(args.files):
        path = out / f"part-{f:05d}.json"
        count = per_file if f < args.files - 1 else args.records - record
        lines = []
        for i in range(record, record + count):
            lines.append('{"uuid":"trip-%010d","rider":"rider-%d","driver":"driver-%d","city":"%s",'
                         '"begin_lat":%.6f,"begin_lon":%.6f,"fare":%.2f,"ts":%d}\n'
                         % (i, i % 1000, i % 777, CITIES[i % len(CITIES)], (i % 1800) / 10.0 - 90,
                            (i % 3600) / 10.0 - 180, 5 + (i % 9500) / 100.0, 1700000000000 + i))
        path.write_text("".join(lines))
        os.utime(path, (BASE_MTIME + f, BASE_MTIME + f))
        record += count


def hudi_options(table_type: str) -> dict[str, str]:
    return {"hoodie.table.name": "trips", "hoodie.datasource.write.recordkey.field": "uuid",
            "hoodie.datasource.write.partitionpath.field": "city",
            "hoodie.datasource.write.precombine.field": "ts",
            "hoodie.datasource.write.table.type": table_type,
            "hoodie.datasource.write.operation": "upsert", "hoodie.metadata.enable": "false"}


def run_spark(args) -> None:
    with tempfile.TemporaryDirectory(prefix="hoodie-bench-spark-") as scratch:
        spark = spark_session(scratch)
        cpu_before = jvm_cpu_seconds()
        started = time.monotonic()
        df = spark.read.schema(SPARK_SCHEMA).json(args.input)
        df.write.format("hudi").options(**hudi_options(args.type)).mode("append").save(args.table)
        seconds = time.monotonic() - started
        cpu = jvm_cpu_seconds() - cpu_before
        peak = jvm_peak_mib()
        spark.stop()
    report(f"Spark + Hudi 0.15 (local[2]): {args.type}", args.records, seconds, peak, 0, cpu)


def count(args) -> None:
    with tempfile.TemporaryDirectory(prefix="hoodie-bench-spark-") as scratch:
        spark = spark_session(scratch)
        df = spark.read.format("hudi").load(args.table)
        print(json.dumps({"table": args.table, "rows": df.count(),
                          "keys": df.select("uuid").distinct().count()}))
        spark.stop()


def main() -> int:
    parser = argparse.ArgumentParser()
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("input")
    p.add_argument("--records", type=int, required=True)
    p.add_argument("--files", type=int, required=True)
    p.add_argument("--out", required=True)
    p = sub.add_parser("spark")
    p.add_argument("--input", required=True)
    p.add_argument("--table", required=True)
    p.add_argument("--type", required=True)
    p.add_argument("--records", type=int, required=True)
    p = sub.add_parser("count")
    p.add_argument("--table", required=True)
    args = parser.parse_args()
    {"input": write_input, "spark": run_spark, "count": count}[args.command](args)
    return 0


if __name__ == "__main__":
    sys.exit(main())
