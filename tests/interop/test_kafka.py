"""`hoodie streamer` with JsonKafkaSource judged by Spark 3.5 + Hudi 0.15 (Hudi's own streamer, hudi-utilities, is
not served by the package registries here; Spark's Kafka source, spark-sql-kafka-0-10 3.5.1, is).

- A real Kafka broker (KRaft, 127.0.0.1) holds a topic of three partitions that Spark's Kafka sink fills.
- `hoodie streamer` ingests it in rounds of at most `--source-limit` events into a table; each round's checkpoint
  is the string Hudi 0.15's KafkaOffsetGen.CheckpointUtils would commit for the same offsets (its Java,
  hudi-utilities/src/main/java/org/apache/hudi/utilities/sources/helpers/KafkaOffsetGen.java: computeOffsetRanges
  hands out min(new events, limit) events round-robin over the partitions sorted by number, in chunks of
  max(1, events / max(minPartitions, partitions)); offsetsToStr merges a partition's ranges and writes
  `topic,partition:untilOffset,...` sorted by partition), ported below as `expected_ranges`.
- Spark reads the same topic in batch between the offsets of each round's checkpoints and upserts each round
  through the Hudi datasource (what HoodieStreamer runs) into a second table: its rows equal hoodie's, and Spark
  reads hoodie's table.
"""

from __future__ import annotations

import json

import pytest
from conftest import committed_checkpoints, datasource_upsert, snapshot

COLUMNS = ["id", "city", "fare", "ts"]
SPARK_SCHEMA = "id STRING, city STRING, fare DOUBLE, ts BIGINT"
SCHEMA = {"type": "record", "name": "trip", "fields": [
    {"name": "id", "type": "string"}, {"name": "city", "type": "string"},
    {"name": "fare", "type": ["null", "double"], "default": None}, {"name": "ts", "type": "long"}]}
PARTITIONS = 3


