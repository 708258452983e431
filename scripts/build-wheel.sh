#!/usr/bin/env bash
# Builds the wheel of the Python package `hoodie` into dist/ and, with --install, installs
# it into .venv-python (the test environment): scripts/setup.sh first (the Debian -dev
# packages, .venv with the pinned pyarrow, nanobind and scikit-build-core, DuckDB's C
# library), then pip's PEP 517 build of pyproject.toml (scikit-build-core and CMake)
# without build isolation, from .venv, in build/wheel/ so that a rebuild is incremental.
# The wheel links the Debian 12 libraries setup.sh installs (libcurl, librdkafka, libpq,
# ...): it is for machines set up the same way, as `pip install .` from the checkout is.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
"$root/scripts/setup.sh"
mkdir -p "$root/dist"
rm -f "$root"/dist/hoodie-*.whl
CMAKE_BUILD_PARALLEL_LEVEL="${HOODIE_JOBS:-2}" \
  "$root/.venv/bin/pip" wheel --disable-pip-version-check --no-build-isolation --no-deps \
  --config-settings=build-dir="$root/build/wheel" -w "$root/dist" "$root"
wheel="$(ls "$root"/dist/hoodie-*.whl)"
echo "build-wheel: $wheel"
if [ "${1:-}" = "--install" ]; then
  "$root/scripts/setup-python.sh"
  "$root/.venv-python/bin/pip" install --disable-pip-version-check --force-reinstall \
    --no-deps "$wheel"
fi
