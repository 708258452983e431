#!/usr/bin/env bash
# Installs hoodie from BUILD_DIR into a temporary prefix, builds examples/ against it as
# a downstream project would (find_package(hoodie CONFIG)), and runs the programs:
# write_table must print the four records it wrote, read_table their count, sql_transform
# the refusal without the SQL component and the query's rows with it. The programs
# linking hoodie::hoodie alone must need neither DuckDB nor curl (libhoodie.so needs curl,
# not DuckDB), and the
# libraries export hoodie's API only, hoodie::internal not at all.
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
sql_printed="$("$work/build/sql_transform")"
expected="transformer class org.apache.hudi.utilities.transform.SqlQueryBasedTransformer \
needs hoodie's SQL component (hoodie::sql): link it and call hoodie::RegisterSqlComponent()
a 10
c 30"
if [ "$sql_printed" != "$expected" ]; then
  printf 'sql_transform printed:\n%s\nexpected:\n%s\n' "$sql_printed" "$expected" >&2
  exit 1
fi
# An embedder that only reads and writes tables links Arrow and hoodie alone; libhoodie.so
# itself needs curl (the S3 requests Arrow's client lacks) but never DuckDB.
for file in "$work/prefix/lib/libhoodie.so" "$work/build/read_table" "$work/build/write_table"; do
  unwanted='duckdb\|curl'
  [ "$file" = "$work/prefix/lib/libhoodie.so" ] && unwanted='duckdb'
  if readelf -d "$file" | grep NEEDED | grep -qi "$unwanted"; then
    echo "$file needs a library it must not ($unwanted):" >&2
    readelf -d "$file" | grep NEEDED >&2
    exit 1
  fi
done
for library in libhoodie.so libhoodie_sql.so libhoodie_http.so; do
  exported="$(nm -D --defined-only "$work/prefix/lib/$library" | c++filt)"
  # Only hoodie's API is exported...
  if grep -v ' hoodie::\| for hoodie::' <<< "$exported" | grep -q ' [TDBRVW] '; then
    echo "$library exports symbols outside namespace hoodie:" >&2
    grep -v ' hoodie::\| for hoodie::' <<< "$exported" | grep ' [TDBRVW] ' | head -5 >&2
    exit 1
  fi
  # ...and nothing of hoodie::internal (HOODIE_EXPORT marks the API; the rest is hidden).
  if grep -q 'hoodie::internal' <<< "$exported"; then
    echo "$library exports hoodie::internal symbols:" >&2
    grep 'hoodie::internal' <<< "$exported" | head -5 >&2
    exit 1
  fi
done
echo "examples: write_table, read_table and sql_transform ran against the installed library"
