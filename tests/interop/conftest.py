"""Shared fixtures of the interop suite: real Apache Hudi (Spark 3.5 + Hudi 0.15 bundle) beside hoodie.

Set up by scripts/setup-interop.sh (venv .venv-interop/, bundle jar in .interop-cache/jars/) and run
by scripts/interop.sh, which also asks this file to regenerate docs/compatibility.md at session end.

Environment:
  HOODIE_BIN            hoodie binary (default build/src/hoodie/cli/hoodie)
  HOODIE_HUDI_BUNDLE    Hudi Spark bundle jar (default .interop-cache/jars/hudi-spark3.5-bundle_2.12-0.15.0.jar)
  HOODIE_TEST_DATA      shared test data (default ../shared/testdata beside the repo)
  HOODIE_INTEROP_REPORT file to write the compatibility report to (unset: no report)
  HOODIE_MOTO_SERVER    moto_server of the s3a cases; its folder's python runs moto_s3_server.py
                        (default .venv-services/bin/moto_server, from scripts/setup-services.sh)
"""

from __future__ import annotations

import glob
import json
import os
import platform
import select
import subprocess
import time
import zipfile
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path
from typing import Callable

import pytest

ROOT = Path(__file__).resolve().parents[2]
BUNDLE_JAR_NAME = "hudi-spark3.5-bundle_2.12-0.15.0.jar"
# Spark's s3a:// file system (scripts/setup-interop.sh fetches them beside the bundle).
S3A_JAR_NAMES = ("hadoop-aws-3.3.4.jar", "aws-java-sdk-bundle-1.12.262.jar", "wildfly-openssl-1.0.7.Final.jar")
# Spark's Kafka source and sink (the Kafka cases): spark-sql-kafka for Spark 3.5.1 and what its pom needs at run time.
KAFKA_JAR_NAMES = ("spark-sql-kafka-0-10_2.12-3.5.1.jar", "spark-token-provider-kafka-0-10_2.12-3.5.1.jar",
                   "kafka-clients-3.4.1.jar", "commons-pool2-2.11.1.jar", "spark-avro_2.12-3.5.1.jar")
# PostgreSQL's JDBC driver (the JDBC cases): Spark's JDBC reader and writer of the same database.
JDBC_JAR_NAMES = ("postgresql-42.7.4.jar",)


# --------------------------------------------------------------------------------------
# Environment: Java 17, hoodie binary, bundle jar, shared test data
# --------------------------------------------------------------------------------------


def _java17_home() -> str | None:
    for home in sorted(glob.glob("/usr/lib/jvm/java-17-openjdk-*")):
        if os.access(os.path.join(home, "bin", "java"), os.X_OK):
            return home
    return None


if "JAVA_HOME" not in os.environ and _java17_home():
    os.environ["JAVA_HOME"] = _java17_home()
# Spark's launcher must not pick up stray settings of the developer's shell.
os.environ.pop("SPARK_HOME", None)
os.environ.setdefault("PYSPARK_PYTHON", os.sys.executable)
os.environ.setdefault("SPARK_LOCAL_IP", "127.0.0.1")


def bundle_jar() -> Path:
    jar = Path(os.environ.get("HOODIE_HUDI_BUNDLE", ROOT / ".interop-cache" / "jars" / BUNDLE_JAR_NAME))
    if not jar.is_file():
        pytest.exit(f"Hudi Spark bundle not found at {jar}: run scripts/setup-interop.sh", returncode=3)
    return jar


def s3a_jars() -> list[Path]:
    """The jars Spark needs beyond the bundle: s3a://, the Kafka source and sink, PostgreSQL's JDBC driver."""
    jars = [ROOT / ".interop-cache" / "jars" / name
            for name in (*S3A_JAR_NAMES, *KAFKA_JAR_NAMES, *JDBC_JAR_NAMES)]
    for jar in jars:
        if not jar.is_file():
            pytest.exit(f"jar not found at {jar}: run scripts/setup-interop.sh", returncode=3)
    return jars


def test_data_root() -> Path:
    return Path(os.environ.get("HOODIE_TEST_DATA", ROOT.parent / "shared" / "testdata"))


@pytest.fixture(scope="session")
def hoodie_bin() -> Path:
    path = Path(os.environ.get("HOODIE_BIN", ROOT / "build" / "src" / "hoodie" / "cli" / "hoodie"))
    if not os.access(path, os.X_OK):
        pytest.exit(f"hoodie binary not found at {path}: run scripts/build.sh or set HOODIE_BIN", returncode=3)
    return path


