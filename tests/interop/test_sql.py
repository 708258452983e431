"""`hoodie sql` against real Apache Hudi 0.15 Spark SQL (Spark 3.5): the same statement text, Spark judges.

Spark SQL makes a table (`CREATE TABLE ... USING hudi`, primaryKey `id`, preCombineField `ts`, PARTITIONED BY
`dt`, LOCATION) and inserts rows; the folder is copied; Spark SQL runs a DML statement on the original and
`hoodie sql --table NAME=COPY` runs the very same text on the copy. Spark's Hudi datasource then reads both:
the rows (data columns, record key, partition path) and the operation and action of the commit each one
added must be the same. The other cases go the other way round (Spark SQL registers and writes a table
hoodie's SQL created; hoodie's SELECT, `hudi_scan` and CALL procedures over Spark-written tables equal
Spark's own queries and procedures).

Hudi 0.15 facts the cases rely on (read from the bundle's classes, org.apache.spark.sql.hudi):
  * ProvidesHoodieConfig.deduceSparkSqlInsertIntoWriteOperation: INSERT OVERWRITE TABLE without PARTITION is
    insert_overwrite_table, with one insert_overwrite; a plain INSERT INTO is `upsert` when the table has a
    preCombineField and `hoodie.spark.sql.insert.into.operation` is not set (otherwise that key, default
    `insert`). The tables here have preCombineField = 'ts', so Spark records UPSERT for INSERT INTO; the case
    compares hoodie's operation with Spark's, then with that value.
  * MergeIntoHoodieTableCommand.executeUpsert: upsert (insert only without precombine field and without
    matched clauses); UpdateHoodieTableCommand: upsert; DeleteHoodieTableCommand: delete.
  * Spark SQL's INSERT/UPDATE/DELETE/MERGE return no rows in 0.15; hoodie returns one row
    (instant, operation, num_affected_rows), checked here against the timeline.
  * A matched row whose UPDATE leaves its values unchanged is still rewritten by Spark's MERGE INTO (its
    `_hoodie_commit_time` moves to the merge's instant); hoodie does the same.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from conftest import read_java_properties, snapshot

COLUMNS = "id INT, name STRING, price DOUBLE, ts BIGINT, dt STRING"
DATA = ["id", "name", "price", "ts", "dt"]
KEYS = ["_hoodie_record_key", "_hoodie_partition_path"]
META = ["_hoodie_commit_time", "_hoodie_record_key", "_hoodie_partition_path"]
WRITE_ACTIONS = ("commit", "deltacommit", "replacecommit")

BASE_VALUES = ("(1, 'alice', 10.0, 1, '2024-01-01'), (2, 'bob', 20.0, 1, '2024-01-01'), "
               "(3, 'carol', 30.0, 1, '2024-01-02')")
BASE_ROWS = [(1, "alice", 10.0, 1, "2024-01-01"), (2, "bob", 20.0, 1, "2024-01-01"),
             (3, "carol", 30.0, 1, "2024-01-02")]

# The merge's source: id 2 deleted (its price < 0 says so), id 1 updated, id 3 matched with its own
# values (still rewritten, as Spark does), id 6 inserted. Explicit casts so that both engines see the
# target's types. The source has exactly the table's data columns: `UPDATE SET *` and `INSERT *` take
# them by name on both engines (DuckDB, which runs hoodie's MERGE, refuses extra source columns that
# Spark would ignore). The clauses' conditions exclude each other: Hudi 0.15 (ExpressionPayload) tries
# a MERGE's UPDATE clauses before its DELETE clause whatever their order, where hoodie (DuckDB) takes the
# first matching clause in order, as SQL does; with exclusive conditions both delete id 2.
MERGE_SOURCE = (
    "SELECT 2 AS id, 'bob' AS name, CAST(-1.0 AS DOUBLE) AS price, CAST(2 AS BIGINT) AS ts, "
    "'2024-01-01' AS dt "
    "UNION ALL SELECT 1, 'alice2', CAST(11.0 AS DOUBLE), CAST(2 AS BIGINT), '2024-01-01' "
    "UNION ALL SELECT 3, 'carol', CAST(30.0 AS DOUBLE), CAST(1 AS BIGINT), '2024-01-02' "
    "UNION ALL SELECT 6, 'frank', CAST(60.0 AS DOUBLE), CAST(2 AS BIGINT), '2024-01-03'"
)

# statement (NAME stands for the table), the operation Hudi 0.15 records, hoodie's num_affected_rows, and
# the data rows after it.
DML = {
    "insert_into": (
        "INSERT INTO {t} VALUES (4, 'dan', 40.0, 2, '2024-01-02'), (5, 'erin', 50.0, 2, '2024-01-03')",
        "UPSERT", 2,
        sorted(BASE_ROWS + [(4, "dan", 40.0, 2, "2024-01-02"), (5, "erin", 50.0, 2, "2024-01-03")])),
    "insert_overwrite_partition": (
        "INSERT OVERWRITE TABLE {t} PARTITION (dt = '2024-01-01') "
        "SELECT 9 AS id, 'zed' AS name, CAST(90.0 AS DOUBLE) AS price, CAST(2 AS BIGINT) AS ts",
        "INSERT_OVERWRITE", 1,
        sorted([(3, "carol", 30.0, 1, "2024-01-02"), (9, "zed", 90.0, 2, "2024-01-01")])),
    "update": (
        "UPDATE {t} SET price = price * 2 WHERE id = 1",
        "UPSERT_PREPPED", 1,
        sorted([(1, "alice", 20.0, 1, "2024-01-01")] + BASE_ROWS[1:])),
    "delete": (
        "DELETE FROM {t} WHERE id = 2",
        "DELETE_PREPPED", 1,
        sorted([BASE_ROWS[0], BASE_ROWS[2]])),
    "merge": (
        "MERGE INTO {t} USING (" + MERGE_SOURCE + ") s ON {t}.id = s.id "
        "WHEN MATCHED AND s.price < 0 THEN DELETE "
        "WHEN MATCHED AND s.price >= 0 THEN UPDATE SET * "
        "WHEN NOT MATCHED THEN INSERT *",
        "UPSERT", 4,
        sorted([(1, "alice2", 11.0, 2, "2024-01-01"), (3, "carol", 30.0, 1, "2024-01-02"),
                (6, "frank", 60.0, 2, "2024-01-03")])),
}


# --------------------------------------------------------------------------------------
# Helpers
# --------------------------------------------------------------------------------------


def ddl(name: str, table_type: str, location) -> str:
    """The CREATE TABLE both engines run: `table_type` is Hudi SQL's 'cow' or 'mor'."""
    return (f"CREATE TABLE {name} ({COLUMNS}) USING hudi PARTITIONED BY (dt) "
            f"TBLPROPERTIES (primaryKey = 'id', preCombineField = 'ts', type = '{table_type}') "
            f"LOCATION '{location}'")


