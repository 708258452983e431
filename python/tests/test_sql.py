# SPDX-License-Identifier: Apache-2.0
"""hoodie.sql and hoodie.SqlSession: Hudi's Spark SQL statements on the embedded DuckDB.

CREATE TABLE ... USING hudi, INSERT INTO (VALUES and SELECT), INSERT OVERWRITE (a
partition, the table), UPDATE, DELETE, MERGE INTO, ALTER TABLE ... ADD COLUMNS, queries
over table names and `hudi_scan(...)`, and the CALL procedures, each checked by the exact
rows read back and the timeline it leaves; failed statements commit nothing.

Semantics follow Hudi 0.15's Spark SQL (org.apache.spark.sql.hudi in the 0.15.0 bundle):
  * INSERT INTO a table with a preCombineField is an `upsert` unless
    `hoodie.spark.sql.insert.into.operation` is set (ProvidesHoodieConfig
    .deduceSparkSqlInsertIntoWriteOperation); without a preCombineField it is that key's
    default, `insert`.
  * ALTER TABLE ... ADD COLUMNS appends the new columns to the data columns, before the
    partition columns (AlterHoodieTableAddColumnsCommand: dataSchema ++ new columns).
  * A MERGE INTO matched row whose UPDATE leaves its values unchanged is still rewritten
    (its _hoodie_commit_time becomes the merge's instant), as Spark does.
  * The CALL procedures return the columns of Hudi 0.15's procedures of the same name.
"""

from __future__ import annotations

import json
from typing import Dict, List, Tuple

import pyarrow as pa
import pytest

import hoodie
from conftest import timeline_files, trip_options, trips

META = ["_hoodie_commit_time", "_hoodie_commit_seqno", "_hoodie_record_key",
        "_hoodie_partition_path", "_hoodie_file_name"]
DATA = ["id", "name", "price", "ts", "dt"]
DML_COLUMNS = ["instant", "operation", "num_affected_rows"]
WRITE_ACTIONS = ("commit", "deltacommit", "replacecommit")

BASE = [(1, "alice", 10.0, 1, "2024-01-01"), (2, "bob", 20.0, 1, "2024-01-01"),
        (3, "carol", 30.0, 1, "2024-01-02")]
INSERT_BASE = ("INSERT INTO t VALUES (1, 'alice', 10.0, 1, '2024-01-01'), "
               "(2, 'bob', 20.0, 1, '2024-01-01'), (3, 'carol', 30.0, 1, '2024-01-02')")


def ddl(name: str = "t", kind: str = "cow", location: str = "", precombine: bool = True) -> str:
    props = "primaryKey = 'id', " + ("preCombineField = 'ts', " if precombine else "")
    text = (f"CREATE TABLE {name} (id INT, name STRING, price DOUBLE, ts BIGINT, dt STRING) "
            f"USING hudi PARTITIONED BY (dt) TBLPROPERTIES ({props}type = '{kind}')")
    return text + (f" LOCATION '{location}'" if location else "")


def data(table: pa.Table, columns=DATA) -> List[tuple]:
    """The columns of `table` as sorted tuples."""
    return sorted(tuple(row[c] for c in columns) for row in table.select(list(columns)).to_pylist())


def dml(result: pa.Table) -> Tuple[str, str, int]:
    """The one row a DML statement returns: (instant, operation lower-cased, num_affected_rows)."""
    assert result.column_names == DML_COLUMNS
    assert result.schema.field("instant").type in (pa.string(), pa.large_string())
    assert result.schema.field("operation").type in (pa.string(), pa.large_string())
    assert result.schema.field("num_affected_rows").type == pa.int64()
    [row] = result.to_pylist()
    return row["instant"], row["operation"].lower(), row["num_affected_rows"]


def writes(path) -> List[Tuple[str, str]]:
    """(instant, action) of the completed commits, deltacommits and replacecommits."""
    return [(i["instant"], i["action"]) for i in hoodie.Table(str(path)).timeline()
            if i["state"] == "COMPLETED" and i["action"] in WRITE_ACTIONS]


def commit_times(session, name: str = "t") -> Dict[int, str]:
    table = session.sql(f"SELECT id, _hoodie_commit_time FROM {name}")
    return {r["id"]: r["_hoodie_commit_time"] for r in table.to_pylist()}