class Hoodie:
    """Runs the hoodie CLI; every call must succeed unless told otherwise.

    `env`: the whole environment of every call (None: this process's); `confs`: `--hoodie-conf KEY=VALUE`
    appended to every call (a store's keys, see S3Store)."""

    def __init__(self, binary: Path, env: dict[str, str] | None = None, confs: dict[str, str] | None = None):
        self.binary = binary
        self.env = env
        self.confs = dict(confs or {})

    def run(self, *args: str, check: bool = True) -> subprocess.CompletedProcess:
        cmd = [str(self.binary), *map(str, args)]
        for key, value in self.confs.items():
            cmd += ["--hoodie-conf", f"{key}={value}"]
        proc = subprocess.run(cmd, capture_output=True, text=True, timeout=120, env=self.env)
        if check and proc.returncode != 0:
            raise AssertionError(
                f"hoodie failed ({proc.returncode}): {' '.join(cmd)}\nstdout:\n{proc.stdout}\nstderr:\n{proc.stderr}"
            )
        return proc

    def json(self, *args: str):
        """Runs `hoodie -o json ARGS` and parses its standard output."""
        proc = self.run("-o", "json", *args)
        try:
            return json.loads(proc.stdout)
        except json.JSONDecodeError as e:
            raise AssertionError(f"hoodie printed no JSON for {args}: {e}\n{proc.stdout}") from e

    # Typed shortcuts for the commands the suite uses.
    def create_table(self, path, name, *, table_type="COPY_ON_WRITE", database="default", record_key="id",
                     partition_fields="part", precombine="ts",
                     key_generator="org.apache.hudi.keygen.SimpleKeyGenerator", extra=()):
        args = ["table", "create", "--path", path, "--name", name, "--database", database, "--type", table_type,
                "--record-key", record_key, "--precombine", precombine, "--key-generator", key_generator]
        if partition_fields:
            args += ["--partition-fields", partition_fields]
        return self.run(*args, *extra)

    def properties(self, path) -> dict[str, str]:
        return self.json("table", "describe", "--properties", path)

    def describe(self, path) -> dict[str, str]:
        return self.json("table", "describe", path)

    def timeline(self, path, *extra) -> list[dict[str, str]]:
        return self.json("timeline", "show", *extra, path)


@pytest.fixture(scope="session")
def hoodie(hoodie_bin) -> Hoodie:
    return Hoodie(hoodie_bin)


@pytest.fixture
def unzip_table(tmp_path):
    """unzip_table("sample_table/cow/v6_nonpartitioned.zip") -> base path of the unzipped table."""

    def _unzip(relpath: str) -> Path:
        archive = test_data_root() / "hudi-rs-tables" / relpath
        if not archive.is_file():
            pytest.skip(f"shared test table {archive} not present (set HOODIE_TEST_DATA)")
        dest = tmp_path / "unzipped" / Path(relpath).with_suffix("").as_posix().replace("/", "_")
        with zipfile.ZipFile(archive) as zf:
            members = [m for m in zf.namelist() if not m.startswith("__MACOSX/")]
            zf.extractall(dest, members)
        top = {m.split("/", 1)[0] for m in members}
        assert len(top) == 1, f"{archive} must hold exactly one table folder, holds {sorted(top)}"
        return dest / top.pop()

    return _unzip


# --------------------------------------------------------------------------------------
# Java properties: Python's own parser (java.util.Properties rules that matter here)
# --------------------------------------------------------------------------------------


def read_java_properties(path) -> dict[str, str]:
    """Parses a java.util.Properties file: comments, key=value / key:value / key value, escapes,
    line continuations."""
    text = Path(path).read_text(encoding="latin-1")
    props: dict[str, str] = {}
    logical: list[str] = []
    buf = ""
    for raw in text.splitlines():
        line = raw.lstrip(" \t\f") if not buf else raw.lstrip(" \t\f")
        if not buf and (not line or line[0] in "#!"):
            continue
        # A line ending in an odd number of backslashes continues on the next one.
        trailing = len(line) - len(line.rstrip("\\"))
        if trailing % 2 == 1:
            buf += line[:-1]
            continue
        logical.append(buf + line)
        buf = ""
    if buf:
        logical.append(buf)

    def unescape(s: str) -> str:
        out, i = [], 0
        while i < len(s):
            c = s[i]
            if c == "\\" and i + 1 < len(s):
                n = s[i + 1]
                if n == "u" and i + 6 <= len(s):
                    out.append(chr(int(s[i + 2:i + 6], 16)))
                    i += 6
                    continue
                out.append({"t": "\t", "n": "\n", "r": "\r", "f": "\f"}.get(n, n))
                i += 2
                continue
            out.append(c)
            i += 1
        return "".join(out)

    for line in logical:
        i, key_end = 0, None
        while i < len(line):
            c = line[i]
            if c == "\\":
                i += 2
                continue
            if c in "=: \t\f":
                key_end = i
                break
            i += 1
        if key_end is None:
            props[unescape(line)] = ""
            continue
        key = line[:key_end]
        rest = line[key_end:].lstrip(" \t\f")
        if rest[:1] in ("=", ":") and line[key_end] in " \t\f":
            rest = rest[1:].lstrip(" \t\f")
        elif line[key_end] in "=:":
            rest = rest[1:].lstrip(" \t\f")
        props[unescape(key)] = unescape(rest)
    return props


# --------------------------------------------------------------------------------------
# Spark with the Hudi bundle: one session for the whole run
# --------------------------------------------------------------------------------------

VERSIONS: dict[str, str] = {}


