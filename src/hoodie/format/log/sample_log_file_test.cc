// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/format/log/sample_log_file_test.cc
/// \brief Every log file Hudi wrote into the shared MOR sample tables: parsed, each block
/// re-encoded byte for byte (framing, Avro records, delete lists), and decoded to the
/// rows the tables' README states.
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <arrow/array.h>
#include <arrow/record_batch.h>
#include <arrow/scalar.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "hoodie/format/avro_codec/avro_binary.h"
#include "hoodie/format/avro_codec/avro_schema.h"
#include "hoodie/format/log/data_block.h"
#include "hoodie/format/log/log_file_reader.h"
#include "hoodie/format/log/log_writer.h"
#include "hoodie/storage/storage.h"
#include "hoodie/testing/matchers.h"
#include "hoodie/testing/temp_dir.h"
#include "hoodie/testing/test_data.h"

namespace hoodie {
namespace {

namespace fs = std::filesystem;

// The data-table log files of an unzipped table (metadata-table logs are HFile blocks).
std::vector<std::string> DataLogFiles(const std::string& base) {
  std::vector<std::string> logs;
  for (const auto& entry : fs::recursive_directory_iterator(base)) {
    std::string path = entry.path().string();
    if (path.find("/.hoodie/") != std::string::npos) continue;
    if (entry.path().filename().string().rfind(".", 0) == 0 &&
        path.find(".log.") != std::string::npos) {
      logs.push_back(path);
    }
  }
  std::sort(logs.begin(), logs.end());
  return logs;
}

std::string ReadBytes(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream buffer;
  buffer << in.rdbuf();
  return buffer.str();
}

// Re-encodes every Avro record of the block with the header schema and checks the bytes.
void ExpectAvroRecordsRoundTrip(const LogBlock& block) {
  auto schema_json = FindLogMetadata(block.header, LogHeaderKey::kSchema);
  ASSERT_TRUE(schema_json.has_value());
  ASSERT_OK_AND_ASSIGN(auto schema, AvroSchema::Parse(*schema_json));
  ASSERT_OK_AND_ASSIGN(auto records, SplitAvroDataBlock(block.content));
  std::vector<std::string> encoded;
  for (std::string_view record : records) {
    std::string_view input = record;
    ASSERT_OK_AND_ASSIGN(AvroValue value,
                         DecodeAvroBinary(&input, schema->root(), schema->root()));
    EXPECT_TRUE(input.empty());
    std::string bytes;
    ASSERT_OK(EncodeAvroBinary(value, schema->root(), &bytes));
    EXPECT_EQ(bytes, record);
    encoded.push_back(bytes);
  }
  EXPECT_EQ(MakeAvroDataBlockContent(encoded), block.content);
  // Through Arrow and back: the rows a reader gets re-encode to Java's bytes.
  ASSERT_OK_AND_ASSIGN(auto batch, DecodeAvroRecords(*schema_json, records));
  ASSERT_OK_AND_ASSIGN(std::vector<std::string> from_arrow,
                       EncodeAvroRecords(*batch, *schema_json));
  EXPECT_EQ(from_arrow, encoded);
}

// Parquet data blocks hold every type of the sample schema (decimal as fixed, date,
// timestamp, binary, arrays of structs, maps, nested structs): their rows encoded as
// Avro with the block's SCHEMA decode back to the same values.
void ExpectParquetRowsEncodeAsAvro(const LogBlock& block) {
  auto schema_json = FindLogMetadata(block.header, LogHeaderKey::kSchema);
  ASSERT_TRUE(schema_json.has_value());
  ASSERT_OK_AND_ASSIGN(auto batch, ReadParquetDataBlock(block.content));
  ASSERT_OK_AND_ASSIGN(std::vector<std::string> records,
                       EncodeAvroRecords(*batch, *schema_json));
  ASSERT_EQ(records.size(), static_cast<size_t>(batch->num_rows()));
  std::vector<std::string_view> views(records.begin(), records.end());
  ASSERT_OK_AND_ASSIGN(auto decoded, DecodeAvroRecords(*schema_json, views));
  ASSERT_OK_AND_ASSIGN(std::vector<std::string> again,
                       EncodeAvroRecords(*decoded, *schema_json));
  EXPECT_EQ(again, records);
  for (const char* column : {"decimalField", "dateField", "timestampField", "binaryField",
                             "arrayField", "mapField", "structField"}) {
    auto original = batch->GetColumnByName(column);
    auto round_trip = decoded->GetColumnByName(column);
    ASSERT_NE(original, nullptr) << column;
    ASSERT_NE(round_trip, nullptr) << column;
    EXPECT_EQ(round_trip->length(), original->length());
    if (original->type()->id() != ::arrow::Type::LIST &&
        original->type()->id() != ::arrow::Type::MAP) {
      EXPECT_TRUE(round_trip->Equals(*original)) << column << "\n"
                                                 << round_trip->ToString() << "\n"
                                                 << original->ToString();
    }
  }
}

struct BlockCounts {
  int avro = 0;
  int parquet = 0;
  int deletes = 0;
  int commands = 0;
};

// Parses every log file of `zip` and re-encodes each block; returns the block counts.
BlockCounts RoundTripTable(const std::string& zip) {
  BlockCounts counts;
  testing::TempDir dir;
  auto base = testing::UnzipTable("hudi-rs-tables/" + zip, dir.path());
  EXPECT_OK(base.status());
  if (!base.ok()) return counts;
  std::vector<std::string> logs = DataLogFiles(*base);
  EXPECT_FALSE(logs.empty()) << zip;
  for (const std::string& path : logs) {
    SCOPED_TRACE(path);
    std::string bytes = ReadBytes(path);
    auto blocks = ParseLogBlocks(bytes, path);
    EXPECT_OK(blocks.status());
    if (!blocks.ok()) continue;
    int64_t offset = 0;
    for (const LogBlock& block : *blocks) {
      EXPECT_EQ(block.offset, offset);
      EXPECT_NE(block.type, LogBlockType::kCorrupt);
      auto encoded = EncodeLogBlock(block);
      EXPECT_OK(encoded.status());
      EXPECT_EQ(encoded.ValueOr(""), bytes.substr(offset, block.size));
      offset += block.size;
      switch (block.type) {
        case LogBlockType::kAvroData:
          ++counts.avro;
          ExpectAvroRecordsRoundTrip(block);
          break;
        case LogBlockType::kParquetData:
          ++counts.parquet;
          EXPECT_EQ(block.content.substr(0, 4), "PAR1");
          ExpectParquetRowsEncodeAsAvro(block);
          break;
        case LogBlockType::kDelete: {
          ++counts.deletes;
          auto records = DecodeDeleteBlock(block.content);
          EXPECT_OK(records.status());
          auto again = EncodeDeleteBlock(records.ValueOr(std::vector<DeleteRecord>{}));
          EXPECT_EQ(again.ValueOr(""), block.content);
          break;
        }
        case LogBlockType::kCommand:
          ++counts.commands;
          EXPECT_TRUE(block.is_rollback());
          break;
        default:
          ADD_FAILURE() << "unexpected block " << LogBlockTypeName(block.type);
      }
    }
    EXPECT_EQ(offset, static_cast<int64_t>(bytes.size()));
  }
  return counts;
}

TEST(SampleLogFileTest, EveryV6BlockReencodesByteForByte) {
  BlockCounts trips = RoundTripTable("quickstart_trips_table/mor/avro/v6_trips_8i1u.zip");
  EXPECT_EQ(trips.avro, 1);
  BlockCounts rollback =
      RoundTripTable("sample_table/mor/parquet/v6_nonpartitioned_rollback.zip");
  EXPECT_EQ(rollback.parquet, 2);
  EXPECT_EQ(rollback.commands, 1);
  for (const char* zip :
       {"sample_table/mor/parquet/v6_nonpartitioned.zip",
        "sample_table/mor/parquet/v6_simplekeygen_nonhivestyle.zip",
        "sample_table/mor/parquet/v6_simplekeygen_nonhivestyle_overwritetable.zip"}) {
    EXPECT_EQ(RoundTripTable(zip).parquet, 1) << zip;
  }
}

// The v6 tables have no delete block; Hudi 1.x keeps the log format version 1 and the
// version-3 delete content, so its tables check the delete encoding.
TEST(SampleLogFileTest, DeleteBlocksOfNewerHudiReencodeByteForByte) {
  BlockCounts v8 = RoundTripTable("quickstart_trips_table/mor/avro/v8_trips_8i3u1d.zip");
  EXPECT_EQ(v8.deletes, 2);
  EXPECT_EQ(v8.avro, 3);
  BlockCounts v9 = RoundTripTable("sample_table/mor/avro/v9_txns_simple_meta.zip");
  EXPECT_EQ(v9.deletes, 2);
}

TEST(SampleLogFileTest, TripsAvroBlockHoldsRiderDUpdate) {
  testing::TempDir dir;
  ASSERT_OK_AND_ASSIGN(
      std::string base,
      testing::UnzipTable(
          "hudi-rs-tables/quickstart_trips_table/mor/avro/v6_trips_8i1u.zip",
          dir.path()));
  std::string uri;
  ASSERT_OK_AND_ASSIGN(auto storage, Storage::FromUri(base, &uri));
  ASSERT_OK_AND_ASSIGN(
      auto blocks,
      ReadLogFile(storage.get(),
                  uri + "/city=san_francisco/.d0304c53-6fd2-4b7a-a9d6-5ff632f79224-0_"
                        "20250331030642808.log.1_0-26-85"));
  ASSERT_EQ(blocks.size(), 1u);
  EXPECT_EQ(blocks[0].type, LogBlockType::kAvroData);
  EXPECT_EQ(blocks[0].instant_time(), "20250331030645735");
  ASSERT_OK_AND_ASSIGN(auto batch, ReadDataBlock(blocks[0]));
  ASSERT_EQ(batch->num_rows(), 1);
  EXPECT_EQ(batch->schema()->field(0)->name(), "_hoodie_commit_time");
  EXPECT_EQ(batch->GetColumnByName("uuid")->GetScalar(0).ValueOrDie()->ToString(),
            "9909a8b1-2d15-4d3d-8ec9-efc48c536a00");
  EXPECT_EQ(batch->GetColumnByName("fare")->GetScalar(0).ValueOrDie()->ToString(), "25");
  EXPECT_EQ(
      batch->GetColumnByName("_hoodie_file_name")->GetScalar(0).ValueOrDie()->ToString(),
      "d0304c53-6fd2-4b7a-a9d6-5ff632f79224-0");
}

TEST(SampleLogFileTest, RollbackTableBlocks) {
  testing::TempDir dir;
  ASSERT_OK_AND_ASSIGN(
      std::string base,
      testing::UnzipTable(
          "hudi-rs-tables/sample_table/mor/parquet/v6_nonpartitioned_rollback.zip",
          dir.path()));
  std::vector<std::string> logs = DataLogFiles(base);
  ASSERT_EQ(logs.size(), 3u);
  ASSERT_OK_AND_ASSIGN(auto command, ParseLogBlocks(ReadBytes(logs[1]), logs[1]));
  ASSERT_EQ(command.size(), 1u);
  EXPECT_TRUE(command[0].is_rollback());
  EXPECT_EQ(command[0].size, 105);
  EXPECT_EQ(command[0].instant_time(), "20250126040936578");
  EXPECT_EQ(FindLogMetadata(command[0].header, LogHeaderKey::kTargetInstantTime),
            "20250126040826878");
  // The same block from our writer, header in Hudi's file order.
  LogBlock made = MakeRollbackLogBlock("20250126040936578", "20250126040826878");
  std::swap(made.header[1], made.header[2]);
  EXPECT_EQ(EncodeLogBlock(made).ValueOr(""), ReadBytes(logs[1]));

  ASSERT_OK_AND_ASSIGN(auto data, ParseLogBlocks(ReadBytes(logs[2]), logs[2]));
  ASSERT_EQ(data.size(), 1u);
  EXPECT_EQ(data[0].instant_time(), "20250126060846931");
  ASSERT_OK_AND_ASSIGN(auto batch, ReadDataBlock(data[0]));
  ASSERT_EQ(batch->num_rows(), 1);
  EXPECT_EQ(batch->GetColumnByName("name")->GetScalar(0).ValueOrDie()->ToString(), "Bob");
  EXPECT_EQ(batch->GetColumnByName("isActive")->GetScalar(0).ValueOrDie()->ToString(),
            "true");
}

TEST(SampleLogFileTest, DeleteBlockEntries) {
  testing::TempDir dir;
  ASSERT_OK_AND_ASSIGN(
      std::string base,
      testing::UnzipTable(
          "hudi-rs-tables/quickstart_trips_table/mor/avro/v8_trips_8i3u1d.zip",
          dir.path()));
  std::string path = base +
                     "/city=chennai/.6e1d5cc4-c487-487d-abbe-fe9b30b1c0cc-0_"
                     "20251220210128625.log.1_0-1097-3150";
  ASSERT_OK_AND_ASSIGN(auto blocks, ParseLogBlocks(ReadBytes(path), path));
  ASSERT_EQ(blocks.size(), 1u);
  ASSERT_EQ(blocks[0].type, LogBlockType::kDelete);
  ASSERT_OK_AND_ASSIGN(auto records, DecodeDeleteBlock(blocks[0].content));
  ASSERT_EQ(records.size(), 1u);
  EXPECT_EQ(records[0].record_key, "c8abbe79-8d89-47ea-b4ce-4d224bae5bfa");
  EXPECT_EQ(records[0].partition_path, "city=chennai");
  EXPECT_EQ(records[0].ordering_value, WrapOrderingValue(kIntWrapper, AvroValue::Int(0)));
}

}  // namespace
}  // namespace hoodie
