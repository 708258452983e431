// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/format/parquet/parquet_file_writer_test.cc
/// \brief Base files written by ParquetFileWriter, read back with plain parquet::arrow.
#include "hoodie/format/parquet/parquet_file_writer.h"

#include <arrow/array.h>
#include <arrow/array/builder_binary.h>
#include <arrow/io/interfaces.h>
#include <arrow/io/memory.h>
#include <arrow/json/from_string.h>
#include <arrow/record_batch.h>
#include <arrow/table.h>
#include <arrow/type.h>
#include <arrow/util/key_value_metadata.h>
#include <gtest/gtest.h>
#include <parquet/arrow/reader.h>
#include <parquet/arrow/writer.h>
#include <parquet/file_reader.h>
#include <parquet/metadata.h>
#include <parquet/properties.h>
#include <parquet/schema.h>

#include "hoodie/config/hoodie_config.h"
#include "hoodie/format/avro/avro_schema.h"
#include "hoodie/format/avro/meta_fields.h"
#include "hoodie/table/file_naming.h"
#include "hoodie/storage/storage.h"
#include "hoodie/testing/matchers.h"
#include "hoodie/testing/temp_dir.h"

namespace hoodie {
namespace {

using ::arrow::field;

std::shared_ptr<::arrow::Schema> AllTypesSchema() {
  auto child = ::arrow::struct_({field("c", ::arrow::float64())});
  return ::arrow::schema({
      field("id", ::arrow::int32(), false),
      field("flag", ::arrow::boolean()),
      field("tiny", ::arrow::int8()),
      field("small", ::arrow::int16()),
      field("big", ::arrow::int64()),
      field("f32", ::arrow::float32()),
      field("f64", ::arrow::float64()),
      field("name", ::arrow::utf8()),
      field("bin", ::arrow::binary()),
      field("dec", ::arrow::decimal128(10, 5)),
      field("day", ::arrow::date32()),
      field("ts", ::arrow::timestamp(::arrow::TimeUnit::MICRO, "UTC")),
      field("st", ::arrow::struct_({field("a", ::arrow::utf8()), field("b", ::arrow::int32()),
                                    field("child", child)})),
      field("arr", ::arrow::list(field("element", ::arrow::struct_({field("x", ::arrow::utf8()),
                                                                    field("y", ::arrow::int32())})))),
      field("longs", ::arrow::list(field("element", ::arrow::int64()))),
      field("m", ::arrow::map(::arrow::utf8(), ::arrow::struct_({field("v", ::arrow::float64())}))),
  });
}

constexpr char kRows[] = R"([
  {"id": 1, "flag": true, "tiny": -8, "small": 300, "big": 1234567890123, "f32": 1.5,
   "f64": 3.14159, "name": "Alice", "bin": "binary data", "dec": "12345.67890",
   "day": 19448, "ts": 1680368460000000,
   "st": {"a": "x", "b": 30, "child": {"c": 123.456}},
   "arr": [{"x": "red", "y": 100}, {"x": "blue", "y": 200}], "longs": [1, null, 3],
   "m": [["key1", {"v": 1.25}], ["key2", null]]},
  {"id": 2, "flag": null, "tiny": null, "small": null, "big": null, "f32": null,
   "f64": null, "name": null, "bin": null, "dec": null, "day": null, "ts": null,
   "st": null, "arr": null, "longs": [], "m": null},
  {"id": 3, "flag": false, "tiny": 127, "small": -32768, "big": -1, "f32": -0.0,
   "f64": 2.5e300, "name": "Ünïcode", "bin": "", "dec": "-0.00001", "day": -1,
   "ts": -1, "st": {"a": null, "b": null, "child": null}, "arr": [null],
   "longs": null, "m": []}
])";

std::shared_ptr<::arrow::RecordBatch> AllTypesBatch() {
  auto schema = AllTypesSchema();
  auto array = ::arrow::json::ArrayFromJSONString(::arrow::struct_(schema->fields()), kRows)
                   .ValueOrDie();
  auto batch = ::arrow::RecordBatch::FromStructArray(array).ValueOrDie();
  return batch->ReplaceSchema(schema).ValueOrDie();
}

