#!/usr/bin/env bash
# Installs the servers the test suite runs against, pinned, into project-local folders:
# moto's S3 server and gcp-storage-emulator (PyPI, scripts/requirements-services.txt) into
# .venv-services/, Azurite (npm, scripts/services-npm/package-lock.json) into
# .services-npm/, and the ZooKeeper server (Maven Central, scripts/services-maven/zookeeper/
# pom.xml, run by scripts/zookeeper-server.sh) into .services-maven/zookeeper/. Idempotent: a second run with everything in place installs nothing.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# shellcheck source=scripts/venv.sh
. "$root/scripts/venv.sh"
pinned_venv "$root/.venv-services" "$root/scripts/requirements-services.txt" setup-services

npm_dir="$root/.services-npm"
lock="$root/scripts/services-npm/package-lock.json"
if [ ! -x "$npm_dir/node_modules/.bin/azurite-blob" ] || ! cmp -s "$lock" "$npm_dir/package-lock.json"; then
  if ! command -v npm >/dev/null; then
    echo "setup-services: installing nodejs and npm (Debian) for Azurite"
    sudo_cmd=""
    [ "$(id -u)" = 0 ] || sudo_cmd="sudo"
    $sudo_cmd apt-get update -q
    DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -q --no-install-recommends nodejs npm
  fi
  echo "setup-services: installing the pinned npm packages of scripts/services-npm into $npm_dir"
  mkdir -p "$npm_dir"
  cp "$root/scripts/services-npm/package.json" "$lock" "$npm_dir/"
  (cd "$npm_dir" && npm ci --no-audit --no-fund --loglevel=error)
fi
# Maven copies the server's runtime jars, checking the checksums Maven Central publishes
# (-C); a stamp (the pom) says which pom the folder was filled from.
zk_dir="$root/.services-maven/zookeeper"
zk_pom="$root/scripts/services-maven/zookeeper/pom.xml"
if ! cmp -s "$zk_pom" "$zk_dir/.pom.xml"; then
  if ! command -v mvn >/dev/null || ! command -v java >/dev/null; then
    echo "setup-services: installing maven and a Java runtime (Debian) for ZooKeeper"
    sudo_cmd=""
    [ "$(id -u)" = 0 ] || sudo_cmd="sudo"
    $sudo_cmd apt-get update -q
    DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -q --no-install-recommends \
      maven default-jre-headless
  fi
  echo "setup-services: fetching the ZooKeeper server of $zk_pom into $zk_dir"
  rm -rf "$zk_dir"
  mvn -B -q -C -Dstyle.color=never -f "$zk_pom" \
    org.apache.maven.plugins:maven-dependency-plugin:3.6.1:copy-dependencies \
    -DincludeScope=runtime -DoutputDirectory="$zk_dir"
  cp "$zk_pom" "$zk_dir/.pom.xml"
fi
echo "setup-services: ready (ZooKeeper jars in $zk_dir)"
echo "setup-services: ready (moto_server and gcp-storage-emulator in $root/.venv-services/bin," \
  "azurite-blob in $npm_dir/node_modules/.bin)"
