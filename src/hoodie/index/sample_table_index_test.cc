// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/index/sample_table_index_test.cc
/// \brief Every file-based index tags the keys of the Spark-written v6 sample tables
/// identically, and bloom pruning avoids reading key columns.
#include <arrow/testing/gtest_util.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "hoodie/config/hoodie_config.h"
#include "hoodie/index/index.h"
#include "hoodie/storage/fault_injecting_storage.h"
#include "hoodie/table/file_system_view.h"
#include "hoodie/table/table_meta_client.h"
#include "hoodie/testing/temp_dir.h"
#include "hoodie/testing/test_data.h"

namespace hoodie {
namespace {

constexpr char kTables[] = "hudi-rs-tables/sample_table/cow/";

struct LoadedTable {
  std::shared_ptr<FaultInjectingStorage> storage;
  std::shared_ptr<TableMetaClient> table;
  std::shared_ptr<const FileSystemView> view;
};

::arrow::Result<LoadedTable> LoadTable(const testing::TempDir& dir,
                                       const std::string& name) {
  ARROW_ASSIGN_OR_RAISE(
      auto base, testing::UnzipTable(std::string(kTables) + name + ".zip", dir.path()));
  LoadedTable loaded;
  loaded.storage = std::make_shared<FaultInjectingStorage>(Storage::Local());
  ARROW_ASSIGN_OR_RAISE(loaded.table, TableMetaClient::Load(loaded.storage, base));
  ARROW_ASSIGN_OR_RAISE(loaded.view, FileSystemView::Load(*loaded.table));
  return loaded;
}

// One index configuration: the type plus the options that change how it searches.
struct IndexSetup {
  std::string label;
  std::vector<std::pair<std::string, std::string>> options;
  bool global;
};

std::vector<IndexSetup> AllSetups() {
  return {
      {"BLOOM", {{"hoodie.index.type", "BLOOM"}}, false},
      {"BLOOM_list_filter",
       {{"hoodie.index.type", "BLOOM"},
        {"hoodie.bloom.index.use.treebased.filter", "false"}},
       false},
      {"BLOOM_no_range_pruning",
       {{"hoodie.index.type", "BLOOM"}, {"hoodie.bloom.index.prune.by.ranges", "false"}},
       false},
      {"BLOOM_small_buckets_serial",
       {{"hoodie.index.type", "BLOOM"},
        {"hoodie.bloom.index.keys.per.bucket", "1"},
        {"hoodie.bloom.index.parallelism", "1"}},
       false},
      {"SIMPLE", {{"hoodie.index.type", "SIMPLE"}}, false},
      {"SIMPLE_serial",
       {{"hoodie.index.type", "SIMPLE"}, {"hoodie.simple.index.parallelism", "1"}},
       false},
      {"GLOBAL_BLOOM", {{"hoodie.index.type", "GLOBAL_BLOOM"}}, true},
      {"GLOBAL_BLOOM_list_filter",
       {{"hoodie.index.type", "GLOBAL_BLOOM"},
        {"hoodie.bloom.index.use.treebased.filter", "false"}},
       true},
      {"GLOBAL_SIMPLE", {{"hoodie.index.type", "GLOBAL_SIMPLE"}}, true},
  };
}

class SampleTableIndexTest : public ::testing::TestWithParam<IndexSetup> {
 protected:
  ::arrow::Result<std::unique_ptr<Index>> Make(
      const std::vector<std::pair<std::string, std::string>>& extra = {}) const {
    HoodieConfig config;
    for (const auto& [key, value] : GetParam().options) config.Set(key, value);
    for (const auto& [key, value] : extra) config.Set(key, value);
    return MakeIndex(config);
  }
};

TEST_P(SampleTableIndexTest, TagsNonPartitionedKeys) {
  testing::TempDir dir;
  ASSERT_OK_AND_ASSIGN(auto loaded, LoadTable(dir, "v6_nonpartitioned"));
  ASSERT_OK_AND_ASSIGN(auto index, Make());
  ASSERT_OK_AND_ASSIGN(
      auto tags,
      index->TagLocation(
          {{"1", ""}, {"2", ""}, {"99", ""}, {"3", ""}, {"4", ""}, {"1", ""}, {"0", ""}},
          *loaded.table, *loaded.view));
  const RecordLocation latest{"", "a079bdb3-731c-4894-b855-abfcd6921007-0",
                              "20240418173551906", false};
  EXPECT_EQ(tags, (TaggedLocations{latest, latest, std::nullopt, latest, latest, latest,
                                   std::nullopt}));
  ASSERT_OK_AND_ASSIGN(tags, index->TagLocation({}, *loaded.table, *loaded.view));
  EXPECT_TRUE(tags.empty());
}

TEST_P(SampleTableIndexTest, TagsPartitionedKeysAndCrossPartitionKeysByScope) {
  testing::TempDir dir;
  ASSERT_OK_AND_ASSIGN(auto loaded, LoadTable(dir, "v6_simplekeygen_nonhivestyle"));
  ASSERT_OK_AND_ASSIGN(auto index, Make());
  ASSERT_OK_AND_ASSIGN(
      auto tags,
      index->TagLocation(
          {{"1", "10"}, {"2", "20"}, {"4", "30"}, {"2", "10"}, {"5", "10"}, {"3", "40"}},
          *loaded.table, *loaded.view));
  const RecordLocation p10{"10", "97de74b1-2a8e-4bb7-874c-0a74e1f42a77-0",
                           "20240418172804498", false};
  const RecordLocation p20{"20", "76e0556b-390d-4249-b7ad-9059e2bc2cbd-0",
                           "20240418172802262", false};
  const RecordLocation p30{"30", "6db57019-98ee-480e-8eb1-fb3de48e1c24-0",
                           "20240418172804498", false};
  if (GetParam().global) {
    // Without update.partition.path the record stays an update in its old partition.
    EXPECT_EQ(tags, (TaggedLocations{p10, p20, p30, p20, std::nullopt, p10}));
  } else {
    EXPECT_EQ(tags,
              (TaggedLocations{p10, p20, p30, std::nullopt, std::nullopt, std::nullopt}));
  }
}

TEST_P(SampleTableIndexTest, UpdatePartitionPathMovesCrossPartitionKeys) {
  testing::TempDir dir;
  ASSERT_OK_AND_ASSIGN(auto loaded, LoadTable(dir, "v6_simplekeygen_nonhivestyle"));
  ASSERT_OK_AND_ASSIGN(auto index,
                       Make({{"hoodie.bloom.index.update.partition.path", "true"},
                             {"hoodie.simple.index.update.partition.path", "true"}}));
  ASSERT_OK_AND_ASSIGN(auto tags, index->TagLocation({{"2", "10"}, {"2", "20"}},
                                                     *loaded.table, *loaded.view));
  const RecordLocation p20{"20", "76e0556b-390d-4249-b7ad-9059e2bc2cbd-0",
                           "20240418172802262", false};
  RecordLocation moved = p20;
  moved.move_to_new_partition = true;
  if (GetParam().global) {
    EXPECT_EQ(tags, (TaggedLocations{moved, p20}));
  } else {
    EXPECT_EQ(tags, (TaggedLocations{std::nullopt, p20}));
  }
}

TEST_P(SampleTableIndexTest, TagsComplexKeysInHiveStylePartitions) {
  testing::TempDir dir;
  ASSERT_OK_AND_ASSIGN(auto loaded, LoadTable(dir, "v6_complexkeygen_hivestyle"));
  ASSERT_OK_AND_ASSIGN(auto index, Make());
  ASSERT_OK_AND_ASSIGN(
      auto tags, index->TagLocation({{"id:3,name:Carol", "byteField=10/shortField=300"},
                                     {"id:4,name:Diana", "byteField=30/shortField=100"},
                                     {"id:2,name:Bob", "byteField=10/shortField=300"},
                                     {"id:9,name:Zed", "byteField=10/shortField=300"}},
                                    *loaded.table, *loaded.view));
  const RecordLocation carol{"byteField=10/shortField=300",
                             "a22e8257-e249-45e9-ba46-115bc85adcba-0",
                             "20240418173235694", false};
  const RecordLocation diana{"byteField=30/shortField=100",
                             "4668e35e-bff8-4be9-9ff2-e7fb17ecb1a7-0",
                             "20240418173235694", false};
  const RecordLocation bob{"byteField=20/shortField=100",
                           "bb7c3a45-387f-490d-aab2-981c3f1a8ada-0", "20240418173213674",
                           false};
  EXPECT_EQ(tags, (TaggedLocations{carol, diana,
                                   GetParam().global ? std::optional(bob) : std::nullopt,
                                   std::nullopt}));
}

TEST_P(SampleTableIndexTest, RefusesTablesWithoutMetaFields) {
  testing::TempDir dir;
  ASSERT_OK_AND_ASSIGN(auto loaded,
                       LoadTable(dir, "v6_simplekeygen_hivestyle_no_metafields"));
  ASSERT_OK_AND_ASSIGN(auto index, Make());
  auto result = index->TagLocation(std::vector<HoodieKeyView>{{"1", "byteField=10"}}, *loaded.table, *loaded.view);
  ASSERT_RAISES(NotImplemented, result);
  EXPECT_THAT(result.status().message(),
              ::testing::HasSubstr("hoodie.populate.meta.fields=false"));
}

INSTANTIATE_TEST_SUITE_P(AllIndexes, SampleTableIndexTest,
                         ::testing::ValuesIn(AllSetups()),
                         [](const auto& info) { return info.param.label; });

// Opens per lookup on v6_nonpartitioned (one latest base file): the bloom index reads
// only the footer when ranges or the filter rule a key out, and the key column only
// for keys that may be there; the simple index always reads the key column.
int64_t OpensForLookup(const LoadedTable& loaded, const Index& index,
                       const std::string& record_key) {
  loaded.storage->ResetCounts();
  auto tags = index.TagLocation({{record_key, ""}}, *loaded.table, *loaded.view);
  EXPECT_OK(tags.status());
  return loaded.storage->call_count(StorageOperation::kOpenForRead);
}

TEST(BloomIndexReadsTest, RejectsKeysOutsideRangesAndFiltersWithoutReadingKeys) {
  testing::TempDir dir;
  ASSERT_OK_AND_ASSIGN(auto loaded, LoadTable(dir, "v6_nonpartitioned"));
  HoodieConfig config;
  ASSERT_OK_AND_ASSIGN(auto bloom, MakeIndex(config));
  EXPECT_EQ(OpensForLookup(loaded, *bloom, "99"), 1);  // above max key "4": footer only
  EXPECT_EQ(OpensForLookup(loaded, *bloom, "0"), 1);   // below min key "1"
  EXPECT_EQ(OpensForLookup(loaded, *bloom, "1"), 2);   // footer, then the key column

  config.Set("hoodie.bloom.index.prune.by.ranges", "false");
  ASSERT_OK_AND_ASSIGN(auto unpruned, MakeIndex(config));
  EXPECT_EQ(OpensForLookup(loaded, *unpruned, "99"), 1);  // the bloom filter rejects it
  EXPECT_EQ(OpensForLookup(loaded, *unpruned, "3"), 2);

  config.Set("hoodie.index.type", "SIMPLE");
  ASSERT_OK_AND_ASSIGN(auto simple, MakeIndex(config));
  EXPECT_EQ(OpensForLookup(loaded, *simple, "99"), 1);  // the key column, no footer
}

TEST(BloomIndexReadsTest, StorageErrorsPropagate) {
  testing::TempDir dir;
  ASSERT_OK_AND_ASSIGN(auto loaded, LoadTable(dir, "v6_nonpartitioned"));
  loaded.storage->FailPathsEndingWith(".parquet", StorageOperation::kOpenForRead);
  for (const std::string type : {"BLOOM", "SIMPLE"}) {
    HoodieConfig config;
    config.Set("hoodie.index.type", type);
    ASSERT_OK_AND_ASSIGN(auto index, MakeIndex(config));
    ASSERT_RAISES(IOError, index->TagLocation(std::vector<HoodieKeyView>{{"1", ""}}, *loaded.table, *loaded.view));
  }
}

}  // namespace
}  // namespace hoodie
