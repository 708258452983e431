"""Object-store benchmark phases (bench/run_object_store.sh): hoodie, Spark + Hudi 0.15 and hudi-rs on moto.

  object_store_bench.py hoodie --phase NAME --op OP --table URL|DIR [--input FILE.parquet]
                               [--endpoint URL --log MOTO_LOG] [--conf K=V]... [--out DIR]
  object_store_bench.py spark --phase NAME --op OP --table s3a://... [--input FILE.parquet]
                              --endpoint URL --log MOTO_LOG [--conf K=V]...
  object_store_bench.py hudi-rs --phase NAME --table URL --endpoint URL --log MOTO_LOG
  object_store_bench.py summary RESULTS.jsonl

OP is bulk_insert, upsert, read (a snapshot read) or compact (schedule a compaction and run
it). Every phase is its own process and prints one JSON line: engine, store (s3 or local),
phase, records, seconds, cpu_seconds, peak_rss_mib, and the S3 requests it made by kind
(list, head, get, put, multipart, delete, other, total), counted from moto's request log
(moto_server's standard error, one werkzeug access line per request) between the phase's
start and end, classified as src/hoodie/testing/s3_request_log.cc classifies them.

hoodie: one CLI process from fork to exit (`hoodie write`, `hoodie query --format parquet
--out` a local scratch file whose rows are then counted, `hoodie compaction run
--schedule`); wall, CPU (user + system) and peak RSS from wait4, so start-up is included.
It reaches moto through the AWS environment (S3Store.environment of the interop suite).

Spark: Apache Hudi 0.15 on local[2] (interop_bench.spark_session) with hadoop-aws 3.3.4,
aws-java-sdk-bundle 1.12.262 and wildfly-openssl (the interop suite's S3A_JAR_NAMES), the
store's fs.s3a.* keys (S3Store.hadoop_conf: endpoint, path-style access, SSL off,
SimpleAWSCredentialsProvider) set in the live Hadoop configuration as the interop `s3`
fixture sets them. Only the write, read (`count()`) or `run_compaction` call is timed and
counted, not the JVM start; CPU is the JVM's user + system during the call, peak RSS its
VmHWM (interop_bench.py). moto here runs with authentication off (moto_server's default),
so it checks no signature and the interop suite's signature corrections
(tests/interop/moto_s3_server.py) are not needed.

hudi-rs: the `hudi` package's HudiTableBuilder with the store's storage options
(S3Store.hudi_rs_options), table build plus `read()` of every batch timed; CPU and peak RSS
are this process's (getrusage; CPU counted over the timed part only).

Both writers get the same table settings (TABLE_OPTIONS; the metadata table off on both sides,
so that the listings compared are the same; bench/run_metadata_listing.sh measures it) plus --conf.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from interop_bench import ROOT, jvm_cpu_seconds, jvm_peak_mib

sys.path.insert(0, str(ROOT / "tests" / "interop"))

REGION = "us-east-1"
BUCKET_KEYS = ("testing", "testing")  # moto (authentication off) takes any keys
# The table settings of both writers (bench/interop_bench.py's, on a merge-on-read table).
TABLE_OPTIONS = {
    "hoodie.table.name": "bench",
    "hoodie.datasource.write.table.type": "MERGE_ON_READ",
    "hoodie.datasource.write.recordkey.field": "key",
    "hoodie.datasource.write.partitionpath.field": "partition",
    "hoodie.datasource.write.precombine.field": "ts",
    "hoodie.bulkinsert.sort.mode": "NONE",
    "hoodie.index.type": "BLOOM",
    "hoodie.bloom.index.filter.type": "DYNAMIC_V0",
    "hoodie.metadata.enable": "false",
}
# The compaction trigger: one deltacommit is enough (Hudi's default waits for five).
COMPACT_OPTIONS = {"hoodie.compact.inline.max.delta.commits": "1"}
KINDS = ("list", "head", "get", "put", "multipart", "delete", "other")
ESCAPE = re.compile(r"\x1b\[[0-9;]*m")


def store(endpoint: str):
    """The interop suite's S3Store for moto at `endpoint`, bucket `bench`."""
    from conftest import S3Store

    return S3Store(endpoint=endpoint, region=REGION, access_key=BUCKET_KEYS[0],
                   secret_key=BUCKET_KEYS[1], bucket="bench")


