// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/index/index_test.cc
/// \brief MakeIndex, the index registry and the in-memory index.
#include "hoodie/index/index.h"

#include <arrow/testing/gtest_util.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "hoodie/config/hoodie_config.h"
#include "hoodie/index/in_memory_index.h"
#include "hoodie/storage/storage.h"
#include "hoodie/table/file_system_view.h"
#include "hoodie/table/table_meta_client.h"
#include "hoodie/testing/temp_dir.h"
#include "hoodie/testing/test_data.h"

namespace hoodie {
namespace {

using ::testing::HasSubstr;

::arrow::Result<std::unique_ptr<Index>> MakeIndexOfType(const std::string& type) {
  HoodieConfig config;
  config.Set("hoodie.index.type", type);
  return MakeIndex(config);
}

TEST(MakeIndexTest, BuildsEveryBuiltinType) {
  struct Expected {
    std::string type;
    bool global;
    bool log_files;
  };
  for (const Expected& e : std::vector<Expected>{{"BLOOM", false, false},
                                                 {"GLOBAL_BLOOM", true, false},
                                                 {"SIMPLE", false, false},
                                                 {"GLOBAL_SIMPLE", true, false},
                                                 {"INMEMORY", true, true}}) {
    ASSERT_OK_AND_ASSIGN(auto index, MakeIndexOfType(e.type));
    EXPECT_EQ(index->name(), e.type);
    EXPECT_EQ(index->IsGlobal(), e.global) << e.type;
    EXPECT_EQ(index->CanIndexLogFiles(), e.log_files) << e.type;
  }
}

TEST(MakeIndexTest, DefaultsToBloom) {
  ASSERT_OK_AND_ASSIGN(auto index, MakeIndex(HoodieConfig()));
  EXPECT_EQ(index->name(), "BLOOM");
}

TEST(MakeIndexTest, AcceptsJavaClassNamesAsIndexClass) {
  HoodieConfig config;
  config.Set("hoodie.index.class",
             "org.apache.hudi.index.simple.HoodieGlobalSimpleIndex");
  ASSERT_OK_AND_ASSIGN(auto index, MakeIndex(config));
  EXPECT_EQ(index->name(), "GLOBAL_SIMPLE");
}

TEST(MakeIndexTest, RefusesHbaseAndBucketNamingSupportedTypes) {
  for (const std::string type : {"HBASE", "BUCKET"}) {
    auto result = MakeIndexOfType(type);
    ASSERT_RAISES(NotImplemented, result);
    EXPECT_THAT(result.status().message(),
                HasSubstr("index '" + type +
                          "' is not supported; supported types: BLOOM, GLOBAL_BLOOM, "
                          "SIMPLE, GLOBAL_SIMPLE, INMEMORY, RECORD_INDEX"));
  }
  HoodieConfig config;
  config.Set("hoodie.index.class", "org.apache.hudi.index.hbase.SparkHoodieHBaseIndex");
  ASSERT_RAISES(NotImplemented, MakeIndex(config));
}

TEST(MakeIndexTest, UnknownIndexClassIsInvalidAndListsRegisteredNames) {
  HoodieConfig config;
  config.Set("hoodie.index.class", "com.example.NoSuchIndex");
  auto result = MakeIndex(config);
  ASSERT_RAISES(Invalid, result);
  EXPECT_THAT(result.status().message(),
              HasSubstr("unknown index 'com.example.NoSuchIndex': hoodie has none registered under that name (registered: BLOOM"));
}

TEST(MakeIndexTest, RejectsNonPositiveKeysPerBucket) {
  HoodieConfig config;
  config.Set("hoodie.bloom.index.keys.per.bucket", "0");
  ASSERT_RAISES(Invalid, MakeIndex(config));
}

// A user index: tags every key as an insert.
class AlwaysInsertIndex : public Index {
 public:
  ::arrow::Result<TaggedLocations> TagLocation(const KeyViews& keys,
                                               const TableMetaClient&,
                                               const FileSystemView&) const override {
    return TaggedLocations(keys.size());
  }
  bool IsGlobal() const override { return false; }
  bool CanIndexLogFiles() const override { return false; }
  std::string_view name() const override { return "ALWAYS_INSERT"; }
};

TEST(IndexRegistryTest, IndexClassPicksAUserIndexRegisteredByName) {
  RegisterBuiltinIndexes();
  ASSERT_OK(IndexRegistry::Global()->Register(
      "com.example.AlwaysInsertIndex", {},
      [](const HoodieConfig&) -> ::arrow::Result<std::unique_ptr<Index>> {
        return std::make_unique<AlwaysInsertIndex>();
      }));
  ASSERT_RAISES(AlreadyExists, IndexRegistry::Global()->Register(
                                   "com.example.AlwaysInsertIndex", {}, nullptr));
  HoodieConfig config;
  config.Set("hoodie.index.type", "SIMPLE");
  config.Set("hoodie.index.class", "com.example.AlwaysInsertIndex");
  ASSERT_OK_AND_ASSIGN(auto index, MakeIndex(config));
  EXPECT_EQ(index->name(), "ALWAYS_INSERT");
  EXPECT_TRUE(IndexRegistry::Global()->Contains(
      "org.apache.hudi.index.inmemory.HoodieInMemoryHashIndex"));
}

TEST(InMemoryIndexTest, RemembersReportedLocationsOfCommittedInstants) {
  testing::TempDir dir;
  ASSERT_OK_AND_ASSIGN(
      auto base,
      testing::UnzipTable("hudi-rs-tables/sample_table/cow/v6_nonpartitioned.zip",
                          dir.path()));
  ASSERT_OK_AND_ASSIGN(auto table, TableMetaClient::Load(Storage::Local(), base));
  ASSERT_OK_AND_ASSIGN(auto view, FileSystemView::Load(*table));

  InMemoryIndex index;
  const RecordLocation committed{"", "a079bdb3-731c-4894-b855-abfcd6921007-0",
                                 "20240418173551906", false};
  const RecordLocation uncommitted{"", "f-0", "20990101000000000", false};
  const HoodieKey one{"1", ""};
  const HoodieKey two{"2", ""};
  ASSERT_OK(index.UpdateLocation({one, two}, {committed, uncommitted}));
  EXPECT_EQ(index.size(), 2u);
  ASSERT_OK_AND_ASSIGN(auto tags,
                       index.TagLocation({one, two, {"1", "other"}}, *table, *view));
  EXPECT_EQ(tags, (TaggedLocations{committed, std::nullopt, std::nullopt}));

  ASSERT_OK(index.UpdateLocation({one}, {std::nullopt}));  // deleted
  ASSERT_OK_AND_ASSIGN(tags, index.TagLocation({one}, *table, *view));
  EXPECT_EQ(tags, (TaggedLocations{std::nullopt}));
  EXPECT_EQ(index.size(), 1u);
  ASSERT_RAISES(Invalid, index.UpdateLocation({one}, {}));
}

}  // namespace
}  // namespace hoodie
