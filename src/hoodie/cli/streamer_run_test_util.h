// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/cli/streamer_run_test_util.h
/// \brief What the streamer's process-level tests share: spawning `hoodie streamer` to
/// kill it, dating input files, and reading a streamed table back as the model sees it.
#pragma once

#include <sys/types.h>

#include <chrono>
#include <cstdint>
#include <limits>
#include <map>
#include <string>
#include <vector>

namespace hoodie::cli::testing {

/// Starts `args` (argv[0] a path) with stdout and stderr sent to /dev/null.
pid_t SpawnQuiet(const std::vector<std::string>& args);

/// Waits `delay`, kills `pid` with SIGKILL and reaps it: the kill tests' crash at a
/// random point. Fails the test when `pid` cannot be reaped.
void KillAfter(pid_t pid, std::chrono::milliseconds delay);

/// `args` after argv[0], each in single quotes, for RunCli.
std::string QuotedArgs(const std::vector<std::string>& args);

/// Sets a file's modification time to `epoch_ms` (whole seconds: the JSON files tests
/// write are dated a second apart, as DFSPathSelector compares milliseconds).
void SetModificationTime(const std::string& path, int64_t epoch_ms);

/// A streamed table with columns id (string) and value (int64), as the model compares it.
struct StreamedTable {
  /// The checkpoint of the latest completed ingest commit (deltacommit on merge-on-read,
  /// commit on copy-on-write): what the next round resumes from. Long.MIN_VALUE when
  /// there is no table or no such commit.
  int64_t checkpoint = std::numeric_limits<int64_t>::min();
  /// That checkpoint as committed (a Kafka source's "topic,partition:offset,..."); empty
  /// when there is none.
  std::string checkpoint_text;
  std::map<std::string, int64_t> rows;
  /// Rows read, duplicates included.
  int64_t row_count = 0;
};

/// Reads the table at `base` (a snapshot of id and value); test failures on errors.
StreamedTable ReadStreamedTable(const std::string& base);

}  // namespace hoodie::cli::testing
