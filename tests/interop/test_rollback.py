"""Rollback of failed writes against real Apache Hudi 0.15 (Spark 3.5).

  * hoodie's write is killed before its commit (`hoodie write --no-commit`, a test-only flag that
    leaves the instant inflight with its files and markers); hoodie's next write rolls it back; Spark
    reads exactly the rows of the other commits and Hudi's own code decodes the rollback files;
  * the same killed hoodie write is rolled back by a Spark upsert (EAGER): Spark accepts hoodie's
    markers and instant files, and hoodie reads the rollback Spark wrote;
  * `hoodie rollback --instant T` undoes Spark's latest completed commit, and Spark agrees.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import snapshot

SIMPLE_KEYGEN = "org.apache.hudi.keygen.SimpleKeyGenerator"
SCHEMA = "id string, name string, ts long, part string"

# First commit; the killed write updates a1 and b1 and inserts c1 into a new partition; the next
# write updates a2 and inserts d1.
BATCH_1 = [("a1", "alice", 1, "p1"), ("a2", "bob", 1, "p1"), ("b1", "carol", 1, "p2")]
KILLED = [("a1", "alice-x", 2, "p1"), ("b1", "carol-x", 2, "p2"), ("c1", "dave-x", 2, "p3")]
BATCH_3 = [("a2", "bob3", 3, "p1"), ("d1", "erin", 3, "p2")]


def model(*batches) -> list[tuple]:
    rows = {}
    for batch in batches:
        for row in batch:
            rows[row[0]] = row
    return sorted(rows.values())


def hoodie_conf(name: str, markers: bool = True) -> list[str]:
    conf = {
        "hoodie.table.name": name,
        "hoodie.datasource.write.recordkey.field": "id",
        "hoodie.datasource.write.partitionpath.field": "part",
        "hoodie.datasource.write.precombine.field": "ts",
        "hoodie.datasource.write.keygenerator.class": SIMPLE_KEYGEN,
        "hoodie.rollback.using.markers": "true" if markers else "false",
    }
    return [arg for k, v in conf.items() for arg in ("--hoodie-conf", f"{k}={v}")]


def spark_options(name: str) -> dict[str, str]:
    return {
        "hoodie.table.name": name,
        "hoodie.datasource.write.table.type": "COPY_ON_WRITE",
        "hoodie.datasource.write.operation": "upsert",
        "hoodie.datasource.write.recordkey.field": "id",
        "hoodie.datasource.write.partitionpath.field": "part",
        "hoodie.datasource.write.precombine.field": "ts",
        "hoodie.datasource.write.keygenerator.class": SIMPLE_KEYGEN,
        "hoodie.metadata.enable": "false",
        "hoodie.clean.automatic": "false",
        "hoodie.upsert.shuffle.parallelism": "2",
        "hoodie.insert.shuffle.parallelism": "2",
    }


def hoodie_write(hoodie, path: Path, name: str, batch, *extra: str, markers: bool = True) -> dict:
    data = path.parent / f"input-{len(list(path.parent.glob('input-*')))}.json"
    data.write_text("".join(json.dumps(dict(zip(("id", "name", "ts", "part"), r))) + "\n" for r in batch))
    proc = hoodie.run("-o", "json", "write", "--table", path, "--op", "upsert", "--input", data,
                      *hoodie_conf(name, markers), *extra)
    return json.loads(proc.stdout)


def spark_rows(spark, path) -> list[tuple]:
    return sorted(tuple(r) for r in snapshot(spark, path).select("id", "name", "ts", "part").collect())


def files_naming(path: Path, instant: str) -> list[str]:
    return sorted(str(p.relative_to(path)) for p in path.rglob("*") if instant in p.name)


def rollback_files(hudi_java, path, rollback_time: str):
    """Hudi's own decoding of R.rollback.requested and R.rollback (plan, metadata)."""
    jvm = hudi_java.jvm
    meta_client = hudi_java.meta_client(path)
    timeline = meta_client.getActiveTimeline()
    utils = jvm.org.apache.hudi.common.table.timeline.TimelineMetadataUtils
    Instant = jvm.org.apache.hudi.common.table.timeline.HoodieInstant
    State = jvm.org.apache.hudi.common.table.timeline.HoodieInstant.State
    requested = Instant(State.REQUESTED, "rollback", rollback_time)
    completed = Instant(State.COMPLETED, "rollback", rollback_time)
    plan = jvm.org.apache.hudi.table.action.rollback.RollbackUtils.getRollbackPlan(meta_client, requested)
    metadata = utils.deserializeHoodieRollbackMetadata(timeline.getInstantDetails(completed).get())
    return plan, metadata


