// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/read/mor_spill_test.cc
/// \brief Merge-on-read snapshots under a tiny memory budget (log records spilled to
/// disk), with lazy and eager, forward and reverse log reading: exactly the rows of the
/// default in-memory, eager, forward read, on the v6 sample tables and on a hand-built
/// table of many blocks.
#include <filesystem>

#include <arrow/api.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "hoodie/config/hoodie_config.h"
#include "hoodie/format/log/data_block.h"
#include "hoodie/format/log/log_writer.h"
#include "hoodie/read/hand_built_table_test_util.h"
#include "hoodie/read/sample_table_test_util.h"
#include "hoodie/testing/matchers.h"
#include "hoodie/testing/temp_dir.h"

namespace hoodie {
namespace {

using testing::HandBuiltTable;
using testing::Row;
using Rows = std::vector<std::vector<std::string>>;

::arrow::Result<std::shared_ptr<::arrow::RecordBatch>> ReadAll(const TableReader& reader,
                                                               ReadOptions options) {
  ARROW_ASSIGN_OR_RAISE(auto table, reader.ReadTable(options));
  return table->CombineChunksToBatch();
}

// Every combination of a spilling budget, lazy and reverse reading.
std::vector<LogScanOptions> ScanVariants(const std::string& spill_dir) {
  std::vector<LogScanOptions> variants;
  for (int64_t budget : {int64_t{1}, int64_t{1} << 30}) {
    for (bool lazy : {false, true}) {
      for (bool reverse : {false, true}) {
        LogScanOptions options;
        options.memory_budget = budget;
        options.spill_directory = spill_dir;
        options.lazy_block_read = lazy;
        options.reverse_log_read = reverse;
        variants.push_back(options);
      }
    }
  }
  return variants;
}

std::string Describe(const LogScanOptions& o) {
  return "budget=" + std::to_string(o.memory_budget) +
         " lazy=" + std::to_string(o.lazy_block_read) +
         " reverse=" + std::to_string(o.reverse_log_read);
}

class MorSampleSpillTest : public ::testing::TestWithParam<std::string> {};

TEST_P(MorSampleSpillTest, EveryScanVariantReadsTheSameSnapshot) {
  ASSERT_OK_AND_ASSIGN(auto table, testing::SampleTable::Open(GetParam()));
  ReadOptions eager;
  eager.log_scan.lazy_block_read = false;
  ASSERT_OK_AND_ASSIGN(auto expected, ReadAll(*table->reader, eager));
  testing::TempDir spill;
  for (const LogScanOptions& variant : ScanVariants(spill.path())) {
    ReadOptions options;
    options.log_scan = variant;
    ASSERT_OK_AND_ASSIGN(auto rows, ReadAll(*table->reader, options));
    EXPECT_TRUE(rows->Equals(*expected)) << Describe(variant) << "\n"
                                         << rows->ToString() << "\nexpected\n"
                                         << expected->ToString();
  }
  EXPECT_TRUE(std::filesystem::is_empty(spill.path()));
}

INSTANTIATE_TEST_SUITE_P(
    V6, MorSampleSpillTest,
    ::testing::Values(
        "quickstart_trips_table/mor/avro/v6_trips_8i1u.zip",
        "sample_table/mor/parquet/v6_nonpartitioned.zip",
        "sample_table/mor/parquet/v6_nonpartitioned_rollback.zip",
        "sample_table/mor/parquet/v6_simplekeygen_nonhivestyle.zip",
        "sample_table/mor/parquet/v6_simplekeygen_nonhivestyle_overwritetable.zip"));

constexpr char kC1[] = "20240101000000000";
constexpr char kC2[] = "20240102000000000";
constexpr char kC3[] = "20240103000000000";
constexpr char kC4[] = "20240104000000000";
constexpr char kC5[] = "20240105000000000";
constexpr char kC6[] = "20240106000000000";

std::string Key(const char* prefix, int i) {
  char buffer[16];
  std::snprintf(buffer, sizeof(buffer), "%s%05d", prefix, i);
  return buffer;
}

std::vector<Row> MakeRows(const char* prefix, int from, int to, const std::string& name,
                          const std::string& instant) {
  std::vector<Row> rows;
  for (int i = from; i < to; ++i) rows.push_back({Key(prefix, i), name, instant});
  return rows;
}

// A file group of 3000 base rows and five log files: updates and inserts in several
// blocks, a delete block, a rolled back block and a trailing partial block.
class MorManyBlocksTest : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_OK(table_.Init());
    ASSERT_OK(table_.WriteBase("p1", "fgA", kC1, MakeRows("k", 0, 3000, "base", kC1)));
    ASSERT_OK(
        table_.AddInstant(kC1, Action::kDeltaCommit, State::kCompleted, {{"p1", "fgA"}}));
    std::vector<LogBlock> c2;
    for (int part = 0; part < 4; ++part) {
      ASSERT_OK_AND_ASSIGN(
          LogBlock block,
          HandBuiltTable::DataBlock(
              kC2, "p1", "fgA", MakeRows("k", part * 250, part * 250 + 250, "c2", kC2)));
      c2.push_back(std::move(block));
    }
    ASSERT_OK_AND_ASSIGN(LogBlock inserts,
                         HandBuiltTable::DataBlock(kC2, "p1", "fgA",
                                                   MakeRows("n", 0, 500, "c2-new", kC2)));
    c2.push_back(std::move(inserts));
    ASSERT_OK(table_.WriteLogBlocks("p1", "fgA", kC1, 1, c2));
    ASSERT_OK(
        table_.AddInstant(kC2, Action::kDeltaCommit, State::kCompleted, {{"p1", "fgA"}}));
    std::vector<DeleteRecord> deletes;
    for (int i = 1000; i < 1200; ++i) deletes.push_back(Delete(Key("k", i)));
    for (int i = 0; i < 100; ++i) deletes.push_back(Delete(Key("n", i)));
    ASSERT_OK_AND_ASSIGN(LogBlock c3, MakeDeleteLogBlock(kC3, "{}", deletes));
    ASSERT_OK(table_.WriteLogBlocks("p1", "fgA", kC1, 2, {c3}));
    ASSERT_OK(
        table_.AddInstant(kC3, Action::kDeltaCommit, State::kCompleted, {{"p1", "fgA"}}));
    ASSERT_OK_AND_ASSIGN(
        LogBlock c4, HandBuiltTable::DataBlock(kC4, "p1", "fgA",
                                               MakeRows("k", 0, 3000, "failed", kC4)));
    ASSERT_OK(table_.WriteLogBlocks("p1", "fgA", kC1, 3, {c4}));
    ASSERT_OK(table_.AddInstant(kC4, Action::kDeltaCommit, State::kInflight, {}));
    ASSERT_OK(
        table_.WriteLogBlocks("p1", "fgA", kC1, 4, {MakeRollbackLogBlock(kC5, kC4)}));
    ASSERT_OK_AND_ASSIGN(
        LogBlock c6a,
        HandBuiltTable::DataBlock(kC6, "p1", "fgA", MakeRows("k", 500, 1500, "c6", kC6)));
    ASSERT_OK_AND_ASSIGN(
        LogBlock c6b, HandBuiltTable::DataBlock(kC6, "p1", "fgA",
                                                MakeRows("n", 50, 700, "c6-new", kC6)));
    ASSERT_OK_AND_ASSIGN(std::string partial, EncodeLogBlock(c6a));
    ASSERT_OK(table_.WriteLogBlocks("p1", "fgA", kC1, 5, {c6a, c6b},
                                    partial.substr(0, partial.size() / 2)));
    ASSERT_OK(
        table_.AddInstant(kC6, Action::kDeltaCommit, State::kCompleted, {{"p1", "fgA"}}));
    ASSERT_OK_AND_ASSIGN(reader_, table_.Reader());
  }

