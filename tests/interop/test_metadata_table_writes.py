"""hoodie keeps the metadata table (`hoodie.metadata.enable=true`), and Spark + Hudi 0.15 shares it.

hoodie writes, cleans and rolls back with the metadata table on, alternating with Spark writers that keep
it too (Hudi's default). After every step, Hudi's own metadata reader (HoodieTableMetadata over the `files`
partition) lists exactly the data files on disk, Spark's reads with the metadata table on return exactly
the model's rows, hoodie's query agrees, and `hoodie metadata validate` finds the metadata table's listing equal
to storage's, whichever engine wrote last. Neither writer re-bootstraps the other's metadata table: its
first instant stays `00000000000000010` and every data instant has its deltacommit there. Both compact it
(`hoodie.metadata.compact.max.delta.commits=3`), each reading the other's files. A hoodie rollback of the
latest commit adds a metadata deltacommit R and `R006.rollback` undoing the rolled-back deltacommit (Hudi
refuses to roll back a commit the metadata table has compacted; hoodie then disables the metadata table,
which the next write rebuilds).
"""

from __future__ import annotations

from pathlib import Path

import pyarrow.parquet as pq
import pytest
from table_model import (KEY_SPECS, MODEL_COLUMNS, Inputs, TableModel, arrow_rows, hoodie_query, hoodie_write,
                         make_row, model_rows, partitions_on_disk, row_set, spark_read, spark_rows, spark_write)

from conftest import read_java_properties

MDT = {"hoodie.metadata.enable": "true", "hoodie.metadata.compact.max.delta.commits": "3"}


def data_files_on_disk(path: Path) -> list[tuple[str, str]]:
    """(partition, name) of every base and log file."""
    out = []
    for partition in partitions_on_disk(path):
        folder = Path(path) / partition if partition else Path(path)
        out += [(partition, f.name) for f in folder.iterdir()
                if f.is_file() and (f.name.endswith(".parquet") or ".log." in f.name) and not f.name.endswith(".crc")]
    return sorted(out)


