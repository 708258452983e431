// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/cli/streamer_model_test.cc
/// \brief Model-based streamer runs: random JSON files of upserts and deletes arrive
/// while `hoodie streamer` ingests them in single rounds (with random source limits) and
/// in continuous runs killed with SIGKILL at random points, into copy-on-write and
/// merge-on-read tables. After every round the checkpoint is the one DFSPathSelector's
/// rule gives and the rows are the model's; after every kill the rows are the model's at
/// whatever checkpoint the table holds.
#include <signal.h>
#include <sys/wait.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <limits>
#include <map>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include <gtest/gtest.h>

#include "hoodie/cli/cli_runner_test_util.h"
#include "hoodie/cli/streamer_run_test_util.h"
#include "hoodie/storage/storage.h"
#include "hoodie/testing/matchers.h"
#include "hoodie/testing/temp_dir.h"

namespace hoodie::cli {
namespace {

using testing::QuotedArgs;
using testing::ReadStreamedTable;
using testing::RunCli;
using testing::SetModificationTime;
using testing::SpawnQuiet;
using testing::StreamedTable;

constexpr int kKeys = 40;
constexpr int64_t kFirstMtime = 1767225600000;  // 2026-01-01, a second per file

struct Change {
  int key = 0;
  int64_t value = 0;
  bool is_delete = false;
};

struct InputFile {
  int64_t mtime = 0;
  int64_t size = 0;
  std::vector<Change> changes;
};

// The input folder and what it holds, in arrival (= modification time) order.
class Input {
 public:
  explicit Input(std::string dir) : dir_(std::move(dir)) {}

  // A new file of 1..15 changes to distinct random keys, a fifth of them deletes. Its
  // ordering value (ts) is the file's number, so every later file wins, however rounds
  // group the files.
  void AddRandomFile(std::mt19937& random) {
    InputFile file;
    file.mtime = kFirstMtime + static_cast<int64_t>(files_.size()) * 1000;
    std::vector<int> keys(kKeys);
    for (int k = 0; k < kKeys; ++k) keys[k] = k;
    std::shuffle(keys.begin(), keys.end(), random);
    int count = std::uniform_int_distribution<int>(1, 15)(random);
    std::string path = dir_ + "/" + std::to_string(1000 + files_.size()) + ".json";
    std::ofstream out(path);
    for (int i = 0; i < count; ++i) {
      Change change{keys[i], static_cast<int64_t>(files_.size()) * 100 + i,
                    std::uniform_int_distribution<int>(0, 4)(random) == 0};
      out << R"({"id":"k)" << change.key << R"(","part":"p)" << change.key % 3
          << R"(","ts":)" << files_.size() << R"(,"value":)" << change.value
          << R"(,"_hoodie_is_deleted":)" << (change.is_delete ? "true" : "false") << "}\n";
      file.changes.push_back(change);
    }
    out.close();
    SetModificationTime(path, file.mtime);
    file.size = static_cast<int64_t>(std::filesystem::file_size(path));
    files_.push_back(std::move(file));
  }

  // DFSPathSelector's choice after `checkpoint` under `limit`: the newest modification
  // time it takes (every time is distinct here), or the checkpoint when it takes none.
  int64_t NextCheckpoint(int64_t checkpoint, int64_t limit) const {
    int64_t bytes = 0;
    int64_t next = checkpoint;
    for (const InputFile& file : files_) {
      if (file.mtime <= checkpoint) continue;
      if (file.size >= limit - bytes) break;
      bytes += file.size;
      next = file.mtime;
    }
    return next;
  }

  // id -> value after every file up to `checkpoint`.
  std::map<std::string, int64_t> Model(int64_t checkpoint) const {
    std::map<std::string, int64_t> out;
    for (const InputFile& file : files_) {
      if (file.mtime > checkpoint) break;
      for (const Change& change : file.changes) {
        std::string id = "k" + std::to_string(change.key);
        if (change.is_delete) {
          out.erase(id);
        } else {
          out[id] = change.value;
        }
      }
    }
    return out;
  }

  bool IsFileTime(int64_t checkpoint) const {
    for (const InputFile& file : files_) {
      if (file.mtime == checkpoint) return true;
    }
    return false;
  }

  int64_t LargestFile() const {
    int64_t out = 0;
    for (const InputFile& file : files_) out = std::max(out, file.size);
    return out;
  }

 private:
  std::string dir_;
  std::vector<InputFile> files_;
};

class StreamerModelTest : public ::testing::TestWithParam<const char*> {};

