#!/usr/bin/env bash
# Merge-on-read benchmark (docs/benchmarks.md, "Merge-on-read"): prints a Markdown table.
#
# For each table type (MERGE_ON_READ, COPY_ON_WRITE): bulk_insert of BENCH_RECORDS
# generated records (bench/bench_data.h), an upsert of BENCH_UPSERTS (half updates, half
# inserts), then reads: snapshot (on MOR: base files merged with the log blocks),
# read_optimized (MOR base files only), and a MOR snapshot whose merge state is limited
# to BENCH_MERGE_BUDGET bytes (hoodie.memory.merge.max.size; log records beyond it
# spill to local disk), whose peak RSS shows the bound. Each phase is its own process,
# so each peak RSS is its own.
#
# With BENCH_COMPACT_CODECS (e.g. "gzip snappy"), per codec a copy of the upserted
# merge-on-read table is compacted (`hoodie-bench compact`: schedule + run, as `hoodie
# compaction run --schedule`) writing that codec, and, with .venv-interop
# (scripts/setup-interop.sh) and BENCH_SPARK_COMPACT=1, another copy by Apache Hudi 0.15
# on Spark local[2] (the run_compaction procedure) right after it.
#
# Environment: BENCH_RECORDS (10000000), BENCH_UPSERTS (1000000), BENCH_MERGE_BUDGET
# (16777216), BENCH_TYPES ("MERGE_ON_READ COPY_ON_WRITE"), BENCH_CONF (extra key=value
# settings of every phase, space separated, e.g. hoodie.parquet.small.file.limit=0),
# BENCH_CODEC (snappy), BENCH_MOR_READS (1; 0 skips the read phases),
# BENCH_COMPACT_CODECS (none), BENCH_SPARK_COMPACT (0), BENCH_DIR (a new folder under
# /tmp; removed at the end unless set), HOODIE_BUILD_DIR (build/). For a quick run:
#   BENCH_RECORDS=1000000 BENCH_UPSERTS=100000 bench/run_mor.sh
# Compaction of 10 M records against Spark's, without the reads:
#   BENCH_TYPES=MERGE_ON_READ BENCH_MOR_READS=0 BENCH_COMPACT_CODECS="gzip snappy" \
#   BENCH_SPARK_COMPACT=1 BENCH_CONF=hoodie.parquet.small.file.limit=0 bench/run_mor.sh
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
bin="${HOODIE_BUILD_DIR:-$root/build}/bench/hoodie-bench"
records="${BENCH_RECORDS:-10000000}"
upserts="${BENCH_UPSERTS:-1000000}"
budget="${BENCH_MERGE_BUDGET:-16777216}"
codec="${BENCH_CODEC:-snappy}"
types="${BENCH_TYPES:-MERGE_ON_READ COPY_ON_WRITE}"
reads="${BENCH_MOR_READS:-1}"
compact_codecs="${BENCH_COMPACT_CODECS:-}"
spark_compact="${BENCH_SPARK_COMPACT:-0}"
py="$root/.venv-interop/bin/python"
extra=()
for kv in ${BENCH_CONF:-}; do extra+=(--conf "$kv"); done
if [ ! -x "$bin" ]; then
  echo "hoodie-bench not built at $bin: cmake --build build --target hoodie-bench" >&2
  exit 1
fi
# shellcheck source=bench/lib.sh
source "$root/bench/lib.sh"
bench_workdir hoodie-bench-mor
# phase NAME COMMAND...: runs one phase and keeps its JSON line under NAME.
phase() { bench_phase "$1" "$results" "${@:2}"; }

echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)" >&2
for type in $types; do
  t="$work/$type"
  conf=(--conf "hoodie.datasource.write.table.type=$type" ${extra[@]+"${extra[@]}"})
  phase "$type bulk_insert" "$bin" bulk_insert --records "$records" --table "$t" \
    --codec "$codec" "${conf[@]}"
  phase "$type upsert" "$bin" upsert --records "$upserts" --base "$records" --table "$t" \
    --codec "$codec" "${conf[@]}"
  if [ "$reads" = 1 ]; then
    phase "$type snapshot read" "$bin" read --table "$t"
  fi
  if [ "$type" = MERGE_ON_READ ] && [ "$reads" = 1 ]; then
    phase "$type read_optimized read" "$bin" read --table "$t" --query-type read_optimized
    phase "$type snapshot read, merge budget $budget B" "$bin" read --table "$t" \
      --conf "hoodie.memory.merge.max.size=$budget" --conf "hoodie.memory.spillable.map.path=$work"
    phase "$type snapshot read, eager reverse block reading" "$bin" read --table "$t" \
      --conf hoodie.compaction.lazy.block.read=false \
      --conf hoodie.compaction.reverse.log.read=true
  fi
  if [ "$type" = MERGE_ON_READ ]; then
    for c in $compact_codecs; do
      cp -a "$t" "$t-compact"
      phase "$type compaction ($c)" "$bin" compact --table "$t-compact" \
        --conf "hoodie.parquet.compression.codec=$c" ${extra[@]+"${extra[@]}"}
      rm -rf "$t-compact"
      if [ "$spark_compact" = 1 ] && [ -x "$py" ]; then
        cp -a "$t" "$t-compact"
        phase "$type Spark + Hudi 0.15 compaction ($c)" "$py" "$root/bench/interop_bench.py" \
          spark-compact --table "$t-compact" --codec "$c"
        rm -rf "$t-compact"
      fi
    done
  fi
  du -sb "$t" | sed "s|$work/||" >&2
  rm -rf "$t"
done
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
