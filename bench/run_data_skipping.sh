#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Data skipping on a sorted column, hoodie against Spark + Hudi 0.15 in one run
# (bench/data_skipping_bench.py documents the table and the queries).
#
#   bench/run_data_skipping.sh        # BENCH_RECORDS (2000000), BENCH_FILE_MB (4)
#
# Needs a built hoodie (scripts/build.sh) and the interop environment
# (scripts/setup-interop.sh: Spark 3.5.1 and the Hudi 0.15 bundle).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
"$root/scripts/setup-interop.sh" > /dev/null
exec "$root/.venv-interop/bin/python" "$root/bench/data_skipping_bench.py" "$@"
