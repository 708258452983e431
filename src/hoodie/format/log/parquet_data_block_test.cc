// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/format/log/parquet_data_block_test.cc
/// \brief Parquet data blocks: parquet-avro's schema, footer, settings, rows and framing.
#include "hoodie/format/log/parquet_data_block.h"

#include <sstream>

#include <arrow/array.h>
#include <arrow/io/memory.h>
#include <arrow/json/from_string.h>
#include <arrow/record_batch.h>
#include <arrow/scalar.h>
#include <arrow/util/key_value_metadata.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <parquet/file_reader.h>
#include <parquet/metadata.h>
#include <parquet/schema.h>

#include "hoodie/format/avro/avro_schema.h"
#include "hoodie/format/log/data_block.h"
#include "hoodie/format/log/log_file_reader.h"
#include "hoodie/format/log/log_writer.h"
#include "hoodie/format/parquet/avro_parquet_schema.h"
#include "hoodie/testing/matchers.h"

namespace hoodie {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::Pair;

// The SCHEMA header of a block Spark 3.5 + Hudi 0.15 wrote with
// hoodie.logfile.data.block.format=parquet (tests/interop's typed table model).
constexpr std::string_view kSparkSchema =
    R"({"type":"record","name":"spark_pb_record","namespace":"hoodie.spark_pb","fields":[)"
    R"({"name":"_hoodie_commit_time","type":["null","string"],"doc":"","default":null},)"
    R"({"name":"_hoodie_commit_seqno","type":["null","string"],"doc":"","default":null},)"
    R"({"name":"_hoodie_record_key","type":["null","string"],"doc":"","default":null},)"
    R"({"name":"_hoodie_partition_path","type":["null","string"],"doc":"","default":null},)"
    R"({"name":"_hoodie_file_name","type":["null","string"],"doc":"","default":null},)"
    R"({"name":"id","type":["null","string"],"default":null},)"
    R"({"name":"seq","type":["null","int"],"default":null},)"
    R"({"name":"ts","type":["null","long"],"default":null},)"
    R"({"name":"c_bool","type":["null","boolean"],"default":null},)"
    R"({"name":"c_float","type":["null","float"],"default":null},)"
    R"({"name":"c_double","type":["null","double"],"default":null},)"
    R"({"name":"c_binary","type":["null","bytes"],"default":null},)"
    R"({"name":"c_decimal","type":["null",{"type":"fixed","name":"fixed","namespace":)"
    R"("hoodie.spark_pb.spark_pb_record.c_decimal","size":5,"logicalType":"decimal",)"
    R"("precision":10,"scale":2}],"default":null},)"
    R"({"name":"c_date","type":["null",{"type":"int","logicalType":"date"}],"default":null},)"
    R"({"name":"c_timestamp","type":["null",{"type":"long","logicalType":"timestamp-micros"}],)"
    R"("default":null},)"
    R"({"name":"c_struct","type":["null",{"type":"record","name":"c_struct","namespace":)"
    R"("hoodie.spark_pb.spark_pb_record","fields":[{"name":"x","type":["null","int"],)"
    R"("default":null},{"name":"y","type":["null","string"],"default":null}]}],"default":null},)"
    R"({"name":"c_list","type":["null",{"type":"array","items":["null","long"]}],"default":null},)"
    R"({"name":"c_map","type":["null",{"type":"map","values":["null","int"]}],"default":null}]})";

// The Parquet schema of that Spark-written block (parquet-mr 1.13.1), as Arrow prints it.
constexpr std::string_view kSparkParquetSchema =
    R"(required group field_id=-1 hoodie.spark_pb.spark_pb_record {
  optional binary field_id=-1 _hoodie_commit_time (String);
  optional binary field_id=-1 _hoodie_commit_seqno (String);
  optional binary field_id=-1 _hoodie_record_key (String);
  optional binary field_id=-1 _hoodie_partition_path (String);
  optional binary field_id=-1 _hoodie_file_name (String);
  optional binary field_id=-1 id (String);
  optional int32 field_id=-1 seq;
  optional int64 field_id=-1 ts;
  optional boolean field_id=-1 c_bool;
  optional float field_id=-1 c_float;
  optional double field_id=-1 c_double;
  optional binary field_id=-1 c_binary;
  optional fixed_len_byte_array(5) field_id=-1 c_decimal (Decimal(precision=10, scale=2));
  optional int32 field_id=-1 c_date (Date);
  optional int64 field_id=-1 c_timestamp (Timestamp(isAdjustedToUTC=true, timeUnit=microseconds, is_from_converted_type=false, force_set_converted_type=false));
  optional group field_id=-1 c_struct {
    optional int32 field_id=-1 x;
    optional binary field_id=-1 y (String);
  }
  optional group field_id=-1 c_list (List) {
    repeated int64 field_id=-1 array;
  }
  optional group field_id=-1 c_map (Map) {
    repeated group field_id=-1 key_value (Map) {
      required binary field_id=-1 key (String);
      optional int32 field_id=-1 value;
    }
  }
}
)";

