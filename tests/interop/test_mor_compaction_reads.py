"""Merge-on-read reads across a compaction against real Apache Hudi 0.15 (Spark 3.5).

What the model of `services/mor_model_test.cc` claims about Hudi, checked on tables hoodie writes
with out-of-order ordering values: log records of a slice fold with preCombine (an earlier update with
the greater ordering value survives a later one), an update of a file group under pending compaction
goes to the plan's new slice, compaction writes the fold into the base file keeping commit times, so a
later slice's record then overwrites it whatever its ordering value (compaction changes what the same
log records read as, and time travel to an instant after the compaction's own sees the new base);
incremental ranges that hold the compaction commit return the rows committed in the range; a soft
delete in a log is a delete with its ordering value, after which any record wins. Spark's
snapshot, read-optimized, time-travel (every instant) and incremental (every range) queries must equal
hoodie's.
"""

from __future__ import annotations

import json

from conftest import snapshot
from test_mor_read import COLUMNS, hoodie_query, spark_rows

EVERY = ("--hoodie-conf", "hoodie.compact.inline.max.delta.commits=1")
INSERTS = [("a1", "a1-5", 5, 1.0, "p1"), ("a2", "a2-5", 5, 2.0, "p1"), ("b1", "b1-5", 5, 3.0, "p2")]
# a1 gets a greater ordering value, b1 a smaller one (the base merge ignores the stored record).
UPDATES = [("a1", "a1-9", 9, 10.0, "p1"), ("b1", "b1-2", 2, 30.0, "p2")]
# After the compaction is scheduled: to the plan's new slice, with a smaller ordering value.
UNDER_PENDING = [("a1", "a1-3", 3, 100.0, "p1")]
LATER = [("b1", "b1-1", 1, 300.0, "p2"), ("a2", "a2-4", 4, 20.0, "p1")]


def upsert(hoodie, tmp_path, path, rows):
    data = tmp_path / f"upsert-{len(list(tmp_path.glob('upsert-*')))}.json"
    data.write_text("".join(json.dumps(dict(zip(("id", "name", "ts", "score", "part"), r))) + "\n" for r in rows))
    conf = {
        "hoodie.table.name": "mor_compaction_reads",
        "hoodie.datasource.write.table.type": "MERGE_ON_READ",
        "hoodie.datasource.write.recordkey.field": "id",
        "hoodie.datasource.write.partitionpath.field": "part",
        "hoodie.datasource.write.precombine.field": "ts",
        "hoodie.datasource.write.keygenerator.class": "org.apache.hudi.keygen.SimpleKeyGenerator",
        "hoodie.datasource.write.payload.class": "org.apache.hudi.common.model.OverwriteWithLatestAvroPayload",
    }
    args = [arg for k, v in conf.items() for arg in ("--hoodie-conf", f"{k}={v}")]
    summary = hoodie.json("write", "--table", path, "--op", "upsert", "--input", data, "--format", "json", *args)
    assert summary["committed"] == "true", summary


def names(rows) -> dict[str, str]:
    return {r[COLUMNS.index("id")]: r[COLUMNS.index("name")] for r in rows}


def same_reads(spark, hudi_java, hoodie, path):
    """Snapshot, read-optimized, time travel to every instant and every incremental range: Spark's
    rows equal hoodie's. Returns the snapshot rows."""
    now = spark_rows(snapshot(spark, path))
    assert hoodie_query(hoodie, path) == now
    ro = {"hoodie.datasource.query.type": "read_optimized"}
    assert hoodie_query(hoodie, path, "--query-type", "read_optimized") == spark_rows(snapshot(spark, path, **ro))
    instants = hudi_java.completed_commits(path)
    for instant in instants:
        assert hoodie_query(hoodie, path, "--as-of", instant) == spark_rows(
            snapshot(spark, path, **{"as.of.instant": instant})), instant
    for end in range(len(instants)):
        for begin in ["000", *instants[:end]]:
            expected = spark_rows(snapshot(spark, path, **{
                "hoodie.datasource.query.type": "incremental",
                "hoodie.datasource.read.begin.instanttime": begin,
                "hoodie.datasource.read.end.instanttime": instants[end]}))
            got = hoodie_query(hoodie, path, "--query-type", "incremental", "--begin", begin, "--end", instants[end])
            assert got == expected, (begin, instants[end])
    return now


