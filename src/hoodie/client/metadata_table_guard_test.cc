// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/client/metadata_table_guard_test.cc
/// \brief DisableMetadataTable and the write client's use of it: a table whose
/// hoodie.properties lists metadata-table partitions loses them (and .hoodie/metadata)
/// before hoodie's commit becomes visible.

#include <memory>
#include <string>
#include <vector>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "hoodie/actions/rollback_executor.h"
#include "hoodie/client/write_client.h"
#include "hoodie/common/logging.h"
#include "hoodie/storage/fault_injecting_storage.h"
#include "hoodie/storage/path.h"
#include "hoodie/storage/storage.h"
#include "hoodie/table/metadata_table_guard_internal.h"
#include "hoodie/table/table_config.h"
#include "hoodie/table/table_meta_client.h"
#include "hoodie/testing/matchers.h"
#include "hoodie/testing/temp_dir.h"
#include "hoodie/client/write_client_test_util.h"

namespace hoodie {
namespace {

using internal::DisableMetadataTable;
using ::testing::ElementsAre;
using ::testing::HasSubstr;
using testing::SnapshotRows;
using testing::StatusMessageHas;
using testing::TripConfig;
using testing::TripReader;

// What Spark's first write with Hudi's defaults leaves behind: the two keys in
// hoodie.properties and an MDT folder holding its own table.
void AddSparkMetadataTable(TableMetaClient* table, const std::string& partitions,
                           const std::string& inflight) {
  ASSERT_OK(table->UpdateTableConfig(
      {{std::string(TableConfig::kMetadataPartitions), partitions},
       {std::string(TableConfig::kMetadataPartitionsInflight), inflight}},
      {}));
  const std::string mdt = table->meta_path() + "/metadata/.hoodie";
  ASSERT_OK(table->storage()->CreateDir(mdt));
  ASSERT_OK(table->storage()->WriteAll(mdt + "/00000000000000010.deltacommit", "{}",
                                       /*overwrite=*/false));
  ASSERT_OK(table->storage()->WriteAll(table->meta_path() + "/metadata/files/x.hfile",
                                       "h", /*overwrite=*/false));
}

// A writer with hoodie.metadata.enable=false, whose commits disable the metadata table.
HoodieConfig DisabledConfig() {
  HoodieConfig config = TripConfig(true);
  config.Set("hoodie.metadata.enable", "false");
  return config;
}

struct GuardTest : ::testing::Test {
  ::testing::AssertionResult Exists(const std::string& path) {
    auto exists = storage->Exists(path);
    if (!exists.ok()) return ::testing::AssertionFailure() << exists.status().ToString();
    return *exists ? ::testing::AssertionSuccess()
                   : ::testing::AssertionFailure() << path;
  }
  std::string ReadProperties() {
    return storage->ReadAll(table->properties_path()).ValueOrDie();
  }
  std::shared_ptr<TableMetaClient> Reload() {
    return TableMetaClient::Load(storage, base).ValueOrDie();
  }