constexpr std::string_view kSparkRows = R"([
 {"_hoodie_commit_time": "001", "_hoodie_commit_seqno": "001_0_1", "_hoodie_record_key": "k1",
  "_hoodie_partition_path": "p1", "_hoodie_file_name": "f1-0", "id": "k1", "seq": 1, "ts": 5,
  "c_bool": true, "c_float": 1.5, "c_double": -2.25, "c_binary": "YWI=",
  "c_decimal": "-123.45", "c_date": 19000, "c_timestamp": 1709208000000007,
  "c_struct": {"x": 3, "y": "why"}, "c_list": [1, -2, 3], "c_map": [["a", 1], ["b", null]]},
 {"_hoodie_commit_time": "001", "_hoodie_commit_seqno": "001_0_2", "_hoodie_record_key": "k2",
  "_hoodie_partition_path": "p1", "_hoodie_file_name": "f1-0", "id": "k2", "seq": null,
  "ts": 6, "c_bool": null, "c_float": null, "c_double": null, "c_binary": null,
  "c_decimal": null, "c_date": null, "c_timestamp": null, "c_struct": null,
  "c_list": null, "c_map": null},
 {"_hoodie_commit_time": "001", "_hoodie_commit_seqno": "001_0_3", "_hoodie_record_key": "k3",
  "_hoodie_partition_path": "p1", "_hoodie_file_name": "f1-0", "id": "k3", "seq": 2, "ts": 7,
  "c_bool": false, "c_float": 0.0, "c_double": 1e300, "c_binary": "",
  "c_decimal": "99999999.99", "c_date": -1, "c_timestamp": 0,
  "c_struct": {"x": null, "y": null}, "c_list": [], "c_map": []}
])";

std::string PrintParquetSchema(const ::parquet::schema::Node& node) {
  std::ostringstream out;
  ::parquet::schema::PrintSchema(&node, out);
  return out.str();
}

std::shared_ptr<::arrow::RecordBatch> Rows(std::string_view schema_json,
                                           std::string_view rows_json) {
  auto schema = AvroJsonToArrowSchema(schema_json).ValueOrDie();
  auto array =
      ::arrow::json::ArrayFromJSONString(::arrow::struct_(schema->fields()), rows_json)
          .ValueOrDie();
  return ::arrow::RecordBatch::FromStructArray(array).ValueOrDie();
}

std::vector<std::string> AvroRecords(std::string_view schema_json,
                                     std::string_view rows_json) {
  return EncodeAvroRecords(*Rows(schema_json, rows_json), schema_json).ValueOrDie();
}

std::unique_ptr<::parquet::ParquetFileReader> OpenContent(const std::string& content) {
  auto buffer = ::arrow::Buffer::FromString(content);
  return ::parquet::ParquetFileReader::Open(
      std::make_shared<::arrow::io::BufferReader>(buffer));
}