# Session settings other modules make (`set hoodie.compact.inline.max.delta.commits=1` in
# the compaction cases) would make Spark compact inline here.
LEAKING_SETTINGS = ("hoodie.compact.inline.max.delta.commits", "hoodie.rollback.using.markers")


@pytest.fixture(autouse=True)
def _default_spark_sql_settings(spark):
    """Spark's side runs with the defaults of LEAKING_SETTINGS; the values other modules
    set are put back afterwards."""
    saved = {key: spark.conf.get(key, None) for key in LEAKING_SETTINGS}
    for key in LEAKING_SETTINGS:
        spark.sql(f"RESET {key}")
    yield
    for key, value in saved.items():
        if value is not None:
            spark.sql(f"set {key}={value}")


def spark_create(spark, name: str, table_type: str, location, *values: str) -> None:
    """Spark SQL creates table `name` at `location` and runs one INSERT INTO per VALUES list."""
    spark.sql(f"DROP TABLE IF EXISTS {name}")
    spark.sql(ddl(name, table_type, location))
    for rows in values:
        spark.sql(f"INSERT INTO {name} VALUES {rows}")


def json_lines(text: str) -> list[dict]:
    """The JSON objects `--format json` printed, one a line (a JSON array's lines are accepted too)."""
    out = []
    for line in text.splitlines():
        line = line.strip().rstrip(",")
        if line.startswith("{"):
            out.append(json.loads(line))
    return out


