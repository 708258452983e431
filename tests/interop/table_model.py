"""Typed test data, an in-memory model of a copy-on-write table, and the readers the data cases compare.

Rows carry every primitive type plus decimal, date, timestamp, struct, list and map; they are written as
Parquet through pyarrow (so both writers get exactly the same types), read back from Spark, hoodie
(`hoodie query --format parquet`) and hudi-rs, and brought to one canonical Python form before comparing.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from decimal import Decimal
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq

META_COLUMNS = ("_hoodie_commit_time", "_hoodie_commit_seqno", "_hoodie_record_key", "_hoodie_partition_path",
                "_hoodie_file_name")

# The table schema: keys, ordering field, partition fields, then one column per type.
SCHEMA = pa.schema([
    ("id", pa.string()),
    ("seq", pa.int32()),
    ("ts", pa.int64()),
    ("region", pa.string()),
    ("part", pa.string()),
    ("event_ms", pa.int64()),
    ("c_bool", pa.bool_()),
    ("c_byte", pa.int8()),
    ("c_short", pa.int16()),
    ("c_int", pa.int32()),
    ("c_long", pa.int64()),
    ("c_float", pa.float32()),
    ("c_double", pa.float64()),
    ("c_string", pa.string()),
    ("c_binary", pa.binary()),
    ("c_decimal", pa.decimal128(10, 2)),
    ("c_date", pa.date32()),
    ("c_timestamp", pa.timestamp("us", tz="UTC")),
    ("c_struct", pa.struct([("x", pa.int32()), ("y", pa.string())])),
    ("c_list", pa.list_(pa.int64())),
    ("c_map", pa.map_(pa.string(), pa.int32())),
])
DATA_COLUMNS = tuple(SCHEMA.names)
DAY_MS = 86_400_000
BASE_MS = 1_704_067_200_000  # 2024-01-01T00:00:00Z


def make_row(n: int, version: int) -> dict:
    """Row of record n as written by `version` (>= 1, also its ordering value). Every fourth record holds
    nulls in the nullable typed columns, so that null structs, lists and maps travel too."""
    nulls = n % 4 == 3
    v = version
    return {
        "id": f"k{n:03d}",
        "seq": n % 3,
        "ts": v,
        "region": ("eu", "us")[n % 2],
        "part": f"p{n % 3}",
        "event_ms": BASE_MS + (n % 3) * DAY_MS + n * 1000,
        "c_bool": None if nulls else (n + v) % 2 == 0,
        "c_byte": None if nulls else (n * 7 + v) % 256 - 128,
        "c_short": None if nulls else -30000 + n * 100 + v,
        "c_int": None if nulls else -2_000_000_000 + n * 1000 + v,
        "c_long": None if nulls else 9_000_000_000_000 + n * 10 + v,
        "c_float": None if nulls else n * 0.5 + v * 0.25,
        "c_double": None if nulls else n * 1.125 - v * 1e-3,
        "c_string": None if nulls else f"s{n}-v{v} ünï",
        "c_binary": None if nulls else bytes([n % 256, v % 256, 0, 255]),
        "c_decimal": None if nulls else Decimal(f"{n * 13 - 500}.{v % 100:02d}"),
        "c_date": None if nulls else dt.date(2024, 1, 1) + dt.timedelta(days=n * 3 + v),
        "c_timestamp": None if nulls else dt.datetime(2024, 2, 29, 12, 0, tzinfo=dt.timezone.utc)
        + dt.timedelta(seconds=n * 61 + v, microseconds=n * 7),
        "c_struct": None if nulls else {"x": n * v, "y": None if n % 5 == 0 else f"y{n}"},
        "c_list": None if nulls else [n, v, -n * v][: 1 + n % 3],
        "c_map": None if nulls else {f"a{n}": v, "b": None if n % 2 else -v},
    }


def model_rows(rows: list[dict]) -> list[dict]:
    """Rows built in Python (make_row), with maps marked as the readers' rows mark them."""
    types = {f.name: f.type for f in SCHEMA}
    return [{k: _mark_maps(v, types[k]) if k in types else v for k, v in row.items()} for row in rows]


def commit_plan(first_op: str) -> list[tuple[str, list[dict]]]:
    """Five commits: a first load, an upsert of updates and inserts, a delete, a bulk_insert of new keys,
    and an upsert touching old, bulk-inserted and new keys. Ordering values grow with each commit."""
    return [
        (first_op, [make_row(n, 1) for n in range(10)]),
        ("upsert", [make_row(n, 2) for n in (0, 1, 2, 3, 4, 10, 11)]),
        ("delete", [make_row(n, 3) for n in (1, 3, 10)]),
        ("bulk_insert", [make_row(n, 4) for n in range(12, 16)]),
        ("upsert", [make_row(n, 5) for n in (0, 2, 5, 12, 16)]),
    ]