@pytest.fixture(scope="session")
def spark(tmp_path_factory):
    from pyspark.sql import SparkSession

    jar = bundle_jar()
    warehouse = tmp_path_factory.mktemp("spark-warehouse")
    local_dir = tmp_path_factory.mktemp("spark-local")
    session = (
        SparkSession.builder.master("local[2]")
        .appName("hoodie-interop")
        .config("spark.driver.memory", "2g")
        .config("spark.driver.bindAddress", "127.0.0.1")
        .config("spark.driver.host", "127.0.0.1")
        .config("spark.ui.enabled", "false")
        .config("spark.jars", ",".join(str(j) for j in [jar, *s3a_jars()]))
        .config("spark.serializer", "org.apache.spark.serializer.KryoSerializer")
        .config("spark.sql.extensions", "org.apache.spark.sql.hudi.HoodieSparkSessionExtension")
        .config("spark.sql.catalog.spark_catalog", "org.apache.spark.sql.hudi.catalog.HoodieCatalog")
        .config("spark.kryo.registrator", "org.apache.spark.HoodieSparkKryoRegistrar")
        .config("spark.sql.warehouse.dir", str(warehouse))
        .config("spark.local.dir", str(local_dir))
        .config("spark.sql.shuffle.partitions", "2")
        .config("spark.default.parallelism", "2")
        .config("spark.sql.session.timeZone", "UTC")
        .config("spark.driver.extraJavaOptions", f"-Dderby.system.home={warehouse}")
        .getOrCreate()
    )
    session.sparkContext.setLogLevel("ERROR")
    jvm = session._jvm
    VERSIONS["Spark"] = session.version
    VERSIONS["Hudi bundle"] = f"{BUNDLE_JAR_NAME.removesuffix('.jar')} (org.apache.hudi:hudi-spark3.5-bundle_2.12:0.15.0)"
    VERSIONS["Java"] = f"{jvm.System.getProperty('java.vendor')} {jvm.System.getProperty('java.version')}"
    yield session
    session.stop()


