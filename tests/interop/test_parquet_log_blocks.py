"""Parquet log data blocks (hoodie.logfile.data.block.format=parquet) against real Apache Hudi 0.15 (Spark 3.5).

hoodie writes merge-on-read updates as PARQUET_DATA_BLOCKs the way Hudi's HoodieAppendHandle does: the same
block framing and header, and an embedded Parquet file with parquet-avro's schema (old two-level lists,
MAP_KEY_VALUE maps) and footer keys. Spark reads hoodie's blocks, hoodie reads and compacts Spark's, and a
slice mixing Avro and Parquet blocks from both writers reads the same in both.
"""

from __future__ import annotations

import io
import struct
from pathlib import Path

import pyarrow.parquet as pq
from table_model import (KEY_SPECS, Inputs, TableModel, assert_reads, hoodie_query, hoodie_write, make_row,
                         spark_read, spark_write)

TABLE = "pb_blocks"
SPEC = KEY_SPECS["simple"]
MOR = {"hoodie.datasource.write.table.type": "MERGE_ON_READ"}
PARQUET = {**MOR, "hoodie.logfile.data.block.format": "parquet"}
SPARK_MOR = {**MOR, "hoodie.metadata.enable": "false"}
SPARK_PARQUET = {**PARQUET, "hoodie.metadata.enable": "false"}
RO = {"hoodie.datasource.query.type": "read_optimized"}
# Schedule at the first deltacommit instead of Hudi's default five.
EVERY = ("--hoodie-conf", "hoodie.compact.inline.max.delta.commits=1")

# Inserts (base files), updates with new keys, a delete and more updates.
PLAN = [
    ("insert", [make_row(n, 1) for n in range(9)]),
    ("upsert", [make_row(n, 2) for n in (0, 1, 2, 3, 4, 5, 9)]),
    ("delete", [make_row(n, 3) for n in (1, 4)]),
    ("upsert", [make_row(n, 4) for n in (0, 2, 3, 6, 7)]),
]


def log_blocks(path: Path) -> list[dict]:
    """Every block of every log file under `path`: type, format version, header keys, footer, content."""
    out = []
    for log in sorted(p for p in path.rglob(".*.log.*") if not p.name.endswith(".crc")):
        data = log.read_bytes()
        offset = 0
        while offset < len(data):
            assert data[offset:offset + 6] == b"#HUDI#", (log, offset)
            size, = struct.unpack(">q", data[offset + 6:offset + 14])
            pos = offset + 14
            version, kind, count = struct.unpack(">iii", data[pos:pos + 12])
            pos += 12
            header = {}
            for _ in range(count):
                key, length = struct.unpack(">ii", data[pos:pos + 8])
                header[key] = data[pos + 8:pos + 8 + length].decode()
                pos += 8 + length
            length, = struct.unpack(">q", data[pos:pos + 8])
            content = data[pos + 8:pos + 8 + length]
            pos += 8 + length
            footer_count, = struct.unpack(">i", data[pos:pos + 4])
            reverse, = struct.unpack(">q", data[pos + 4:pos + 12])
            assert pos + 12 == offset + 14 + size and reverse == size + 6, log
            out.append({"file": log.name, "slice": (log.parent.name, log.name.split(".log.")[0]),
                        "version": version, "type": kind, "header": header,
                        "footer_count": footer_count, "content": content})
            offset = pos + 12
    return out


def embedded_parquet(block: dict) -> pq.ParquetFile:
    return pq.ParquetFile(io.BytesIO(block["content"]))


def parquet_schema_text(block: dict) -> str:
    """The embedded file's Parquet schema as Parquet C++ prints it (without pyarrow's object line)."""
    return str(embedded_parquet(block).schema).split("\n", 1)[1]


def data_block_types(path: Path) -> list[int]:
    return [b["type"] for b in log_blocks(path) if b["type"] in (3, 5)]


def write_all(writer, plan, model, path, inputs, extra_of):
    for i, (op, rows) in enumerate(plan):
        instant = writer(path, op, inputs.write(rows), extra_of(i))
        model.apply(op, instant, rows)


def hoodie_writer(hoodie):
    return lambda path, op, input_file, extra: hoodie_write(hoodie, path, TABLE, SPEC, op, input_file, extra)