  static DeleteRecord Delete(const std::string& key) {
    return {key, "p1", WrapOrderingValue(kIntWrapper, AvroValue::Int(0))};
  }

  // What the snapshot must hold, built independently of the reader.
  static Rows ExpectedRows() {
    std::map<std::string, std::pair<std::string, std::string>> rows;
    auto put = [&](const std::vector<Row>& batch) {
      for (const Row& row : batch) rows[row.key] = {row.name, row.commit_time};
    };
    put(MakeRows("k", 0, 3000, "base", kC1));
    put(MakeRows("k", 0, 1000, "c2", kC2));
    put(MakeRows("n", 0, 500, "c2-new", kC2));
    for (int i = 1000; i < 1200; ++i) rows.erase(Key("k", i));
    for (int i = 0; i < 100; ++i) rows.erase(Key("n", i));
    put(MakeRows("k", 500, 1500, "c6", kC6));
    put(MakeRows("n", 50, 700, "c6-new", kC6));
    Rows out;
    for (const auto& [key, value] : rows) out.push_back({key, value.first, value.second});
    return out;
  }

  HandBuiltTable table_{TableType::kMergeOnRead};
  std::unique_ptr<TableReader> reader_;
};

TEST_F(MorManyBlocksTest, EveryScanVariantReadsTheExpectedRows) {
  testing::TempDir spill;
  Rows expected = ExpectedRows();
  // k: c6 re-inserts the keys c3 deleted; n: n00050-n00699.
  ASSERT_EQ(expected.size(), 3000u + 650u);
  for (const LogScanOptions& variant : ScanVariants(spill.path())) {
    ReadOptions options;
    options.log_scan = variant;
    options.batch_size = 1000;
    ASSERT_OK_AND_ASSIGN(Rows rows, testing::ReadKeyRows(*reader_, options));
    EXPECT_EQ(rows, expected) << Describe(variant);
  }
  EXPECT_TRUE(std::filesystem::is_empty(spill.path()));
}

