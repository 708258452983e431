"""Table-service benchmark phases (bench/run_services.sh): hoodie against Apache Hudi 0.15 on Spark.

  services_bench.py input --records N --partitions P --version V --out FILE.json
  services_bench.py synthesize --table DIR --instants N
  services_bench.py run --phase NAME [--count deleted-files|archived-instants|active-instants
                        --table DIR] -- COMMAND ARGS...
  services_bench.py spark-clean --phase NAME --table DIR --retained N
  services_bench.py spark-archive --phase NAME --table DIR --min N --max N --retained N
  services_bench.py spark-plan --phase NAME --table DIR
  services_bench.py hudi-rs-plan --phase NAME --table DIR
  services_bench.py compare-data DIR DIR        (exit 1 unless both hold the same data files)
  services_bench.py compare-active DIR DIR      (exit 1 unless both hold the same instant files)
  services_bench.py summary RESULTS.jsonl

Every timed phase prints one JSON line as interop_bench.py does, its `phase` named
"<engine>: <what>" (engine hoodie, spark, spark warm, hudi-rs) so that `summary` can put
hoodie and Spark side by side. `run` times one hoodie process from fork to exit: wall
seconds, user + system CPU seconds and peak RSS from wait4, so start-up is included.
The Spark phases run Apache Hudi 0.15 through py4j on local[2] (interop_bench.spark_session)
with the metadata table off (tests/interop/conftest.py HudiJava); only the service call is
timed, not the JVM or Spark start-up; CPU seconds are the whole JVM's user + system during
the call and peak RSS its VmHWM, as in interop_bench.py.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from interop_bench import ROOT, jvm_cpu_seconds, jvm_peak_mib, report, spark_session

sys.path.insert(0, str(ROOT / "tests" / "interop"))

# Synthetic instants start here, well before any instant a real write makes today.
SYNTHETIC_START = datetime.datetime(2020, 1, 1)


def data_files(table: Path) -> dict[str, int]:
    """Relative path -> size of every data file (outside .hoodie, no hidden files)."""
    out = {}
    for path in table.rglob("*"):
        rel = path.relative_to(table)
        if rel.parts[0] == ".hoodie" or path.name.startswith(".") or not path.is_file():
            continue
        out[rel.as_posix()] = path.stat().st_size
    return out


def instant_files(table: Path) -> list[str]:
    """Names of the state files of the active timeline (.hoodie/<digits>...)."""
    return sorted(p.name for p in (table / ".hoodie").iterdir()
                  if p.is_file() and p.name[0].isdigit())


def completed_instants(table: Path) -> list[str]:
    """Completed instants of the active timeline: state files with no further state suffix."""
    suffixes = (".requested", ".inflight")
    return [n for n in instant_files(table) if not n.endswith(suffixes)]


def write_input(args) -> None:
    """JSON lines of record i (key k<i>, partition p<i mod P>) at version V."""
    with open(args.out, "w", encoding="utf-8") as out:
        for i in range(args.records):
            out.write(json.dumps({"id": f"k{i:07d}", "part": f"p{i % args.partitions:04d}",
                                  "ts": args.version, "val": i * args.version}) + "\n")


def synthesize(args) -> None:
    """Adds empty completed commits before the table's first instant until the active timeline
    holds `--instants` completed commits.

    Not what a writer would leave: these commits wrote no file. Each gets the three state
    files of a layout-1 commit: an empty T.commit.requested (as hoodie and Hudi write for a
    copy-on-write upsert), T.inflight and T.commit holding HoodieCommitMetadata JSON with no
    write stats and the operation type of the table's latest commit; T.commit also carries
    its `schema` in extraMetadata, as every real commit does. Timestamps are
    yyyyMMddHHmmssSSS, one second apart from 2020-01-01, so every one is older than the
    real commits and the latest commit, whose files the table holds, stays a real one."""
    table = Path(args.table)
    meta = table / ".hoodie"
    existing = completed_instants(table)
    latest = max((n for n in existing if n.endswith(".commit")), default=None)
    if latest is None:
        raise SystemExit(f"{table} has no completed commit to take the schema from")
    real = json.loads((meta / latest).read_text())
    committed = {"partitionToWriteStats": {}, "compacted": False,
                 "extraMetadata": real.get("extraMetadata", {}),
                 "operationType": real.get("operationType", "UPSERT")}
    inflight = {**committed, "extraMetadata": {}}
    missing = args.instants - len(existing)
    first = min(n.split(".", 1)[0] for n in instant_files(table))
    committed_text = json.dumps(committed, indent=2)
    inflight_text = json.dumps(inflight, indent=2)
    for i in range(missing):
        ts = (SYNTHETIC_START + datetime.timedelta(seconds=i)).strftime("%Y%m%d%H%M%S%f")[:17]
        if ts >= first:
            raise SystemExit(f"synthetic instant {ts} would not precede the table's first {first}")
        (meta / f"{ts}.commit.requested").write_bytes(b"")
        (meta / f"{ts}.inflight").write_text(inflight_text)
        (meta / f"{ts}.commit").write_text(committed_text)
    print(f"{table}: {len(existing)} real + {max(missing, 0)} synthetic completed commits",
          file=sys.stderr)


def counted(kind: str | None, table: Path | None) -> tuple[int, int]:
    """What a `--count` kind counts now: (data files, their bytes) for deleted-files,
    (completed instants, 0) for the instant kinds, (0, 0) without a kind."""
    if kind is None:
        return 0, 0
    if kind == "deleted-files":
        files = data_files(table)
        return len(files), sum(files.values())
    return len(completed_instants(table)), 0


def run_process(args) -> int:
    """Times one hoodie process; its output goes to files shown only if it fails."""
    table = Path(args.table) if args.table else None
    before, bytes_before = counted(args.count, table)
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        started = time.monotonic()
        child = subprocess.Popen(args.argv, stdout=out, stderr=err)
        _, status, usage = os.wait4(child.pid, 0)
        seconds = time.monotonic() - started
        child.returncode = os.waitstatus_to_exitcode(status)
        if child.returncode != 0:
            for stream in (out, err):
                stream.seek(0)
                sys.stderr.write(stream.read().decode(errors="replace"))
            print(f"failed ({child.returncode}): {' '.join(args.argv)}", file=sys.stderr)
            return 1
    after, bytes_after = counted(args.count, table)
    if args.count in ("deleted-files", "archived-instants"):
        records, bytes_ = before - after, bytes_before - bytes_after
    else:
        records, bytes_ = after, 0
    if getattr(args, "records", None):
        records = args.records
    report(args.phase, records, seconds, usage.ru_maxrss / 1024, bytes_,
           usage.ru_utime + usage.ru_stime)
    return 0


def timed_service(args, call) -> tuple[float, float, float]:
    """Runs call(hudi_java) in a fresh Spark session; (seconds, JVM CPU seconds, JVM peak MiB)."""
    from conftest import HudiJava

    with tempfile.TemporaryDirectory(prefix="hoodie-bench-spark-") as scratch:
        spark = spark_session(scratch)
        hudi_java = HudiJava(spark)
        cpu_before = jvm_cpu_seconds()
        started = time.monotonic()
        call(hudi_java)
        seconds = time.monotonic() - started
        cpu = jvm_cpu_seconds() - cpu_before
        peak = jvm_peak_mib()
        spark.stop()
    return seconds, cpu, peak


def run_spark_clean(args) -> None:
    """SparkRDDWriteClient.clean() with KEEP_LATEST_COMMITS; timed from the write client's
    construction (which starts Hudi's embedded timeline server) to its close()."""
    table = Path(args.table)
    before = data_files(table)

    def clean(hudi_java):
        jvm = hudi_java.jvm
        policy = jvm.org.apache.hudi.common.model.HoodieCleaningPolicy.KEEP_LATEST_COMMITS
        config = (jvm.org.apache.hudi.config.HoodieCleanConfig.newBuilder()
                  .withCleanerPolicy(policy).retainCommits(args.retained)
                  .withAutoClean(False).build())
        client = hudi_java.write_client(table, clean=config)
        try:
            client.clean()
        finally:
            client.close()

    seconds, cpu, peak = timed_service(args, clean)
    after = data_files(table)
    report(args.phase, len(before) - len(after), seconds, peak,
           sum(before.values()) - sum(after.values()), cpu)


def run_spark_archive(args) -> None:
    """SparkRDDWriteClient.archive() (HoodieTimelineArchiver) with keep.min/max commits,
    automatic clean off; timed from the write client's construction to its close()."""
    table = Path(args.table)
    before = len(completed_instants(table))

    def archive(hudi_java):
        jvm = hudi_java.jvm
        clean = (jvm.org.apache.hudi.config.HoodieCleanConfig.newBuilder()
                 .retainCommits(args.retained).withAutoClean(False).build())
        archival = (jvm.org.apache.hudi.config.HoodieArchivalConfig.newBuilder()
                    .archiveCommitsWith(args.min, args.max).withAutoArchive(False).build())
        client = hudi_java.write_client(table, clean=clean, archival=archival)
        try:
            client.archive()
        finally:
            client.close()

    seconds, cpu, peak = timed_service(args, archive)
    report(args.phase, before - len(completed_instants(table)), seconds, peak, 0, cpu)


def plan_snapshot(hudi_java, table: Path) -> dict[str, float]:
    """What a Spark snapshot read plans before it reads a row: the meta client with its active
    timeline, the table schema (TableSchemaResolver, from the latest commit's metadata), the
    partitions (file-system listing: metadata table off) and the latest base file of every file
    group (HoodieTableFileSystemView over the completed commits). Wall and JVM CPU seconds of
    the timeline load alone and of the whole plan, and the counts."""
    jvm = hudi_java.jvm
    cpu0 = jvm_cpu_seconds()
    t0 = time.monotonic()
    client = hudi_java.meta_client(table)
    timeline = client.getActiveTimeline()
    instants = timeline.countInstants()
    t1 = time.monotonic()
    cpu1 = jvm_cpu_seconds()
    t1_resumed = time.monotonic()
    commits = timeline.getCommitsTimeline().filterCompletedInstants()
    jvm.org.apache.hudi.common.table.TableSchemaResolver(client).getTableAvroSchema()
    metadata_config = (jvm.org.apache.hudi.common.config.HoodieMetadataConfig.newBuilder()
                       .enable(False).build())
    context = jvm.org.apache.hudi.common.engine.HoodieLocalEngineContext(hudi_java.storage_conf())
    metadata = jvm.org.apache.hudi.metadata.HoodieTableMetadata.create(
        context, client.getStorage(), metadata_config, str(table))
    view = jvm.org.apache.hudi.common.table.view.HoodieTableFileSystemView(client, commits)
    files = sum(view.getLatestBaseFiles(p).count() for p in metadata.getAllPartitionPaths())
    view.close()
    t2 = time.monotonic()
    cpu2 = jvm_cpu_seconds()
    return {"timeline_seconds": t1 - t0, "timeline_cpu": cpu1 - cpu0,
            "plan_seconds": (t1 - t0) + (t2 - t1_resumed), "plan_cpu": cpu2 - cpu0,
            "instants": instants, "files": files}


def run_spark_plan(args) -> None:
    """plan_snapshot twice in one JVM: the first (cold: Hudi's classes loaded, nothing JIT
    compiled) is the comparable figure, the second shows the warm JVM."""
    table = Path(args.table)
    with tempfile.TemporaryDirectory(prefix="hoodie-bench-spark-") as scratch:
        spark = spark_session(scratch)
        from conftest import HudiJava

        hudi_java = HudiJava(spark)
        cold = plan_snapshot(hudi_java, table)
        peak = jvm_peak_mib()
        warm = plan_snapshot(hudi_java, table)
        spark.stop()
    instants = cold["instants"]
    report(f"spark: timeline load, {args.phase}", instants, cold["timeline_seconds"], peak, 0,
           cold["timeline_cpu"])
    report(f"spark: snapshot planning, {args.phase}", instants, cold["plan_seconds"], peak, 0,
           cold["plan_cpu"])
    report(f"spark warm: snapshot planning, {args.phase}", instants, warm["plan_seconds"], peak, 0,
           warm["plan_cpu"])
    print(f"check: Spark loaded {instants} active instants and planned {cold['files']} latest base "
          f"files of {table.name}", file=sys.stderr)


def run_hudi_rs_plan(args) -> None:
    """hudi-rs: the table built (timeline loaded), then get_file_slices() of a snapshot."""
    from hudi import HudiTableBuilder

    before = resource.getrusage(resource.RUSAGE_SELF)
    started = time.monotonic()
    table = HudiTableBuilder.from_base_uri(args.table).build()
    slices = len(table.get_file_slices())
    seconds = time.monotonic() - started
    usage = resource.getrusage(resource.RUSAGE_SELF)
    cpu = (usage.ru_utime + usage.ru_stime) - (before.ru_utime + before.ru_stime)
    path = Path(args.table)
    report(f"hudi-rs: snapshot planning, {args.phase}", len(completed_instants(path)), seconds,
           usage.ru_maxrss / 1024, 0, cpu)
    print(f"check: hudi-rs planned {slices} file slices of {path.name}", file=sys.stderr)


def differences(ours, theirs) -> None:
    """Prints up to 20 names only one side kept."""
    for name in sorted(set(ours) ^ set(theirs))[:20]:
        print(f"  only {'hoodie' if name in ours else 'Hudi'} kept {name}")


def compare_data(args) -> int:
    ours, theirs = data_files(Path(args.dirs[0])), data_files(Path(args.dirs[1]))
    same = sorted(ours) == sorted(theirs)
    print(f"check: data files left by hoodie clean: {len(ours)}, by Hudi's cleaner: "
          f"{len(theirs)}: {'same set' if same else 'DIFFERENT'}")
    differences(ours, theirs)
    return 0 if same else 1


def compare_active(args) -> int:
    ours_dir, theirs_dir = Path(args.dirs[0]), Path(args.dirs[1])
    ours, theirs = instant_files(ours_dir), instant_files(theirs_dir)
    same = ours == theirs
    print(f"check: active instants left by hoodie archive: {len(completed_instants(ours_dir))} "
          f"completed ({len(ours)} state files), by Hudi's archiver: "
          f"{len(completed_instants(theirs_dir))} completed ({len(theirs)} state files): "
          f"{'same files' if same else 'DIFFERENT'}")
    differences(ours, theirs)
    return 0 if same else 1


def cell(row) -> str:
    return f"{row['seconds']:.2f} s, {row['cpu_seconds']:.2f} CPU s, {row['peak_rss_mib']:,} MiB"


def ratio(theirs: float, ours: float) -> str:
    return f"{theirs / ours:.1f}×" if ours else "n/a"


def summary(args) -> None:
    """The Markdown table: each phase's hoodie and Spark rows side by side, ratio Spark / hoodie;
    then the rows without a twin (start-up, the warm JVM, hudi-rs)."""
    rows = [json.loads(line) for line in open(args.results) if line.strip()]
    by_phase: dict[str, dict[str, dict]] = {}
    for row in rows:
        engine, what = row["phase"].split(": ", 1)
        by_phase.setdefault(what, {})[engine] = row
    print("| phase | hoodie | Spark+Hudi 0.15 | ratio |")
    print("|---|---|---|---|")
    others = []
    for what, engines in by_phase.items():
        ours, theirs = engines.pop("hoodie", None), engines.pop("spark", None)
        if ours is None or theirs is None:
            engines.update({e: r for e, r in (("hoodie", ours), ("spark", theirs)) if r})
        else:
            count = f"{ours['records']:,}"
            if theirs["records"] != ours["records"]:
                count += f" / Spark {theirs['records']:,}"
            print(f"| {what} ({count}) | {cell(ours)} | {cell(theirs)} | "
                  f"{ratio(theirs['seconds'], ours['seconds'])} wall, "
                  f"{ratio(theirs['cpu_seconds'], ours['cpu_seconds'])} CPU |")
        others += [(engine, what, row) for engine, row in engines.items()]
    print()
    print("Ratio: Spark's figure over hoodie's. In brackets: files deleted, instants archived or")
    print("active instants loaded.")
    if others:
        print()
        print("| phase | engine | count | seconds | CPU s | peak RSS (MiB) |")
        print("|---|---|---:|---:|---:|---:|")
        for engine, what, row in others:
            print(f"| {what} | {engine} | {row['records']:,} | {row['seconds']:.2f} | "
                  f"{row['cpu_seconds']:.2f} | {row['peak_rss_mib']:,} |")


def main() -> int:
    parser = argparse.ArgumentParser()
    sub = parser.add_subparsers(dest="subcommand", required=True)
    p = sub.add_parser("input")
    p.add_argument("--records", type=int, required=True)
    p.add_argument("--partitions", type=int, required=True)
    p.add_argument("--version", type=int, required=True)
    p.add_argument("--out", required=True)
    p = sub.add_parser("synthesize")
    p.add_argument("--table", required=True)
    p.add_argument("--instants", type=int, required=True)
    p = sub.add_parser("run")
    p.add_argument("--phase", required=True)
    p.add_argument("--count", choices=["deleted-files", "archived-instants", "active-instants"])
    p.add_argument("--table")
    p.add_argument("--records", type=int, help="records the command handles (for records/s)")
    p.add_argument("argv", nargs=argparse.REMAINDER, help="-- then the command to time")
    for name in ("spark-clean", "spark-archive", "spark-plan", "hudi-rs-plan"):
        p = sub.add_parser(name)
        p.add_argument("--phase", required=True)
        p.add_argument("--table", required=True)
        p.add_argument("--retained", type=int, default=10)
        p.add_argument("--min", type=int, default=20)
        p.add_argument("--max", type=int, default=30)
    for name in ("compare-data", "compare-active"):
        p = sub.add_parser(name)
        p.add_argument("dirs", nargs=2)
    p = sub.add_parser("summary")
    p.add_argument("results")
    args = parser.parse_args()
    if args.subcommand == "run":
        if args.argv[:1] == ["--"]:
            args.argv = args.argv[1:]
        return run_process(args)
    if args.subcommand == "compare-data":
        return compare_data(args)
    if args.subcommand == "compare-active":
        return compare_active(args)
    handlers = {
        "input": write_input, "synthesize": synthesize, "spark-clean": run_spark_clean,
        "spark-archive": run_spark_archive, "spark-plan": run_spark_plan,
        "hudi-rs-plan": run_hudi_rs_plan, "summary": summary,
    }
    handlers[args.subcommand](args)
    return 0


if __name__ == "__main__":
    sys.exit(main())
