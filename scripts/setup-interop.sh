#!/usr/bin/env bash
# Installs what the interop suite (tests/interop/) needs, idempotently and pinned:
#   - Java 17 (Debian openjdk-17-jre-headless) when no Java 17 is on the machine;
#   - a project-local virtualenv .venv-interop/ with pyspark, pytest and hudi (hudi-rs' binding);
#   - from Maven Central (through mvn, SHA-1 checked; ~/.m2 is the cache), copied into the
#     project-local cache folder .interop-cache/jars/: the Apache Hudi Spark bundle, and for s3a://
#     hadoop-aws, the AWS SDK v1 bundle and wildfly-openssl; for the Kafka cases, spark-sql-kafka and its
#     dependencies; for the JDBC cases, PostgreSQL's JDBC driver.
# A second run with everything in place downloads nothing and prints one line per item.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

# Pins. Hudi 0.15.0's Spark 3.5 bundle is built against Spark 3.5.1 and Scala 2.12.
PYSPARK_VERSION=3.5.1
PYTEST_VERSION=8.3.3
HUDI_RS_VERSION=0.5.0
HUDI_BUNDLE="org.apache.hudi:hudi-spark3.5-bundle_2.12:0.15.0"
# s3a:// for Spark: pyspark 3.5.1 ships the Hadoop 3.3.4 client.
HADOOP_AWS="org.apache.hadoop:hadoop-aws:3.3.4"
AWS_SDK_BUNDLE="com.amazonaws:aws-java-sdk-bundle:1.12.262"
WILDFLY_OPENSSL="org.wildfly.openssl:wildfly-openssl:1.0.7.Final"
# Spark's Kafka source and sink for the Kafka cases: spark-sql-kafka 3.5.1 and its run-time dependencies at the
# versions its pom names (kafka-clients 3.4.1, commons-pool2 2.11.1).
SPARK_KAFKA="org.apache.spark:spark-sql-kafka-0-10_2.12:3.5.1"
SPARK_KAFKA_TOKEN="org.apache.spark:spark-token-provider-kafka-0-10_2.12:3.5.1"
KAFKA_CLIENTS="org.apache.kafka:kafka-clients:3.4.1"
COMMONS_POOL2="org.apache.commons:commons-pool2:2.11.1"
# PostgreSQL's JDBC driver for the JDBC cases (Spark reads and fills the database hoodie's JdbcSource reads).
PG_JDBC="org.postgresql:postgresql:42.7.4"
# Spark's Avro functions (to_avro, from_avro) for the Avro Kafka case.
SPARK_AVRO="org.apache.spark:spark-avro_2.12:3.5.1"

venv="$root/.venv-interop"
cache="$root/.interop-cache"
jars="$cache/jars"
sudo_cmd=""
[ "$(id -u)" = 0 ] || sudo_cmd="sudo"
say() { echo "setup-interop: $*"; }

# --- Java 17 --------------------------------------------------------------------------
java_major() { java -version 2>&1 | sed -n 's/.*version "\([0-9]*\).*/\1/p' | head -1; }
if ! command -v java >/dev/null 2>&1 || [ "$(java_major)" != 17 ]; then
  if [ -x /usr/lib/jvm/java-17-openjdk-amd64/bin/java ] || [ -x /usr/lib/jvm/java-17-openjdk-arm64/bin/java ]; then
    say "Java 17 present under /usr/lib/jvm (not the default java); tests use JAVA_HOME"
  else
    say "installing openjdk-17-jre-headless (Debian)"
    $sudo_cmd apt-get update -q
    DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -q --no-install-recommends openjdk-17-jre-headless
  fi
fi
java17_home="$(ls -d /usr/lib/jvm/java-17-openjdk-* 2>/dev/null | head -1 || true)"
[ -n "$java17_home" ] || java17_home="$(dirname "$(dirname "$(readlink -f "$(command -v java)")")")"
say "Java: $("$java17_home/bin/java" -version 2>&1 | head -1) ($java17_home)"

# --- Python virtualenv ----------------------------------------------------------------
if [ ! -x "$venv/bin/python" ]; then
  py=/usr/bin/python3
  [ -x "$py" ] || py="$(command -v python3)"
  if ! "$py" -c 'import venv, ensurepip' >/dev/null 2>&1; then
    say "installing python3-venv (Debian)"
    $sudo_cmd apt-get update -q
    DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -q --no-install-recommends python3-venv
  fi
  say "creating virtualenv $venv"
  "$py" -m venv "$venv"
