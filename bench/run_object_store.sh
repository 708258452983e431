#!/usr/bin/env bash
# Object-store benchmark (issue 29, "Request accounting"; docs/benchmarks.md): hoodie, Spark +
# Apache Hudi 0.15 and hudi-rs on moto's S3 server, with the requests each phase made by kind;
# prints a Markdown table of every phase and one of the ratios the issue's aims are stated in.
#
# moto_server (.venv-services, scripts/setup-services.sh) runs on 127.0.0.1 on a free port,
# authentication off, its request log (standard error) in BENCH_DIR/moto.log; the script
# creates bucket `bench` (no `hoodie-` in the name: Hudi 0.15 on s3a cannot write the
# metadata table into such a bucket) and stops moto when it exits. Inputs are generated to
# local Parquet first by `hoodie-bench generate` (not timed): BENCH_RECORDS records
# (bench/bench_data.h), then BENCH_UPSERT_ROUNDS batches of BENCH_UPSERTS records, each half
# updates spread over the records written so far and half new records.
#
# Phases, each its own process (bench/object_store_bench.py), on a MERGE_ON_READ table (key
# `key`, partition `partition`, precombine `ts`, bulk_insert sort mode NONE, BLOOM index,
# BENCH_CODEC, hoodie.parquet.small.file.limit=0 so that updates go to log files, metadata
# table off for both writers: hoodie does not write it):
#   hoodie on moto (s3://bench/hoodie, AWS_ENDPOINT_URL and test keys in the environment):
#     bulk_insert, upsert 1..N, snapshot read (`hoodie-bench read`: every batch read into
#     memory and counted, as hudi-rs' read() is), then hudi-rs' snapshot read of the same
#     table, then compaction
#     (`hoodie compaction run --schedule`, hoodie.compact.inline.max.delta.commits=1);
#   hoodie on local disk (BENCH_DIR/local): the same phases, for time (BENCH_LOCAL=0 skips);
#   Spark + Hudi 0.15 on local[2] over s3a (s3a://bench/spark; hadoop-aws 3.3.4,
#     aws-java-sdk-bundle 1.12.262, wildfly-openssl, from scripts/setup-interop.sh): the same
#     bulk_insert and upserts (datasource writes), a snapshot read (`count()`), hudi-rs'
#     snapshot read of that table, and a compaction (`run_compaction` procedure,
#     scheduleandexecute); BENCH_SPARK=0 skips Spark.
# Each phase: wall and CPU seconds, peak RSS, and the S3 requests counted from moto's log
# between its start and end (LIST, HEAD, GET ranged or not, PUT incl. copy, multipart
# start/part/complete-abort, DELETE). hoodie is timed from fork to exit; Spark and hudi-rs
# over the call only (no JVM or interpreter start-up).
#
# Environment: BENCH_RECORDS (1000000), BENCH_UPSERTS (100000), BENCH_UPSERT_ROUNDS (10),
# BENCH_CODEC (snappy), BENCH_CONF (extra key=value settings of both writers, space
# separated), BENCH_LOCAL (1), BENCH_SPARK (1), BENCH_SPARK_MEMORY (4g), BENCH_DIR (a new
# folder under /tmp; removed at the end unless set), HOODIE_BIN
# (build/src/hoodie/cli/hoodie), HOODIE_BENCH_BIN (build/bench/hoodie-bench),
# HOODIE_MOTO_SERVER (.venv-services/bin/moto_server). Needs .venv-interop
# (scripts/setup-interop.sh) and .venv-services (scripts/setup-services.sh). A smoke run:
#   BENCH_RECORDS=20000 BENCH_UPSERTS=2000 BENCH_UPSERT_ROUNDS=2 bench/run_object_store.sh
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
export HOODIE_BIN="${HOODIE_BIN:-$root/build/src/hoodie/cli/hoodie}"
bench_bin="${HOODIE_BENCH_BIN:-$root/build/bench/hoodie-bench}"
moto="${HOODIE_MOTO_SERVER:-$root/.venv-services/bin/moto_server}"
py="$root/.venv-interop/bin/python"
driver="$root/bench/object_store_bench.py"
records="${BENCH_RECORDS:-1000000}"
upserts="${BENCH_UPSERTS:-100000}"
rounds="${BENCH_UPSERT_ROUNDS:-10}"
codec="${BENCH_CODEC:-snappy}"
with_local="${BENCH_LOCAL:-1}"
with_spark="${BENCH_SPARK:-1}"
for tool in "$HOODIE_BIN" "$bench_bin"; do
  [ -x "$tool" ] || { echo "not built: $tool (scripts/build.sh, or set HOODIE_BIN / HOODIE_BENCH_BIN)" >&2; exit 1; }
