"""Benchmark phases of the reference engines, one per run so each has its own peak RSS.

  interop_bench.py spark --op bulk_insert|upsert --input FILE.parquet --table DIR --codec C
  interop_bench.py spark-compact --table DIR --codec C
  interop_bench.py hudi-rs-read --table DIR
  interop_bench.py spark-read --table DIR

Spark runs Apache Hudi 0.15 (the bundle of scripts/setup-interop.sh) on local[2] with the
same table settings as hoodie-bench (key `key`, partition `partition`, precombine `ts`,
bulk_insert sort mode NONE, BLOOM index, the given codec). spark-compact schedules and
runs a compaction of an existing merge-on-read table (Hudi's `run_compaction` procedure,
writing the given codec, metadata table off). Only the write, read or compaction is
timed, not the JVM start. Peak RSS is the JVM's VmHWM read from /proc just before the
session stops (for hudi-rs: this process's ru_maxrss). Prints one JSON line as
hoodie-bench does.
"""

from __future__ import annotations

import argparse
import glob
import json
import os
import resource
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BUNDLE = ROOT / ".interop-cache" / "jars" / "hudi-spark3.5-bundle_2.12-0.15.0.jar"
HOODIE = os.environ.get("HOODIE_BIN", str(ROOT / "build/src/hoodie/cli/hoodie"))


def hoodie_confs(options: dict) -> list[str]:
    """`options` as the `--hoodie-conf key=value` arguments of the hoodie CLI."""
    return [a for k, v in options.items() for a in ("--hoodie-conf", f"{k}={v}")]


def report(phase: str, records: int, seconds: float, peak_mib: float, bytes_: int = 0,
           cpu: float = 0.0) -> None:
    print(json.dumps({"phase": phase, "records": records, "seconds": round(seconds, 2),
                      "records_per_second": round(records / seconds) if seconds else 0,
                      "cpu_seconds": round(cpu, 2), "peak_rss_mib": round(peak_mib),
                      "bytes": bytes_}), flush=True)


def jvm_cpu_seconds() -> float:
    """User + system CPU seconds of the JVM child of this process (the whole JVM life)."""
    me = os.getpid()
    ticks = os.sysconf("SC_CLK_TCK")
    total = 0.0
    for stat in glob.glob("/proc/[0-9]*/stat"):
        try:
            fields = Path(stat).read_text().rsplit(")", 1)[1].split()
            if int(fields[1]) == me:
                total += (int(fields[11]) + int(fields[12])) / ticks
        except (OSError, ValueError, IndexError):
            continue
    return total


def jvm_peak_mib() -> float:
    """VmHWM of the JVM child of this process (py4j's gateway)."""
    me = os.getpid()
    peak = 0.0
    for stat in glob.glob("/proc/[0-9]*/stat"):
        try:
            fields = Path(stat).read_text().rsplit(")", 1)[1].split()
            if int(fields[1]) != me:
                continue
            for line in Path(stat).with_name("status").read_text().splitlines():
                if line.startswith("VmHWM:"):
                    peak = max(peak, int(line.split()[1]) / 1024)
        except (OSError, ValueError, IndexError):
            continue
    return peak