def hoodie_sql(hoodie, warehouse, *statements: str, tables=None, confs=None) -> list[dict]:
    """`hoodie sql --warehouse W [--table NAME=PATH]... [--hoodie-conf K=V]... --format json STATEMENT...`:
    the rows printed, every statement's in order."""
    args = ["sql", "--warehouse", str(warehouse)]
    for name, path in (tables or {}).items():
        args += ["--table", f"{name}={path}"]
    for key, value in (confs or {}).items():
        args += ["--hoodie-conf", f"{key}={value}"]
    args += ["--format", "json", *statements]
    return json_lines(hoodie.run(*args).stdout)


def completed_writes(path) -> list[tuple[str, str]]:
    """(instant, action) of every completed commit, deltacommit and replacecommit in `.hoodie/`, oldest first
    (table version 6 names them `<instant>.<action>`)."""
    out = []
    for f in (Path(path) / ".hoodie").iterdir():
        instant, _, action = f.name.partition(".")
        if instant.isdigit() and action in WRITE_ACTIONS:
            out.append((instant, action))
    return sorted(out)


def commit_operation(path, instant: str, action: str) -> str:
    """`operationType` of a completed commit's metadata (JSON in table version 6, replacecommits too)."""
    return json.loads((Path(path) / ".hoodie" / f"{instant}.{action}").read_text())["operationType"]


def spark_rows(spark, path, columns=KEYS + DATA, **options) -> list[tuple]:
    df = snapshot(spark, path, **options)
    return sorted(tuple(r[c] for c in columns) for r in df.select(*columns).collect())


def rows_of(rows: list[dict], columns) -> list[tuple]:
    return sorted(tuple(r[c] for c in columns) for r in rows)


def kind(table_type: str) -> str:
    return "cow" if table_type == "COPY_ON_WRITE" else "mor"


# --------------------------------------------------------------------------------------
# a. The same DML statement on copies of one Spark-made table
# --------------------------------------------------------------------------------------


# Each statement on one table type, MERGE on both: the write paths below SQL are the same
# for both types and judged by every other interop case; this keeps the suite's time.
DML_CASES = [("insert_into", "COPY_ON_WRITE"), ("insert_overwrite_partition", "MERGE_ON_READ"),
             ("update", "MERGE_ON_READ"), ("delete", "COPY_ON_WRITE"),
             ("merge", "COPY_ON_WRITE"), ("merge", "MERGE_ON_READ")]


@pytest.mark.parametrize("statement,table_type", DML_CASES,
                         ids=[f"{s}-{'cow' if t == 'COPY_ON_WRITE' else 'mor'}" for s, t in DML_CASES])
def test_hoodie_sql_dml_equals_spark_sql(spark, hoodie, tmp_path, statement, table_type):
    """Spark SQL and `hoodie sql` run the same INSERT INTO, INSERT OVERWRITE ... PARTITION, UPDATE, DELETE or MERGE INTO (delete, update and insert clauses) on copies of one Spark-made COW or MOR table; Spark reads the same rows from both and the same operation and action in the commit each added.

    Spark SQL creates the table (primaryKey id, preCombineField ts, PARTITIONED BY dt) and inserts three rows;
    the folder is copied; Spark SQL runs the statement on the original, `hoodie sql --table NAME=COPY` on the
    copy. Spark's snapshot of both holds the same data columns, record keys and partition paths (and the
    expected rows); each table gained exactly one completed commit, of the same action, whose metadata has the
    same `operationType` (UPSERT for INSERT INTO as Hudi 0.15 deduces it for a table with a preCombineField,
    INSERT_OVERWRITE, UPSERT, DELETE, UPSERT); hoodie's result row names that instant, that operation and the
    rows the statement affected."""
    text, operation, affected, expected = DML[statement]
    name = f"sql_{statement}_{kind(table_type)}"
    spark_table, hoodie_table = tmp_path / "spark", tmp_path / "hoodie"
    spark_create(spark, name, kind(table_type), spark_table, BASE_VALUES)
    shutil.copytree(spark_table, hoodie_table)
    before = completed_writes(spark_table)
    assert completed_writes(hoodie_table) == before
    assert spark_rows(spark, hoodie_table) == spark_rows(spark, spark_table)

    sql = text.format(t=name)
    spark.sql(sql)
    [result] = hoodie_sql(hoodie, tmp_path / "warehouse", sql, tables={name: hoodie_table})

    spark_after, hoodie_after = completed_writes(spark_table), completed_writes(hoodie_table)
    assert spark_after[:-1] == before and hoodie_after[:-1] == before, (spark_after, hoodie_after)
    (spark_instant, spark_action), (hoodie_instant, hoodie_action) = spark_after[-1], hoodie_after[-1]
    assert hoodie_action == spark_action
    spark_op = commit_operation(spark_table, spark_instant, spark_action)
    hoodie_op = commit_operation(hoodie_table, hoodie_instant, hoodie_action)
    assert hoodie_op == spark_op
    assert spark_op == operation
    assert (result["instant"], result["operation"].upper(), result["num_affected_rows"]) == (
        hoodie_instant, operation, affected)

    theirs = spark_rows(spark, spark_table)
    assert sorted(r[len(KEYS):] for r in theirs) == expected
    assert spark_rows(spark, hoodie_table) == theirs
    # The rows the statement wrote carry its instant on both sides.
    def written(path, instant):
        return sorted(i for t, i in spark_rows(spark, path, ["_hoodie_commit_time", "id"]) if t == instant)

    assert written(hoodie_table, hoodie_instant) == written(spark_table, spark_instant)
    spark.sql(f"DROP TABLE IF EXISTS {name}")


