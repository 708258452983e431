#!/usr/bin/env bash
# Kafka JSON ingest, `hoodie streamer` against the Spark equivalent, side by side in one run on
# the same topic (docs/benchmarks.md, "Kafka ingest"); prints one JSON line per phase.
#
# A Kafka 3.9.1 broker (scripts/kafka-server.sh, KRaft, 127.0.0.1) holds BENCH_RECORDS trip
# records as JSON values in BENCH_PARTITIONS partitions (bench/kafka_bench.py fill, through
# Spark's Kafka sink). Phases, each into a new COPY_ON_WRITE table:
#   - hoodie streamer: one run-once round of JsonKafkaSource over the whole topic
#     (FilebasedSchemaProvider, --op UPSERT, key uuid, partition city, ordering ts,
#     auto.offset.reset=earliest, maxEvents = the records), timed as a whole process (wall,
#     CPU, peak RSS; services_bench.py run);
#   - Spark + Hudi 0.15 on local[2]: spark-sql-kafka's batch read of the topic from earliest
#     to latest, from_json with the same schema, and an upsert through the Hudi datasource,
#     timed in the JVM (JVM start-up excluded, CPU and peak RSS of the whole JVM).
# Metadata table off on both sides. The script fails unless both tables hold BENCH_RECORDS
# rows (Spark's count of each).
#
# Environment: BENCH_RECORDS (10000000), BENCH_PARTITIONS (4), BENCH_SPARK_MEMORY (4g),
# BENCH_DIR (a new folder under /tmp, removed at the end unless set), HOODIE_BUILD_DIR
# (build/). Smoke test: BENCH_RECORDS=20000 bench/run_kafka.sh
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cli="${HOODIE_BUILD_DIR:-$root/build}/src/hoodie/cli/hoodie"
py="$root/.venv-interop/bin/python"
records="${BENCH_RECORDS:-10000000}"
partitions="${BENCH_PARTITIONS:-4}"
[ -x "$cli" ] || { echo "hoodie not built at $cli: run scripts/build.sh" >&2; exit 1; }
[ -x "$py" ] || { echo "no .venv-interop: run scripts/setup-interop.sh" >&2; exit 1; }
work="${BENCH_DIR:-}"
if [ -z "$work" ]; then
  work="$(mktemp -d /tmp/hoodie-bench-kafka.XXXXXX)"
fi
mkdir -p "$work/broker"
port="$("$py" -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')"
setsid bash "$root/scripts/kafka-server.sh" "$port" "$work/broker" > "$work/broker.log" 2>&1 &
broker=$!
cleanup() {
  kill -- -"$broker" 2>/dev/null || true
  wait "$broker" 2>/dev/null || true
  [ -n "${BENCH_DIR:-}" ] || rm -rf "$work"
}
trap cleanup EXIT
for _ in $(seq 1 120); do
  (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null && break
  sleep 0.5
done
brokers="127.0.0.1:$port"
phase() { "$@" | grep '^{'; }
"$py" "$root/bench/kafka_bench.py" fill --brokers "$brokers" --topic trips \
  --partitions "$partitions" --records "$records"
echo "topic: $records records in $partitions partitions, $(du -sh "$work/broker/data" | cut -f1)" >&2
echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)" >&2
"$py" -c 'import json, sys; sys.path.insert(0, "'"$root"'/bench"); import streamer_bench as s; print(json.dumps(s.SCHEMA))' \
  > "$work/trip.avsc"
phase "$py" "$root/bench/services_bench.py" run --phase "hoodie streamer: JsonKafkaSource, COPY_ON_WRITE" \
  --records "$records" -- \
  "$cli" streamer --target-base-path "$work/hoodie" --target-table trips --table-type COPY_ON_WRITE \
  --schemaprovider-class FilebasedSchemaProvider --source-class JsonKafkaSource \
  --hoodie-conf "hoodie.deltastreamer.schemaprovider.source.schema.file=$work/trip.avsc" \
  --hoodie-conf hoodie.deltastreamer.source.kafka.topic=trips \
  --hoodie-conf "hoodie.deltastreamer.kafka.source.maxEvents=$records" \
  --hoodie-conf "bootstrap.servers=$brokers" --hoodie-conf auto.offset.reset=earliest \
  --hoodie-conf hoodie.datasource.write.recordkey.field=uuid \
  --hoodie-conf hoodie.datasource.write.partitionpath.field=city \
  --hoodie-conf hoodie.metadata.enable=false --disable-compaction
phase "$py" "$root/bench/kafka_bench.py" spark --brokers "$brokers" --topic trips \
  --table "$work/spark" --records "$records"
for table in "$work/hoodie" "$work/spark"; do
  line="$("$py" "$root/bench/streamer_bench.py" count --table "$table" | grep '^{')"
  echo "$line" >&2
  rows="$(echo "$line" | "$py" -c 'import json,sys; print(json.load(sys.stdin)["rows"])')"
  if [ "$rows" != "$records" ]; then
    echo "$table holds $rows rows, not $records" >&2
    exit 1
  fi
done
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)" >&2
