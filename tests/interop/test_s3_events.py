"""S3 event notifications over SQS: hoodie's S3EventsSource and S3EventsHoodieIncrSource judged by Spark 3.5 +
Hudi 0.15.

A plain moto server (S3 and SQS, .venv-services/bin/moto_server) on 127.0.0.1 holds a bucket of JSON trip files
and a queue of S3 event notifications for them (the records S3 sends, event version 2.1), plus an s3:TestEvent
and an ObjectRemoved event that S3EventsSource reads and leaves out. hoodie's streamer ingests the queue into a
meta table (S3EventsSource) and the objects it records into a data table (S3EventsHoodieIncrSource, two rounds
cut by --source-limit). Spark reads both tables, and they equal what Hudi's sources hand to the datasource:
the meta table holds spark.read.json of the same event records without responseElements (the schema Spark infers
included), the data table holds Spark's read of the same objects, upserted through the datasource; the
checkpoints are S3EventsMetaSelector's newest event time and CloudObjectIncrCheckpoint's "commit#key".
"""

from __future__ import annotations

import calendar
import json
import os
import socket
import subprocess
import time
from pathlib import Path

import pytest
from conftest import ROOT, committed_checkpoints, datasource_upsert, snapshot

SCHEMA = {"type": "record", "name": "trip", "fields": [
    {"name": "id", "type": "string"}, {"name": "city", "type": "string"},
    {"name": "fare", "type": ["null", "double"], "default": None}, {"name": "ts", "type": "long"}]}
SPARK_SCHEMA = "id STRING, city STRING, fare DOUBLE, ts BIGINT"
TRIPS = {"in/a.json": [{"id": "a1", "city": "sf", "fare": 10.5, "ts": 1},
                       {"id": "a2", "city": "la", "fare": 7.0, "ts": 1}],
         "in/b.json": [{"id": "b1", "city": "sf", "fare": 3.25, "ts": 2},
                       {"id": "a1", "city": "sf", "fare": 11.0, "ts": 2}]}
TIMES = {"in/a.json": "2026-12-07T10:00:00.000Z", "in/b.json": "2026-12-07T10:00:01.250Z"}
BUCKET = "events-bucket"


def _moto_bin() -> Path:
    return Path(os.environ.get("HOODIE_MOTO_SERVER", ROOT / ".venv-services" / "bin" / "moto_server"))


@pytest.fixture
def moto(tmp_path):
    """A plain moto server (S3 and SQS, no authentication) on a free port of 127.0.0.1: its endpoint."""
    binary = _moto_bin()
    if not os.access(binary, os.X_OK):
        pytest.exit(f"moto_server not found at {binary}: run scripts/setup-services.sh", returncode=3)
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    with open(tmp_path / "moto.log", "wb") as log:
        proc = subprocess.Popen([str(binary), "-H", "127.0.0.1", "-p", str(port)], stdout=log,
                                stderr=subprocess.STDOUT)
    try:
        deadline = time.time() + 60
        while True:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                assert proc.poll() is None and time.time() < deadline, (tmp_path / "moto.log").read_text()
                time.sleep(0.2)
        yield f"http://127.0.0.1:{port}"
    finally:
        proc.terminate()
        proc.wait(timeout=30)


def aws(endpoint: str, request: dict) -> dict:
    """One call of moto_aws_client.py (boto3 in moto's virtualenv)."""
    out = subprocess.run([str(_moto_bin().parent / "python"), str(Path(__file__).with_name("moto_aws_client.py")),
                          endpoint], input=json.dumps(request), capture_output=True, text=True, check=True)
    return json.loads(out.stdout)


