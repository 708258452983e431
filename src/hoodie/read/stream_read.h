// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/read/stream_read.h
/// \brief Flink's streaming and incremental reads (read.streaming.enabled,
/// read.start-commit, read.end-commit, read.streaming.skip_compaction): a follower that
/// tails the timeline and hands out the rows of each commit as it completes, and the
/// closed [start, end] batch range.
///
/// Semantics of Hudi 0.15's IncrementalInputSplits / StreamReadMonitoringFunction:
/// with no start commit the first check reads the latest completed commit; 'earliest'
/// reads the table as of the latest commit (a full scan, merged); an instant reads the
/// commits from it, inclusive. Commits that complete later are read as they appear,
/// including "hollow" ones (an older instant that completes after a newer one).
/// Unlike Flink, which merges all commits found by one check into one set of splits,
/// each commit is handed out on its own (its rows: those whose _hoodie_commit_time is
/// that instant, merge-on-read log records merged by key within the commit), so rows
/// come in the order the commits complete whatever the check interval.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include <arrow/record_batch.h>
#include <arrow/result.h>

#include "hoodie/config/config_default.h"
#include "hoodie/config/flink_config.h"
#include "hoodie/read/read_options.h"
#include "hoodie/timeline/instant.h"
#include "hoodie/visibility.h"

namespace hoodie {

class HoodieConfig;
class TableMetaClient;
class Timeline;

/// read.start-commit's value that reads from the beginning of the table.
inline constexpr char kStartCommitEarliest[] = "earliest";

/// \brief The read.* keys of Flink's streaming and incremental reads.
struct HOODIE_EXPORT StreamReadOptions {
  /// read.streaming.enabled.
  bool enabled = DefaultOf(FlinkConfig::kReadStreamingEnabled);
  /// read.start-commit: "earliest" or a normalised instant; empty = the latest commit.
  std::optional<std::string> start_commit;
  /// read.end-commit, normalised.
  std::optional<std::string> end_commit;
  /// read.streaming.skip_compaction: compaction commits of merge-on-read tables are not
  /// read at all.
  bool skip_compaction = DefaultOf(FlinkConfig::kReadStreamingSkipCompaction);
  /// read.streaming.check-interval, in seconds.
  int32_t check_interval_seconds = DefaultOf(FlinkConfig::kReadStreamingCheckInterval);

  bool start_from_earliest() const { return start_commit == kStartCommitEarliest; }

  /// Reads the keys above. Invalid naming the key for an instant that is neither
  /// yyyyMMddHHmmss[SSS] nor (start) earliest, or an end before the start.
  static ::arrow::Result<StreamReadOptions> FromConfig(const HoodieConfig& config);
};

/// The batch read of read.start-commit / read.end-commit when not streaming: both set,
/// an incremental read of [start, end] (both inclusive; earliest = from the first
/// commit); start alone, [start, latest]; end alone, the snapshot as of end (time
/// travel). Neither set leaves `options` as it is. Invalid when `options` already
/// carries a datasource range, an as-of instant or another query type.
HOODIE_EXPORT ::arrow::Status ApplyBatchRange(const StreamReadOptions& stream,
                                              ReadOptions* options);

/// \brief The rows of one commit a follower read.
struct HOODIE_EXPORT StreamCommit {
  Instant instant;
  /// Commits these rows cover: 1, or for a start from earliest every completed commit
  /// up to `instant`.
  int64_t commits = 1;
  std::shared_ptr<::arrow::RecordBatchReader> rows;
};

/// \brief Follows a table's timeline. Not thread-safe: one caller polls.
class HOODIE_EXPORT StreamFollower {
 public:
  /// `rows` gives the projection, filters, partitions and merge options of each
  /// commit's read; its query type and range are the follower's. Invalid for a table
  /// without meta fields (commits are told apart by _hoodie_commit_time).
  static ::arrow::Result<std::unique_ptr<StreamFollower>> Open(
      std::shared_ptr<TableMetaClient> table, StreamReadOptions stream, ReadOptions rows);

  /// One check of the timeline (it is listed again): the commits completed since the
  /// previous check that the options select, oldest instant first, each with its rows.
  /// IOError, naming the file and how to avoid it, when a commit's files are gone (the
  /// cleaner ran past the follower), Invalid when commits after the last one read were
  /// archived before this check saw them; the follower has then read nothing of them.
  ::arrow::Result<std::vector<StreamCommit>> Poll();

  /// True once read.end-commit has been read (no commit at or before it is pending).
  bool reached_end() const { return reached_end_; }

 private:
  StreamFollower(std::shared_ptr<TableMetaClient> table, StreamReadOptions stream,
                 ReadOptions rows);

  // The completed commits of `instants` a streaming read reads (skip_compaction).
  Timeline Readable(const Timeline& instants) const;
  // The completed commits this follower reads from `commits` (all states).
  std::vector<Instant> Candidates(const Timeline& commits) const;
  // Fixes the start on the first check that finds a completed commit.
  ::arrow::Result<std::vector<StreamCommit>> Start(const Timeline& commits);
  ::arrow::Status CheckNotArchivedPast(const Timeline& completed) const;
  ::arrow::Result<StreamCommit> ReadCommit(const Instant& instant) const;
  // Forgets read instants below every pending one (each later check skips them).
  void Compact(const Timeline& commits);

  std::shared_ptr<TableMetaClient> table_;
  StreamReadOptions stream_;
  ReadOptions rows_;
  bool started_ = false;
  // Commits at or after `start_` are read; empty before the start is fixed.
  std::string start_;
  // Commits before `start_` pending when the follower started, read when they complete.
  std::set<std::string> hollow_;
  // Every commit at or below `done_through_` has been read or is not wanted.
  std::string done_through_;
  // Commits above `done_through_` already read.
  std::set<std::string> read_;
  bool reached_end_ = false;
};

}  // namespace hoodie
