#!/usr/bin/env bash
# hoodie beside its yardsticks, in one run on the same generated data, and the ratios the
# performance aims are stated in (docs/benchmarks.md, "Against the format's limit").
#
#   bench/compare.sh [RECORDS]     # 1000000 by default (a quick run); 10000000 is recorded
#
# Phases, each its own process so that each peak RSS is its own (bench/bench_data.h makes
# the rows; upserts are RECORDS/10, half updates spread over the table, half inserts):
#   raw          plain Arrow Parquet write of the RECORDS rows (same codec, one file)
#   raw_meta     the same with Hudi's five meta columns as plain strings in front: the
#                bytes a Hudi base file must hold, written by Arrow alone
#   bulk_insert  hoodie into a COPY_ON_WRITE table, then Spark + Hudi 0.15 (local[2]) into
#                its own table from a Parquet copy of the same rows
#   upsert       hoodie, then Spark, each into its bulk-inserted table
#   COW reads    hoodie's snapshot of its table, the same base files read by plain Arrow
#                Parquet (raw_read), and hudi-rs' snapshot
#   MOR          hoodie bulk_insert and upsert into a MERGE_ON_READ table with
#                hoodie.parquet.small.file.limit=0 (every update goes to a log file), then
#                hoodie's snapshot (base files merged with the logs), its read-optimized
#                read (base files only) and hudi-rs' snapshot
# Needs build/bench/hoodie-bench (scripts/build.sh) and .venv-interop
# (scripts/setup-interop.sh). Run it on a quiet machine: no build or test beside it.
# Environment: BENCH_CODEC (snappy), BENCH_DIR (a new folder under /tmp, removed at the
# end unless set), HOODIE_BUILD_DIR (build/).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
records="${1:-1000000}"
upserts=$((records / 10))
codec="${BENCH_CODEC:-snappy}"
bin="${HOODIE_BUILD_DIR:-$root/build}/bench/hoodie-bench"
py="$root/.venv-interop/bin/python"
[ -x "$bin" ] || { echo "hoodie-bench not built at $bin: run scripts/build.sh" >&2; exit 1; }
[ -x "$py" ] || { echo "no .venv-interop: run scripts/setup-interop.sh" >&2; exit 1; }
# shellcheck source=bench/lib.sh
source "$root/bench/lib.sh"
bench_workdir hoodie-compare
# phase NAME COMMAND...: runs one phase and keeps its JSON line under NAME.
phase() { bench_phase "$1" "$results" "${@:2}"; }
mor=(--conf hoodie.datasource.write.table.type=MERGE_ON_READ
     --conf hoodie.parquet.small.file.limit=0)

echo "compare: $records records, $upserts upserts, $codec; $(nproc) cores; load before: $(cut -d' ' -f1-3 /proc/loadavg)" >&2
phase raw "$bin" raw --records "$records" --out "$work/raw.parquet" --codec "$codec"
rm -f "$work/raw.parquet"
phase raw_meta "$bin" raw_meta --records "$records" --out "$work/raw.parquet" --codec "$codec"
rm -f "$work/raw.parquet"
phase bulk_insert "$bin" bulk_insert --records "$records" --table "$work/cow" --codec "$codec"
phase upsert "$bin" upsert --records "$upserts" --base "$records" --table "$work/cow" \
  --codec "$codec"
phase cow_snapshot "$bin" read --table "$work/cow"
phase cow_raw_read "$bin" raw_read --table "$work/cow"
phase cow_hudi_rs "$py" "$root/bench/interop_bench.py" hudi-rs-read --table "$work/cow"
rm -rf "$work/cow"
phase mor_bulk_insert "$bin" bulk_insert --records "$records" --table "$work/mor" \
  --codec "$codec" "${mor[@]}"
phase mor_upsert "$bin" upsert --records "$upserts" --base "$records" --table "$work/mor" \
  --codec "$codec" "${mor[@]}"
phase mor_snapshot "$bin" read --table "$work/mor"
phase mor_read_optimized "$bin" read --table "$work/mor" --query-type read_optimized
phase mor_hudi_rs "$py" "$root/bench/interop_bench.py" hudi-rs-read --table "$work/mor"
rm -rf "$work/mor"
"$bin" generate --records "$records" --out "$work/base.parquet" > /dev/null
"$bin" generate --records "$upserts" --base "$records" --out "$work/upsert.parquet" > /dev/null
phase spark_bulk_insert "$py" "$root/bench/interop_bench.py" spark --op bulk_insert \
  --input "$work/base.parquet" --table "$work/spark" --codec "$codec"
phase spark_upsert "$py" "$root/bench/interop_bench.py" spark --op upsert \
  --input "$work/upsert.parquet" --table "$work/spark" --codec "$codec"
rm -rf "$work/spark"
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)" >&2

"$py" "$root/bench/compare_table.py" "$results"