def spark_writer(spark, hudi_java):
    def write(path, op, input_file, extra):
        spark_write(spark, path, TABLE, SPEC, op, input_file, extra)
        return hudi_java.completed_commits(path)[-1]
    return write


def assert_all_reads(spark, hoodie, path, out, model):
    instants = model.instants()
    assert_reads(SPEC, "snapshot", spark_read(spark, path), hoodie_query(hoodie, path, out),
                 model.as_of(instants[-1]))
    for t in instants[:-1]:
        assert_reads(SPEC, f"as of {t}", spark_read(spark, path, **{"as.of.instant": t}),
                     hoodie_query(hoodie, path, out, "--as-of", t), model.as_of(t))


def test_spark_reads_hoodie_parquet_log_blocks(spark, hudi_java, hoodie, tmp_path):
    """hoodie writes its merge-on-read updates as Parquet data blocks; Spark reads every commit exactly, and the blocks are laid out as Spark's.

    Four commits of every column type (insert, upsert, delete, upsert) with
    hoodie.logfile.data.block.format=parquet: every data block hoodie wrote is a PARQUET_DATA_BLOCK. Spark's
    snapshot and time travel to each commit equal hoodie's reads and the model, all columns. Spark then
    writes the same commits into a table of the same name: its blocks and hoodie's have the same format
    version, header keys (INSTANT_TIME, SCHEMA), empty footer, embedded Parquet schema (parquet-avro's) and
    Parquet footer keys."""
    path = tmp_path / "hoodie" / TABLE
    model = TableModel(SPEC)
    write_all(hoodie_writer(hoodie), PLAN, model, path, Inputs(tmp_path / "in"), lambda i: PARQUET)
    assert data_block_types(path) and set(data_block_types(path)) == {5}
    assert_all_reads(spark, hoodie, path, tmp_path / "out.parquet", model)

    spark_path = tmp_path / "spark" / TABLE
    write_all(spark_writer(spark, hudi_java), PLAN, TableModel(SPEC), spark_path, Inputs(tmp_path / "in2"),
              lambda i: SPARK_PARQUET)
    ours = [b for b in log_blocks(path) if b["type"] == 5]
    theirs = [b for b in log_blocks(spark_path) if b["type"] == 5]
    assert theirs
    for block in ours + theirs:
        assert (block["version"], sorted(block["header"]), block["footer_count"]) == (1, [0, 2], 0)
        parquet = embedded_parquet(block)
        assert sorted(parquet.metadata.metadata) == [b"parquet.avro.schema", b"writer.model.name"]
        assert parquet.metadata.metadata[b"parquet.avro.schema"].decode() == block["header"][2]
        assert parquet.metadata.metadata[b"writer.model.name"] == b"avro"
    assert {parquet_schema_text(b) for b in ours} == {parquet_schema_text(b) for b in theirs}


def test_hoodie_reads_and_compacts_spark_parquet_log_blocks(spark, hudi_java, hoodie, tmp_path):
    """Spark writes merge-on-read updates as Parquet data blocks; hoodie reads every commit exactly, compacts the table, and Spark reads the compacted table exactly.

    `hoodie compaction run --schedule` folds Spark's Parquet blocks into new base files; Spark's snapshot and
    read-optimized views then equal the snapshot before, as do hoodie's."""
    path = tmp_path / "t" / TABLE
    model = TableModel(SPEC)
    write_all(spark_writer(spark, hudi_java), PLAN, model, path, Inputs(tmp_path / "in"),
              lambda i: SPARK_PARQUET)
    assert set(data_block_types(path)) == {5}
    out = tmp_path / "out.parquet"
    assert_all_reads(spark, hoodie, path, out, model)
    latest = model.as_of(model.instants()[-1])
    ran = hoodie.json("compaction", "run", "--schedule", "--table", path, *EVERY)
    assert ran, "hoodie compacted nothing"
    for label, options, args in (("snapshot", {}, ()), ("read_optimized", RO, ("--query-type", "read_optimized"))):
        assert_reads(SPEC, f"compacted {label}", spark_read(spark, path, **options),
                     hoodie_query(hoodie, path, out, *args), latest)