struct ReadBack {
  std::shared_ptr<::arrow::Table> table;
  std::shared_ptr<::parquet::FileMetaData> metadata;
};

ReadBack ReadWithParquet(const std::string& path) {
  auto file = Storage::Local()->OpenForRead(path).ValueOrDie();
  auto reader = ::parquet::arrow::OpenFile(file, ::arrow::default_memory_pool()).ValueOrDie();
  ReadBack out;
  EXPECT_TRUE(reader->ReadTable(&out.table).ok());
  out.metadata = reader->parquet_reader()->metadata();
  return out;
}

class BaseFileWriterTest : public ::testing::Test {
 protected:
  std::string PathFor(const std::string& instant) {
    return dir_.Join("p1/" + MakeBaseFileName("f1-0", "0-1-2", instant));
  }
  BaseFileWriteResult WriteAllTypes(const std::string& path, BaseFileWriterOptions options) {
    auto writer = ParquetFileWriter::Make(Storage::Local(), path, AllTypesSchema(), options)
                      .ValueOrDie();
    auto meta = MetaColumns::ForRecords("20240101000000000", "p1", 0, 0,
                                        {"key-b", "key-a", "key-c"})
                    .ValueOrDie();
    EXPECT_OK(writer->Write(*AllTypesBatch(), meta));
    return writer->Close().ValueOrDie();
  }

  testing::TempDir dir_;
};

TEST_F(BaseFileWriterTest, RoundTripsEveryTypeExactly) {
  std::string path = PathFor("20240101000000000");
  BaseFileWriterOptions options;
  options.table_name = "t";
  BaseFileWriteResult result = WriteAllTypes(path, options);
  EXPECT_EQ(result.path, path);
  EXPECT_EQ(result.file_name, "f1-0_0-1-2_20240101000000000.parquet");
  EXPECT_EQ(result.record_count, 3);
  EXPECT_EQ(result.min_record_key, "key-a");
  EXPECT_EQ(result.max_record_key, "key-c");
  ASSERT_OK_AND_ASSIGN(FileStatus status, Storage::Local()->GetFileStatus(path));
  EXPECT_EQ(result.file_size_bytes, status.size);

  ReadBack back = ReadWithParquet(path);
  ASSERT_EQ(back.table->num_columns(), 5 + AllTypesSchema()->num_fields());
  auto expected = ::arrow::Table::FromRecordBatches({AllTypesBatch()}).ValueOrDie();
  for (int i = 0; i < expected->num_columns(); ++i) {
    SCOPED_TRACE(expected->field(i)->name());
    auto actual = back.table->column(5 + i);
    EXPECT_EQ(back.table->field(5 + i)->name(), expected->field(i)->name());
    EXPECT_TRUE(actual->type()->Equals(expected->column(i)->type()))
        << actual->type()->ToString();
    EXPECT_TRUE(actual->Equals(*expected->column(i))) << actual->ToString();
  }
}

