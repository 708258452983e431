#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The metadata table's cost per commit and RECORD_INDEX against BLOOM, hoodie against
# Spark + Hudi 0.15 in one run (bench/metadata_table_bench.py documents the tables and
# steps).
#
#   bench/run_metadata_table.sh        # BENCH_RECORDS (10000000)
#
# Needs a built hoodie (scripts/build.sh) and the interop environment
# (scripts/setup-interop.sh: Spark 3.5.1 and the Hudi 0.15 bundle).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
"$root/scripts/setup-interop.sh" > /dev/null
exec "$root/.venv-interop/bin/python" "$root/bench/metadata_table_bench.py" "$@"
