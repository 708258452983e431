#!/usr/bin/env bash
# Installs hoodie from BUILD_DIR into a temporary prefix, builds examples/ against it as
# a downstream project would (find_package(hoodie CONFIG)), and runs both programs:
# write_table must print the four records it wrote, read_table their count.
set -euo pipefail
build="$1"
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
work="$(mktemp -d /tmp/hoodie-examples.XXXXXX)"
trap 'rm -rf "$work"' EXIT
cmake --install "$build" --prefix "$work/prefix" > "$work/install.log"
cmake -S "$root/examples" -B "$work/build" -G Ninja -DCMAKE_BUILD_TYPE=Release \
  -DCMAKE_PREFIX_PATH="$work/prefix" > "$work/configure.log" ||
  { cat "$work/configure.log"; exit 1; }
cmake --build "$work/build" -j "${HOODIE_JOBS:-2}" > "$work/build.log" ||
  { cat "$work/build.log"; exit 1; }
# Only the installed library may serve the examples.
if ldd "$work/build/read_table" | grep -q "$build/"; then
  echo "read_table links a library of the build tree, not the installed one" >&2
  exit 1
fi
written="$("$work/build/write_table" "$work/trips")"
expected='a 1 sf
b 2 sf
c 1 nyc
d 2 la
4'
if [ "$written" != "$expected" ]; then
  printf 'write_table printed:\n%s\nexpected:\n%s\n' "$written" "$expected" >&2
  exit 1
fi
count="$("$work/build/read_table" "$work/trips" | tail -n 1)"
if [ "$count" != 4 ]; then
  echo "read_table counted $count rows, expected 4" >&2
  exit 1
fi
# Only hoodie's API is exported.
if nm -D --defined-only "$work/prefix/lib/libhoodie.so" | c++filt | grep -v ' hoodie::\| for hoodie::' |
   grep -q ' [TDBRVW] '; then
  echo "libhoodie.so exports symbols outside namespace hoodie:" >&2
  nm -D --defined-only "$work/prefix/lib/libhoodie.so" | c++filt | grep -v ' hoodie::\| for hoodie::' |
    grep ' [TDBRVW] ' | head -5 >&2
  exit 1
fi
echo "examples: write_table and read_table ran against the installed library"
