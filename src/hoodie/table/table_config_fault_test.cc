// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/table/table_config_fault_test.cc
/// \brief Crash and storage-failure tests of the hoodie.properties backup protocol: a
/// failure at any storage call of an update must leave a table that opens with either
/// the old or the new config, and the next update must repair it.
#include <memory>
#include <string>
#include <vector>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "hoodie/common/logging.h"
#include "hoodie/storage/fault_injecting_storage.h"
#include "hoodie/storage/storage.h"
#include "hoodie/table/table_config.h"
#include "hoodie/table/table_meta_client.h"
#include "hoodie/testing/matchers.h"

namespace hoodie {
namespace {

constexpr char kBase[] = "/memory/orders";
constexpr char kMeta[] = "/memory/orders/.hoodie";
constexpr char kPrimary[] = "/memory/orders/.hoodie/hoodie.properties";
constexpr char kBackup[] = "/memory/orders/.hoodie/hoodie.properties.backup";

class TableConfigFaultTest : public ::testing::Test {
 protected:
  void SetUp() override {
    old_sink_ = SetLogSink([](LogLevel, std::string_view) {});
    storage_ = std::make_shared<FaultInjectingStorage>(Storage::InMemory());
    TableCreateOptions options;
    options.table_name = "orders";
    options.database_name = "warehouse";
    ASSERT_OK(TableMetaClient::Create(storage_, kBase, options).status());
    ASSERT_OK_AND_ASSIGN(old_, TableConfig::Load(storage_.get(), kMeta));
  }
  void TearDown() override { SetLogSink(old_sink_); }

  ::arrow::Result<TableConfig> ModifyToVersion5() {
    return TableConfig::Modify(storage_.get(), kMeta, {{"hoodie.table.version", "5"}},
                               {});
  }

  // After any failure: the table opens with the old or the new config, a clean update
  // succeeds, and it leaves exactly hoodie.properties with the new content behind.
  void ExpectRecoverable(const std::string& what) {
    SCOPED_TRACE(what);
    storage_->ClearFaults();
    ASSERT_OK_AND_ASSIGN(TableConfig seen, TableConfig::Load(storage_.get(), kMeta));
    std::string version = seen.GetOr(TableConfig::kVersion, "");
    EXPECT_TRUE(version == "6" || version == "5") << version;
    EXPECT_TRUE(seen.HasValidChecksum());
    ASSERT_OK_AND_ASSIGN(TableConfig repaired, ModifyToVersion5());
    EXPECT_EQ(repaired.GetOr(TableConfig::kVersion, ""), "5");
    ASSERT_OK_AND_ASSIGN(bool has_backup, storage_->Exists(kBackup));
    EXPECT_FALSE(has_backup);
    ASSERT_OK_AND_ASSIGN(TableConfig reloaded, TableConfig::Load(storage_.get(), kMeta));
    EXPECT_EQ(reloaded.entries(), repaired.entries());
  }

  std::shared_ptr<FaultInjectingStorage> storage_;
  TableConfig old_;
  LogSink old_sink_;
};

TEST_F(TableConfigFaultTest, CleanModifyUsesTheExpectedCalls) {
  storage_->ResetCounts();
  ASSERT_OK(ModifyToVersion5().status());
  // backup + new file written; old file + backup deleted.
  EXPECT_EQ(storage_->call_count(StorageOperation::kWriteAll), 2);
  EXPECT_EQ(storage_->call_count(StorageOperation::kDeleteFile), 2);
}

TEST_F(TableConfigFaultTest, FailureAtEveryStorageCallIsRecoverable) {
  const std::vector<StorageOperation> operations = {
      StorageOperation::kExists, StorageOperation::kReadAll, StorageOperation::kWriteAll,
      StorageOperation::kDeleteFile, StorageOperation::kSync};
  for (StorageOperation operation : operations) {
    // Count the calls a clean update makes, on a scratch table state.
    storage_->ResetCounts();
    ASSERT_OK(ModifyToVersion5().status());
    int64_t calls = storage_->call_count(operation);
    ASSERT_GT(calls, 0) << StorageOperationName(operation);
    int failures = 0;
    for (int64_t n = 1; n <= calls; ++n) {
      ASSERT_OK(
          TableConfig::Modify(storage_.get(), kMeta, {{"hoodie.table.version", "6"}}, {})
              .status());
      storage_->FailNthCall(operation, n);
      auto result = ModifyToVersion5();
      failures += result.ok() ? 0 : 1;
      ExpectRecoverable(std::string(StorageOperationName(operation)) + " call " +
                        std::to_string(n) + (result.ok() ? " (ok)" : " (failed)"));
    }
    // Every injected fault surfaces as an error of the update, but one: the update's
    // first look at the backup reads a file that is not there, so a failure injected
    // into that read changes nothing (the read fails either way, and the backup then
    // reads as missing, as it is).
    const int64_t masked = operation == StorageOperation::kReadAll ? 1 : 0;
    EXPECT_EQ(failures, calls - masked) << StorageOperationName(operation);
  }
}

TEST_F(TableConfigFaultTest, KilledWhileWritingBackupKeepsOldConfig) {
  storage_->CrashAfterBytes(".backup", 30);
  ASSERT_FALSE(ModifyToVersion5().ok());
  ASSERT_TRUE(storage_->crashed());
  storage_->Restart();
  ASSERT_OK_AND_ASSIGN(TableConfig seen, TableConfig::Load(storage_.get(), kMeta));
  EXPECT_EQ(seen.entries(), old_.entries());
  ExpectRecoverable("killed while writing the backup");
}

TEST_F(TableConfigFaultTest, KilledWhileWritingNewPropertiesReadsBackup) {
  // The backup is written first; let it through, then kill the writer of the new file.
  std::string original = *storage_->ReadAll(kPrimary);
  ASSERT_OK(storage_->WriteAll(kBackup, original, false));
  ASSERT_OK(storage_->DeleteFile(kPrimary));
  storage_->CrashAfterBytes("hoodie.properties", 50);
  ASSERT_FALSE(storage_->WriteAll(kPrimary, original, true).ok());
  storage_->Restart();
  ASSERT_OK_AND_ASSIGN(std::string half, storage_->ReadAll(kPrimary));
  EXPECT_EQ(half, original.substr(0, 50));
  ASSERT_OK_AND_ASSIGN(TableConfig seen, TableConfig::Load(storage_.get(), kMeta));
  EXPECT_EQ(seen.entries(), old_.entries());
  ExpectRecoverable("killed while writing hoodie.properties");
}

}  // namespace
}  // namespace hoodie