TEST_F(BaseFileWriterTest, WritesMetaColumnsFirstWithExactValues) {
  std::string path = PathFor("20240101000000000");
  WriteAllTypes(path, {});
  ReadBack back = ReadWithParquet(path);
  auto expect_column = [&](int i, std::string_view name, const std::string& json) {
    EXPECT_EQ(back.table->field(i)->name(), name);
    EXPECT_TRUE(back.table->field(i)->nullable());
    auto expected = ::arrow::json::ArrayFromJSONString(::arrow::utf8(), json).ValueOrDie();
    EXPECT_TRUE(back.table->column(i)->chunk(0)->Equals(*expected))
        << back.table->column(i)->ToString();
  };
  expect_column(0, kCommitTimeField,
                R"(["20240101000000000", "20240101000000000", "20240101000000000"])");
  expect_column(1, kCommitSeqNoField,
                R"(["20240101000000000_0_0", "20240101000000000_0_1", "20240101000000000_0_2"])");
  expect_column(2, kRecordKeyField, R"(["key-b", "key-a", "key-c"])");
  expect_column(3, kPartitionPathField, R"(["p1", "p1", "p1"])");
  std::string file = "\"f1-0_0-1-2_20240101000000000.parquet\"";
  expect_column(4, kFileNameField, "[" + file + "," + file + "," + file + "]");
  const auto* schema = back.metadata->schema();
  for (int i = 0; i < 5; ++i) {
    const auto* column = schema->Column(i);
    EXPECT_EQ(column->physical_type(), ::parquet::Type::BYTE_ARRAY);
    EXPECT_EQ(column->max_definition_level(), 1);
    EXPECT_TRUE(column->logical_type()->is_string());
  }
}

TEST_F(BaseFileWriterTest, WritesHudiFooterKeysExactly) {
  std::string path = PathFor("20240101000000000");
  BaseFileWriterOptions options;
  options.table_name = "t";
  options.footer_metadata = {{"org.apache.hudi.bloomfilter", "AAAA"}};
  auto writer =
      ParquetFileWriter::Make(Storage::Local(), path,
                           ::arrow::schema({field("id", ::arrow::int32(), false)}), options)
          .ValueOrDie();
  writer->AddFooterMetadata("hoodie_bloom_filter_type_code", "DYNAMIC_V0");
  writer->AddFooterMetadata("org.apache.hudi.bloomfilter", "BBBB");
  auto data = ::arrow::RecordBatch::Make(
      ::arrow::schema({field("id", ::arrow::int32(), false)}), 2,
      {::arrow::json::ArrayFromJSONString(::arrow::int32(), "[7, 8]").ValueOrDie()});
  ASSERT_OK(writer->Write(*data, MetaColumns::ForRecords("1", "", 0, 0, {"7", "8"}).ValueOrDie()));
  ASSERT_OK(writer->Close());
  ReadBack back = ReadWithParquet(path);
  auto kv = back.metadata->key_value_metadata();
  ASSERT_NE(kv, nullptr);
  std::vector<std::pair<std::string, std::string>> actual;
  for (int64_t i = 0; i < kv->size(); ++i) actual.emplace_back(kv->key(i), kv->value(i));
  std::string meta_field = R"(,"type":["null","string"],"doc":"","default":null},)";
  std::string avro =
      std::string(R"({"type":"record","name":"t_record","namespace":"hoodie.t","fields":[)") +
      R"({"name":"_hoodie_commit_time")" + meta_field + R"({"name":"_hoodie_commit_seqno")" +
      meta_field + R"({"name":"_hoodie_record_key")" + meta_field +
      R"({"name":"_hoodie_partition_path")" + meta_field + R"({"name":"_hoodie_file_name")" +
      meta_field + R"({"name":"id","type":"int"}]})";
  std::vector<std::pair<std::string, std::string>> expected = {
      {"org.apache.hudi.bloomfilter", "BBBB"},
      {"hoodie_bloom_filter_type_code", "DYNAMIC_V0"},
      {"hoodie_min_record_key", "7"},
      {"hoodie_max_record_key", "8"},
      {"writer.model.name", "avro"},
      {"parquet.avro.schema", avro},
  };
  EXPECT_EQ(actual, expected);
  EXPECT_EQ(writer->avro_schema(), avro);
}