# --------------------------------------------------------------------------------------
# b. A table hoodie's SQL created, in Spark SQL
# --------------------------------------------------------------------------------------


@pytest.mark.parametrize("table_type", ["COPY_ON_WRITE", "MERGE_ON_READ"], ids=["cow", "mor"])
def test_spark_sql_reads_and_writes_table_hoodie_sql_created(spark, hoodie, tmp_path, table_type):
    """`hoodie sql` CREATE TABLE ... USING hudi writes the hoodie.properties Spark SQL's CREATE TABLE writes; Spark SQL registers the table after hoodie's INSERT INTO, SELECTs exactly hoodie's rows, INSERTs into it, and hoodie's SELECT returns Spark's rows.

    The same CREATE TABLE text (primaryKey, preCombineField, type, PARTITIONED BY, LOCATION) run by Spark SQL
    and by hoodie gives the same hoodie.properties, key for key (the create schema compared as JSON). Spark SQL
    then registers hoodie's table (`CREATE TABLE name USING hudi LOCATION`) and its SELECT returns the rows
    hoodie inserted with hoodie's instant, record keys and partition paths; Spark SQL's INSERT INTO (a new key
    and an existing one) follows, and hoodie's `SELECT` of meta and data columns equals Spark SQL's."""
    name = f"hoodie_sql_made_{kind(table_type)}"
    warehouse = tmp_path / "warehouse"
    reference, path = tmp_path / "spark_made", tmp_path / "hoodie_made"

    spark_create(spark, name, kind(table_type), reference)
    spark_props = read_java_properties(reference / ".hoodie" / "hoodie.properties")
    spark.sql(f"DROP TABLE IF EXISTS {name}")
    hoodie_sql(hoodie, warehouse, ddl(name, kind(table_type), path))
    hoodie_props = read_java_properties(path / ".hoodie" / "hoodie.properties")

    def comparable(props):
        props = dict(props)
        schema = props.pop("hoodie.table.create.schema", None)
        return props, (json.loads(schema) if schema else None)

    (hoodie_keys, hoodie_schema), (spark_keys, spark_schema) = (comparable(hoodie_props),
                                                                comparable(spark_props))
    differing = {key: (hoodie_keys.get(key), spark_keys.get(key))
                 for key in sorted(set(hoodie_keys) | set(spark_keys))
                 if hoodie_keys.get(key) != spark_keys.get(key)}
    assert differing == {}, "hoodie.properties (hoodie's, Spark's) differ"
    assert hoodie_schema == spark_schema

    [result] = hoodie_sql(hoodie, warehouse, f"INSERT INTO {name} VALUES {BASE_VALUES}", tables={name: path})
    instant = result["instant"]
    assert result["num_affected_rows"] == 3
    assert [i for i, _ in completed_writes(path)] == [instant]

    hive_style = spark_props.get("hoodie.datasource.write.hive_style_partitioning") == "true"
    complex_key = "ComplexKeyGenerator" in spark_props.get("hoodie.table.keygenerator.class", "")
    expected = sorted(
        (instant, f"id:{r[0]}" if complex_key else str(r[0]), f"dt={r[4]}" if hive_style else r[4], *r)
        for r in BASE_ROWS)
    columns = META + DATA
    select = f"SELECT {', '.join(columns)} FROM {name}"
    spark.sql(f"DROP TABLE IF EXISTS {name}")
    spark.sql(f"CREATE TABLE {name} USING hudi LOCATION '{path}'")
    assert sorted(tuple(r[c] for c in columns) for r in spark.sql(select).collect()) == expected

    spark.sql(f"INSERT INTO {name} VALUES (1, 'alice2', 11.0, 2, '2024-01-01'), (7, 'gina', 70.0, 2, '2024-01-04')")
    theirs = sorted(tuple(r[c] for c in columns) for r in spark.sql(select).collect())
    assert sorted(r[3:] for r in theirs) == sorted(
        [(1, "alice2", 11.0, 2, "2024-01-01"), (7, "gina", 70.0, 2, "2024-01-04")] + BASE_ROWS[1:])
    assert rows_of(hoodie_sql(hoodie, warehouse, select, tables={name: path}), columns) == theirs
    spark.sql(f"DROP TABLE IF EXISTS {name}")


