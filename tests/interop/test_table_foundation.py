"""Table foundation against real Apache Hudi 0.15 (Spark 3.5): hoodie.properties, timeline, meta client.

Three directions:
  * hoodie creates a table, Spark (Hudi's datasource) writes into it, hoodie reads back what Spark did;
  * Spark creates a table (SQL or datasource), hoodie reads its hoodie.properties and timeline;
  * Hudi's own HoodieTableMetaClient loads a table hoodie created.
Every check compares exact values with what Hudi itself reports.
"""

from __future__ import annotations

import json

import pytest
from conftest import hoodie_rows, hudi_rs_rows, hudi_rs_table, read_java_properties, snapshot

SIMPLE_KEYGEN = "org.apache.hudi.keygen.SimpleKeyGenerator"
NONPARTITIONED_KEYGEN = "org.apache.hudi.keygen.NonpartitionedKeyGenerator"

# Tiny data. The second batch updates every record of the first and inserts one more, so that
# after it every record of the snapshot carries the second commit's time and file.
BATCH_1 = [("a1", "alice", 1, "p1"), ("a2", "bob", 1, "p1"), ("b1", "carol", 1, "p2")]
BATCH_2 = [("a1", "alice2", 2, "p1"), ("a2", "bob2", 2, "p1"), ("b1", "carol2", 2, "p2"), ("c1", "dave", 2, "p3")]
SCHEMA = "id string, name string, ts long, part string"


def write_options(name: str, table_type: str, metadata: str) -> dict[str, str]:
    opts = {
        "hoodie.table.name": name,
        "hoodie.datasource.write.table.type": table_type,
        "hoodie.datasource.write.operation": "upsert",
        "hoodie.datasource.write.recordkey.field": "id",
        "hoodie.datasource.write.partitionpath.field": "part",
        "hoodie.datasource.write.precombine.field": "ts",
        "hoodie.datasource.write.keygenerator.class": SIMPLE_KEYGEN,
        # Keep Spark from scheduling table services in the middle of the test.
        "hoodie.compact.inline": "false",
        "hoodie.clean.automatic": "false",
        "hoodie.upsert.shuffle.parallelism": "2",
        "hoodie.insert.shuffle.parallelism": "2",
    }
    if metadata == "disabled":
        opts["hoodie.metadata.enable"] = "false"
    return opts


def file_id_of(name: str) -> str:
    """File group id of a base file (fileId_writeToken_instant.parquet) or log file (.fileId_instant.log.N_token)."""
    if name.startswith("."):
        return name[1:].split("_", 1)[0]
    return name.split("_", 1)[0]


# --------------------------------------------------------------------------------------
# hoodie creates, Spark writes, hoodie reads back
# --------------------------------------------------------------------------------------


