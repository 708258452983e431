"""The Python package against real Apache Hudi 0.15 (Spark 3.5) and hudi-rs.

Tables written by `hoodie.write` from pyarrow, pandas, Polars and DuckDB data, and
compacted and cleaned by `hoodie.Table`, are read by Spark's Hudi datasource and by
hudi-rs exactly as the model says; and `hoodie.Table` reads a Spark-written table exactly
as Spark's own snapshot, time-travel, read-optimized and incremental queries do.

The package runs in its own environment (`.venv-python`, the pinned pyarrow 22 it links,
with the package from `build/python`), one subprocess per step, beside this suite's
pyarrow.
"""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import pytest
from conftest import ROOT, hudi_rs_rows, snapshot, spark_datasource_write

PYTHON = Path(os.environ.get("HOODIE_PACKAGE_PYTHON", ROOT / ".venv-python" / "bin" / "python"))
SCHEMA = "id string, name string, ts long, score double, part string"
DATA = ["id", "name", "ts", "score", "part"]
META = ["_hoodie_commit_time", "_hoodie_record_key", "_hoodie_partition_path"]

INSERTS = [("a1", "alice", 1, 1.5, "p1"), ("a2", "bob", 1, 2.5, "p1"), ("b1", "carol", 1, 3.5, "p2"),
           ("b2", "dan", 1, 4.5, "p2")]
UPDATES = [("a1", "alice2", 2, 10.0, "p1"), ("b1", "carol2", 2, 30.0, "p2"), ("c1", "erin", 2, 5.5, "p3")]
DELETES = [("a2", "bob", 3, 0.0, "p1")]
UPDATES_AGAIN = [("a1", "alice3", 4, 100.0, "p1"), ("b2", "dan2", 4, 40.0, "p2")]


def python_api(code: str, **params):
    """Runs `code` with the package (`hoodie`, `pa`, `pc` imported, `params` as given) and
    returns the JSON of the `result` it sets."""
    script = ("import json, sys, hoodie, pyarrow as pa, pyarrow.compute as pc\n"
              "params = json.loads(sys.argv[1])\n" + code +
              "\nprint(json.dumps(result, default=str))")
    env = {**os.environ, "PYTHONPATH": str(ROOT / "build" / "python")}
    done = subprocess.run([str(PYTHON), "-c", script, json.dumps(params)], capture_output=True,
                          text=True, env=env)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.splitlines()[-1])


def model(*steps) -> list[tuple]:
    """The rows after upserting each step's rows in turn (a step named 'delete' deletes)."""
    rows = {}
    for kind, step in steps:
        for row in step:
            if kind == "delete":
                rows.pop(row[0], None)
            else:
                rows[row[0]] = row
    return sorted(rows.values())


WRITE_FROM_EVERY_KIND = """
import duckdb, pandas as pd, polars as pl
schema = pa.schema([("id", pa.string()), ("name", pa.string()), ("ts", pa.int64()),
                    ("score", pa.float64()), ("part", pa.string())])
def table(rows):
    return pa.Table.from_pylist([dict(zip(schema.names, r)) for r in rows], schema)
options = {"hoodie.table.name": "python_api",
           "hoodie.datasource.write.table.type": params["table_type"],
           "hoodie.datasource.write.recordkey.field": "id",
           "hoodie.datasource.write.partitionpath.field": "part",
           "hoodie.datasource.write.precombine.field": "ts",
           "hoodie.datasource.write.keygenerator.class": "org.apache.hudi.keygen.SimpleKeyGenerator"}
path = params["path"]
instants = [hoodie.write(path, table(params["inserts"]), options=options)]
instants.append(hoodie.write(path, table(params["updates"]).to_pandas(), options=options))
instants.append(hoodie.write(path, pl.from_arrow(table(params["deletes"])), operation="delete",
                             options=options))
again = table(params["updates_again"])
instants.append(hoodie.write(path, duckdb.sql("select * from again"), options=options))
services = {}
if params["table_type"] == "MERGE_ON_READ":
    services = hoodie.Table(path).compact({"hoodie.compact.inline.max.delta.commits": 1})
result = {"instants": [str(i) for i in instants],
          "operations": [i.operation for i in instants],
          "services": services}
"""