# --------------------------------------------------------------------------------------
# c. hoodie's queries over a Spark-written table
# --------------------------------------------------------------------------------------


@pytest.mark.parametrize("table_type", ["COPY_ON_WRITE", "MERGE_ON_READ"], ids=["cow", "mor"])
def test_hoodie_sql_queries_equal_spark_sql(spark, hudi_java, hoodie, tmp_path, table_type):
    """hoodie's SELECT (filter, projection, ORDER BY, GROUP BY) over a Spark-SQL-written table equals Spark SQL's result; `hudi_scan` with as_of, incremental begin, filters and (MOR) read_optimized equals Spark's time-travel, incremental, filtered and read-optimized reads.

    Spark SQL creates the table and writes it twice (INSERT INTO three rows, then INSERT INTO updating one key
    and adding one: an upsert, on MOR a log file). hoodie's `SELECT id, name, price ... WHERE price > 15 ORDER
    BY id` and a GROUP BY over the table name return exactly Spark SQL's rows in Spark's order;
    `hudi_scan(path, as_of => first)` equals Spark's `as.of.instant` read of the first commit (meta columns
    included), `query_type => 'incremental', begin => first` equals Spark's incremental read,
    `filters => ['price>15']` Spark's filtered snapshot, and on MOR `query_type => 'read_optimized'` Spark's
    read-optimized read."""
    name = f"sql_queries_{kind(table_type)}"
    path, warehouse = tmp_path / "t", tmp_path / "warehouse"
    spark_create(spark, name, kind(table_type), path, BASE_VALUES,
                 "(3, 'carol2', 35.0, 2, '2024-01-02'), (4, 'dan', 40.0, 2, '2024-01-03')")
    first, second = hudi_java.completed_commits(path)

    def same_query(sql, columns):
        spark_result = [tuple(r[c] for c in columns) for r in spark.sql(sql).collect()]
        ours = [tuple(r[c] for c in columns) for r in hoodie_sql(hoodie, warehouse, sql, tables={name: path})]
        assert ours == spark_result, sql
        return spark_result

    assert same_query(f"SELECT id, name, price FROM {name} WHERE price > 15 ORDER BY id",
                      ["id", "name", "price"]) == [(2, "bob", 20.0), (3, "carol2", 35.0), (4, "dan", 40.0)]
    same_query(f"SELECT dt, count(*) AS n, sum(price) AS total FROM {name} GROUP BY dt ORDER BY dt",
               ["dt", "n", "total"])
    same_query(f"SELECT _hoodie_commit_time, _hoodie_record_key, id FROM {name} WHERE dt = '2024-01-02' "
               "ORDER BY id", ["_hoodie_commit_time", "_hoodie_record_key", "id"])

    columns = META + DATA
    select = f"SELECT {', '.join(columns)} FROM hudi_scan"

    def scan(args):
        return rows_of(hoodie_sql(hoodie, warehouse, f"{select}('{path}'{args})"), columns)

    as_of = scan(f", as_of => '{first}'")
    assert as_of == spark_rows(spark, path, columns, **{"as.of.instant": first})
    assert [r[3:] for r in as_of] == BASE_ROWS
    incremental = {"hoodie.datasource.query.type": "incremental",
                   "hoodie.datasource.read.begin.instanttime": first,
                   "hoodie.datasource.read.end.instanttime": second}
    assert scan(f", query_type => 'incremental', begin => '{first}', end_instant => '{second}'") == spark_rows(
        spark, path, columns, **incremental)
    assert scan(f", query_type => 'incremental', begin => '{first}'") == sorted(
        r for r in spark_rows(spark, path, columns) if r[0] == second)
    filtered = snapshot(spark, path).where("price > 15")
    assert scan(", filters => ['price>15']") == sorted(
        tuple(r[c] for c in columns) for r in filtered.select(*columns).collect())
    if table_type == "MERGE_ON_READ":
        ro = spark_rows(spark, path, columns, **{"hoodie.datasource.query.type": "read_optimized"})
        assert scan(", query_type => 'read_optimized'") == ro
    spark.sql(f"DROP TABLE IF EXISTS {name}")