@pytest.mark.parametrize("metadata", ["default", "disabled"])
@pytest.mark.parametrize("table_type", ["COPY_ON_WRITE", "MERGE_ON_READ"])
def test_spark_upserts_into_hoodie_created_table(spark, hudi_java, hoodie, tmp_path, table_type, metadata):
    """hoodie creates the table, Spark's datasource upserts into it twice, hoodie lists Spark's commits exactly.

    hoodie's timeline lists exactly Spark's commits (instants, action, UPSERT, files and counts of Hudi's own commit metadata), the files
    match `_hoodie_file_name` of Spark's snapshot, and the table config keeps its name and keys."""
    path = tmp_path / "t"
    hoodie.create_table(path, "t", table_type=table_type)
    created = read_java_properties(path / ".hoodie" / "hoodie.properties")
    assert hoodie.properties(path) == created

    opts = write_options("t", table_type, metadata)
    commits = []
    for batch in (BATCH_1, BATCH_2):
        spark.createDataFrame(batch, SCHEMA).write.format("hudi").options(**opts).mode("append").save(str(path))
        times = sorted(r[0] for r in snapshot(spark, path).select("_hoodie_commit_time").distinct().collect())
        commits.append(times[-1])
    first, second = commits
    assert first < second

    # Spark's own view: completed commits of the timeline, and the snapshot's records.
    action = "commit" if table_type == "COPY_ON_WRITE" else "deltacommit"
    assert hudi_java.completed_commits(path) == [first, second]
    rows = snapshot(spark, path).select("_hoodie_commit_time", "_hoodie_partition_path", "_hoodie_file_name",
                                        "id", "name", "ts", "part").collect()
    assert sorted((r.id, r.name, r.ts, r.part) for r in rows) == sorted(BATCH_2)
    assert {r._hoodie_commit_time for r in rows} == {second}

    # hudi-rs, a second reader, sees the same commits and records.
    rs_timeline = hudi_rs_table(path).get_timeline()
    rs_commits = (rs_timeline.get_completed_commits() if table_type == "COPY_ON_WRITE"
                  else rs_timeline.get_completed_deltacommits())
    assert [(i.timestamp, i.action) for i in rs_commits] == [(first, action), (second, action)]
    assert hudi_rs_rows(path, ("id", "name", "ts", "part", "_hoodie_commit_time")) == sorted(
        (*r, second) for r in BATCH_2)

    # hoodie's timeline: exactly the instants Spark made, in order, all completed UPSERTs.
    timeline = hoodie.timeline(path)
    assert sorted({(r["instant"], r["action"], r["state"], r["operation"]) for r in timeline}) == [
        (first, action, "COMPLETED", "UPSERT"),
        (second, action, "COMPLETED", "UPSERT"),
    ]
    assert [(r["instant"], r["action"], r["state"]) for r in hoodie.timeline(path, "--instants-only")] == [
        (first, action, "COMPLETED"), (second, action, "COMPLETED")]
    assert hudi_java.active_instants(path) == [(first, action, "COMPLETED"), (second, action, "COMPLETED")]

    # Files and counts per commit: hoodie's rows equal Hudi's own commit metadata.
    for t in (first, second):
        assert hoodie_rows(hoodie, path, t) == hudi_java.commit_write_stats(path, t)

    # The latest commit's files are exactly the files Spark's snapshot reads the records from.
    latest = hoodie_rows(hoodie, path, second)
    if table_type == "COPY_ON_WRITE":
        assert sorted({(r["partition"], r["file"].rsplit("/", 1)[-1]) for r in latest}) == sorted(
            {(r._hoodie_partition_path, r._hoodie_file_name) for r in rows})
    else:
        # MOR: updates land in log files (whose records name their file group), inserts in base files.
        assert sorted({(r["partition"], file_id_of(r["file"].rsplit("/", 1)[-1])) for r in latest}) == sorted(
            {(r._hoodie_partition_path, file_id_of(r._hoodie_file_name)) for r in rows})
        logs = sorted(r["partition"] for r in latest if ".log." in r["file"])
        assert logs == ["p1", "p2"], latest

    # The table config: what hoodie wrote, plus exactly what Spark adds. With Hudi's defaults Spark builds
    # the metadata table (.hoodie/metadata, partition "files", its own timeline) on the first write and
    # records it in hoodie.properties; with hoodie.metadata.enable=false it leaves hoodie.properties as is.
    # It never touches the name, keys, version or checksum hoodie wrote.
    props = hoodie.properties(path)
    assert props == read_java_properties(path / ".hoodie" / "hoodie.properties")
    added = {"hoodie.table.metadata.partitions": "files", "hoodie.table.metadata.partitions.inflight": ""}
    assert props == ({**created, **added} if metadata == "default" else created)
    described = hoodie.describe(path)
    assert (described["table_name"], described["table_type"], described["record_key_fields"],
            described["partition_fields"], described["precombine_field"]) == ("t", table_type, "id", "part", "ts")
    mdt = path / ".hoodie" / "metadata"
    if metadata == "default":
        assert described["metadata_partitions"] == "files"
        # hoodie reads Spark's metadata table (merge-on-read, HFile base files) as Hudi does.
        assert hoodie.properties(mdt) == read_java_properties(mdt / ".hoodie" / "hoodie.properties")
        mdt_instants = hudi_java.active_instants(mdt)
        assert mdt_instants == [("00000000000000010", "deltacommit", "COMPLETED"),
                                (first, "deltacommit", "COMPLETED"), (second, "deltacommit", "COMPLETED")]
        assert [(r["instant"], r["action"], r["state"]) for r in hoodie.timeline(mdt, "--instants-only")] == (
            mdt_instants)
        for t, _, _ in mdt_instants:
            assert hoodie_rows(hoodie, mdt, t) == hudi_java.commit_write_stats(mdt, t)
    else:
        assert not mdt.exists()
        assert described["metadata_partitions"] == ""