TEST_F(BaseFileWriterTest, FollowsHudiParquetLayout) {
  std::string path = PathFor("20240101000000000");
  WriteAllTypes(path, {});
  ReadBack back = ReadWithParquet(path);
  ASSERT_GE(back.metadata->num_row_groups(), 1);
  for (int r = 0; r < back.metadata->num_row_groups(); ++r) {
    auto row_group = back.metadata->RowGroup(r);
    for (int c = 0; c < row_group->num_columns(); ++c) {
      EXPECT_EQ(row_group->ColumnChunk(c)->compression(), ::parquet::Compression::GZIP)
          << row_group->ColumnChunk(c)->path_in_schema()->ToDotString();
    }
  }
  const auto* schema = back.metadata->schema();
  auto column = [&](const std::string& dot_path) {
    for (int i = 0; i < schema->num_columns(); ++i) {
      if (schema->Column(i)->path()->ToDotString() == dot_path) return schema->Column(i);
    }
    ADD_FAILURE() << "no column " << dot_path;
    return schema->Column(0);
  };
  // Standard 3-level lists and MAP key_value groups (spec 8.4).
  EXPECT_EQ(column("arr.list.element.x")->max_repetition_level(), 1);
  EXPECT_EQ(column("longs.list.element")->physical_type(), ::parquet::Type::INT64);
  EXPECT_EQ(column("m.key_value.key")->max_definition_level(), 2);
  EXPECT_EQ(column("m.key_value.value.v")->physical_type(), ::parquet::Type::DOUBLE);
  // Decimals as FIXED_LEN_BYTE_ARRAY of the minimum size.
  EXPECT_EQ(column("dec")->physical_type(), ::parquet::Type::FIXED_LEN_BYTE_ARRAY);
  EXPECT_EQ(column("dec")->type_length(), 5);
  // Timestamps as INT64 micros adjusted to UTC.
  EXPECT_EQ(column("ts")->physical_type(), ::parquet::Type::INT64);
  const auto& ts = static_cast<const ::parquet::TimestampLogicalType&>(
      *column("ts")->logical_type());
  EXPECT_TRUE(ts.is_adjusted_to_utc());
  EXPECT_EQ(ts.time_unit(), ::parquet::LogicalType::TimeUnit::MICROS);
  EXPECT_EQ(column("tiny")->physical_type(), ::parquet::Type::INT32);
  EXPECT_EQ(column("day")->physical_type(), ::parquet::Type::INT32);
  EXPECT_TRUE(column("day")->logical_type()->is_date());
}

TEST_F(BaseFileWriterTest, HonoursCodecAndRowGroupSize) {
  std::string path = PathFor("20240101000000001");
  BaseFileWriterOptions options;
  options.compression_codec = "SNAPPY";
  options.block_size = 1;  // every batch closes its row group
  options.max_file_size = 1;
  auto writer = ParquetFileWriter::Make(Storage::Local(), path, AllTypesSchema(), options)
                    .ValueOrDie();
  EXPECT_TRUE(writer->CanWrite());
  int64_t previous = writer->EstimatedSize();
  for (int i = 0; i < 3; ++i) {
    auto meta = MetaColumns::ForRecords("20240101000000001", "p1", 1, 3 * i,
                                        {"a" + std::to_string(i), "b", "c"})
                    .ValueOrDie();
    ASSERT_OK(writer->Write(*AllTypesBatch(), meta));
    EXPECT_GT(writer->EstimatedSize(), previous);
    previous = writer->EstimatedSize();
  }
  EXPECT_FALSE(writer->CanWrite());
  EXPECT_EQ(writer->record_count(), 9);
  ASSERT_OK_AND_ASSIGN(auto result, writer->Close());
  EXPECT_EQ(result.min_record_key, "a0");
  EXPECT_EQ(result.max_record_key, "c");
  ReadBack back = ReadWithParquet(path);
  EXPECT_EQ(back.metadata->num_row_groups(), 3);
  EXPECT_EQ(back.metadata->RowGroup(2)->ColumnChunk(7)->compression(),
            ::parquet::Compression::SNAPPY);
  EXPECT_EQ(back.table->num_rows(), 9);
  ASSERT_RAISES(Invalid, writer->Close());
}