class HudiJava:
    """Hudi's own Java API through py4j: the judge's view of a table."""

    def __init__(self, spark):
        self.spark = spark
        self.jvm = spark._jvm

    def storage_conf(self):
        hadoop_conf = self.spark._jsc.hadoopConfiguration()
        # Hudi 0.15 takes a StorageConfiguration; the Hadoop one wraps a Configuration.
        return self.jvm.org.apache.hudi.storage.hadoop.HadoopStorageConfiguration(hadoop_conf)

    def meta_client(self, path):
        return (
            self.jvm.org.apache.hudi.common.table.HoodieTableMetaClient.builder()
            .setConf(self.storage_conf())
            .setBasePath(str(path))
            .setLoadActiveTimelineOnLoad(True)
            .build()
        )

    def write_client(self, path, clean=None, archival=None, compaction=None):
        """Hudi's own SparkRDDWriteClient on `path`, metadata table off, with the given Hudi config
        objects (HoodieCleanConfig, HoodieArchivalConfig, HoodieCompactionConfig); close it after use."""
        jvm = self.jvm
        context = jvm.org.apache.hudi.client.common.HoodieSparkEngineContext(self.spark._jsc)
        metadata = jvm.org.apache.hudi.common.config.HoodieMetadataConfig.newBuilder().enable(False).build()
        builder = (jvm.org.apache.hudi.config.HoodieWriteConfig.newBuilder().withPath(str(path)).forTable("t")
                   .withMetadataConfig(metadata))
        if clean is not None:
            builder = builder.withCleanConfig(clean)
        if archival is not None:
            builder = builder.withArchivalConfig(archival)
        if compaction is not None:
            builder = builder.withCompactionConfig(compaction)
        return jvm.org.apache.hudi.client.SparkRDDWriteClient(context, builder.build())

    def active_instants(self, path) -> list[tuple[str, str, str]]:
        """(timestamp, action, state) of every instant of the active timeline, as Hudi lists them."""
        timeline = self.meta_client(path).getActiveTimeline()
        out = []
        for inst in timeline.getInstants():
            out.append((inst.getTimestamp(), inst.getAction(), inst.getState().name()))
        return out

    def completed_commits(self, path) -> list[str]:
        timeline = self.meta_client(path).getActiveTimeline().getCommitsTimeline().filterCompletedInstants()
        return [inst.getTimestamp() for inst in timeline.getInstants()]

    def commit_write_stats(self, path, instant_time: str) -> list[dict[str, str]]:
        """Hudi's own reading of one completed commit's metadata: one entry per write stat, keyed like
        the rows of `hoodie timeline show` (see hoodie_rows)."""
        jvm = self.jvm
        timeline = self.meta_client(path).getActiveTimeline().getCommitsTimeline().filterCompletedInstants()
        instant = [i for i in timeline.getInstants() if i.getTimestamp() == instant_time]
        assert len(instant) == 1, f"Hudi lists no completed commit {instant_time}"
        details = timeline.getInstantDetails(instant[0]).get()
        # The class object through an instance: Class.forName would ask the wrong class loader.
        md_class = jvm.org.apache.hudi.common.model.HoodieCommitMetadata().getClass()
        md = jvm.org.apache.hudi.common.model.HoodieCommitMetadata.fromBytes(details, md_class)
        out = []
        for stat in md.getWriteStats():
            out.append({
                "instant": instant_time,
                "action": instant[0].getAction(),
                "operation": md.getOperationType().name(),
                "partition": stat.getPartitionPath() or "",
                "file": stat.getPath(),
                "inserts": str(stat.getNumInserts()),
                "updates": str(stat.getNumUpdateWrites()),
                "deletes": str(stat.getNumDeletes()),
                "records_written": str(stat.getNumWrites()),
            })
        return sorted(out, key=lambda r: r["file"])


    def latest_base_files(self, path, partitions) -> list[tuple[str, str]]:
        """(partition, file name) of the latest base file of every file group, as Hudi's own
        HoodieTableFileSystemView over the completed commits sees them."""
        client = self.meta_client(path)
        timeline = client.getActiveTimeline().getCommitsTimeline().filterCompletedInstants()
        view = self.jvm.org.apache.hudi.common.table.view.HoodieTableFileSystemView(client, timeline)
        out = []
        for partition in partitions:
            files = view.getLatestBaseFiles(partition).collect(self.jvm.java.util.stream.Collectors.toList())
            out += [(partition, f.getFileName()) for f in files]
        view.close()
        return sorted(out)

    def metadata_table_files(self, path, partitions) -> list[tuple[str, str]]:
        """(partition, file name) of every file the metadata table's `files` partition lists, read
        through Hudi's HoodieTableMetadata with the metadata table enabled."""
        jvm = self.jvm
        client = self.meta_client(path)
        context = jvm.org.apache.hudi.common.engine.HoodieLocalEngineContext(self.storage_conf())
        config = jvm.org.apache.hudi.common.config.HoodieMetadataConfig.newBuilder().enable(True).build()
        metadata = jvm.org.apache.hudi.metadata.HoodieTableMetadata.create(
            context, client.getStorage(), config, str(path))
        out = []
        for partition in partitions:
            target = jvm.org.apache.hudi.storage.StoragePath(f"{path}/{partition}" if partition else str(path))
            out += [(partition, info.getPath().getName()) for info in metadata.getAllFilesInPartition(target)]
        metadata.close()
        return sorted(out)

    def _index_reader(self, path, partition_files):
        """Hudi's HoodieTableMetadata of `path` with its index partitions enabled, and `partition_files`
        as a Java list of (partition, file name) pairs."""
        jvm = self.jvm
        # Spark's engine context: its lookups run in Spark tasks, whose class loader finds the
        # bundle's shaded HBase services (a local context's ForkJoinPool threads do not, and the
        # HFile reader's class then fails to initialize).
        context = jvm.org.apache.hudi.client.common.HoodieSparkEngineContext(self.spark._jsc)
        config = (jvm.org.apache.hudi.common.config.HoodieMetadataConfig.newBuilder().enable(True)
                  .withMetadataIndexColumnStats(True).withMetadataIndexBloomFilter(True)
                  .withEnableRecordIndex(True).build())
        metadata = jvm.org.apache.hudi.metadata.HoodieTableMetadata.create(
            context, self.meta_client(path).getStorage(), config, str(path))
        pairs = jvm.java.util.ArrayList()
        for partition, name in partition_files:
            pairs.add(jvm.org.apache.hudi.common.util.collection.Pair.of(partition, name))
        return metadata, pairs

    def metadata_column_stats(self, path, partition_files, column) -> dict[tuple[str, str], tuple]:
        """(partition, file name) -> (min, max, null count, value count, deleted) of `column` in each
        of `partition_files`, as Hudi's HoodieTableMetadata.getColumnStats reads the column_stats
        partition (bounds as text, out of their wrapper records)."""
        metadata, pairs = self._index_reader(path, partition_files)
        found = metadata.getColumnStats(pairs, column)
        out = {}
        for entry in found.entrySet():
            stats = entry.getValue()
            bound = lambda w: None if w is None else str(w.get(0))
            out[(entry.getKey().getLeft(), entry.getKey().getRight())] = (
                bound(stats.getMinValue()), bound(stats.getMaxValue()), stats.getNullCount(),
                stats.getValueCount(), stats.getIsDeleted())
        metadata.close()
        return out

    def metadata_record_index(self, path, keys) -> dict[str, tuple[str, str]]:
        """key -> (partition, file id) of each of `keys` that Hudi's
        HoodieTableMetadata.readRecordIndex finds in the record_index partition."""
        metadata, _ = self._index_reader(path, [])
        wanted = self.jvm.java.util.ArrayList()
        for key in keys:
            wanted.add(key)
        found = metadata.readRecordIndex(wanted)
        out = {e.getKey(): (e.getValue().getPartitionPath(), e.getValue().getFileId()) for e in found.entrySet()}
        metadata.close()
        return out

    def metadata_bloom_filters(self, path, partition_files) -> dict[tuple[str, str], str]:
        """(partition, file name) -> the serialized bloom filter Hudi's
        HoodieTableMetadata.getBloomFilters reads from the bloom_filters partition."""
        metadata, pairs = self._index_reader(path, partition_files)
        found = metadata.getBloomFilters(pairs)
        out = {(e.getKey().getLeft(), e.getKey().getRight()): e.getValue().serializeToString()
               for e in found.entrySet()}
        metadata.close()
        return out


@pytest.fixture(scope="session")
def hudi_java(spark) -> HudiJava:
    return HudiJava(spark)


