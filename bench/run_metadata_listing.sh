#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The storage requests of an upsert and a snapshot query on moto's S3 server, with the
# metadata table off (every partition listed) and on (the files partition read once),
# counted by hoodie's own request accounting (`hoodie --stats`). The table has
# BENCH_PARTITIONS partitions (default 50) of BENCH_RECORDS records (default 2000); the
# upsert rewrites every seventh record. The two queries' rows are compared.
#
#   bench/run_metadata_listing.sh            # prints one line per phase
#
# Needs moto_server (scripts/setup-services.sh) and a built hoodie (scripts/build.sh).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
hoodie="${HOODIE_BIN:-$root/build/src/hoodie/cli/hoodie}"
moto="${HOODIE_MOTO_SERVER:-$root/.venv-services/bin/moto_server}"
partitions="${BENCH_PARTITIONS:-50}"
records="${BENCH_RECORDS:-2000}"
work="$(mktemp -d)"
port="$("$root/.venv/bin/python" -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')"
"$moto" -H 127.0.0.1 -p "$port" > "$work/moto.out" 2> "$work/moto.log" &
moto_pid=$!
trap 'kill $moto_pid 2>/dev/null || true; wait $moto_pid 2>/dev/null || true; rm -rf "$work"' EXIT
for _ in $(seq 50); do curl -sf "http://127.0.0.1:$port/" -o /dev/null && break; sleep 0.2; done
curl -sf -X PUT "http://127.0.0.1:$port/bench" -o /dev/null
export AWS_ENDPOINT_URL="http://127.0.0.1:$port" AWS_ACCESS_KEY_ID=testing AWS_SECRET_ACCESS_KEY=testing AWS_REGION=us-east-1
"$root/.venv/bin/python" - "$work" "$partitions" "$records" <<'PY'
import json, sys
work, partitions, records = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
with open(f"{work}/insert.json", "w") as f:
    for i in range(records):
        f.write(json.dumps({"id": f"k{i}", "ts": 1, "p": f"p{i % partitions:03d}", "v": i}) + "\n")
with open(f"{work}/upsert.json", "w") as f:
    for i in range(0, records, 7):
        f.write(json.dumps({"id": f"k{i}", "ts": 2, "p": f"p{i % partitions:03d}", "v": -i}) + "\n")
PY
echo "metadata listing: $partitions partitions, $records records, moto on 127.0.0.1:$port"
for mdt in false true; do
  conf=(--hoodie-conf hoodie.table.name=bench --hoodie-conf hoodie.datasource.write.recordkey.field=id
        --hoodie-conf hoodie.datasource.write.partitionpath.field=p
        --hoodie-conf hoodie.datasource.write.precombine.field=ts
        --hoodie-conf "hoodie.metadata.enable=$mdt")
  table="s3://bench/t_$mdt"
  "$hoodie" write --table "$table" --input "$work/insert.json" "${conf[@]}" > /dev/null
  echo "upsert metadata=$mdt: $("$hoodie" --stats write --table "$table" --input "$work/upsert.json" "${conf[@]}" 2>&1 >/dev/null | grep 'on s3' | sed 's/.*on s3: //')"
  echo "query  metadata=$mdt: $("$hoodie" --stats query "$table" --hoodie-conf "hoodie.metadata.enable=$mdt" --format parquet --out "$work/rows_$mdt.parquet" 2>&1 | grep 'on s3' | sed 's/.*on s3: //')"
done
"$root/.venv/bin/python" - "$work" <<'PY'
import sys
import pyarrow.parquet as pq
cols = ["id", "ts", "p", "v"]
a, b = (pq.read_table(f"{sys.argv[1]}/rows_{m}.parquet").select(cols).sort_by("id") for m in ("false", "true"))
assert a.equals(b), "the queries with and without the metadata table differ"
print(f"rows equal: {a.num_rows}")
PY