  testing::TempDir dir;
  std::string base = dir.Join("trips");
  std::shared_ptr<Storage> storage = Storage::Local();
  std::shared_ptr<TableMetaClient> table =
      WriteClient::OpenOrCreateTable(storage, base, DisabledConfig()).ValueOrDie();
};

TEST_F(GuardTest, ClearsBothKeysThenDeletesTheMetadataFolder) {
  AddSparkMetadataTable(table.get(), "files", "");
  std::vector<std::string> infos;
  LogLevel old_level = GetLogLevel();
  SetLogLevel(LogLevel::kInfo);
  LogSink old_sink = SetLogSink([&](LogLevel level, std::string_view message) {
    if (level == LogLevel::kInfo) infos.emplace_back(message);
  });
  auto changed = DisableMetadataTable(table.get());
  SetLogSink(old_sink);
  SetLogLevel(old_level);
  ASSERT_OK_AND_ASSIGN(bool did, changed);
  EXPECT_TRUE(did);

  auto reloaded = Reload();
  const TableConfig& config = *reloaded->table_config();
  // The keys stay, with empty values, exactly as
  // HoodieTableConfig.clearMetadataPartitions leaves them; the checksum stays valid and
  // the backup is gone.
  EXPECT_EQ(config.Get(TableConfig::kMetadataPartitions), "");
  EXPECT_EQ(config.Get(TableConfig::kMetadataPartitionsInflight), "");
  EXPECT_OK(config.ValidateChecksum());
  EXPECT_TRUE(config.HasValidChecksum());
  EXPECT_FALSE(Exists(table->meta_path() + "/hoodie.properties.backup"));
  EXPECT_FALSE(Exists(table->meta_path() + "/metadata"));
  // The in-memory config of the client follows the file.
  EXPECT_EQ(table->table_config()->Get(TableConfig::kMetadataPartitions), "");
  EXPECT_THAT(infos, ElementsAre(HasSubstr("hoodie.table.metadata.partitions=files"),
                                 HasSubstr(table->meta_path() + "/metadata")));
  // Every other key is untouched.
  TableConfig before = *table->table_config();
  for (const auto& [key, value] : config.entries()) {
    EXPECT_EQ(before.Get(key), value) << key;
  }
}

TEST_F(GuardTest, ClearsAnInflightPartitionList) {
  AddSparkMetadataTable(table.get(), "", "column_stats");
  ASSERT_OK_AND_ASSIGN(bool did, DisableMetadataTable(table.get()));
  EXPECT_TRUE(did);
  auto config = Reload()->table_config();
  EXPECT_EQ(config->Get(TableConfig::kMetadataPartitions), "");
  EXPECT_EQ(config->Get(TableConfig::kMetadataPartitionsInflight), "");
  EXPECT_FALSE(Exists(table->meta_path() + "/metadata"));
}

TEST_F(GuardTest, DoesNothingOnATableWithoutMetadataTable) {
  const std::string text = ReadProperties();
  ASSERT_OK_AND_ASSIGN(bool did, DisableMetadataTable(table.get()));
  EXPECT_FALSE(did);
  EXPECT_EQ(ReadProperties(), text);
}

TEST_F(GuardTest, DeletesALeftoverFolderWithoutRewritingProperties) {
  // A writer that crashed while building the MDT leaves the folder but no key.
  ASSERT_OK(storage->CreateDir(table->meta_path() + "/metadata/.hoodie"));
  const std::string text = ReadProperties();
  ASSERT_OK_AND_ASSIGN(bool did, DisableMetadataTable(table.get()));
  EXPECT_TRUE(did);
  EXPECT_EQ(ReadProperties(), text);
  EXPECT_FALSE(Exists(table->meta_path() + "/metadata"));
}

TEST_F(GuardTest, ReadsTheCurrentPropertiesNotTheLoadedOnes) {
  // Another writer (Spark) builds the MDT after this client loaded the table.
  auto other = Reload();
  AddSparkMetadataTable(other.get(), "files", "");
  ASSERT_TRUE(table->table_config()->metadata_partitions().empty());
  ASSERT_OK_AND_ASSIGN(bool did, DisableMetadataTable(table.get()));
  EXPECT_TRUE(did);
  EXPECT_EQ(Reload()->table_config()->Get(TableConfig::kMetadataPartitions), "");
}

TEST_F(GuardTest, PropertiesAreClearedBeforeTheFolderIsDeleted) {
  AddSparkMetadataTable(table.get(), "files", "");
  auto faulty = std::make_shared<FaultInjectingStorage>(storage);
  faulty->FailPathsContaining("/.hoodie/metadata", StorageOperation::kDeleteDir);
  auto faulty_table = TableMetaClient::Load(faulty, base).ValueOrDie();
  EXPECT_THAT(DisableMetadataTable(faulty_table.get()), StatusMessageHas("DeleteDir"));
  // The folder survived the failure, but no reader is sent to it any more.
  EXPECT_TRUE(Exists(table->meta_path() + "/metadata/.hoodie"));
  EXPECT_EQ(Reload()->table_config()->Get(TableConfig::kMetadataPartitions), "");
  // The next commit's check finishes the job.
  ASSERT_OK_AND_ASSIGN(bool did, DisableMetadataTable(table.get()));
  EXPECT_TRUE(did);
  EXPECT_FALSE(Exists(table->meta_path() + "/metadata"));
}

TEST_F(GuardTest, EveryCommitDisablesAMetadataTableBuiltSinceTheLastOne) {
  auto client = WriteClient::Make(table, DisabledConfig()).ValueOrDie();
  for (int round = 0; round < 2; ++round) {
    // Spark wrote in between: it built (or rebuilt) the MDT.
    AddSparkMetadataTable(Reload().get(), "files", "");
    ASSERT_OK_AND_ASSIGN(std::string instant, client->StartCommit());
    auto rows = TripReader({{"id" + std::to_string(round), "n", 1, "sf"}});
    ASSERT_OK_AND_ASSIGN(WriteResult result, client->Upsert(instant, rows.get()));
    EXPECT_TRUE(result.committed);
    EXPECT_EQ(Reload()->table_config()->Get(TableConfig::kMetadataPartitions), "");
    EXPECT_FALSE(Exists(table->meta_path() + "/metadata"));
  }
  ASSERT_OK_AND_ASSIGN(auto rows, SnapshotRows(base, {"id", "city"}));
  EXPECT_THAT(rows, ElementsAre("id0|sf", "id1|sf"));
}

TEST_F(GuardTest, RollbackDisablesTheMetadataTableBeforeDeletingFiles) {
  auto client = WriteClient::Make(table, DisabledConfig()).ValueOrDie();
  ASSERT_OK_AND_ASSIGN(std::string first, client->StartCommit());
  auto rows = TripReader({{"a", "n", 1, "sf"}});
  ASSERT_OK(client->Upsert(first, rows.get()).status());
  // Spark built the metadata table and listed the commit hoodie now rolls back.
  AddSparkMetadataTable(Reload().get(), "files", "");
  ASSERT_OK_AND_ASSIGN(auto done, RollbackInstant(*Reload(), first, RollbackOptions{}));
  ASSERT_TRUE(done.has_value());
  EXPECT_EQ(Reload()->table_config()->Get(TableConfig::kMetadataPartitions), "");
  EXPECT_FALSE(Exists(table->meta_path() + "/metadata"));
}

}  // namespace
}  // namespace hoodie