// The compressed size of one gzip column chunk `text` written by plain parquet::arrow at
// `level`, everything else as BaseFileWriter sets it.
int64_t GzipChunkSize(const std::shared_ptr<::arrow::RecordBatch>& batch, int level) {
  auto sink = ::arrow::io::BufferOutputStream::Create().ValueOrDie();
  auto properties = ::parquet::WriterProperties::Builder()
                        .compression(::arrow::Compression::GZIP)
                        ->compression_level(level)
                        ->disable_dictionary()
                        ->build();
  auto table = ::arrow::Table::FromRecordBatches({batch}).ValueOrDie();
  EXPECT_OK(::parquet::arrow::WriteTable(*table, ::arrow::default_memory_pool(), sink,
                                         batch->num_rows(), properties));
  auto buffer = sink->Finish().ValueOrDie();
  auto reader = ::parquet::ParquetFileReader::Open(
      std::make_shared<::arrow::io::BufferReader>(buffer));
  return reader->metadata()->RowGroup(0)->ColumnChunk(0)->total_compressed_size();
}

// parquet-mr compresses gzip pages with Hadoop's zlib default (level 6), not Arrow's 9.
TEST_F(BaseFileWriterTest, CompressesGzipAtZlibDefaultLevel) {
  auto schema = ::arrow::schema({field("text", ::arrow::utf8())});
  ::arrow::StringBuilder text;
  std::vector<std::string> keys;
  for (int i = 0; i < 20000; ++i) {
    ASSERT_OK(text.Append("rider-" + std::to_string(i * 7919 % 1237) + "-driver-" +
                          std::to_string(i % 97) + "-" + std::to_string(i)));
    keys.push_back(std::to_string(i));
  }
  auto batch = ::arrow::RecordBatch::Make(schema, 20000, {text.Finish().ValueOrDie()});
  int64_t level6 = GzipChunkSize(batch, 6);
  ASSERT_NE(level6, GzipChunkSize(batch, 9));  // the data tells the levels apart

  std::string path = PathFor("20240101000000002");
  BaseFileWriterOptions options;
  options.dictionary_enabled = false;
  ASSERT_OK_AND_ASSIGN(auto writer,
                       ParquetFileWriter::Make(Storage::Local(), path, schema, options));
  ASSERT_OK_AND_ASSIGN(auto meta,
                       MetaColumns::ForRecords("20240101000000002", "p1", 0, 0, keys));
  ASSERT_OK(writer->Write(*batch, meta));
  ASSERT_OK(writer->Close().status());
  auto chunk = ReadWithParquet(path).metadata->RowGroup(0)->ColumnChunk(5);
  EXPECT_EQ(chunk->compression(), ::parquet::Compression::GZIP);
  EXPECT_EQ(chunk->total_compressed_size(), level6);
}