# --------------------------------------------------------------------------------------
# moto's request log
# --------------------------------------------------------------------------------------


def classify(line: str) -> str | None:
    """The kind of one access log line (`127.0.0.1 - - [date] "HEAD /b/k?x=1 HTTP/1.1" 200 -`),
    None for a line that is no request; as S3RequestLog's Count()."""
    open_, close = line.find('"'), line.rfind('"')
    if open_ < 0 or close <= open_:
        return None
    words = ESCAPE.sub("", line[open_ + 1:close]).split()
    if len(words) < 2:
        return None
    method, target = words[0], words[1]
    query = target.partition("?")[2]

    def has(name: str) -> bool:
        return query.startswith(name) or f"&{name}" in query

    if method == "GET":
        return "list" if has("list-type") else "get"
    if method == "HEAD":
        return "head"
    if method == "PUT":
        return "multipart" if has("partNumber") else "put"  # PUT: PutObject and CopyObject
    if method == "POST" and has("uploads"):
        return "multipart"  # CreateMultipartUpload
    if method in ("POST", "DELETE") and has("uploadId"):
        return "multipart"  # CompleteMultipartUpload, AbortMultipartUpload
    if method == "DELETE" or (method == "POST" and has("delete")):
        return "delete"
    return "other"


class RequestLog:
    """moto's log from a mark on."""

    def __init__(self, path: str | None):
        self.path = path
        self.offset = 0

    def mark(self) -> None:
        if self.path:
            self.offset = os.path.getsize(self.path)

    def since(self) -> dict[str, int] | None:
        if not self.path:
            return None
        time.sleep(0.2)  # moto logs a request as it answers it; let the last line land
        counts = dict.fromkeys(KINDS, 0)
        with open(self.path, "rb") as log:
            log.seek(self.offset)
            for raw in log:
                kind = classify(raw.decode(errors="replace"))
                if kind:
                    counts[kind] += 1
        counts["total"] = sum(counts.values())
        return counts


def report(engine: str, store_kind: str, phase: str, records: int, seconds: float, cpu: float,
           peak_mib: float, requests: dict[str, int] | None) -> None:
    line = {"engine": engine, "store": store_kind, "phase": phase, "records": records,
            "seconds": round(seconds, 2), "cpu_seconds": round(cpu, 2),
            "peak_rss_mib": round(peak_mib)}
    line.update(requests or {})
    print(json.dumps(line), flush=True)


def options(confs: list[str]) -> dict[str, str]:
    extra = dict(c.split("=", 1) for c in confs)
    return {**TABLE_OPTIONS, **extra}


# --------------------------------------------------------------------------------------
# hoodie: one CLI process
# --------------------------------------------------------------------------------------


def hoodie_command(args, scratch: str) -> list[str]:
    binary = os.environ.get("HOODIE_BIN", str(ROOT / "build" / "src" / "hoodie" / "cli" / "hoodie"))
    if args.op == "read":
        # Every batch read into memory and counted, as hudi-rs' read() is: the library's read,
        # without the CLI's formatting of the rows into an output file.
        bench = os.environ.get("HOODIE_BENCH_BIN", str(ROOT / "build" / "bench" / "hoodie-bench"))
        return [bench, "read", "--table", args.table]
    if args.op == "compact":
        confs = {**COMPACT_OPTIONS, **dict(c.split("=", 1) for c in args.conf)}
        command = [binary, "-o", "json", "compaction", "run", "--schedule", "--table", args.table]
    else:
        confs = options(args.conf)
        command = [binary, "-o", "json", "write", "--table", args.table, "--op", args.op,
                   "--format", "parquet", "--input", args.input]
    for key, value in confs.items():
        command += ["--hoodie-conf", f"{key}={value}"]
    return command


