#!/usr/bin/env bash
# Table services, hoodie against Apache Hudi 0.15 on Spark, side by side in one run on
# identical copies of each table (docs/benchmarks.md); prints a Markdown table.
#
# 1. Clean: a copy-on-write table of BENCH_GROUPS file groups (one record each, in
#    BENCH_PARTITIONS partitions) x BENCH_VERSIONS versions, built once by `hoodie write`
#    (an insert with hoodie.copyonwrite.insert.split.size=1, so one group per record, then
#    BENCH_VERSIONS - 1 upserts of every record; automatic clean and archive off;
#    hoodie.index.bloom.num_entries=100 keeps each file at about 4 KB instead of 435 KB,
#    most of it the bloom filter in the footer). Two `cp -a` copies: `hoodie clean` on one, Hudi's
#    SparkRDDWriteClient.clean() on the other, both KEEP_LATEST_COMMITS with
#    hoodie.cleaner.commits.retained=1 (Hudi keeps the latest slice and the one before the
#    earliest retained commit: BENCH_VERSIONS - 2 files deleted per group). The script
#    fails unless both leave the same set of data files. At 1,000 x 30 building the
#    table is 30 hoodie writes of 1,000 files each (minutes; not reported).
# 2. Archive: a small real table (BENCH_PLAN_GROUPS file groups of one record in 10
#    partitions, an insert and an upsert by `hoodie write`, built as in 1.) plus
#    synthetic empty commits up to BENCH_INSTANTS completed commits. Writing 10,000
#    commits through the CLI one by one would take hours, so `services_bench.py
#    synthesize` writes the three state files of empty commits (T.commit.requested,
#    T.inflight, T.commit with no write stats and the schema in extraMetadata), one second
#    apart from 2020-01-01, older than the real ones; both archivers read every one. `hoodie archive` on one copy, Hudi's
#    SparkRDDWriteClient.archive() on another, hoodie.keep.min.commits=20,
#    hoodie.keep.max.commits=30, hoodie.cleaner.commits.retained=10; the script fails
#    unless both leave the same active timeline files.
# 3. Timeline load and snapshot-read planning on the same kind of table with
#    BENCH_PLAN_INSTANTS completed commits, then on it after `hoodie archive` (down to 20).
#    hoodie: `hoodie timeline show --instants-only` (lists .hoodie and prints one row per
#    instant, reads no instant file) and `hoodie query --limit 0 --format csv` (timeline,
#    file-system view of the latest base files, schema from the newest base file's footer,
#    then stops before opening a data file: the least any command does that plans a
#    snapshot read), each a whole process; `hoodie --version` gives the process start-up
#    cost. Spark: HoodieTableMetaClient with its active timeline, TableSchemaResolver,
#    partition listing and HoodieTableFileSystemView latest base files, timed in the JVM
#    (cold, then again warm); hudi-rs (if installed): table build and get_file_slices().
#
# Each phase prints one JSON line (bench/services_bench.py): wall seconds, CPU seconds,
# peak RSS (MiB); for hoodie of its process from start to exit, for Spark of the service
# call only (JVM and Spark start-up and table copies excluded), CPU and peak RSS of the
# whole JVM. Needs .venv-interop (scripts/setup-interop.sh) and a built hoodie.
#
# Environment: BENCH_GROUPS (1000), BENCH_VERSIONS (30), BENCH_PARTITIONS (10),
# BENCH_INSTANTS (10000), BENCH_PLAN_INSTANTS (5000), BENCH_PLAN_GROUPS (100),
# BENCH_SPARK_MEMORY (4g), BENCH_DIR (a new folder under /tmp; removed at the end unless
# set), HOODIE_BUILD_DIR (build/). For a smoke test:
#   BENCH_GROUPS=20 BENCH_VERSIONS=4 BENCH_INSTANTS=200 BENCH_PLAN_INSTANTS=100 \
#   bench/run_services.sh
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cli="${HOODIE_BUILD_DIR:-$root/build}/src/hoodie/cli/hoodie"
py="$root/.venv-interop/bin/python"
helper="$root/bench/services_bench.py"
groups="${BENCH_GROUPS:-1000}"
versions="${BENCH_VERSIONS:-30}"
partitions="${BENCH_PARTITIONS:-10}"
instants="${BENCH_INSTANTS:-10000}"
plan_instants="${BENCH_PLAN_INSTANTS:-5000}"
plan_groups="${BENCH_PLAN_GROUPS:-100}"
if [ ! -x "$cli" ]; then
  echo "hoodie not built at $cli: run scripts/build.sh" >&2
  exit 1
fi
if [ ! -x "$py" ]; then
  echo "no .venv-interop: run scripts/setup-interop.sh" >&2
  exit 1
fi
if [ "$versions" -lt 3 ] || [ "$partitions" -gt "$groups" ]; then
  echo "need BENCH_VERSIONS >= 3 and BENCH_PARTITIONS <= BENCH_GROUPS" >&2
  exit 1
fi
work="${BENCH_DIR:-}"
if [ -z "$work" ]; then
  work="$(mktemp -d /tmp/hoodie-bench-services.XXXXXX)"
  trap 'rm -rf "$work"' EXIT
