// SPDX-License-Identifier: Apache-2.0
// `hoodie write --format avro`: container files framed here with the project's encoder
// (several blocks, codecs null, deflate and snappy), checked readable by Avro C, written
// through the CLI and read back with `hoodie query`.
#include <avro.h>

#include <algorithm>
#include <fstream>
#include <sstream>

#include <arrow/util/compression.h>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "hoodie/cli/cli_runner_test_util.h"
#include "hoodie/cli/progress.h"
#include "hoodie/format/avro_codec/avro_binary.h"
#include "hoodie/format/avro_codec/avro_schema.h"
#include "hoodie/testing/temp_dir.h"

namespace hoodie::cli::testing {
namespace {

using hoodie::testing::TempDir;

constexpr char kSchema[] = R"({"type":"record","name":"trip","namespace":"demo","fields":[
{"name":"id","type":"string"},
{"name":"ts","type":"long"},
{"name":"city","type":"string"},
{"name":"n","type":"int"},
{"name":"ok","type":"boolean"},
{"name":"f","type":"float"},
{"name":"d","type":"double"},
{"name":"raw","type":"bytes"},
{"name":"note","type":["null","string"],"default":null},
{"name":"count","type":["long","null"]},
{"name":"price","type":{"type":"bytes","logicalType":"decimal","precision":10,"scale":2}},
{"name":"day","type":{"type":"int","logicalType":"date"}},
{"name":"at","type":{"type":"long","logicalType":"timestamp-micros"}},
{"name":"rider","type":{"type":"record","name":"rider","fields":[
  {"name":"name","type":"string"},{"name":"age","type":["null","int"]}]}},
{"name":"tags","type":{"type":"array","items":"string"}},
{"name":"fees","type":{"type":"map","values":"long"}}]})";

// Minimal big-endian two's complement, as Java's
// BigDecimal.unscaledValue().toByteArray().
std::string DecimalBytes(int64_t unscaled) {
  std::string out;
  for (int i = 7; i >= 0; --i) out.push_back(static_cast<char>(unscaled >> (8 * i)));
  while (out.size() > 1 && ((out[0] == 0 && (out[1] & 0x80) == 0) ||
                            (out[0] == '\xff' && (out[1] & 0x80) != 0))) {
    out.erase(0, 1);
  }
  return out;
}

AvroValue Trip(int i) {
  const char* cities[] = {"sf", "ny", "la"};
  AvroEntries rider = {{"name", AvroValue::String("r" + std::to_string(i))},
                       {"age", i % 2 == 0 ? AvroValue::Int(20 + i) : AvroValue::Null()}};
  std::vector<AvroValue> tags;
  for (int t = 0; t < i % 3; ++t)
    tags.push_back(AvroValue::String("t" + std::to_string(t)));
  AvroEntries fees;
  if (i % 2 == 1)
    fees = {{"base", AvroValue::Long(100 * i)}, {"tip", AvroValue::Long(-i)}};
  return AvroValue::Record(
      "demo.trip",
      {{"id", AvroValue::String("k" + std::to_string(i))},
       {"ts", AvroValue::Long(1000 + i)},
       {"city", AvroValue::String(cities[i % 3])},
       {"n", AvroValue::Int(-i)},
       {"ok", AvroValue::Boolean(i % 2 == 0)},
       {"f", AvroValue::Float(0.5f * static_cast<float>(i))},
       {"d", AvroValue::Double(1.25 * i)},
       {"raw", AvroValue::Bytes(std::string(static_cast<size_t>(i % 3), 'x'))},
       {"note",
        i % 3 == 0 ? AvroValue::Null() : AvroValue::String("n" + std::to_string(i))},
       {"count", i % 4 == 1 ? AvroValue::Null() : AvroValue::Long(i * 1000000000LL)},
       {"price", AvroValue::Bytes(DecimalBytes(i % 2 == 0 ? 12345 * i : -995 * i))},
       {"day", AvroValue::Int(19000 + i)},
       {"at", AvroValue::Long(1700000000000000LL + i)},
       {"rider", AvroValue::Record("demo.rider", rider)},
       {"tags", AvroValue::Array(tags)},
       {"fees", AvroValue::Map(fees)}});
}

uint32_t Crc32(std::string_view bytes) {
  uint32_t crc = 0xffffffffu;
  for (char c : bytes) {
    crc ^= static_cast<uint8_t>(c);
    for (int k = 0; k < 8; ++k) crc = (crc >> 1) ^ (0xedb88320u & (0u - (crc & 1u)));
  }
  return ~crc;
}