def test_reads_across_a_compaction_equal_sparks(spark, hudi_java, hoodie, tmp_path):
    """Snapshot, read-optimized, time-travel and incremental reads of a MOR table with a pending then completed compaction and out-of-order ordering values equal Spark's.

    hoodie writes base files, updates to logs (one with a greater, one with a smaller ordering value),
    schedules a compaction, writes an update with a smaller ordering value to the plan's new slice
    (the snapshot keeps the older record with the greater value), runs the compaction (the snapshot now
    takes the new slice's record: the compacted base holds the fold) and upserts again. After each
    stage Spark's queries, time travel to every instant and every incremental range (the compaction
    commit inside or at their ends) return exactly hoodie's rows."""
    path = tmp_path / "mor_compaction_reads"
    inputs = tmp_path / "inputs"
    inputs.mkdir()
    upsert(hoodie, inputs, path, INSERTS)
    upsert(hoodie, inputs, path, UPDATES)
    plan = hoodie.json("compaction", "schedule", "--table", path, *EVERY)
    c = plan[0]["instant"]
    upsert(hoodie, inputs, path, UNDER_PENDING)
    assert any(f"_{c}.log." in f.name for f in path.rglob(".*.log.*")), \
        "the update under pending compaction did not start the plan's slice"
    pending = same_reads(spark, hudi_java, hoodie, path)
    assert names(pending) == {"a1": "a1-9", "a2": "a2-5", "b1": "b1-2"}
    hoodie.run("compaction", "run", "--table", path, "--instant", c)
    compacted = same_reads(spark, hudi_java, hoodie, path)
    assert names(compacted) == {"a1": "a1-3", "a2": "a2-5", "b1": "b1-2"}
    upsert(hoodie, inputs, path, LATER)
    latest = same_reads(spark, hudi_java, hoodie, path)
    assert names(latest) == {"a1": "a1-3", "a2": "a2-4", "b1": "b1-1"}


def upsert_with_deletes(hoodie, tmp_path, path, rows):
    data = tmp_path / f"upsert-{len(list(tmp_path.glob('upsert-*')))}.json"
    keys = ("id", "name", "ts", "score", "part", "_hoodie_is_deleted")
    data.write_text("".join(json.dumps(dict(zip(keys, r))) + "\n" for r in rows))
    conf = {
        "hoodie.table.name": "mor_soft_deletes",
        "hoodie.datasource.write.table.type": "MERGE_ON_READ",
        "hoodie.datasource.write.recordkey.field": "id",
        "hoodie.datasource.write.partitionpath.field": "part",
        "hoodie.datasource.write.precombine.field": "ts",
        "hoodie.datasource.write.keygenerator.class": "org.apache.hudi.keygen.SimpleKeyGenerator",
        "hoodie.datasource.write.payload.class": "org.apache.hudi.common.model.OverwriteWithLatestAvroPayload",
    }
    args = [arg for k, v in conf.items() for arg in ("--hoodie-conf", f"{k}={v}")]
    summary = hoodie.json("write", "--table", path, "--op", "upsert", "--input", data, "--format", "json", *args)
    assert summary["committed"] == "true", summary


def test_soft_deletes_in_logs_fold_as_sparks(spark, hudi_java, hoodie, tmp_path):
    """A soft delete in a log folds as Spark folds it: a later record always wins over it, and it loses to an earlier record with a greater ordering value; before and after a compaction.

    An upsert with `_hoodie_is_deleted` true goes to the log as a delete carrying its ordering value.
    k1 is soft-deleted with ordering value 9, then updated with 3: the update wins (Hudi stores the
    delete as an empty payload, and preCombine picks the newer record over an empty one). k2 is updated
    with 9, then soft-deleted with 3: the delete is older than the record and leaves it. Spark's
    snapshot, time travel and incremental reads equal hoodie's, then again after a compaction."""
    path = tmp_path / "mor_soft_deletes"
    inputs = tmp_path / "inputs"
    inputs.mkdir()
    upsert_with_deletes(hoodie, inputs, path, [("k1", "k1-5", 5, 1.0, "p1", False),
                                               ("k2", "k2-5", 5, 2.0, "p1", False)])
    upsert_with_deletes(hoodie, inputs, path, [("k1", "k1-9", 9, 1.0, "p1", True),
                                               ("k2", "k2-9", 9, 2.0, "p1", False)])
    upsert_with_deletes(hoodie, inputs, path, [("k1", "k1-3", 3, 1.0, "p1", False),
                                               ("k2", "k2-3", 3, 2.0, "p1", True)])
    folded = same_reads(spark, hudi_java, hoodie, path)
    assert names(folded) == {"k1": "k1-3", "k2": "k2-9"}
    hoodie.json("compaction", "run", "--schedule", "--table", path, *EVERY)
    assert names(same_reads(spark, hudi_java, hoodie, path)) == {"k1": "k1-3", "k2": "k2-9"}