# --------------------------------------------------------------------------------------
# An object store: moto's S3 server, reached by Spark over s3a://, by hoodie and by hudi-rs
# --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class S3Store:
    """moto's S3 server as the s3a cases reach it: one bucket, one IAM access key."""
    endpoint: str
    region: str
    access_key: str
    secret_key: str
    bucket: str

    def url(self, *parts: str) -> str:
        return "/".join([f"s3a://{self.bucket}", *parts])

    def hadoop_conf(self) -> dict[str, str]:
        """The Hadoop keys of the store: Spark's Hadoop configuration holds them (spark.hadoop.*), and the
        same keys can drive hoodie (`--hoodie-conf`)."""
        return {
            "fs.s3a.endpoint": self.endpoint,
            "fs.s3a.path.style.access": "true",
            "fs.s3a.connection.ssl.enabled": "false",
            "fs.s3a.aws.credentials.provider": "org.apache.hadoop.fs.s3a.SimpleAWSCredentialsProvider",
            "fs.s3a.access.key": self.access_key,
            "fs.s3a.secret.key": self.secret_key,
        }

    def environment(self) -> dict[str, str]:
        """The AWS environment that points the AWS SDKs at the store (as S3TestServer::ExportEnvironment)."""
        return {
            "AWS_ENDPOINT_URL": self.endpoint,
            "AWS_ACCESS_KEY_ID": self.access_key,
            "AWS_SECRET_ACCESS_KEY": self.secret_key,
            "AWS_REGION": self.region,
            "AWS_EC2_METADATA_DISABLED": "true",
        }

    def hoodie_by_environment(self, hoodie: Hoodie) -> Hoodie:
        """hoodie pointed at the store through the AWS environment."""
        return Hoodie(hoodie.binary, env={**_environment_without_aws(), **self.environment()})

    def hoodie_by_keys(self, hoodie: Hoodie) -> Hoodie:
        """hoodie pointed at the store through the Hadoop keys Spark uses, no AWS variable set."""
        return Hoodie(hoodie.binary, env=_environment_without_aws(), confs=self.hadoop_conf())

    def hudi_rs_options(self) -> dict[str, str]:
        """hudi-rs' storage options (object_store's S3 keys) for the store."""
        return {
            "aws_endpoint_url": self.endpoint,
            "aws_allow_http": "true",
            "aws_region": self.region,
            "aws_access_key_id": self.access_key,
            "aws_secret_access_key": self.secret_key,
        }


# No "hoodie-" in the name: Hudi 0.15's HoodieWrapperFileSystem.initialize turns its `hoodie-s3a://` URI
# back into `s3a://` with String.replace("hoodie-", ""), which deletes the bucket's too (Spark's
# metadata-table writes then fail with "Wrong FS s3a://hoodie-interop/… -expected s3a://interop").
S3_BUCKET = "interop-tables"


def _environment_without_aws() -> dict[str, str]:
    return {k: v for k, v in os.environ.items() if not k.startswith("AWS_")}


def _moto_python() -> Path:
    server = Path(os.environ.get("HOODIE_MOTO_SERVER", ROOT / ".venv-services" / "bin" / "moto_server"))
    return server.parent / "python"


@pytest.fixture(scope="session")
def s3(spark, tmp_path_factory):
    """moto's S3 server (tests/interop/moto_s3_server.py) on 127.0.0.1, with bucket `interop-tables` and
    authentication on, for the whole session; Spark's Hadoop configuration gets the store's s3a keys
    (S3Store.hadoop_conf). Started by the first s3a case only, so that the other cases never wait for it.

    Authentication is on so that a client sending other credentials than the store's, or none, fails:
    moto then checks every request's SigV4 signature. Its check differs from S3's in two ways that make
    hadoop-aws' requests fail: it never includes `user-agent` in the canonical request (botocore's rule),
    though the AWS SDK for Java v1 inside hadoop-aws signs it, and it recomputes path and query from their
    decoded form (`prefix=t/` for the signed `prefix=t%2F`), which fails every listing of a folder and
    every hive-style key (`part=p1`) for hadoop-aws and hoodie alike. moto_s3_server.py corrects both in moto's process
    (its docstring shows the signed headers). The alternatives are worse: with authentication off no case
    could tell whether a client used the store's keys at all, and no hadoop-aws setting stops the SDK
    from signing `user-agent`.

    Spark gets the keys in its live Hadoop configuration (what `spark.hadoop.*` fills when the session
    starts), so that the session needs no moto and the local-disk cases stay as they were."""
    python = _moto_python()
    if not os.access(python, os.X_OK):
        pytest.exit(f"moto's virtualenv not found at {python.parent.parent}: run scripts/setup-services.sh "
                    "(or set HOODIE_MOTO_SERVER)", returncode=3)
    log = tmp_path_factory.mktemp("moto") / "moto.log"
    with open(log, "wb") as err:
        proc = subprocess.Popen([str(python), str(Path(__file__).with_name("moto_s3_server.py")), S3_BUCKET],
                                stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=err)
    try:
        ready, _, _ = select.select([proc.stdout], [], [], 60)
        line = proc.stdout.readline() if ready else b""
        if not line:
            raise AssertionError(f"moto_s3_server.py printed no endpoint in 60 s; its log ({log}):\n"
                                 + log.read_text(errors="replace")[-4000:])
        started = json.loads(line)
        store = S3Store(**started["store"])
        VERSIONS["moto (S3 server of the s3a cases)"] = started["moto"]
        hadoop_conf = spark._jsc.hadoopConfiguration()
        for key, value in store.hadoop_conf().items():
            hadoop_conf.set(key, value)
        yield store
        for key in store.hadoop_conf():
            hadoop_conf.unset(key)
    finally:
        proc.stdin.close()
        try:
            proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


def _test_server(script: str, folder: Path, ready: Callable[[int], bool], what: str):
    """scripts/<script> PORT FOLDER on a free port of 127.0.0.1 (its log in FOLDER/server.log) until `ready(port)`:
    a generator that yields the port and stops the server's process group afterwards."""
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    with open(folder / "server.log", "wb") as log:
        proc = subprocess.Popen(["bash", str(ROOT / "scripts" / script), str(port), str(folder)],
                                stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    try:
        deadline = time.time() + 120
        while not ready(port):
            if proc.poll() is not None or time.time() > deadline:
                raise AssertionError(f"{what} did not start; its log:\n" +
                                     (folder / "server.log").read_text(errors="replace")[-4000:])
            time.sleep(0.2)
        yield port
    finally:
        os.killpg(proc.pid, 15)
        try:
            proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, 9)
            proc.wait()