def expected_ranges(start: dict[int, int], end: dict[int, int], num_events: int, min_partitions: int = 0):
    """CheckpointUtils.computeOffsetRanges, line for line: [(partition, from, until)], sorted by partition."""
    ranges = [(p, start.get(p, 0), end[p]) for p in sorted(end)]
    actual = min(sum(u - f for _, f, u in ranges), num_events)
    if actual == 0:
        return ranges
    parts = max(min_partitions, len(end))
    chunk = max(1, actual // parts)
    final: dict[int, list] = {}
    taken: dict[int, int] = {}
    allocated = 0
    while allocated < actual:
        for p, f, u in ranges:
            if allocated == actual:
                break
            begin = taken.get(p, f)
            events = min(chunk, actual - allocated)
            until = min(u, begin + events)
            allocated += until - begin
            if p not in final:
                final[p] = [(p, begin, until)]
                taken[p] = until
            elif until > begin:
                final[p].append((p, begin, until))
                taken[p] = until
    for p, offset in start.items():
        final.setdefault(p, [(p, offset, offset)])
    return [r for p in sorted(final) for r in final[p]]


def checkpoint_string(topic, ranges):
    """CheckpointUtils.offsetsToStr: the largest until of each partition, sorted by partition."""
    until: dict[int, int] = {}
    for p, _, u in ranges:
        until[p] = max(until.get(p, u), u)
    return topic + "," + ",".join(f"{p}:{until[p]}" for p in sorted(until))


def create_topic(spark, brokers, topic, partitions):
    """AdminClient.createTopics from Spark's JVM (kafka-clients 3.4.1, beside spark-sql-kafka)."""
    jvm = spark.sparkContext._jvm
    props = jvm.java.util.Properties()
    props.put("bootstrap.servers", brokers)
    admin = jvm.org.apache.kafka.clients.admin.AdminClient.create(props)
    try:
        topic_obj = jvm.org.apache.kafka.clients.admin.NewTopic(
            topic, jvm.java.util.Optional.of(partitions), jvm.java.util.Optional.empty())
        admin.createTopics(jvm.java.util.Collections.singletonList(topic_obj)).all().get()
    finally:
        admin.close()


def produce(spark, brokers, topic, rows):
    """Spark's Kafka sink: each row's JSON value into the partition it names."""
    values = [(json.dumps({c: r[c] for c in COLUMNS}), r["partition"]) for r in rows]
    df = spark.createDataFrame(values, "value STRING, partition INT")
    df.write.format("kafka").option("kafka.bootstrap.servers", brokers).option("topic", topic).save()


def rows_of(df):
    return sorted(tuple(r[c] for c in COLUMNS) for r in df.select(*COLUMNS).collect())


def kafka_batch(spark, brokers, topic, start, end):
    """The topic's messages between two offset maps, as Spark's Kafka source reads them in batch."""
    offsets = lambda o: json.dumps({topic: {str(p): v for p, v in o.items()}})  # noqa: E731
    return (spark.read.format("kafka").option("kafka.bootstrap.servers", brokers).option("subscribe", topic)
            .option("startingOffsets", offsets(start)).option("endingOffsets", offsets(end)).load())


def spark_upsert_round(spark, brokers, topic, start, end, table):
    """One HoodieStreamer round as Spark runs it: the topic's messages between two checkpoints, read in batch,
    parsed with the source schema and upserted through the datasource."""
    from pyspark.sql import functions as F

    df = (kafka_batch(spark, brokers, topic, start, end)
          .select(F.from_json(F.col("value").cast("string"), SPARK_SCHEMA).alias("v")).select("v.*"))
    datasource_upsert(df, table, "trips", "id", "city", "ts")


def parse_checkpoint(text):
    return {int(p): int(o) for p, o in (entry.split(":") for entry in text.split(",")[1:])}


def streamer_args(table, source_class, table_type, schema_file, topic, brokers, *extra):
    """hoodie streamer's command line reading `topic` into `table`, keyed by id, partitioned by city."""
    return ["streamer", "--target-base-path", str(table), "--target-table", "trips", "--table-type", table_type,
            "--schemaprovider-class", "org.apache.hudi.utilities.schema.FilebasedSchemaProvider",
            "--source-class", f"org.apache.hudi.utilities.sources.{source_class}",
            "--hoodie-conf", f"hoodie.deltastreamer.schemaprovider.source.schema.file={schema_file}",
            "--hoodie-conf", f"hoodie.deltastreamer.source.kafka.topic={topic}",
            "--hoodie-conf", f"bootstrap.servers={brokers}",
            "--hoodie-conf", "auto.offset.reset=earliest",
            "--hoodie-conf", "hoodie.datasource.write.recordkey.field=id",
            "--hoodie-conf", "hoodie.datasource.write.partitionpath.field=city", *extra]


def test_kafka_rounds_match_spark_reading_the_same_offsets(spark, hoodie, kafka, tmp_path):
    """A 3-partition topic (Spark's Kafka sink) ingested by JsonKafkaSource in rounds of at most 40 events: every
    checkpoint is CheckpointUtils.offsetsToStr of computeOffsetRanges from the previous one; Spark's batch read of
    the same offsets, upserted round by round, holds the same rows, and Spark reads hoodie's table."""
    topic = "trips_json"
    create_topic(spark, kafka, topic, PARTITIONS)
    # 90 inserts, then 40 updates (ts 2) and 20 inserts, spread unevenly over the partitions.
    first = [{"id": f"k{i}", "city": ["sf", "nyc", "la"][i % 3], "fare": float(i), "ts": 1,
              "partition": 0 if i < 50 else (1 if i < 80 else 2)} for i in range(90)]
    produce(spark, kafka, topic, first)
    schema_file = tmp_path / "trip.avsc"
    schema_file.write_text(json.dumps(SCHEMA))
    table = tmp_path / "hoodie_table"
    args = streamer_args(table, "JsonKafkaSource", "COPY_ON_WRITE", schema_file, topic, kafka,
                         "--source-limit", "40")
    hoodie.run(*args)
    hoodie.run(*args)
    second = [{"id": f"k{i}", "city": ["sf", "nyc", "la"][i % 3], "fare": 100.0 + i, "ts": 2,
               "partition": i % PARTITIONS} for i in range(0, 120, 2) if i < 80 or i >= 90]
    produce(spark, kafka, topic, second)
    for _ in range(4):
        hoodie.run(*args)
    checkpoints = committed_checkpoints(table)
    # Every round's checkpoint is the one CheckpointUtils computes from the previous one.
    def ends_of(*batches):
        return {p: sum(1 for b in batches for r in b if r["partition"] == p) for p in range(PARTITIONS)}

    previous: dict[int, int] = {}
    produced_ends = [ends_of(first)] * 2 + [ends_of(first, second)] * 4
    expected = []
    for end in produced_ends:
        ranges = expected_ranges(previous, end, 40)
        text = checkpoint_string(topic, ranges)
        if expected and text == expected[-1]:
            continue  # nothing new: hoodie skips the round, as StreamSync does
        expected.append(text)
        previous = parse_checkpoint(text)
    assert checkpoints == expected
    # Spark reads the same offsets round by round and upserts them into its own table.
    spark_table = tmp_path / "spark_table"
    start: dict[int, int] = {p: 0 for p in range(PARTITIONS)}
    for text in checkpoints:
        end = parse_checkpoint(text)
        spark_upsert_round(spark, kafka, topic, start, end, spark_table)
        start = end
    assert rows_of(snapshot(spark, table)) == rows_of(snapshot(spark, spark_table))
    assert len(rows_of(snapshot(spark, table))) == len({r["id"] for r in first + second})


AVRO_SCHEMA = {"type": "record", "name": "trip", "fields": [
    {"name": "id", "type": ["null", "string"], "default": None},
    {"name": "city", "type": ["null", "string"], "default": None},
    {"name": "fare", "type": ["null", "double"], "default": None},
    {"name": "ts", "type": ["null", "long"], "default": None}]}


def start_registry(tmp_path):
    """The Confluent-protocol registry of tests/schema_registry (no registry server is served by the package
    registries here): its process and base URL."""
    import subprocess
    import sys
    import time
    from pathlib import Path

    port_file = tmp_path / "registry.port"
    script = Path(__file__).resolve().parents[1] / "schema_registry" / "confluent_registry.py"
    proc = subprocess.Popen([sys.executable, str(script), "--port-file", str(port_file)])
    for _ in range(100):
        if port_file.exists() and port_file.read_text().strip():
            return proc, f"http://127.0.0.1:{port_file.read_text().strip()}"
        time.sleep(0.05)
    proc.kill()
    raise AssertionError("the schema registry did not start")


def register(url, subject, schema) -> int:
    import urllib.request

    body = json.dumps({"schema": json.dumps(schema)}).encode()
    request = urllib.request.Request(f"{url}/subjects/{subject}/versions", data=body, method="POST",
                                     headers={"Content-Type": "application/vnd.schemaregistry.v1+json"})
    with urllib.request.urlopen(request) as answer:
        return json.loads(answer.read())["id"]


def test_avro_kafka_rounds_match_spark_reading_the_same_offsets(spark, hoodie, kafka, tmp_path):
    """Avro values in Confluent's wire format (Spark's to_avro after the magic byte and the registry's schema id)
    ingested by AvroKafkaSource with the writer schema the registry gives: Spark's batch read of the same offsets,
    the wire header cut off and decoded by from_avro, upserted through the datasource, holds the same rows."""
    from pyspark.sql import functions as F
    from pyspark.sql.avro.functions import from_avro, to_avro

    topic = "trips_avro"
    create_topic(spark, kafka, topic, 2)
    proc, registry = start_registry(tmp_path)
    try:
        schema_id = register(registry, f"{topic}-value", AVRO_SCHEMA)
        rows = [(f"k{i}", ["sf", "nyc"][i % 2], None if i % 7 == 0 else i * 1.5, 1 + i // 30, i % 2)
                for i in range(60)]
        df = spark.createDataFrame(rows, "id STRING, city STRING, fare DOUBLE, ts BIGINT, partition INT")
        header = F.unhex(F.lit("00%08X" % schema_id))
        (df.select(F.concat(header, to_avro(F.struct("id", "city", "fare", "ts"), json.dumps(AVRO_SCHEMA)))
                   .alias("value"), "partition")
         .write.format("kafka").option("kafka.bootstrap.servers", kafka).option("topic", topic).save())
        schema_file = tmp_path / "trip.avsc"
        schema_file.write_text(json.dumps(AVRO_SCHEMA))
        table = tmp_path / "hoodie_avro"
        args = streamer_args(table, "AvroKafkaSource", "MERGE_ON_READ", schema_file, topic, kafka,
                             "--source-limit", "35", "--hoodie-conf", f"schema.registry.url={registry}")
        for _ in range(3):
            hoodie.run(*args)
    finally:
        proc.kill()
        proc.wait()
    checkpoints = committed_checkpoints(table)
    previous: dict[int, int] = {}
    expected = []
    for _ in range(2):
        text = checkpoint_string(topic, expected_ranges(previous, {0: 30, 1: 30}, 35))
        expected.append(text)
        previous = parse_checkpoint(text)
    assert checkpoints == expected
    spark_table = tmp_path / "spark_avro"
    start = {0: 0, 1: 0}
    for text in checkpoints:
        end = parse_checkpoint(text)
        read = (kafka_batch(spark, kafka, topic, start, end)
                .select(from_avro(F.expr("substring(value, 6)"), json.dumps(AVRO_SCHEMA)).alias("v")).select("v.*"))
        datasource_upsert(read, spark_table, "trips", "id", "city", "ts", "MERGE_ON_READ")
        start = end
    assert rows_of(snapshot(spark, table)) == rows_of(snapshot(spark, spark_table))
    assert len(rows_of(snapshot(spark, table))) == 60


OFFSET_COLUMNS = ["_hoodie_kafka_source_offset", "_hoodie_kafka_source_partition", "_hoodie_kafka_source_timestamp",
                  "_hoodie_kafka_source_key"]


def test_append_offsets_columns_match_sparks_kafka_columns(spark, hoodie, kafka, tmp_path):
    """hoodie.streamer.source.kafka.append.offsets: each row of hoodie's table carries its message's offset,
    partition, timestamp (epoch ms) and key (null without one), typed long, int, long and string as Hudi 0.15's
    KafkaOffsetPostProcessor types them; Spark's batch read of the topic gives the same values."""
    from pyspark.sql import functions as F

    topic = "trips_offsets"
    create_topic(spark, kafka, topic, 2)
    messages = [(json.dumps({"id": f"k{i}", "city": ["sf", "nyc"][i % 2], "fare": float(i), "ts": 1}),
                 None if i % 4 == 0 else f"key{i}", i % 2) for i in range(20)]
    (spark.createDataFrame(messages, "value STRING, key STRING, partition INT")
     .write.format("kafka").option("kafka.bootstrap.servers", kafka).option("topic", topic).save())
    schema_file = tmp_path / "trip.avsc"
    schema_file.write_text(json.dumps(SCHEMA))
    table = tmp_path / "hoodie_offsets"
    hoodie.run(*streamer_args(table, "JsonKafkaSource", "COPY_ON_WRITE", schema_file, topic, kafka,
                              "--hoodie-conf", "hoodie.streamer.source.kafka.append.offsets=true"))
    ours = snapshot(spark, table)
    assert [(f.name, f.dataType.simpleString()) for f in ours.schema.fields if f.name in OFFSET_COLUMNS] == [
        ("_hoodie_kafka_source_offset", "bigint"), ("_hoodie_kafka_source_partition", "int"),
        ("_hoodie_kafka_source_timestamp", "bigint"), ("_hoodie_kafka_source_key", "string")]
    got = sorted(tuple(r) for r in ours.select("id", *OFFSET_COLUMNS).collect())
    sparks = (kafka_batch(spark, kafka, topic, {0: 0, 1: 0}, {0: 10, 1: 10})
              .select(F.get_json_object(F.col("value").cast("string"), "$.id").alias("id"), "offset", "partition",
                      F.expr("unix_millis(timestamp)"), F.col("key").cast("string")))
    want = sorted(tuple(r) for r in sparks.collect())
    assert len(want) == 20
    assert got == want
