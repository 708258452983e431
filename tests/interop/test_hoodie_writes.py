"""hoodie writes, Apache Hudi reads: `hoodie write` commits, Spark 3.5 + Hudi 0.15 (and hudi-rs) read them.

Each case writes several commits (insert, upsert, delete, bulk_insert) of rows holding every primitive type
plus decimal, date, timestamp, struct, list and map, written as Parquet through pyarrow so the types are
exact. The expected rows come from an in-test model (data columns plus `_hoodie_commit_time`,
`_hoodie_record_key` and `_hoodie_partition_path`) and from hoodie's own `hoodie query`; Spark's snapshot,
read-optimized, time-travel (`as.of.instant`) and incremental reads must equal both, all columns
(including `_hoodie_commit_seqno` and `_hoodie_file_name`) compared.
"""

from __future__ import annotations

import pytest
from table_model import (KEY_SPECS, Inputs, TableModel, assert_reads, commit_plan, hoodie_query, hoodie_write,
                         hudi_rs_snapshot, path_valued_as_stored, row_set, spark_incremental, spark_read)


@pytest.mark.parametrize(
    "spec_name,first_op",
    [("simple", "insert"), ("complex-hive", "insert"), ("timestamp", "insert"), ("nonpartitioned", "bulk_insert")],
)
def test_spark_reads_hoodie_commits(spark, hoodie, tmp_path, spec_name, first_op):
    """hoodie writes five commits (insert/bulk_insert, upsert, delete, bulk_insert, upsert) of all types; Spark reads them exactly.

    Keys: simple, complex (two key and two partition fields, hive-style), timestamp-based (epoch millis to
    yyyy/MM/dd) and non-partitioned. Spark's snapshot, read-optimized, time travel to every commit and three
    incremental ranges equal hoodie's `query` and the in-test model (all columns incl. meta columns);
    hudi-rs' snapshot equals them too."""
    spec = KEY_SPECS[spec_name]
    path = tmp_path / "t"
    inputs = Inputs(tmp_path / "in")
    model = TableModel(spec)
    for op, rows in commit_plan(first_op):
        instant = hoodie_write(hoodie, path, "hoodie_made", spec, op, inputs.write(rows))
        model.apply(op, instant, rows)
    instants = model.instants()
    out = tmp_path / "out.parquet"

    snapshot = hoodie_query(hoodie, path, out)
    assert_reads(spec, "snapshot", spark_read(spark, path), snapshot, model.as_of(instants[-1]))
    read_optimized = {"hoodie.datasource.query.type": "read_optimized"}
    assert_reads(spec, "read_optimized", spark_read(spark, path, **read_optimized),
                 hoodie_query(hoodie, path, out, "--query-type", "read_optimized"), model.as_of(instants[-1]))
    for t in instants[:-1]:
        assert_reads(spec, f"as of {t}", spark_read(spark, path, **{"as.of.instant": t}),
                     hoodie_query(hoodie, path, out, "--as-of", t), model.as_of(t))
    for begin, end in (("000", instants[0]), (instants[0], instants[3]), (instants[2], instants[-1])):
        assert_reads(spec, f"incremental ({begin}, {end}]", spark_incremental(spark, path, begin, end),
                     hoodie_query(hoodie, path, out, "--query-type", "incremental", "--begin", begin, "--end", end),
                     model.incremental(begin, end), incremental=True)
    # hudi-rs returns the stored partition values where Spark (and hoodie) return the partition path's.
    assert row_set(hudi_rs_snapshot(path)) == row_set(path_valued_as_stored(spec, snapshot, model.as_of(instants[-1])))