def action_of(kind: str) -> str:
    return "commit" if kind == "cow" else "deltacommit"


@pytest.fixture(params=["cow", "mor"])
def table(request, tmp_path):
    """A session (warehouse in tmp_path) with table `t` created by SQL and three rows
    inserted: (session, path, kind, first instant)."""
    kind = request.param
    session = hoodie.SqlSession(warehouse=str(tmp_path / "warehouse"))
    session.sql(ddl(kind=kind))
    path = tmp_path / "warehouse" / "t"
    instant, operation, affected = dml(session.sql(INSERT_BASE))
    assert (operation, affected) == ("upsert", 3)
    assert writes(path) == [(instant, action_of(kind))]
    return session, path, kind, instant


# -- CREATE TABLE ---------------------------------------------------------------------


def test_create_table_in_the_warehouse_writes_spark_sql_properties(tmp_path):
    session = hoodie.SqlSession(warehouse=str(tmp_path / "warehouse"))
    session.sql(ddl())
    path = tmp_path / "warehouse" / "t"
    props = hoodie.Table(str(path)).properties()
    assert {k: props.get(k) for k in (
        "hoodie.table.name", "hoodie.table.type", "hoodie.table.recordkey.fields",
        "hoodie.table.precombine.field", "hoodie.table.partition.fields",
        "hoodie.table.keygenerator.class", "hoodie.datasource.write.hive_style_partitioning",
        "hoodie.table.version")} == {
        "hoodie.table.name": "t",
        "hoodie.table.type": "COPY_ON_WRITE",
        "hoodie.table.recordkey.fields": "id",
        "hoodie.table.precombine.field": "ts",
        "hoodie.table.partition.fields": "dt",
        # One key field and one partition field: Hudi's inferKeyGenClazz picks Simple; a
        # new table made by Spark SQL is hive-style partitioned (HoodieCatalogTable).
        "hoodie.table.keygenerator.class": "org.apache.hudi.keygen.SimpleKeyGenerator",
        "hoodie.datasource.write.hive_style_partitioning": "true",
        "hoodie.table.version": "6",
    }
    assert writes(path) == []
    assert session.sql("SELECT * FROM t").num_rows == 0
    # IF NOT EXISTS leaves the table alone; a second plain CREATE is refused.
    before = timeline_files(path)
    session.sql(ddl().replace("CREATE TABLE", "CREATE TABLE IF NOT EXISTS"))
    with pytest.raises(hoodie.HoodieError, match="t"):
        session.sql(ddl())
    assert timeline_files(path) == before
    assert hoodie.Table(str(path)).properties() == props


def test_create_merge_on_read_table_at_a_location(tmp_path):
    location = tmp_path / "elsewhere" / "orders"
    session = hoodie.SqlSession(warehouse=str(tmp_path / "warehouse"))
    session.sql(ddl(name="orders", kind="mor", location=str(location)))
    assert hoodie.Table(str(location)).properties()["hoodie.table.type"] == "MERGE_ON_READ"
    assert hoodie.Table(str(location)).properties()["hoodie.table.name"] == "orders"
    assert not (tmp_path / "warehouse" / "orders").exists()
    instant, _, _ = dml(session.sql(
        "INSERT INTO orders VALUES (1, 'alice', 10.0, 1, '2024-01-01')"))
    assert writes(location) == [(instant, "deltacommit")]


def test_create_table_at_an_existing_table_registers_it(tmp_path):
    path = tmp_path / "trips"
    hoodie.write(str(path), trips([1, 2, 3]), options=trip_options())
    session = hoodie.SqlSession(warehouse=str(tmp_path / "warehouse"))
    before = timeline_files(path)
    session.sql(f"CREATE TABLE trips USING hudi LOCATION '{path}'")
    assert timeline_files(path) == before
    result = session.sql("SELECT id, fare, city FROM trips ORDER BY id")
    assert result.to_pylist() == [{"id": 1, "fare": 11.0, "city": "sf"},
                                  {"id": 2, "fare": 12.0, "city": "sf"},
                                  {"id": 3, "fare": 13.0, "city": "sf"}]


# -- INSERT and SELECT ----------------------------------------------------------------


