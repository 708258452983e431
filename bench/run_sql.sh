#!/usr/bin/env bash
# SQL DML on Hudi tables: hoodie.sql (hoodie's SQL session on DuckDB) beside Spark SQL 3.5 +
# Hudi 0.15, the same statements on copies of the same tables, in one run
# (docs/benchmarks.md, "SQL"):
#
#   bench/run_sql.sh [RECORDS]     # 1000000 by default
#
# hoodie-bench bulk-inserts RECORDS rows into a COPY_ON_WRITE and a MERGE_ON_READ table,
# copied once per engine, and generates RECORDS/10 changes (half updates of stored keys,
# half new keys) as Parquet. Each phase is its own process:
#   <type>_hoodie_merge / _spark_merge    MERGE INTO t USING <changes> s ON t.key = s.key
#                                         WHEN MATCHED THEN UPDATE SET *
#                                         WHEN NOT MATCHED THEN INSERT *
#   <type>_hoodie_update / _spark_update  UPDATE t SET ts = ts + 1 WHERE partition = <one>
# Both engines write Snappy Parquet. Records are the rows the commit wrote (its metadata). Needs build/, .venv-python and
# .venv-interop. Run it on a quiet machine. Environment: BENCH_DIR (kept when set).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
records="${1:-1000000}"
changes=$((records / 10))
# shellcheck source=bench/lib.sh
source "$root/bench/lib.sh"
bench_python_envs "$root"
bench_workdir hoodie-sql
phase() { bench_phase "$1" "$results" "${@:2}"; }

merge="MERGE INTO t USING {source} s ON t.key = s.key WHEN MATCHED THEN UPDATE SET * WHEN NOT MATCHED THEN INSERT *"
echo "sql: $records records, $changes changes; $(nproc) cores; load before: $(cut -d' ' -f1-3 /proc/loadavg)" >&2
"$bin" generate --records "$changes" --base "$records" --out "$work/changes.parquet" > /dev/null
for type in cow mor; do
  conf=()
  [ "$type" = mor ] && conf=(--conf hoodie.datasource.write.table.type=MERGE_ON_READ)
  "$bin" bulk_insert --records "$records" --table "$work/$type" --codec snappy "${conf[@]}" \
    > /dev/null
  partition="$("$py" -c "import pyarrow.parquet as pq; print(pq.read_table('$work/changes.parquet', columns=['partition'])['partition'][0])")"
  update="UPDATE t SET ts = ts + 1 WHERE partition = '$partition'"
  for engine in hoodie spark; do cp -r "$work/$type" "$work/$type-$engine"; done
  phase "${type}_hoodie_merge" "$py" "$root/bench/python_bench.py" sql --table "$work/$type-hoodie" \
    --statement "$merge" --input "$work/changes.parquet"
  phase "${type}_spark_merge" "$spark_py" "$root/bench/interop_bench.py" spark-sql \
    --table "$work/$type-spark" --statement "$merge" --input "$work/changes.parquet"
  phase "${type}_hoodie_update" "$py" "$root/bench/python_bench.py" sql --table "$work/$type-hoodie" \
    --statement "$update"
  phase "${type}_spark_update" "$spark_py" "$root/bench/interop_bench.py" spark-sql \
    --table "$work/$type-spark" --statement "$update"
  rm -rf "${work:?}/$type" "$work/$type-hoodie" "$work/$type-spark"
done
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)" >&2