def event_record(name: str, key: str, size: int, event_time: str) -> dict:
    """An S3 event notification record as S3 sends it."""
    return {"eventVersion": "2.1", "eventSource": "aws:s3", "awsRegion": "us-east-1", "eventTime": event_time,
            "eventName": name, "userIdentity": {"principalId": "AWS:AIDAEXAMPLE"},
            "requestParameters": {"sourceIPAddress": "127.0.0.1"},
            "responseElements": {"x-amz-request-id": "C3D13FE58DE4C810", "x-amz-id-2": "FMyUVURIY8/IgAtTv8xR"},
            "s3": {"s3SchemaVersion": "1.0", "configurationId": "hudi",
                   "bucket": {"name": BUCKET, "ownerIdentity": {"principalId": "A3NL1KOZZKExample"},
                              "arn": f"arn:aws:s3:::{BUCKET}"},
                   "object": {"key": key, "size": size, "eTag": "d41d8cd98f00b204e9800998ecf8427e",
                              "sequencer": "0055AED6DCD90281E5"}}}


def epoch_millis(iso: str) -> int:
    seconds, _, fraction = iso.rstrip("Z").partition(".")
    return calendar.timegm(time.strptime(seconds, "%Y-%m-%dT%H:%M:%S")) * 1000 + int((fraction + "000")[:3])


def table_rows(df):
    """Sorted rows of a table without the meta columns that name commits and files."""
    columns = [c for c in df.columns if c not in ("_hoodie_commit_time", "_hoodie_commit_seqno", "_hoodie_file_name")]
    return sorted(json.dumps(r.asDict(recursive=True), sort_keys=True) for r in df.select(*columns).collect())


def data_columns(df):
    return [f for f in df.schema.fields if not f.name.startswith("_hoodie_")]


