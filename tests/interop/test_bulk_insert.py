"""Streamed bulk_insert against real Apache Hudi 0.15: hoodie writes, Spark and Hudi's Java API read.

hoodie bulk-inserts a shuffled input in every sort mode with a memory budget of one byte (so GLOBAL_SORT merges
spilled runs and PARTITION_SORT writes one task per chunk); Spark's snapshot holds exactly the input rows, each
file's `_hoodie_commit_seqno` is `<instant>_<task>_<n>` counting from 0, Hudi's meta client reads hoodie's write
stats, and Spark can upsert into the table afterwards with hoodie reading Spark's commit back.
"""

from __future__ import annotations

import json
import random

import pytest
from conftest import hoodie_rows

COMMON_CONF = {
    "hoodie.table.name": "t",
    "hoodie.datasource.write.recordkey.field": "id",
    "hoodie.datasource.write.partitionpath.field": "part",
    "hoodie.datasource.write.precombine.field": "ts",
    "hoodie.datasource.write.keygenerator.class": "org.apache.hudi.keygen.SimpleKeyGenerator",
}


def input_rows():
    rows = [(f"k{i:03d}", f"n{i}", i, f"p{i % 3}") for i in range(90)]
    random.Random(7).shuffle(rows)
    return rows


def hoodie_bulk_insert(hoodie, tmp_path, path, rows, conf):
    data = tmp_path / "in.json"
    data.write_text("".join(json.dumps(dict(zip(("id", "name", "ts", "part"), r))) + "\n" for r in rows))
    args = ["write", "--table", path, "--op", "bulk_insert", "--input", data, "--format", "json"]
    for key, value in {**COMMON_CONF, **conf}.items():
        args += ["--hoodie-conf", f"{key}={value}"]
    summary = hoodie.json(*args)
    assert summary["committed"] == "true", summary
    return summary["instant"]


def spark_rows(spark, path):
    df = spark.read.format("hudi").load(str(path))
    return sorted((r.id, r.name, r.ts, r.part, r._hoodie_partition_path)
                  for r in df.select("id", "name", "ts", "part", "_hoodie_partition_path").collect())


def hoodie_query_rows(hoodie, path):
    proc = hoodie.run("query", path, "--columns", "id,name,ts,part", "--format", "json")
    out = []
    for line in proc.stdout.splitlines():
        line = line.strip().rstrip(",")
        if line.startswith("{"):
            r = json.loads(line)
            out.append((r["id"], r["name"], int(r["ts"]), r["part"]))
    return sorted(out)


@pytest.mark.parametrize("mode", ["NONE", "GLOBAL_SORT", "PARTITION_SORT"])
def test_hoodie_bulk_insert_read_by_spark(spark, hudi_java, hoodie, tmp_path, mode):
    """hoodie bulk_insert (sort mode NONE, GLOBAL_SORT or PARTITION_SORT, spilling): Spark reads exactly the
    input, sequence numbers follow Hudi's format per file, Hudi's meta client reads the same write stats, and
    Spark upserts into the table with hoodie reading the result."""
    path = tmp_path / "t"
    rows = input_rows()
    instant = hoodie_bulk_insert(hoodie, tmp_path, path, rows,
                                 {"hoodie.bulkinsert.sort.mode": mode, "hoodie.memory.merge.max.size": "1"})
    assert spark_rows(spark, path) == sorted((*r, r[3]) for r in rows)

    files = spark.read.format("hudi").load(str(path)).select(
        "_hoodie_file_name", "_hoodie_commit_seqno", "_hoodie_commit_time").collect()
    by_file = {}
    for r in files:
        assert r._hoodie_commit_time == instant
        by_file.setdefault(r._hoodie_file_name, []).append(r._hoodie_commit_seqno)
    for name, seqnos in by_file.items():
        task = name.split("_")[1].split("-")[0]  # write token <task>-0-<task>
        assert sorted(seqnos, key=lambda s: int(s.rsplit("_", 1)[1])) == [
            f"{instant}_{task}_{n}" for n in range(len(seqnos))], name

    assert hudi_java.active_instants(path) == [(instant, "commit", "COMPLETED")]
    java_stats = hudi_java.commit_write_stats(path, instant)
    assert {s["operation"] for s in java_stats} == {"BULK_INSERT"}
    assert java_stats == hoodie_rows(hoodie, path, instant)

    update = spark.createDataFrame([("k001", "spark", 1000, "p1"), ("z1", "new", 1, "p2")],
                                   "id string, name string, ts long, part string")
    update.write.format("hudi").options(**{
        **COMMON_CONF, "hoodie.datasource.write.operation": "upsert", "hoodie.metadata.enable": "false",
        "hoodie.upsert.shuffle.parallelism": "2"}).mode("append").save(str(path))
    expected = sorted([r for r in rows if r[0] != "k001"] + [("k001", "spark", 1000, "p1"), ("z1", "new", 1, "p2")])
    assert hoodie_query_rows(hoodie, path) == expected
