#!/usr/bin/env bash
# JSON DFS ingest, `hoodie streamer` against the Spark equivalent, side by side in one run on
# the same files (docs/benchmarks.md, "Streamer"); prints one JSON line per phase.
#
# Input: BENCH_RECORDS trip records (8 columns, 8 cities) as JSON lines in BENCH_FILES files
# (bench/streamer_bench.py input). Phases, each into a new table:
#   - hoodie streamer, COPY_ON_WRITE then MERGE_ON_READ: one run-once round over every file
#     (JsonDFSSource, FilebasedSchemaProvider, --op UPSERT, key uuid, partition city,
#     ordering ts), timed as a whole process (wall, CPU, peak RSS; services_bench.py run);
#   - Spark + Hudi 0.15 on local[2], COPY_ON_WRITE then MERGE_ON_READ:
#     spark.read.schema(...).json(folder) and an upsert through the Hudi datasource, which is
#     what HoodieStreamer runs for that source, timed in the JVM (JVM start-up excluded,
#     CPU and peak RSS of the whole JVM).
#   - with BENCH_SMALL_BUDGET (bytes, default 268435456; empty to skip), one more hoodie
#     COPY_ON_WRITE round with hoodie.memory.merge.max.size at that budget: the staged
#     payloads spill to local disk past it, which shows what memory the configuration bounds.
# Metadata table off on both sides (hoodie does not write it). The script fails unless every
# table holds BENCH_RECORDS rows (Spark's count of each).
#
# Environment: BENCH_RECORDS (10000000), BENCH_FILES (100), BENCH_SPARK_MEMORY (4g; the
# driver heap), BENCH_DIR (a new folder under /tmp, removed at the end unless set),
# HOODIE_BUILD_DIR (build/). Smoke test: BENCH_RECORDS=20000 BENCH_FILES=4 bench/run_streamer.sh
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cli="${HOODIE_BUILD_DIR:-$root/build}/src/hoodie/cli/hoodie"
py="$root/.venv-interop/bin/python"
records="${BENCH_RECORDS:-10000000}"
files="${BENCH_FILES:-100}"
[ -x "$cli" ] || { echo "hoodie not built at $cli: run scripts/build.sh" >&2; exit 1; }
[ -x "$py" ] || { echo "no .venv-interop: run scripts/setup-interop.sh" >&2; exit 1; }
work="${BENCH_DIR:-}"
if [ -z "$work" ]; then
  work="$(mktemp -d /tmp/hoodie-bench-streamer.XXXXXX)"
  trap 'rm -rf "$work"' EXIT
fi
mkdir -p "$work"
phase() { "$@" | grep '^{'; }
echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)" >&2
"$py" "$root/bench/streamer_bench.py" input --records "$records" --files "$files" --out "$work/in"
echo "input: $(du -sh "$work/in" | cut -f1) in $files files" >&2
# hoodie streamer TABLE TYPE PHASE [--hoodie-conf K=V ...]: one run-once round, timed.
streamer() {
  local table="$1" type="$2" name="$3"
  shift 3
  phase "$py" "$root/bench/services_bench.py" run --phase "$name" --records "$records" -- \
    "$cli" streamer --target-base-path "$table" --target-table trips --table-type "$type" \
    --schemaprovider-class FilebasedSchemaProvider --source-class JsonDFSSource \
    --hoodie-conf "hoodie.deltastreamer.source.dfs.root=$work/in" \
    --hoodie-conf "hoodie.deltastreamer.schemaprovider.source.schema.file=$work/trip.avsc" \
    --hoodie-conf hoodie.datasource.write.recordkey.field=uuid \
    --hoodie-conf hoodie.datasource.write.partitionpath.field=city \
    --hoodie-conf hoodie.metadata.enable=false \
    --disable-compaction "$@"
}
small_budget="${BENCH_SMALL_BUDGET-268435456}"
for type in COPY_ON_WRITE MERGE_ON_READ; do
  streamer "$work/hoodie-$type" "$type" "hoodie streamer: $type"
  if [ "$type" = COPY_ON_WRITE ] && [ -n "$small_budget" ]; then
    streamer "$work/hoodie-$type-budget" "$type" \
      "hoodie streamer: $type, hoodie.memory.merge.max.size=$small_budget" \
      --hoodie-conf "hoodie.memory.merge.max.size=$small_budget"
  fi
  phase "$py" "$root/bench/streamer_bench.py" spark --input "$work/in" \
    --table "$work/spark-$type" --type "$type" --records "$records"
done
for table in "$work"/hoodie-* "$work"/spark-*; do
  line="$("$py" "$root/bench/streamer_bench.py" count --table "$table" | grep '^{')"
  echo "$line" >&2
  rows="$(echo "$line" | "$py" -c 'import json,sys; print(json.load(sys.stdin)["rows"])')"
  if [ "$rows" != "$records" ]; then
    echo "$table holds $rows rows, not $records" >&2
    exit 1
  fi
done
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)" >&2
