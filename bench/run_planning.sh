#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Snapshot planning over 10,000 files from the metadata table against a listing, hoodie
# against Spark + Hudi 0.15 in one run (bench/planning_bench.py documents the table).
#
#   bench/run_planning.sh        # BENCH_PARTITIONS (1000), BENCH_ROUNDS (10)
#   BENCH_STORE=moto bench/run_planning.sh   # the same on moto's S3 server, with requests
#
# Needs a built hoodie (scripts/build.sh) and the interop environment
# (scripts/setup-interop.sh: Spark 3.5.1 and the Hudi 0.15 bundle).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
"$root/scripts/setup-interop.sh" > /dev/null
if [ "${BENCH_STORE:-local}" = moto ]; then "$root/scripts/setup-services.sh" > /dev/null; fi
exec "$root/.venv-interop/bin/python" "$root/bench/planning_bench.py" "$@"