def test_select_star_shows_meta_columns_then_data_columns(table):
    session, path, kind, first = table
    result = session.sql("SELECT * FROM t")
    assert result.column_names == META + DATA
    schema = result.schema
    assert schema.field("id").type == pa.int32()
    assert schema.field("price").type == pa.float64()
    assert schema.field("ts").type == pa.int64()
    assert schema.field("name").type in (pa.string(), pa.large_string())
    assert data(result) == BASE
    for row in result.to_pylist():
        assert row["_hoodie_commit_time"] == first
        assert row["_hoodie_commit_seqno"].startswith(f"{first}_")
        assert row["_hoodie_record_key"] == str(row["id"])
        assert row["_hoodie_partition_path"] == f"dt={row['dt']}"
        assert row["_hoodie_file_name"].endswith(".parquet")
    assert (path / "dt=2024-01-01").is_dir() and (path / "dt=2024-01-02").is_dir()
    # A projection, a filter and an aggregate over the table name.
    assert session.sql("SELECT id, name FROM t WHERE price > 15 ORDER BY id").to_pylist() == [
        {"id": 2, "name": "bob"}, {"id": 3, "name": "carol"}]
    assert session.sql(
        "SELECT dt, count(*) AS n FROM t GROUP BY dt ORDER BY dt").to_pylist() == [
        {"dt": "2024-01-01", "n": 2}, {"dt": "2024-01-02", "n": 1}]


def test_insert_select_adds_rows_in_one_commit(table):
    session, path, kind, first = table
    instant, operation, affected = dml(session.sql(
        "INSERT INTO t SELECT id + 10, name, price + 1, ts, dt FROM t WHERE dt = '2024-01-01'"))
    assert (operation, affected) == ("upsert", 2)
    assert writes(path) == [(first, action_of(kind)), (instant, action_of(kind))]
    assert data(session.sql("SELECT * FROM t")) == sorted(BASE + [
        (11, "alice", 11.0, 1, "2024-01-01"), (12, "bob", 21.0, 1, "2024-01-01")])
    assert commit_times(session) == {1: first, 2: first, 3: first, 11: instant, 12: instant}


def test_insert_into_operation_follows_hudi_spark_sql(tmp_path):
    # With a preCombineField, INSERT INTO is an upsert: an existing key is updated.
    session = hoodie.SqlSession(warehouse=str(tmp_path / "warehouse"))
    session.sql(ddl())
    session.sql(INSERT_BASE)
    _, operation, affected = dml(session.sql(
        "INSERT INTO t VALUES (1, 'alice2', 11.0, 2, '2024-01-01')"))
    assert (operation, affected) == ("upsert", 1)
    assert data(session.sql("SELECT * FROM t")) == sorted(
        [(1, "alice2", 11.0, 2, "2024-01-01")] + BASE[1:])
    # hoodie.spark.sql.insert.into.operation chooses the operation, as in Spark.
    explicit = hoodie.SqlSession(warehouse=str(tmp_path / "warehouse"),
                                 options={"hoodie.spark.sql.insert.into.operation": "insert"})
    _, operation, _ = dml(explicit.sql("INSERT INTO t VALUES (4, 'dan', 40.0, 1, '2024-01-02')"))
    assert operation == "insert"
    # Without a preCombineField it is the key's default, insert.
    session.sql(ddl(name="plain", precombine=False))
    _, operation, affected = dml(session.sql(
        "INSERT INTO plain VALUES (1, 'alice', 10.0, 1, '2024-01-01')"))
    assert (operation, affected) == ("insert", 1)
    ops = [i["action"] for i in hoodie.Table(str(tmp_path / "warehouse" / "plain")).timeline()]
    assert ops == ["commit"]


# -- INSERT OVERWRITE -----------------------------------------------------------------


def test_insert_overwrite_partition_replaces_that_partition(table):
    session, path, kind, first = table
    instant, operation, affected = dml(session.sql(
        "INSERT OVERWRITE TABLE t PARTITION (dt = '2024-01-01') SELECT 9, 'zed', 90.0, 2"))
    assert (operation, affected) == ("insert_overwrite", 1)
    assert writes(path) == [(first, action_of(kind)), (instant, "replacecommit")]
    assert data(session.sql("SELECT * FROM t")) == [
        (3, "carol", 30.0, 1, "2024-01-02"), (9, "zed", 90.0, 2, "2024-01-01")]
    assert commit_times(session) == {3: first, 9: instant}
    # The partition's old rows are still there as of the first commit.
    assert data(session.sql(f"SELECT * FROM hudi_scan('{path}', as_of => '{first}')")) == BASE


