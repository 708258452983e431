"""Helpers of bench/run_kafka.sh: Kafka JSON ingest by `hoodie streamer` against the Spark equivalent.

  fill   --brokers B --topic T --partitions P --records N   create T with P partitions and produce N trip
                                                             records as JSON (Spark's Kafka sink, local[2])
  spark  --brokers B --topic T --table DIR --records N      read T in batch from earliest to latest
                                                             (spark-sql-kafka), parse the values with the
                                                             trips schema and upsert through the Hudi
                                                             datasource (what HoodieStreamer runs on a
                                                             JsonKafkaSource), on local[2]; one JSON line:
                                                             wall, JVM CPU, JVM peak RSS

The trip records are streamer_bench.py's (8 columns, 8 cities). hoodie itself is timed by services_bench.py's
`run` (a whole process: wall, CPU, peak RSS).
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from interop_bench import jvm_cpu_seconds, jvm_peak_mib, report, spark_session  # noqa: E402
from streamer_bench import CITIES, SPARK_SCHEMA, hudi_options  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
KAFKA_JARS = tuple(ROOT / ".interop-cache" / "jars" / name for name in (
    "spark-sql-kafka-0-10_2.12-3.5.1.jar", "spark-token-provider-kafka-0-10_2.12-3.5.1.jar",
    "kafka-clients-3.4.1.jar", "commons-pool2-2.11.1.jar"))


def fill(args) -> None:
    with tempfile.TemporaryDirectory(prefix="hoodie-bench-spark-") as scratch:
        spark = spark_session(scratch, KAFKA_JARS)
        jvm = spark.sparkContext._jvm
        props = jvm.java.util.Properties()
        props.put("bootstrap.servers", args.brokers)
        admin = jvm.org.apache.kafka.clients.admin.AdminClient.create(props)
        topic = jvm.org.apache.kafka.clients.admin.NewTopic(
            args.topic, jvm.java.util.Optional.of(args.partitions), jvm.java.util.Optional.empty())
        admin.createTopics(jvm.java.util.Collections.singletonList(topic)).all().get()
        admin.close()
        cities = ",".join(f"'{c}'" for c in CITIES)
        df = spark.range(args.records).selectExpr(
            "to_json(named_struct('uuid', format_string('trip-%010d', id), 'rider', concat('rider-', id % 1000),"
            " 'driver', concat('driver-', id % 777),"
            f" 'city', element_at(array({cities}), cast(id % {len(CITIES)} as int) + 1),"
            " 'begin_lat', (id % 1800) / 10.0 - 90, 'begin_lon', (id % 3600) / 10.0 - 180,"
            " 'fare', 5 + (id % 9500) / 100.0, 'ts', 1700000000000 + id)) AS value",
            f"cast(id % {args.partitions} as int) AS partition")
        df.write.format("kafka").option("kafka.bootstrap.servers", args.brokers) \
            .option("topic", args.topic).save()
        spark.stop()


def run_spark(args) -> None:
    from pyspark.sql import functions as F

    with tempfile.TemporaryDirectory(prefix="hoodie-bench-spark-") as scratch:
        spark = spark_session(scratch, KAFKA_JARS)
        cpu_before = jvm_cpu_seconds()
        started = time.monotonic()
        df = (spark.read.format("kafka").option("kafka.bootstrap.servers", args.brokers)
              .option("subscribe", args.topic).option("startingOffsets", "earliest")
              .option("endingOffsets", "latest").load()
              .select(F.from_json(F.col("value").cast("string"), SPARK_SCHEMA).alias("v")).select("v.*"))
        df.write.format("hudi").options(**hudi_options("COPY_ON_WRITE")).mode("append").save(args.table)
        seconds = time.monotonic() - started
        cpu = jvm_cpu_seconds() - cpu_before
        peak = jvm_peak_mib()
        spark.stop()
    report("Spark + Hudi 0.15 (local[2]): Kafka batch read + upsert, COPY_ON_WRITE", args.records, seconds,
           peak, 0, cpu)


def main() -> int:
    parser = argparse.ArgumentParser()
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("fill")
    p.add_argument("--brokers", required=True)
    p.add_argument("--topic", required=True)
    p.add_argument("--partitions", type=int, required=True)
    p.add_argument("--records", type=int, required=True)
    p = sub.add_parser("spark")
    p.add_argument("--brokers", required=True)
    p.add_argument("--topic", required=True)
    p.add_argument("--table", required=True)
    p.add_argument("--records", type=int, required=True)
    args = parser.parse_args()
    {"fill": fill, "spark": run_spark}[args.command](args)
    return 0


if __name__ == "__main__":
    sys.exit(main())