std::string Compress(const std::string& codec_name, const std::string& data) {
  if (codec_name == "null") return data;
  std::unique_ptr<::arrow::util::Codec> codec;
  if (codec_name == "deflate") {
    ::arrow::util::GZipCodecOptions options;
    options.gzip_format = ::arrow::util::GZipFormat::DEFLATE;
    codec = *::arrow::util::Codec::Create(::arrow::Compression::GZIP, options);
  } else {
    codec = *::arrow::util::Codec::Create(::arrow::Compression::SNAPPY);
  }
  auto len = static_cast<int64_t>(data.size());
  std::string out(static_cast<size_t>(codec->MaxCompressedLen(len, nullptr)), '\0');
  int64_t n = *codec->Compress(len, reinterpret_cast<const uint8_t*>(data.data()),
                               static_cast<int64_t>(out.size()),
                               reinterpret_cast<uint8_t*>(out.data()));
  out.resize(static_cast<size_t>(n));
  if (codec_name == "snappy") {
    uint32_t crc = Crc32(data);
    for (int i = 3; i >= 0; --i) out.push_back(static_cast<char>(crc >> (8 * i)));
  }
  return out;
}

void AppendString(std::string_view s, std::string* out) {
  AppendAvroLong(static_cast<int64_t>(s.size()), out);
  out->append(s);
}

// A container file (DataFileWriter's framing) holding `blocks` of records `Trip(i)`.
std::string Container(const std::string& codec,
                      const std::vector<std::vector<int>>& blocks) {
  auto schema = *AvroSchema::Parse(kSchema);
  const std::string sync = "0123456789abcdef";
  std::string out("Obj\x01", 4);
  AppendAvroLong(2, &out);
  AppendString("avro.schema", &out);
  AppendString(kSchema, &out);
  AppendString("avro.codec", &out);
  AppendString(codec, &out);
  AppendAvroLong(0, &out);
  out += sync;
  for (const auto& block : blocks) {
    std::string records;
    for (int i : block)
      EXPECT_TRUE(EncodeAvroBinary(Trip(i), schema->root(), &records).ok());
    std::string data = Compress(codec, records);
    AppendAvroLong(static_cast<int64_t>(block.size()), &out);
    AppendAvroLong(static_cast<int64_t>(data.size()), &out);
    out += data + sync;
  }
  return out;
}

std::string WriteFile(const std::string& path, const std::string& bytes) {
  std::ofstream(path, std::ios::binary) << bytes;
  return path;
}

// The number of records Avro C's own reader finds in the file (-1 if it cannot read it).
int AvroCRecordCount(const std::string& path) {
  avro_file_reader_t reader;
  if (avro_file_reader(path.c_str(), &reader) != 0) return -1;
  avro_schema_t schema = avro_file_reader_get_writer_schema(reader);
  avro_value_iface_t* iface = avro_generic_class_from_schema(schema);
  avro_value_t value;
  avro_generic_value_new(iface, &value);
  int count = 0;
  int rc;
  while ((rc = avro_file_reader_read_value(reader, &value)) == 0) ++count;
  avro_value_decref(&value);
  avro_value_iface_decref(iface);
  avro_schema_decref(schema);
  avro_file_reader_close(reader);
  return rc == EOF ? count : -1;
}

std::string Quote(const std::string& s) { return "'" + s + "'"; }

const char kConf[] =
    " --hoodie-conf hoodie.table.name=trips"
    " --hoodie-conf hoodie.datasource.write.recordkey.field=id"
    " --hoodie-conf hoodie.datasource.write.partitionpath.field=city"
    " --hoodie-conf hoodie.datasource.write.precombine.field=ts";

std::vector<std::string> SortedLines(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  std::sort(lines.begin(), lines.end());
  return lines;
}

