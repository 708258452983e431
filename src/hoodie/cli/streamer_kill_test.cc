// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/cli/streamer_kill_test.cc
/// \brief `hoodie streamer --continuous` killed with SIGKILL at random points, 100
/// times, into a merge-on-read table with background compaction and cleaning: after
/// every kill the table holds exactly the records of the input files up to its committed
/// checkpoint (nothing lost, nothing duplicated, never a file half-read), and a last
/// run ends with every record.
#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <map>
#include <random>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "hoodie/cli/cli_runner_test_util.h"
#include "hoodie/cli/streamer_run_test_util.h"
#include "hoodie/storage/storage.h"
#include "hoodie/testing/matchers.h"
#include "hoodie/testing/temp_dir.h"

namespace hoodie::cli {
namespace {

using testing::KillAfter;
using testing::QuotedArgs;
using testing::ReadStreamedTable;
using testing::RunCli;
using testing::SetModificationTime;
using testing::SpawnQuiet;
using testing::StreamedTable;

constexpr int kFiles = 24;
constexpr int kKeys = 60;

struct Record {
  std::string id;
  int64_t ts;
  int64_t value;
};

// File f updates keys f*7 .. f*7+29 (mod kKeys): overlapping rounds of upserts.
std::vector<Record> FileRecords(int f) {
  std::vector<Record> out;
  for (int i = 0; i < 30; ++i) {
    int key = (f * 7 + i) % kKeys;
    out.push_back({"k" + std::to_string(key), f, f * 1000 + i});
  }
  return out;
}

int64_t FileMtime(int f) { return 1767225600000 + f * 1000; }

// id -> value after the files modified at or before `checkpoint`.
std::map<std::string, int64_t> Model(int64_t checkpoint) {
  std::map<std::string, int64_t> out;
  for (int f = 0; f < kFiles && FileMtime(f) <= checkpoint; ++f) {
    for (const Record& r : FileRecords(f)) out[r.id] = r.value;
  }
  return out;
}

TEST(StreamerKillTest, KilledAtRandomHundredTimesLosesAndDuplicatesNothing) {
  hoodie::testing::TempDir dir;
  std::string in = dir.Join("in");
  ASSERT_OK(Storage::Local()->CreateDir(in));
  for (int f = 0; f < kFiles; ++f) {
    std::string path = in + "/" + std::to_string(100 + f) + ".json";
    std::ofstream out(path);
    for (const Record& r : FileRecords(f)) {
      out << R"({"id":")" << r.id << R"(","part":"p)" << (r.value % 3) << R"(","ts":)" << r.ts
          << R"(,"value":)" << r.value << "}\n";
    }
    out.close();
    SetModificationTime(path, FileMtime(f));
  }
  {
    std::ofstream schema(dir.Join("s.avsc"));
    schema << R"({"type":"record","name":"r","fields":[{"name":"id","type":"string"},)"
              R"({"name":"part","type":"string"},{"name":"ts","type":"long"},)"
              R"({"name":"value","type":"long"}]})";
  }
  // About one file per round: a limit above any file and below two files.
  int64_t largest = 0;
  for (int f = 0; f < kFiles; ++f) {
    largest = std::max<int64_t>(largest, std::filesystem::file_size(in + "/" + std::to_string(100 + f) + ".json"));
  }
  std::string base = dir.Join("t");
  std::vector<std::string> args = {
      HOODIE_CLI_PATH, "streamer", "--continuous", "--target-base-path", base,
      "--target-table", "t", "--table-type", "MERGE_ON_READ", "--schemaprovider-class",
      "FilebasedSchemaProvider",
      "--source-limit", std::to_string(largest * 3 / 2),
      "--hoodie-conf", "hoodie.deltastreamer.source.dfs.root=" + in,
      "--hoodie-conf", "hoodie.deltastreamer.schemaprovider.source.schema.file=" + dir.Join("s.avsc"),
      "--hoodie-conf", "hoodie.datasource.write.recordkey.field=id",
      "--hoodie-conf", "hoodie.datasource.write.partitionpath.field=part",
      "--hoodie-conf", "hoodie.compact.inline.max.delta.commits=2",
      "--hoodie-conf", "hoodie.cleaner.commits.retained=2",
      "--hoodie-conf", "hoodie.clean.async=true"};
  std::mt19937 random(20261202);
  std::uniform_int_distribution<int> delay_ms(20, 400);
  int64_t last_checkpoint = INT64_MIN;
  for (int kill = 0; kill < 100; ++kill) {
    SCOPED_TRACE("kill " + std::to_string(kill));
    ASSERT_NO_FATAL_FAILURE(
        KillAfter(SpawnQuiet(args), std::chrono::milliseconds(delay_ms(random))));
    StreamedTable state = ReadStreamedTable(base);
    // The checkpoint never goes back, and the rows are exactly the files it covers.
    ASSERT_GE(state.checkpoint, last_checkpoint);
    last_checkpoint = state.checkpoint;
    std::map<std::string, int64_t> expected = Model(state.checkpoint);
    ASSERT_EQ(state.rows, expected);
    ASSERT_EQ(state.row_count, static_cast<int64_t>(expected.size())) << "duplicate keys";
    if (state.checkpoint == FileMtime(kFiles - 1)) {
      // Every file is in: start over on a new table, so that all kills land mid-stream.
      ASSERT_EQ(state.row_count, kKeys);
      ASSERT_OK(Storage::Local()->DeleteDir(base));
      last_checkpoint = INT64_MIN;
    }
  }
  // A last bounded run takes the rest.
  auto done = RunCli(QuotedArgs(args) + "--max-rounds " + std::to_string(kFiles + 2));
  ASSERT_EQ(done.exit_code, 0) << done.err;
  StreamedTable final_state = ReadStreamedTable(base);
  EXPECT_EQ(final_state.checkpoint, FileMtime(kFiles - 1));
  EXPECT_EQ(final_state.rows, Model(FileMtime(kFiles - 1)));
  EXPECT_EQ(final_state.row_count, kKeys);
}

}  // namespace
}  // namespace hoodie::cli
