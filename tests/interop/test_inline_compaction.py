"""Inline compaction against real Apache Hudi 0.15 (Spark 3.5): hoodie.compact.inline on both sides.

hoodie writes a merge-on-read table with `hoodie.compact.inline=true` and
`hoodie.compact.inline.max.delta.commits=2`; Spark writes the same operations with the same settings.
Both timelines must compact at the same points (the trigger), and Spark must read hoodie's compacted
table exactly, in both query types.
"""

from __future__ import annotations

import json

from conftest import snapshot
from test_mor_read import (COLUMNS, DELETES, INSERTS, SCHEMA, SIMPLE_KEYGEN, UPDATES, UPDATES_AGAIN,
                           hoodie_query, spark_rows)

RO = {"hoodie.datasource.query.type": "read_optimized"}
INLINE = {"hoodie.compact.inline": "true", "hoodie.compact.inline.max.delta.commits": "2"}
STEPS = (("upsert", INSERTS), ("upsert", UPDATES), ("delete", DELETES), ("upsert", UPDATES_AGAIN))
# Two deltacommits, a compaction, two more, another compaction.
ACTIONS = ["deltacommit", "deltacommit", "commit", "deltacommit", "deltacommit", "commit"]
VALUES = ["id", "name", "ts", "score", "part"]


def hoodie_inline_write(hoodie, inputs, path, op, rows):
    data = inputs / f"in-{len(list(inputs.iterdir()))}.json"
    data.write_text("".join(json.dumps(dict(zip(VALUES, r))) + "\n" for r in rows))
    conf = {
        "hoodie.table.name": "inline_mor",
        "hoodie.datasource.write.table.type": "MERGE_ON_READ",
        "hoodie.datasource.write.recordkey.field": "id",
        "hoodie.datasource.write.partitionpath.field": "part",
        "hoodie.datasource.write.precombine.field": "ts",
        "hoodie.datasource.write.keygenerator.class": SIMPLE_KEYGEN,
        **INLINE,
    }
    args = ["write", "--table", path, "--op", op, "--input", data, "--format", "json"]
    for key, value in conf.items():
        args += ["--hoodie-conf", f"{key}={value}"]
    summary = hoodie.json(*args)
    assert summary["committed"] == "true", summary


def spark_inline_write(spark, path, op, rows):
    opts = {
        "hoodie.table.name": "inline_mor",
        "hoodie.datasource.write.table.type": "MERGE_ON_READ",
        "hoodie.datasource.write.operation": op,
        "hoodie.datasource.write.recordkey.field": "id",
        "hoodie.datasource.write.partitionpath.field": "part",
        "hoodie.datasource.write.precombine.field": "ts",
        "hoodie.datasource.write.keygenerator.class": SIMPLE_KEYGEN,
        "hoodie.clean.automatic": "false",
        "hoodie.metadata.enable": "false",
        "hoodie.upsert.shuffle.parallelism": "2",
        "hoodie.insert.shuffle.parallelism": "2",
        "hoodie.delete.shuffle.parallelism": "2",
        **INLINE,
    }
    spark.createDataFrame(rows, SCHEMA).write.format("hudi").options(**opts).mode("append").save(str(path))


def completed_actions(hudi_java, path) -> list[str]:
    return [a for _, a, s in hudi_java.active_instants(path) if s == "COMPLETED"]


def values(rows) -> list[tuple]:
    index = [COLUMNS.index(c) for c in VALUES]
    return sorted(tuple(r[i] for i in index) for r in rows)


def test_spark_reads_hoodie_inline_compaction(spark, hudi_java, hoodie, tmp_path):
    """hoodie's inline compaction (max.delta.commits=2) compacts after the 2nd and 4th deltacommits; Spark's snapshot and read-optimized reads of the table equal hoodie's snapshot.

    Hudi's meta client lists two completed compactions (`commit`, operation COMPACT) at the same
    points as Spark's own inline compaction puts them, and the latest base files Hudi's file-system
    view picks include every file the second compaction wrote."""
    path = tmp_path / "hoodie_inline"
    inputs = tmp_path / "inputs"
    inputs.mkdir()
    for op, rows in STEPS:
        hoodie_inline_write(hoodie, inputs, path, op, rows)
    assert completed_actions(hudi_java, path) == ACTIONS
    compactions = [t for t, a, s in hudi_java.active_instants(path) if a == "commit"]
    for c in compactions:
        assert {s["operation"] for s in hudi_java.commit_write_stats(path, c)} == {"COMPACT"}
    expected = hoodie_query(hoodie, path)
    assert spark_rows(snapshot(spark, path)) == expected
    assert spark_rows(snapshot(spark, path, **RO)) == expected
    assert hoodie_query(hoodie, path, "--query-type", "read_optimized") == expected
    written = {s["file"].split("/")[-1] for s in hudi_java.commit_write_stats(path, compactions[-1])}
    latest = {name for _, name in hudi_java.latest_base_files(path, ["p1", "p2", "p3"])}
    assert written <= latest


def test_hoodie_and_spark_inline_compaction_agree(spark, hudi_java, hoodie, tmp_path):
    """The same four writes with hoodie.compact.inline=true and max.delta.commits=2 give the same timeline shape in hoodie and in Spark, and the same rows in both views.

    Spark (Hudi 0.15's inline trigger NUM_COMMITS) and hoodie both complete deltacommit, deltacommit,
    commit (compaction), deltacommit, deltacommit, commit; the record values of both tables agree in
    snapshot and read-optimized reads."""
    spark_path = tmp_path / "spark_inline"
    for op, rows in STEPS:
        spark_inline_write(spark, spark_path, op, rows)
    hoodie_path = tmp_path / "hoodie_inline"
    inputs = tmp_path / "inputs"
    inputs.mkdir()
    for op, rows in STEPS:
        hoodie_inline_write(hoodie, inputs, hoodie_path, op, rows)
    assert completed_actions(hudi_java, spark_path) == ACTIONS
    assert completed_actions(hudi_java, hoodie_path) == ACTIONS
    spark_values = values(spark_rows(snapshot(spark, spark_path)))
    assert values(spark_rows(snapshot(spark, spark_path, **RO))) == spark_values
    assert values(hoodie_query(hoodie, hoodie_path)) == spark_values
    assert values(hoodie_query(hoodie, hoodie_path, "--query-type", "read_optimized")) == spark_values
