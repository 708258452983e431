"""Writes beside a clustering Spark scheduled: hoodie refuses what Hudi 0.15's default update strategy
(SparkRejectUpdateStrategy) refuses, takes what it takes, and the clustering Spark then runs leaves the
table both read exactly.
"""

from __future__ import annotations

import pytest
from table_model import (KEY_SPECS, MODEL_COLUMNS, Inputs, TableModel, hoodie_query, hoodie_write, make_row,
                         model_rows, row_set, spark_read, spark_write)

SPEC = KEY_SPECS["simple"]


def clustering_file_groups(hudi_java, path) -> dict[tuple[str, str], str]:
    """(partition, file id) -> instant of every file group in a pending clustering plan, as Hudi lists them."""
    jvm = hudi_java.jvm
    pairs = jvm.org.apache.hudi.common.util.ClusteringUtils.getAllFileGroupsInPendingClusteringPlans(
        hudi_java.meta_client(path))
    out = {}
    for entry in pairs.entrySet():
        group, instant = entry.getKey(), entry.getValue()
        out[(group.getPartitionPath(), group.getFileId())] = instant.getTimestamp()
    return out


def hoodie_write_refused(hoodie, path, op, input_file):
    confs = {"hoodie.table.name": "clustered", **SPEC.options()}
    args = ["write", "--table", str(path), "--op", op, "--input", str(input_file), "--format", "parquet"]
    for k, v in confs.items():
        args += ["--hoodie-conf", f"{k}={v}"]
    return hoodie.run(*args, check=False)


@pytest.mark.parametrize("table_type", ["COPY_ON_WRITE", "MERGE_ON_READ"])
def test_updates_under_pending_clustering_are_refused_as_hudi_refuses_them(spark, hudi_java, hoodie, tmp_path,
                                                                         table_type):
    """Spark inserts nine records and schedules a clustering (`CALL run_clustering(op => 'schedule')`) of
    every file group. A hoodie upsert and a hoodie delete of a clustered key exit 1 naming the clustering
    instant and the file group, and leave the table as it was; Spark's own upsert of that key fails with
    Hudi's "Not allowed to update the clustering file group". hoodie's upsert of new keys commits into new
    file groups only (no small file under the plan is padded). Spark then runs the clustering: Spark and
    hoodie read every record, hoodie's inserts included."""
    path = tmp_path / "t"
    inputs = Inputs(tmp_path / "in")
    model = TableModel(SPEC)
    extra = {"hoodie.datasource.write.table.type": table_type}
    rows = [make_row(n, 1) for n in range(9)]
    spark_write(spark, path, "clustered", SPEC, "insert", inputs.write(rows), extra)
    model.apply("insert", hudi_java.completed_commits(path)[-1], rows)

    spark.sql(f"CALL run_clustering(path => '{path}', op => 'schedule', order => 'id')").collect()
    planned = clustering_file_groups(hudi_java, path)
    assert planned, "Spark scheduled no clustering"
    (clustering,) = set(planned.values())
    partition, file_id = sorted(planned)[0]
    clustered_key = next(r for r in rows if SPEC.partition_of(r) == partition)
    expected = row_set(model_rows(model.records.values()), MODEL_COLUMNS)

    for op in ("upsert", "delete"):
        refused = hoodie_write_refused(hoodie, path, op, inputs.write([make_row(int(clustered_key["id"][1:]), 2)]))
        assert refused.returncode == 1, refused.stderr
        assert f"'{clustered_key['id']}' is in file group {file_id} of partition '{partition}'" in refused.stderr
        assert f"pending clustering {clustering}" in refused.stderr
        assert "Not allowed to update the clustering file group" in refused.stderr
        assert len(refused.stderr.strip().splitlines()) == 1, refused.stderr
        assert row_set(spark_read(spark, path), MODEL_COLUMNS) == expected

    with pytest.raises(Exception, match="Not allowed to update the clustering file group"):
        spark_write(spark, path, "clustered", SPEC, "upsert", inputs.write([make_row(0, 2)]), extra)

    fresh = [make_row(n, 3) for n in (20, 21, 22)]
    instant = hoodie_write(hoodie, path, "clustered", SPEC, "upsert", inputs.write(fresh))
    model.apply("upsert", instant, fresh)
    written = {(s["partition"], s["file"].rsplit("/", 1)[-1].lstrip(".").split("_")[0])
               for s in hoodie.timeline(path) if s["instant"] == instant and s["file"]}
    assert written and not written & set(planned), (written, planned)

    spark.sql(f"CALL run_clustering(path => '{path}', op => 'execute')").collect()
    assert clustering_file_groups(hudi_java, path) == {}
    assert (clustering, "replacecommit", "COMPLETED") in hudi_java.active_instants(path)
    expected = row_set(model_rows(model.records.values()), MODEL_COLUMNS)
    assert row_set(spark_read(spark, path), MODEL_COLUMNS) == expected
    assert row_set(hoodie_query(hoodie, path, tmp_path / "out.parquet"), MODEL_COLUMNS) == expected