def write_parquet(path: Path, rows: list[dict], drop: tuple[str, ...] = ()) -> Path:
    """Writes `rows` with SCHEMA, minus the columns in `drop`."""
    schema = pa.schema([f for f in SCHEMA if f.name not in drop])
    pq.write_table(pa.Table.from_pylist([{k: v for k, v in r.items() if k not in drop} for r in rows],
                                        schema=schema), path)
    return path


# --------------------------------------------------------------------------------------
# Canonical values: Spark rows, pyarrow rows and hudi-rs rows compare equal when equal in value
# --------------------------------------------------------------------------------------


def canonical(value):
    """One comparable form: maps as ("map", sorted pairs), structs as sorted (name, value) pairs, lists as
    tuples, binary as bytes, timestamps as aware UTC datetimes."""
    if isinstance(value, _MapList):
        return ("map", tuple(sorted(((canonical(k), canonical(v)) for k, v in value), key=repr)))
    if isinstance(value, dict):
        return tuple((k, canonical(v)) for k, v in sorted(value.items()))
    if isinstance(value, (list, tuple)):
        return tuple(canonical(v) for v in value)
    if isinstance(value, bytearray):
        return bytes(value)
    if isinstance(value, dt.datetime):
        # Spark hands out naive local datetimes, pyarrow aware UTC ones: compare instants.
        return value.astimezone(dt.timezone.utc)
    return value


class _MapList(list):
    """A map's entries as (key, value) pairs; every reader's rows mark their maps with it."""


def arrow_rows(table: pa.Table) -> list[dict]:
    """pyarrow rows with maps marked, so that canonical() tells a map from a list of pairs."""
    out = []
    columns = {name: _column_values(table.column(name)) for name in table.column_names}
    for i in range(table.num_rows):
        out.append({name: values[i] for name, values in columns.items()})
    return out


def _column_values(column: pa.ChunkedArray) -> list:
    return [_mark_maps(v, column.type) for v in column.to_pylist()]


def _mark_maps(value, typ: pa.DataType):
    if value is None:
        return None
    if pa.types.is_map(typ):
        pairs = value.items() if isinstance(value, dict) else value
        return _MapList((_mark_maps(k, typ.key_type), _mark_maps(v, typ.item_type)) for k, v in pairs)
    if pa.types.is_struct(typ):
        return {f.name: _mark_maps(value[f.name], f.type) for f in typ}
    if pa.types.is_list(typ) or pa.types.is_large_list(typ):
        return [_mark_maps(v, typ.value_type) for v in value]
    return value


def spark_rows(df) -> list[dict]:
    """A Spark DataFrame's rows (maps are dicts, structs Rows)."""
    fields = {f.name: f.dataType for f in df.schema.fields}
    return [{name: _mark_spark(row[name], fields[name]) for name in fields} for row in df.collect()]


def _mark_spark(value, typ):
    from pyspark.sql import types as T

    if value is None:
        return None
    if isinstance(typ, T.MapType):
        return _MapList((_mark_spark(k, typ.keyType), _mark_spark(v, typ.valueType)) for k, v in value.items())
    if isinstance(typ, T.StructType):
        return {f.name: _mark_spark(value[f.name], f.dataType) for f in typ.fields}
    if isinstance(typ, T.ArrayType):
        return [_mark_spark(v, typ.elementType) for v in value]
    return value


def path_valued(spec: "KeySpec", rows: list[dict]) -> list[dict]:
    """Rows as Spark's base-file-only reads (snapshot, read-optimized and time travel of a copy-on-write
    table) return them: Hudi 0.15's file index fills the partition columns from the partition path, so a
    timestamp-based key's column becomes its partition path text (a string column). Incremental reads
    return the stored values."""
    if not spec.timestamp:
        return rows
    (column,) = spec.partition_fields
    return [{**row, column: row["_hoodie_partition_path"]} for row in rows]


def path_valued_as_stored(spec: "KeySpec", rows: list[dict], stored: list[dict]) -> list[dict]:
    """`rows` (a snapshot read, see path_valued) with the partition column of a timestamp-based key put back
    to its stored value from the model's `stored` records."""
    if not spec.timestamp:
        return rows
    (column,) = spec.partition_fields
    by_key = {r["_hoodie_record_key"]: r[column] for r in stored}
    return [{**row, column: by_key[row["_hoodie_record_key"]]} for row in rows]