// A file of new records takes its commit time and partition path (and, as every file, its
// file name) as constants handed to Parquet as one-entry dictionaries: the file's bytes
// are exactly those of values per row, over several batches and row groups, with
// dictionaries on and off; the size estimate (and so where files roll over) is the same
// too. Values per row for a constant column are refused.
TEST_F(BaseFileWriterTest, ConstantMetaColumnsWriteTheBytesOfValuesPerRow) {
  auto schema = ::arrow::schema({field("text", ::arrow::utf8())});
  for (bool dictionary : {true, false}) {
    SCOPED_TRACE(dictionary ? "dictionary" : "plain");
    std::vector<std::string> bytes;
    for (bool constant : {false, true}) {
      testing::TempDir dir;
      std::string path = dir.Join(MakeBaseFileName("f1-0", "0-1-2", "20240101000000003"));
      BaseFileWriterOptions options;
      options.dictionary_enabled = dictionary;
      options.block_size = 4096;  // several row groups
      if (constant) {
        options.constant_commit_time = "20240101000000003";
        options.constant_partition_path = "2024/01/01";
      }
      ASSERT_OK_AND_ASSIGN(auto writer,
                           ParquetFileWriter::Make(Storage::Local(), path, schema, options));
      for (int b = 0; b < 5; ++b) {
        ::arrow::StringBuilder text;
        std::vector<std::string> keys;
        for (int i = 0; i < 300; ++i) {
          ASSERT_OK(text.Append("row-" + std::to_string(b * 300 + i)));
          keys.push_back("key-" + std::to_string(b * 300 + i));
        }
        auto batch = ::arrow::RecordBatch::Make(schema, 300, {text.Finish().ValueOrDie()});
        ASSERT_OK_AND_ASSIGN(
            auto meta, constant ? MetaColumns::ForNewRecords("20240101000000003", 0, b * 300,
                                                             keys)
                                : MetaColumns::ForRecords("20240101000000003", "2024/01/01",
                                                          0, b * 300, keys));
        ASSERT_OK(writer->Write(*batch, meta));
      }
      ASSERT_OK(writer->Close().status());
      ASSERT_OK_AND_ASSIGN(std::string written, Storage::Local()->ReadAll(path));
      bytes.push_back(std::move(written));
    }
    auto reader = ::parquet::ParquetFileReader::Open(
        std::make_shared<::arrow::io::BufferReader>(::arrow::Buffer::FromString(bytes[1])));
    EXPECT_GT(reader->metadata()->num_row_groups(), 1);
    ASSERT_EQ(bytes[0].size(), bytes[1].size());
    // Equal bytes mean equal row groups: the constant columns changed no boundary.
    EXPECT_TRUE(bytes[0] == bytes[1]);
  }
  BaseFileWriterOptions options;
  options.constant_commit_time = "20240101000000004";
  ASSERT_OK_AND_ASSIGN(auto writer, ParquetFileWriter::Make(Storage::Local(),
                                                         PathFor("20240101000000004"),
                                                         schema, options));
  auto one = ::arrow::RecordBatch::Make(
      schema, 1, {::arrow::json::ArrayFromJSONString(::arrow::utf8(), R"(["a"])").ValueOrDie()});
  EXPECT_THAT(writer->Write(*one, MetaColumns::ForRecords("20240101000000004", "p1", 0, 0,
                                                          {"k"})
                                      .ValueOrDie()),
              testing::StatusMessageHas("_hoodie_commit_time is constant"));
  ASSERT_OK(writer->Close().status());
}

TEST_F(BaseFileWriterTest, RejectsBadInput) {
  auto storage = Storage::Local();
  auto schema = ::arrow::schema({field("id", ::arrow::int32())});
  BaseFileWriterOptions bad_codec;
  bad_codec.compression_codec = "nope";
  ASSERT_RAISES(Invalid, ParquetFileWriter::Make(storage, PathFor("1"), schema, bad_codec));
  ASSERT_RAISES(Invalid, ParquetFileWriter::Make(storage, PathFor("2"),
                                              ::arrow::schema({field("u", ::arrow::uint64())}),
                                              {}));
  ASSERT_RAISES(Invalid,
                ParquetFileWriter::Make(storage, PathFor("3"),
                                     ::arrow::schema({field("_hoodie_record_key", ::arrow::utf8())}),
                                     {}));
  ASSERT_OK_AND_ASSIGN(auto writer, ParquetFileWriter::Make(storage, PathFor("4"), schema, {}));
  ASSERT_RAISES(AlreadyExists, ParquetFileWriter::Make(storage, PathFor("4"), schema, {}));
  auto data = ::arrow::RecordBatch::Make(
      schema, 2, {::arrow::json::ArrayFromJSONString(::arrow::int32(), "[1, 2]").ValueOrDie()});
  ASSERT_RAISES(Invalid,
                writer->Write(*data, MetaColumns::ForRecords("1", "", 0, 0, {"1"}).ValueOrDie()));
  auto other = ::arrow::RecordBatch::Make(
      ::arrow::schema({field("id", ::arrow::int64())}), 1,
      {::arrow::json::ArrayFromJSONString(::arrow::int64(), "[1]").ValueOrDie()});
  ASSERT_RAISES(Invalid,
                writer->Write(*other, MetaColumns::ForRecords("1", "", 0, 0, {"1"}).ValueOrDie()));
  ASSERT_OK(writer->Close());
}

