// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/read/file_system_view_test.cc
/// \brief Visibility rules of the file system view and the reader on tables written by
/// the test: pending instants, replaced groups, timeline start, pending compaction,
/// footer pruning, partition filters.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "hoodie/read/hand_built_table_test_util.h"
#include "hoodie/table/file_system_view.h"
#include "hoodie/table/table_meta_client.h"
#include "hoodie/testing/matchers.h"

namespace hoodie {
namespace {

using testing::HandBuiltTable;
using testing::ReadKeyRows;
using Rows = std::vector<std::vector<std::string>>;

constexpr char kC1[] = "20240101000000000";
constexpr char kC2[] = "20240102000000000";
constexpr char kC3[] = "20240103000000000";
constexpr char kC4[] = "20240104000000000";

std::vector<std::string> Names(const std::vector<BaseFile>& files) {
  std::vector<std::string> names;
  for (const BaseFile& file : files) names.push_back(file.file_name);
  return names;
}

::arrow::Result<std::shared_ptr<const FileSystemView>> View(
    const HandBuiltTable& table, std::vector<std::string> partitions = {}) {
  ARROW_ASSIGN_OR_RAISE(auto client, table.Client());
  FileSystemViewOptions options;
  options.partition_filters = std::move(partitions);
  return FileSystemView::Load(*client, options);
}

TEST(PartitionMatchesTest, ExactOrBelowAtSlash) {
  EXPECT_TRUE(PartitionMatches("a=1/b=2", {}));
  EXPECT_TRUE(PartitionMatches("a=1/b=2", {"a=1"}));
  EXPECT_TRUE(PartitionMatches("a=1/b=2", {"a=1/b=2/"}));
  EXPECT_FALSE(PartitionMatches("a=10/b=2", {"a=1"}));
  EXPECT_FALSE(PartitionMatches("a=1", {"a=1/b=2"}));
}

TEST(FileSystemViewTest, PendingInstantFilesAreInvisibleUntilCompleted) {
  HandBuiltTable table;
  ASSERT_OK(table.Init());
  ASSERT_OK(table.WriteBase("p1", "fg1", kC1, {{"k1", "a", kC1}, {"k2", "b", kC1}}));
  ASSERT_OK(table.AddInstant(kC1, Action::kCommit, State::kCompleted, {{"p1", "fg1"}}));
  ASSERT_OK(table.WriteBase("p1", "fg1", kC2, {{"k1", "a2", kC2}, {"k2", "b", kC1}}));
  ASSERT_OK(table.WriteBase("p1", "fg2", kC2, {{"k3", "c", kC2}}));
  ASSERT_OK(table.AddInstant(kC2, Action::kCommit, State::kInflight, {}));

  ASSERT_OK_AND_ASSIGN(auto view, View(table));
  EXPECT_EQ(Names(view->LatestBaseFiles()),
            (std::vector<std::string>{"fg1_0-1-1_20240101000000000.parquet"}));
  ASSERT_OK_AND_ASSIGN(auto reader, table.Reader());
  ASSERT_OK_AND_ASSIGN(Rows rows, ReadKeyRows(*reader, ReadOptions()));
  EXPECT_EQ(rows, (Rows{{"k1", "a", kC1}, {"k2", "b", kC1}}));

  // Completing the commit makes both of its files visible; time travel still sees c1.
  ASSERT_OK_AND_ASSIGN(auto client, table.Client());
  ASSERT_OK_AND_ASSIGN(ActiveTimeline timeline,
                       ActiveTimeline::Load(client->storage(), client->meta_path()));
  ASSERT_OK(timeline
                .TransitionToComplete(Instant{kC2, Action::kCommit, State::kInflight},
                                      CommitMetadata().ToJson())
                .status());
  ASSERT_OK_AND_ASSIGN(view, View(table));
  EXPECT_EQ(Names(view->LatestBaseFiles()),
            (std::vector<std::string>{"fg1_0-1-1_20240102000000000.parquet",
                                      "fg2_0-1-1_20240102000000000.parquet"}));
  EXPECT_EQ(Names(view->LatestBaseFiles(kC1)),
            (std::vector<std::string>{"fg1_0-1-1_20240101000000000.parquet"}));
  EXPECT_TRUE(view->LatestBaseFiles("20231231000000000").empty());
}

TEST(FileSystemViewTest, ReplacedGroupsAreHiddenFromTheReplaceInstantOn) {
  HandBuiltTable table;
  ASSERT_OK(table.Init());
  ASSERT_OK(table.WriteBase("p1", "fg1", kC1, {{"k1", "a", kC1}}));
  ASSERT_OK(table.WriteBase("p1", "fg2", kC1, {{"k2", "b", kC1}}));
  ASSERT_OK(table.AddInstant(kC1, Action::kCommit, State::kCompleted,
                             {{"p1", "fg1"}, {"p1", "fg2"}}));
  ASSERT_OK(table.WriteBase("p1", "fg3", kC2, {{"k1", "a3", kC2}}));
  ASSERT_OK(table.AddInstant(kC2, Action::kReplaceCommit, State::kCompleted,
                             {{"p1", "fg3"}}, {{"p1", "fg1"}}));
  // A pending replacecommit (e.g. clustering) neither shows its file nor hides fg2.
  ASSERT_OK(table.WriteBase("p1", "fg4", kC3, {{"k2", "b4", kC3}}));
  ASSERT_OK(table.AddInstant(kC3, Action::kReplaceCommit, State::kInflight, {}));

  ASSERT_OK_AND_ASSIGN(auto view, View(table));
  EXPECT_TRUE(view->IsReplaced({"p1", "fg1"}));
  EXPECT_FALSE(view->IsReplaced({"p1", "fg1"}, kC1));
  EXPECT_FALSE(view->IsReplaced({"p1", "fg2"}));
  EXPECT_EQ(Names(view->LatestBaseFiles()),
            (std::vector<std::string>{"fg2_0-1-1_20240101000000000.parquet",
                                      "fg3_0-1-1_20240102000000000.parquet"}));
  EXPECT_EQ(Names(view->LatestBaseFiles(kC1)),
            (std::vector<std::string>{"fg1_0-1-1_20240101000000000.parquet",
                                      "fg2_0-1-1_20240101000000000.parquet"}));

  ASSERT_OK_AND_ASSIGN(auto reader, table.Reader());
  ASSERT_OK_AND_ASSIGN(Rows rows, ReadKeyRows(*reader, ReadOptions()));
  EXPECT_EQ(rows, (Rows{{"k1", "a3", kC2}, {"k2", "b", kC1}}));
  ReadOptions incremental;
  incremental.query_type = QueryType::kIncremental;
  incremental.begin = kC1;
  ASSERT_OK_AND_ASSIGN(rows, ReadKeyRows(*reader, incremental));
  EXPECT_EQ(rows, (Rows{{"k1", "a3", kC2}}));
  incremental.begin = "0";
  incremental.end = kC1;
  ASSERT_OK_AND_ASSIGN(rows, ReadKeyRows(*reader, incremental));
  EXPECT_EQ(rows, (Rows{{"k1", "a", kC1}, {"k2", "b", kC1}}));
}

TEST(FileSystemViewTest, FilesBeforeTheTimelineStartAreVisibleLaterStraysAreNot) {
  HandBuiltTable table;
  ASSERT_OK(table.Init());
  // fg0 was written by an instant archived long ago; fg9 by a failed write after c1
  // that left no instant file.
  ASSERT_OK(table.WriteBase("p1", "fg0", "20231201000000000",
                            {{"k0", "old", "20231201000000000"}}));
  ASSERT_OK(table.WriteBase("p1", "fg1", kC1, {{"k1", "a", kC1}}));
  ASSERT_OK(table.AddInstant(kC1, Action::kCommit, State::kCompleted, {{"p1", "fg1"}}));
  ASSERT_OK(table.WriteBase("p1", "fg9", "20240101120000000",
                            {{"k9", "stray", "20240101120000000"}}));
  ASSERT_OK(table.WriteBase("p1", "fg2", kC2, {{"k2", "b", kC2}}));
  ASSERT_OK(table.AddInstant(kC2, Action::kCommit, State::kCompleted, {{"p1", "fg2"}}));

  ASSERT_OK_AND_ASSIGN(auto view, View(table));
  EXPECT_EQ(Names(view->LatestBaseFiles()),
            (std::vector<std::string>{"fg0_0-1-1_20231201000000000.parquet",
                                      "fg1_0-1-1_20240101000000000.parquet",
                                      "fg2_0-1-1_20240102000000000.parquet"}));
  EXPECT_EQ(view->NumFileGroups(), 4u);
}

TEST(FileSystemViewTest, PendingCompactionMergesWithThePreviousSlice) {
  HandBuiltTable table(TableType::kMergeOnRead);
  ASSERT_OK(table.Init());
  ASSERT_OK(table.WriteBase("p1", "fgA", kC1, {{"k1", "a", kC1}}));
  ASSERT_OK(table.AddInstant(kC1, Action::kDeltaCommit, State::kCompleted,
                             {{"p1", "fgA"}}));
  ASSERT_OK_AND_ASSIGN(std::string log1, table.WriteLog("p1", "fgA", kC1, 1));
  ASSERT_OK(table.AddInstant(kC2, Action::kDeltaCommit, State::kCompleted,
                             {{"p1", "fgA"}}));
  // Compaction c3 is scheduled and its base file half written; c4 logs into slice c3.
  ASSERT_OK(table.AddInstant(kC3, Action::kCompaction, State::kInflight, {}));
  ASSERT_OK(table.WriteBase("p1", "fgA", kC3, {{"k1", "a", kC1}}));
  ASSERT_OK_AND_ASSIGN(std::string log3, table.WriteLog("p1", "fgA", kC3, 1));
  ASSERT_OK(table.AddInstant(kC4, Action::kDeltaCommit, State::kCompleted,
                             {{"p1", "fgA"}}));

  ASSERT_OK_AND_ASSIGN(auto view, View(table));
  std::vector<FileSlice> slices = view->LatestFileSlices();
  ASSERT_EQ(slices.size(), 1u);
  EXPECT_EQ(slices[0].base_instant, kC1);
  ASSERT_TRUE(slices[0].base_file.has_value());
  EXPECT_EQ(slices[0].base_file->file_name, "fgA_0-1-1_20240101000000000.parquet");
  ASSERT_EQ(slices[0].log_files.size(), 2u);
  EXPECT_EQ(slices[0].log_files[0].file_name, log1);
  EXPECT_EQ(slices[0].log_files[1].file_name, log3);
  EXPECT_EQ(Names(view->LatestBaseFiles()),
            (std::vector<std::string>{"fgA_0-1-1_20240101000000000.parquet"}));
  std::vector<FileSlice> before = view->LatestFileSlices(kC2);
  ASSERT_EQ(before.size(), 1u);
  EXPECT_EQ(before[0].log_files.size(), 1u);

  ASSERT_OK_AND_ASSIGN(auto reader, table.Reader());
  // The hand-built logs hold only a magic (a block cut short): corrupt, so skipped.
  ASSERT_OK_AND_ASSIGN(Rows snapshot, ReadKeyRows(*reader, ReadOptions()));
  EXPECT_EQ(snapshot, (Rows{{"k1", "a", kC1}}));
  ReadOptions read_optimized;
  read_optimized.query_type = QueryType::kReadOptimized;
  ASSERT_OK_AND_ASSIGN(Rows rows, ReadKeyRows(*reader, read_optimized));
  EXPECT_EQ(rows, (Rows{{"k1", "a", kC1}}));
}

TEST(TableReaderHandBuiltTest, RecordKeyEqualityIsPrunedByTheFooterRange) {
  HandBuiltTable table;
  ASSERT_OK(table.Init());
  // The footer claims keys x..y, so a lookup of k1 must skip the file unread.
  ASSERT_OK(table.WriteBase("p1", "fg1", kC1, {{"k1", "a", kC1}},
                            std::make_pair(std::string("x"), std::string("y"))));
  ASSERT_OK(table.WriteBase("p2", "fg2", kC1, {{"k2", "b", kC1}}));
  ASSERT_OK(table.AddInstant(kC1, Action::kCommit, State::kCompleted,
                             {{"p1", "fg1"}, {"p2", "fg2"}}));
  ASSERT_OK_AND_ASSIGN(auto reader, table.Reader());
  ReadOptions options;
  options.filters = {{"_hoodie_record_key", CompareOp::kEqual, "k1"}};
  ASSERT_OK_AND_ASSIGN(Rows rows, ReadKeyRows(*reader, options));
  EXPECT_TRUE(rows.empty());
  options.filters = {{"name", CompareOp::kEqual, "a"}};
  ASSERT_OK_AND_ASSIGN(rows, ReadKeyRows(*reader, options));
  EXPECT_EQ(rows, (Rows{{"k1", "a", kC1}}));
  options.filters = {{"_hoodie_record_key", CompareOp::kEqual, "k2"}};
  ASSERT_OK_AND_ASSIGN(rows, ReadKeyRows(*reader, options));
  EXPECT_EQ(rows, (Rows{{"k2", "b", kC1}}));

  ReadOptions partitions;
  partitions.partitions = {"p2"};
  ASSERT_OK_AND_ASSIGN(rows, ReadKeyRows(*reader, partitions));
  EXPECT_EQ(rows, (Rows{{"k2", "b", kC1}}));
  ReadOptions limited;
  limited.limit = 1;
  ASSERT_OK_AND_ASSIGN(rows, ReadKeyRows(*reader, limited));
  EXPECT_EQ(rows.size(), 1u);
}

}  // namespace
}  // namespace hoodie