def _answers(port: int, ask: bytes = b"", expect: bytes = b"") -> bool:
    """Whether 127.0.0.1:`port` accepts a connection (and answers `ask` with `expect`)."""
    import socket

    try:
        with socket.create_connection(("127.0.0.1", port), timeout=1) as connection:
            if ask:
                connection.sendall(ask)
                return connection.recv(len(expect)) == expect
            return True
    except OSError:
        return False


@pytest.fixture(scope="session")
def zookeeper(tmp_path_factory):
    """A ZooKeeper server (Maven Central, scripts/services-maven/zookeeper/pom.xml, run by
    scripts/zookeeper-server.sh) on 127.0.0.1 for the whole session: its connect string. Started by the first
    case that locks with ZookeeperBasedLockProvider only."""
    jars = Path(os.environ.get("HOODIE_ZOOKEEPER_JARS", ROOT / ".services-maven" / "zookeeper"))
    found = sorted(jars.glob("zookeeper-3*.jar"))
    if not found:
        pytest.exit(f"no ZooKeeper jars in {jars}: run scripts/setup-services.sh (or set HOODIE_ZOOKEEPER_JARS)",
                    returncode=3)
    VERSIONS["ZooKeeper (server of the lock cases)"] = found[0].name.removesuffix(".jar")
    for port in _test_server("zookeeper-server.sh", tmp_path_factory.mktemp("zookeeper"),
                             lambda port: _answers(port, b"ruok", b"imok"), "ZooKeeper"):
        yield f"127.0.0.1:{port}"


@pytest.fixture(scope="session")
def kafka(tmp_path_factory):
    """A Kafka broker in KRaft mode (Apache Kafka 3.9.1 from Maven Central, scripts/services-maven/kafka/pom.xml,
    run by scripts/kafka-server.sh) on 127.0.0.1 for the whole session: its bootstrap.servers. Started by the
    first Kafka case only."""
    jars = Path(os.environ.get("HOODIE_KAFKA_JARS", ROOT / ".services-maven" / "kafka"))
    found = sorted(jars.glob("kafka_2.13-*.jar"))
    if not found:
        pytest.exit(f"no Kafka jars in {jars}: run scripts/setup-services.sh (or set HOODIE_KAFKA_JARS)",
                    returncode=3)
    VERSIONS["Kafka (broker of the Kafka cases)"] = found[0].name.removesuffix(".jar")
    for port in _test_server("kafka-server.sh", tmp_path_factory.mktemp("kafka"), _answers, "Kafka"):
        yield f"127.0.0.1:{port}"


@pytest.fixture(scope="session")
def postgresql():
    """A PostgreSQL 15 server (Debian's, run by scripts/postgresql-server.sh: user `hoodie`, password
    `hoodie-test-password`) on 127.0.0.1 for the whole session: its port. Its folder is made under /tmp
    directly: as root the server runs as the `postgres` user, who cannot enter pytest's private folders."""
    import shutil
    import tempfile

    folder = Path(tempfile.mkdtemp(prefix="hoodie-interop-pg-"))
    VERSIONS["PostgreSQL (server of the JDBC cases)"] = "Debian postgresql 15"
    try:
        for port in _test_server("postgresql-server.sh", folder, _answers, "PostgreSQL"):
            yield port
    finally:
        shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture(scope="session")
def hive_metastore(tmp_path_factory):
    """A Hive Metastore (Hive's standalone Metastore 4.0.1 with Derby, from Maven Central,
    scripts/services-maven/hive-metastore/pom.xml, run by scripts/hive-metastore-server.sh) on 127.0.0.1 for
    the whole session: its thrift:// URI. Started by the first case that locks with
    HiveMetastoreBasedLockProvider only."""
    home = Path(os.environ.get("HOODIE_HIVE_METASTORE_HOME", ROOT / ".services-maven" / "hive-metastore"))
    if not (home / "metastore_db").is_dir():
        pytest.exit(f"no Hive Metastore in {home}: run scripts/setup-services.sh (or set HOODIE_HIVE_METASTORE_HOME)",
                    returncode=3)
    jars = sorted((home / "server" / "lib").glob("hive-standalone-metastore-server-*.jar"))
    VERSIONS["Hive Metastore (server of the lock cases)"] = jars[0].name.removesuffix(".jar") if jars else "?"
    for port in _test_server("hive-metastore-server.sh", tmp_path_factory.mktemp("hive-metastore"), _answers,
                             "the Hive Metastore"):
        yield f"thrift://127.0.0.1:{port}"


# --------------------------------------------------------------------------------------
# Readers to compare: hoodie's rows, Spark's snapshot, hudi-rs
# --------------------------------------------------------------------------------------


def hoodie_rows(hoodie: Hoodie, path, instant_time: str) -> list[dict[str, str]]:
    """The rows `hoodie timeline show` prints for one instant, in the shape of HudiJava.commit_write_stats."""
    keys = ("instant", "action", "operation", "partition", "file", "inserts", "updates", "deletes",
            "records_written")
    rows = [r for r in hoodie.timeline(path) if r["instant"] == instant_time]
    return sorted(({k: r[k] for k in keys} for r in rows), key=lambda r: r["file"])


