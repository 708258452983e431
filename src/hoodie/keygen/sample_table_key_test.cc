// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/keygen/sample_table_key_test.cc
/// \brief Regenerates _hoodie_record_key and _hoodie_partition_path of every row of the
/// v6 sample tables written by Spark + Hudi, configured from their hoodie.properties.
#include <arrow/api.h>
#include <arrow/io/file.h>
#include <gtest/gtest.h>
#include <parquet/arrow/reader.h>

#include <algorithm>
#include <filesystem>
#include <set>
#include <string>
#include <vector>

#include "hoodie/config/hoodie_config.h"
#include "hoodie/keygen/key_generator.h"
#include "hoodie/config/keygen_config.h"
#include "hoodie/storage/storage.h"
#include "hoodie/table/table_config.h"
#include "hoodie/table/table_meta_client.h"
#include "hoodie/testing/matchers.h"
#include "hoodie/testing/temp_dir.h"
#include "hoodie/testing/test_data.h"

namespace hoodie {
namespace {

namespace fs = std::filesystem;

struct SampleTable {
  std::string zip;
  /// Write options Hudi 0.15 does not persist in hoodie.properties.
  std::vector<std::pair<std::string, std::string>> write_options;
  bool meta_fields = true;
  /// Rows over all base files, as read with independent tools.
  size_t rows = 0;
};

std::vector<std::string> BaseFiles(const std::string& base) {
  std::vector<std::string> files;
  for (const auto& entry : fs::recursive_directory_iterator(base)) {
    std::string path = entry.path().string();
    if (path.find("/.hoodie") != std::string::npos) continue;
    if (entry.is_regular_file() && entry.path().extension() == ".parquet") {
      files.push_back(path);
    }
  }
  std::sort(files.begin(), files.end());
  return files;
}

::arrow::Result<std::shared_ptr<::arrow::Table>> ReadParquet(const std::string& path) {
  ARROW_ASSIGN_OR_RAISE(auto input, ::arrow::io::ReadableFile::Open(path));
  ARROW_ASSIGN_OR_RAISE(
      auto reader, ::parquet::arrow::OpenFile(input, ::arrow::default_memory_pool()));
  std::shared_ptr<::arrow::Table> table;
  ARROW_RETURN_NOT_OK(reader->ReadTable(&table));
  return table->CombineChunks();
}

class SampleTableKeyTest : public ::testing::TestWithParam<SampleTable> {};

TEST_P(SampleTableKeyTest, RegeneratesStoredKeysForEveryRow) {
  const SampleTable& sample = GetParam();
  testing::TempDir dir;
  ASSERT_OK_AND_ASSIGN(auto base, testing::UnzipTable(sample.zip, dir.path()));
  ASSERT_OK_AND_ASSIGN(auto meta_client, TableMetaClient::Load(Storage::Local(), base));
  HoodieConfig overrides;
  for (const auto& [key, value] : sample.write_options) overrides.Set(key, value);
  ASSERT_OK_AND_ASSIGN(auto generator,
                       MakeKeyGenerator(*meta_client->table_config(), overrides));
  EXPECT_EQ(generator->java_class_name(),
            meta_client->table_config()->key_generator_class().value_or(""));

  size_t rows = 0;
  for (const auto& file : BaseFiles(base)) {
    SCOPED_TRACE(file);
    ASSERT_OK_AND_ASSIGN(auto table, ReadParquet(file));
    ::arrow::TableBatchReader reader(*table);
    std::shared_ptr<::arrow::RecordBatch> batch;
    ASSERT_OK(reader.ReadNext(&batch));
    ASSERT_NE(batch, nullptr);
    ASSERT_OK_AND_ASSIGN(KeyColumns keys, generator->Generate(*batch));
    EXPECT_TRUE(keys.errors.empty()) << keys.errors.front().message;
    std::string folder = fs::relative(fs::path(file).parent_path(), base).string();
    if (folder == ".") folder = "";
    auto stored_keys = std::static_pointer_cast<::arrow::StringArray>(
        batch->GetColumnByName("_hoodie_record_key"));
    auto stored_paths = std::static_pointer_cast<::arrow::StringArray>(
        batch->GetColumnByName("_hoodie_partition_path"));
    for (int64_t row = 0; row < batch->num_rows(); ++row, ++rows) {
      // Every record of a base file lives in the file's partition folder.
      EXPECT_EQ(keys.partition_paths->GetString(row), folder) << "row " << row;
      if (!sample.meta_fields) {
        EXPECT_TRUE(stored_keys->IsNull(row));
        continue;
      }
      EXPECT_EQ(keys.record_keys->GetString(row), stored_keys->GetString(row))
          << "row " << row;
      EXPECT_EQ(keys.partition_paths->GetString(row), stored_paths->GetString(row))
          << "row " << row;
    }
  }
  EXPECT_EQ(rows, sample.rows);
}

const std::string kTables = "hudi-rs-tables/";

INSTANTIATE_TEST_SUITE_P(
    V6, SampleTableKeyTest,
    ::testing::Values(
        SampleTable{
            kTables + "sample_table/cow/v6_complexkeygen_hivestyle.zip", {}, true, 6},
        SampleTable{kTables + "sample_table/cow/v6_nonpartitioned.zip", {}, true, 7},
        SampleTable{
            kTables + "sample_table/cow/v6_simplekeygen_hivestyle_no_metafields.zip",
            {},
            false,
            4},
        SampleTable{
            kTables + "sample_table/cow/v6_simplekeygen_nonhivestyle.zip", {}, true, 6},
        SampleTable{
            kTables + "sample_table/cow/v6_timebasedkeygen_nonhivestyle.zip",
            {{std::string(KeyGeneratorConfig::kTimestampType.key), "DATE_STRING"}},
            true,
            5},
        SampleTable{
            kTables + "sample_table/mor/parquet/v6_nonpartitioned.zip", {}, true, 4},
        SampleTable{kTables + "sample_table/mor/parquet/v6_simplekeygen_nonhivestyle.zip",
                    {},
                    true,
                    4},
        SampleTable{kTables + "sample_table/mor/parquet/v6_nonpartitioned_rollback.zip",
                    {},
                    true,
                    3},
        SampleTable{kTables + "sample_table/mor/parquet/"
                              "v6_simplekeygen_nonhivestyle_overwritetable.zip",
                    {},
                    true,
                    5},
        SampleTable{
            kTables + "quickstart_trips_table/mor/avro/v6_trips_8i1u.zip", {}, true, 8}));

// The timestamp sample: ts_str "2023-04-01T12:01:00.123Z" with input format
// yyyy-MM-dd'T'HH:mm:ss.SSSZ and output yyyy/MM/dd/HH lands in 2023/04/01/12.
TEST(SampleTableKeyTest, TimestampSampleReproducesHourFolders) {
  testing::TempDir dir;
  ASSERT_OK_AND_ASSIGN(
      auto base,
      testing::UnzipTable(
          kTables + "sample_table/cow/v6_timebasedkeygen_nonhivestyle.zip", dir.path()));
  ASSERT_OK_AND_ASSIGN(auto meta_client, TableMetaClient::Load(Storage::Local(), base));
  HoodieConfig overrides;
  overrides.Set(KeyGeneratorConfig::kTimestampType, "DATE_STRING");
  ASSERT_OK_AND_ASSIGN(auto generator,
                       MakeKeyGenerator(*meta_client->table_config(), overrides));
  std::set<std::string> paths;
  for (const auto& file : BaseFiles(base)) {
    ASSERT_OK_AND_ASSIGN(auto table, ReadParquet(file));
    ASSERT_OK_AND_ASSIGN(auto batch, table->CombineChunksToBatch());
    ASSERT_OK_AND_ASSIGN(KeyColumns keys, generator->Generate(*batch));
    for (int64_t row = 0; row < batch->num_rows(); ++row) {
      paths.insert(keys.partition_paths->GetString(row));
    }
  }
  EXPECT_EQ(paths, (std::set<std::string>{"2023/04/01/12", "2023/04/02/12",
                                          "2023/04/03/12", "2023/04/04/13"}));
}

// A Hudi 1.1 table (version 9, which TableMetaClient does not open) whose partition
// column holds epoch millis; its hoodie.properties carries the timebased options and
// Hudi wrote the paths in UTC. Files where Spark stored ts_millis as a string are
// skipped: Hudi 0.15 cannot key string values with EPOCHMILLISECONDS.
TEST(SampleTableKeyTest, EpochMillisTableOfHudi11MatchesForLongValues) {
  testing::TempDir dir;
  ASSERT_OK_AND_ASSIGN(
      auto base,
      testing::UnzipTable(kTables + "sample_table/cow/v9_timebasedkeygen_epochmillis.zip",
                          dir.path()));
  auto storage = Storage::Local();
  ASSERT_OK_AND_ASSIGN(auto table_config,
                       TableConfig::Load(storage.get(), base + "/.hoodie"));
  EXPECT_EQ(table_config.Get("hoodie.table.keygenerator.type"), "TIMESTAMP");
  HoodieConfig overrides;
  overrides.Set("hoodie.table.keygenerator.class",
                "org.apache.hudi.keygen.TimestampBasedKeyGenerator");
  ASSERT_OK_AND_ASSIGN(auto generator, MakeKeyGenerator(table_config, overrides));
  size_t rows = 0;
  for (const auto& file : BaseFiles(base)) {
    SCOPED_TRACE(file);
    ASSERT_OK_AND_ASSIGN(auto table, ReadParquet(file));
    ASSERT_OK_AND_ASSIGN(auto batch, table->CombineChunksToBatch());
    if (batch->GetColumnByName("ts_millis")->type_id() != ::arrow::Type::INT64) continue;
    ASSERT_OK_AND_ASSIGN(KeyColumns keys, generator->Generate(*batch));
    EXPECT_TRUE(keys.errors.empty());
    auto stored_keys = std::static_pointer_cast<::arrow::StringArray>(
        batch->GetColumnByName("_hoodie_record_key"));
    auto stored_paths = std::static_pointer_cast<::arrow::StringArray>(
        batch->GetColumnByName("_hoodie_partition_path"));
    for (int64_t row = 0; row < batch->num_rows(); ++row, ++rows) {
      EXPECT_EQ(keys.record_keys->GetString(row), stored_keys->GetString(row));
      EXPECT_EQ(keys.partition_paths->GetString(row), stored_paths->GetString(row));
    }
  }
  EXPECT_EQ(rows, 7u);
}

}  // namespace
}  // namespace hoodie
