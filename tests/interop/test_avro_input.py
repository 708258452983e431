"""`hoodie write --format avro` reads the container files Java's Avro (1.11, Spark's) writes.

Java's DataFileWriter writes the input (codecs null, deflate and snappy, a small sync interval so
each file has several blocks); hoodie writes it into a table and Spark with Hudi 0.15 reads back
exactly the rows.
"""

from __future__ import annotations

import datetime
import decimal

from conftest import snapshot

SCHEMA = """{"type":"record","name":"trip","namespace":"demo","fields":[
{"name":"id","type":"string"},
{"name":"ts","type":"long"},
{"name":"part","type":"string"},
{"name":"n","type":"int"},
{"name":"d","type":"double"},
{"name":"note","type":["null","string"],"default":null},
{"name":"price","type":{"type":"bytes","logicalType":"decimal","precision":10,"scale":2}},
{"name":"day","type":{"type":"int","logicalType":"date"}},
{"name":"rider","type":{"type":"record","name":"rider","fields":[
  {"name":"name","type":"string"},{"name":"age","type":["null","int"]}]}},
{"name":"tags","type":{"type":"array","items":"string"}},
{"name":"fees","type":{"type":"map","values":"int"}}]}"""


def expected(i):
    return (f"k{i}", 1_700_000_000_000 + i, f"p{i % 2}", -i, 1.25 * i, None if i % 3 == 0 else f"n{i}",
            decimal.Decimal(12345 * i if i % 2 == 0 else -995 * i).scaleb(-2),
            datetime.date(1970, 1, 1) + datetime.timedelta(days=19000 + i),
            f"r{i}", 20 + i if i % 2 == 0 else None, [f"t{t}" for t in range(i % 3)],
            {"base": 100 * i} if i % 2 else {})


def write_java_avro(spark, path, codec, indexes):
    jvm = spark._jvm
    schema = jvm.org.apache.avro.Schema.Parser().parse(SCHEMA)
    writer = jvm.org.apache.avro.file.DataFileWriter(jvm.org.apache.avro.generic.GenericDatumWriter(schema))
    factory = jvm.org.apache.avro.file.CodecFactory
    writer.setCodec({"null": factory.nullCodec(), "deflate": factory.deflateCodec(6),
                     "snappy": factory.snappyCodec()}[codec])
    writer.setSyncInterval(64)  # a block every few records
    writer.create(schema, jvm.java.io.File(str(path)))
    for i in indexes:
        e = expected(i)
        rec = jvm.org.apache.avro.generic.GenericData.Record(schema)
        rec.put("id", e[0])
        rec.put("ts", e[1])
        rec.put("part", e[2])
        rec.put("n", e[3])
        rec.put("d", e[4])
        rec.put("note", e[5])
        unscaled = int(e[6].scaleb(2))
        rec.put("price", jvm.java.nio.ByteBuffer.wrap(jvm.java.math.BigInteger(str(unscaled)).toByteArray()))
        rec.put("day", 19000 + i)
        rider = jvm.org.apache.avro.generic.GenericData.Record(schema.getField("rider").schema())
        rider.put("name", e[8])
        rider.put("age", e[9])
        rec.put("rider", rider)
        tags = jvm.java.util.ArrayList()
        for t in e[10]:
            tags.add(t)
        rec.put("tags", tags)
        fees = jvm.java.util.HashMap()
        for k, v in e[11].items():
            fees.put(k, v)
        rec.put("fees", fees)
        writer.append(rec)
    writer.close()
    return path


def test_hoodie_writes_java_avro_container_files(spark, hoodie, tmp_path):
    """Java-written container files of every codec, several blocks each, give exactly their rows."""
    files = [write_java_avro(spark, tmp_path / "plain.avro", "null", range(0, 6)),
             write_java_avro(spark, tmp_path / "deflate.avro", "deflate", range(6, 12)),
             write_java_avro(spark, tmp_path / "snappy.avro", "snappy", range(12, 15))]
    for f in files:  # several blocks: the sync marker (the file's last 16 bytes) ends the header and each block
        data = f.read_bytes()
        assert data.count(data[-16:]) >= 3, f
    table = tmp_path / "t"
    args = ["write", "--table", table, "--op", "insert", "--format", "avro"]
    for f in files:
        args += ["--input", f]
    for key, value in {"hoodie.table.name": "t", "hoodie.datasource.write.recordkey.field": "id",
                       "hoodie.datasource.write.partitionpath.field": "part",
                       "hoodie.datasource.write.precombine.field": "ts"}.items():
        args += ["--hoodie-conf", f"{key}={value}"]
    summary = hoodie.json(*args)
    assert summary["committed"] == "true" and summary["inserted"] == "15", summary
    rows = snapshot(spark, table).select("id", "ts", "part", "n", "d", "note", "price", "day", "rider", "tags",
                                         "fees").collect()
    got = sorted((r.id, r.ts, r.part, r.n, r.d, r.note, r.price, r.day, r.rider.name, r.rider.age,
                  list(r.tags), dict(r.fees)) for r in rows)
    assert got == sorted(expected(i) for i in range(15))
