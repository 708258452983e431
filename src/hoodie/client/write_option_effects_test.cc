// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/client/write_option_effects_test.cc
/// \brief Write options set away from their defaults, each with the outcome Hudi gives
/// it: de-duplication, dropped duplicates, commit metadata, the table name, bloom filter
/// bounds and Parquet row group and page sizes.

#include <algorithm>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include <arrow/api.h>
#include <gtest/gtest.h>
#include <parquet/column_page.h>
#include <parquet/column_reader.h>
#include <parquet/file_reader.h>

#include "hoodie/client/write_client.h"
#include "hoodie/format/registry/base_file_formats.h"
#include "hoodie/table/file_naming.h"
#include "hoodie/storage/path.h"
#include "hoodie/storage/storage.h"
#include "hoodie/table/table_config.h"
#include "hoodie/table/table_meta_client.h"
#include "hoodie/testing/matchers.h"
#include "hoodie/testing/temp_dir.h"
#include "hoodie/client/write_client_test_util.h"

namespace hoodie {
namespace {

using testing::SnapshotRows;
using testing::TripConfig;
using testing::TripReader;
using testing::TripRow;

// A table "trips" made from `config`, and its client.
struct Table {
  testing::TempDir dir;
  std::string base = dir.Join("trips");
  std::shared_ptr<TableMetaClient> meta;
  std::unique_ptr<WriteClient> client;

  explicit Table(const HoodieConfig& config) {
    meta = WriteClient::OpenOrCreateTable(Storage::Local(), base, config).ValueOrDie();
    client = WriteClient::Make(meta, config).ValueOrDie();
  }

  ::arrow::Result<WriteResult> Write(WriteOperationType op,
                                     const std::vector<TripRow>& rows,
                                     WriteClient* with = nullptr) {
    WriteClient* client_to_use = with != nullptr ? with : client.get();
    ARROW_ASSIGN_OR_RAISE(std::string instant, client_to_use->StartCommit());
    auto reader = TripReader(rows, 2);
    return client_to_use->Write(instant, op, reader.get());
  }

  std::vector<std::string> Rows() {
    auto rows = SnapshotRows(base, {"_hoodie_record_key", "name"}).ValueOrDie();
    std::sort(rows.begin(), rows.end());
    return rows;
  }

