#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Commit throughput and conflict rate of 1, 2 and 4 concurrent hoodie writers under optimistic
# concurrency control, on file groups of their own and on shared ones, and the latency of each lock
# provider (bench/concurrency_bench.py documents the runs).
#
#   bench/run_concurrency.sh      # BENCH_COMMITS (50) per writer
#
# Needs a built hoodie and hoodie-bench (scripts/build.sh).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
exec python3 "$root/bench/concurrency_bench.py" "$@"