def spark_session(scratch: str, extra_jars: tuple = ()):
    """Spark local[2] with the Hudi 0.15 bundle (and `extra_jars`, e.g. s3a's)."""
    if "JAVA_HOME" not in os.environ:
        homes = sorted(glob.glob("/usr/lib/jvm/java-17-openjdk-*"))
        if homes:
            os.environ["JAVA_HOME"] = homes[0]
    os.environ.pop("SPARK_HOME", None)
    os.environ.setdefault("SPARK_LOCAL_IP", "127.0.0.1")
    from pyspark.sql import SparkSession

    session = (
        SparkSession.builder.master("local[2]")
        .appName("hoodie-bench")
        .config("spark.driver.memory", os.environ.get("BENCH_SPARK_MEMORY", "4g"))
        .config("spark.driver.bindAddress", "127.0.0.1")
        .config("spark.driver.host", "127.0.0.1")
        .config("spark.ui.enabled", "false")
        .config("spark.jars", ",".join(str(jar) for jar in (BUNDLE, *extra_jars)))
        .config("spark.serializer", "org.apache.spark.serializer.KryoSerializer")
        .config("spark.sql.extensions", "org.apache.spark.sql.hudi.HoodieSparkSessionExtension")
        .config("spark.sql.catalog.spark_catalog", "org.apache.spark.sql.hudi.catalog.HoodieCatalog")
        .config("spark.kryo.registrator", "org.apache.spark.HoodieSparkKryoRegistrar")
        .config("spark.sql.warehouse.dir", os.path.join(scratch, "warehouse"))
        .config("spark.local.dir", os.path.join(scratch, "local"))
        .config("spark.sql.shuffle.partitions", "2")
        .config("spark.default.parallelism", "2")
        .config("spark.sql.session.timeZone", "UTC")
        .config("spark.driver.extraJavaOptions", f"-Dderby.system.home={scratch}")
        .getOrCreate()
    )
    session.sparkContext.setLogLevel("ERROR")
    return session


def run_spark(args) -> None:
    with tempfile.TemporaryDirectory(prefix="hoodie-bench-spark-") as scratch:
        spark = spark_session(scratch)
        df = spark.read.parquet(args.input)
        records = df.count()  # the input is read once before timing starts
        options = {
            "hoodie.table.name": "bench",
            "hoodie.datasource.write.table.type": "COPY_ON_WRITE",
            "hoodie.datasource.write.operation": args.op,
            "hoodie.datasource.write.recordkey.field": "key",
            "hoodie.datasource.write.partitionpath.field": "partition",
            "hoodie.datasource.write.precombine.field": "ts",
            "hoodie.bulkinsert.sort.mode": "NONE",
            "hoodie.parquet.compression.codec": args.codec,
            "hoodie.metadata.enable": "false",
            "hoodie.index.type": "BLOOM",
        }
        mode = "overwrite" if args.op == "bulk_insert" else "append"
        cpu_before = jvm_cpu_seconds()
        started = time.monotonic()
        df.write.format("hudi").options(**options).mode(mode).save(args.table)
        seconds = time.monotonic() - started
        cpu = jvm_cpu_seconds() - cpu_before
        peak = jvm_peak_mib()
        spark.stop()
    size = sum(p.stat().st_size for p in Path(args.table).rglob("*.parquet"))
    report(f"spark_{args.op}", records, seconds, peak, size, cpu)


def run_spark_compact(args) -> None:
    with tempfile.TemporaryDirectory(prefix="hoodie-bench-spark-") as scratch:
        spark = spark_session(scratch)
        # Session settings reach the procedure's write client (HoodieCLIUtils).
        spark.sql("set hoodie.metadata.enable=false")
        spark.sql(f"set hoodie.parquet.compression.codec={args.codec}")
        spark.sql("set hoodie.compact.inline.max.delta.commits=1")
        cpu_before = jvm_cpu_seconds()
        started = time.monotonic()
        rows = spark.sql(
            f"call run_compaction(op => 'scheduleandexecute', path => '{args.table}')").collect()
        seconds = time.monotonic() - started
        cpu = jvm_cpu_seconds() - cpu_before
        peak = jvm_peak_mib()
        if not rows:
            raise SystemExit(f"Spark scheduled no compaction of {args.table}")
        # Records and bytes written: the compaction's commit metadata.
        meta = Path(args.table) / ".hoodie" / f"{rows[0][0]}.commit"
        stats = [s for files in json.loads(meta.read_text())["partitionToWriteStats"].values()
                 for s in files]
        spark.stop()
    report("spark_compact", sum(s["numWrites"] for s in stats), seconds, peak,
           sum(s["fileSizeInBytes"] for s in stats), cpu)