TEST(AvroInputTest, WritesContainerFilesOfEveryCodecBlockByBlock) {
  TempDir dir;
  std::string plain =
      WriteFile(dir.Join("plain.avro"), Container("null", {{0, 1}, {2, 3}, {4}}));
  std::string deflated =
      WriteFile(dir.Join("deflate.avro"), Container("deflate", {{5}, {6, 7}}));
  std::string snappy = WriteFile(dir.Join("snappy.avro"), Container("snappy", {{8}}));
  // Our framing is what Avro C reads (null and deflate; Debian's Avro C may lack snappy).
  EXPECT_EQ(AvroCRecordCount(plain), 5);
  EXPECT_EQ(AvroCRecordCount(deflated), 3);
  std::string base = dir.Join("t");
  auto write = RunCli("-o json write --table " + Quote(base) +
                      " --op insert --format avro --input " + Quote(plain) + " --input " +
                      Quote(deflated) + " --input " + Quote(snappy) + kConf);
  ASSERT_EQ(write.exit_code, 0) << write.err;
  EXPECT_EQ(write.err, "");  // no progress line: stderr is not a terminal
  auto summary = nlohmann::json::parse(write.out);
  EXPECT_EQ(summary["input_records"], "9");
  EXPECT_EQ(summary["inserted"], "9");
  EXPECT_EQ(summary["failed"], "0");
  auto rows =
      RunCli("query " + Quote(base) +
             " --columns id,ts,city,n,ok,f,d,raw,note,count,price,day,at,rider,tags,fees"
             " --format json");
  ASSERT_EQ(rows.exit_code, 0) << rows.err;
  std::vector<std::string> expected = {
      "{\"id\": \"k0\", \"ts\": 1000, \"city\": \"sf\", \"n\": 0, \"ok\": true, \"f\": "
      "0, \"d\": 0, \"raw\": \"\", \"note\": null, \"count\": 0, \"price\": 0.00, "
      "\"day\": \"2022-01-08\", \"at\": \"2023-11-14T22:13:20.000000Z\", \"rider\": "
      "{\"name\": \"r0\", \"age\": 20}, \"tags\": [], \"fees\": {}}",
      "{\"id\": \"k1\", \"ts\": 1001, \"city\": \"ny\", \"n\": -1, \"ok\": false, \"f\": "
      "0.5, \"d\": 1.25, \"raw\": \"78\", \"note\": \"n1\", \"count\": null, \"price\": "
      "-9.95, \"day\": \"2022-01-09\", \"at\": \"2023-11-14T22:13:20.000001Z\", "
      "\"rider\": {\"name\": \"r1\", \"age\": null}, \"tags\": [\"t0\"], \"fees\": "
      "{\"base\": 100, \"tip\": -1}}",
      "{\"id\": \"k2\", \"ts\": 1002, \"city\": \"la\", \"n\": -2, \"ok\": true, \"f\": "
      "1, \"d\": 2.5, \"raw\": \"7878\", \"note\": \"n2\", \"count\": 2000000000, "
      "\"price\": 246.90, \"day\": \"2022-01-10\", \"at\": "
      "\"2023-11-14T22:13:20.000002Z\", \"rider\": {\"name\": \"r2\", \"age\": 22}, "
      "\"tags\": [\"t0\", \"t1\"], \"fees\": {}}",
      "{\"id\": \"k3\", \"ts\": 1003, \"city\": \"sf\", \"n\": -3, \"ok\": false, \"f\": "
      "1.5, \"d\": 3.75, \"raw\": \"\", \"note\": null, \"count\": 3000000000, "
      "\"price\": -29.85, \"day\": \"2022-01-11\", \"at\": "
      "\"2023-11-14T22:13:20.000003Z\", \"rider\": {\"name\": \"r3\", \"age\": null}, "
      "\"tags\": [], \"fees\": {\"base\": 300, \"tip\": -3}}",
      "{\"id\": \"k4\", \"ts\": 1004, \"city\": \"ny\", \"n\": -4, \"ok\": true, \"f\": "
      "2, \"d\": 5, \"raw\": \"78\", \"note\": \"n4\", \"count\": 4000000000, \"price\": "
      "493.80, \"day\": \"2022-01-12\", \"at\": \"2023-11-14T22:13:20.000004Z\", "
      "\"rider\": {\"name\": \"r4\", \"age\": 24}, \"tags\": [\"t0\"], \"fees\": {}}",
      "{\"id\": \"k5\", \"ts\": 1005, \"city\": \"la\", \"n\": -5, \"ok\": false, \"f\": "
      "2.5, \"d\": 6.25, \"raw\": \"7878\", \"note\": \"n5\", \"count\": null, "
      "\"price\": -49.75, \"day\": \"2022-01-13\", \"at\": "
      "\"2023-11-14T22:13:20.000005Z\", \"rider\": {\"name\": \"r5\", \"age\": null}, "
      "\"tags\": [\"t0\", \"t1\"], \"fees\": {\"base\": 500, \"tip\": -5}}",
      "{\"id\": \"k6\", \"ts\": 1006, \"city\": \"sf\", \"n\": -6, \"ok\": true, \"f\": "
      "3, \"d\": 7.5, \"raw\": \"\", \"note\": null, \"count\": 6000000000, \"price\": "
      "740.70, \"day\": \"2022-01-14\", \"at\": \"2023-11-14T22:13:20.000006Z\", "
      "\"rider\": {\"name\": \"r6\", \"age\": 26}, \"tags\": [], \"fees\": {}}",
      "{\"id\": \"k7\", \"ts\": 1007, \"city\": \"ny\", \"n\": -7, \"ok\": false, \"f\": "
      "3.5, \"d\": 8.75, \"raw\": \"78\", \"note\": \"n7\", \"count\": 7000000000, "
      "\"price\": -69.65, \"day\": \"2022-01-15\", \"at\": "
      "\"2023-11-14T22:13:20.000007Z\", \"rider\": {\"name\": \"r7\", \"age\": null}, "
      "\"tags\": [\"t0\"], \"fees\": {\"base\": 700, \"tip\": -7}}",
      "{\"id\": \"k8\", \"ts\": 1008, \"city\": \"la\", \"n\": -8, \"ok\": true, \"f\": "
      "4, \"d\": 10, \"raw\": \"7878\", \"note\": \"n8\", \"count\": 8000000000, "
      "\"price\": 987.60, \"day\": \"2022-01-16\", \"at\": "
      "\"2023-11-14T22:13:20.000008Z\", \"rider\": {\"name\": \"r8\", \"age\": 28}, "
      "\"tags\": [\"t0\", \"t1\"], \"fees\": {}}"};
  EXPECT_EQ(SortedLines(rows.out), expected) << rows.out;
}