def test_insert_overwrite_table_replaces_every_partition(table):
    session, path, kind, first = table
    instant, operation, affected = dml(session.sql(
        "INSERT OVERWRITE TABLE t SELECT 7, 'gina', 70.0, 2, '2024-01-05'"))
    assert (operation, affected) == ("insert_overwrite_table", 1)
    assert writes(path) == [(first, action_of(kind)), (instant, "replacecommit")]
    assert data(session.sql("SELECT * FROM t")) == [(7, "gina", 70.0, 2, "2024-01-05")]


# -- UPDATE, DELETE, MERGE ------------------------------------------------------------


def test_update_is_one_upsert_of_the_matching_rows(table):
    session, path, kind, first = table
    instant, operation, affected = dml(session.sql("UPDATE t SET price = price * 2 WHERE id = 1"))
    assert (operation, affected) == ("upsert_prepped", 1)
    assert writes(path) == [(first, action_of(kind)), (instant, action_of(kind))]
    assert data(session.sql("SELECT * FROM t")) == sorted(
        [(1, "alice", 20.0, 1, "2024-01-01")] + BASE[1:])
    assert commit_times(session) == {1: instant, 2: first, 3: first}


def test_delete_is_one_delete_commit(table):
    session, path, kind, first = table
    instant, operation, affected = dml(session.sql("DELETE FROM t WHERE id = 2"))
    assert (operation, affected) == ("delete_prepped", 1)
    assert writes(path) == [(first, action_of(kind)), (instant, action_of(kind))]
    assert data(session.sql("SELECT * FROM t")) == [BASE[0], BASE[2]]
    assert commit_times(session) == {1: first, 3: first}


# The source has exactly the table's data columns: `UPDATE SET *` and `INSERT *` take them
# by name (DuckDB, which runs the MERGE, refuses extra source columns Spark would ignore);
# a negative price marks the row to delete.
MERGE = (
    "MERGE INTO t USING ("
    "SELECT 2 AS id, 'bob' AS name, -1.0 AS price, 2 AS ts, '2024-01-01' AS dt "
    "UNION ALL SELECT 1, 'alice2', 11.0, 2, '2024-01-01' "
    "UNION ALL SELECT 3, 'carol', 30.0, 1, '2024-01-02' "
    "UNION ALL SELECT 6, 'frank', 60.0, 2, '2024-01-03'"
    ") s ON t.id = s.id "
    "WHEN MATCHED AND s.price < 0 THEN DELETE "
    "WHEN MATCHED THEN UPDATE SET * "
    "WHEN NOT MATCHED THEN INSERT *"
)


def test_merge_deletes_updates_and_inserts_in_one_upsert(table):
    session, path, kind, first = table
    instant, operation, affected = dml(session.sql(MERGE))
    # 1 deleted, 2 updated (id 3 with its own values), 1 inserted.
    assert (operation, affected) == ("upsert", 4)
    assert writes(path) == [(first, action_of(kind)), (instant, action_of(kind))]
    assert data(session.sql("SELECT * FROM t")) == [
        (1, "alice2", 11.0, 2, "2024-01-01"), (3, "carol", 30.0, 1, "2024-01-02"),
        (6, "frank", 60.0, 2, "2024-01-03")]
    # Known difference from a minimal merge: the matched row whose UPDATE leaves its values
    # unchanged (id 3) is still rewritten, as Spark does.
    assert commit_times(session) == {1: instant, 3: instant, 6: instant}


def test_merge_assigning_the_record_key_fails_and_commits_nothing(table):
    session, path, kind, first = table
    before = timeline_files(path)
    with pytest.raises(hoodie.HoodieError) as raised:
        session.sql("MERGE INTO t USING (SELECT 1 AS id, 5 AS new_id) s ON t.id = s.id "
                    "WHEN MATCHED THEN UPDATE SET id = s.new_id")
    assert "id" in str(raised.value)
    assert timeline_files(path) == before
    assert data(session.sql("SELECT * FROM t")) == BASE