def run_spark_read(args) -> None:
    """Spark's snapshot query of the whole table, every column materialized (the noop
    sink), as hoodie's and hudi-rs' reads hand every row over."""
    with tempfile.TemporaryDirectory(prefix="hoodie-bench-spark-") as scratch:
        spark = spark_session(scratch)
        spark.sql("set hoodie.metadata.enable=false")
        df = spark.read.format("hudi").load(args.table)
        cpu_before = jvm_cpu_seconds()
        started = time.monotonic()
        df.write.format("noop").mode("overwrite").save()
        seconds = time.monotonic() - started
        cpu = jvm_cpu_seconds() - cpu_before
        peak = jvm_peak_mib()
        rows = df.count()
        spark.stop()
    report("spark_read", rows, seconds, peak, 0, cpu)


def run_spark_sql(args) -> None:
    """One Spark SQL statement on the table at --table, registered as `t` (CREATE TABLE
    ... USING hudi LOCATION), with --source (Parquet) as the temporary view `changes`;
    the statement's `{source}` stands for `changes`. Records: the rows the commit wrote."""
    with tempfile.TemporaryDirectory(prefix="hoodie-bench-spark-") as scratch:
        spark = spark_session(scratch)
        spark.sql("set hoodie.metadata.enable=false")
        spark.sql(f"set hoodie.parquet.compression.codec={args.codec}")
        spark.sql(f"CREATE TABLE t USING hudi LOCATION '{args.table}'")
        if args.input:
            spark.read.parquet(args.input).createOrReplaceTempView("changes")
            spark.table("changes").count()  # read once before timing starts
        statement = args.statement.replace("{source}", "changes")
        cpu_before = jvm_cpu_seconds()
        started = time.monotonic()
        spark.sql(statement)
        seconds = time.monotonic() - started
        cpu = jvm_cpu_seconds() - cpu_before
        peak = jvm_peak_mib()
        spark.stop()
    records, bytes_ = commit_written(args.table)
    report("spark_sql", records, seconds, peak, bytes_, cpu)


def commit_written(table: str) -> tuple:
    """The records and bytes the table's latest commit wrote (its metadata's stats)."""
    timeline = Path(table) / ".hoodie"
    latest = max((p for p in timeline.iterdir()
                  if p.suffix in (".commit", ".deltacommit", ".replacecommit")),
                 key=lambda p: p.stem)
    stats = [s for files in json.loads(latest.read_text())["partitionToWriteStats"].values()
             for s in files]
    return sum(s["numWrites"] for s in stats), sum(s["fileSizeInBytes"] for s in stats)


def run_hudi_rs_read(args) -> None:
    from hudi import HudiTableBuilder

    started = time.monotonic()
    table = HudiTableBuilder.from_base_uri(args.table).build()
    rows = 0
    bytes_ = 0
    for batch in table.read():
        rows += batch.num_rows
        bytes_ += batch.nbytes
    seconds = time.monotonic() - started
    usage = resource.getrusage(resource.RUSAGE_SELF)
    report("hudi_rs_read", rows, seconds, usage.ru_maxrss / 1024, bytes_,
           usage.ru_utime + usage.ru_stime)


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("phase", choices=["spark", "spark-compact", "spark-read", "spark-sql",
                                          "hudi-rs-read"])
    parser.add_argument("--statement")
    parser.add_argument("--op", default="bulk_insert")
    parser.add_argument("--input")
    parser.add_argument("--table", required=True)
    parser.add_argument("--codec", default="snappy")
    args = parser.parse_args()
    if args.phase == "spark":
        run_spark(args)
    elif args.phase == "spark-compact":
        run_spark_compact(args)
    elif args.phase == "spark-read":
        run_spark_read(args)
    elif args.phase == "spark-sql":
        run_spark_sql(args)
    else:
        run_hudi_rs_read(args)
    return 0


if __name__ == "__main__":
    sys.exit(main())
