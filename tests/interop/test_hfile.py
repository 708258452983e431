"""HFile (format/hfile) against real Apache Hudi 0.15: the files of a metadata table Spark wrote, both ways.

Spark 3.5.1 + Hudi 0.15 writes a copy-on-write table with its metadata table on, every partition of it
(files, column_stats, bloom_filters, record_index): four commits. hoodie's reader then reads every HFile of
that metadata table, the `files` base file and the HFile data blocks of every log, and decodes each value
with the file's own Avro schema (metadata-test's HFileInteropTest, run with the folders in its
environment). The keys it reads are the ones the data implies: the partitions, the record keys, and, for
bloom_filters and column_stats, the keys hoodie derives from the data table's base files (XXH64 of the
partition, MD5 of the file name), which Spark wrote; and the `files` partition, merged by hoodie from its
base file and logs as Hudi merges its records, lists each partition's files as Hudi's own metadata reader
does; and the record index, decoded by hoodie, puts every key in the partition and file group where Spark's
read finds it, at an instant Spark committed; and the column statistics hoodie decodes are each base
file's Parquet footer, as are its bloom filters, which admit every key of their files. The other way round, HFiles that hoodie's
writer made (the `files` base file rewritten cell for cell, and 20,000 records in 16 KiB blocks) are read by
both of Hudi 0.15's HFile readers, its own (`HoodieNativeAvroHFileReader`, hudi-io) and HBase 2.4's
(`HoodieHBaseAvroHFileReader`): every row in order, point lookups, a prefix scan, the minimum and maximum
keys and the bloom filter.
"""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import pyarrow.parquet as pq
from conftest import ROOT
from table_model import KEY_SPECS, Inputs, make_row, spark_write

MDT_ON = {"hoodie.metadata.enable": "true", "hoodie.metadata.index.column.stats.enable": "true",
          "hoodie.metadata.index.bloom.filter.enable": "true", "hoodie.metadata.record.index.enable": "true"}


def run_cpp_half(test: str, mdt: Path, out: Path) -> None:
    binary = Path(os.environ.get("HOODIE_BUILD_DIR", ROOT / "build")) / "src/hoodie/metadata/metadata-test"
    env = {**os.environ, "HOODIE_INTEROP_MDT": str(mdt), "HOODIE_INTEROP_OUT": str(out)}
    done = subprocess.run([str(binary), f"--gtest_filter=HFileInteropTest.{test}"], env=env,
                          capture_output=True, text=True)
    assert done.returncode == 0 and "[  PASSED  ] 1 test" in done.stdout, done.stdout + done.stderr


def jvm_readers(spark, path: Path):
    jvm = spark._jvm
    conf = jvm.org.apache.hudi.storage.hadoop.HadoopStorageConfiguration(spark._jsc.hadoopConfiguration())
    storage_path = jvm.org.apache.hudi.storage.StoragePath(str(path))
    storage = jvm.org.apache.hudi.storage.HoodieStorageUtils.getStorage(storage_path, conf)
    empty = jvm.org.apache.hudi.common.util.Option.empty()
    return {"native": jvm.org.apache.hudi.io.storage.HoodieNativeAvroHFileReader(storage, storage_path, empty),
            "hbase": jvm.org.apache.hudi.io.hadoop.HoodieHBaseAvroHFileReader(conf, storage_path, empty)}


def all_rows(reader) -> list[str]:
    schema = reader.getSchema()
    rows, it = [], reader.getIndexedRecordIterator(schema, schema)
    while it.hasNext():
        rows.append(str(it.next()))
    return rows


def lookup(spark, reader, key: str, prefix: bool = False) -> int:
    keys = spark._jvm.java.util.Collections.singletonList(key)
    schema = reader.getSchema()
    it = reader.getRecordsByKeyPrefixIterator(keys, schema) if prefix else reader.getRecordsByKeysIterator(keys, schema)
    found = 0
    while it.hasNext():
        it.next()
        found += 1
    return found