def java_list(values) -> list:
    """A Java list (Avro's GenericData.Array too) as a Python list."""
    return [values.get(i) for i in range(values.size())]


def rolled_back_files(metadata) -> list[str]:
    out = []
    partitions = metadata.getPartitionMetadata()
    keys = partitions.keySet().toArray()
    for i in range(len(keys)):
        out += java_list(partitions.get(keys[i]).getSuccessDeleteFiles())
    return sorted(out)


def planned_files(plan) -> list[str]:
    return sorted(f for r in java_list(plan.getRollbackRequests()) for f in java_list(r.getFilesToBeDeleted()))


@pytest.mark.parametrize("markers", [True, False], ids=["markers", "listing"])
def test_hoodie_rolls_back_its_killed_write_and_spark_reads_the_rest(spark, hudi_java, hoodie, tmp_path, markers):
    """A hoodie write killed before its commit is rolled back by hoodie's next write; Spark reads
    exactly the other commits' rows and Hudi decodes hoodie's rollback plan and metadata."""
    path = tmp_path / "t"
    name = "rb_hoodie"
    t1 = hoodie_write(hoodie, path, name, BATCH_1, markers=markers)["instant"]
    killed = hoodie_write(hoodie, path, name, KILLED, "--no-commit", markers=markers)
    t2 = killed["instant"]
    assert killed["committed"] == "false"
    written = files_naming(path, t2)
    assert len([f for f in written if f.endswith(".parquet") and ".temp" not in f]) == 3
    t3 = hoodie_write(hoodie, path, name, BATCH_3, markers=markers)["instant"]

    instants = hudi_java.active_instants(path)
    assert [(i[0], i[1], i[2]) for i in instants if i[1] == "commit"] == [(t1, "commit", "COMPLETED"),
                                                                            (t3, "commit", "COMPLETED")]
    rollbacks = [i for i in instants if i[1] == "rollback"]
    assert len(rollbacks) == 1 and rollbacks[0][2] == "COMPLETED" and t2 < rollbacks[0][0] < t3
    plan, metadata = rollback_files(hudi_java, path, rollbacks[0][0])
    assert plan.getInstantToRollback().getCommitTime() == t2
    assert plan.getInstantToRollback().getAction() == "commit"
    planned = planned_files(plan)
    data_files = sorted(str(path / f) for f in written if f.endswith(".parquet") and ".temp" not in f)
    assert planned == data_files
    assert java_list(metadata.getCommitsRollback()) == [t2]
    assert metadata.getTotalFilesDeleted() == 3
    assert rolled_back_files(metadata) == data_files
    assert files_naming(path, t2) == []
    assert spark_rows(spark, path) == model(BATCH_1, BATCH_3)


def test_spark_rolls_back_killed_hoodie_write(spark, hudi_java, hoodie, tmp_path):
    """Spark's upsert (EAGER) rolls back a killed hoodie write from hoodie's direct markers; the rows
    are exact, and hoodie reads Spark's rollback and keeps writing."""
    path = tmp_path / "t"
    name = "rb_spark"
    hoodie_write(hoodie, path, name, BATCH_1)
    t2 = hoodie_write(hoodie, path, name, KILLED, "--no-commit")["instant"]
    data_files = sorted(str(path / f) for f in files_naming(path, t2) if f.endswith(".parquet") and ".temp" not in f)
    assert len(data_files) == 3
    spark.createDataFrame(BATCH_3, SCHEMA).write.format("hudi").options(**spark_options(name)) \
        .mode("append").save(str(path))

    rollbacks = [i for i in hudi_java.active_instants(path) if i[1] == "rollback"]
    assert len(rollbacks) == 1 and rollbacks[0][2] == "COMPLETED"
    plan, metadata = rollback_files(hudi_java, path, rollbacks[0][0])
    # Marker-based: one request per hoodie marker, full paths.
    assert planned_files(plan) == data_files
    assert java_list(metadata.getCommitsRollback()) == [t2]
    assert rolled_back_files(metadata) == data_files
    assert [f for f in files_naming(path, t2) if ".hoodie/" not in f and not f.startswith(".hoodie")] == []
    assert spark_rows(spark, path) == model(BATCH_1, BATCH_3)

    # hoodie reads the rollback Spark wrote, and its next write finds nothing to roll back.
    rows = hoodie.timeline(path, "--instants-only")
    described = [r for r in rows if r["instant"] == rollbacks[0][0]]
    assert len(described) == 1 and described[0]["action"] == "rollback", rows
    assert t2 in json.dumps(described[0])
    batch_4 = [("e1", "frank", 4, "p3")]
    hoodie_write(hoodie, path, name, batch_4)
    assert [i for i in hudi_java.active_instants(path) if i[1] == "rollback"] == rollbacks
    assert spark_rows(spark, path) == model(BATCH_1, BATCH_3, batch_4)


