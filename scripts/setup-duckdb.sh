#!/usr/bin/env bash
# Installs the pinned DuckDB C API (libduckdb.so + duckdb.h) into the project-local folder
# .deps/duckdb-<version>/{lib,include}, idempotently; cmake_modules/FindDuckDB.cmake finds it.
#   - libduckdb.so: the npm package @duckdb/node-bindings-linux-x64, which ships DuckDB's own
#     C API shared library (the Node bindings are a thin addon over it; we drop the addon);
#   - duckdb.h:     the PyPI sdist of duckdb, same version (the npm packages carry no header).
# Both archives are checked against the sha256 below. A second run prints one line.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

# Pins. The npm package's -r.N suffix is the Node bindings' own release; its libduckdb.so
# reports v1.5.6 (duckdb_library_version) and exports every function the 1.5.6 header declares.
DUCKDB_VERSION=1.5.6
NPM_PACKAGE="@duckdb/node-bindings-linux-x64@1.5.6-r.1"
NPM_TARBALL="duckdb-node-bindings-linux-x64-1.5.6-r.1.tgz"
NPM_SHA256=1b9f82478539bb9a1d1df44bd103121a12ae52142c07158dc52b97d2ec1d69ff
SDIST="duckdb-$DUCKDB_VERSION.tar.gz"
SDIST_SHA256=166a91dbfacfc0c9f08cc76c0243cb6d3d4296bfab5bad72a3cfb63140a5b7c8

deps="$root/.deps"
prefix="$deps/duckdb-$DUCKDB_VERSION"
stamp="$prefix/.installed"
pins="$NPM_PACKAGE $NPM_SHA256 $SDIST $SDIST_SHA256"
say() { echo "setup-duckdb: $*"; }

if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$pins" ]; then
  say "DuckDB $DUCKDB_VERSION up to date ($prefix)"
  exit 0
fi
if [ "$(uname -m)" != x86_64 ]; then
  # @duckdb/node-bindings-linux-arm64 exists too, but not (yet) at this version.
  say "no pinned DuckDB $DUCKDB_VERSION build for $(uname -m); only x86_64 is pinned" >&2
  exit 1
fi
if ! command -v npm >/dev/null 2>&1; then
  say "installing npm (Debian)"
  sudo_cmd=""
  [ "$(id -u)" = 0 ] || sudo_cmd="sudo"
  $sudo_cmd apt-get update -q
  DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -q --no-install-recommends npm
fi
pip="$root/.venv/bin/pip"
[ -x "$pip" ] || { say "run scripts/setup.sh first (needs $pip)" >&2; exit 1; }

tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
say "fetching $NPM_PACKAGE (npm, ~24 MB) and $SDIST (PyPI, ~18 MB)"
start=$(date +%s)
(cd "$tmp" && npm pack --silent "$NPM_PACKAGE" >/dev/null)
# --no-binary duckdb: the sdist, not a wheel; pip prepares its metadata with wheels of the
# build tools (scikit-build-core, nanobind, numpy), which it caches, and builds nothing.
"$pip" download -q --disable-pip-version-check --no-deps --no-binary duckdb \
  "duckdb==$DUCKDB_VERSION" -d "$tmp"
(cd "$tmp" && sha256sum -c --quiet - <<EOF
$NPM_SHA256  $NPM_TARBALL
$SDIST_SHA256  $SDIST
EOF
)

# Build the folder beside the final one and move it in place, so a failed run leaves nothing
# half-installed; older pinned versions are removed.
rm -rf "$prefix.tmp"
mkdir -p "$prefix.tmp/lib" "$prefix.tmp/include"
tar -xzf "$tmp/$NPM_TARBALL" -C "$tmp" package/libduckdb.so package/LICENSE
tar -xzf "$tmp/$SDIST" -C "$tmp" "duckdb-$DUCKDB_VERSION/external/duckdb/src/include/duckdb.h"
mv "$tmp/package/libduckdb.so" "$prefix.tmp/lib/"
mv "$tmp/package/LICENSE" "$prefix.tmp/LICENSE"
mv "$tmp/duckdb-$DUCKDB_VERSION/external/duckdb/src/include/duckdb.h" "$prefix.tmp/include/"
find "$deps" -maxdepth 1 -name 'duckdb-*' ! -name "duckdb-$DUCKDB_VERSION.tmp" -exec rm -rf {} +
mv "$prefix.tmp" "$prefix"
echo "$pins" > "$stamp"
say "DuckDB $DUCKDB_VERSION installed in $prefix in $(( $(date +%s) - start ))s"