def assert_reads(spec: "KeySpec", label: str, spark_rows: list[dict], hoodie_rows: list[dict], expected: list[dict],
                 columns=None, incremental: bool = False) -> None:
    """hoodie's rows hold exactly the model's `expected` records (the model's columns, MODEL_COLUMNS unless
    given; partition columns as the read presents them, see path_valued); Spark's rows equal hoodie's in
    every column."""
    columns = columns or MODEL_COLUMNS
    if not incremental:
        expected = path_valued(spec, expected)
    assert row_set(hoodie_rows, columns) == row_set(model_rows(expected), columns), label
    assert row_set(spark_rows) == row_set(hoodie_rows), label


def row_set(rows: list[dict], columns=None) -> list[tuple]:
    """Sorted canonical tuples of the given columns (all of the row's, in name order, when None)."""
    out = []
    for row in rows:
        names = columns if columns is not None else sorted(row)
        out.append(tuple((name, canonical(row[name])) for name in names))
    return sorted(out, key=repr)


# --------------------------------------------------------------------------------------
# Key generators (Python twins of Hudi's, for the model's expected meta columns)
# --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class KeySpec:
    """One key layout: write options for both writers plus the record key and partition path Hudi
    derives (KeyGenUtils / the key generators' formats)."""
    name: str
    record_key: tuple[str, ...]
    partition_fields: tuple[str, ...]
    keygen: str
    hive_style: bool = False
    timestamp: bool = False

    def options(self) -> dict[str, str]:
        opts = {
            "hoodie.datasource.write.recordkey.field": ",".join(self.record_key),
            "hoodie.datasource.write.partitionpath.field": ",".join(self.partition_fields),
            "hoodie.datasource.write.precombine.field": "ts",
            "hoodie.datasource.write.keygenerator.class": f"org.apache.hudi.keygen.{self.keygen}",
            "hoodie.datasource.write.hive_style_partitioning": str(self.hive_style).lower(),
        }
        if self.timestamp:
            opts.update({
                "hoodie.keygen.timebased.timestamp.type": "EPOCHMILLISECONDS",
                "hoodie.keygen.timebased.output.dateformat": "yyyy/MM/dd",
                "hoodie.keygen.timebased.timezone": "UTC",
            })
        return opts

    def key_of(self, row: dict) -> str:
        if len(self.record_key) == 1 and self.keygen != "ComplexKeyGenerator":
            return str(row[self.record_key[0]])
        return ",".join(f"{f}:{row[f]}" for f in self.record_key)

    def partition_of(self, row: dict) -> str:
        parts = []
        for f in self.partition_fields:
            value = row[f]
            if self.timestamp:
                value = dt.datetime.fromtimestamp(value / 1000, dt.timezone.utc).strftime("%Y/%m/%d")
            parts.append(f"{f}={value}" if self.hive_style else str(value))
        return "/".join(parts)


KEY_SPECS = {
    "simple": KeySpec("simple", ("id",), ("part",), "SimpleKeyGenerator"),
    "complex-hive": KeySpec("complex-hive", ("id", "seq"), ("region", "part"), "ComplexKeyGenerator",
                            hive_style=True),
    "timestamp": KeySpec("timestamp", ("id",), ("event_ms",), "TimestampBasedKeyGenerator", timestamp=True),
    "nonpartitioned": KeySpec("nonpartitioned", ("id",), (), "NonpartitionedKeyGenerator"),
}


# --------------------------------------------------------------------------------------
# The model: what a copy-on-write table holds after each commit
# --------------------------------------------------------------------------------------


@dataclass
class TableModel:
    """Records by record key, each with the meta columns Hudi derives (commit time, key, partition);
    `history` keeps the state after every commit for time travel and incremental reads."""
    spec: KeySpec
    records: dict[str, dict] = field(default_factory=dict)
    history: list[tuple[str, dict[str, dict]]] = field(default_factory=list)

    def apply(self, op: str, instant: str, rows: list[dict]) -> None:
        for row in rows:
            key = self.spec.key_of(row)
            if op == "delete":
                self.records.pop(key, None)
                continue
            self.records[key] = {**row, "_hoodie_commit_time": instant, "_hoodie_record_key": key,
                                 "_hoodie_partition_path": self.spec.partition_of(row)}
        self.history.append((instant, dict(self.records)))

    def instants(self) -> list[str]:
        return [t for t, _ in self.history]

    def as_of(self, instant: str) -> list[dict]:
        state: dict[str, dict] = {}
        for t, records in self.history:
            if t <= instant:
                state = records
        return list(state.values())

    def incremental(self, begin: str, end: str) -> list[dict]:
        return [r for r in self.as_of(end) if begin < r["_hoodie_commit_time"] <= end]


MODEL_COLUMNS = ("_hoodie_commit_time", "_hoodie_record_key", "_hoodie_partition_path", *DATA_COLUMNS)



# --------------------------------------------------------------------------------------
# Writers and readers of the data cases
# --------------------------------------------------------------------------------------