def test_hfiles_of_a_spark_metadata_table_both_ways(spark, hudi_java, tmp_path):
    path, out = tmp_path / "t", tmp_path / "out"
    out.mkdir()
    inputs = Inputs(tmp_path / "in")
    spec = KEY_SPECS["simple"]
    keys = set()
    for round_, op in enumerate(["insert", "upsert", "upsert", "upsert"]):
        rows = [make_row(n, round_ + 1) for n in range(round_ * 2, round_ * 2 + 6)]
        keys |= {row["id"] for row in rows}
        spark_write(spark, path, "hf", spec, op, inputs.write(rows), extra=MDT_ON)
    mdt = path / ".hoodie" / "metadata"

    # hoodie reads every HFile of Spark's metadata table, and each value decodes to its last byte.
    run_cpp_half("ReadsEveryHFileOfSparksMetadataTable", mdt, out)
    read = json.loads((out / "read.json").read_text())
    bloom_key_of = read.pop("expected_bloom_keys")  # file name -> key, by hoodie's hashes
    expected_bloom_keys = set(bloom_key_of.values())
    merged_files = read.pop("merged_files")
    record_index = read.pop("record_index")
    column_stats = read.pop("column_stats")
    bloom_filters = read.pop("bloom_filters")
    by_partition: dict[str, set] = {}
    for where, found in read.items():
        by_partition.setdefault(where.split("/")[0], set()).update(found)
    assert set(by_partition) == {"files", "column_stats", "bloom_filters", "record_index"}
    partitions = {p.name for p in path.iterdir() if p.is_dir() and not p.name.startswith(".")}
    assert by_partition["files"] == {"__all_partitions__"} | partitions
    assert by_partition["record_index"] == keys
    assert by_partition["bloom_filters"] == expected_bloom_keys  # every base file, by hoodie's hashes
    assert {k[12:] for k in by_partition["column_stats"]} == expected_bloom_keys  # column hash first
    # The files partition merged by hoodie lists what Hudi's own metadata reader lists.
    assert sorted(merged_files["__all_partitions__"]) == sorted(partitions)
    assert sorted((p, name) for p in partitions for name in merged_files[p]) == \
        hudi_java.metadata_table_files(path, sorted(partitions))
    # The record index decoded by hoodie puts every key where Spark's read finds it, written by a commit.
    rows = spark.read.format("hudi").load(str(path)).select(
        "_hoodie_record_key", "_hoodie_partition_path", "_hoodie_file_name").collect()
    commits = set(hudi_java.completed_commits(path))
    assert {key: (partition, file_id) for key, (partition, file_id, _) in record_index.items()} == \
        {r[0]: (r[1], r[2].split("_")[0]) for r in rows}
    assert {instant for _, _, instant in record_index.values()} <= commits
    # Column statistics decoded by hoodie are each base file's Parquet footer (string and long columns).
    data_files = sorted(path.glob("*/*.parquet"))
    assert set(column_stats) == {f.name for f in data_files}
    for data_file in data_files:
        meta = pq.ParquetFile(data_file).metadata
        for column in ("id", "ts", "_hoodie_record_key"):
            chunk = meta.row_group(0).column(meta.schema.names.index(column))
            stats = chunk.statistics
            expected = [stats.min, stats.max, stats.null_count, chunk.num_values]
            assert meta.num_row_groups == 1 and column_stats[data_file.name][column] == expected, (data_file, column)
    # Each base file's bloom filter in the metadata table is its footer's, and admits the file's keys.
    for data_file in data_files:
        footer = pq.ParquetFile(data_file).metadata.metadata
        bloom_type, instant, filter_text, admits = bloom_filters[bloom_key_of[data_file.name]]
        assert filter_text == footer[b"org.apache.hudi.bloomfilter"].decode(), data_file
        assert bloom_type == footer[b"hoodie_bloom_filter_type_code"].decode()
        assert instant == data_file.name.rsplit("_", 1)[1].split(".")[0]
        file_keys = {str(k) for k in pq.read_table(data_file, columns=["_hoodie_record_key"]).column(0).to_pylist()}
        assert file_keys <= set(admits), data_file
    assert len(bloom_filters) == len(data_files)
    base = next((mdt / "files").glob("*.hfile"))
    java_keys = {json.loads(row)["key"] for row in all_rows(jvm_readers(spark, base)["native"])}
    assert set(read[f"files/{base.name}"]) == java_keys

    # Hudi's two readers read what hoodie's writer wrote.
    run_cpp_half("WritesHFilesForHudisReaders", mdt, out)
    for name, reader in jvm_readers(spark, out / "rewritten.hfile").items():
        original = jvm_readers(spark, base)[name]
        assert all_rows(reader) == all_rows(original), name
        assert lookup(spark, reader, "__all_partitions__") == 1, name
        assert list(reader.readMinMaxRecordKeys()) == list(original.readMinMaxRecordKeys()), name
        assert reader.readBloomFilter().serializeToString() == original.readBloomFilter().serializeToString(), name
    for name, reader in jvm_readers(spark, out / "big.hfile").items():
        assert reader.getTotalRecords() == 20000, name
        rows = [json.loads(row)["key"] for row in all_rows(reader)]
        assert rows == [f"p{i:05d}" for i in range(20000)], name
        assert [lookup(spark, reader, k) for k in ("p00000", "p07777", "p19999", "p20000", "a")] == [1, 1, 1, 0, 0], name
        assert lookup(spark, reader, "p0123", prefix=True) == 10, name
