#!/usr/bin/env bash
# Usage: scripts/kafka-server.sh PORT DIR
# Runs the pinned Apache Kafka broker (installed by scripts/setup-services.sh) in the
# foreground in KRaft mode, one node that is both broker and controller, with its
# client listener on 127.0.0.1:PORT and its data in DIR. The Kafka source and callback
# tests, the interop cases and the Kafka benchmark start it this way and kill it
# afterwards. Retention is checked every second so that a test can expire offsets
# (kafka-delete-records aside) within its run. A second client listener speaks
# SASL_PLAINTEXT with the PLAIN mechanism on a port of its own, written to DIR/sasl.port,
# for the user "hoodie" with the password "hoodie-secret" (the tests of sasl.jaas.config).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
port="${1:?usage: kafka-server.sh PORT DIR}"
dir="${2:?usage: kafka-server.sh PORT DIR}"
jars="${HOODIE_KAFKA_JARS:-$root/.services-maven/kafka}"
if ! ls "$jars"/kafka_2.13-*.jar >/dev/null 2>&1; then
  echo "kafka-server: no Kafka jars in $jars: run scripts/setup-services.sh" \
    "(or set HOODIE_KAFKA_JARS)" >&2
  exit 2
fi
# The controller and the SASL listener take ports of their own choosing.
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
controller_port="$(free_port)"
sasl_port="$(free_port)"
mkdir -p "$dir/data"
echo "$sasl_port" > "$dir/sasl.port"
cat > "$dir/server.properties" <<CFG
process.roles=broker,controller
node.id=1
controller.quorum.voters=1@127.0.0.1:$controller_port
listeners=PLAINTEXT://127.0.0.1:$port,SASL_PLAINTEXT://127.0.0.1:$sasl_port,CONTROLLER://127.0.0.1:$controller_port
advertised.listeners=PLAINTEXT://127.0.0.1:$port,SASL_PLAINTEXT://127.0.0.1:$sasl_port
controller.listener.names=CONTROLLER
listener.security.protocol.map=PLAINTEXT:PLAINTEXT,SASL_PLAINTEXT:SASL_PLAINTEXT,CONTROLLER:PLAINTEXT
sasl.enabled.mechanisms=PLAIN
listener.name.sasl_plaintext.plain.sasl.jaas.config=org.apache.kafka.common.security.plain.PlainLoginModule required username="hoodie" password="hoodie-secret" user_hoodie="hoodie-secret";
inter.broker.listener.name=PLAINTEXT
log.dirs=$dir/data
num.partitions=1
auto.create.topics.enable=false
offsets.topic.replication.factor=1
offsets.topic.num.partitions=4
transaction.state.log.replication.factor=1
transaction.state.log.min.isr=1
group.initial.rebalance.delay.ms=0
log.retention.check.interval.ms=1000
CFG
java_opts=(-Xmx512m -XX:+UseSerialGC -XX:TieredStopAtLevel=1 -cp "$jars/*")
java "${java_opts[@]}" kafka.tools.StorageTool format \
  -t "$(java "${java_opts[@]}" kafka.tools.StorageTool random-uuid)" \
  -c "$dir/server.properties" > "$dir/format.log" 2>&1 || {
  cat "$dir/format.log" >&2
  exit 1
}
exec java "${java_opts[@]}" kafka.Kafka "$dir/server.properties"