  std::unique_ptr<BaseFileReader> OpenWrittenFile(const WriteStat& stat) {
    return hoodie::OpenBaseFile(Storage::Local(), JoinPath(base, *stat.path)).ValueOrDie();
  }
};

TEST(WriteOptionEffectsTest, CombineBeforeUpsertOffWritesEveryIncomingDuplicate) {
  HoodieConfig config = TripConfig(false);
  config.Set("hoodie.combine.before.upsert", "false");
  Table t(config);
  ASSERT_OK_AND_ASSIGN(WriteResult upsert,
                       t.Write(WriteOperationType::kUpsert,
                               {{"k1", "x", 1, "sf"}, {"k1", "y", 3, "sf"}}));
  EXPECT_EQ(upsert.deduplicated, 0);
  EXPECT_EQ(t.Rows(), (std::vector<std::string>{"k1|x", "k1|y"}));
}

TEST(WriteOptionEffectsTest, CombineBeforeDeleteDecidesWhetherDuplicateKeysFold) {
  for (bool combine : {true, false}) {
    SCOPED_TRACE(combine);
    HoodieConfig config = TripConfig(false);
    config.Set("hoodie.combine.before.delete", combine ? "true" : "false");
    Table t(config);
    ASSERT_OK(t.Write(WriteOperationType::kInsert, {{"k1", "a", 1, "sf"},
                                                    {"k2", "b", 1, "sf"}})
                  .status());
    ASSERT_OK_AND_ASSIGN(WriteResult deleted,
                         t.Write(WriteOperationType::kDelete,
                                 {{"k1", "a", 2, "sf"}, {"k1", "a", 3, "sf"}}));
    EXPECT_EQ(deleted.deduplicated, combine ? 1 : 0);
    EXPECT_EQ(t.Rows(), (std::vector<std::string>{"k2|b"}));
  }
}

TEST(WriteOptionEffectsTest, InsertDropDuplicatesKeepsTheStoredRecord) {
  HoodieConfig config = TripConfig(false);
  Table t(config);
  ASSERT_OK(t.Write(WriteOperationType::kInsert, {{"k1", "stored", 1, "sf"}}).status());
  config.Set("hoodie.datasource.write.insert.drop.duplicates", "true");
  ASSERT_OK_AND_ASSIGN(auto dropping, WriteClient::Make(t.meta, config));
  ASSERT_OK_AND_ASSIGN(WriteResult insert,
                       t.Write(WriteOperationType::kInsert,
                               {{"k1", "incoming", 2, "sf"}, {"k2", "new", 2, "sf"}},
                               dropping.get()));
  EXPECT_EQ(insert.inserted, 1);
  EXPECT_EQ(t.Rows(), (std::vector<std::string>{"k1|stored", "k2|new"}));
}

TEST(WriteOptionEffectsTest, CommitMetaKeyPrefixChoosesTheOptionsCopiedIntoTheCommit) {
  HoodieConfig config = TripConfig(false);
  config.Set("hoodie.datasource.write.commitmeta.key.prefix", "meta.");
  config.Set("meta.source", "kafka");
  config.Set("_owner", "etl");
  Table t(config);
  ASSERT_OK_AND_ASSIGN(WriteResult result,
                       t.Write(WriteOperationType::kInsert, {{"k1", "a", 1, "sf"}}));
  ASSERT_OK_AND_ASSIGN(ActiveTimeline timeline, t.meta->LoadActiveTimeline());
  ASSERT_OK_AND_ASSIGN(CommitMetadata commit,
                       timeline.ReadCommitMetadata(
                           Instant{result.instant_time, Action::kCommit, State::kCompleted}));
  auto has = [&](const std::string& key) {
    return std::any_of(commit.extra_metadata.begin(), commit.extra_metadata.end(),
                       [&](const auto& entry) { return entry.first == key; });
  };
  EXPECT_TRUE(has("meta.source"));
  EXPECT_FALSE(has("_owner"));  // the default prefix "_" no longer applies
}

TEST(WriteOptionEffectsTest, DatasourceTableNameNamesANewTable) {
  HoodieConfig config;
  config.Set("hoodie.datasource.write.table.name", "rides");
  config.Set("hoodie.datasource.write.recordkey.field", "id");
  config.Set("hoodie.datasource.write.precombine.field", "ts");
  config.Set("hoodie.datasource.write.keygenerator.class",
             "org.apache.hudi.keygen.NonpartitionedKeyGenerator");
  Table t(config);
  ASSERT_OK(t.Write(WriteOperationType::kInsert, {{"k1", "a", 1, "sf"}}).status());
  EXPECT_EQ(t.meta->table_config()->GetOr(TableConfig::kName, ""), "rides");
}

// Merge-on-read inserts go to at most small.file.group.candidates.limit small file
// groups (the smallest first); the rest open new file groups. Each small file here has
// room for one record (1024-byte estimate, max file size just above its size).
TEST(WriteOptionEffectsTest, SmallFileGroupCandidatesLimitBoundsTheFileGroupsPadded) {
  auto file_groups_after = [](const std::string& limit) {
    HoodieConfig config = TripConfig(false);
    config.Set("hoodie.datasource.write.table.type", "MERGE_ON_READ");
    Table t(config);
    WriteResult first =
        t.Write(WriteOperationType::kInsert, {{"k1", "a", 1, "sf"}}).ValueOrDie();
    WriteResult second =
        t.Write(WriteOperationType::kBulkInsert, {{"k2", "b", 1, "sf"}}).ValueOrDie();
    int64_t largest = std::max(first.stats[0].file_size_in_bytes,
                               second.stats[0].file_size_in_bytes);
    config.Set("hoodie.parquet.max.file.size", std::to_string(largest + 1024 + 100));
    config.Set("hoodie.merge.small.file.group.candidates.limit", limit);
    auto client = WriteClient::Make(t.meta, config).ValueOrDie();
    EXPECT_OK(t.Write(WriteOperationType::kInsert,
                      {{"k3", "c", 1, "sf"}, {"k4", "d", 1, "sf"}}, client.get())
                  .status());
    std::set<std::string> groups;
    for (const std::string& name :
         SnapshotRows(t.base, {"_hoodie_file_name"}).ValueOrDie()) {
      groups.insert(ParseBaseFileName(name).ValueOrDie().file_id);
    }
    return groups.size();
  };
  EXPECT_EQ(file_groups_after("1"), 3u);
  EXPECT_EQ(file_groups_after("2"), 2u);
}

// A dynamic filter grows by one bloom of num_entries keys until max.entries keys.
TEST(WriteOptionEffectsTest, DynamicBloomMaxEntriesBoundsTheFilter) {
  auto filter_size = [](const std::string& max_entries) {
    HoodieConfig config = TripConfig(false);
    config.Set("hoodie.bloom.index.filter.type", "DYNAMIC_V0");
    config.Set("hoodie.index.bloom.num_entries", "10");
    config.Set("hoodie.bloom.index.filter.dynamic.max.entries", max_entries);
    Table t(config);
    std::vector<TripRow> rows;
    for (int i = 0; i < 100; ++i) rows.push_back({"k" + std::to_string(i), "n", i, "sf"});
    WriteResult result = t.Write(WriteOperationType::kBulkInsert, rows).ValueOrDie();
    EXPECT_EQ(result.stats.size(), 1u);
    return t.OpenWrittenFile(result.stats[0])
        ->FooterValue("org.apache.hudi.bloomfilter")
        .value_or("")
        .size();
  };
  const size_t bounded = filter_size("20");
  const size_t unbounded = filter_size("100000");
  EXPECT_GT(bounded, 0u);
  // 100 keys make 10 blooms of 10 keys; a bound of 20 keys stops at 2 of them.
  EXPECT_LT(bounded * 3, unbounded);
}

// The number of data pages of the first column of the first row group.
int64_t DataPages(const std::string& path) {
  auto reader = ::parquet::ParquetFileReader::OpenFile(path);
  auto pages = reader->RowGroup(0)->GetColumnPageReader(0);
  int64_t count = 0;
  while (auto page = pages->NextPage()) {
    if (page->type() == ::parquet::PageType::DATA_PAGE ||
        page->type() == ::parquet::PageType::DATA_PAGE_V2) {
      ++count;
    }
  }
  return count;
}

TEST(WriteOptionEffectsTest, ParquetBlockAndPageSizesShapeTheBaseFile) {
  std::vector<TripRow> rows;
  for (int i = 0; i < 20000; ++i) {
    rows.push_back(
        {"key-" + std::to_string(i), "name-" + std::to_string(i * 7919), i, "sf"});
  }
  auto write = [&](const std::string& block, const std::string& page) {
    HoodieConfig config = TripConfig(false);
    config.Set("hoodie.bulkinsert.sort.mode", "NONE");
    if (!block.empty()) config.Set("hoodie.parquet.block.size", block);
    if (!page.empty()) config.Set("hoodie.parquet.page.size", page);
    auto t = std::make_unique<Table>(config);
    WriteResult result = t->Write(WriteOperationType::kBulkInsert, rows).ValueOrDie();
    EXPECT_EQ(result.stats.size(), 1u);
    return std::make_pair(std::move(t), result.stats[0]);
  };
  auto [defaults, default_stat] = write("", "");
  auto [small_blocks, block_stat] = write("65536", "");
  auto [small_pages, page_stat] = write("", "4096");
  EXPECT_EQ(defaults->OpenWrittenFile(default_stat)->num_row_groups(), 1);
  EXPECT_GT(small_blocks->OpenWrittenFile(block_stat)->num_row_groups(), 1);
  const int64_t default_pages = DataPages(JoinPath(defaults->base, *default_stat.path));
  const int64_t small_page_count = DataPages(JoinPath(small_pages->base, *page_stat.path));
  EXPECT_GT(small_page_count, default_pages);
}

}  // namespace
}  // namespace hoodie
