#!/usr/bin/env bash
# End-to-end latency of `hoodie query --follow` (docs/benchmarks.md, "Streaming read latency"):
# the time from a commit's completion to its rows printed by a follower that checks the timeline
# every BENCH_CHECK_INTERVAL seconds (bench/follow_bench.py); prints one JSON line per table type.
#
# Environment: BENCH_COMMITS (20), BENCH_ROWS (1000 rows per commit), BENCH_CHECK_INTERVAL (1),
# BENCH_TABLE_TYPES ("COPY_ON_WRITE MERGE_ON_READ"), BENCH_DIR (a new folder under /tmp, removed
# at the end unless set), HOODIE_BUILD_DIR (build/). Hold the build lock while it runs so that
# nothing builds beside it: flock -o /tmp/hoodie-build.lock bench/run_follow.sh
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cli="${HOODIE_BUILD_DIR:-$root/build}/src/hoodie/cli/hoodie"
[ -x "$cli" ] || { echo "hoodie not built at $cli: run scripts/build.sh" >&2; exit 1; }
source "$root/bench/lib.sh"
bench_workdir hoodie-bench-follow
for table_type in ${BENCH_TABLE_TYPES:-COPY_ON_WRITE MERGE_ON_READ}; do
  mkdir -p "$work/$table_type"
  bench_phase "follow_$(echo "$table_type" | tr 'A-Z' 'a-z')" "$results" \
    python3 "$root/bench/follow_bench.py" "$cli" "$work/$table_type" "${BENCH_COMMITS:-20}" \
    "${BENCH_ROWS:-1000}" "${BENCH_CHECK_INTERVAL:-1}" "$table_type"
done