def snapshot(spark, path, **options):
    """Spark's snapshot query of a Hudi table (a DataFrame)."""
    return spark.read.format("hudi").options(**options).load(str(path))


def committed_checkpoints(table) -> list[str]:
    """The streamer checkpoint (deltastreamer.checkpoint.key) of each completed commit and deltacommit of
    `table`, oldest first."""
    instants = sorted([*(Path(table) / ".hoodie").glob("*.commit"), *(Path(table) / ".hoodie").glob("*.deltacommit")])
    return [json.loads(p.read_text())["extraMetadata"]["deltastreamer.checkpoint.key"] for p in instants]


def spark_datasource_write(spark, path, rows, schema, operation, **options):
    """Spark's datasource write of `rows` (a `schema` DDL string) keyed by id, partitioned by part, ordered by
    ts, with table services and the metadata table off; `options` add to or override these (the table's name
    and type)."""
    opts = {
        "hoodie.datasource.write.operation": operation,
        "hoodie.datasource.write.recordkey.field": "id",
        "hoodie.datasource.write.partitionpath.field": "part",
        "hoodie.datasource.write.precombine.field": "ts",
        "hoodie.datasource.write.keygenerator.class": "org.apache.hudi.keygen.SimpleKeyGenerator",
        "hoodie.compact.inline": "false",
        "hoodie.clean.automatic": "false",
        "hoodie.metadata.enable": "false",
        "hoodie.upsert.shuffle.parallelism": "2",
        "hoodie.insert.shuffle.parallelism": "2",
        "hoodie.delete.shuffle.parallelism": "2",
        **options,
    }
    spark.createDataFrame(rows, schema).write.format("hudi").options(**opts).mode("append").save(str(path))


def datasource_upsert(df, path, name, key, partition, precombine, table_type="COPY_ON_WRITE"):
    """An upsert of `df` through the Hudi datasource: what HoodieStreamer runs with a round's records."""
    (df.write.format("hudi").option("hoodie.table.name", name)
     .option("hoodie.datasource.write.table.type", table_type)
     .option("hoodie.datasource.write.recordkey.field", key)
     .option("hoodie.datasource.write.partitionpath.field", partition)
     .option("hoodie.datasource.write.precombine.field", precombine)
     .option("hoodie.datasource.write.operation", "upsert")
     .mode("append").save(str(path)))


def hudi_rs_table(path, storage_options: dict[str, str] | None = None):
    import hudi

    return hudi.HudiTableBuilder.from_base_uri(str(path)).with_storage_options(storage_options or {}).build()


def hudi_rs_rows(path, columns) -> list[tuple]:
    """Sorted snapshot rows as hudi-rs (the `hudi` Python package) reads them."""
    rows = []
    for batch in hudi_rs_table(path).read():
        data = batch.to_pydict()
        rows += list(zip(*(data[c] for c in columns)))
    return sorted(rows)


# --------------------------------------------------------------------------------------
# Compatibility report: docs/compatibility.md, one row per case
# --------------------------------------------------------------------------------------

_RESULTS: dict[str, dict] = {}

# Observations that the cases pin down, kept with the report.
REPORT_NOTES = [
    "- Spark accepts the hoodie.properties hoodie writes (Hudi's `HoodieTableConfig.validateChecksum` agrees",
    "  with hoodie's checksum) and keeps its name, keys, version and checksum when it writes into the table.",
    "- With Hudi's defaults (`hoodie.metadata.enable=true`) Spark's first write into a hoodie-created table",
    "  builds the metadata table under `.hoodie/metadata/` (partition `files`, its own timeline beginning",
    "  with `00000000000000010.deltacommit`) and adds exactly `hoodie.table.metadata.partitions=files` and an",
    "  empty `hoodie.table.metadata.partitions.inflight` to hoodie.properties. With",
    "  `hoodie.metadata.enable=false` it builds none and leaves hoodie.properties unchanged.",
    "- On merge-on-read tables Spark's second upsert writes the updates to log files of the existing file",
    "  groups and the new record to a new base file; records read from a log file carry the file group id",
    "  in `_hoodie_file_name`, records of a base file the base file's name.",
    "- Spark SQL `CREATE TABLE ... USING hudi LOCATION` over a table hoodie created keeps hoodie's name,",
    "  keys, type, checksum and partitioning flags (hoodie records them as Spark's writer does), adds",
    "  `hoodie.table.create.schema` and drops `hoodie.table.timeline.timezone` (LOCAL, the default).",
    "- A first write records the hoodie.properties Spark's writer records from the same options, key for key;",
    "  Spark 0.15's reader fails on custom-key-generator tables whose TIMESTAMP fields format with slashes",
    "  (\"Failed to parse partition column values\"); hoodie takes those values from the data files.",
    "- With a timestamp-based key generator, Spark's snapshot, read-optimized and time-travel reads return the",
    "  partition column as its partition path text (`2024/01/03`), not the stored value; its incremental reads",
    "  return the stored value. hoodie returns the stored value in every query; the cases compare that column",
    "  with the partition path on Spark's side.",
    "- Hudi 0.15 defects the cases step around (not hoodie's): Spark cannot read back byte or short columns",
    "  that its bulk_insert row writer wrote (NullPointerException in `OnHeapColumnVector.getInt`), and with a",
    "  decimal column the row writer writes lists in the legacy 3-level layout, whose values a later Spark",
    "  upsert writes as null when it copies those records. hoodie writes byte and short as plain INT32 (as",
    "  Hudi's Avro path does), which Spark reads back.",
    "- On a local file system Spark (Hadoop's ChecksumFileSystem) keeps `.hoodie.properties.crc` and verifies",
    "  it on every read; hoodie deletes that sidecar whenever it deletes hoodie.properties or its backup.",
    "- With `hoodie.metadata.enable=true` (hoodie's default, as Hudi 0.15's) hoodie keeps the metadata table's",
    "  `files` partition (a deltacommit per instant, compaction, clean, archival, rollbacks mirrored) and,",
    "  when enabled, its `bloom_filters` and `column_stats` partitions (each base file's footer bloom filter",
    "  and column statistics, which Hudi's reader returns and Spark's data skipping uses), and shares them",
    "  with Spark; record_index is not kept yet and is dropped as Hudi drops disabled indexes. Like Hudi,",
    "  it builds the metadata table only while no other instant is pending.",
    "  With `false` it clears `hoodie.table.metadata.partitions` and `.inflight` and deletes",
    "  `.hoodie/metadata` before each commit becomes visible, as Hudi does; Spark's next write with the",
    "  default rebuilds the metadata table from the file system, hoodie's files included.",
    "- Over s3a (hadoop-aws 3.3.4), Hudi 0.15 cannot write the metadata table into a bucket whose name holds",
    "  `hoodie-`: HoodieWrapperFileSystem maps its `hoodie-s3a://` URI back to `s3a://` by deleting every",
    "  `hoodie-` of it (\"Wrong FS s3a://hoodie-interop/… -expected s3a://interop\"). The s3a cases use the",
    "  bucket `interop-tables`.",
]