TEST(AvroInputTest, MalformedFilesNameTheFileAndTheBlock) {
  TempDir dir;
  std::string base = dir.Join("t");
  auto write = [&](const std::string& input) {
    return RunCli("write --table " + Quote(base) + " --op insert --format avro --input " +
                  Quote(input) + kConf);
  };
  std::string magic = WriteFile(dir.Join("magic.avro"), "Obj\x02 not avro");
  auto bad_magic = write(magic);
  EXPECT_EQ(bad_magic.exit_code, 1);
  EXPECT_NE(bad_magic.err.find(magic + ": not a readable Avro container file: the file "
                                       "does not start with the magic Obj\\x01"),
            std::string::npos)
      << bad_magic.err;
  std::string whole = Container("deflate", {{0, 1}, {2, 3}});
  std::string cut = WriteFile(dir.Join("cut.avro"), whole.substr(0, whole.size() - 20));
  auto truncated = write(cut);
  EXPECT_EQ(truncated.exit_code, 1);
  EXPECT_NE(truncated.err.find(cut + ": Avro block 2 (at byte offset "),
            std::string::npos)
      << truncated.err;
  EXPECT_NE(truncated.err.find("truncated: the block needs"), std::string::npos)
      << truncated.err;
  std::string bad_sync = whole;
  bad_sync[bad_sync.size() - 1] ^= 1;
  std::string resynced = WriteFile(dir.Join("sync.avro"), bad_sync);
  auto wrong_sync = write(resynced);
  EXPECT_EQ(wrong_sync.exit_code, 1);
  EXPECT_NE(wrong_sync.err.find(resynced + ": Avro block 2 (at byte offset "),
            std::string::npos)
      << wrong_sync.err;
  EXPECT_NE(wrong_sync.err.find("the block does not end with the sync marker"),
            std::string::npos)
      << wrong_sync.err;
  std::string snappy = Container("snappy", {{0}, {1}});
  // The last block's CRC-32 sits just before the final sync marker.
  snappy[snappy.size() - 17] ^= 1;
  std::string bad_crc = WriteFile(dir.Join("crc.avro"), snappy);
  auto wrong_crc = write(bad_crc);
  EXPECT_EQ(wrong_crc.exit_code, 1);
  EXPECT_NE(wrong_crc.err.find(bad_crc + ": Avro block 2 (at byte offset "),
            std::string::npos)
      << wrong_crc.err;
  EXPECT_NE(wrong_crc.err.find("the snappy block's CRC-32 does not match its data"),
            std::string::npos)
      << wrong_crc.err;
  // Nothing was committed by the failed writes.
  auto timeline = RunCli("timeline show --instants-only " + Quote(base));
  EXPECT_EQ(timeline.out.find("commit"), std::string::npos) << timeline.out;
}

TEST(ProgressLineTest, DrawsThrottledAndClearsOnlyWhenEnabled) {
  std::ostringstream out;
  {
    ProgressLine progress(&out, std::chrono::hours(1));
    progress.AddRecords(10);             // the first draw is immediate
    progress.AddRecords(5);              // throttled
    progress.SetPhase("writing files");  // a phase change always redraws
    EXPECT_EQ(progress.records(), 15);
  }
  std::string text = out.str();
  EXPECT_EQ(text.rfind("\rhoodie: reading input: 10 records read, ", 0), 0u) << text;
  EXPECT_NE(text.find("\rhoodie: writing files: 15 records read, "), std::string::npos);
  EXPECT_EQ(std::count(text.begin(), text.end(), '\r'), 3);  // two draws and the clear
  EXPECT_TRUE(text.ends_with("\r\x1b[K"));
  ProgressLine disabled(nullptr);
  disabled.AddRecords(1);
  disabled.Clear();
}

}  // namespace
}  // namespace hoodie::cli::testing
