// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/cli/query_follow_test.cc
/// \brief Streaming and incremental reads (read.streaming.enabled, read.start-commit,
/// read.end-commit, read.streaming.skip_compaction): a StreamFollower checked between
/// `hoodie write` commits, and `hoodie query --follow` / the closed [start, end] range
/// end to end.
#include <chrono>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>
#include <vector>

#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <arrow/table.h>
#include <arrow/testing/gtest_util.h>
#include <nlohmann/json.hpp>

#include "hoodie/cli/cli_runner_test_util.h"
#include "hoodie/cli/table_loader.h"
#include "hoodie/cli/value_text.h"
#include "hoodie/read/stream_read.h"
#include "hoodie/testing/matchers.h"
#include "hoodie/testing/temp_dir.h"

namespace hoodie::cli {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;
using testing::CliResult;
using testing::kTableConf;
using testing::RunCli;

std::string Quote(const std::string& s) { return "'" + s + "'"; }

std::string Row(const std::string& id, const std::string& name, int ts,
                const std::string& part = "p1") {
  return "{\"id\":\"" + id + "\",\"name\":\"" + name + "\",\"ts\":" + std::to_string(ts) +
         ",\"part\":\"" + part + "\"}\n";
}

// One commit as the follower handed it out: "instant action" then "commit_time,id,name"
// per row.
using CommitText = std::vector<std::string>;

class QueryFollowTest : public ::testing::Test {
 protected:
  // Writes `rows` (JSON lines) with upsert and `conf`; returns the instant.
  std::string Write(const std::string& rows, const std::string& conf = "") {
    std::string input = dir_.Join("in" + std::to_string(++inputs_) + ".json");
    std::ofstream(input) << rows;
    CliResult result = RunCli("-o json write --table " + Quote(base_) +
                              " --op upsert --input " + Quote(input) + kTableConf + conf);
    EXPECT_EQ(result.exit_code, 0) << result.err;
    return nlohmann::json::parse(result.out)["instant"];
  }

  std::unique_ptr<StreamFollower> Follow(const std::vector<std::string>& keys) {
    HoodieConfig config;
    for (const std::string& key : keys) EXPECT_OK(config.AddHoodieConf(key));
    auto stream = StreamReadOptions::FromConfig(config);
    EXPECT_OK(stream.status());
    auto table = OpenTable(base_);
    EXPECT_OK(table.status());
    ReadOptions rows;
    rows.columns = {"_hoodie_commit_time", "id", "name"};
    auto follower = StreamFollower::Open(*table, *stream, rows);
    EXPECT_OK(follower.status());
    return follower.MoveValueUnsafe();
  }

  static std::vector<CommitText> Poll(StreamFollower* follower) {
    auto commits = follower->Poll();
    EXPECT_OK(commits.status());
    std::vector<CommitText> out;
    for (StreamCommit& commit : commits.ValueOr({})) {
      CommitText text = {commit.instant.timestamp + " " +
                         std::string(ActionName(commit.instant.action))};
      auto table = commit.rows->ToTable();
      EXPECT_OK(table.status());
      auto batch = (*table)->CombineChunksToBatch();
      EXPECT_OK(batch.status());
      for (int64_t row = 0; row < (*batch)->num_rows(); ++row) {
        std::string line;
        for (int c = 0; c < (*batch)->num_columns(); ++c) {
          line += (c > 0 ? "," : "") + ValueToText(*(*batch)->column(c), row);
        }
        text.push_back(line);
      }
      out.push_back(std::move(text));
    }
    return out;
  }

  CliResult Query(const std::string& args, const std::string& format = "csv") {
    return RunCli("query " + Quote(base_) + " --columns _hoodie_commit_time,id,name " +
                  "--format " + format + " " + args);
  }

