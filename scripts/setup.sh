#!/usr/bin/env bash
# Installs everything hoodie needs to build and test on a fresh Debian 12 machine:
# Debian packages (only those missing) and a project-local virtualenv with the pinned
# pyarrow wheel, whose headers and shared libraries are our Arrow C++ and Parquet C++;
# then the pinned DuckDB C API (scripts/setup-duckdb.sh).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

debian_packages=(
  build-essential cmake ninja-build ccache pkg-config unzip
  python3 python3-venv python3-pip
  python3-dev                      # Python.h: the Python package's extension (python/)
  libgtest-dev libgmock-dev        # unit tests (GoogleTest + gmock)
  nlohmann-json3-dev               # JSON: commit metadata, CLI output
  libcli11-dev                     # command line parsing for `hoodie`
  zlib1g-dev                       # CRC-32 for hoodie.table.checksum
  libavro-dev                      # Avro: timeline plan/metadata files, log blocks
  libsimdjson-dev                  # JSON input: Spark-typed JSON lines
  libcurl4-openssl-dev             # HTTP: S3 requests Arrow lacks, the schema registry provider
  libssl-dev                       # SHA-256 and HMAC: AWS SigV4 of those S3 requests
  libxxhash-dev                    # XXH64: the metadata table's column and partition keys
  libzookeeper-mt-dev              # ZooKeeper's C client: the ZooKeeper lock provider
  libthrift-dev libboost-dev       # Thrift's C++ library (its headers need Boost's): the Hive Metastore client
  librdkafka-dev                   # Kafka's C client: the Kafka sources and commit callback
  libpq-dev libsqlite3-dev         # PostgreSQL's and SQLite's C clients: the JDBC source and schema provider
)

missing=()
for p in "${debian_packages[@]}"; do
  dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "setup: installing Debian packages: ${missing[*]}"
  sudo_cmd=""
  [ "$(id -u)" = 0 ] || sudo_cmd="sudo"
  $sudo_cmd apt-get update -q
  DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -q --no-install-recommends "${missing[@]}"
fi

# shellcheck source=scripts/venv.sh
. "$root/scripts/venv.sh"
pinned_venv "$root/.venv" "$root/scripts/requirements-build.txt" setup

# DuckDB's C API (SQL transformers), pinned and sha256-checked, into .deps/duckdb-<version>/.
"$root/scripts/setup-duckdb.sh"
