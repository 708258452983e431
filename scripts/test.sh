#!/usr/bin/env bash
# Quick start, command 2: set up, build, and run the whole test suite.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
"$root/scripts/setup.sh"
# The servers the tests run against (moto's S3 server), pinned, in .venv-services/.
"$root/scripts/setup-services.sh"
# The Python package's test environment (pyarrow, pytest, pandas, Polars, DuckDB, hudi),
# pinned, in .venv-python/.
"$root/scripts/setup-python.sh"
# hudi-rs' HFiles (HBase-written) that the HFile reader's tests read, pinned, in .deps/.
"$root/scripts/setup-testdata.sh"
"$root/scripts/build.sh"
export HOODIE_TEST_DATA="${HOODIE_TEST_DATA:-$root/../shared/testdata}"
export HOODIE_SEEDS_DIR="${HOODIE_SEEDS_DIR:-$root/../shared/seeds}"
export HOODIE_MOTO_SERVER="${HOODIE_MOTO_SERVER:-$root/.venv-services/bin/moto_server}"
cd "$root/build"
ctest --output-on-failure -j "${HOODIE_JOBS:-2}"
# The judge is real Apache Hudi: Spark 3.5.1 + Hudi 0.15.0 and hudi-rs beside hoodie.
"$root/scripts/interop.sh"