  hoodie::testing::TempDir dir_;
  std::string base_ = dir_.Join("t");
  int inputs_ = 0;
};

constexpr char kMergeOnRead[] =
    " --hoodie-conf hoodie.datasource.write.table.type=MERGE_ON_READ";

// Flink's default start: the latest commit, then every commit as it completes, each
// once, with the rows it wrote.
TEST_F(QueryFollowTest, CopyOnWriteCommitsAreReadOnceInOrder) {
  std::string c1 = Write(Row("a", "x", 1) + Row("b", "y", 1));
  auto follower = Follow({});
  EXPECT_THAT(Poll(follower.get()),
              ElementsAre(CommitText{c1 + " commit", c1 + ",a,x", c1 + ",b,y"}));
  EXPECT_TRUE(Poll(follower.get()).empty());
  std::string c2 = Write(Row("a", "x2", 2));
  std::string c3 = Write(Row("c", "z", 3));
  EXPECT_THAT(Poll(follower.get()),
              ElementsAre(CommitText{c2 + " commit", c2 + ",a,x2"},
                          CommitText{c3 + " commit", c3 + ",c,z"}));
  EXPECT_TRUE(Poll(follower.get()).empty());
  std::string c4 = Write(Row("b", "y4", 4));
  EXPECT_THAT(Poll(follower.get()),
              ElementsAre(CommitText{c4 + " commit", c4 + ",b,y4"}));
  EXPECT_FALSE(follower->reached_end());
}

// A commit that completes after a later one (a "hollow" instant, as Flink calls it) is
// read when it completes, not skipped because a later instant was read first. Writer
// A is held before its commit (the hidden --pause-before-commit) while B commits.
TEST_F(QueryFollowTest, AnOlderCommitCompletingLaterIsStillRead) {
  const std::string occ =
      " --hoodie-conf hoodie.write.concurrency.mode=optimistic_concurrency_control"
      " --hoodie-conf hoodie.write.lock.provider="
      "org.apache.hudi.client.transaction.lock.FileSystemBasedLockProvider";
  std::string c0 = Write(Row("a", "x", 1), occ);
  auto follower = Follow({});
  EXPECT_EQ(Poll(follower.get()).size(), 1u);
  const std::string go = dir_.Join("go");
  std::string held;
  std::thread writer([&] {
    held = Write(Row("h", "held", 2, "p2"), occ + " --pause-before-commit " + Quote(go));
  });
  // A has written once an instant after c0 is inflight.
  auto pending = [&] {
    for (const auto& entry : std::filesystem::directory_iterator(base_ + "/.hoodie")) {
      const std::string name = entry.path().filename().string();
      if (name.ends_with(".inflight") && name.substr(0, name.find('.')) > c0) return true;
    }
    return false;
  };
  for (int i = 0; i < 6000 && !pending(); ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  ASSERT_TRUE(pending());
  std::string later = Write(Row("b", "y", 3, "p3"), occ);
  EXPECT_THAT(Poll(follower.get()),
              ElementsAre(CommitText{later + " commit", later + ",b,y"}));
  { std::ofstream(go) << "go"; }
  writer.join();
  ASSERT_LT(held, later);
  EXPECT_THAT(Poll(follower.get()),
              ElementsAre(CommitText{held + " commit", held + ",h,held"}));
  EXPECT_TRUE(Poll(follower.get()).empty());
}

// A table with no commit yet: the first commit to complete is the latest one.
TEST_F(QueryFollowTest, AnEmptyTableIsReadFromItsFirstCommit) {
  std::string c1 = Write(Row("a", "x", 1));
  ASSERT_EQ(RunCli("rollback --table " + Quote(base_) + " --instant " + c1).exit_code, 0);
  auto follower = Follow({});
  EXPECT_TRUE(Poll(follower.get()).empty());
  std::string c2 = Write(Row("b", "y", 2));
  EXPECT_THAT(Poll(follower.get()), ElementsAre(CommitText{c2 + " commit", c2 + ",b,y"}));
}

TEST_F(QueryFollowTest, StartCommitEarliestInstantOrLatest) {
  std::string c1 = Write(Row("a", "x", 1) + Row("b", "y", 1));
  std::string c2 = Write(Row("a", "x2", 2));
  std::string c3 = Write(Row("c", "z", 3));
  // earliest: the whole table as of the latest commit, merged, counted as 3 commits.
  auto earliest = Follow({"read.start-commit=earliest"});
  auto commits = earliest->Poll();
  ASSERT_OK(commits.status());
  ASSERT_EQ(commits->size(), 1u);
  EXPECT_EQ((*commits)[0].commits, 3);
  ASSERT_OK_AND_ASSIGN(auto table, (*commits)[0].rows->ToTable());
  EXPECT_EQ(table->num_rows(), 3);
  std::string c4 = Write(Row("b", "y4", 4));
  EXPECT_THAT(Poll(earliest.get()),
              ElementsAre(CommitText{c4 + " commit", c4 + ",b,y4"}));
  // An instant: the commits from it on, inclusive (the deprecated alias too).
  auto from_c2 = Follow({"read.streaming.start-commit=" + c2});
  EXPECT_THAT(Poll(from_c2.get()),
              ElementsAre(CommitText{c2 + " commit", c2 + ",a,x2"},
                          CommitText{c3 + " commit", c3 + ",c,z"},
                          CommitText{c4 + " commit", c4 + ",b,y4"}));
  // Unset: the latest commit.
  auto latest = Follow({});
  EXPECT_THAT(Poll(latest.get()), ElementsAre(CommitText{c4 + " commit", c4 + ",b,y4"}));
  // An end commit: nothing after it, and the follower knows it is done.
  auto until_c3 = Follow({"read.start-commit=" + c1, "read.end-commit=" + c3});
  auto read = Poll(until_c3.get());
  ASSERT_EQ(read.size(), 3u);
  EXPECT_EQ(read[2], (CommitText{c3 + " commit", c3 + ",c,z"}));
  EXPECT_TRUE(until_c3->reached_end());
}

TEST_F(QueryFollowTest, BadInstantsAreRefusedByKey) {
  HoodieConfig config;
  config.Set("read.start-commit", "yesterday");
  EXPECT_RAISES_WITH_MESSAGE_THAT(
      Invalid,
      HasSubstr("read.start-commit must be 'earliest' or an instant yyyyMMddHHmmss[SSS], "
                "got 'yesterday'"),
      StreamReadOptions::FromConfig(config));
  config.Set("read.start-commit", "20240102000000");
  config.Set("read.end-commit", "20240101000000");
  EXPECT_RAISES_WITH_MESSAGE_THAT(
      Invalid,
      HasSubstr("read.end-commit (20240101000000000) is before read.start-commit"),
      StreamReadOptions::FromConfig(config));
}

// Merge-on-read: each deltacommit's log records merged by key within the commit; an
// inline compaction is read (it wrote no row of its own: compacted rows keep their
// commit time) unless read.streaming.skip_compaction leaves it out.
TEST_F(QueryFollowTest, MergeOnReadDeltaCommitsAndCompaction) {
  const std::string conf = std::string(kMergeOnRead) +
                           " --hoodie-conf hoodie.compact.inline=true"
                           " --hoodie-conf hoodie.compact.inline.max.delta.commits=2";
  std::string c1 = Write(Row("a", "x", 1) + Row("b", "y", 1), conf);
  auto all = Follow({});
  auto skipping = Follow({"read.streaming.skip_compaction=true"});
  Poll(all.get());
  Poll(skipping.get());
  std::string c2 = Write(Row("a", "x2", 2) + Row("a", "x3", 3) + Row("b", "y2", 2), conf);
  std::string c3 = Write(Row("c", "z", 4), conf);
  ASSERT_OK_AND_ASSIGN(auto table, OpenTable(base_));
  ASSERT_OK_AND_ASSIGN(auto timeline, table->ReloadActiveTimeline());
  auto compactions = timeline.timeline().GetCommitTimeline().FilterCompleted();
  ASSERT_EQ(compactions.Count(), 1u);
  std::string compaction = compactions.FirstInstant()->timestamp;
  ASSERT_GT(compaction, c2);
  ASSERT_LT(compaction, c3);
  CommitText delta2 = {c2 + " deltacommit", c2 + ",a,x3", c2 + ",b,y2"};
  CommitText delta3 = {c3 + " deltacommit", c3 + ",c,z"};
  EXPECT_THAT(Poll(all.get()),
              ElementsAre(delta2, CommitText{compaction + " commit"}, delta3));
  EXPECT_THAT(Poll(skipping.get()), ElementsAre(delta2, delta3));
}

// A follower the cleaner overtook fails with the incremental read's retention error
// rather than skipping the commit whose files are gone.
TEST_F(QueryFollowTest, FollowerBehindTheCleanerFails) {
  const std::string conf = " --hoodie-conf hoodie.cleaner.commits.retained=1";
  Write(Row("a", "x", 1), conf);
  auto follower = Follow({});
  EXPECT_EQ(Poll(follower.get()).size(), 1u);
  std::string c2 = Write(Row("a", "x2", 2), conf);
  Write(Row("a", "x3", 3), conf);
  Write(Row("a", "x4", 4), conf);
  auto behind = follower->Poll();
  ASSERT_RAISES(IOError, behind);
  EXPECT_THAT(behind.status().message(),
              HasSubstr("incremental read of [" + c2 + ", " + c2 + "] needs p1/"));
  EXPECT_THAT(behind.status().message(),
              HasSubstr("which a commit in the range wrote but the cleaner has deleted"));
}

// Commits archived before a follower reached them are an error, not a silent gap.
TEST_F(QueryFollowTest, StartBeforeArchivedCommitsFails) {
  const std::string conf =
      " --hoodie-conf hoodie.cleaner.commits.retained=1"
      " --hoodie-conf hoodie.keep.min.commits=2 --hoodie-conf hoodie.keep.max.commits=3"
      // Archival waits for the metadata table's first compaction; without it, none.
      " --hoodie-conf hoodie.metadata.enable=false";
  std::string c1 = Write(Row("a", "x", 1), conf);
  for (int i = 2; i <= 6; ++i) Write(Row("a", "x" + std::to_string(i), i), conf);
  CliResult clean = RunCli("clean --table " + Quote(base_) + conf);
  ASSERT_EQ(clean.exit_code, 0) << clean.err;
  CliResult archive = RunCli("archive --table " + Quote(base_) + conf);
  ASSERT_EQ(archive.exit_code, 0) << archive.err;
  ASSERT_OK_AND_ASSIGN(auto table, OpenTable(base_));
  ASSERT_OK_AND_ASSIGN(auto timeline, table->ReloadActiveTimeline());
  ASSERT_GT(timeline.timeline().GetCommitsTimeline().FirstInstant()->timestamp, c1);
  auto follower = Follow({"read.start-commit=" + c1});
  auto behind = follower->Poll();
  EXPECT_RAISES_WITH_MESSAGE_THAT(
      Invalid,
      HasSubstr("the streaming read fell behind the archiver: commit " + c1 +
                " (and maybe later ones) was archived"),
      behind);
}

// `hoodie query --follow` prints each commit's rows (CSV: one header) and stops after
// --max-commits or at read.end-commit; without --follow the read.* keys read the
// closed range [start, end], and end alone time-travels.
TEST_F(QueryFollowTest, QueryFollowAndClosedRange) {
  std::string c1 = Write(Row("a", "x", 1) + Row("b", "y", 1));
  std::string c2 = Write(Row("a", "x2", 2));
  std::string c3 = Write(Row("c", "z", 3));
  CliResult follow = Query("--follow --hoodie-conf read.start-commit=" + c2 +
                           " --max-commits 2"
                           " --hoodie-conf read.streaming.check-interval=1");
  ASSERT_EQ(follow.exit_code, 0) << follow.err;
  EXPECT_EQ(follow.out, "_hoodie_commit_time,id,name\n" + c2 + ",a,x2\n" + c3 + ",c,z\n");
  EXPECT_THAT(follow.err, HasSubstr("follow: read " + c2 + " commit\nfollow: read " + c3 +
                                    " commit\n"));
  CliResult by_key = Query("--hoodie-conf read.streaming.enabled=true"
                           " --hoodie-conf read.start-commit=" + c1 +
                           " --hoodie-conf read.end-commit=" + c2,
                           "json");
  ASSERT_EQ(by_key.exit_code, 0) << by_key.err;
  EXPECT_EQ(by_key.out,
            "{\"_hoodie_commit_time\": \"" + c1 + "\", \"id\": \"a\", \"name\": \"x\"}\n"
            "{\"_hoodie_commit_time\": \"" + c1 + "\", \"id\": \"b\", \"name\": \"y\"}\n"
            "{\"_hoodie_commit_time\": \"" + c2 +
                "\", \"id\": \"a\", \"name\": \"x2\"}\n");

  // [c2, c3] holds both commits; the datasource's (c2, c3] only the second.
  CliResult closed = Query("--hoodie-conf read.start-commit=" + c2 +
                           " --hoodie-conf read.end-commit=" + c3);
  ASSERT_EQ(closed.exit_code, 0) << closed.err;
  EXPECT_EQ(closed.out, "_hoodie_commit_time,id,name\n" + c2 + ",a,x2\n" + c3 + ",c,z\n");
  CliResult open = Query("--query-type incremental --begin " + c2 + " --end " + c3);
  EXPECT_EQ(open.out, "_hoodie_commit_time,id,name\n" + c3 + ",c,z\n");
  CliResult as_of = Query("--hoodie-conf read.end-commit=" + c2);
  ASSERT_EQ(as_of.exit_code, 0) << as_of.err;
  EXPECT_EQ(as_of.out, "_hoodie_commit_time,id,name\n" + c2 + ",a,x2\n" + c1 + ",b,y\n");

  CliResult both = Query("--hoodie-conf read.start-commit=" + c2 + " --begin " + c1 +
                         " --query-type incremental");
  EXPECT_EQ(both.exit_code, 1);
  EXPECT_THAT(both.err, HasSubstr("read.start-commit / read.end-commit choose the read "
                                  "range themselves"));
  CliResult parquet = Query("--follow --out " + dir_.Join("x.parquet"), "parquet");
  EXPECT_EQ(parquet.exit_code, 1);
  EXPECT_THAT(parquet.err, HasSubstr("--follow prints rows as commits complete"));
}

}  // namespace
}  // namespace hoodie::cli