SPARK_SERVICES_OFF = {
    # Keep Spark from running table services in the middle of a case.
    "hoodie.clean.automatic": "false",
    "hoodie.compact.inline": "false",
    "hoodie.archive.automatic": "false",
    "hoodie.upsert.shuffle.parallelism": "2",
    "hoodie.insert.shuffle.parallelism": "2",
    "hoodie.bulkinsert.shuffle.parallelism": "2",
    "hoodie.delete.shuffle.parallelism": "2",
}


class Inputs:
    """Numbered Parquet input files under one folder."""

    def __init__(self, folder: Path, drop: tuple[str, ...] = ()):
        self.folder = folder
        self.folder.mkdir(parents=True, exist_ok=True)
        self.count = 0
        self.drop = drop

    def write(self, rows: list[dict]) -> Path:
        self.count += 1
        return write_parquet(self.folder / f"input-{self.count:03d}.parquet", rows, self.drop)


def hoodie_write(hoodie, path, table_name: str, spec: KeySpec, op: str, input_file: Path,
                 extra: dict[str, str] | None = None) -> str:
    """`hoodie write` of one Parquet input; returns the committed instant."""
    confs = {"hoodie.table.name": table_name, **spec.options(), **(extra or {})}
    args = ["write", "--table", str(path), "--op", op, "--input", str(input_file), "--format", "parquet"]
    for k, v in confs.items():
        args += ["--hoodie-conf", f"{k}={v}"]
    out = hoodie.json(*args)
    assert out["committed"] == "true", out
    return out["instant"]


def hoodie_query(hoodie, path, out_file: Path, *args: str) -> list[dict]:
    """Rows of `hoodie query PATH ARGS` (through its Parquet output, so types stay exact)."""
    hoodie.run("query", str(path), *args, "--format", "parquet", "--out", str(out_file))
    return arrow_rows(pq.read_table(out_file))


def spark_write(spark, path, table_name: str, spec: KeySpec, op: str, input_file: Path,
                extra: dict[str, str] | None = None) -> None:
    opts = {"hoodie.table.name": table_name, "hoodie.datasource.write.table.type": "COPY_ON_WRITE",
            "hoodie.datasource.write.operation": op, **spec.options(), **SPARK_SERVICES_OFF, **(extra or {})}
    spark.read.parquet(str(input_file)).write.format("hudi").options(**opts).mode("append").save(str(path))


def spark_read(spark, path, **options) -> list[dict]:
    return spark_rows(spark.read.format("hudi").options(**options).load(str(path)))


def spark_incremental(spark, path, begin: str, end: str) -> list[dict]:
    return spark_read(spark, path, **{"hoodie.datasource.query.type": "incremental",
                                      "hoodie.datasource.read.begin.instanttime": begin,
                                      "hoodie.datasource.read.end.instanttime": end})


def hudi_rs_snapshot(path, storage_options: dict[str, str] | None = None) -> list[dict]:
    from conftest import hudi_rs_table

    batches = hudi_rs_table(path, storage_options).read()
    if not batches:
        return []
    return arrow_rows(pa.Table.from_batches(batches))


# --------------------------------------------------------------------------------------
# The table on disk, listed by Python
# --------------------------------------------------------------------------------------


def partitions_on_disk(path: Path) -> list[str]:
    """Relative paths of the folders holding `.hoodie_partition_metadata` ("" for the base path)."""
    out = []
    for marker in Path(path).rglob(".hoodie_partition_metadata"):
        if ".hoodie" in marker.relative_to(path).parts[:-1]:
            continue
        relative = marker.parent.relative_to(path).as_posix()
        out.append("" if relative == "." else relative)
    return sorted(out)


def base_files_on_disk(path: Path) -> list[tuple[str, str]]:
    """(partition, file name) of every base file."""
    out = []
    for partition in partitions_on_disk(path):
        folder = Path(path) / partition if partition else Path(path)
        out += [(partition, f.name) for f in folder.iterdir() if f.is_file() and f.name.endswith(".parquet")]
    return sorted(out)


def latest_base_files_on_disk(path: Path, completed: list[str]) -> list[tuple[str, str]]:
    """The newest base file of each file group among those of completed instants
    (fileId_writeToken_instant.parquet)."""
    latest: dict[tuple[str, str], tuple[str, str]] = {}
    for partition, name in base_files_on_disk(path):
        file_id, _, rest = name.partition("_")
        instant = rest.rsplit("_", 1)[-1].removesuffix(".parquet")
        if instant not in completed:
            continue
        key = (partition, file_id)
        if key not in latest or latest[key][0] < instant:
            latest[key] = (instant, name)
    return sorted((partition, name) for (partition, _), (_, name) in latest.items())
