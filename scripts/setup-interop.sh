#!/usr/bin/env bash
# Installs what the interop suite (tests/interop/) needs, idempotently and pinned:
#   - Java 17 (Debian openjdk-17-jre-headless) when no Java 17 is on the machine;
#   - a project-local virtualenv .venv-interop/ with pyspark, pytest and hudi (hudi-rs' binding);
#   - the Apache Hudi Spark bundle jar from Maven Central (through mvn; ~/.m2 is the cache),
#     copied into the project-local cache folder .interop-cache/jars/.
# A second run with everything in place downloads nothing and prints one line per item.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

# Pins. Hudi 0.15.0's Spark 3.5 bundle is built against Spark 3.5.1 and Scala 2.12.
PYSPARK_VERSION=3.5.1
PYTEST_VERSION=8.3.3
HUDI_RS_VERSION=0.5.0
HUDI_BUNDLE="org.apache.hudi:hudi-spark3.5-bundle_2.12:0.15.0"
HUDI_BUNDLE_JAR="hudi-spark3.5-bundle_2.12-0.15.0.jar"

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

# --- Hudi Spark bundle ----------------------------------------------------------------
mkdir -p "$jars"
if [ ! -s "$jars/$HUDI_BUNDLE_JAR" ]; then
  command -v mvn >/dev/null 2>&1 || {
    say "installing maven (Debian)"
    $sudo_cmd apt-get update -q
    DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -q --no-install-recommends maven
  }
  say "fetching $HUDI_BUNDLE from Maven Central (~105 MB; ~/.m2 caches it)"
  start=$(date +%s)
  # Maven checks the SHA-1 Maven Central publishes beside the jar (-C: fail on mismatch).
  if ! mvn -B -C -Dstyle.color=never org.apache.maven.plugins:maven-dependency-plugin:3.6.1:copy \
    -Dartifact="$HUDI_BUNDLE" -DoutputDirectory="$jars.tmp" -Dmdep.overWriteReleases=true \
    > "$cache/mvn.log" 2>&1; then
    cat "$cache/mvn.log" >&2
    say "ERROR: mvn could not fetch $HUDI_BUNDLE (log above, also in $cache/mvn.log)" >&2
    exit 1
  fi
  # Verify once: a readable zip holding Hudi's Spark SQL extension class.
  if ! "$venv/bin/python" - "$jars.tmp/$HUDI_BUNDLE_JAR" <<'PY'
import sys, zipfile
with zipfile.ZipFile(sys.argv[1]) as jar:
    assert jar.testzip() is None, "corrupt entry"
    jar.getinfo("org/apache/spark/sql/hudi/HoodieSparkSessionExtension.class")
PY
  then
    say "ERROR: $HUDI_BUNDLE_JAR is not a valid Hudi Spark bundle" >&2
    exit 1
  fi
  mv "$jars.tmp/$HUDI_BUNDLE_JAR" "$jars/$HUDI_BUNDLE_JAR"
  rmdir "$jars.tmp" 2>/dev/null || true
  say "bundle ready in $(( $(date +%s) - start ))s: $(du -h "$jars/$HUDI_BUNDLE_JAR" | cut -f1)"
else
  say "bundle present: $jars/$HUDI_BUNDLE_JAR"
fi
say "ready (venv $venv, jars $jars)"