# -- ALTER TABLE ----------------------------------------------------------------------


def test_add_columns_then_old_rows_read_null(table):
    session, path, kind, first = table
    session.sql("ALTER TABLE t ADD COLUMNS (note STRING)")
    result = session.sql("SELECT * FROM t")
    # Spark puts added columns after the data columns and before the partition columns.
    assert result.column_names == META + ["id", "name", "price", "ts", "note", "dt"]
    assert data(result, ["id", "note"]) == [(1, None), (2, None), (3, None)]
    instant, operation, affected = dml(session.sql("UPDATE t SET note = 'hello' WHERE id = 1"))
    assert (operation, affected) == ("upsert_prepped", 1)
    assert data(session.sql("SELECT * FROM t"), ["id", "name", "note"]) == [
        (1, "alice", "hello"), (2, "bob", None), (3, "carol", None)]
    assert commit_times(session)[1] == instant


# -- hudi_scan --------------------------------------------------------------------------


@pytest.fixture
def two_commits(table):
    """The table after an UPDATE of id 1: (session, path, kind, first, second)."""
    session, path, kind, first = table
    second, _, _ = dml(session.sql("UPDATE t SET price = 100.0, ts = 2 WHERE id = 1"))
    return session, path, kind, first, second


def test_hudi_scan_as_of_incremental_and_filters(two_commits):
    session, path, kind, first, second = two_commits
    scan = f"SELECT * FROM hudi_scan('{path}'"
    updated = (1, "alice", 100.0, 2, "2024-01-01")
    assert data(session.sql(scan + ")")) == sorted([updated] + BASE[1:])
    assert data(session.sql(scan + f", as_of => '{first}')")) == BASE
    assert data(session.sql(scan + f", as_of => '{second}')")) == sorted([updated] + BASE[1:])
    assert data(session.sql(scan + ", query_type => 'snapshot')")) == sorted([updated] + BASE[1:])
    incremental = session.sql(scan + f", query_type => 'incremental', begin => '{first}')")
    assert data(incremental) == [updated]
    assert incremental.column_names == META + DATA
    assert data(session.sql(
        scan + f", query_type => 'incremental', begin => '{first}', end_instant => '{second}')"
    )) == [updated]
    assert data(session.sql(
        scan + f", query_type => 'incremental', begin => '000', end_instant => '{first}')")) == BASE
    assert data(session.sql(scan + ", filters => ['price>25'])")) == sorted([updated, BASE[2]])
    assert data(session.sql(scan + f", as_of => '{first}', filters => ['price>15'])")) == BASE[1:]
    # hudi_scan needs no registered name: hoodie.sql reads it in a session of its own.
    result = hoodie.sql(
        f"SELECT id, price FROM hudi_scan('{path}', as_of => '{first}') ORDER BY id",
        warehouse=str(path.parent))
    assert result.to_pylist() == [{"id": 1, "price": 10.0}, {"id": 2, "price": 20.0},
                                  {"id": 3, "price": 30.0}]


def test_hudi_scan_read_optimized_of_merge_on_read(tmp_path):
    session = hoodie.SqlSession(warehouse=str(tmp_path / "warehouse"))
    session.sql(ddl(kind="mor"))
    session.sql(INSERT_BASE)
    session.sql("UPDATE t SET price = 100.0 WHERE id = 1")
    path = tmp_path / "warehouse" / "t"
    scan = f"SELECT * FROM hudi_scan('{path}'"
    # The update is in a log file: read-optimized reads the base files only.
    assert data(session.sql(scan + ", query_type => 'read_optimized')")) == BASE
    assert data(session.sql(scan + ")")) == sorted(
        [(1, "alice", 100.0, 1, "2024-01-01")] + BASE[1:])


def test_bad_hudi_scan_arguments_are_refused(two_commits):
    session, path, kind, first, second = two_commits
    with pytest.raises(hoodie.HoodieError, match="query_type|sideways"):
        session.sql(f"SELECT * FROM hudi_scan('{path}', query_type => 'sideways')")


# -- CALL -------------------------------------------------------------------------------

SHOW_COMMITS_COLUMNS = [
    "commit_time", "state_transition_time", "action", "total_bytes_written", "total_files_added",
    "total_files_updated", "total_partitions_written", "total_records_written",
    "total_update_records_written", "total_errors"]