def _doc_of(item) -> str:
    doc = (getattr(item, "function", None) and item.function.__doc__) or ""
    return " ".join(doc.strip().split("\n\n")[0].split())


def pytest_collection_modifyitems(session, config, items):
    for item in items:
        _RESULTS[item.nodeid] = {"name": item.name, "doc": _doc_of(item), "outcome": "not run", "seconds": 0.0}


def pytest_runtest_logreport(report):
    entry = _RESULTS.get(report.nodeid)
    if entry is None:
        return
    entry["seconds"] += report.duration
    if report.when == "call" or report.outcome != "passed":
        if hasattr(report, "wasxfail"):
            outcome = "xfail (known hoodie defect)" if report.skipped else "xpass"
        elif report.skipped:
            outcome = "skipped"
        else:
            outcome = report.outcome
        # Keep the first failure (setup or call) over a later teardown pass.
        if entry["outcome"] in ("not run", "passed") or report.outcome != "passed":
            entry["outcome"] = "pass" if outcome == "passed" else ("FAIL" if outcome == "failed" else outcome)


def _hudi_rs_version() -> str:
    try:
        return metadata.version("hudi")
    except metadata.PackageNotFoundError:
        return "not installed"


def pytest_sessionfinish(session, exitstatus):
    target = os.environ.get("HOODIE_INTEROP_REPORT")
    if not target or not _RESULTS:
        return
    versions = {
        "Spark (pyspark)": VERSIONS.get("Spark", _pkg_version("pyspark")),
        "Hudi bundle": VERSIONS.get("Hudi bundle", BUNDLE_JAR_NAME),
        "Spark's s3a jars": ", ".join(name.removesuffix(".jar") for name in S3A_JAR_NAMES),
        "moto (S3 server of the s3a cases)": VERSIONS.get("moto (S3 server of the s3a cases)", "not started"),
        "hudi (hudi-rs Python package)": _hudi_rs_version(),
        "Java": VERSIONS.get("Java", "not started"),
        "hoodie": _hoodie_version(),
        "Python": platform.python_version(),
        "pytest": pytest.__version__,
    }
    passed = sum(1 for r in _RESULTS.values() if r["outcome"] == "pass")
    lines = [
        "# Compatibility with Apache Hudi",
        "",
        "Generated by `scripts/interop.sh` (tests/interop/conftest.py); do not edit by hand. The file holds",
        "no timestamps, so it changes only when a result or a version does.",
        "Each case runs real Apache Hudi (Spark with the Hudi bundle) beside hoodie and compares exact values.",
        "",
        f"{passed} of {len(_RESULTS)} cases pass.",
        "",
        "| component | version |",
        "| --- | --- |",
        *[f"| {k} | {v} |" for k, v in versions.items()],
        "",
        "| case | result | what it checks |",
        "| --- | --- | --- |",
    ]
    for nodeid, r in _RESULTS.items():
        module = nodeid.split("::", 1)[0].rsplit("/", 1)[-1].removesuffix(".py")
        lines.append(f"| `{module}::{r['name']}` | {r['outcome']} | {r['doc'].replace('|', '/')} |")
    lines += ["", "## Notes", "", *REPORT_NOTES]
    Path(target).write_text("\n".join(lines) + "\n", encoding="utf-8")


def _hoodie_version() -> str:
    binary = os.environ.get("HOODIE_BIN", str(ROOT / "build" / "src" / "hoodie" / "cli" / "hoodie"))
    try:
        out = subprocess.run([binary, "--version"], capture_output=True, text=True, timeout=30).stdout.strip()
    except OSError:
        return "not built"
    return out


def _pkg_version(name: str) -> str:
    try:
        return metadata.version(name)
    except metadata.PackageNotFoundError:
        return "not installed"
