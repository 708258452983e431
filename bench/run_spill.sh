#!/usr/bin/env bash
# The bounded log merge under budgets far below a slice's log records (docs/benchmarks.md,
# "Spilling"): prints a Markdown table.
#
# A merge-on-read table of BENCH_RECORDS generated records (bench/bench_data.h) in 10
# file groups (hoodie.parquet.max.file.size 4 GiB), then an upsert of BENCH_UPSERTS
# (half updates, which go to the logs of the 10 slices since
# hoodie.parquet.small.file.limit=0, half inserts, which go to new file groups). Then,
# with each hoodie-bench binary of BENCH_READ_BINS (to compare builds on one table), a
# snapshot read per budget of BENCH_BUDGETS (hoodie.memory.merge.max.size; log records
# beyond it spill to local disk) and a read-optimized read. Each read is its own process,
# so each peak RSS is its own. Last, `hoodie query` (all columns, CSV, sorted) must return
# the same rows under every budget: the script fails otherwise.
#
# Environment: BENCH_RECORDS (1000000), BENCH_UPSERTS (1000000), BENCH_BUDGETS
# ("1073741824 16777216 1048576"), BENCH_READ_BINS (this build's hoodie-bench),
# BENCH_DIR (a new folder under /tmp; removed at the end unless set), HOODIE_BUILD_DIR
# (build/).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="${HOODIE_BUILD_DIR:-$root/build}"
bin="$build/bench/hoodie-bench"
cli="$build/src/hoodie/cli/hoodie"
records="${BENCH_RECORDS:-1000000}"
upserts="${BENCH_UPSERTS:-1000000}"
budgets="${BENCH_BUDGETS:-1073741824 16777216 1048576}"
read_bins="${BENCH_READ_BINS:-$bin}"
for program in "$bin" "$cli" $read_bins; do
  if [ ! -x "$program" ]; then
    echo "$program is not built: cmake --build build --target hoodie-bench hoodie" >&2
    exit 1
  fi
done
work="${BENCH_DIR:-}"
if [ -z "$work" ]; then
  work="$(mktemp -d /tmp/hoodie-bench-spill.XXXXXX)"
  trap 'rm -rf "$work"' EXIT
fi
mkdir -p "$work"
results="$work/results.jsonl"
: > "$results"
t="$work/table"
conf=(--conf hoodie.datasource.write.table.type=MERGE_ON_READ
      --conf hoodie.parquet.small.file.limit=0
      --conf hoodie.parquet.max.file.size=4294967296)
# Runs one phase and keeps its JSON line, renamed to $1.
phase() {
  local name="$1"
  shift
  "$@" | grep '^{' | sed -E "s#\"phase\": ?\"[a-z_]*\"#\"phase\":\"$name\"#" |
    tee -a "$results"
}

echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)" >&2
phase "bulk_insert" "$bin" bulk_insert --records "$records" --table "$t" "${conf[@]}"
phase "upsert" "$bin" upsert --records "$upserts" --base "$records" --table "$t" "${conf[@]}"
for reader in $read_bins; do
  label="${reader#"$root"/}"
  for budget in $budgets; do
    phase "snapshot read, merge budget $budget B ($label)" "$reader" read --table "$t" \
      --conf "hoodie.memory.merge.max.size=$budget" \
      --conf "hoodie.memory.spillable.map.path=$work"
  done
  phase "read_optimized read ($label)" "$reader" read --table "$t" \
    --query-type read_optimized
done
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)" >&2

# Every budget must return the same rows.
first=""
for budget in $budgets; do
  sum=$("$cli" query "$t" --format csv --hoodie-conf "hoodie.memory.merge.max.size=$budget" \
          --hoodie-conf "hoodie.memory.spillable.map.path=$work" | sort | md5sum | cut -c1-32)
  echo "rows under budget $budget: md5 $sum" >&2
  if [ -z "$first" ]; then
    first="$sum"
  elif [ "$sum" != "$first" ]; then
    echo "budget $budget returned other rows than budget ${budgets%% *}" >&2
    exit 1
  fi
done

python3 - "$results" <<'PY'
import json, sys
rows = [json.loads(line) for line in open(sys.argv[1]) if line.strip()]
print("| phase | records | seconds | CPU s | peak RSS (MiB) | bytes |")
print("|---|---:|---:|---:|---:|---:|")
for r in rows:
    print(f"| {r['phase']} | {r['records']:,} | {r['seconds']:.1f} | "
          f"{r.get('cpu_seconds', 0):.1f} | {r['peak_rss_mib']:,.0f} | {r['bytes']:,} |")
PY
