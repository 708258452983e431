#!/usr/bin/env bash
# Installs the servers the test suite runs against, pinned, into project-local folders:
# moto's S3 server and gcp-storage-emulator (PyPI, scripts/requirements-services.txt) into
# .venv-services/, Azurite (npm, scripts/services-npm/package-lock.json) into
# .services-npm/, and the ZooKeeper server (Maven Central, scripts/services-maven/zookeeper/
# pom.xml, run by scripts/zookeeper-server.sh) into .services-maven/zookeeper/, and Hive's
# standalone Metastore with the Hadoop client it needs (Maven Central,
# scripts/services-maven/hive-metastore/pom.xml, run by scripts/hive-metastore-server.sh)
# into .services-maven/hive-metastore/, with an empty Derby schema its schematool made,
# and the Kafka broker (Maven Central, scripts/services-maven/kafka/pom.xml, run in KRaft
# mode by scripts/kafka-server.sh) into .services-maven/kafka/.
# Idempotent: a second run with everything in place installs nothing.
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
if ! command -v mvn >/dev/null || ! command -v java >/dev/null; then
  echo "setup-services: installing maven and a Java runtime (Debian) for the Maven Central servers"
  sudo_cmd=""
  [ "$(id -u)" = 0 ] || sudo_cmd="sudo"
  $sudo_cmd apt-get update -q
  DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -q --no-install-recommends \
    maven default-jre-headless
fi
# copy_runtime_jars POM DIR: Maven copies the runtime jars of POM's dependencies into DIR,
# checking the checksums Maven Central publishes (-C).
copy_runtime_jars() {
  mvn -B -q -C -Dstyle.color=never -f "$1" \
    org.apache.maven.plugins:maven-dependency-plugin:3.6.1:copy-dependencies \
    -DincludeScope=runtime -DoutputDirectory="$2"
}
# server_jars NAME WHAT: .services-maven/NAME filled from scripts/services-maven/NAME/pom.xml,
# unless the pom stamped there (.pom.xml) is that one already.
server_jars() {
  local dir="$root/.services-maven/$1" pom="$root/scripts/services-maven/$1/pom.xml"
  cmp -s "$pom" "$dir/.pom.xml" && return
  echo "setup-services: fetching $2 of $pom into $dir"
  rm -rf "$dir"
  copy_runtime_jars "$pom" "$dir"
  cp "$pom" "$dir/.pom.xml"
}
server_jars zookeeper "the ZooKeeper server"
server_jars kafka "the Kafka broker (~50 MB)"
zk_dir="$root/.services-maven/zookeeper"
kafka_dir="$root/.services-maven/kafka"

hms_dir="$root/.services-maven/hive-metastore"
hms_pom="$root/scripts/services-maven/hive-metastore/pom.xml"
if ! cmp -s "$hms_pom" "$hms_dir/.pom.xml"; then
  echo "setup-services: fetching the Hive Metastore of $hms_pom into $hms_dir (~120 MB)"
  rm -rf "$hms_dir"
  copy_runtime_jars "$hms_pom" "$hms_dir/hadoop"
  mkdir -p "$hms_dir/server"
  tar xzf "$hms_dir"/hadoop/hive-standalone-metastore-server-*-bin.tar.gz -C "$hms_dir/server" \
    --strip-components=1
  rm "$hms_dir"/hadoop/hive-standalone-metastore-server-*-bin.tar.gz
  # The empty Metastore schema, made once by Hive's schematool; each server copies it.
  cat > "$hms_dir/metastore-site.xml" <<XML
<configuration>
  <property><name>javax.jdo.option.ConnectionURL</name>
    <value>jdbc:derby:;databaseName=$hms_dir/metastore_db;create=true</value></property>
  <property><name>javax.jdo.option.ConnectionDriverName</name>
    <value>org.apache.derby.jdbc.EmbeddedDriver</value></property>
</configuration>
XML
  METASTORE_HOME="$hms_dir/server" java -Dderby.system.home="$hms_dir" \
    -cp "$hms_dir:$hms_dir/server/lib/*:$hms_dir/hadoop/*" \
    org.apache.hadoop.hive.metastore.tools.schematool.MetastoreSchemaTool \
    -initSchema -dbType derby > "$hms_dir/schematool.log" 2>&1 || {
    tail -20 "$hms_dir/schematool.log" >&2
    echo "setup-services: Hive's schematool failed (log above, in $hms_dir/schematool.log)" >&2
    exit 1
  }
  rm -f "$hms_dir/metastore-site.xml" "$hms_dir/derby.log"
  cp "$hms_pom" "$hms_dir/.pom.xml"
fi
# PostgreSQL (Debian's `postgresql`, run by scripts/postgresql-server.sh): the JDBC
# source's and schema provider's test server.
if ! ls /usr/lib/postgresql/*/bin/postgres >/dev/null 2>&1; then
  echo "setup-services: installing postgresql (Debian) for the JDBC source's tests"
  [ "$(id -u)" = 0 ] && as_root=() || as_root=(sudo)
  "${as_root[@]}" apt-get update -q
  "${as_root[@]}" env DEBIAN_FRONTEND=noninteractive \
    apt-get install -y -q --no-install-recommends postgresql
fi
echo "setup-services: ready (ZooKeeper jars in $zk_dir, Kafka jars in $kafka_dir, the Hive Metastore in $hms_dir)"
echo "setup-services: ready (moto_server and gcp-storage-emulator in $root/.venv-services/bin," \
  "azurite-blob in $npm_dir/node_modules/.bin)"