def test_s3_events_meta_and_data_tables_match_spark(spark, hoodie, moto, tmp_path):
    """hoodie's S3EventsSource and S3EventsHoodieIncrSource against moto's S3 and SQS give the tables Spark + Hudi
    0.15 make of the same events and objects, with Hudi's checkpoints, and the queue is empty after the commit.

    Meta table: one round reads the three messages (two ObjectCreated records, an s3:TestEvent, an
    ObjectRemoved record); Spark reads it equal, rows and schema, to spark.read.json of the two ObjectCreated
    records without responseElements, upserted by s3.object.key; its checkpoint is the newest event time in
    epoch milliseconds. Data table: two rounds of --source-limit the first object's size read a.json, then
    b.json (whose a1 updates a.json's); Spark reads it equal to Spark's read of the same objects upserted in
    the same two rounds; the checkpoints are "<meta commit>#in/a.json" and "<meta commit>#in/b.json"."""
    aws(moto, {"create_bucket": BUCKET})
    sizes, records = {}, []
    for key, rows in TRIPS.items():
        local = tmp_path / "objects" / key
        local.parent.mkdir(parents=True, exist_ok=True)
        local.write_text("".join(json.dumps(r) + "\n" for r in rows))
        sizes[key] = local.stat().st_size
        aws(moto, {"put": {"bucket": BUCKET, "key": key, "file": str(local)}})
        records.append(event_record("ObjectCreated:Put", key, sizes[key], TIMES[key]))
    queue_url = aws(moto, {"create_queue": "s3-events"})["queue_url"]
    for body in ({"Records": records}, {"Service": "Amazon S3", "Event": "s3:TestEvent", "Bucket": BUCKET},
                 {"Records": [event_record("ObjectRemoved:Delete", "in/old.json", 0, "2026-12-07T10:00:02Z")]}):
        aws(moto, {"send": {"queue_url": queue_url, "body": json.dumps(body)}})
    env = {"AWS_ENDPOINT_URL": moto, "AWS_ACCESS_KEY_ID": "testing", "AWS_SECRET_ACCESS_KEY": "testing",
           "AWS_REGION": "us-east-1", "AWS_EC2_METADATA_DISABLED": "true"}
    runner = type(hoodie)(hoodie.binary, env={**os.environ, **env})
    meta = tmp_path / "meta"
    runner.run("streamer", "--target-base-path", str(meta), "--target-table", "s3_meta",
               "--table-type", "COPY_ON_WRITE", "--source-class", "org.apache.hudi.utilities.sources.S3EventsSource",
               "--source-ordering-field", "eventTime",
               "--hoodie-conf", f"hoodie.streamer.s3.source.queue.url={queue_url}",
               "--hoodie-conf", "hoodie.streamer.s3.source.queue.region=us-east-1",
               "--hoodie-conf", "hoodie.streamer.s3.source.queue.long.poll.wait=0",
               "--hoodie-conf", "hoodie.datasource.write.recordkey.field=s3.object.key",
               "--hoodie-conf", "hoodie.datasource.write.partitionpath.field=",
               "--hoodie-conf", "hoodie.datasource.write.keygenerator.class="
                                "org.apache.hudi.keygen.NonpartitionedKeyGenerator")
    assert aws(moto, {"count": queue_url})["count"] == 0
    assert committed_checkpoints(meta) == [str(epoch_millis(TIMES["in/b.json"]))]
    # What S3EventsSource hands to the datasource: spark.read.json of the records without responseElements.
    events = [json.dumps({k: v for k, v in r.items() if k != "responseElements"}) for r in records]
    spark_meta = tmp_path / "spark_meta"
    expected_events = spark.read.json(spark.sparkContext.parallelize(events))
    (expected_events.write.format("hudi").option("hoodie.table.name", "s3_meta")
     .option("hoodie.datasource.write.recordkey.field", "s3.object.key")
     .option("hoodie.datasource.write.partitionpath.field", "")
     .option("hoodie.datasource.write.keygenerator.class", "org.apache.hudi.keygen.NonpartitionedKeyGenerator")
     .option("hoodie.datasource.write.precombine.field", "eventTime")
     .option("hoodie.datasource.write.operation", "upsert").mode("append").save(str(spark_meta)))
    hoodie_meta = snapshot(spark, meta)
    assert data_columns(hoodie_meta) == data_columns(snapshot(spark, spark_meta))
    assert table_rows(hoodie_meta) == table_rows(snapshot(spark, spark_meta))
    (meta_commit,) = [p.name.split(".")[0] for p in (meta / ".hoodie").glob("*.commit")]

    schema_file = tmp_path / "trip.avsc"
    schema_file.write_text(json.dumps(SCHEMA))
    data = tmp_path / "data"
    data_args = ["streamer", "--target-base-path", str(data), "--target-table", "trips",
                 "--table-type", "COPY_ON_WRITE", "--source-class", "S3EventsHoodieIncrSource",
                 "--source-limit", str(sizes["in/a.json"]),
                 "--schemaprovider-class", "org.apache.hudi.utilities.schema.FilebasedSchemaProvider",
                 "--hoodie-conf", f"hoodie.deltastreamer.schemaprovider.source.schema.file={schema_file}",
                 "--hoodie-conf", f"hoodie.streamer.source.hoodieincr.path={meta}",
                 "--hoodie-conf", "hoodie.streamer.source.hoodieincr.missing.checkpoint.strategy=READ_UPTO_LATEST_COMMIT",
                 "--hoodie-conf", "hoodie.streamer.source.cloud.data.datafile.format=json",
                 "--hoodie-conf", "hoodie.datasource.write.recordkey.field=id",
                 "--hoodie-conf", "hoodie.datasource.write.partitionpath.field=city"]
    for _ in range(3):  # the third round finds nothing new and commits nothing
        runner.run(*data_args)
    assert committed_checkpoints(data) == [f"{meta_commit}#in/a.json", f"{meta_commit}#in/b.json"]
    spark_data = tmp_path / "spark_data"
    for key in TRIPS:
        df = spark.read.schema(SPARK_SCHEMA).json(str(tmp_path / "objects" / key))
        datasource_upsert(df, spark_data, "trips", "id", "city", "ts")
    assert table_rows(snapshot(spark, data)) == table_rows(snapshot(spark, spark_data))
    assert sorted((r.id, r.fare) for r in snapshot(spark, data).collect()) == [
        ("a1", 11.0), ("a2", 7.0), ("b1", 3.25)]
