#!/usr/bin/env bash
# Configures (once) and builds hoodie into build/ with Ninja, ccache when present, -j2.
# Arguments name the targets to build (`scripts/build.sh hoodie`: the tool only); none
# builds everything, the tests included.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="${HOODIE_BUILD_DIR:-$root/build}"
build_type="${HOODIE_BUILD_TYPE:-RelWithDebInfo}"
if [ ! -f "$build/build.ninja" ]; then
  cmake -S "$root" -B "$build" -G Ninja \
    -DCMAKE_BUILD_TYPE="$build_type" \
    -DHOODIE_PYTHON="$root/.venv/bin/python"
fi
targets=()
for target in "$@"; do targets+=(--target "$target"); done
cmake --build "$build" -j "${HOODIE_JOBS:-2}" "${targets[@]}"