# --------------------------------------------------------------------------------------
# Spark creates, hoodie reads
# --------------------------------------------------------------------------------------


def create_with_sql(spark, path, name, table_type, partitioned):
    kind = "cow" if table_type == "COPY_ON_WRITE" else "mor"
    spark.sql(f"DROP TABLE IF EXISTS {name}")
    spark.sql(
        f"CREATE TABLE {name} ({SCHEMA}) "
        f"USING hudi {'PARTITIONED BY (part)' if partitioned else ''} LOCATION '{path}' "
        f"TBLPROPERTIES (type = '{kind}', primaryKey = 'id', preCombineField = 'ts')")
    spark.sql(f"INSERT INTO {name} VALUES ('a1', 'alice', 1, 'p1'), ('b1', 'carol', 1, 'p2')")
    spark.sql(f"INSERT INTO {name} VALUES ('a1', 'alice2', 2, 'p1')")


def create_with_datasource(spark, path, name, table_type, partitioned):
    opts = write_options(name, table_type, "default")
    if not partitioned:
        opts["hoodie.datasource.write.partitionpath.field"] = ""
        opts["hoodie.datasource.write.keygenerator.class"] = NONPARTITIONED_KEYGEN
    for batch in (BATCH_1, BATCH_2[:1]):
        spark.createDataFrame(batch, SCHEMA).write.format("hudi").options(**opts).mode("append").save(str(path))


@pytest.mark.parametrize(
    "how,table_type,partitioned",
    [
        ("sql", "COPY_ON_WRITE", True),
        ("sql", "MERGE_ON_READ", False),
        ("datasource", "COPY_ON_WRITE", False),
        ("datasource", "MERGE_ON_READ", True),
    ],
    ids=["sql-cow-partitioned", "sql-mor-nonpartitioned", "datasource-cow-nonpartitioned",
         "datasource-mor-partitioned"],
)
def test_hoodie_reads_spark_created_table(spark, hudi_java, hoodie, tmp_path, how, table_type, partitioned):
    """Spark creates a table and writes to it, hoodie reads the same hoodie.properties and timeline as Hudi.

    Spark creates a table (SQL or datasource) and writes to it; hoodie's `table describe --properties`
    equals the hoodie.properties Spark wrote, and `timeline show` lists the instants (timestamps, actions,
    states) of Hudi's `HoodieTableMetaClient.getActiveTimeline()`."""
    name = f"spark_{how}_{'cow' if table_type == 'COPY_ON_WRITE' else 'mor'}_{'p' if partitioned else 'np'}"
    path = tmp_path / name
    (create_with_sql if how == "sql" else create_with_datasource)(spark, path, name, table_type, partitioned)

    on_disk = read_java_properties(path / ".hoodie" / "hoodie.properties")
    assert hoodie.properties(path) == on_disk
    # The same values as Hudi's own HoodieTableConfig.
    config = hudi_java.meta_client(path).getTableConfig()
    assert {k: config.getString(k) for k in on_disk} == on_disk
    assert on_disk["hoodie.table.type"] == table_type

    expected = sorted(hudi_java.active_instants(path))
    assert len(expected) >= 2
    listed = sorted((r["instant"], r["action"], r["state"]) for r in hoodie.timeline(path, "--instants-only"))
    assert listed == expected
    # With files: every completed commit's rows equal Hudi's own commit metadata.
    for t, _, state in expected:
        if state == "COMPLETED":
            assert hoodie_rows(hoodie, path, t) == hudi_java.commit_write_stats(path, t)