def test_call_show_commits_lists_newest_first(two_commits):
    session, path, kind, first, second = two_commits
    shown = session.sql("CALL show_commits(table => 't', limit => 10)")
    assert shown.column_names == SHOW_COMMITS_COLUMNS
    assert [(r["commit_time"], r["action"]) for r in shown.to_pylist()] == [
        (second, action_of(kind)), (first, action_of(kind))]
    assert [r["total_records_written"] for r in shown.to_pylist()][-1] == 3
    limited = session.sql("CALL show_commits(table => 't', limit => 1)")
    assert [r["commit_time"] for r in limited.to_pylist()] == [second]


def test_call_run_clean_deletes_old_file_versions(tmp_path):
    warehouse = str(tmp_path / "warehouse")
    writer = hoodie.SqlSession(warehouse=warehouse, options={"hoodie.clean.automatic": "false"})
    writer.sql(ddl())
    commits = [dml(writer.sql(INSERT_BASE))[0]]
    for price in (11.0, 12.0, 13.0):
        commits.append(dml(writer.sql(f"UPDATE t SET price = {price} WHERE id = 1"))[0])
    path = tmp_path / "warehouse" / "t"
    # Partition dt=2024-01-01 holds four versions of its file group; retaining one commit
    # keeps the latest and the one before it, as Hudi's KEEP_LATEST_COMMITS does.
    cleaner = hoodie.SqlSession(warehouse=warehouse,
                                options={"hoodie.cleaner.commits.retained": "1"})
    result = cleaner.sql("CALL run_clean(table => 't')")
    assert result.column_names == [
        "start_clean_time", "time_taken_in_millis", "total_files_deleted",
        "earliest_commit_to_retain", "bootstrap_part_metadata", "version"]
    [row] = result.to_pylist()
    assert (row["total_files_deleted"], row["earliest_commit_to_retain"]) == (2, commits[3])
    assert {"instant": row["start_clean_time"], "action": "clean", "state": "COMPLETED"} in (
        hoodie.Table(str(path)).timeline())
    assert data(cleaner.sql("SELECT * FROM t")) == sorted(
        [(1, "alice", 13.0, 1, "2024-01-01")] + BASE[1:])


def test_call_savepoint_show_and_rollback_to_it(two_commits):
    session, path, kind, first, second = two_commits
    created = session.sql(f"CALL create_savepoint(table => 't', commit_time => '{first}')")
    assert created.to_pylist() == [{"create_savepoint_result": True}]
    assert session.sql("CALL show_savepoints(table => 't')").to_pylist() == [
        {"savepoint_time": first}]
    rolled = session.sql(f"CALL rollback_to_savepoint(table => 't', instant_time => '{first}')")
    assert rolled.to_pylist() == [{"rollback_savepoint_result": True}]
    assert data(session.sql("SELECT * FROM t")) == BASE
    assert commit_times(session) == {1: first, 2: first, 3: first}
    assert [i for i, _ in writes(path)] == [first]


def test_unserved_and_unknown_procedures_are_refused_by_name(table):
    session, path, kind, first = table
    before = timeline_files(path)
    with pytest.raises(hoodie.NotSupportedError, match="run_clustering"):
        session.sql("CALL run_clustering(table => 't')")
    with pytest.raises(hoodie.HoodieError, match="show_commits"):
        session.sql("CALL no_such_procedure(table => 't')")
    with pytest.raises(hoodie.InvalidOptionError, match="limitt"):
        session.sql("CALL show_commits(table => 't', limitt => 3)")
    assert timeline_files(path) == before


# -- errors ---------------------------------------------------------------------------


def test_failed_statements_raise_and_leave_the_timeline(table):
    session, path, kind, first = table
    before = timeline_files(path)
    with pytest.raises(hoodie.HoodieError):
        session.sql("SELEC * FROM t")
    with pytest.raises(hoodie.HoodieError, match="nope"):
        session.sql("SELECT * FROM nope")
    # An error while the DML's rows are computed commits nothing.
    with pytest.raises(hoodie.HoodieError):
        session.sql("UPDATE t SET price = CAST('cheap' AS DOUBLE) WHERE id = 1")
    with pytest.raises(hoodie.HoodieError, match="nope"):
        session.sql("DELETE FROM nope WHERE id = 1")
    assert timeline_files(path) == before
    # The session goes on after a failed statement.
    assert data(session.sql("SELECT * FROM t")) == BASE


