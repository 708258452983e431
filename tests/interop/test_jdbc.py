"""`hoodie streamer` with JdbcSource judged by Spark 3.5 + Hudi 0.15 (Hudi's own streamer, hudi-utilities, is not
served by the package registries here; Spark's JDBC reader with PostgreSQL's driver is).

- A real PostgreSQL 15 on 127.0.0.1 holds a table that Spark's JDBC writer fills, with the types a JDBC source
  meets: integers, a decimal, a double, a boolean, a date, a timestamp, text.
- `hoodie streamer` pulls it incrementally on its `id` column (libpq, no JDBC driver) in two rounds; the
  checkpoints are Hudi's: the largest `id` read, as a string (JdbcSource: max of the incremental column, cast
  to string).
- Spark reads the same rows between the same checkpoints through its JDBC reader (what JdbcSource runs:
  `select * from T where id > 'ckpt'`) and upserts them through the Hudi datasource into a second table: the
  two tables hold the same rows with the same types, which proves the column types map as Spark's JDBC reader
  maps them.
"""

from __future__ import annotations

from datetime import date, datetime
from decimal import Decimal

from conftest import committed_checkpoints, datasource_upsert, snapshot

PASSWORD = "hoodie-test-password"
COLUMNS = ["id", "city", "amount", "ratio", "active", "day", "at", "note"]


def jdbc_url(port):
    return f"jdbc:postgresql://127.0.0.1:{port}/postgres"


def spark_jdbc_write(spark, port, rows, mode):
    df = spark.createDataFrame(
        rows, "id BIGINT, city STRING, amount DECIMAL(12,2), ratio DOUBLE, active BOOLEAN, day DATE, "
              "at TIMESTAMP, note STRING")
    (df.write.format("jdbc").option("url", jdbc_url(port)).option("dbtable", "payments")
     .option("user", "hoodie").option("password", PASSWORD).option("driver", "org.postgresql.Driver")
     .mode(mode).save())


def row(i, ts_day):
    return (i, ["sf", "nyc"][i % 2], Decimal(f"{i}.{i % 100:02d}"), i / 7.0, i % 3 == 0,
            date(2024, 1, 1 + i % 28), datetime(2024, 2, ts_day, 10, i % 60, 5, 250000),
            None if i % 5 == 0 else f"note {i}")


def spark_round(spark, port, after, until, table):
    """JdbcSource's incremental query, read by Spark's JDBC reader, upserted through the datasource; bounded by
    the round's checkpoint, as the table held no more when hoodie's round read it."""
    query = f"(select * from payments where id > '{after or 0}' and id <= '{until}') rdbms_table"
    df = (spark.read.format("jdbc").option("url", jdbc_url(port)).option("dbtable", query)
          .option("user", "hoodie").option("password", PASSWORD).option("driver", "org.postgresql.Driver")
          .load())
    datasource_upsert(df, table, "payments", "id", "city", "id")


def rows_of(df):
    return sorted(tuple(r[c] for c in COLUMNS) for r in df.select(*COLUMNS).collect())


def test_jdbc_rounds_match_spark_reading_the_same_rows(spark, hoodie, postgresql, tmp_path):
    """A PostgreSQL table (Spark's JDBC writer) pulled incrementally on id by JdbcSource through libpq in two rounds
    (checkpoints '40', '60'): Spark's JDBC reader of the same rows, upserted round by round, gives the same rows
    and the same column types (decimal, double, boolean, date, timestamp, text) as hoodie's table."""
    spark_jdbc_write(spark, postgresql, [row(i, 1) for i in range(1, 41)], "overwrite")
    password_file = tmp_path / "pg.password"
    password_file.write_text(PASSWORD)
    table = tmp_path / "hoodie_table"
    args = ["streamer", "--target-base-path", str(table), "--target-table", "payments",
            "--table-type", "COPY_ON_WRITE", "--source-class", "org.apache.hudi.utilities.sources.JdbcSource",
            "--source-ordering-field", "id",
            "--hoodie-conf", f"hoodie.deltastreamer.jdbc.url={jdbc_url(postgresql)}",
            "--hoodie-conf", "hoodie.deltastreamer.jdbc.user=hoodie",
            "--hoodie-conf", f"hoodie.deltastreamer.jdbc.password.file={password_file}",
            "--hoodie-conf", "hoodie.deltastreamer.jdbc.driver.class=org.postgresql.Driver",
            "--hoodie-conf", "hoodie.deltastreamer.jdbc.table.name=payments",
            "--hoodie-conf", "hoodie.deltastreamer.jdbc.incr.pull=true",
            "--hoodie-conf", "hoodie.deltastreamer.jdbc.table.incr.column.name=id",
            "--hoodie-conf", "hoodie.datasource.write.recordkey.field=id",
            "--hoodie-conf", "hoodie.datasource.write.partitionpath.field=city"]
    hoodie.run(*args)
    spark_jdbc_write(spark, postgresql, [row(i, 2) for i in range(41, 61)], "append")
    hoodie.run(*args)
    assert committed_checkpoints(table) == ["40", "60"]
    spark_table = tmp_path / "spark_table"
    after = None
    for checkpoint in committed_checkpoints(table):
        spark_round(spark, postgresql, after, checkpoint, spark_table)
        after = checkpoint
    hoodie_rows = rows_of(snapshot(spark, table))
    assert hoodie_rows == rows_of(snapshot(spark, spark_table))
    assert len(hoodie_rows) == 60
    # The same column types as Spark's JDBC reader gave its own table.
    hoodie_types = dict(snapshot(spark, table).select(*COLUMNS).dtypes)
    spark_types = dict(snapshot(spark, spark_table).select(*COLUMNS).dtypes)
    assert hoodie_types == spark_types