def hoodie_records(op: str, stdout: str, scratch: str) -> int:
    """Records the phase wrote or read: the write's input records, the compaction's records
    written, the rows the read counted."""
    if op == "read":
        return int(json.loads(stdout.strip().splitlines()[-1])["records"])
    summary = json.loads(stdout)
    if op == "compact":
        if not summary:
            raise SystemExit("hoodie compacted nothing")
        return sum(int(operation["records"]) for operation in summary)
    return int(summary["input_records"])


def run_hoodie(args) -> int:
    env = {k: v for k, v in os.environ.items() if not k.startswith("AWS_")}
    if args.endpoint:
        env.update(store(args.endpoint).environment())
    log = RequestLog(args.log)
    with tempfile.TemporaryDirectory(prefix="hoodie-objbench-", dir=args.scratch) as scratch, \
            tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        command = hoodie_command(args, scratch)
        log.mark()
        started = time.monotonic()
        child = subprocess.Popen(command, stdout=out, stderr=err, env=env)
        _, status, usage = os.wait4(child.pid, 0)
        seconds = time.monotonic() - started
        requests = log.since()
        out.seek(0)
        err.seek(0)
        stdout, stderr = out.read().decode(errors="replace"), err.read().decode(errors="replace")
        code = os.waitstatus_to_exitcode(status)
        if code != 0:
            sys.stderr.write(stdout + stderr)
            shown = " ".join(command)
            print(f"failed ({code}): {shown}", file=sys.stderr)
            return 1
        records = hoodie_records(args.op, stdout, scratch)
    report("hoodie", "s3" if args.endpoint else "local", args.phase, records, seconds,
           usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024, requests)
    return 0


# --------------------------------------------------------------------------------------
# Spark + Hudi 0.15 over s3a
# --------------------------------------------------------------------------------------


def s3a_spark_session(scratch: str, endpoint: str):
    """interop_bench's session with the interop suite's s3a jars, and the store's fs.s3a keys
    in its live Hadoop configuration (as the interop `s3` fixture sets them)."""
    import interop_bench
    from conftest import s3a_jars

    spark = interop_bench.spark_session(scratch, extra_jars=tuple(s3a_jars()))
    hadoop_conf = spark._jsc.hadoopConfiguration()
    for key, value in store(endpoint).hadoop_conf().items():
        hadoop_conf.set(key, value)
    return spark


def spark_compact(spark, table: str, confs: list[str]) -> str:
    """Schedules and runs a compaction of `table` (Hudi's run_compaction procedure); its instant."""
    for key, value in {**COMPACT_OPTIONS, "hoodie.metadata.enable": "false",
                       **dict(c.split("=", 1) for c in confs)}.items():
        spark.sql(f"set {key}={value}")  # session settings reach the procedure's write client
    rows = spark.sql(f"call run_compaction(op => 'scheduleandexecute', path => '{table}')").collect()
    if not rows:
        raise SystemExit(f"Spark scheduled no compaction of {table}")
    return rows[0][0]