# --------------------------------------------------------------------------------------
# d. CALL procedures
# --------------------------------------------------------------------------------------


def test_hoodie_sql_call_show_commits_and_run_compaction_match_spark(spark, hudi_java, hoodie, tmp_path):
    """hoodie's `CALL show_commits` over a Spark-SQL-written MOR table lists Spark's `CALL show_commits` instants and actions in its order; hoodie's `CALL run_compaction(op => 'run')` compacts it, and Spark reads the compacted table (snapshot and read-optimized) with the same rows and lists the compaction in its own show_commits.

    Spark SQL creates a MOR table, INSERTs and UPDATEs (two deltacommits, the second in log files). Both
    procedures return (commit_time, action) newest first. hoodie's run_compaction (with
    `hoodie.compact.inline.max.delta.commits=1`, as Spark's own procedure needs to plan one) adds exactly one
    completed `commit` after the deltacommits in Hudi's own timeline; Spark's snapshot is unchanged, its
    read-optimized read now equals it, and both show_commits list the compaction first."""
    name = "sql_procedures_mor"
    path, warehouse = tmp_path / "t", tmp_path / "warehouse"
    spark_create(spark, name, "mor", path, BASE_VALUES)
    spark.sql(f"UPDATE {name} SET price = price + 1 WHERE id = 2")
    show = f"CALL show_commits(table => '{name}', limit => 10)"

    def spark_commits():
        return [(r["commit_time"], r["action"]) for r in spark.sql(show).collect()]

    def hoodie_commits():
        return [(r["commit_time"], r["action"]) for r in hoodie_sql(hoodie, warehouse, show, tables={name: path})]

    deltacommits = [(t, a) for t, a, s in hudi_java.active_instants(path) if s == "COMPLETED"]
    assert [a for _, a in deltacommits] == ["deltacommit", "deltacommit"]
    assert spark_commits() == list(reversed(deltacommits))
    assert hoodie_commits() == spark_commits()

    before = spark_rows(spark, path)
    assert spark_rows(spark, path, **{"hoodie.datasource.query.type": "read_optimized"}) != before
    hoodie_sql(hoodie, warehouse, f"CALL run_compaction(op => 'run', table => '{name}')", tables={name: path},
               confs={"hoodie.compact.inline.max.delta.commits": "1"})
    after = [(t, a, s) for t, a, s in hudi_java.active_instants(path) if t not in {i for i, _ in deltacommits}]
    [(compaction, action, state)] = after
    assert (action, state) == ("commit", "COMPLETED") and compaction > deltacommits[-1][0]
    assert spark_rows(spark, path) == before
    assert spark_rows(spark, path, **{"hoodie.datasource.query.type": "read_optimized"}) == before
    assert spark_commits() == [(compaction, "commit")] + list(reversed(deltacommits))
    assert hoodie_commits() == spark_commits()
    spark.sql(f"DROP TABLE IF EXISTS {name}")
