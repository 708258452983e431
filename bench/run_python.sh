#!/usr/bin/env bash
# The Python package's reads beside hudi-rs' and Spark's, in one run on the same tables
# (docs/benchmarks.md, "Python"):
#
#   bench/run_python.sh [RECORDS]     # 1000000 by default; 10000000 is recorded too
#
# hoodie-bench bulk-inserts RECORDS rows into a COPY_ON_WRITE and a MERGE_ON_READ table and
# upserts RECORDS/10 into each (half updates, half inserts; on MOR every update goes to a
# log file), then, each its own process:
#   python_snapshot      hoodie.Table(t).to_arrow() (.venv-python, the package of build/python)
#   hudi_rs_read         hudi-rs' `hudi` read of every batch, in the same environment
#   spark_read           Spark 3.5 + Hudi 0.15 (local[2]) snapshot, every column (noop sink)
#   cpp_snapshot         hoodie-bench read: the engine without Python, for reference
# and for MOR also python_read_optimized. Needs build/ (scripts/build.sh), .venv-python
# (scripts/setup-python.sh) and .venv-interop (scripts/setup-interop.sh). Run it on a quiet
# machine. Environment: BENCH_DIR (kept when set), HOODIE_BUILD_DIR (build/).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
records="${1:-1000000}"
upserts=$((records / 10))
# shellcheck source=bench/lib.sh
source "$root/bench/lib.sh"
bench_python_envs "$root"
bench_workdir hoodie-python
phase() { bench_phase "$1" "$results" "${@:2}"; }

echo "python: $records records, $upserts upserts; $(nproc) cores; load before: $(cut -d' ' -f1-3 /proc/loadavg)" >&2
for type in cow mor; do
  conf=()
  if [ "$type" = mor ]; then
    conf=(--conf hoodie.datasource.write.table.type=MERGE_ON_READ
          --conf hoodie.parquet.small.file.limit=0)
  fi
  "$bin" bulk_insert --records "$records" --table "$work/$type" "${conf[@]}" > /dev/null
  "$bin" upsert --records "$upserts" --base "$records" --table "$work/$type" "${conf[@]}" \
    > /dev/null
  phase "${type}_python_snapshot" "$py" "$root/bench/python_bench.py" to-arrow --table "$work/$type"
  if [ "$type" = mor ]; then
    phase mor_python_read_optimized "$py" "$root/bench/python_bench.py" to-arrow \
      --table "$work/$type" --query-type read_optimized
  fi
  phase "${type}_hudi_rs_read" "$py" "$root/bench/interop_bench.py" hudi-rs-read --table "$work/$type"
  phase "${type}_spark_read" "$spark_py" "$root/bench/interop_bench.py" spark-read --table "$work/$type"
  phase "${type}_cpp_snapshot" "$bin" read --table "$work/$type"
  rm -rf "${work:?}/$type"
done
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)" >&2
