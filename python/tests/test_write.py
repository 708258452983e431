# SPDX-License-Identifier: Apache-2.0
"""hoodie.write: every operation, every kind of data, the statistics it returns, and its
errors (a bad option, bad data), which leave the table as it was."""

from __future__ import annotations

import json
from pathlib import Path

import pyarrow as pa
import pytest

import hoodie
from conftest import rows, timeline_files, trip_options, trips


def test_first_write_creates_the_table_and_returns_the_instant(tmp_path, options):
    path = tmp_path / "t"
    result = hoodie.write(path, trips([1, 2, 3]), options=options)
    assert isinstance(result, str) and len(result) == 17 and result == result.instant
    assert (result.operation, result.committed) == ("UPSERT", True)
    assert (result.input_records, result.inserted, result.updated) == (3, 3, 0)
    assert result.files_written == 1 and result.write_stats[0]["num_inserts"] == 3
    assert result.write_stats[0]["partition"] == "sf"
    assert timeline_files(path) == [
        f"{result}.commit",
        f"{result}.commit.requested",
        f"{result}.inflight",
    ]
    props = hoodie.Table(path).properties()
    assert props["hoodie.table.name"] == "trips"
    assert props["hoodie.table.recordkey.fields"] == "id"
    assert props["hoodie.table.version"] == "6"
    assert rows(hoodie.Table(path).to_arrow()) == rows(trips([1, 2, 3]))


def test_upsert_updates_and_inserts(tmp_path, options):
    path = tmp_path / "t"
    hoodie.write(path, trips([1, 2]), options=options)
    result = hoodie.write(path, trips([2, 3], ts=2, fare=100.0), options=options)
    assert (result.inserted, result.updated) == (1, 1)
    assert rows(hoodie.Table(path).to_arrow()) == [
        (1, 1, 11.0, "sf"),
        (2, 2, 102.0, "sf"),
        (3, 2, 103.0, "sf"),
    ]


@pytest.mark.parametrize("operation", ["insert", "bulk_insert"])
def test_insert_operations(tmp_path, options, operation):
    path = tmp_path / "t"
    result = hoodie.write(path, trips([1, 2]), operation=operation, options=options)
    assert result.operation == operation.upper() and result.inserted == 2
    assert rows(hoodie.Table(path).to_arrow()) == rows(trips([1, 2]))


def test_delete(tmp_path, options):
    path = tmp_path / "t"
    hoodie.write(path, trips([1, 2, 3]), options=options)
    result = hoodie.write(path, trips([2]), operation="delete", options=options)
    assert (result.operation, result.deleted) == ("DELETE", 1)
    assert [r[0] for r in rows(hoodie.Table(path).to_arrow())] == [1, 3]


def test_insert_overwrite_replaces_the_partitions_written(tmp_path, options):
    path = tmp_path / "t"
    hoodie.write(path, pa.concat_tables([trips([1], city="sf"), trips([2], city="la")]),
                 options=options)
    result = hoodie.write(path, trips([9], city="sf"), operation="insert_overwrite",
                          options=options)
    assert result.files_replaced == 1
    assert any(i["action"] == "replacecommit" and i["instant"] == result
               for i in hoodie.Table(path).timeline())
    assert [(r[0], r[3]) for r in rows(hoodie.Table(path).to_arrow())] == [(2, "la"), (9, "sf")]


def test_insert_overwrite_table(tmp_path, options):
    path = tmp_path / "t"
    hoodie.write(path, pa.concat_tables([trips([1], city="sf"), trips([2], city="la")]),
                 options=options)
    hoodie.write(path, trips([9], city="ny"), operation="insert_overwrite_table",
                 options=options)
    assert [(r[0], r[3]) for r in rows(hoodie.Table(path).to_arrow())] == [(9, "ny")]


def test_delete_partition_of_listed_partitions_needs_no_data(tmp_path, options):
    path = tmp_path / "t"
    hoodie.write(path, pa.concat_tables([trips([1], city="sf"), trips([2], city="la")]),
                 options=options)
    result = hoodie.write(
        path, None, operation="delete_partition",
        options={**options, "hoodie.datasource.write.partitions.to.delete": "la"},
    )
    assert result.files_replaced == 1
    assert [r[0] for r in rows(hoodie.Table(path).to_arrow())] == [1]


def test_delete_partition_without_data_or_partitions_is_refused(tmp_path, options):
    path = tmp_path / "t"
    hoodie.write(path, trips([1]), options=options)
    before = timeline_files(path)
    with pytest.raises(hoodie.HoodieError, match="partitions.to.delete"):
        hoodie.write(path, None, operation="delete_partition", options=options)
    assert timeline_files(path) == before


def test_merge_on_read_upserts_are_deltacommits(tmp_path):
    path = tmp_path / "t"
    options = trip_options("MERGE_ON_READ")
    hoodie.write(path, trips([1, 2]), options=options)
    update = hoodie.write(path, trips([2], ts=2, fare=50.0), options=options)
    actions = {i["instant"]: i["action"] for i in hoodie.Table(path).timeline()}
    assert actions[update] == "deltacommit"
    assert rows(hoodie.Table(path).to_arrow()) == [(1, 1, 11.0, "sf"), (2, 2, 52.0, "sf")]


class ArrayOnly:
    """Data that exports only the Arrow C array interface (one struct array)."""

    def __init__(self, batch: pa.RecordBatch):
        self._batch = batch

    def __arrow_c_array__(self, requested_schema=None):
        return self._batch.__arrow_c_array__(requested_schema)