TEST_F(MorManyBlocksTest, SpilledAndInMemoryReadsReturnTheSameBatchesContent) {
  ReadOptions in_memory;
  ASSERT_OK_AND_ASSIGN(auto expected, ReadAll(*reader_, in_memory));
  testing::TempDir spill;
  ReadOptions spilling;
  spilling.log_scan.memory_budget = 64 * 1024;
  spilling.log_scan.spill_directory = spill.path();
  ASSERT_OK_AND_ASSIGN(auto rows, ReadAll(*reader_, spilling));
  EXPECT_TRUE(rows->Equals(*expected));
}

TEST_F(MorManyBlocksTest, ABudgetTooSmallSpillsToTheConfiguredFolder) {
  // The read must spill: an unusable folder fails it, naming the folder and the key.
  ReadOptions options;
  options.log_scan.memory_budget = 1;
  options.log_scan.spill_directory = "/nonexistent-hoodie-spill";
  auto rows = testing::ReadKeyRows(*reader_, options);
  ASSERT_RAISES(IOError, rows);
  EXPECT_THAT(rows.status().message(),
              ::testing::HasSubstr("hoodie.memory.spillable.map.path"));
  // With the default budget nothing spills, so the same folder is never used.
  options.log_scan.memory_budget = int64_t{1} << 30;
  ASSERT_OK_AND_ASSIGN(Rows in_memory, testing::ReadKeyRows(*reader_, options));
  EXPECT_EQ(in_memory, ExpectedRows());
}

TEST(LogScanOptionsTest, FromConfigReadsTheMemoryAndCompactionKeys) {
  HoodieConfig config;
  ASSERT_OK_AND_ASSIGN(LogScanOptions defaults, LogScanOptions::FromConfig(config));
  EXPECT_EQ(defaults.memory_budget, int64_t{1073741824});
  EXPECT_EQ(defaults.spill_directory, "");
  EXPECT_TRUE(defaults.lazy_block_read);
  EXPECT_FALSE(defaults.reverse_log_read);
  config.Set("hoodie.memory.merge.max.size", "4096");
  config.Set("hoodie.memory.spillable.map.path", "/spill");
  config.Set("hoodie.compaction.lazy.block.read", "false");
  config.Set("hoodie.compaction.reverse.log.read", "true");
  ASSERT_OK_AND_ASSIGN(LogScanOptions set, LogScanOptions::FromConfig(config));
  EXPECT_EQ(set.memory_budget, 4096);
  EXPECT_EQ(set.spill_directory, "/spill");
  EXPECT_FALSE(set.lazy_block_read);
  EXPECT_TRUE(set.reverse_log_read);
  config.Set("hoodie.memory.merge.max.size", "0");
  ASSERT_RAISES(Invalid, LogScanOptions::FromConfig(config));
}

}  // namespace
}  // namespace hoodie