def test_hoodie_rolls_back_sparks_latest_commit(spark, hudi_java, hoodie, tmp_path):
    """`hoodie rollback --instant T` undoes Spark's latest completed commit (reverted to inflight,
    files found by listing); Spark then reads the table as before T, and refuses nothing."""
    path = tmp_path / "t"
    name = "rb_cli"
    opts = spark_options(name)
    spark.createDataFrame(BATCH_1, SCHEMA).write.format("hudi").options(**opts).mode("append").save(str(path))
    spark.createDataFrame(KILLED, SCHEMA).write.format("hudi").options(**opts).mode("append").save(str(path))
    commits = hudi_java.completed_commits(path)
    assert len(commits) == 2
    t1, t2 = commits
    refused = hoodie.run("rollback", "--table", path, "--instant", t1, check=False)
    assert refused.returncode == 1 and f"commit {t2} completed after it" in refused.stderr
    done = hoodie.json("rollback", "--table", path, "--instant", t2)
    assert len(done) == 1 and done[0]["rolled_back"] == t2 and done[0]["action"] == "commit"
    assert done[0]["files_deleted"] == "3" and done[0]["failed_deletes"] == "0"
    assert hudi_java.completed_commits(path) == [t1]
    assert [f for f in files_naming(path, t2) if not f.startswith(".hoodie")] == []
    assert spark_rows(spark, path) == model(BATCH_1)
    spark.createDataFrame(BATCH_3, SCHEMA).write.format("hudi").options(**opts).mode("append").save(str(path))
    assert spark_rows(spark, path) == model(BATCH_1, BATCH_3)


def test_spark_executes_rollback_plan_hoodie_scheduled(spark, hudi_java, hoodie, tmp_path):
    """A hoodie rollback interrupted right after saving its plan (`R.rollback.requested` only) is
    finished by Spark's next upsert with hoodie's plan: R completes, the killed write's files go."""
    path = tmp_path / "t"
    name = "rb_plan"
    hoodie_write(hoodie, path, name, BATCH_1)
    t2 = hoodie_write(hoodie, path, name, KILLED, "--no-commit")["instant"]
    data_files = sorted(str(path / f) for f in files_naming(path, t2) if f.endswith(".parquet") and ".temp" not in f)
    r = hoodie.run("rollback", "--table", path, "--instant", t2, "--schedule-only",
                   *hoodie_conf(name)).stdout.strip()
    assert [i for i in hudi_java.active_instants(path) if i[1] == "rollback"] == [(r, "rollback", "REQUESTED")]
    spark.createDataFrame(BATCH_3, SCHEMA).write.format("hudi").options(**spark_options(name)) \
        .mode("append").save(str(path))

    assert [i for i in hudi_java.active_instants(path) if i[1] == "rollback"] == [(r, "rollback", "COMPLETED")]
    _, metadata = rollback_files(hudi_java, path, r)
    assert java_list(metadata.getCommitsRollback()) == [t2]
    assert rolled_back_files(metadata) == data_files
    assert [f for f in files_naming(path, t2) if not f.startswith(".hoodie")] == []
    assert spark_rows(spark, path) == model(BATCH_1, BATCH_3)
    # hoodie reads the rollback Spark completed from hoodie's plan.
    rows = [row for row in hoodie.timeline(path, "--instants-only") if row["instant"] == r]
    assert len(rows) == 1 and rows[0]["state"] == "COMPLETED" and t2 in rows[0]["details"], rows