def test_every_kind_of_data(tmp_path, options):
    import duckdb
    import pandas as pd
    import polars as pl

    path = tmp_path / "t"
    batch = trips([2]).to_batches()[0]
    reader = pa.RecordBatchReader.from_batches(trips([3]).schema, trips([3]).to_batches())
    kinds = [
        trips([1]),
        batch,
        reader,
        pd.DataFrame({"id": [4], "ts": [1], "fare": [14.0], "city": ["sf"]}).set_index("ts",
                                                                                       drop=False),
        pl.DataFrame({"id": [5], "ts": [1], "fare": [15.0], "city": ["sf"]}),
        duckdb.sql("select 6::bigint as id, 1::bigint as ts, 16.0::double as fare, 'sf' as city"),
        ArrayOnly(trips([7]).to_batches()[0]),
    ]
    for data in kinds:
        assert hoodie.write(path, data, options=options).inserted == 1, type(data)
    assert rows(hoodie.Table(path).to_arrow()) == rows(trips([1, 2, 3, 4, 5, 6, 7]))


def test_data_that_is_not_arrow_is_a_type_error(tmp_path, options):
    with pytest.raises(TypeError, match="cannot write dict"):
        hoodie.write(tmp_path / "t", {"id": [1]}, options=options)
    assert not (tmp_path / "t").exists()


def test_unknown_option_names_the_key_and_the_closest_one(tmp_path, options):
    with pytest.raises(hoodie.InvalidOptionError,
                       match="unknown key 'hoodie.datasource.write.recordkey.fields'.*"
                             "hoodie.datasource.write.recordkey.field"):
        hoodie.write(tmp_path / "t", trips([1]),
                     options={**options, "hoodie.datasource.write.recordkey.fields": "id"})
    assert not (tmp_path / "t").exists()


def test_malformed_and_refused_options(tmp_path, options):
    with pytest.raises(hoodie.InvalidOptionError, match="hoodie.cleaner.commits.retained"):
        hoodie.write(tmp_path / "t", trips([1]),
                     options={**options, "hoodie.cleaner.commits.retained": "many"})
    with pytest.raises(hoodie.InvalidOptionError, match="bootstrap"):
        hoodie.write(tmp_path / "t", trips([1]), operation="bootstrap", options=options)
    with pytest.raises(hoodie.InvalidOptionError, match="not a storage option"):
        hoodie.write(tmp_path / "t", trips([1]), options=options,
                     storage_options={"hoodie.table.name": "x"})
    # Python dicts take Python values: booleans and numbers as Hudi's strings.
    result = hoodie.write(tmp_path / "t", trips([1]),
                          options={**options, "hoodie.combine.before.upsert": True,
                                   "hoodie.cleaner.commits.retained": 3})
    assert result.inserted == 1


def test_an_operation_in_options_must_agree_with_the_argument(tmp_path, options):
    with pytest.raises(hoodie.InvalidOptionError, match="contradicts operation='upsert'"):
        hoodie.write(tmp_path / "t", trips([1]),
                     options={**options, "hoodie.datasource.write.operation": "insert"})
    assert not (tmp_path / "t").exists()
    result = hoodie.write(tmp_path / "t", trips([1]), operation="insert",
                          options={**options, "hoodie.datasource.write.operation": "insert"})
    assert result.operation == "INSERT"


def test_auto_commit_off_is_refused(tmp_path, options):
    with pytest.raises(hoodie.InvalidOptionError, match="hoodie.auto.commit=false"):
        hoodie.write(tmp_path / "t", trips([1]), options={**options, "hoodie.auto.commit": False})


def test_missing_record_key_fails_and_leaves_nothing(tmp_path, options):
    path = tmp_path / "t"
    hoodie.write(path, trips([1]), options=options)
    before = timeline_files(path)
    bad = pa.table({"id": pa.array([5, None], pa.int64()), "ts": [1, 1], "fare": [1.0, 2.0],
                    "city": ["sf", "sf"]})
    with pytest.raises(hoodie.HoodieError, match="1 of 2 records failed.*record 1"):
        hoodie.write(path, bad, options=options)
    assert timeline_files(path) == before
    assert rows(hoodie.Table(path).to_arrow()) == rows(trips([1]))


def test_a_column_whose_type_cannot_change_is_named(tmp_path, options):
    path = tmp_path / "t"
    hoodie.write(path, trips([1]), options=options)
    before = timeline_files(path)
    bad = pa.table({"id": [2], "ts": [1], "fare": ["cheap"], "city": ["sf"]})
    with pytest.raises(hoodie.HoodieError, match="fare"):
        hoodie.write(path, bad, options=options)
    assert timeline_files(path) == before


def test_an_error_in_the_data_source_is_raised_and_nothing_is_written(tmp_path, options):
    path = tmp_path / "t"
    hoodie.write(path, trips([1]), options=options)
    before = timeline_files(path)
    schema = trips([1]).schema

    def batches():
        yield trips([2]).to_batches()[0]
        raise RuntimeError("the source broke")

    reader = pa.RecordBatchReader.from_batches(schema, batches())
    with pytest.raises(hoodie.HoodieError, match="the source broke"):
        hoodie.write(path, reader, options=options)
    assert timeline_files(path) == before
    assert rows(hoodie.Table(path).to_arrow()) == rows(trips([1]))
