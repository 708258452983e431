// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/format/parquet/sample_table_base_file_test.cc
/// \brief ParquetFileReader on every base file of the Spark-written v6 sample tables.
#include <algorithm>
#include <map>
#include <string>
#include <vector>

#include <arrow/array.h>
#include <arrow/scalar.h>
#include <arrow/table.h>
#include <arrow/type.h>
#include <gtest/gtest.h>

#include "hoodie/format/avro/meta_fields.h"
#include "hoodie/format/parquet/parquet_file_reader.h"
#include "hoodie/table/file_naming.h"
#include "hoodie/storage/storage.h"
#include "hoodie/testing/matchers.h"
#include "hoodie/testing/temp_dir.h"
#include "hoodie/testing/test_data.h"

namespace hoodie {
namespace {

struct SampleTable {
  const char* zip;
  int base_files;   // from the README's "Data files in the archive"
  int log_files;
  bool meta_fields;  // hoodie.populate.meta.fields
};

constexpr SampleTable kTables[] = {
    {"sample_table/cow/v6_complexkeygen_hivestyle.zip", 4, 0, true},
    {"sample_table/cow/v6_nonpartitioned.zip", 2, 0, true},
    {"sample_table/cow/v6_simplekeygen_hivestyle_no_metafields.zip", 3, 0, false},
    {"sample_table/cow/v6_simplekeygen_nonhivestyle.zip", 4, 0, true},
    {"sample_table/cow/v6_timebasedkeygen_nonhivestyle.zip", 5, 0, true},
    {"quickstart_trips_table/mor/avro/v6_trips_8i1u.zip", 3, 1, true},
    {"sample_table/mor/parquet/v6_nonpartitioned.zip", 2, 1, true},
    {"sample_table/mor/parquet/v6_nonpartitioned_rollback.zip", 1, 3, true},
    {"sample_table/mor/parquet/v6_simplekeygen_nonhivestyle.zip", 3, 1, true},
    {"sample_table/mor/parquet/v6_simplekeygen_nonhivestyle_overwritetable.zip", 4, 1, true},
};

std::string StringAt(const ::arrow::ChunkedArray& column, int64_t row) {
  auto scalar = column.GetScalar(row).ValueOrDie();
  return scalar->is_valid ? scalar->ToString() : "<null>";
}

struct BaseFileRows {
  std::string name;
  std::vector<std::string> keys;
  std::vector<std::string> commit_times;

  // (record key, commit time) pairs sorted by key: Hudi does not order rows by key.
  std::vector<std::pair<std::string, std::string>> ByKey() const {
    std::vector<std::pair<std::string, std::string>> out;
    for (size_t i = 0; i < keys.size(); ++i) out.emplace_back(keys[i], commit_times[i]);
    std::sort(out.begin(), out.end());
    return out;
  }
};

using KeyTimes = std::vector<std::pair<std::string, std::string>>;

// Reads a base file and checks what holds for every Hudi base file: the file-name
// column equals the file name, partition paths equal the folder, commit times are not
// after the file's instant, and the footer min/max keys bound the keys.
BaseFileRows CheckBaseFile(const std::string& base, const std::string& path,
                           bool meta_fields) {
  BaseFileRows rows;
  auto reader = ParquetFileReader::Open(Storage::Local(), path).ValueOrDie();
  auto parsed = ParseBaseFileName(path).ValueOrDie();
  rows.name = path.substr(path.rfind('/') + 1);
  std::string partition = path.substr(base.size() + 1);
  partition = partition.substr(0, partition.size() - rows.name.size());
  if (!partition.empty()) partition.pop_back();
  auto table = reader->ReadTable().ValueOrDie();
  EXPECT_EQ(table->num_rows(), reader->num_rows());
  EXPECT_EQ(table->schema()->field(4)->name(), kFileNameField);
  auto keys = reader->ReadRecordKeys().ValueOrDie();
  EXPECT_EQ(keys->length(), reader->num_rows());
  for (int64_t i = 0; i < table->num_rows(); ++i) {
    EXPECT_EQ(StringAt(*table->GetColumnByName("_hoodie_file_name"), i), rows.name);
    std::string commit_time = StringAt(*table->GetColumnByName("_hoodie_commit_time"), i);
    std::string key = StringAt(*table->GetColumnByName("_hoodie_record_key"), i);
    EXPECT_EQ(keys->IsValid(i) ? keys->GetString(i) : "<null>", key);
    if (meta_fields) {
      EXPECT_EQ(StringAt(*table->GetColumnByName("_hoodie_partition_path"), i), partition);
      EXPECT_LE(commit_time, parsed.instant_time);
      EXPECT_TRUE(reader->min_record_key() <= key && key <= reader->max_record_key());
    } else {
      EXPECT_EQ(commit_time, "<null>");
      EXPECT_EQ(key, "<null>");
    }
    rows.keys.push_back(key);
    rows.commit_times.push_back(commit_time);
  }
  return rows;
}

class SampleTableBaseFileTest : public ::testing::TestWithParam<SampleTable> {
 protected:
  std::map<std::string, BaseFileRows> ReadAll(std::string* base_out = nullptr) {
    auto base = testing::UnzipTable(std::string("hudi-rs-tables/") + GetParam().zip,
                                    dir_.path())
                    .ValueOrDie();
    if (base_out) *base_out = base;
    auto files = Storage::Local()->List(base, /*recursive=*/true).ValueOrDie();
    std::map<std::string, BaseFileRows> out;
    int logs = 0;
    for (const auto& file : files) {
      if (file.is_directory || file.path.find("/.hoodie") != std::string::npos) continue;
      if (ParseLogFileName(file.path).ok()) {
        ++logs;
        continue;
      }
      if (!ParseBaseFileName(file.path).ok()) continue;
      SCOPED_TRACE(file.path);
      BaseFileRows rows = CheckBaseFile(base, file.path, GetParam().meta_fields);
      out[rows.name] = rows;
    }
    EXPECT_EQ(static_cast<int>(out.size()), GetParam().base_files);
    EXPECT_EQ(logs, GetParam().log_files);
    return out;
  }