TEST_P(StreamerModelTest, RoundsAndKillsMatchTheModelAfterEveryStep) {
  hoodie::testing::TempDir dir;
  std::string in = dir.Join("in");
  ASSERT_OK(Storage::Local()->CreateDir(in));
  {
    std::ofstream schema(dir.Join("s.avsc"));
    schema << R"({"type":"record","name":"r","fields":[{"name":"id","type":"string"},)"
              R"({"name":"part","type":"string"},{"name":"ts","type":"long"},)"
              R"({"name":"value","type":"long"},)"
              R"({"name":"_hoodie_is_deleted","type":"boolean","default":false}]})";
  }
  std::string base = dir.Join("t");
  const std::vector<std::string> common = {
      HOODIE_CLI_PATH, "streamer", "--target-base-path", base, "--target-table", "t",
      "--table-type", GetParam(), "--schemaprovider-class", "FilebasedSchemaProvider",
      "--source-ordering-field", "ts",
      "--hoodie-conf", "hoodie.deltastreamer.source.dfs.root=" + in,
      "--hoodie-conf", "hoodie.deltastreamer.schemaprovider.source.schema.file=" + dir.Join("s.avsc"),
      "--hoodie-conf", "hoodie.datasource.write.recordkey.field=id",
      "--hoodie-conf", "hoodie.datasource.write.partitionpath.field=part",
      "--hoodie-conf", "hoodie.compact.inline.max.delta.commits=2",
      "--hoodie-conf", "hoodie.cleaner.commits.retained=2",
      "--hoodie-conf", "hoodie.keep.min.commits=3",
      "--hoodie-conf", "hoodie.keep.max.commits=4",
      "--hoodie-conf", "hoodie.clean.async=true"};
  Input input(in);
  std::mt19937 random(GetParam()[0] == 'C' ? 1202 : 2026);
  std::uniform_int_distribution<int> action(0, 9);
  std::uniform_int_distribution<int> delay_ms(20, 300);
  int64_t checkpoint = std::numeric_limits<int64_t>::min();
  int rounds = 0;
  int kills = 0;
  for (int step = 0; step < 80; ++step) {
    SCOPED_TRACE("step " + std::to_string(step));
    int what = action(random);
    if (what < 4) {
      input.AddRandomFile(random);
      continue;
    }
    if (what < 8) {
      // One round under a limit of about one or two files, or none.
      int64_t limit = std::numeric_limits<int64_t>::max();
      if (what < 6) limit = input.LargestFile() * (what == 4 ? 1 : 2) + 1;
      std::string command = QuotedArgs(common);
      if (limit != std::numeric_limits<int64_t>::max()) {
        command += "--source-limit " + std::to_string(limit);
      }
      auto round = RunCli(command);
      ASSERT_EQ(round.exit_code, 0) << round.err;
      ++rounds;
      int64_t expected = input.NextCheckpoint(checkpoint, limit);
      StreamedTable state = ReadStreamedTable(base);
      ASSERT_EQ(state.checkpoint, expected) << round.err;
      checkpoint = state.checkpoint;
      ASSERT_EQ(state.rows, input.Model(checkpoint)) << round.err;
      ASSERT_EQ(state.row_count, static_cast<int64_t>(state.rows.size())) << "duplicate keys";
      continue;
    }
    // A continuous run killed at a random point, its compactions run asynchronously
    // (merge-on-read): keys deleted and written again while a compaction of their file
    // group is pending must stay single (write/compaction_dropped_keys.cc).
    std::vector<std::string> args = common;
    args.push_back("--continuous");
    args.push_back("--source-limit");
    args.push_back(std::to_string(input.LargestFile() + 1));
    pid_t pid = SpawnQuiet(args);
    std::this_thread::sleep_for(std::chrono::milliseconds(delay_ms(random)));
    ::kill(pid, SIGKILL);
    int status = 0;
    ASSERT_EQ(waitpid(pid, &status, 0), pid);
    ++kills;
    StreamedTable state = ReadStreamedTable(base);
    ASSERT_GE(state.checkpoint, checkpoint);
    if (state.checkpoint != checkpoint) ASSERT_TRUE(input.IsFileTime(state.checkpoint));
    checkpoint = state.checkpoint;
    ASSERT_EQ(state.rows, input.Model(checkpoint));
    ASSERT_EQ(state.row_count, static_cast<int64_t>(state.rows.size())) << "duplicate keys";
  }
  // A last round takes the rest.
  auto last = RunCli(QuotedArgs(common));
  ASSERT_EQ(last.exit_code, 0) << last.err;
  StreamedTable state = ReadStreamedTable(base);
  EXPECT_EQ(state.checkpoint, input.NextCheckpoint(std::numeric_limits<int64_t>::min(),
                                                   std::numeric_limits<int64_t>::max()));
  EXPECT_EQ(state.rows, input.Model(state.checkpoint));
  EXPECT_GT(rounds, 10);
  EXPECT_GT(kills, 5);
}

INSTANTIATE_TEST_SUITE_P(TableTypes, StreamerModelTest,
                         ::testing::Values("COPY_ON_WRITE", "MERGE_ON_READ"));

}  // namespace
}  // namespace hoodie::cli
