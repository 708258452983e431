// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/read/log_record_map_test.cc
/// \brief LogRecordMap: the byte budget, records spilled to disk and read back exactly,
/// replacement in place, deletes, merged flags, insertion order and spill file cleanup.
#include <filesystem>
#include <map>

#include <arrow/api.h>
#include <arrow/util/byte_size.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "hoodie/cli/value_text.h"
#include "hoodie/read/log_record_map_internal.h"
#include "hoodie/testing/matchers.h"
#include "hoodie/testing/temp_dir.h"

namespace hoodie::internal {
namespace {

// Rows (key, value, tags) with nested and null cells, so IPC round trips are checked
// beyond flat columns.
std::shared_ptr<::arrow::RecordBatch> MakeBatch(int64_t first, int64_t count,
                                                const std::string& suffix) {
  ::arrow::StringBuilder keys;
  ::arrow::StringBuilder values;
  ::arrow::ListBuilder tags(::arrow::default_memory_pool(),
                            std::make_shared<::arrow::Int64Builder>());
  auto* tag_values = static_cast<::arrow::Int64Builder*>(tags.value_builder());
  for (int64_t i = first; i < first + count; ++i) {
    EXPECT_TRUE(keys.Append("k" + std::to_string(i)).ok());
    if (i % 7 == 0) {
      EXPECT_TRUE(values.AppendNull().ok());
    } else {
      EXPECT_TRUE(values.Append("v" + std::to_string(i) + suffix).ok());
    }
    EXPECT_TRUE(tags.Append().ok());
    EXPECT_TRUE(tag_values->AppendValues({i, i * 2}).ok());
  }
  auto schema = ::arrow::schema(
      {::arrow::field("key", ::arrow::utf8()), ::arrow::field("value", ::arrow::utf8()),
       ::arrow::field("tags", ::arrow::list(::arrow::int64()))});
  return ::arrow::RecordBatch::Make(
      schema, count,
      {keys.Finish().ValueOrDie(), values.Finish().ValueOrDie(),
       tags.Finish().ValueOrDie()});
}

std::string RowText(const LogRecordEntry& entry) {
  if (entry.deleted) return "<deleted>";
  std::string text;
  for (const auto& column : entry.batch->columns()) {
    text += ValueToText(*column, entry.row) + "|";
  }
  return text;
}

// Puts every row of `batch` under its key; the texts each key should read back.
void PutAll(LogRecordMap* map, const std::shared_ptr<::arrow::RecordBatch>& batch,
            std::map<std::string, std::string>* expected) {
  auto keys = std::static_pointer_cast<::arrow::StringArray>(batch->column(0));
  for (int64_t row = 0; row < batch->num_rows(); ++row) {
    LogRecordEntry entry{batch, row};
    (*expected)[keys->GetString(row)] = RowText(entry);
    ASSERT_OK(map->Put(keys->GetView(row), entry));
  }
}

size_t FilesIn(const std::string& folder) {
  return static_cast<size_t>(std::distance(std::filesystem::directory_iterator(folder),
                                           std::filesystem::directory_iterator()));
}

TEST(LogRecordMapTest, InMemoryMapNeverSpills) {
  auto map = MakeInMemoryLogRecordMap();
  std::map<std::string, std::string> expected;
  PutAll(map.get(), MakeBatch(0, 1000, ""), &expected);
  EXPECT_EQ(map->size(), 1000u);
  EXPECT_EQ(map->stats().spilled_records, 0);
  ASSERT_OK_AND_ASSIGN(const LogRecordEntry* entry, map->Find("k999"));
  EXPECT_EQ(RowText(*entry), expected["k999"]);
}

TEST(LogRecordMapTest, RecordsBeyondTheBudgetSpillAndReadBackExactly) {
  ::hoodie::testing::TempDir spill;
  // One batch fits, the second (and third) do not.
  auto first = MakeBatch(0, 100, "");
  int64_t budget = ::arrow::util::TotalBufferSize(*first) + 1024;
  auto map = MakeSpillableLogRecordMap(budget, spill.path());
  std::map<std::string, std::string> expected;
  PutAll(map.get(), first, &expected);
  EXPECT_EQ(map->stats().spilled_records, 0);
  PutAll(map.get(), MakeBatch(100, 200, ""), &expected);
  EXPECT_EQ(map->stats().spilled_records, 200);
  EXPECT_LE(map->stats().memory_bytes, budget);
  EXPECT_GT(map->stats().spill_file_bytes, 0);
  // Updates of in-memory and spilled keys (the new batch no longer fits: all spill).
  PutAll(map.get(), MakeBatch(50, 100, "-updated"), &expected);
  EXPECT_EQ(map->stats().spilled_records, 300);
  ASSERT_OK(map->Put("k3", LogRecordEntry{nullptr, 0, /*deleted=*/true}));
  expected["k3"] = "<deleted>";
  ASSERT_OK(map->MarkMergedWithBase("k150"));

  EXPECT_EQ(map->size(), 300u);
  for (const auto& [key, text] : expected) {
    ASSERT_OK_AND_ASSIGN(const LogRecordEntry* entry, map->Find(key));
    ASSERT_NE(entry, nullptr) << key;
    EXPECT_EQ(entry->merged_with_base, key == "k150") << key;
    if (key == "k150") {
      EXPECT_EQ(entry->batch, nullptr);  // spilled and merged: not read back
      continue;
    }
    EXPECT_EQ(RowText(*entry), text) << key;
  }
  ASSERT_OK_AND_ASSIGN(const LogRecordEntry* missing, map->Find("k300"));
  EXPECT_EQ(missing, nullptr);
  // First-insertion order survives replacement and spilling.
  for (size_t i = 0; i < map->size(); ++i) {
    std::string_view key;
    ASSERT_OK_AND_ASSIGN(const LogRecordEntry* entry, map->EntryAt(i, &key));
    EXPECT_EQ(key, "k" + std::to_string(i));
    if (key != "k150") {
      EXPECT_EQ(RowText(*entry), expected[std::string(key)]);
    }
  }
  // The spill file was unlinked when created: nothing is left in the folder.
  EXPECT_EQ(FilesIn(spill.path()), 0u);
}

TEST(LogRecordMapTest, FindAllAndEntriesAtReadSpilledRecordsBackTogether) {
  ::hoodie::testing::TempDir spill;
  auto first = MakeBatch(0, 100, "");
  auto map = MakeSpillableLogRecordMap(::arrow::util::TotalBufferSize(*first) + 1024,
                                       spill.path());
  std::map<std::string, std::string> expected;
  PutAll(map.get(), first, &expected);
  PutAll(map.get(), MakeBatch(100, 200, ""), &expected);
  ASSERT_EQ(map->stats().spilled_records, 200);
  ASSERT_OK(map->MarkMergedWithBase("k150"));
  ASSERT_OK(map->Put("k160", LogRecordEntry{nullptr, 0, /*deleted=*/true}));

  std::vector<std::string_view> keys = {"k5",   "k150", "k120", "nope",
                                        "k199", "k120", "k160", "k7"};
  std::vector<const LogRecordEntry*> entries;
  ASSERT_OK(map->FindAll(keys, &entries));
  ASSERT_EQ(entries.size(), keys.size());
  EXPECT_EQ(entries[3], nullptr);
  for (size_t i : {0, 2, 4, 5, 7}) {
    ASSERT_NE(entries[i], nullptr) << keys[i];
    EXPECT_EQ(RowText(*entries[i]), expected[std::string(keys[i])]) << keys[i];
  }
  // Spilled and merged: not read back; a delete has no record.
  EXPECT_TRUE(entries[1]->merged_with_base);
  EXPECT_EQ(entries[1]->batch, nullptr);
  EXPECT_TRUE(entries[6]->deleted);
  // The spilled records share one read-back batch; in-memory ones keep theirs.
  EXPECT_EQ(entries[2]->batch, entries[4]->batch);
  EXPECT_EQ(entries[2]->batch->num_rows(), 3);
  EXPECT_EQ(entries[0]->batch, first);

  std::vector<std::string_view> at_keys;
  ASSERT_OK(map->EntriesAt(95, 10, &at_keys, &entries));
  ASSERT_EQ(entries.size(), 10u);
  for (size_t i = 0; i < entries.size(); ++i) {
    EXPECT_EQ(at_keys[i], "k" + std::to_string(95 + i));
    EXPECT_EQ(RowText(*entries[i]), expected[std::string(at_keys[i])]) << at_keys[i];
  }
  ASSERT_OK(map->EntriesAt(295, 10, &at_keys, &entries));  // clamped at the end
  EXPECT_EQ(entries.size(), 5u);
  EXPECT_EQ(at_keys.back(), "k299");
}

// FindAll answers most absent keys from a filter of the keys it holds: every held key
// is found among many absent ones, and keys put after a lookup are found by the next.
TEST(LogRecordMapTest, FindAllFindsEveryKeyAmongManyAbsentOnesAndLaterPuts) {
  auto map = MakeInMemoryLogRecordMap();
  std::map<std::string, std::string> expected;
  PutAll(map.get(), MakeBatch(0, 2000, ""), &expected);
  std::vector<std::string> texts;
  for (int64_t i = 0; i < 100000; ++i) texts.push_back("k" + std::to_string(i));
  auto lookup = [&](std::vector<const LogRecordEntry*>* entries) {
    std::vector<std::string_view> keys(texts.begin(), texts.end());
    ASSERT_OK(map->FindAll(keys, entries));
    ASSERT_EQ(entries->size(), keys.size());
  };
  std::vector<const LogRecordEntry*> entries;
  lookup(&entries);
  for (int64_t i = 0; i < 100000; ++i) {
    if (i < 2000) {
      ASSERT_NE(entries[i], nullptr) << i;
      EXPECT_EQ(RowText(*entries[i]), expected["k" + std::to_string(i)]);
    } else {
      ASSERT_EQ(entries[i], nullptr) << i;
    }
  }
  PutAll(map.get(), MakeBatch(50000, 10, "-late"), &expected);
  lookup(&entries);
  for (int64_t i = 50000; i < 50010; ++i) {
    ASSERT_NE(entries[i], nullptr) << i;
    EXPECT_EQ(RowText(*entries[i]), expected["k" + std::to_string(i)]);
  }
  EXPECT_EQ(entries[50010], nullptr);
}

TEST(LogRecordMapTest, ReplacingTheLastRecordOfABatchFreesItsBudget) {
  auto first = MakeBatch(0, 10, "");
  int64_t one_batch = ::arrow::util::TotalBufferSize(*first) + 1024;
  ::hoodie::testing::TempDir spill;
  auto map = MakeSpillableLogRecordMap(one_batch, spill.path());
  std::map<std::string, std::string> expected;
  PutAll(map.get(), first, &expected);
  int64_t used = map->stats().memory_bytes;
  EXPECT_GT(used, 0);
  // Deleting every key releases the batch, so the next one fits in memory again.
  for (int i = 0; i < 10; ++i) {
    ASSERT_OK(map->Put("k" + std::to_string(i), LogRecordEntry{nullptr, 0, true}));
  }
  EXPECT_EQ(map->stats().memory_bytes, 0);
  PutAll(map.get(), MakeBatch(0, 10, ""), &expected);
  EXPECT_EQ(map->stats().spilled_records, 0);
  EXPECT_EQ(map->stats().memory_bytes, used);
}

TEST(LogRecordMapTest, UnwritableSpillFolderIsAnIoErrorNamingTheKey) {
  auto map = MakeSpillableLogRecordMap(1, "/nonexistent-hoodie-spill-folder");
  auto batch = MakeBatch(0, 1, "");
  ::arrow::Status status = map->Put("k0", LogRecordEntry{batch, 0});
  ASSERT_TRUE(status.IsIOError()) << status.ToString();
  EXPECT_THAT(status.message(),
              ::testing::HasSubstr("/nonexistent-hoodie-spill-folder/hoodie-log-merge-"));
  EXPECT_THAT(status.message(), ::testing::HasSubstr("hoodie.memory.spillable.map.path"));
}

}  // namespace
}  // namespace hoodie::internal