TEST(AvroParquetSchemaTest, MatchesTheSchemaOfASparkWrittenBlock) {
  ASSERT_OK_AND_ASSIGN(auto schema, AvroJsonToParquetSchema(kSparkSchema));
  EXPECT_EQ(PrintParquetSchema(*schema), kSparkParquetSchema);
}

TEST(AvroParquetSchemaTest, RequiredFieldsListsOfRecordsAndOtherLogicalTypes) {
  constexpr std::string_view kSchema =
      R"({"type":"record","name":"r","namespace":"ns","fields":[)"
      R"({"name":"k","type":"string"},{"name":"n","type":"long"},)"
      R"({"name":"e","type":{"type":"enum","name":"E","symbols":["A","B"]}},)"
      R"({"name":"d","type":{"type":"bytes","logicalType":"decimal","precision":20,"scale":3}},)"
      R"({"name":"t","type":{"type":"int","logicalType":"time-millis"}},)"
      R"({"name":"lt","type":{"type":"long","logicalType":"local-timestamp-millis"}},)"
      R"({"name":"points","type":{"type":"array","items":{"type":"record","name":"P",)"
      R"("fields":[{"name":"x","type":"int"}]}}},)"
      R"({"name":"again","type":["null",{"type":"array","items":"P"}]},)"
      R"({"name":"m","type":{"type":"map","values":"E"}}]})";
  ASSERT_OK_AND_ASSIGN(auto schema, AvroJsonToParquetSchema(kSchema));
  EXPECT_EQ(PrintParquetSchema(*schema), R"(required group field_id=-1 ns.r {
  required binary field_id=-1 k (String);
  required int64 field_id=-1 n;
  required binary field_id=-1 e (Enum);
  required binary field_id=-1 d (Decimal(precision=20, scale=3));
  required int32 field_id=-1 t (Time(isAdjustedToUTC=true, timeUnit=milliseconds));
  required int64 field_id=-1 lt (Timestamp(isAdjustedToUTC=false, timeUnit=milliseconds, is_from_converted_type=false, force_set_converted_type=false));
  required group field_id=-1 points (List) {
    repeated group field_id=-1 array {
      required int32 field_id=-1 x;
    }
  }
  optional group field_id=-1 again (List) {
    repeated group field_id=-1 array {
      required int32 field_id=-1 x;
    }
  }
  required group field_id=-1 m (Map) {
    repeated group field_id=-1 key_value (Map) {
      required binary field_id=-1 key (String);
      required binary field_id=-1 value (Enum);
    }
  }
}
)");
}

TEST(AvroParquetSchemaTest, RefusesUnionsOfSeveralTypes) {
  constexpr std::string_view kSchema =
      R"({"type":"record","name":"r","fields":[{"name":"u","type":["null","int","string"]}]})";
  ASSERT_RAISES(NotImplemented, AvroJsonToParquetSchema(kSchema));
}

TEST(ParquetDataBlockTest, WritesParquetAvroFooterAndNoHoodieKeys) {
  ASSERT_OK_AND_ASSIGN(
      std::string content,
      EncodeParquetDataBlock(kSparkSchema, AvroRecords(kSparkSchema, kSparkRows), {}));
  auto reader = OpenContent(content);
  auto metadata = reader->metadata();
  EXPECT_EQ(PrintParquetSchema(*metadata->schema()->schema_root()), kSparkParquetSchema);
  std::vector<std::pair<std::string, std::string>> footer;
  for (int64_t i = 0; i < metadata->key_value_metadata()->size(); ++i) {
    footer.emplace_back(metadata->key_value_metadata()->key(i),
                        metadata->key_value_metadata()->value(i));
  }
  EXPECT_THAT(footer,
              ElementsAre(Pair("writer.model.name", "avro"),
                          Pair("parquet.avro.schema", std::string(kSparkSchema))));
  ASSERT_EQ(metadata->num_row_groups(), 1);
  EXPECT_EQ(metadata->num_rows(), 3);
  auto row_group = metadata->RowGroup(0);
  for (int i = 0; i < row_group->num_columns(); ++i) {
    EXPECT_EQ(row_group->ColumnChunk(i)->compression(), ::arrow::Compression::GZIP) << i;
  }
  // _hoodie_commit_time repeats: dictionary encoded by default.
  EXPECT_TRUE(row_group->ColumnChunk(0)->has_dictionary_page());
}