# --------------------------------------------------------------------------------------
# Hudi's meta client loads a table hoodie created
# --------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "table_type,partition_fields,key_generator",
    [("COPY_ON_WRITE", "part", SIMPLE_KEYGEN), ("MERGE_ON_READ", "", NONPARTITIONED_KEYGEN)],
    ids=["cow-partitioned", "mor-nonpartitioned"],
)
def test_hudi_meta_client_loads_hoodie_created_table(hudi_java, hoodie, tmp_path, table_type, partition_fields,
                                                      key_generator):
    """Hudi's HoodieTableMetaClient (and hudi-rs) load a table hoodie created, with the same config.

    Hudi's HoodieTableMetaClient loads a table hoodie created and reports the same table type, name,
    record key fields, partition fields, precombine field, key generator and table version 6; Hudi
    accepts hoodie's checksum."""
    path = tmp_path / "h"
    hoodie.create_table(path, "h_tbl", table_type=table_type, partition_fields=partition_fields,
                        key_generator=key_generator)
    client = hudi_java.meta_client(path)
    config = client.getTableConfig()
    assert client.getTableType().name() == table_type
    assert config.getTableName() == "h_tbl"
    assert config.getDatabaseName() == "default"
    assert list(config.getRecordKeyFields().get()) == ["id"]
    partitions = config.getPartitionFields()
    assert (list(partitions.get()) if partitions.isPresent() else []) == (
        [partition_fields] if partition_fields else [])
    assert config.getPreCombineField() == "ts"
    assert config.getKeyGeneratorClassName() == key_generator
    assert config.getTableVersion().versionCode() == 6
    assert client.getTimelineLayoutVersion().getVersion() == 1
    props = config.getProps()
    assert hudi_java.jvm.org.apache.hudi.common.table.HoodieTableConfig.validateChecksum(props)
    assert client.getActiveTimeline().countInstants() == 0

    described = hoodie.describe(path)
    assert (described["table_type"], described["table_name"], described["record_key_fields"],
            described["partition_fields"], described["table_version"]) == (
        table_type, "h_tbl", "id", partition_fields, "6")

    # hudi-rs loads it too, with exactly the configuration hoodie reports.
    rs_options = hudi_rs_table(path).hudi_options()
    assert rs_options.pop("hoodie.base.path") == str(path)
    assert rs_options == hoodie.properties(path)


# --------------------------------------------------------------------------------------
# Fixed tables Hudi wrote (shared test data): hoodie reads them as Hudi does
# --------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "archive",
    [
        "sample_table/cow/v6_nonpartitioned.zip",
        "sample_table/cow/v6_complexkeygen_hivestyle.zip",
        "sample_table/mor/parquet/v6_simplekeygen_nonhivestyle.zip",
        "sample_table/mor/parquet/v6_nonpartitioned_rollback.zip",
    ],
)
def test_hoodie_reads_shared_hudi_table(hudi_java, hoodie, unzip_table, archive):
    """On a fixed table Hudi wrote (shared hudi-rs test data), hoodie reads what Hudi's meta client reads.

    On a fixed table Hudi wrote (hudi-rs test data), hoodie's `table describe --properties` equals the
    file's Java properties and Hudi's HoodieTableConfig, and `timeline show` lists exactly the instants and
    per-file commit statistics Hudi's own meta client reads."""
    path = unzip_table(archive)
    on_disk = read_java_properties(path / ".hoodie" / "hoodie.properties")
    assert hoodie.properties(path) == on_disk
    config = hudi_java.meta_client(path).getTableConfig()
    assert {k: config.getString(k) for k in on_disk} == on_disk

    expected = sorted(hudi_java.active_instants(path))
    listed = sorted((r["instant"], r["action"], r["state"]) for r in hoodie.timeline(path, "--instants-only"))
    assert listed == expected
    for t, action, state in expected:
        if state == "COMPLETED" and action in ("commit", "deltacommit"):
            assert hoodie_rows(hoodie, path, t) == hudi_java.commit_write_stats(path, t)


