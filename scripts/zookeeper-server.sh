#!/usr/bin/env bash
# Usage: scripts/zookeeper-server.sh PORT DIR
# Runs the pinned ZooKeeper server (installed by scripts/setup-services.sh) in the
# foreground on 127.0.0.1:PORT, with its configuration and data in DIR. The tests of the
# ZooKeeper lock provider and the interop and stress runs start it this way and kill it
# afterwards. The tick is 500 ms so that a session may be as short as 1 s: a test of a
# killed lock holder waits one session timeout for ZooKeeper to drop its lock node.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
port="${1:?usage: zookeeper-server.sh PORT DIR}"
dir="${2:?usage: zookeeper-server.sh PORT DIR}"
jars="${HOODIE_ZOOKEEPER_JARS:-$root/.services-maven/zookeeper}"
if ! ls "$jars"/zookeeper-3*.jar >/dev/null 2>&1; then
  echo "zookeeper-server: no ZooKeeper jars in $jars: run scripts/setup-services.sh" \
    "(or set HOODIE_ZOOKEEPER_JARS)" >&2
  exit 2
fi
mkdir -p "$dir/data"
cat > "$dir/zoo.cfg" <<CFG
tickTime=500
minSessionTimeout=1000
maxSessionTimeout=120000
dataDir=$dir/data
clientPortAddress=127.0.0.1
clientPort=$port
admin.enableServer=false
4lw.commands.whitelist=ruok,stat,mntr
CFG
cat > "$dir/logback.xml" <<'XML'
<configuration>
  <appender name="err" class="ch.qos.logback.core.ConsoleAppender">
    <target>System.err</target>
    <encoder><pattern>%d %-5level %logger{20}: %msg%n</pattern></encoder>
  </appender>
  <root level="WARN"><appender-ref ref="err"/></root>
</configuration>
XML
exec java -Xmx256m -Dlogback.configurationFile="$dir/logback.xml" \
  -Dzookeeper.admin.enableServer=false -cp "$jars/*" \
  org.apache.zookeeper.server.ZooKeeperServerMain "$dir/zoo.cfg"