TEST(ParquetDataBlockTest, CodecAndDictionaryFollowTheOptions) {
  ParquetDataBlockOptions options;
  options.compression_codec = "snappy";
  options.dictionary_enabled = false;
  ASSERT_OK_AND_ASSIGN(std::string content,
                       EncodeParquetDataBlock(
                           kSparkSchema, AvroRecords(kSparkSchema, kSparkRows), options));
  auto row_group = OpenContent(content)->metadata()->RowGroup(0);
  for (int i = 0; i < row_group->num_columns(); ++i) {
    EXPECT_EQ(row_group->ColumnChunk(i)->compression(), ::arrow::Compression::SNAPPY);
    EXPECT_FALSE(row_group->ColumnChunk(i)->has_dictionary_page()) << i;
  }
  options.compression_codec = "lzma";
  ASSERT_RAISES(
      Invalid, EncodeParquetDataBlock(kSparkSchema, AvroRecords(kSparkSchema, kSparkRows),
                                      options));
}

// The value of one cell without its type name (list and map field names differ).
std::string ValueText(const ::arrow::Array& column, int64_t row) {
  auto scalar = column.GetScalar(row).ValueOrDie();
  if (scalar->is_valid && ::arrow::is_list_like(scalar->type->id())) {
    return static_cast<const ::arrow::BaseListScalar&>(*scalar).value->ToString();
  }
  return scalar->ToString();
}

TEST(ParquetDataBlockTest, RowsRoundTripThroughTheReader) {
  auto rows = Rows(kSparkSchema, kSparkRows);
  ASSERT_OK_AND_ASSIGN(
      std::string content,
      EncodeParquetDataBlock(kSparkSchema, AvroRecords(kSparkSchema, kSparkRows), {}));
  ASSERT_OK_AND_ASSIGN(auto read, ReadParquetDataBlock(content));
  ASSERT_EQ(read->num_columns(), rows->num_columns());
  ASSERT_EQ(read->num_rows(), 3);
  for (int i = 0; i < rows->num_columns(); ++i) {
    EXPECT_EQ(read->schema()->field(i)->name(), rows->schema()->field(i)->name());
    // Row values (lists read back with parquet-avro's element name "array").
    for (int64_t row = 0; row < rows->num_rows(); ++row) {
      EXPECT_EQ(ValueText(*read->column(i), row), ValueText(*rows->column(i), row))
          << rows->schema()->field(i)->name() << " row " << row;
    }
  }
}

