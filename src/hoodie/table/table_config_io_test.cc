// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/table/table_config_io_test.cc
/// \brief Tests of loading, creating and safely modifying hoodie.properties on disk,
/// including crashes at each step of the backup protocol.
#include <string>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "hoodie/common/logging.h"
#include "hoodie/storage/storage.h"
#include "hoodie/table/table_config.h"
#include "hoodie/testing/matchers.h"
#include "hoodie/testing/temp_dir.h"

namespace hoodie {
namespace {

using ::hoodie::testing::HasErrorCode;
using ::hoodie::testing::StatusMessageHas;
using ::testing::HasSubstr;
using ::testing::StartsWith;

class TableConfigIoTest : public ::testing::Test {
 protected:
  void SetUp() override {
    storage_ = Storage::Local();
    meta_ = dir_.Join(".hoodie");
    primary_ = meta_ + "/hoodie.properties";
    backup_ = meta_ + "/hoodie.properties.backup";
    // The fallbacks log warnings by design; keep test output quiet.
    old_sink_ = SetLogSink([](LogLevel, std::string_view) {});
    TableConfig config({{"hoodie.table.name", "orders"},
                        {"hoodie.database.name", "warehouse"},
                        {"hoodie.table.type", "COPY_ON_WRITE"},
                        {"hoodie.table.version", "6"}});
    ASSERT_OK_AND_ASSIGN(created_, TableConfig::Create(storage_.get(), meta_, config));
  }
  void TearDown() override { SetLogSink(old_sink_); }

  bool Exists(const std::string& path) { return *storage_->Exists(path); }
  std::string Read(const std::string& path) { return *storage_->ReadAll(path); }