done
[ -x "$py" ] || { echo "no .venv-interop: run scripts/setup-interop.sh" >&2; exit 1; }
[ -x "$moto" ] || { echo "no moto_server at $moto: run scripts/setup-services.sh" >&2; exit 1; }
confs=(--conf "hoodie.parquet.compression.codec=$codec" --conf hoodie.parquet.small.file.limit=0)
for kv in ${BENCH_CONF:-}; do confs+=(--conf "$kv"); done

# shellcheck source=bench/lib.sh
source "$root/bench/lib.sh"
bench_workdir hoodie-bench-object-store
moto_pid=""
cleanup() {
  if [ -n "$moto_pid" ]; then kill "$moto_pid" 2>/dev/null || true; wait "$moto_pid" 2>/dev/null || true; fi
  if [ -z "${BENCH_DIR:-}" ]; then rm -rf "$work"; fi
}
trap cleanup EXIT

port="$("$py" -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
endpoint="http://127.0.0.1:$port"
log="$work/moto.log"
"$moto" -H 127.0.0.1 -p "$port" > "$work/moto.out" 2> "$log" &
moto_pid=$!
for _ in $(seq 1 60); do
  if curl -sf -X PUT "$endpoint/bench" -o /dev/null; then break; fi
  kill -0 "$moto_pid" 2>/dev/null || { cat "$log" >&2; echo "moto_server died" >&2; exit 1; }
  sleep 0.5
done
curl -sf -I "$endpoint/bench" -o /dev/null || { echo "moto at $endpoint has no bucket bench" >&2; exit 1; }
store=(--endpoint "$endpoint" --log "$log" --scratch "$work")

# Inputs: the bulk load, then round r's upserts against the records r-1 rounds left.
mkdir -p "$work/input"
"$bench_bin" generate --records "$records" --out "$work/input/bulk.parquet" > /dev/null
for r in $(seq 1 "$rounds"); do
  "$bench_bin" generate --records "$upserts" --base $((records + (r - 1) * (upserts / 2))) \
    --out "$work/input/upsert-$r.parquet" > /dev/null
done

# phase ENGINE ARGS...: one phase of object_store_bench.py; keeps its JSON line (a JVM
# also prints other lines on standard output). Earlier writes are flushed first.
phase() { sync; "$py" "$driver" "$@" | grep '^{' | tee -a "$results"; }
# writes ENGINE TABLE [STORE ARGS...]: the bulk_insert and the upsert rounds.
writes() {
  local engine="$1" table="$2"
  shift 2
  phase "$engine" --phase bulk_insert --op bulk_insert --table "$table" \
    --input "$work/input/bulk.parquet" "${confs[@]}" "$@"
  for r in $(seq 1 "$rounds"); do
    phase "$engine" --phase "upsert $r" --op upsert --table "$table" \
      --input "$work/input/upsert-$r.parquet" "${confs[@]}" "$@"
  done
}

echo "object store: $records records, $rounds x $upserts upserts, $codec; moto $endpoint;" \
  "$(nproc) cores; load before: $(cut -d' ' -f1-3 /proc/loadavg)" >&2
writes hoodie s3://bench/hoodie "${store[@]}"
phase hoodie --phase "snapshot read" --table s3://bench/hoodie "${store[@]}"
phase hudi-rs --phase "snapshot read of hoodie's table" --table s3://bench/hoodie "${store[@]}"
phase hoodie --phase compaction --op compact --table s3://bench/hoodie "${confs[@]}" "${store[@]}"

if [ "$with_local" = 1 ]; then
  writes hoodie "$work/local" --scratch "$work"
  phase hoodie --phase "snapshot read" --table "$work/local" --scratch "$work"
  phase hoodie --phase compaction --op compact --table "$work/local" "${confs[@]}" --scratch "$work"
  rm -rf "$work/local"
fi

if [ "$with_spark" = 1 ]; then
  writes spark s3a://bench/spark "${store[@]}"
  phase spark --phase "snapshot read" --table s3a://bench/spark "${store[@]}"
  phase hudi-rs --phase "snapshot read of Spark's table" --table s3a://bench/spark "${store[@]}"
  phase spark --phase compaction --op compact --table s3a://bench/spark "${confs[@]}" "${store[@]}"
fi
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)" >&2

"$py" "$driver" summary "$results"
