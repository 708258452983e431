#!/usr/bin/env bash
# Runs the interop suite: real Apache Hudi (Spark 3.5 + Hudi 0.15 bundle) judges hoodie.
# Sets up its own environment (scripts/setup-interop.sh, scripts/setup-services.sh), expects hoodie
# built (scripts/build.sh),
# runs pytest tests/interop and regenerates docs/compatibility.md from the results.
# Extra arguments go to pytest (e.g. -k upserts -x).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
"$root/scripts/setup-interop.sh"
# moto's S3 server of the s3a cases (tests/interop/test_s3a.py), pinned in .venv-services/.
"$root/scripts/setup-services.sh"
# The Python package's environment (.venv-python), in which tests/interop/test_python_api.py
# runs the package built into build/python.
"$root/scripts/setup-python.sh"

export HOODIE_BIN="${HOODIE_BIN:-$root/build/src/hoodie/cli/hoodie}"
if [ ! -x "$HOODIE_BIN" ]; then
  echo "interop: hoodie binary not found at $HOODIE_BIN: run scripts/build.sh first (or set HOODIE_BIN)" >&2
  exit 2
fi
export HOODIE_TEST_DATA="${HOODIE_TEST_DATA:-$root/../shared/testdata}"
# A partial run (extra pytest arguments) does not overwrite the committed report.
if [ $# -eq 0 ]; then
  export HOODIE_INTEROP_REPORT="${HOODIE_INTEROP_REPORT:-$root/docs/compatibility.md}"
fi
cd "$root"
exec "$root/.venv-interop/bin/python" -m pytest tests/interop -q -p no:cacheprovider "$@"
