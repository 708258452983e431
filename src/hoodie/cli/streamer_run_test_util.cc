// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/cli/streamer_run_test_util.cc
#include "hoodie/cli/streamer_run_test_util.h"

#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/stat.h>
#include <sys/wait.h>

#include <thread>

#include <arrow/api.h>
#include <gtest/gtest.h>

#include "hoodie/read/table_reader.h"
#include "hoodie/storage/storage.h"
#include "hoodie/streamer/checkpoint.h"
#include "hoodie/table/table_meta_client.h"
#include "hoodie/testing/matchers.h"
#include "hoodie/timeline/active_timeline.h"
#include "hoodie/timeline/commit_metadata.h"

extern char** environ;

namespace hoodie::cli::testing {

pid_t SpawnQuiet(const std::vector<std::string>& args) {
  std::vector<char*> argv;
  for (const std::string& arg : args) argv.push_back(const_cast<char*>(arg.c_str()));
  argv.push_back(nullptr);
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0);
  posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0);
  pid_t pid = -1;
  int rc = posix_spawn(&pid, argv[0], &actions, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  EXPECT_EQ(rc, 0);
  return pid;
}

void KillAfter(pid_t pid, std::chrono::milliseconds delay) {
  std::this_thread::sleep_for(delay);
  ::kill(pid, SIGKILL);
  int status = 0;
  ASSERT_EQ(waitpid(pid, &status, 0), pid);
}

std::string QuotedArgs(const std::vector<std::string>& args) {
  std::string out;
  for (size_t i = 1; i < args.size(); ++i) out += "'" + args[i] + "' ";
  return out;
}

void SetModificationTime(const std::string& path, int64_t epoch_ms) {
  struct timespec times[2] = {{epoch_ms / 1000, (epoch_ms % 1000) * 1000000},
                              {epoch_ms / 1000, (epoch_ms % 1000) * 1000000}};
  ASSERT_EQ(utimensat(AT_FDCWD, path.c_str(), times, 0), 0) << path;
}

StreamedTable ReadStreamedTable(const std::string& base) {
  StreamedTable out;
  // A creation cut short is no table yet; anything else must open.
  auto table = TableMetaClient::LoadIfExists(Storage::Local(), base);
  EXPECT_OK(table.status());
  if (!table.ok() || *table == nullptr) return out;
  auto timeline = (*table)->LoadActiveTimeline();
  EXPECT_OK(timeline.status());
  if (!timeline.ok()) return out;
  // Compaction commits on merge-on-read carry no checkpoint: ingest is deltacommits.
  const Timeline ingests = (*table)->table_type() == TableType::kMergeOnRead
                               ? timeline->timeline().GetDeltaCommitTimeline().FilterCompleted()
                               : timeline->timeline().GetCommitTimeline().FilterCompleted();
  if (ingests.Empty()) return out;
  auto metadata = timeline->ReadCommitMetadata(*ingests.LastInstant());
  EXPECT_OK(metadata.status());
  if (!metadata.ok()) return out;
  std::optional<std::string> checkpoint = metadata->GetMetadata(kCheckpointKey);
  EXPECT_TRUE(checkpoint.has_value()) << "no checkpoint in " << ingests.LastInstant()->timestamp;
  out.checkpoint_text = checkpoint.value_or("");
  // A DFS source's checkpoint is a modification time; other sources' are not numbers.
  if (!out.checkpoint_text.empty() &&
      out.checkpoint_text.find_first_not_of("0123456789") == std::string::npos) {
    out.checkpoint = std::stoll(out.checkpoint_text);
  }
  auto reader = TableReader::Open(*table);
  EXPECT_OK(reader.status());
  if (!reader.ok()) return out;
  auto read = (*reader)->ReadTable({.columns = {"id", "value"}});
  EXPECT_OK(read.status());
  if (!read.ok()) return out;
  auto batch = (*read)->CombineChunksToBatch();
  EXPECT_OK(batch.status());
  if (!batch.ok()) return out;
  auto ids = std::static_pointer_cast<::arrow::StringArray>((*batch)->column(0));
  auto values = std::static_pointer_cast<::arrow::Int64Array>((*batch)->column(1));
  out.row_count = ids->length();
  for (int64_t i = 0; i < ids->length(); ++i) out.rows[ids->GetString(i)] = values->Value(i);
  return out;
}

}  // namespace hoodie::cli::testing