// `batches` batches of 2,000 rows of 100 random-looking characters to `writer`, keys
// numbered from `first`.
void WriteTextRows(BaseFileWriter* writer, int batches, int first) {
  auto schema = ::arrow::schema({field("text", ::arrow::utf8())});
  uint64_t state = static_cast<uint64_t>(first) + 1;
  for (int b = 0; b < batches; ++b) {
    ::arrow::StringBuilder text;
    std::vector<std::string> keys;
    for (int i = 0; i < 2000; ++i) {
      std::string value;
      for (int c = 0; c < 100; ++c) {
        state = state * 6364136223846793005ULL + 1442695040888963407ULL;
        value.push_back(static_cast<char>('a' + (state >> 59)));
      }
      ASSERT_OK(text.Append(value));
      keys.push_back("key-" + std::to_string(first + b * 2000 + i));
    }
    auto batch = ::arrow::RecordBatch::Make(schema, 2000, {text.Finish().ValueOrDie()});
    ASSERT_OK_AND_ASSIGN(auto meta, MetaColumns::ForNewRecords("20240101000000005", 0,
                                                               b * 2000, keys));
    ASSERT_OK(writer->Write(*batch, meta));
  }
}

// The size estimate is the file's encoded bytes, as parquet-mr's getDataSize, not the
// Arrow bytes of the rows (which made files a third of hoodie.parquet.max.file.size).
TEST_F(BaseFileWriterTest, EstimatesTheEncodedSize) {
  auto schema = ::arrow::schema({field("text", ::arrow::utf8())});
  BaseFileWriterOptions options;
  options.compression_codec = "snappy";
  options.block_size = 256 * 1024;  // several row groups flushed, one buffered
  options.constant_commit_time = "20240101000000005";
  options.constant_partition_path = "p1";
  std::string path = PathFor("20240101000000005");
  ASSERT_OK_AND_ASSIGN(auto writer,
                       ParquetFileWriter::Make(Storage::Local(), path, schema, options));
  WriteTextRows(writer.get(), 10, 0);
  const int64_t estimate = writer->EstimatedSize();
  ASSERT_OK_AND_ASSIGN(auto result, writer->Close());
  // 100 random letters of 26 compress to about 62% (log2(26)/8 bits); the Arrow bytes
  // were 104 a row plus the keys and sequence numbers.
  EXPECT_GE(estimate, result.file_size_bytes * 9 / 10);
  EXPECT_LE(estimate, result.file_size_bytes * 3 / 2);
  ReadBack back = ReadWithParquet(path);
  EXPECT_GT(back.metadata->num_row_groups(), 2);
  for (int i = 0; i < back.metadata->num_row_groups(); ++i) {
    EXPECT_LE(back.metadata->RowGroup(i)->total_compressed_size(), 2 * options.block_size);
  }
}