  testing::TempDir dir_;
};

TEST_P(SampleTableBaseFileTest, EveryBaseFileHasConsistentMetaColumns) { ReadAll(); }

INSTANTIATE_TEST_SUITE_P(V6Tables, SampleTableBaseFileTest, ::testing::ValuesIn(kTables),
                         [](const auto& info) {
                           std::string zip = info.param.zip;
                           std::string name = zip.substr(zip.rfind('/') + 1);
                           name = name.substr(0, name.size() - 4);
                           return (zip.find("/mor/") != std::string::npos ? "mor_" : "cow_") +
                                  name;
                         });

class SampleTableRowsTest : public ::testing::Test {
 protected:
  std::map<std::string, BaseFileRows> Read(const char* zip, bool meta_fields = true) {
    auto base = testing::UnzipTable(std::string("hudi-rs-tables/") + zip, dir_.path())
                    .ValueOrDie();
    std::map<std::string, BaseFileRows> out;
    for (const auto& file : Storage::Local()->List(base, true).ValueOrDie()) {
      if (file.path.find("/.hoodie") != std::string::npos) continue;
      if (!ParseBaseFileName(file.path).ok()) continue;
      BaseFileRows rows = CheckBaseFile(base, file.path, meta_fields);
      out[rows.name] = rows;
    }
    return out;
  }
  testing::TempDir dir_;
};

// README: the latest file of cow/v6_nonpartitioned holds keys 1..4; Alice (1) and
// Diana (4) from the second commit, Bob and Carol carried over with their old time.
TEST_F(SampleTableRowsTest, CowNonPartitionedLatestFileMatchesReadme) {
  auto files = Read("sample_table/cow/v6_nonpartitioned.zip");
  const auto& latest =
      files.at("a079bdb3-731c-4894-b855-abfcd6921007-0_0-203-274_20240418173551906.parquet");
  EXPECT_EQ(latest.ByKey(), (KeyTimes{{"1", "20240418173551906"},
                                      {"2", "20240418173550988"},
                                      {"3", "20240418173550988"},
                                      {"4", "20240418173551906"}}));
  const auto& first =
      files.at("a079bdb3-731c-4894-b855-abfcd6921007-0_0-182-253_20240418173550988.parquet");
  EXPECT_EQ(first.ByKey(), (KeyTimes{{"1", "20240418173550988"},
                                     {"2", "20240418173550988"},
                                     {"3", "20240418173550988"}}));
}

TEST_F(SampleTableRowsTest, MorNonPartitionedBaseFilesMatchReadme) {
  auto files = Read("sample_table/mor/parquet/v6_nonpartitioned.zip");
  const auto& first =
      files.at("d206069c-22c8-4532-b9ea-3cf4282342c4-0_0-13-23_20250117083125837.parquet");
  EXPECT_EQ(first.ByKey(), (KeyTimes{{"1", "20250117083125837"},
                                     {"2", "20250117083125837"},
                                     {"3", "20250117083125837"}}));
  const auto& second =
      files.at("d5c0b12d-088d-48e8-9683-3f0c1eabcaf0-0_1-33-44_20250117083136333.parquet");
  EXPECT_EQ(second.keys, (std::vector<std::string>{"4"}));
  EXPECT_EQ(second.commit_times, (std::vector<std::string>{"20250117083136333"}));
}

TEST_F(SampleTableRowsTest, ComplexKeyLatestFilesMatchReadme) {
  auto files = Read("sample_table/cow/v6_complexkeygen_hivestyle.zip");
  auto sorted = [](std::vector<std::string> v) {
    std::sort(v.begin(), v.end());
    return v;
  };
  EXPECT_EQ(sorted(files.at("a22e8257-e249-45e9-ba46-115bc85adcba-0_0-161-223_"
                            "20240418173235694.parquet")
                       .keys),
            (std::vector<std::string>{"id:1,name:Alice", "id:3,name:Carol"}));
  EXPECT_EQ(files.at("bb7c3a45-387f-490d-aab2-981c3f1a8ada-0_0-140-198_20240418173213674.parquet")
                .keys,
            (std::vector<std::string>{"id:2,name:Bob"}));
  EXPECT_EQ(files.at("4668e35e-bff8-4be9-9ff2-e7fb17ecb1a7-0_1-161-224_20240418173235694.parquet")
                .keys,
            (std::vector<std::string>{"id:4,name:Diana"}));
}

}  // namespace
}  // namespace hoodie
