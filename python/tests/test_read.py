# SPDX-License-Identifier: Apache-2.0
"""hoodie.Table's reads and metadata: snapshot, projection, pyarrow.compute filters,
time travel, read-optimized and incremental reads, the Arrow C stream that DuckDB and
Polars consume, and the same rows as hudi-rs on real Hudi tables and on ours."""

from __future__ import annotations

import os
import zipfile
from pathlib import Path

import pyarrow as pa
import pyarrow.compute as pc
import pytest

import hoodie
from conftest import rows, trip_options, trips

TESTDATA = Path(os.environ.get("HOODIE_TEST_DATA", Path(__file__).resolve().parents[3] /
                               "shared" / "testdata"))


@pytest.fixture
def history(tmp_path):
    """A partitioned COW table with three commits: insert 1-4, update 2 and 3, delete 4."""
    path = tmp_path / "t"
    options = trip_options()
    first = hoodie.write(path, pa.concat_tables([trips([1, 2], city="sf"),
                                                 trips([3, 4], city="la")]), options=options)
    second = hoodie.write(path, pa.concat_tables([trips([2], ts=2, fare=100.0, city="sf"),
                                                  trips([3], ts=2, fare=100.0, city="la")]),
                          options=options)
    third = hoodie.write(path, trips([4], city="la"), operation="delete", options=options)
    return path, [str(first), str(second), str(third)]


def test_snapshot_and_schema(history):
    path, _ = history
    table = hoodie.Table(path)
    assert rows(table.to_arrow()) == [
        (1, 1, 11.0, "sf"), (2, 2, 102.0, "sf"), (3, 2, 103.0, "la")]
    assert table.schema().names == [
        "_hoodie_commit_time", "_hoodie_commit_seqno", "_hoodie_record_key",
        "_hoodie_partition_path", "_hoodie_file_name", "id", "ts", "fare", "city"]
    assert table.schema().field("fare").type == pa.float64()
    assert repr(table) == f"hoodie.Table({str(path)!r})"


def test_projection_and_filters(history):
    path, _ = history
    table = hoodie.Table(path)
    assert sorted(table.to_arrow(columns=["fare", "id"]).column_names) == ["fare", "id"]
    pushed = table.to_arrow(columns=["id"], filter=pc.field("fare") > 50)
    assert pushed.column_names == ["id"] and sorted(pushed["id"].to_pylist()) == [2, 3]
    # Conjuncts the reader cannot push down are still applied exactly.
    mixed = table.to_arrow(filter=(pc.field("city") == "sf") & pc.field("id").isin([1, 3]))
    assert rows(mixed) == [(1, 1, 11.0, "sf")]
    swapped = table.to_arrow(filter=pc.scalar(50.0) < pc.field("fare"))
    assert sorted(swapped["id"].to_pylist()) == [2, 3]
    either = table.to_arrow(filter=(pc.field("id") == 1) | (pc.field("id") == 3))
    assert sorted(either["id"].to_pylist()) == [1, 3]


def test_bad_filters_and_columns(history):
    path, _ = history
    table = hoodie.Table(path)
    with pytest.raises(hoodie.HoodieError, match="rider"):
        table.to_arrow(filter=pc.field("rider") == "x")
    with pytest.raises(hoodie.HoodieError, match="rider"):
        table.to_arrow(columns=["rider"])
    with pytest.raises(TypeError, match="pyarrow.compute.Expression"):
        table.to_arrow(filter="fare > 1")
    with pytest.raises(hoodie.HoodieError, match="not a condition"):
        table.to_arrow(filter=pc.field("fare") + 1)


def test_time_travel_and_file_slices(history):
    path, (first, second, third) = history
    table = hoodie.Table(path)
    assert rows(table.to_arrow(as_of=first)) == [
        (1, 1, 11.0, "sf"), (2, 1, 12.0, "sf"), (3, 1, 13.0, "la"), (4, 1, 14.0, "la")]
    assert rows(table.to_arrow(as_of=second)) == [
        (1, 1, 11.0, "sf"), (2, 2, 102.0, "sf"), (3, 2, 103.0, "la"), (4, 1, 14.0, "la")]
    slices = table.file_slices(as_of=first)
    assert sorted(s["partition"] for s in slices) == ["la", "sf"]
    assert {s["base_instant"] for s in slices} == {first}
    assert all(Path(s["base_file"]).exists() and s["log_files"] == [] for s in slices)
    latest = {s["partition"]: s["base_instant"] for s in table.file_slices()}
    assert latest == {"sf": second, "la": third}


def test_incremental(history):
    path, (first, second, third) = history
    table = hoodie.Table(path)
    assert rows(table.incremental(first, second)) == [(2, 2, 102.0, "sf"), (3, 2, 103.0, "la")]
    assert rows(table.incremental("0", first)) == [
        (1, 1, 11.0, "sf"), (2, 1, 12.0, "sf"), (3, 1, 13.0, "la"), (4, 1, 14.0, "la")]
    # Latest version as of `end` of each record written in (begin, end].
    assert rows(table.incremental("0")) == [
        (1, 1, 11.0, "sf"), (2, 2, 102.0, "sf"), (3, 2, 103.0, "la")]
    assert table.incremental(third).num_rows == 0