def test_unknown_and_misplaced_options_are_invalid(tmp_path):
    warehouse = str(tmp_path / "warehouse")
    with pytest.raises(hoodie.InvalidOptionError, match="hoodie.datasource.write.recordkey.fields"):
        session = hoodie.SqlSession(warehouse=warehouse,
                                    options={"hoodie.datasource.write.recordkey.fields": "id"})
        session.sql(ddl())
    with pytest.raises(hoodie.InvalidOptionError, match="hoodie.cleaner.commits.retainedd"):
        hoodie.sql(ddl(), warehouse=warehouse, options={"hoodie.cleaner.commits.retainedd": "1"})
    with pytest.raises(hoodie.InvalidOptionError, match="not a storage option"):
        hoodie.sql(ddl(), warehouse=warehouse, storage_options={"hoodie.table.name": "x"})
    assert not (tmp_path / "warehouse" / "t").exists()


# -- sessions and hoodie.sql ------------------------------------------------------------


def test_register_and_tables_name_existing_tables(tmp_path):
    path = tmp_path / "trips"
    hoodie.write(str(path), trips([1, 2]), options=trip_options())
    session = hoodie.SqlSession(warehouse=str(tmp_path / "warehouse"))
    session.register("rides", str(path))
    assert session.sql("SELECT id FROM rides ORDER BY id").to_pylist() == [{"id": 1}, {"id": 2}]
    by_dict = hoodie.SqlSession(warehouse=str(tmp_path / "warehouse"), tables={"rides": str(path)})
    assert by_dict.sql("SELECT count(*) AS n FROM rides").to_pylist() == [{"n": 2}]
    one_shot = hoodie.sql("SELECT id, fare FROM rides WHERE id = 2", tables={"rides": str(path)},
                          warehouse=str(tmp_path / "warehouse"))
    assert isinstance(one_shot, pa.Table)
    assert one_shot.to_pylist() == [{"id": 2, "fare": 12.0}]
    # A DML statement through hoodie.sql commits to the registered table.
    instant, operation, affected = dml(hoodie.sql(
        "DELETE FROM rides WHERE id = 1", tables={"rides": str(path)},
        warehouse=str(tmp_path / "warehouse")))
    assert (operation, affected) == ("delete_prepped", 1)
    assert writes(path)[-1] == (instant, "commit")
    assert [r["id"] for r in hoodie.Table(str(path)).to_arrow().to_pylist()] == [2]


def test_a_warehouse_table_is_found_by_a_later_session(tmp_path):
    warehouse = str(tmp_path / "warehouse")
    first = hoodie.SqlSession(warehouse=warehouse)
    first.sql(ddl())
    first.sql(INSERT_BASE)
    # A name no statement registered is looked for at <warehouse>/<name>, as Spark does.
    assert data(hoodie.SqlSession(warehouse=warehouse).sql("SELECT * FROM t")) == BASE
    assert data(hoodie.sql("SELECT * FROM t", warehouse=warehouse)) == BASE


# -- the CLI ----------------------------------------------------------------------------


def test_cli_runs_statements_in_order_in_one_session(tmp_path, run_hoodie):
    warehouse = tmp_path / "warehouse"
    done = run_hoodie("sql", "--warehouse", str(warehouse), "--format", "json",
                      ddl(), INSERT_BASE, "SELECT id, price FROM t ORDER BY id")
    objects = [json.loads(line) for line in done.stdout.splitlines()
               if line.strip().startswith("{")]
    [write] = [o for o in objects if "num_affected_rows" in o]
    assert (write["operation"].lower(), write["num_affected_rows"]) == ("upsert", 3)
    assert writes(warehouse / "t") == [(write["instant"], "commit")]
    assert [o for o in objects if "price" in o] == [
        {"id": 1, "price": 10.0}, {"id": 2, "price": 20.0}, {"id": 3, "price": 30.0}]
    failed = run_hoodie("sql", "--warehouse", str(warehouse), "SELECT * FROM nope", check=False)
    assert failed.returncode != 0 and "nope" in failed.stderr