  testing::TempDir dir_;
  std::shared_ptr<Storage> storage_;
  std::string meta_, primary_, backup_;
  TableConfig created_;
  LogSink old_sink_;
};

TEST_F(TableConfigIoTest, CreateWritesDefaultsAndChecksumLast) {
  // Body after "#Properties saved on <instant>" and the Date line.
  std::string text = Read(primary_);
  EXPECT_THAT(text, StartsWith("#Properties saved on "));
  EXPECT_EQ(text.substr(text.find('\n', text.find('\n') + 1) + 1),
            "hoodie.table.name=orders\n"
            "hoodie.database.name=warehouse\n"
            "hoodie.table.type=COPY_ON_WRITE\n"
            "hoodie.table.version=6\n"
            "hoodie.archivelog.folder=archived\n"
            "hoodie.timeline.layout.version=1\n"
            "hoodie.datasource.write.drop.partition.columns=false\n"
            "hoodie.table.checksum=1248131328\n");
  ASSERT_OK_AND_ASSIGN(TableConfig loaded, TableConfig::Load(storage_.get(), meta_));
  EXPECT_EQ(loaded.entries(), created_.entries());
}

TEST_F(TableConfigIoTest, CreateMergeOnReadAddsPayloadAndMergerStrategy) {
  std::string meta = dir_.Join("mor/.hoodie");
  TableConfig config(
      {{"hoodie.table.name", "m"}, {"hoodie.table.type", "MERGE_ON_READ"}});
  ASSERT_OK_AND_ASSIGN(TableConfig written,
                       TableConfig::Create(storage_.get(), meta, config));
  EXPECT_EQ(written.payload_class(),
            "org.apache.hudi.common.model.OverwriteWithLatestAvroPayload");
  EXPECT_EQ(written.record_merger_strategy(), "eeb8d96f-b1e4-49fd-bbf8-28ac514178e5");
}

TEST_F(TableConfigIoTest, CreateRefusesExistingFileAndMissingName) {
  ASSERT_RAISES(AlreadyExists, TableConfig::Create(storage_.get(), meta_, created_));
  ASSERT_RAISES(Invalid,
                TableConfig::Create(
                    storage_.get(), dir_.Join("x/.hoodie"),
                    TableConfig(PropertyList{{"hoodie.table.type", "MERGE_ON_READ"}})));
}

TEST_F(TableConfigIoTest, ModifyUpsertsDeletesAndCleansUp) {
  ASSERT_OK_AND_ASSIGN(
      TableConfig modified,
      TableConfig::Modify(
          storage_.get(), meta_,
          {{"hoodie.table.version", "5"}, {"hoodie.table.cdc.enabled", "true"}},
          {"hoodie.datasource.write.drop.partition.columns"}));
  EXPECT_FALSE(Exists(backup_));
  std::string text = Read(primary_);
  // The checksum stayed valid, so the file is rewritten as "Updated at".
  EXPECT_THAT(text, StartsWith("#Updated at "));
  EXPECT_EQ(text.substr(text.find('\n', text.find('\n') + 1) + 1),
            "hoodie.table.name=orders\n"
            "hoodie.database.name=warehouse\n"
            "hoodie.table.type=COPY_ON_WRITE\n"
            "hoodie.table.version=5\n"
            "hoodie.archivelog.folder=archived\n"
            "hoodie.timeline.layout.version=1\n"
            "hoodie.table.checksum=1248131328\n"
            "hoodie.table.cdc.enabled=true\n");
  ASSERT_OK_AND_ASSIGN(TableConfig loaded, TableConfig::Load(storage_.get(), meta_));
  EXPECT_EQ(loaded.entries(), modified.entries());
}

TEST_F(TableConfigIoTest, ModifyDeletesHadoopChecksumSidecarsWithTheFiles) {
  // Spark on a local file system leaves ".hoodie.properties.crc" (Hadoop's
  // ChecksumFileSystem); a rewrite next to the stale sidecar would fail Hudi's read.
  const std::string sidecar = meta_ + "/.hoodie.properties.crc";
  const std::string backup_sidecar = meta_ + "/.hoodie.properties.backup.crc";
  ASSERT_OK(storage_->WriteAll(sidecar, "crc\0\0\0\1", /*overwrite=*/false));
  ASSERT_OK(storage_->WriteAll(backup_sidecar, "crc", /*overwrite=*/false));
  const std::string other = meta_ + "/.20240101000000000.commit.crc";
  ASSERT_OK(storage_->WriteAll(other, "crc", /*overwrite=*/false));
  ASSERT_OK(
      TableConfig::Modify(storage_.get(), meta_, {{"hoodie.table.version", "6"}}, {})
          .status());
  EXPECT_FALSE(Exists(sidecar));
  EXPECT_FALSE(Exists(backup_sidecar));
  EXPECT_TRUE(Exists(other));
  EXPECT_TRUE(Exists(primary_));
}

TEST_F(TableConfigIoTest, ModifyOfNameRecomputesChecksum) {
  ASSERT_OK_AND_ASSIGN(
      TableConfig modified,
      TableConfig::Modify(
          storage_.get(), meta_,
          {{"hoodie.database.name", "sales"}, {"hoodie.table.name", "orders2"}}, {}));
  EXPECT_EQ(modified.Get(TableConfig::kChecksum), "864138209");
  std::string text = Read(primary_);
  EXPECT_THAT(text, StartsWith("#Properties saved on "));
  EXPECT_THAT(text, HasSubstr("\nhoodie.table.checksum=864138209\n"));
  EXPECT_FALSE(Exists(backup_));
}

TEST_F(TableConfigIoTest, CrashAfterDeletingPropertiesLoadsBackupAndModifyRepairs) {
  // Step 4 done, step 5 not: only the backup exists.
  std::string original = Read(primary_);
  ASSERT_OK(storage_->WriteAll(backup_, original, false));
  ASSERT_OK(storage_->DeleteFile(primary_));
  ASSERT_OK_AND_ASSIGN(TableConfig loaded, TableConfig::Load(storage_.get(), meta_));
  EXPECT_EQ(loaded.entries(), created_.entries());

  ASSERT_OK(
      TableConfig::Modify(storage_.get(), meta_, {{"hoodie.table.version", "6"}}, {})
          .status());
  EXPECT_FALSE(Exists(backup_));
  ASSERT_OK_AND_ASSIGN(TableConfig repaired, TableConfig::Load(storage_.get(), meta_));
  EXPECT_EQ(repaired.entries(), created_.entries());
}

TEST_F(TableConfigIoTest, HalfWrittenPropertiesFallsBackToBackup) {
  // Crash during step 5: a truncated new file next to the backup.
  std::string original = Read(primary_);
  ASSERT_OK(storage_->WriteAll(backup_, original, false));
  ASSERT_OK(storage_->WriteAll(primary_, original.substr(0, original.size() - 5), true));
  ASSERT_OK_AND_ASSIGN(TableConfig loaded, TableConfig::Load(storage_.get(), meta_));
  EXPECT_EQ(loaded.entries(), created_.entries());

  // Recovery puts the backup's exact bytes back and drops the backup.
  ASSERT_OK(TableConfig::Recover(storage_.get(), meta_));
  EXPECT_EQ(Read(primary_), original);
  EXPECT_FALSE(Exists(backup_));
}

TEST_F(TableConfigIoTest, PropertiesCutBeforeChecksumPrefersBackup) {
  // The checksum is the last line, so a file cut before it has no checksum at all.
  std::string original = Read(primary_);
  ASSERT_OK(storage_->WriteAll(backup_, original, false));
  std::string cut = original.substr(0, original.find("hoodie.table.checksum"));
  ASSERT_OK(storage_->WriteAll(primary_, cut + "hoodie.table.version=5\n", true));
  ASSERT_OK_AND_ASSIGN(TableConfig loaded, TableConfig::Load(storage_.get(), meta_));
  EXPECT_EQ(loaded.Get(TableConfig::kVersion), "6");
}

TEST_F(TableConfigIoTest, PropertiesWithoutChecksumAndNoBackupIsAccepted) {
  ASSERT_OK(storage_->WriteAll(primary_,
                               "hoodie.table.name=old\nhoodie.table.version=3\n", true));
  ASSERT_OK_AND_ASSIGN(TableConfig loaded, TableConfig::Load(storage_.get(), meta_));
  EXPECT_EQ(loaded.name(), "old");
  // The next update writes the checksum.
  ASSERT_OK(TableConfig::Modify(storage_.get(), meta_, {}, {}).status());
  EXPECT_THAT(Read(primary_), HasSubstr("hoodie.table.checksum=" +
                                        TableConfig::ComputeChecksum("", "old") + "\n"));
}

TEST_F(TableConfigIoTest, BothFilesBadIsCorruptTableConfigNamingBoth) {
  ASSERT_OK(storage_->WriteAll(
      primary_, "hoodie.table.name=orders\nhoodie.table.checksum=1\n", true));
  ASSERT_OK(storage_->WriteAll(backup_, "garbage\\u12", false));
  auto result = TableConfig::Load(storage_.get(), meta_);
  ASSERT_RAISES(Invalid, result);
  EXPECT_THAT(result, HasErrorCode(ErrorCode::kCorruptTableConfig));
  EXPECT_THAT(result, StatusMessageHas(primary_));
  EXPECT_THAT(result, StatusMessageHas(backup_));
  // Recovery and updates refuse too, and delete nothing.
  EXPECT_THAT(TableConfig::Recover(storage_.get(), meta_),
              HasErrorCode(ErrorCode::kCorruptTableConfig));
  EXPECT_THAT(TableConfig::Modify(storage_.get(), meta_, {}, {}),
              HasErrorCode(ErrorCode::kCorruptTableConfig));
  EXPECT_TRUE(Exists(primary_));
  EXPECT_TRUE(Exists(backup_));
}

TEST_F(TableConfigIoTest, ChecksumMismatchWithoutBackupIsCorrupt) {
  ASSERT_OK(storage_->WriteAll(
      primary_, "hoodie.table.name=orders\nhoodie.table.checksum=1\n", true));
  auto result = TableConfig::Load(storage_.get(), meta_);
  EXPECT_THAT(result, HasErrorCode(ErrorCode::kCorruptTableConfig));
  EXPECT_THAT(result, StatusMessageHas("does not match"));
  EXPECT_THAT(result, StatusMessageHas(backup_ + " is missing"));
}

TEST_F(TableConfigIoTest, NeitherFileIsCorruptTableConfig) {
  ASSERT_OK(storage_->DeleteFile(primary_));
  auto result = TableConfig::Load(storage_.get(), meta_);
  ASSERT_RAISES(Invalid, result);
  EXPECT_THAT(result, HasErrorCode(ErrorCode::kCorruptTableConfig));
  EXPECT_THAT(result,
              StatusMessageHas(primary_ + " is missing; " + backup_ + " is missing"));
}

TEST_F(TableConfigIoTest, LeftoverBackupNextToValidPropertiesIsDropped) {
  // Crash after step 3 (backup written, hoodie.properties not yet deleted).
  ASSERT_OK(storage_->WriteAll(backup_, Read(primary_), false));
  ASSERT_OK(TableConfig::Recover(storage_.get(), meta_));
  EXPECT_FALSE(Exists(backup_));
  EXPECT_TRUE(Exists(primary_));
}

}  // namespace
}  // namespace hoodie