@pytest.mark.parametrize("table_type", ["COPY_ON_WRITE", "MERGE_ON_READ"])
def test_hoodie_and_spark_share_one_metadata_table(spark, hudi_java, hoodie, tmp_path, table_type):
    """hoodie and Spark alternate on one table, both keeping the metadata table; after every write, clean,
    compaction and rollback Hudi's metadata reader lists exactly the files on disk, MDT-backed reads of both
    engines equal the model, and neither re-bootstraps it."""
    spec = KEY_SPECS["simple"]
    path = tmp_path / "t"
    mdt = path / ".hoodie" / "metadata"
    inputs = Inputs(tmp_path / "in")
    model = TableModel(spec)
    out = tmp_path / "out.parquet"
    options = {**MDT, "hoodie.datasource.write.table.type": table_type}

    def check(label):
        props = read_java_properties(path / ".hoodie" / "hoodie.properties")
        assert props["hoodie.table.metadata.partitions"] == "files", label
        assert props.get("hoodie.table.metadata.partitions.inflight", "") == "", label
        assert hudi_java.metadata_table_files(path, partitions_on_disk(path)) == data_files_on_disk(path), label
        mdt_instants = hudi_java.active_instants(mdt)
        assert mdt_instants[0][0] == "00000000000000010", label  # never re-bootstrapped
        assert [i for i in mdt_instants if i[0].endswith("010") and len(i[0]) == 17 and i[0] != "00000000000000010"] == []
        completed = {i[0] for i in mdt_instants if i[2] == "COMPLETED"}
        assert set(hudi_java.completed_commits(path)) <= completed, label
        assert hoodie.json("metadata", "validate", "--table", str(path)) == [], label
        expected = row_set(model_rows(model.records.values()), MODEL_COLUMNS)
        assert row_set(spark_read(spark, path, **{"hoodie.metadata.enable": "true"}), MODEL_COLUMNS) == expected, label
        assert row_set(hoodie_query(hoodie, path, out), MODEL_COLUMNS) == expected, label
        # hoodie's read through the metadata table, whichever engine wrote it last: same rows, and no
        # fallback to a storage listing.
        proc = hoodie.run("query", str(path), "--hoodie-conf", "hoodie.metadata.enable=true", "--format", "parquet",
                          "--out", str(out))
        assert "listing storage instead" not in proc.stderr, (label, proc.stderr)
        assert row_set(arrow_rows(pq.read_table(out)), MODEL_COLUMNS) == expected, label

    def hoodie_step(op, rows):
        model.apply(op, hoodie_write(hoodie, path, "mdtw", spec, op, inputs.write(rows), options), rows)
        check(f"after hoodie {op}")

    def spark_step(op, rows):
        spark_write(spark, path, "mdtw", spec, op, inputs.write(rows), options)
        model.apply(op, hudi_java.completed_commits(path)[-1], rows)
        check(f"after Spark {op}")

    hoodie_step("insert", [make_row(n, 1) for n in range(8)])
    hoodie_step("upsert", [make_row(n, 2) for n in (0, 8)])
    spark_step("upsert", [make_row(n, 3) for n in (1, 2, 9)])
    hoodie_step("upsert", [make_row(n, 4) for n in (3, 9, 10)])
    hoodie_step("upsert", [make_row(n, 5) for n in (0, 10, 11)])
    spark_step("upsert", [make_row(n, 6) for n in (4, 12)])
    hoodie_step("delete", [make_row(n, 7) for n in (2, 11)])
    mdt_actions = hudi_java.active_instants(mdt)
    compactions = [t for t, action, state in mdt_actions if action == "commit" and state == "COMPLETED"]
    assert compactions and all(t.endswith("001") for t in compactions), mdt_actions

    # A clean deletes files: the metadata table lists them no longer.
    hoodie.json("clean", "--table", str(path), "--hoodie-conf", "hoodie.cleaner.commits.retained=2",
                *[a for k, v in MDT.items() for a in ("--hoodie-conf", f"{k}={v}")])
    check("after hoodie clean")

    # Rolling back the latest commit (one after the metadata table's last compaction, as Hudi requires): a
    # deltacommit R, then R006 undoes its deltacommit.
    hoodie_step("upsert", [make_row(n, 8) for n in (6, 14)])
    latest = hudi_java.completed_commits(path)[-1]
    hoodie.json("rollback", "--table", str(path), "--instant", latest,
                *[a for k, v in MDT.items() for a in ("--hoodie-conf", f"{k}={v}")])
    model.history.pop()
    model.records = dict(model.history[-1][1])
    rollback = [t for t, action, state in hudi_java.active_instants(path) if action == "rollback"][-1]
    mdt_after = hudi_java.active_instants(mdt)
    assert (rollback, "deltacommit", "COMPLETED") in mdt_after
    assert (rollback + "006", "rollback", "COMPLETED") in mdt_after
    assert latest not in {t for t, action, _ in mdt_after if action == "deltacommit"}
    check("after hoodie rollback")
    spark_step("upsert", [make_row(n, 9) for n in (5, 13)])


