#!/usr/bin/env bash
# Runs the benchmark once and prints a Markdown table of the results (docs/benchmarks.md).
#
# hoodie: bulk_insert of BENCH_RECORDS generated records (bench/bench_data.h), then an
# upsert of BENCH_UPSERTS (half updates, half inserts), a snapshot read, a second
# bulk_insert with GLOBAL_SORT, and, as the yardstick, a plain Arrow Parquet write of the
# same records with the same codec. Each
# phase is its own process so its peak RSS is its own.
# With .venv-interop (scripts/setup-interop.sh): the same bulk_insert + upsert with Apache
# Hudi 0.15 on Spark local[2] at BENCH_SPARK_RECORDS / BENCH_SPARK_UPSERTS (scaled down so
# Spark takes minutes, not hours) and hoodie at that scale beside it, and a snapshot read
# of hoodie's table with hudi-rs.
#
# Environment: BENCH_RECORDS (10000000), BENCH_UPSERTS (1000000), BENCH_SPARK_RECORDS
# (1000000), BENCH_SPARK_UPSERTS (100000), BENCH_CODEC (snappy), BENCH_DIR (a new
# folder under /tmp; removed at the end unless set), HOODIE_BUILD_DIR (build/).
# Not run by the tests; build first with scripts/build.sh.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
bin="${HOODIE_BUILD_DIR:-$root/build}/bench/hoodie-bench"
records="${BENCH_RECORDS:-10000000}"
upserts="${BENCH_UPSERTS:-1000000}"
spark_records="${BENCH_SPARK_RECORDS:-1000000}"
spark_upserts="${BENCH_SPARK_UPSERTS:-100000}"
codec="${BENCH_CODEC:-snappy}"
if [ ! -x "$bin" ]; then
  echo "hoodie-bench not built at $bin: run scripts/build.sh" >&2
  exit 1
fi
work="${BENCH_DIR:-}"
if [ -z "$work" ]; then
  work="$(mktemp -d /tmp/hoodie-bench.XXXXXX)"
  trap 'rm -rf "$work"' EXIT
fi
mkdir -p "$work"
results="$work/results.jsonl"
: > "$results"
# Keeps a phase's JSON line (the JVM also prints warnings on standard output).
phase() { "$@" | grep '^{' | tee -a "$results"; }

echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)" >&2
phase "$bin" raw --records "$records" --out "$work/raw.parquet" --codec "$codec"
phase "$bin" bulk_insert --records "$records" --table "$work/hoodie" --codec "$codec"
phase "$bin" upsert --records "$upserts" --base "$records" --table "$work/hoodie" --codec "$codec"
phase "$bin" read --table "$work/hoodie"
rm -f "$work/raw.parquet"
# GLOBAL_SORT: an external sort of the whole input (runs of hoodie.memory.merge.max.size).
"$bin" bulk_insert --records "$records" --table "$work/hoodie-sorted" --codec "$codec" \
  --sort-mode GLOBAL_SORT | sed 's/"phase":"bulk_insert"/"phase":"bulk_insert_global_sort"/' |
  grep '^{' | tee -a "$results"
rm -rf "$work/hoodie-sorted"

py="$root/.venv-interop/bin/python"
if [ -x "$py" ]; then
  phase "$py" "$root/bench/interop_bench.py" hudi-rs-read --table "$work/hoodie"
  rm -rf "$work/hoodie"
  "$bin" generate --records "$spark_records" --out "$work/base.parquet" > /dev/null
  "$bin" generate --records "$spark_upserts" --base "$spark_records" \
    --out "$work/upsert.parquet" > /dev/null
  phase "$py" "$root/bench/interop_bench.py" spark --op bulk_insert \
    --input "$work/base.parquet" --table "$work/spark" --codec "$codec"
  phase "$py" "$root/bench/interop_bench.py" spark --op upsert \
    --input "$work/upsert.parquet" --table "$work/spark" --codec "$codec"
  for step in "bulk_insert --records $spark_records" \
              "upsert --records $spark_upserts --base $spark_records"; do
    # shellcheck disable=SC2086
    "$bin" $step --table "$work/hoodie-small" --codec "$codec" |
      sed 's/"phase":"\([a-z_]*\)"/"phase":"\1_small"/' | grep '^{' | tee -a "$results"
  done
fi
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)" >&2

python3 - "$results" <<'PY'
import json, sys
rows = [json.loads(line) for line in open(sys.argv[1]) if line.strip()]
print("| phase | records | seconds | records/s | CPU s | peak RSS (MiB) | bytes |")
print("|---|---:|---:|---:|---:|---:|---:|")
for r in rows:
    print(f"| {r['phase']} | {r['records']:,} | {r['seconds']:.1f} | "
          f"{r['records_per_second']:,.0f} | {r.get('cpu_seconds', 0):.1f} | "
          f"{r['peak_rss_mib']:,.0f} | {r['bytes']:,} |")
PY