// Files sharing a budget end their row groups early once they hold more than it
// together; each one's bytes leave the budget when it closes.
TEST_F(BaseFileWriterTest, OpenFilesShareTheRowGroupBudget) {
  auto schema = ::arrow::schema({field("text", ::arrow::utf8())});
  auto row_groups = [&](std::shared_ptr<RowGroupBudget> budget) {
    testing::TempDir dir;
    BaseFileWriterOptions options;
    options.compression_codec = "snappy";
    options.row_group_budget = budget;
    std::vector<std::unique_ptr<BaseFileWriter>> writers;
    std::vector<std::string> paths;
    for (int f = 0; f < 4; ++f) {
      options.constant_commit_time = "20240101000000006";
      options.constant_partition_path = "p" + std::to_string(f);
      paths.push_back(dir.Join(MakeBaseFileName("f" + std::to_string(f) + "-0", "0-1-2",
                                                "20240101000000006")));
      writers.push_back(
          ParquetFileWriter::Make(Storage::Local(), paths.back(), schema, options)
              .ValueOrDie());
    }
    // Round robin, as a bulk_insert writes the partitions of each input batch.
    for (int round = 0; round < 10; ++round) {
      for (int f = 0; f < 4; ++f) {
        WriteTextRows(writers[f].get(), 1, (round * 4 + f) * 2000);
      }
      if (budget != nullptr) {
        // Past the limit only by what was written since the last flush.
        EXPECT_LE(budget->used(), budget->max_bytes() + 4 * 1024 * 1024);
      }
    }
    std::vector<int> groups;
    for (int f = 0; f < 4; ++f) {
      EXPECT_OK(writers[f]->Close().status());
      ReadBack back = ReadWithParquet(paths[f]);
      EXPECT_EQ(back.table->num_rows(), 20000);
      groups.push_back(back.metadata->num_row_groups());
    }
    if (budget != nullptr) EXPECT_EQ(budget->used(), 0);
    return groups;
  };
  EXPECT_EQ(row_groups(nullptr), std::vector<int>(4, 1));
  // The budget the key sets, as every file of a write gets it.
  HoodieConfig config;
  config.Set("hoodie.memory.parquet.buffer.max.size", "1048576");
  ASSERT_OK_AND_ASSIGN(auto configured, BaseFileWriterOptions::FromConfig(config));
  std::shared_ptr<RowGroupBudget> budget = configured.row_group_budget;
  ASSERT_EQ(budget->max_bytes(), 1048576);
  std::vector<int> bounded = row_groups(budget);
  for (int groups : bounded) EXPECT_GE(groups, 3);
  // A writer dropped without Close() leaves the budget too.
  {
    BaseFileWriterOptions options;
    options.row_group_budget = budget;
    options.constant_commit_time = "20240101000000005";
    options.constant_partition_path = "p1";
    auto writer = ParquetFileWriter::Make(Storage::Local(), PathFor("20240101000000007"),
                                       schema, options)
                      .ValueOrDie();
    WriteTextRows(writer.get(), 1, 0);
    EXPECT_GT(budget->used(), 0);
  }
  EXPECT_EQ(budget->used(), 0);
}

TEST(BaseFileWriterOptionsTest, ReadsStorageConfigs) {
  ASSERT_OK_AND_ASSIGN(auto defaults, BaseFileWriterOptions::FromConfig(HoodieConfig()));
  EXPECT_EQ(defaults.compression_codec, "gzip");
  EXPECT_EQ(defaults.page_size, 1048576);
  EXPECT_EQ(defaults.block_size, 125829120);
  EXPECT_EQ(defaults.max_file_size, 125829120);
  EXPECT_TRUE(defaults.dictionary_enabled);
  ASSERT_NE(defaults.row_group_budget, nullptr);
  EXPECT_EQ(defaults.row_group_budget->max_bytes(), 128 << 20);
  HoodieConfig config;
  config.Set("hoodie.parquet.compression.codec", "zstd")
      .Set("hoodie.parquet.max.file.size", "1024")
      .Set("hoodie.parquet.dictionary.enabled", "false")
      .Set("hoodie.memory.parquet.buffer.max.size", "1048576");
  ASSERT_OK_AND_ASSIGN(auto options, BaseFileWriterOptions::FromConfig(config));
  EXPECT_EQ(options.row_group_budget->max_bytes(), 1048576);
  EXPECT_EQ(options.compression_codec, "zstd");
  EXPECT_EQ(options.max_file_size, 1024);
  EXPECT_FALSE(options.dictionary_enabled);
  config.Set("hoodie.parquet.compression.codec", "lzo2");
  ASSERT_RAISES(Invalid, BaseFileWriterOptions::FromConfig(config));
  config.Set("hoodie.parquet.compression.codec", "gzip")
      .Set("hoodie.parquet.dictionary.enabled", "yes");
  ASSERT_RAISES(Invalid, BaseFileWriterOptions::FromConfig(config));
}

}  // namespace
}  // namespace hoodie