@pytest.mark.parametrize("table_type", ["COPY_ON_WRITE", "MERGE_ON_READ"])
def test_hoodie_restore_restores_the_metadata_table_that_spark_keeps(spark, hudi_java, hoodie, tmp_path,
                                                                     table_type):
    """`hoodie restore` restores the metadata table with the data table, as Hudi 0.15's
    HoodieBackedTableMetadataWriter does for a restore: the metadata table's own restore, then one deltacommit
    (both at new instants) bringing its listing in step with what the cleans since the savepoint deleted.
    Hudi's metadata reader then lists exactly the data files on disk, hoodie.properties still lists the
    partition, Spark reads the savepoint's rows with the metadata table on, and Spark's next write keeps the
    metadata table without building it again."""
    spec = KEY_SPECS["simple"]
    path = tmp_path / "t"
    mdt = path / ".hoodie" / "metadata"
    inputs = Inputs(tmp_path / "in")
    model = TableModel(spec)
    options = {**MDT, "hoodie.datasource.write.table.type": table_type, "hoodie.clean.automatic": "false"}
    conf = [a for k, v in options.items() for a in ("--hoodie-conf", f"{k}={v}")]

    def write(op, rows):
        model.apply(op, hoodie_write(hoodie, path, "mdtr", spec, op, inputs.write(rows), options), rows)

    write("insert", [make_row(n, 1) for n in range(6)])
    write("upsert", [make_row(n, 2) for n in (0, 6)])
    savepoint = hudi_java.completed_commits(path)[-1]
    saved = dict(model.records)
    hoodie.json("savepoint", "create", "--table", str(path), "--instant", savepoint, *conf)
    write("upsert", [make_row(n, 3) for n in (0, 1, 7)])
    write("upsert", [make_row(n, 4) for n in (0, 2)])
    hoodie.json("clean", "--table", str(path), "--hoodie-conf", "hoodie.cleaner.commits.retained=1", *conf)
    before = {t for t, _, _ in hudi_java.active_instants(mdt)}
    hoodie.json("restore", "--table", str(path), "--instant", savepoint, *conf)
    model.records = saved

    props = read_java_properties(path / ".hoodie" / "hoodie.properties")
    assert props["hoodie.table.metadata.partitions"] == "files"
    new = [(t, action, state) for t, action, state in hudi_java.active_instants(mdt) if t not in before]
    assert [(action, state) for _, action, state in new] == [("restore", "COMPLETED"),
                                                             ("deltacommit", "COMPLETED")], new
    assert hudi_java.metadata_table_files(path, partitions_on_disk(path)) == data_files_on_disk(path)
    assert hoodie.json("metadata", "validate", "--table", str(path)) == []
    expected = row_set(model_rows(model.records.values()), MODEL_COLUMNS)
    assert row_set(spark_read(spark, path, **{"hoodie.metadata.enable": "true"}), MODEL_COLUMNS) == expected

    rows = [make_row(n, 5) for n in (3, 8)]
    spark_write(spark, path, "mdtr", spec, "upsert", inputs.write(rows), options)
    model.apply("upsert", hudi_java.completed_commits(path)[-1], rows)
    assert hudi_java.active_instants(mdt)[0][0] == "00000000000000010"  # not built again
    assert hudi_java.metadata_table_files(path, partitions_on_disk(path)) == data_files_on_disk(path)
    expected = row_set(model_rows(model.records.values()), MODEL_COLUMNS)
    assert row_set(spark_read(spark, path, **{"hoodie.metadata.enable": "true"}), MODEL_COLUMNS) == expected
    assert hoodie.json("metadata", "validate", "--table", str(path)) == []


COLUMN_STATS = {**MDT, "hoodie.metadata.index.column.stats.enable": "true"}
STATS_COLUMNS = ("_hoodie_record_key", "id", "ts", "c_int")


def footer_stats(path: Path, partition: str, name: str, column: str) -> tuple:
    """(min, max, null count, value count, deleted) of `column` from the Parquet footer, as text."""
    meta = pq.ParquetFile(Path(path) / partition / name).metadata
    index = meta.schema.names.index(column)
    mins, maxs, nulls, values = [], [], 0, 0
    for group in range(meta.num_row_groups):
        chunk = meta.row_group(group).column(index)
        values += chunk.num_values
        nulls += chunk.statistics.null_count
        if chunk.statistics.has_min_max:
            mins.append(chunk.statistics.min)
            maxs.append(chunk.statistics.max)
    return (str(min(mins)) if mins else None, str(max(maxs)) if maxs else None, nulls, values, False)


def index_partitions_built(hudi_java, path: Path, partitions: str, inits: int, label: str) -> list:
    """Checks hoodie.properties lists `partitions` and the metadata table's initialization instants are
    the first `inits` of `…010`, `…011`, … (nothing rebuilt); returns the Parquet files on disk."""
    props = read_java_properties(path / ".hoodie" / "hoodie.properties")
    assert props["hoodie.table.metadata.partitions"] == partitions, label
    found = [t for t, _, _ in hudi_java.active_instants(path / ".hoodie" / "metadata")
             if len(t) == 17 and t.startswith("0" * 14)]
    assert found == [f"000000000000000{10 + i}" for i in range(inits)], (label, found)
    return [(p, f) for p, f in data_files_on_disk(path) if f.endswith(".parquet")]


