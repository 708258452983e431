"""Compaction against real Apache Hudi 0.15 (Spark 3.5): each side compacts the other's log files.

hoodie compacts a Spark-written merge-on-read table and Spark reads it; Spark (the `run_compaction`
procedure) compacts a hoodie-written one and hoodie reads it; Spark executes a plan hoodie scheduled,
and hoodie executes one Spark scheduled, which proves the `T.compaction.requested` bytes both ways.
Each read compares every row, meta columns included, with the snapshot before the compaction.
"""

from __future__ import annotations

import shutil

import pytest
from conftest import snapshot
from test_mor_read import (DELETES, INSERTS, UPDATES, UPDATES_AGAIN, hoodie_query, hoodie_write, spark_rows,
                           write)

RO = {"hoodie.datasource.query.type": "read_optimized"}


def spark_mor(spark, path):
    write(spark, path, INSERTS, "upsert")
    write(spark, path, UPDATES, "upsert")
    write(spark, path, DELETES, "delete")
    write(spark, path, UPDATES_AGAIN, "upsert")


def hoodie_mor(hoodie, tmp_path, path):
    inputs = tmp_path / "inputs"
    inputs.mkdir()
    for op, rows in (("upsert", INSERTS), ("upsert", UPDATES), ("delete", DELETES), ("upsert", UPDATES_AGAIN)):
        hoodie_write(hoodie, inputs, path, op, rows)


def spark_compaction(spark, op, path, timestamp=None):
    # Hudi's default trigger waits for 5 deltacommits; one is enough here.
    spark.sql("set hoodie.compact.inline.max.delta.commits=1")
    args = f"op => '{op}', path => '{path}'"
    if timestamp:
        args += f", timestamp => {timestamp}"
    return spark.sql(f"call run_compaction({args})").collect()


def completed_compactions(hudi_java, path):
    return [(t, a, s) for t, a, s in hudi_java.active_instants(path) if a == "commit"]


def test_spark_reads_hoodie_compaction_of_spark_logs(spark, hudi_java, hoodie, tmp_path):
    """hoodie compacts a Spark-written MOR table (Avro data and delete blocks); Spark's snapshot equals the one before, its read-optimized view now equals it too, and Hudi's timeline and file-system view load the compaction.

    `hoodie compaction run --schedule` plans and executes; Hudi's meta client lists `T.commit` (a compaction)
    with operation COMPACT and the write stats hoodie reports; every latest base file is hoodie's."""
    path = tmp_path / "spark_mor"
    spark_mor(spark, path)
    before = spark_rows(snapshot(spark, path))
    assert spark_rows(snapshot(spark, path, **RO)) != before
    ran = hoodie.json("compaction", "run", "--schedule", "--table", path)
    assert ran, "hoodie compacted nothing"
    c = ran[0]["instant"]
    assert spark_rows(snapshot(spark, path)) == before
    assert spark_rows(snapshot(spark, path, **RO)) == before
    assert hoodie_query(hoodie, path) == before
    assert hoodie_query(hoodie, path, "--query-type", "read_optimized") == before
    assert [(t, a, s) for t, a, s in hudi_java.active_instants(path) if t == c] == [(c, "commit", "COMPLETED")]
    stats = hudi_java.commit_write_stats(path, c)
    assert {s["operation"] for s in stats} == {"COMPACT"}
    assert sorted(s["file"] for s in stats) == sorted(r["file"] for r in ran)
    assert sorted((s["file"], s["inserts"], s["updates"], s["deletes"], s["records_written"]) for s in stats) == \
        sorted((r["file"], r["inserted"], r["updated"], r["deleted"], r["records"]) for r in ran)
    compacted = {r["file"].split("/")[-1] for r in ran}
    latest = hudi_java.latest_base_files(path, ["p1", "p2", "p3"])
    assert compacted <= {name for _, name in latest}
    # Time travel to before the compaction still sees the logs.
    last_delta = hudi_java.completed_commits(path)[-2]
    assert spark_rows(snapshot(spark, path, **{"as.of.instant": last_delta})) == before