def run_spark(args) -> int:
    log = RequestLog(args.log)
    with tempfile.TemporaryDirectory(prefix="hoodie-objbench-spark-", dir=args.scratch) as scratch:
        spark = s3a_spark_session(scratch, args.endpoint)
        if args.op in ("bulk_insert", "upsert"):
            df = spark.read.parquet(args.input)
            records = df.count()  # the local input is read once before timing starts
            writer = df.write.format("hudi").options(**options(args.conf), **{
                "hoodie.datasource.write.operation": args.op})
            writer = writer.mode("overwrite" if args.op == "bulk_insert" else "append")
        cpu_before = jvm_cpu_seconds()
        log.mark()
        started = time.monotonic()
        if args.op in ("bulk_insert", "upsert"):
            writer.save(args.table)
        elif args.op == "read":
            records = (spark.read.format("hudi").option("hoodie.metadata.enable", "false")
                       .load(args.table).count())
        else:
            instant = spark_compact(spark, args.table, args.conf)
        seconds = time.monotonic() - started
        cpu = jvm_cpu_seconds() - cpu_before
        requests = log.since()
        peak = jvm_peak_mib()
        if args.op == "compact":
            # Records written: the compaction's commit metadata, read after the count.
            meta = spark.read.text(f"{args.table}/.hoodie/{instant}.commit", wholetext=True).first()[0]
            records = sum(s["numWrites"] for files in json.loads(meta)["partitionToWriteStats"].values()
                          for s in files)
        spark.stop()
    report("spark", "s3", args.phase, records, seconds, cpu, peak, requests)
    return 0


# --------------------------------------------------------------------------------------
# hudi-rs
# --------------------------------------------------------------------------------------


def run_hudi_rs(args) -> int:
    from hudi import HudiTableBuilder

    storage = store(args.endpoint).hudi_rs_options()
    log = RequestLog(args.log)
    before = resource.getrusage(resource.RUSAGE_SELF)
    log.mark()
    started = time.monotonic()
    table = HudiTableBuilder.from_base_uri(args.table).with_storage_options(storage).build()
    rows = sum(batch.num_rows for batch in table.read())
    seconds = time.monotonic() - started
    requests = log.since()
    usage = resource.getrusage(resource.RUSAGE_SELF)
    cpu = (usage.ru_utime + usage.ru_stime) - (before.ru_utime + before.ru_stime)
    report("hudi-rs", "s3", args.phase, rows, seconds, cpu, usage.ru_maxrss / 1024, requests)
    return 0


# --------------------------------------------------------------------------------------
# Summary: every phase, then the ratios of issue 29's aims
# --------------------------------------------------------------------------------------


def number(value, digits: int = 0) -> str:
    return "" if value is None else f"{value:,.{digits}f}"