def test_hoodie_column_stats_are_read_by_hudi_and_skip_files_in_spark(spark, hudi_java, hoodie, tmp_path):
    """With `hoodie.metadata.index.column.stats.enable=true` hoodie builds the column_stats partition (at
    `00000000000000011`, after `files`) and keeps it through writes and a clean, alternating with a Spark
    writer that keeps it too: Hudi's own HoodieTableMetadata.getColumnStats reads, for every base file on
    disk and every column checked (string, long, nullable int, the record key), exactly the file's Parquet
    footer statistics (minimum, maximum, null and value counts), and Spark's reads with data skipping
    (`hoodie.enable.data.skipping=true`) over those statistics return exactly the model's rows; so do
    hoodie's, reading (`--explain`) only the latest base files whose footer admits the filter. Neither
    writer builds the partition again."""
    spec = KEY_SPECS["simple"]
    path = tmp_path / "t"
    inputs = Inputs(tmp_path / "in")
    model = TableModel(spec)

    def check(label):
        files = index_partitions_built(hudi_java, path, "column_stats,files", 2, label)
        for column in STATS_COLUMNS:
            expected = {(p, f): footer_stats(path, p, f, column) for p, f in files}
            assert hudi_java.metadata_column_stats(path, files, column) == expected, (label, column)
        # hoodie's validation agrees: listing, and every column of every latest base file.
        assert hoodie.json("metadata", "validate", "--table", str(path)) == [], label
        wanted = row_set([r for r in model_rows(model.records.values()) if r["ts"] >= 3], MODEL_COLUMNS)
        read = spark.read.format("hudi").options(**{"hoodie.metadata.enable": "true",
                                                    "hoodie.enable.data.skipping": "true"}).load(str(path))
        assert row_set(spark_rows(read.filter("ts >= 3")), MODEL_COLUMNS) == wanted, label
        # hoodie's own data skipping over the same statistics, whichever engine wrote them: the same
        # rows, reading only the latest base files whose footer admits ts >= 3.
        latest = hudi_java.latest_base_files(path, partitions_on_disk(path))
        admitting = [f for p, f in latest if int(footer_stats(path, p, f, "ts")[1]) >= 3]
        proc = hoodie.run("query", str(path), "--where", "ts>=3", "--explain", "--format", "parquet",
                          "--out", str(tmp_path / "skip.parquet"), "--hoodie-conf", "hoodie.enable.data.skipping=true")
        assert f"explain: files read {len(admitting)} of {len(latest)}" in proc.stderr, (label, proc.stderr)
        assert row_set(arrow_rows(pq.read_table(tmp_path / "skip.parquet")), MODEL_COLUMNS) == wanted, label

    def hoodie_step(op, rows):
        model.apply(op, hoodie_write(hoodie, path, "cs", spec, op, inputs.write(rows), COLUMN_STATS), rows)
        check(f"after hoodie {op}")

    hoodie_step("insert", [make_row(n, 1) for n in range(9)])
    hoodie_step("upsert", [make_row(n, 3) for n in (0, 4)])
    spark_write(spark, path, "cs", spec, "upsert", inputs.write(rows := [make_row(n, 4) for n in (1, 9)]),
                COLUMN_STATS)
    model.apply("upsert", hudi_java.completed_commits(path)[-1], rows)
    check("after Spark upsert")
    hoodie_step("upsert", [make_row(n, 5) for n in (2, 10)])
    hoodie.json("clean", "--table", str(path), "--hoodie-conf", "hoodie.cleaner.commits.retained=1",
                *[a for k, v in COLUMN_STATS.items() for a in ("--hoodie-conf", f"{k}={v}")])
    check("after hoodie clean")