@pytest.mark.parametrize("table_type", ["COPY_ON_WRITE", "MERGE_ON_READ"], ids=["cow", "mor"])
def test_spark_sql_registers_and_writes_hoodie_created_table(spark, hudi_java, hoodie, tmp_path, table_type):
    """Spark SQL registers a hoodie-created table (CREATE TABLE ... LOCATION) and INSERTs into it, hoodie lists it.

    Spark SQL keeps the table config hoodie wrote (name, keys, type, checksum, and the hive-style and
    URL-encoding flags hoodie records as Spark's writer does) and, as for any table it registers at a
    location, rewrites hoodie.properties adding the create schema, plus the metadata table's keys on the
    first write, and dropping `hoodie.table.timeline.timezone` (LOCAL, the default either way); the rows
    Spark reads back and the single commit hoodie lists are exactly what Spark wrote."""
    path = tmp_path / "sqlreg"
    name = f"hoodie_made_{'cow' if table_type == 'COPY_ON_WRITE' else 'mor'}"
    hoodie.create_table(path, name, table_type=table_type)
    created = read_java_properties(path / ".hoodie" / "hoodie.properties")
    kind = "cow" if table_type == "COPY_ON_WRITE" else "mor"
    spark.sql(f"DROP TABLE IF EXISTS {name}")
    spark.sql(f"CREATE TABLE {name} ({SCHEMA}) USING hudi PARTITIONED BY (part) LOCATION '{path}' "
              f"TBLPROPERTIES (type = '{kind}', primaryKey = 'id', preCombineField = 'ts')")
    spark.sql(f"INSERT INTO {name} VALUES ('a1', 'alice', 1, 'p1'), ('b1', 'carol', 1, 'p2')")

    rows = spark.sql(f"SELECT _hoodie_commit_time, id, name, ts, part FROM {name}").collect()
    assert sorted((r.id, r.name, r.ts, r.part) for r in rows) == [("a1", "alice", 1, "p1"), ("b1", "carol", 1, "p2")]
    (commit,) = {r._hoodie_commit_time for r in rows}
    action = "commit" if table_type == "COPY_ON_WRITE" else "deltacommit"
    assert hudi_java.active_instants(path) == [(commit, action, "COMPLETED")]
    assert [(r["instant"], r["action"], r["state"]) for r in hoodie.timeline(path, "--instants-only")] == [
        (commit, action, "COMPLETED")]
    assert hoodie_rows(hoodie, path, commit) == hudi_java.commit_write_stats(path, commit)
    props = hoodie.properties(path)
    assert props == read_java_properties(path / ".hoodie" / "hoodie.properties")
    schema = json.loads(props.pop("hoodie.table.create.schema"))
    kept = {k: v for k, v in created.items() if k != "hoodie.table.timeline.timezone"}
    assert created["hoodie.table.timeline.timezone"] == "LOCAL"
    assert props == {**kept,
                     "hoodie.table.metadata.partitions": "files",
                     "hoodie.table.metadata.partitions.inflight": ""}
    assert [(f["name"], f["type"]) for f in schema["fields"]] == [
        ("id", ["string", "null"]), ("name", ["string", "null"]), ("ts", ["long", "null"]),
        ("part", ["string", "null"])]
    assert hoodie.describe(path)["hive_style_partitioning"] == "false"
    assert sorted(r["partition"] for r in hoodie.timeline(path)) == ["p1", "p2"]
    spark.sql(f"DROP TABLE IF EXISTS {name}")