def test_merge_on_read_snapshot_and_read_optimized(tmp_path):
    path = tmp_path / "t"
    options = trip_options("MERGE_ON_READ")
    hoodie.write(path, trips([1, 2]), options=options)
    hoodie.write(path, trips([2], ts=2, fare=50.0), options=options)
    table = hoodie.Table(path)
    assert rows(table.to_arrow()) == [(1, 1, 11.0, "sf"), (2, 2, 52.0, "sf")]
    assert rows(table.read_optimized()) == [(1, 1, 11.0, "sf"), (2, 1, 12.0, "sf")]
    [slice_] = table.file_slices()
    assert len(slice_["log_files"]) == 1 and slice_["log_files_size"] > 0


def test_streamed_batches_and_the_arrow_c_stream(history):
    import duckdb
    import polars as pl

    path, _ = history
    table = hoodie.Table(path)
    reader = table.to_batches(columns=["id", "fare"])
    assert isinstance(reader, pa.RecordBatchReader)
    assert sorted(reader.read_all()["id"].to_pylist()) == [1, 2, 3]
    assert sorted(pa.table(table)["id"].to_pylist()) == [1, 2, 3]
    assert sorted(pl.DataFrame(table)["id"].to_list()) == [1, 2, 3]
    trips_table = table  # DuckDB finds Python objects by their variable's name
    assert duckdb.sql("select sum(fare) from trips_table").fetchall() == [(pytest.approx(216.0),)]


def test_timeline_states(tmp_path, run_hoodie):
    path = tmp_path / "t"
    options = trip_options()
    committed = hoodie.write(path, trips([1]), options=options)
    records = tmp_path / "in.json"
    records.write_text('{"id": 2, "ts": 1, "fare": 1.0, "city": "sf"}\n')
    confs = [a for k, v in options.items() for a in ("--hoodie-conf", f"{k}={v}")]
    run_hoodie("write", "--table", str(path), "--input", str(records), "--no-commit", *confs)
    timeline = hoodie.Table(path).timeline()
    assert timeline[0] == {"instant": committed, "action": "commit", "state": "COMPLETED"}
    assert timeline[1]["action"] == "commit" and timeline[1]["state"] == "INFLIGHT"
    assert rows(hoodie.Table(path).to_arrow()) == rows(trips([1]))


def test_a_path_without_a_table(tmp_path):
    with pytest.raises(hoodie.TableNotFoundError, match="not a Hudi table"):
        hoodie.Table(tmp_path)
    with pytest.raises(FileNotFoundError):
        hoodie.Table(tmp_path)


def _hudi_rs_rows(path, columns):
    import hudi

    table = hudi.HudiTableBuilder.from_base_uri(str(path)).build()
    out = []
    for batch in table.read():
        data = batch.to_pydict()
        out += list(zip(*(data[c] for c in columns)))
    return sorted(out)


def test_hudi_rs_reads_what_hoodie_wrote(history):
    path, _ = history
    columns = ["_hoodie_commit_time", "_hoodie_record_key", "id", "ts", "fare", "city"]
    ours = hoodie.Table(path).to_arrow(columns=columns).to_pydict()
    assert _hudi_rs_rows(path, columns) == sorted(zip(*(ours[c] for c in columns)))


@pytest.mark.parametrize("archive", ["sample_table/cow/v6_nonpartitioned.zip",
                                     "sample_table/mor/parquet/v6_nonpartitioned.zip"])
def test_reads_a_spark_written_table_as_hudi_rs_does(tmp_path, archive):
    source = TESTDATA / "hudi-rs-tables" / archive
    if not source.exists():
        pytest.fail(f"{source} is missing: set HOODIE_TEST_DATA to the shared test data")
    with zipfile.ZipFile(source) as zipped:
        zipped.extractall(tmp_path, [n for n in zipped.namelist()
                                     if not n.startswith("__MACOSX")])
    path = tmp_path / "v6_nonpartitioned"
    table = hoodie.Table(path)
    got = table.to_arrow(columns=["id", "name", "isActive"])
    assert sorted(zip(*got.to_pydict().values())) == [
        (1, "Alice", False), (2, "Bob", False), (3, "Carol", True), (4, "Diana", True)]
    columns = ["_hoodie_commit_time", "_hoodie_record_key", "id", "name", "isActive",
               "longField", "doubleField"]
    ours = table.to_arrow(columns=columns).to_pydict()
    assert sorted(zip(*(ours[c] for c in columns))) == _hudi_rs_rows(path, columns)
    active = table.to_arrow(columns=["id"], filter=pc.field("isActive") == True)  # noqa: E712
    assert sorted(active["id"].to_pylist()) == [3, 4]