def test_hoodie_reads_spark_compaction_of_hoodie_logs(spark, hudi_java, hoodie, tmp_path):
    """Spark's run_compaction compacts a hoodie-written MOR table; hoodie's snapshot and read-optimized reads equal the snapshot before.

    hoodie writes inserts, updates, a delete and updates again as deltacommits; Spark schedules and runs a
    compaction; `hoodie query` returns the same rows in both modes and `hoodie compaction show` lists it."""
    path = tmp_path / "hoodie_mor"
    hoodie_mor(hoodie, tmp_path, path)
    before = hoodie_query(hoodie, path)
    assert spark_rows(snapshot(spark, path)) == before
    spark_compaction(spark, "run", path)
    compactions = completed_compactions(hudi_java, path)
    assert len(compactions) == 1, hudi_java.active_instants(path)
    c = compactions[0][0]
    assert hoodie_query(hoodie, path) == before
    assert hoodie_query(hoodie, path, "--query-type", "read_optimized") == before
    shown = hoodie.json("compaction", "show", "--table", path)
    assert [(r["instant"], r["state"]) for r in shown] == [(c, "COMPLETED")]


def test_spark_executes_hoodie_plan(spark, hudi_java, hoodie, tmp_path):
    """Spark executes a compaction plan hoodie scheduled (the `T.compaction.requested` bytes), and both read the result as the snapshot before.

    hoodie writes a MOR table and schedules; Hudi's meta client lists the requested compaction; Spark's
    run_compaction with that timestamp completes it; Spark's and hoodie's reads equal the snapshot before."""
    path = tmp_path / "hoodie_mor"
    hoodie_mor(hoodie, tmp_path, path)
    before = hoodie_query(hoodie, path)
    plan = hoodie.json("compaction", "schedule", "--table", path)
    c = plan[0]["instant"]
    assert (c, "compaction", "REQUESTED") in hudi_java.active_instants(path)
    spark_compaction(spark, "run", path, timestamp=c)
    assert (c, "commit", "COMPLETED") in hudi_java.active_instants(path)
    stats = hudi_java.commit_write_stats(path, c)
    assert sorted(s["partition"] for s in stats) == sorted(r["partition"] for r in plan)
    assert spark_rows(snapshot(spark, path)) == before
    assert spark_rows(snapshot(spark, path, **RO)) == before
    assert hoodie_query(hoodie, path) == before
    assert hoodie_query(hoodie, path, "--query-type", "read_optimized") == before


def test_hoodie_executes_spark_plan_as_spark_would(spark, hudi_java, hoodie, tmp_path):
    """hoodie executes a plan Spark scheduled, and hoodie's own plan for the same table equals Spark's, byte for byte.

    Spark writes a MOR table; a copy is kept; Spark schedules a compaction, `hoodie compaction show` decodes
    it, hoodie schedules on the copy and lists the same operations (file groups, base files, log files, log
    sizes); hoodie runs Spark's plan and Spark reads the snapshot before, in both query types."""
    path = tmp_path / "spark_mor"
    spark_mor(spark, path)
    before = spark_rows(snapshot(spark, path))
    copy = tmp_path / "copy"
    shutil.copytree(path, copy)
    spark_compaction(spark, "schedule", path)
    pending = [t for t, a, s in hudi_java.active_instants(path) if a == "compaction" and s == "REQUESTED"]
    assert len(pending) == 1
    c = pending[0]
    spark_plan = hoodie.json("compaction", "show", "--table", path, "--instant", c)
    ours = hoodie.json("compaction", "schedule", "--table", copy)
    drop = lambda rows: sorted(tuple(v for k, v in r.items() if k != "instant") for r in rows)  # noqa: E731
    assert drop(ours) == drop(spark_plan)
    # Byte for byte: the Avro container differs only in its random 16-byte sync marker.
    spark_bytes = (path / ".hoodie" / f"{c}.compaction.requested").read_bytes()
    our_bytes = (copy / ".hoodie" / f"{ours[0]['instant']}.compaction.requested").read_bytes()
    ours_masked = our_bytes.replace(our_bytes[-16:], b"S" * 16)
    spark_masked = spark_bytes.replace(spark_bytes[-16:], b"S" * 16)
    if ours_masked != spark_masked:
        (tmp_path / "plan.spark").write_bytes(spark_bytes)
        (tmp_path / "plan.hoodie").write_bytes(our_bytes)
    assert ours_masked == spark_masked, f"plans differ, both kept in {tmp_path}"
    hoodie.run("compaction", "run", "--table", path, "--instant", c)
    assert (c, "commit", "COMPLETED") in hudi_java.active_instants(path)
    assert spark_rows(snapshot(spark, path)) == before
    assert spark_rows(snapshot(spark, path, **RO)) == before