@pytest.mark.parametrize("table_type", ["COPY_ON_WRITE", "MERGE_ON_READ"])
def test_spark_and_hudi_rs_read_what_python_writes(spark, hudi_java, tmp_path, table_type):
    """Spark and hudi-rs read a table that `hoodie.write` wrote from pyarrow, pandas, Polars and DuckDB data (COW and MOR, the MOR one compacted by `Table.compact`) exactly as the model says.

    Four writes (upsert from a pyarrow Table, upsert from pandas, delete from Polars, upsert
    from a DuckDB relation; metadata table on, as Hudi 0.15's default), then for MOR a
    compaction through the package. Spark's snapshot equals the model, its time travel to
    the first instant equals the inserts, the commit time of every row is the instant the
    package returned for its last write, the timeline Hudi's Java API lists is the
    package's, and hudi-rs reads the same rows."""
    path = tmp_path / "python_api"
    out = python_api(WRITE_FROM_EVERY_KIND, path=str(path), table_type=table_type,
                     inserts=INSERTS, updates=UPDATES, deletes=DELETES, updates_again=UPDATES_AGAIN)
    first, second, _, last = out["instants"]
    assert out["operations"] == ["UPSERT", "UPSERT", "DELETE", "UPSERT"]
    expected = model(("upsert", INSERTS), ("upsert", UPDATES), ("delete", DELETES),
                     ("upsert", UPDATES_AGAIN))
    df = snapshot(spark, path)
    assert sorted(tuple(r[c] for c in DATA) for r in df.select(*DATA).collect()) == expected
    commit_of = {r["id"]: r["_hoodie_commit_time"] for r in df.select("id", "_hoodie_commit_time").collect()}
    assert commit_of == {"a1": last, "b1": second, "b2": last, "c1": second}
    as_of = snapshot(spark, path, **{"as.of.instant": first})
    assert sorted(tuple(r[c] for c in DATA) for r in as_of.select(*DATA).collect()) == sorted(INSERTS)
    actions = [(t, a, s) for t, a, s in hudi_java.active_instants(path)]
    write_action = "deltacommit" if table_type == "MERGE_ON_READ" else "commit"
    assert [(t, a, s) for t, a, s in actions if t in out["instants"]] == [
        (t, write_action, "COMPLETED") for t in out["instants"]]
    if table_type == "MERGE_ON_READ":
        compacted = out["services"]["compacted"]
        assert compacted and (compacted, "commit", "COMPLETED") in actions
        ro = spark.read.format("hudi").option("hoodie.datasource.query.type", "read_optimized").load(str(path))
        assert sorted(tuple(r[c] for c in DATA) for r in ro.select(*DATA).collect()) == expected
    assert hudi_rs_rows(path, DATA) == expected


READ_EVERY_WAY = """
table = hoodie.Table(params["path"])
columns = params["columns"]
def rows(t):
    data = t.select(columns).to_pylist()
    return sorted([[r[c] for c in columns] for r in data])
result = {
    "snapshot": rows(table.to_arrow()),
    "as_of": {i: rows(table.to_arrow(as_of=i)) for i in params["instants"]},
    "incremental": rows(table.incremental(params["instants"][0], params["instants"][-1])),
    "filtered": rows(table.to_arrow(filter=pc.field("score") > 5)),
    "timeline": [[i["instant"], i["action"], i["state"]] for i in table.timeline()],
}
if params["table_type"] == "MERGE_ON_READ":
    result["read_optimized"] = rows(table.read_optimized())
"""


def spark_rows(df, columns) -> list[list]:
    return sorted([list(r[c] for c in columns) for r in df.select(*columns).collect()])


@pytest.mark.parametrize("table_type", ["COPY_ON_WRITE", "MERGE_ON_READ"])
def test_python_reads_what_spark_writes(spark, hudi_java, tmp_path, table_type):
    """`hoodie.Table` reads a Spark-written table (COW and MOR with log and delete blocks) exactly as Spark's own snapshot, time-travel, incremental, filtered and read-optimized queries do.

    Spark's datasource inserts, upserts, deletes and upserts again; the package's snapshot,
    time travel to every commit, incremental read of (first, last], a filtered read
    (`pc.field("score") > 5`) and, for MOR, read-optimized read equal Spark's queries, meta
    columns included, and its timeline is the one Hudi's Java API lists."""
    path = tmp_path / "spark_written"
    extra = {"hoodie.table.name": "spark_written", "hoodie.datasource.write.table.type": table_type}
    spark_datasource_write(spark, path, INSERTS, SCHEMA, "upsert", **extra)
    spark_datasource_write(spark, path, UPDATES, SCHEMA, "upsert", **extra)
    spark_datasource_write(spark, path, DELETES, SCHEMA, "delete", **extra)
    spark_datasource_write(spark, path, UPDATES_AGAIN, SCHEMA, "upsert", **extra)
    instants = hudi_java.completed_commits(path)
    columns = META + DATA
    out = python_api(READ_EVERY_WAY, path=str(path), instants=instants, columns=columns,
                     table_type=table_type)
    assert out["snapshot"] == spark_rows(snapshot(spark, path), columns)
    for instant in instants:
        assert out["as_of"][instant] == spark_rows(snapshot(spark, path, **{"as.of.instant": instant}),
                                                   columns), instant
    incremental = snapshot(spark, path, **{
        "hoodie.datasource.query.type": "incremental",
        "hoodie.datasource.read.begin.instanttime": instants[0],
        "hoodie.datasource.read.end.instanttime": instants[-1]})
    assert out["incremental"] == spark_rows(incremental, columns)
    assert out["filtered"] == spark_rows(snapshot(spark, path).where("score > 5"), columns)
    if table_type == "MERGE_ON_READ":
        ro = snapshot(spark, path, **{"hoodie.datasource.query.type": "read_optimized"})
        assert out["read_optimized"] == spark_rows(ro, columns)
    assert out["timeline"] == [list(i) for i in hudi_java.active_instants(path)]