def test_hoodie_log_file_column_stats_equal_sparks(spark, hudi_java, hoodie, tmp_path):
    """On merge-on-read, a log file has no footer: hoodie, as Hudi's append handle, takes its column_stats
    entries from the records it appended (sizes 0), and from none for an append of deletes only. The same
    writes by hoodie into one table and by Spark into another give, per partition, the same statistics of
    their log files as Hudi's HoodieTableMetadata.getColumnStats reads them; Spark's reads with data skipping
    over hoodie's table return the model's rows, and so do hoodie's, reading the slices those statistics
    admit."""
    spec = KEY_SPECS["simple"]
    options = {**COLUMN_STATS, "hoodie.datasource.write.table.type": "MERGE_ON_READ"}
    ours, theirs = tmp_path / "ours", tmp_path / "theirs"
    inputs = Inputs(tmp_path / "in")
    model = TableModel(spec)
    steps = [("insert", [make_row(n, 1) for n in range(9)]),
             ("upsert", [make_row(n, 3) for n in (0, 4, 5)]),
             ("delete", [make_row(n, 4) for n in (1,)])]
    for op, rows in steps:
        data = inputs.write(rows)
        model.apply(op, hoodie_write(hoodie, ours, "logstats", spec, op, data, options), rows)
        spark_write(spark, theirs, "logstats", spec, op, data, options)

    def log_stats(path):
        logs = [(p, f) for p, f in data_files_on_disk(path) if ".log." in f]
        assert logs, path
        out = {}
        for column in STATS_COLUMNS:
            found = hudi_java.metadata_column_stats(path, logs, column)
            for (partition, _), stats in found.items():
                out.setdefault((partition, column), []).append(stats)
        return {k: sorted(v, key=str) for k, v in out.items()}

    ours_stats = log_stats(ours)
    # Both appends of updates (counted, bounded) and the append of a delete (no record) are indexed.
    assert any(s[3] > 0 and s[0] is not None for v in ours_stats.values() for s in v), ours_stats
    assert any(s[3] == 0 and s[0] is None for v in ours_stats.values() for s in v), ours_stats
    assert ours_stats == log_stats(theirs)
    wanted = row_set([r for r in model_rows(model.records.values()) if r["ts"] >= 3], MODEL_COLUMNS)
    read = spark.read.format("hudi").options(**{"hoodie.metadata.enable": "true",
                                                "hoodie.enable.data.skipping": "true"}).load(str(ours))
    assert row_set(spark_rows(read.filter("ts >= 3")), MODEL_COLUMNS) == wanted
    proc = hoodie.run("query", str(ours), "--where", "ts>=3", "--explain", "--format", "parquet",
                      "--out", str(tmp_path / "skip.parquet"), "--hoodie-conf", "hoodie.enable.data.skipping=true")
    assert row_set(arrow_rows(pq.read_table(tmp_path / "skip.parquet")), MODEL_COLUMNS) == wanted
    assert hoodie.json("metadata", "validate", "--table", str(ours)) == []


# Both writers' bloom indexes take filters and key ranges from these partitions
# (hoodie.bloom.index.use.metadata): each upsert is tagged from the other's entries.
INDEXES = {**COLUMN_STATS, "hoodie.metadata.index.bloom.filter.enable": "true",
           "hoodie.bloom.index.use.metadata": "true"}


def test_hoodie_bloom_filters_are_read_by_hudi(spark, hudi_java, hoodie, tmp_path):
    """With the bloom_filters and column_stats partitions both on, hoodie's first write builds them in the
    order Spark's does (`files` at `…010`, `bloom_filters` at `…011`, `column_stats` at `…012`); through a
    Spark upsert that keeps them, a hoodie upsert and a hoodie clean, Hudi's own
    HoodieTableMetadata.getBloomFilters returns, for every base file on disk, exactly the bloom filter of
    its Parquet footer (a deleted file's is gone), hoodie's validation finds listing and statistics equal
    to storage's, and Spark's reads through the metadata table equal the model. Both writers tag their
    upserts from those filters and the record-key ranges of column_stats
    (`hoodie.bloom.index.use.metadata=true`), so an update tagged wrongly would show as a duplicate."""
    spec = KEY_SPECS["simple"]
    path = tmp_path / "t"
    inputs = Inputs(tmp_path / "in")
    model = TableModel(spec)

    def check(label):
        files = index_partitions_built(hudi_java, path, "bloom_filters,column_stats,files", 3, label)
        footers = {(p, f): pq.ParquetFile(path / p / f).metadata.metadata[b"org.apache.hudi.bloomfilter"].decode()
                   for p, f in files}
        assert hudi_java.metadata_bloom_filters(path, files) == footers, label
        assert hoodie.json("metadata", "validate", "--table", str(path)) == [], label
        expected = row_set(model_rows(model.records.values()), MODEL_COLUMNS)
        assert row_set(spark_read(spark, path, **{"hoodie.metadata.enable": "true"}), MODEL_COLUMNS) == expected, label

    def hoodie_step(op, rows):
        model.apply(op, hoodie_write(hoodie, path, "bf", spec, op, inputs.write(rows), INDEXES), rows)
        check(f"after hoodie {op}")

    hoodie_step("insert", [make_row(n, 1) for n in range(9)])
    spark_write(spark, path, "bf", spec, "upsert", inputs.write(rows := [make_row(n, 2) for n in (1, 9)]),
                INDEXES)
    model.apply("upsert", hudi_java.completed_commits(path)[-1], rows)
    check("after Spark upsert")
    hoodie_step("upsert", [make_row(n, 3) for n in (2, 10)])
    hoodie.json("clean", "--table", str(path), "--hoodie-conf", "hoodie.cleaner.commits.retained=1",
                *[a for k, v in INDEXES.items() for a in ("--hoodie-conf", f"{k}={v}")])
    check("after hoodie clean")