def phase_table(rows: list[dict]) -> None:
    print("| engine | store | phase | records | wall s | CPU s | peak RSS MiB | LIST | HEAD | GET | PUT "
          "| multipart | DELETE | total |")
    print("|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for r in rows:
        counts = " | ".join(number(r.get(k)) for k in ("list", "head", "get", "put", "multipart",
                                                        "delete", "total"))
        print(f"| {r['engine']} | {r['store']} | {r['phase']} | {r['records']:,} | {r['seconds']:.2f} | "
              f"{r['cpu_seconds']:.2f} | {r['peak_rss_mib']:,} | {counts} |")


def commit_phases(rows: list[dict], engine: str) -> dict[str, list[dict]]:
    """The commits of an engine on S3 by kind: bulk_insert, upsert (every round), compaction."""
    kinds = {"bulk_insert": [], "upsert": [], "compaction": []}
    for r in rows:
        if r["engine"] == engine and r["store"] == "s3":
            kind = r["phase"].split()[0]
            if kind in kinds:
                kinds[kind].append(r)
    return kinds


def ratio_row(what: str, mine: list[dict], theirs: list[dict], aim: str) -> None:
    if not mine or not theirs:
        print(f"| {what} | | | | {aim} | not measured |")
        return
    a = sum(r["list"] + r["get"] for r in mine) / len(mine)
    b = sum(r["list"] + r["get"] for r in theirs) / len(theirs)
    ratio = a / b if b else float("nan")
    holds = "yes" if ratio <= 0.5 else "**no**"
    print(f"| {what} | {a:,.1f} | {b:,.1f} | {ratio:.2f} | {aim} | {holds} |")


def aims_table(rows: list[dict]) -> None:
    hoodie, spark = commit_phases(rows, "hoodie"), commit_phases(rows, "spark")
    print("| LIST + GET per commit | hoodie | Spark + Hudi 0.15 | hoodie / Spark | aim | holds |")
    print("|---|---:|---:|---:|---:|---|")
    for kind in ("bulk_insert", "upsert", "compaction"):
        ratio_row(kind if kind != "upsert" else "upsert (mean of the rounds)", hoodie[kind], spark[kind],
                  "<= 0.5")
    ratio_row("every commit", [r for k in hoodie.values() for r in k],
              [r for k in spark.values() for r in k], "<= 0.5")
    print()
    reads = {(r["engine"], r["store"], r["phase"]): r for r in rows if "read" in r["phase"]}
    print("| snapshot read | hoodie s | hudi-rs s | speed hoodie / hudi-rs | aim | holds | rows hoodie | "
          "rows hudi-rs |")
    print("|---|---:|---:|---:|---:|---|---:|---:|")
    for label, mine, theirs in (
            ("hoodie's table", ("hoodie", "s3", "snapshot read"), ("hudi-rs", "s3", "snapshot read of hoodie's table")),
            ("Spark's table", ("spark", "s3", "snapshot read"), ("hudi-rs", "s3", "snapshot read of Spark's table"))):
        if mine not in reads or theirs not in reads:
            print(f"| {label} | | | | | not measured | | |")
            continue
        a, b = reads[mine], reads[theirs]
        reader = "hoodie" if mine[0] == "hoodie" else "Spark"
        ratio = b["seconds"] / a["seconds"] if a["seconds"] else float("nan")
        aim, holds = ("", "") if reader != "hoodie" else (">= 1.5", "yes" if ratio >= 1.5 else "**no**")
        print(f"| {label} ({reader} against hudi-rs) | {a['seconds']:.2f} | {b['seconds']:.2f} | {ratio:.2f} | "
              f"{aim} | {holds} | {a['records']:,} | {b['records']:,} |")
    print()
    local = {r["phase"]: r for r in rows if r["engine"] == "hoodie" and r["store"] == "local"}
    remote = [r for r in rows if r["engine"] == "hoodie" and r["store"] == "s3"]
    if local and remote:
        print("| hoodie phase | local disk s | moto s | moto / local |")
        print("|---|---:|---:|---:|")
        for r in remote:
            if r["phase"] in local:
                here = local[r["phase"]]["seconds"]
                print(f"| {r['phase']} | {here:.2f} | {r['seconds']:.2f} | "
                      f"{r['seconds'] / here if here else float('nan'):.2f} |")


def summary(args) -> int:
    rows = [json.loads(line) for line in open(args.results) if line.strip()]
    phase_table(rows)
    print()
    aims_table(rows)
    return 0


def main() -> int:
    parser = argparse.ArgumentParser()
    sub = parser.add_subparsers(dest="command", required=True)
    for name in ("hoodie", "spark", "hudi-rs"):
        p = sub.add_parser(name)
        p.add_argument("--phase", required=True)
        p.add_argument("--op", choices=["bulk_insert", "upsert", "read", "compact"], default="read")
        p.add_argument("--table", required=True)
        p.add_argument("--input")
        p.add_argument("--endpoint", help="moto's endpoint (none: a local table)")
        p.add_argument("--log", help="moto's request log")
        p.add_argument("--conf", action="append", default=[], help="KEY=VALUE of both writers")
        p.add_argument("--scratch", help="folder for scratch files (default: the system's)")
    p = sub.add_parser("summary")
    p.add_argument("results")
    args = parser.parse_args()
    if args.command == "hoodie":
        return run_hoodie(args)
    if args.command == "spark":
        return run_spark(args)
    if args.command == "hudi-rs":
        return run_hudi_rs(args)
    return summary(args)


if __name__ == "__main__":
    sys.exit(main())