def test_slice_mixing_avro_and_parquet_blocks_of_both_writers(spark, hudi_java, hoodie, tmp_path):
    """One file slice holds Avro and Parquet data blocks written by Spark and by hoodie; both read it exactly, before and after hoodie compacts it.

    Spark inserts and upserts with Avro blocks, hoodie upserts with Parquet blocks, Spark upserts with Parquet
    blocks, hoodie deletes and upserts with Avro blocks: the slices carry both block types in write order,
    Spark's and hoodie's snapshots and time travel equal the model, and after `hoodie compaction run
    --schedule` Spark's read-optimized view equals the snapshot."""
    path = tmp_path / "t" / TABLE
    model = TableModel(SPEC)
    inputs = Inputs(tmp_path / "in")
    spark_w, hoodie_w = spark_writer(spark, hudi_java), hoodie_writer(hoodie)
    steps = [
        (spark_w, "insert", [make_row(n, 1) for n in range(6)], SPARK_MOR),
        (spark_w, "upsert", [make_row(n, 2) for n in (0, 1, 2)], SPARK_MOR),
        (hoodie_w, "upsert", [make_row(n, 3) for n in (0, 3, 4)], PARQUET),
        (spark_w, "upsert", [make_row(n, 4) for n in (1, 3, 5)], SPARK_PARQUET),
        (hoodie_w, "delete", [make_row(n, 5) for n in (2,)], MOR),
        (hoodie_w, "upsert", [make_row(n, 6) for n in (0, 5)], MOR),
    ]
    for writer, op, rows, extra in steps:
        instant = writer(path, op, inputs.write(rows), extra)
        model.apply(op, instant, rows)
    kinds_by_slice: dict[tuple, list[int]] = {}
    for block in log_blocks(path):
        if block["type"] in (3, 5):
            kinds_by_slice.setdefault(block["slice"], []).append(block["type"])
    assert any({3, 5} <= set(kinds) for kinds in kinds_by_slice.values()), kinds_by_slice
    out = tmp_path / "out.parquet"
    assert_all_reads(spark, hoodie, path, out, model)
    ran = hoodie.json("compaction", "run", "--schedule", "--table", path, *EVERY)
    assert ran, "hoodie compacted nothing"
    latest = model.as_of(model.instants()[-1])
    assert_reads(SPEC, "compacted read_optimized", spark_read(spark, path, **RO),
                 hoodie_query(hoodie, path, out, "--query-type", "read_optimized"), latest)
    assert_reads(SPEC, "compacted snapshot", spark_read(spark, path), hoodie_query(hoodie, path, out), latest)


def test_spark_compacts_hoodie_parquet_log_blocks(spark, hudi_java, hoodie, tmp_path):
    """Spark's run_compaction folds hoodie's Parquet data blocks into base files; both read the compacted table exactly.

    hoodie writes the four commits with hoodie.logfile.data.block.format=parquet; Spark (Hudi 0.15, the
    run_compaction procedure) schedules and runs a compaction, which completes as one `commit`; Spark's and
    hoodie's snapshot and read-optimized views then equal the model's latest rows, and time travel to the
    last deltacommit still reads the logs."""
    path = tmp_path / "t" / TABLE
    model = TableModel(SPEC)
    write_all(hoodie_writer(hoodie), PLAN, model, path, Inputs(tmp_path / "in"), lambda i: PARQUET)
    assert set(data_block_types(path)) == {5}
    spark.sql("set hoodie.compact.inline.max.delta.commits=1")
    spark.sql(f"call run_compaction(op => 'run', path => '{path}')").collect()
    compactions = [t for t, a, s in hudi_java.active_instants(path) if a == "commit" and s == "COMPLETED"]
    assert len(compactions) == 1, hudi_java.active_instants(path)
    out = tmp_path / "out.parquet"
    last_delta = model.instants()[-1]
    latest = model.as_of(last_delta)
    for label, options, args in (("snapshot", {}, ()), ("read_optimized", RO, ("--query-type", "read_optimized"))):
        assert_reads(SPEC, f"compacted {label}", spark_read(spark, path, **options),
                     hoodie_query(hoodie, path, out, *args), latest)
    assert_reads(SPEC, f"as of {last_delta}", spark_read(spark, path, **{"as.of.instant": last_delta}),
                 hoodie_query(hoodie, path, out, "--as-of", last_delta), latest)
