# SPDX-License-Identifier: Apache-2.0
"""Distributed reads: the split plan (one split per file slice, pinned to one instant,
serialisable) and hoodie.dask.read_hudi on a local Dask cluster of two worker processes,
checked against the rows the table holds."""

from __future__ import annotations

import pickle

import pyarrow as pa
import pyarrow.compute as pc
import pytest

import hoodie
from hoodie.plan import ReadPlan
from conftest import rows, trip_options, trips


@pytest.fixture
def mor_table(tmp_path):
    """A MOR table of three partitions, then updates in logs: ids 1-6, 2 and 5 updated."""
    path = tmp_path / "t"
    options = trip_options("MERGE_ON_READ")
    hoodie.write(path, pa.concat_tables([trips([1, 2], city="sf"), trips([3, 4], city="la"),
                                         trips([5, 6], city="ny")]), options=options)
    hoodie.write(path, pa.concat_tables([trips([2], ts=2, fare=100.0, city="sf"),
                                         trips([5], ts=2, fare=100.0, city="ny")]),
                 options=options)
    return path


EXPECTED = [(1, 1, 11.0, "sf"), (2, 2, 102.0, "sf"), (3, 1, 13.0, "la"),
            (4, 1, 14.0, "la"), (5, 2, 105.0, "ny"), (6, 1, 16.0, "ny")]


def test_a_plan_has_one_split_per_file_slice_and_reads_the_table(mor_table):
    table = hoodie.Table(mor_table)
    plan = table.plan()
    assert sorted(s.partition for s in plan.splits) == ["la", "ny", "sf"]
    assert {s.as_of for s in plan.splits} == {table.timeline()[-1]["instant"]}
    assert sorted(len(s.log_files) for s in plan.splits) == [0, 1, 1]
    parts = [split.read() for split in plan.splits]
    assert all(part.schema == plan.schema for part in parts)
    assert rows(pa.concat_tables(parts)) == EXPECTED
    read_optimized = table.plan(query_type="read_optimized")
    assert rows(pa.concat_tables([s.read() for s in read_optimized.splits])) == [
        (1, 1, 11.0, "sf"), (2, 1, 12.0, "sf"), (3, 1, 13.0, "la"),
        (4, 1, 14.0, "la"), (5, 1, 15.0, "ny"), (6, 1, 16.0, "ny")]


def test_a_plan_is_pinned_and_serialisable(mor_table):
    plan = hoodie.Table(mor_table).plan(columns=["id", "fare"], filter=pc.field("fare") > 12)
    # A commit after planning is not seen by the plan's splits.
    hoodie.write(mor_table, trips([1], ts=9, fare=900.0), options=trip_options("MERGE_ON_READ"))
    for copy in (ReadPlan.from_json(plan.to_json()), pickle.loads(pickle.dumps(plan))):
        assert copy.schema == plan.schema and copy.schema.names == ["id", "fare"]
        got = pa.concat_tables([s.read() for s in copy.splits])
        assert sorted(zip(got["id"].to_pylist(), got["fare"].to_pylist())) == [
            (2, 102.0), (3, 13.0), (4, 14.0), (5, 105.0), (6, 16.0)]


def test_plans_refuse_incremental_reads(mor_table):
    with pytest.raises(hoodie.InvalidOptionError, match="incremental"):
        hoodie.Table(mor_table).plan(query_type="incremental")


@pytest.fixture(scope="module")
def dask_client():
    from dask.distributed import Client, LocalCluster

    cluster = LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                           host="127.0.0.1", dashboard_address=None)
    client = Client(cluster)
    yield client
    client.close()
    cluster.close()


def test_dask_reads_one_partition_per_file_slice(mor_table, dask_client):
    import hoodie.dask

    df = hoodie.dask.read_hudi(str(mor_table), columns=["id", "ts", "fare", "city"])
    assert df.npartitions == 3
    got = df.compute()
    assert sorted(map(tuple, got[["id", "ts", "fare", "city"]].itertuples(index=False))) == \
        EXPECTED
    # The workers read it: each partition was computed in a worker process.
    assert len(dask_client.scheduler_info()["workers"]) == 2
    filtered = hoodie.dask.read_hudi(str(mor_table), filter=pc.field("city") == "ny").compute()
    assert sorted(filtered["id"].tolist()) == [5, 6]


def test_dask_reads_an_empty_selection(tmp_path, dask_client):
    import hoodie.dask

    path = tmp_path / "t"
    hoodie.write(path, trips([1]), options=trip_options())
    got = hoodie.dask.read_hudi(str(path), filter=pc.field("id") > 100).compute()
    assert len(got) == 0 and "fare" in got.columns


@pytest.fixture(scope="module")
def ray_cluster():
    import ray

    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False,
             _node_ip_address="127.0.0.1")
    yield ray
    ray.shutdown()


def test_ray_reads_one_task_per_file_slice(mor_table, ray_cluster):
    import hoodie.ray

    dataset = hoodie.ray.read_hudi(str(mor_table), columns=["id", "ts", "fare", "city"])
    got = dataset.to_arrow_refs()
    assert len(got) == 3
    assert rows(pa.concat_tables(ray_cluster.get(got))) == EXPECTED
    filtered = hoodie.ray.read_hudi(str(mor_table), filter=pc.field("city") == "la")
    assert sorted(filtered.to_pandas()["id"].tolist()) == [3, 4]
    empty = hoodie.ray.read_hudi(str(mor_table), filter=pc.field("id") > 100)
    assert empty.count() == 0