RECORD_INDEX = {**MDT, "hoodie.metadata.record.index.enable": "true", "hoodie.index.type": "RECORD_INDEX",
                "hoodie.metadata.record.index.min.filegroup.count": "2",
                "hoodie.metadata.record.index.max.filegroup.count": "2"}


def snapshot_locations(spark, path: Path) -> dict[str, tuple[str, str]]:
    """key -> (partition, file id) of every live record, from Spark's snapshot read (rows of a base file
    name it, rows merged from logs name their file id)."""
    out = {}
    for row in spark_read(spark, path, **{"hoodie.metadata.enable": "true"}):
        name = row["_hoodie_file_name"]
        out[row["_hoodie_record_key"]] = (row["_hoodie_partition_path"],
                                          name.split("_")[0] if name.endswith(".parquet") else name)
    return out


@pytest.mark.parametrize("table_type", ["COPY_ON_WRITE", "MERGE_ON_READ"])
def test_hoodie_record_index_is_read_by_hudi_and_tags_both_writers_upserts(spark, hudi_java, hoodie, tmp_path,
                                                                          table_type):
    """With `hoodie.metadata.record.index.enable=true` and `hoodie.index.type=RECORD_INDEX`, hoodie builds the
    record_index partition (at `00000000000000011`, after `files`) and keeps it through inserts, upserts and
    deletes, alternating with a Spark writer that tags its upserts from it and keeps it too. After every step
    Hudi's own HoodieTableMetadata.readRecordIndex returns, for every live key, exactly the partition and
    file group Spark's snapshot holds it in, and nothing for deleted keys; hoodie's validation agrees; and
    both engines' reads equal the model, so neither writer's upserts, tagged from the other's entries, made
    a duplicate."""
    spec = KEY_SPECS["simple"]
    path = tmp_path / "t"
    inputs = Inputs(tmp_path / "in")
    model = TableModel(spec)
    out = tmp_path / "out.parquet"
    options = {**RECORD_INDEX, "hoodie.datasource.write.table.type": table_type}
    gone: set[str] = set()

    def check(label):
        props = read_java_properties(path / ".hoodie" / "hoodie.properties")
        assert props["hoodie.table.metadata.partitions"] == "files,record_index", label
        inits = [t for t, _, _ in hudi_java.active_instants(path / ".hoodie" / "metadata")
                 if len(t) == 17 and t.startswith("0" * 14)]
        assert inits == ["00000000000000010", "00000000000000011"], (label, inits)
        live = snapshot_locations(spark, path)
        assert hudi_java.metadata_record_index(path, sorted(set(live) | gone)) == live, label
        assert hoodie.json("metadata", "validate", "--table", str(path)) == [], label
        expected = row_set(model_rows(model.records.values()), MODEL_COLUMNS)
        assert row_set(spark_read(spark, path, **{"hoodie.metadata.enable": "true"}), MODEL_COLUMNS) == expected, label
        assert row_set(hoodie_query(hoodie, path, out), MODEL_COLUMNS) == expected, label

    def hoodie_step(op, rows):
        model.apply(op, hoodie_write(hoodie, path, "ri", spec, op, inputs.write(rows), options), rows)
        check(f"after hoodie {op}")

    def spark_step(op, rows):
        spark_write(spark, path, "ri", spec, op, inputs.write(rows), options)
        model.apply(op, hudi_java.completed_commits(path)[-1], rows)
        check(f"after Spark {op}")

    hoodie_step("insert", [make_row(n, 1) for n in range(9)])
    hoodie_step("upsert", [make_row(n, 2) for n in (0, 4, 9)])
    spark_step("upsert", [make_row(n, 3) for n in (1, 9, 10)])  # tagged from hoodie's entries
    hoodie_step("upsert", [make_row(n, 4) for n in (2, 10, 11)])  # 10: Spark's entry
    hoodie_step("delete", [make_row(n, 5) for n in (3, 10)])
    gone |= {spec.key_of(make_row(n, 5)) for n in (3, 10)}
    spark_step("upsert", [make_row(n, 6) for n in (5, 11, 12)])