fi
reqs="pyspark==$PYSPARK_VERSION pytest==$PYTEST_VERSION hudi==$HUDI_RS_VERSION"
stamp="$venv/.interop-requirements.stamp"
if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$reqs" ]; then
  say "installing $reqs into $venv (pyspark is a ~317 MB download; pip caches it)"
  start=$(date +%s)
  # wheel first, so pip builds pyspark's sdist into a wheel it keeps in its cache.
  "$venv/bin/pip" install -q --disable-pip-version-check wheel==0.44.0
  # shellcheck disable=SC2086
  "$venv/bin/pip" install -q --disable-pip-version-check $reqs
  "$venv/bin/python" -c 'import pyspark, pytest, hudi' # verify once, after install
  echo "$reqs" > "$stamp"
  say "Python packages installed in $(( $(date +%s) - start ))s"
else
  say "Python packages up to date ($reqs)"
fi

# --- Jars from Maven Central ---------------------------------------------------------
# fetch_jar GROUP:ARTIFACT:VERSION CLASS SIZE: copies the jar into $jars unless it is there.
# Maven checks the SHA-1 Maven Central publishes beside the jar (-C: fail on mismatch); ~/.m2
# caches it. The copy is verified once (a readable zip holding CLASS) before it is moved in place.
mkdir -p "$jars"
fetch_jar() {
  local gav="$1" class="$2" size="$3"
  local artifact version jar tmp start
  artifact="$(echo "$gav" | cut -d: -f2)"
  version="$(echo "$gav" | cut -d: -f3)"
  jar="$artifact-$version.jar"
  if [ -s "$jars/$jar" ]; then
    say "jar present: $jars/$jar"
    return
  fi
  command -v mvn >/dev/null 2>&1 || {
    say "installing maven (Debian)"
    $sudo_cmd apt-get update -q
    DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -q --no-install-recommends maven
  }
  say "fetching $gav from Maven Central ($size; ~/.m2 caches it)"
  start=$(date +%s)
  tmp="$jars.tmp"
  if ! mvn -B -C -Dstyle.color=never org.apache.maven.plugins:maven-dependency-plugin:3.6.1:copy \
    -Dartifact="$gav" -DoutputDirectory="$tmp" -Dmdep.overWriteReleases=true \
    > "$cache/mvn.log" 2>&1; then
    cat "$cache/mvn.log" >&2
    say "ERROR: mvn could not fetch $gav (log above, also in $cache/mvn.log)" >&2
    exit 1
  fi
  if ! "$venv/bin/python" - "$tmp/$jar" "$class" <<'PY'
import sys, zipfile
with zipfile.ZipFile(sys.argv[1]) as jar:
    assert jar.testzip() is None, "corrupt entry"
    jar.getinfo(sys.argv[2])
PY
  then
    say "ERROR: $jar is not a valid $gav (no $class)" >&2
    exit 1
  fi
  mv "$tmp/$jar" "$jars/$jar"
  rmdir "$tmp" 2>/dev/null || true
  say "$jar ready in $(( $(date +%s) - start ))s: $(du -h "$jars/$jar" | cut -f1)"
}

# The Hudi Spark bundle (Hudi's Spark SQL extension is its proof).
fetch_jar "$HUDI_BUNDLE" org/apache/spark/sql/hudi/HoodieSparkSessionExtension.class "~105 MB"
# Spark's s3a:// file system (the s3a cases, tests/interop/test_s3a.py): the hadoop-aws that matches
# the Hadoop 3.3.4 client inside pyspark 3.5.1, the AWS SDK v1 bundle it was built against
# (hadoop-project's aws-java-sdk.version for 3.3.4) and the OpenSSL binding it names as optional.
fetch_jar "$HADOOP_AWS" org/apache/hadoop/fs/s3a/S3AFileSystem.class "~1 MB"
fetch_jar "$AWS_SDK_BUNDLE" com/amazonaws/services/s3/AmazonS3Client.class "~280 MB"
fetch_jar "$WILDFLY_OPENSSL" org/wildfly/openssl/OpenSSLProvider.class "~0.2 MB"
fetch_jar "$SPARK_KAFKA" org/apache/spark/sql/kafka010/KafkaSourceProvider.class "~0.4 MB"
fetch_jar "$SPARK_KAFKA_TOKEN" org/apache/spark/kafka010/KafkaTokenUtil.class "~0.1 MB"
fetch_jar "$KAFKA_CLIENTS" org/apache/kafka/clients/consumer/KafkaConsumer.class "~5 MB"
fetch_jar "$COMMONS_POOL2" org/apache/commons/pool2/ObjectPool.class "~0.1 MB"
fetch_jar "$PG_JDBC" org/postgresql/Driver.class "~1 MB"
fetch_jar "$SPARK_AVRO" org/apache/spark/sql/avro/functions.class "~0.2 MB"
say "ready (venv $venv, jars $jars)"