fi
mkdir -p "$work"
results="$work/results.jsonl"
: > "$results"
failed=0
# Keeps a phase's JSON line (the JVM also prints warnings on standard output).
phase() { "$@" | grep '^{' | tee -a "$results"; }
# Times one hoodie process: hoodie_phase NAME [--count KIND --table T] -- hoodie ARGS.
hoodie_phase() {
  local name="$1"
  shift
  phase "$py" "$helper" run --phase "hoodie: $name" "$@"
}
# Writes a copy-on-write table with hoodie, one file group per record (key id, partition
# part, ordering ts): write_table TABLE RECORDS PARTITIONS VERSIONS.
write_table() {
  local table="$1" records="$2" parts="$3" count="$4"
  local conf=(--hoodie-conf hoodie.table.name=bench
              --hoodie-conf hoodie.datasource.write.recordkey.field=id
              --hoodie-conf hoodie.datasource.write.partitionpath.field=part
              --hoodie-conf hoodie.datasource.write.precombine.field=ts
              --hoodie-conf hoodie.clean.automatic=false
              --hoodie-conf hoodie.archive.automatic=false
              --hoodie-conf hoodie.metadata.enable=false
              --hoodie-conf hoodie.index.bloom.num_entries=100
              --hoodie-conf hoodie.copyonwrite.insert.split.size=1
              --hoodie-conf hoodie.copyonwrite.insert.auto.split=false
              --hoodie-conf hoodie.parquet.small.file.limit=0)
  for version in $(seq 1 "$count"); do
    "$py" "$helper" input --records "$records" --partitions "$parts" --version "$version" \
      --out "$work/input.json"
    local op=upsert
    if [ "$version" = 1 ]; then op=insert; fi
    "$cli" -o json write --table "$table" --op "$op" --input "$work/input.json" \
      "${conf[@]}" > /dev/null
  done
  rm -f "$work/input.json"
}
count_data_files() {
  find "$1" -path "$1/.hoodie" -prune -o -type f ! -name '.*' -print | wc -l
}
retention=(--hoodie-conf hoodie.keep.min.commits=20 --hoodie-conf hoodie.keep.max.commits=30
           --hoodie-conf hoodie.cleaner.commits.retained=10)

echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)" >&2
hoodie_phase "process start-up (--version)" -- "$cli" --version

# 1. Clean.
src="$work/clean-src"
started=$(date +%s)
write_table "$src" "$groups" "$partitions" "$versions"
files=$(count_data_files "$src")
echo "clean table: $files data files, built in $(( $(date +%s) - started )) s" >&2
if [ "$files" != $(( groups * versions )) ]; then
  echo "expected $(( groups * versions )) data files in $src, found $files" >&2
  exit 1
fi
cp -a "$src" "$work/clean-hoodie"
cp -a "$src" "$work/clean-spark"
rm -rf "$src"
what="clean, $groups file groups x $versions versions"
hoodie_phase "$what" --count deleted-files --table "$work/clean-hoodie" -- \
  "$cli" clean --table "$work/clean-hoodie" \
  --hoodie-conf hoodie.cleaner.policy=KEEP_LATEST_COMMITS \
  --hoodie-conf hoodie.cleaner.commits.retained=1
phase "$py" "$helper" spark-clean --phase "spark: $what" --table "$work/clean-spark" \
  --retained 1
"$py" "$helper" compare-data "$work/clean-hoodie" "$work/clean-spark" || failed=1
rm -rf "$work/clean-hoodie" "$work/clean-spark"

# 2. Archive. The seed table is also the start of phase 3.
seed="$work/seed"
write_table "$seed" "$plan_groups" 10 2
cp -a "$seed" "$work/archive-src"
"$py" "$helper" synthesize --table "$work/archive-src" --instants "$instants"
cp -a "$work/archive-src" "$work/archive-hoodie"
mv "$work/archive-src" "$work/archive-spark"
what="archive, $instants commits to 20"
hoodie_phase "$what" --count archived-instants --table "$work/archive-hoodie" -- \
  "$cli" archive --table "$work/archive-hoodie" "${retention[@]}"
phase "$py" "$helper" spark-archive --phase "spark: $what" --table "$work/archive-spark" \
  --min 20 --max 30 --retained 10
"$py" "$helper" compare-active "$work/archive-hoodie" "$work/archive-spark" || failed=1
rm -rf "$work/archive-hoodie" "$work/archive-spark"

# 3. Timeline load and snapshot planning, before and after archival.
plan="$work/plan"
mv "$seed" "$plan"
"$py" "$helper" synthesize --table "$plan" --instants "$plan_instants"
has_hudi_rs=0
"$py" -c 'import hudi' 2> /dev/null && has_hudi_rs=1
for state in "$plan_instants active instants" "archived to 20"; do
  if [ "$state" = "archived to 20" ]; then
    "$cli" archive --table "$plan" "${retention[@]}" > /dev/null
  fi
  hoodie_phase "timeline load, $state" --count active-instants --table "$plan" -- \
    "$cli" timeline show --instants-only "$plan"
  hoodie_phase "snapshot planning, $state" --count active-instants --table "$plan" -- \
    "$cli" query "$plan" --limit 0 --format csv
  phase "$py" "$helper" spark-plan --phase "$state" --table "$plan"
  if [ "$has_hudi_rs" = 1 ]; then
    phase "$py" "$helper" hudi-rs-plan --phase "$state" --table "$plan"
  fi
done
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)" >&2

"$py" "$helper" summary "$results"
if [ "$failed" != 0 ]; then
  echo "a check failed: hoodie and Hudi left different tables (see the check lines)" >&2
fi
exit "$failed"