TEST(ParquetDataBlockTest, DecimalsKeepTheirAvroFixedOrBytesWidth) {
  // A fixed wider than precision 10 needs, and a bytes decimal: stored as parquet-avro
  // stores the Avro values (sign-extended to the fixed size; minimal two's complement).
  constexpr std::string_view kSchema =
      R"({"type":"record","name":"r","namespace":"ns","fields":[)"
      R"({"name":"f","type":["null",{"type":"fixed","name":"F","size":8,)"
      R"("logicalType":"decimal","precision":10,"scale":2}]},)"
      R"({"name":"b","type":{"type":"bytes","logicalType":"decimal","precision":20,"scale":3}}]})";
  constexpr std::string_view kRows =
      R"([{"f": "-123.45", "b": "1.000"}, {"f": null, "b": "-99999999999999999.999"},)"
      R"( {"f": "0.01", "b": "0.000"}])";
  ASSERT_OK_AND_ASSIGN(std::string content,
                       EncodeParquetDataBlock(kSchema, AvroRecords(kSchema, kRows), {}));
  auto reader = OpenContent(content);
  EXPECT_EQ(PrintParquetSchema(*reader->metadata()->schema()->schema_root()),
            R"(required group field_id=-1 ns.r {
  optional fixed_len_byte_array(8) field_id=-1 f (Decimal(precision=10, scale=2));
  required binary field_id=-1 b (Decimal(precision=20, scale=3));
}
)");
  ASSERT_OK_AND_ASSIGN(auto read, ReadParquetDataBlock(content));
  auto rows = Rows(kSchema, kRows);
  for (int i = 0; i < 2; ++i) {
    for (int64_t row = 0; row < 3; ++row) {
      EXPECT_EQ(read->column(i)->GetScalar(row).ValueOrDie()->ToString(),
                rows->column(i)->GetScalar(row).ValueOrDie()->ToString())
          << i << " " << row;
    }
  }
}

TEST(ParquetDataBlockTest, NullArrayElementIsRefused) {
  constexpr std::string_view kRows = R"([
   {"_hoodie_commit_time": "001", "id": "k1", "c_list": [1, null]}])";
  auto st = EncodeParquetDataBlock(kSparkSchema, AvroRecords(kSparkSchema, kRows), {});
  ASSERT_RAISES(Invalid, st);
  EXPECT_THAT(st.status().message(), HasSubstr("c_list"));
}

TEST(ParquetDataBlockTest, NoRecordsGiveAnEmptyContent) {
  ASSERT_OK_AND_ASSIGN(std::string content, EncodeParquetDataBlock(kSparkSchema, {}, {}));
  EXPECT_EQ(content, "");
}

std::string BigEndian(int64_t value, int bytes) {
  std::string out;
  for (int shift = (bytes - 1) * 8; shift >= 0; shift -= 8) {
    out.push_back(static_cast<char>((value >> shift) & 0xFF));
  }
  return out;
}

TEST(ParquetDataBlockTest, BlockFramingAsHoodieLogFormatWriterWritesIt) {
  auto records = AvroRecords(kSparkSchema, kSparkRows);
  ASSERT_OK_AND_ASSIGN(LogBlock block,
                       MakeParquetDataLogBlock("20261130120000000",
                                               std::string(kSparkSchema), records, {}));
  ASSERT_OK_AND_ASSIGN(std::string content,
                       EncodeParquetDataBlock(kSparkSchema, records, {}));
  EXPECT_EQ(block.content, content);
  ASSERT_OK_AND_ASSIGN(std::string bytes, EncodeLogBlock(block));
  std::string header = BigEndian(2, 4) + BigEndian(0, 4) + BigEndian(17, 4) +
                       "20261130120000000" + BigEndian(2, 4) +
                       BigEndian(static_cast<int64_t>(kSparkSchema.size()), 4) +
                       std::string(kSparkSchema);
  int64_t size = 4 + 4 + static_cast<int64_t>(header.size()) + 8 +
                 static_cast<int64_t>(content.size()) + 4 + 8;
  std::string expected = "#HUDI#" + BigEndian(size, 8) + BigEndian(1, 4) +
                         BigEndian(5, 4) + header +
                         BigEndian(static_cast<int64_t>(content.size()), 8) + content +
                         BigEndian(0, 4) + BigEndian(size + 6, 8);
  EXPECT_EQ(bytes, expected);
  ASSERT_OK_AND_ASSIGN(auto blocks, ParseLogBlocks(bytes, "mem"));
  ASSERT_EQ(blocks.size(), 1u);
  EXPECT_EQ(blocks[0].type, LogBlockType::kParquetData);
  ASSERT_OK_AND_ASSIGN(auto rows, ReadDataBlock(blocks[0]));
  EXPECT_EQ(rows->num_rows(), 3);
}

}  // namespace
}  // namespace hoodie
