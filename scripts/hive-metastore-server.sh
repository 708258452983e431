#!/usr/bin/env bash
# Usage: scripts/hive-metastore-server.sh PORT DIR
# Runs the pinned Hive Metastore (installed by scripts/setup-services.sh) in the foreground
# on 127.0.0.1:PORT with an embedded Derby database in DIR, copied from the empty schema that
# setup-services.sh made with Hive's schematool. The tests of the Hive Metastore lock provider
# and the interop cases start it this way and kill it afterwards.
# With HOODIE_HMS_TXN_TIMEOUT set ("2s"), locks time out after it without a heartbeat, and the
# Metastore's housekeeping, which frees timed-out locks, runs every second. Without it the
# housekeeping is off, the Metastore's default: with Derby, Hive 4.0.1's housekeeping and
# concurrent lock requests can deadlock on the global lock Hive takes around Derby
# (DatabaseProduct.lockInternal), which a bench of 2 writers ran into.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
port="${1:?usage: hive-metastore-server.sh PORT DIR}"
dir="${2:?usage: hive-metastore-server.sh PORT DIR}"
home="${HOODIE_HIVE_METASTORE_HOME:-$root/.services-maven/hive-metastore}"
if [ ! -d "$home/metastore_db" ]; then
  echo "hive-metastore-server: no Hive Metastore in $home: run scripts/setup-services.sh" \
    "(or set HOODIE_HIVE_METASTORE_HOME)" >&2
  exit 2
fi
mkdir -p "$dir/conf" "$dir/warehouse"
rm -rf "$dir/metastore_db"
cp -r "$home/metastore_db" "$dir/metastore_db"
cat > "$dir/conf/metastore-site.xml" <<XML
<configuration>
  <property><name>javax.jdo.option.ConnectionURL</name>
    <value>jdbc:derby:;databaseName=$dir/metastore_db</value></property>
  <property><name>javax.jdo.option.ConnectionDriverName</name>
    <value>org.apache.derby.jdbc.EmbeddedDriver</value></property>
  <property><name>metastore.warehouse.dir</name><value>$dir/warehouse</value></property>
  <property><name>metastore.thrift.bind.host</name><value>127.0.0.1</value></property>
  <property><name>metastore.txn.timeout</name><value>${HOODIE_HMS_TXN_TIMEOUT:-300s}</value></property>
  <property><name>metastore.housekeeping.threads.on</name><value>${HOODIE_HMS_TXN_TIMEOUT:+true}</value></property>
  <property><name>metastore.acid.housekeeper.interval</name><value>1s</value></property>
  <property><name>metastore.schema.verification</name><value>false</value></property>
  <property><name>metastore.event.db.notification.api.auth</name><value>false</value></property>
</configuration>
XML
cat > "$dir/conf/log4j2.properties" <<'LOG'
rootLogger.level = warn
rootLogger.appenderRef.err.ref = err
appender.err.type = Console
appender.err.name = err
appender.err.target = SYSTEM_ERR
appender.err.layout.type = PatternLayout
appender.err.layout.pattern = %d %-5p %c{1}: %m%n
LOG
export METASTORE_HOME="$home/server"
exec java -Xmx512m -Dderby.system.home="$dir" -Dlog4j.configurationFile="$dir/conf/log4j2.properties" \
  -cp "$dir/conf:$home/server/lib/*:$home/hadoop/*" \
  org.apache.hadoop.hive.metastore.HiveMetaStore -p "$port"
