// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/read/stream_read.cc
/// \brief StreamReadOptions, the closed batch range and StreamFollower.
#include "hoodie/read/stream_read.h"

#include <algorithm>
#include <utility>

#include "hoodie/common/ascii.h"
#include "hoodie/config/hoodie_config.h"
#include "hoodie/read/table_reader.h"
#include "hoodie/table/table_config.h"
#include "hoodie/table/table_meta_client.h"
#include "hoodie/timeline/timeline.h"
#include "hoodie/timeline_avro/archived_timeline.h"

namespace hoodie {

namespace {

// An explicitly set instant key, normalised; "earliest" only where `earliest` allows it.
::arrow::Result<std::optional<std::string>> InstantKey(
    const HoodieConfig& config, const ConfigProperty<std::string>& key, bool earliest) {
  std::optional<std::string> raw = config.GetExplicit(key);
  if (!raw) return std::nullopt;
  if (earliest && EqualsIgnoreCase(*raw, kStartCommitEarliest)) {
    return std::optional<std::string>(kStartCommitEarliest);
  }
  auto normalized = NormalizeInstantTime(*raw);
  if (!normalized.ok()) {
    return ::arrow::Status::Invalid(key.key, " must be ",
                                    earliest ? "'earliest' or " : "",
                                    "an instant yyyyMMddHHmmss[SSS], got '", *raw, "'");
  }
  return std::optional<std::string>(*normalized);
}

// The completed instants a streaming read reads (Flink's filterInstantsWithRange):
// write commits, and compactions unless skipped. On merge-on-read tables a completed
// "commit" is a compaction.
Timeline ReadableCommits(const Timeline& commits, bool skip_compaction, TableType type) {
  Timeline completed = commits.FilterCompleted().GetCommitsTimeline();
  if (!skip_compaction || type != TableType::kMergeOnRead) return completed;
  return completed.Filter([](const Instant& i) { return i.action != Action::kCommit; });
}

}  // namespace

::arrow::Result<StreamReadOptions> StreamReadOptions::FromConfig(
    const HoodieConfig& config) {
  StreamReadOptions options;
  ARROW_ASSIGN_OR_RAISE(options.enabled, config.Get(FlinkConfig::kReadStreamingEnabled));
  ARROW_ASSIGN_OR_RAISE(options.skip_compaction,
                        config.Get(FlinkConfig::kReadStreamingSkipCompaction));
  ARROW_ASSIGN_OR_RAISE(options.check_interval_seconds,
                        config.Get(FlinkConfig::kReadStreamingCheckInterval));
  ARROW_ASSIGN_OR_RAISE(options.start_commit,
                        InstantKey(config, FlinkConfig::kReadStartCommit, true));
  ARROW_ASSIGN_OR_RAISE(options.end_commit,
                        InstantKey(config, FlinkConfig::kReadEndCommit, false));
  if (options.start_commit && !options.start_from_earliest() && options.end_commit &&
      *options.end_commit < *options.start_commit) {
    return ::arrow::Status::Invalid(
        FlinkConfig::kReadEndCommit.key, " (", *options.end_commit,
        ") is before ", FlinkConfig::kReadStartCommit.key, " (", *options.start_commit,
        "): the range [start, end] holds no commit");
  }
  return options;
}

::arrow::Status ApplyBatchRange(const StreamReadOptions& stream, ReadOptions* options) {
  if (!stream.start_commit && !stream.end_commit) return ::arrow::Status::OK();
  if (options->begin || options->end || options->as_of ||
      options->query_type == QueryType::kReadOptimized) {
    return ::arrow::Status::Invalid(
        "read.start-commit / read.end-commit choose the read range themselves; drop the "
        "begin/end instants (hoodie.datasource.read.begin.instanttime, --begin, --end), "
        "the as-of instant and a read_optimized query type, or drop the read.* keys");
  }
  if (!stream.start_commit || stream.start_from_earliest()) {
    // Flink reads 'earliest' by scanning the whole table as of the end commit, and the
    // end commit alone is time travel: both are the snapshot as of end.
    options->query_type = QueryType::kSnapshot;
    options->as_of = stream.end_commit;
    return ::arrow::Status::OK();
  }
  options->query_type = QueryType::kIncremental;
  options->begin = stream.start_commit;
  options->end = stream.end_commit;
  options->begin_inclusive = true;
  return ::arrow::Status::OK();
}

StreamFollower::StreamFollower(std::shared_ptr<TableMetaClient> table,
                               StreamReadOptions stream, ReadOptions rows)
    : table_(std::move(table)), stream_(std::move(stream)), rows_(std::move(rows)) {}

::arrow::Result<std::unique_ptr<StreamFollower>> StreamFollower::Open(
    std::shared_ptr<TableMetaClient> table, StreamReadOptions stream, ReadOptions rows) {
  if (!table->table_config()->populate_meta_fields()) {
    return ::arrow::Status::Invalid(
        "streaming reads tell commits apart by _hoodie_commit_time, but this table does "
        "not populate meta fields (hoodie.populate.meta.fields=false): ",
        table->base_path());
  }
  rows.begin.reset();
  rows.end.reset();
  rows.as_of.reset();
  return std::unique_ptr<StreamFollower>(
      new StreamFollower(std::move(table), std::move(stream), std::move(rows)));
}

Timeline StreamFollower::Readable(const Timeline& instants) const {
  return ReadableCommits(instants, stream_.skip_compaction, table_->table_type());
}

std::vector<Instant> StreamFollower::Candidates(const Timeline& commits) const {
  std::vector<Instant> out;
  Timeline readable = Readable(commits);
  for (const Instant& instant : readable.instants()) {
    const std::string& time = instant.timestamp;
    if (!done_through_.empty() && time <= done_through_) continue;
    if (time < start_ && hollow_.count(time) == 0) continue;
    if (read_.count(time) > 0) continue;
    if (stream_.end_commit && time > *stream_.end_commit) continue;
    out.push_back(instant);
  }
  return out;
}

::arrow::Result<std::vector<StreamCommit>> StreamFollower::Start(
    const Timeline& commits) {
  Timeline readable = Readable(commits);
  if (stream_.end_commit) {
    readable = readable.FindInstantsBeforeOrEquals(*stream_.end_commit);
  }
  std::vector<StreamCommit> out;
  if (stream_.start_commit && !stream_.start_from_earliest()) {
    start_ = *stream_.start_commit;
  } else if (std::optional<Instant> latest = readable.LastInstant()) {
    start_ = latest->timestamp;
    if (stream_.start_from_earliest()) {
      // Flink's 'earliest': the whole table as of the latest commit, merged.
      ReadOptions options = rows_;
      options.query_type = QueryType::kSnapshot;
      options.as_of = latest->timestamp;
      ARROW_ASSIGN_OR_RAISE(auto reader, TableReader::Open(table_));
      ARROW_ASSIGN_OR_RAISE(auto rows, reader->Read(options));
      out.push_back({*latest, static_cast<int64_t>(readable.Count()), std::move(rows)});
      for (const Instant& instant : readable.instants()) read_.insert(instant.timestamp);
    }
  } else {
    return out;  // nothing committed yet: the first commit to complete is the latest
  }
  Timeline pending = commits.FilterPending().FindInstantsBefore(start_);
  for (const Instant& instant : pending.instants()) hollow_.insert(instant.timestamp);
  started_ = true;
  return out;
}

::arrow::Status StreamFollower::CheckNotArchivedPast(const Timeline& completed) const {
  std::optional<Instant> first = completed.FirstInstant();
  std::string floor = std::max(done_through_, start_);
  if (first && first->timestamp <= floor) return ::arrow::Status::OK();
  // The active timeline starts after what the follower has read: the commits between
  // were archived while it was not looking, or before it started.
  ARROW_ASSIGN_OR_RAISE(auto archived, ArchivedTimeline::Load(table_->storage(),
                                                              table_->archive_path()));
  ARROW_ASSIGN_OR_RAISE(Timeline timeline, archived.ToTimeline());
  Timeline readable = Readable(timeline);
  for (const Instant& instant : readable.instants()) {
    const std::string& time = instant.timestamp;
    if ((done_through_.empty() || time > done_through_) && time >= start_ &&
        read_.count(time) == 0 &&
        (!stream_.end_commit || time <= *stream_.end_commit)) {
      return ::arrow::Status::Invalid(
          "the streaming read fell behind the archiver: commit ", time,
          " (and maybe later ones) was archived out of the active timeline before the "
          "read reached it, and the cleaner may have deleted its files; start again from "
          "a later read.start-commit (or 'earliest' for the whole table), or keep more "
          "commits active (hoodie.keep.min.commits, hoodie.cleaner.commits.retained / "
          "clean.retain_commits): ",
          table_->base_path());
    }
  }
  return ::arrow::Status::OK();
}

::arrow::Result<StreamCommit> StreamFollower::ReadCommit(const Instant& instant) const {
  ReadOptions options = rows_;
  options.query_type = QueryType::kIncremental;
  options.begin = instant.timestamp;
  options.end = instant.timestamp;
  options.begin_inclusive = true;
  // A table that keeps _hoodie_operation hands out every change, as Flink's
  // changelog streaming read does; TableReader ignores this for other tables.
  options.emit_changes = true;
  ARROW_ASSIGN_OR_RAISE(auto reader, TableReader::Open(table_));
  ARROW_ASSIGN_OR_RAISE(auto rows, reader->Read(options));
  return StreamCommit{instant, 1, std::move(rows)};
}

void StreamFollower::Compact(const Timeline& commits) {
  std::optional<Instant> pending = commits.FilterPending().FirstInstant();
  for (auto it = read_.begin(); it != read_.end();) {
    if (pending && *it >= pending->timestamp) break;
    done_through_ = *it;
    it = read_.erase(it);
  }
  std::erase_if(hollow_, [&](const std::string& time) { return time <= done_through_; });
}

::arrow::Result<std::vector<StreamCommit>> StreamFollower::Poll() {
  ARROW_ASSIGN_OR_RAISE(ActiveTimeline active, table_->ReloadActiveTimeline());
  Timeline commits = active.timeline().GetCommitsAndCompactionTimeline();
  std::vector<StreamCommit> out;
  if (!started_) {
    ARROW_ASSIGN_OR_RAISE(out, Start(commits));
    if (!started_) return out;
  }
  ARROW_RETURN_NOT_OK(CheckNotArchivedPast(commits.FilterCompleted()));
  for (const Instant& instant : Candidates(commits)) {
    ARROW_ASSIGN_OR_RAISE(StreamCommit commit, ReadCommit(instant));
    out.push_back(std::move(commit));
    read_.insert(instant.timestamp);
  }
  Compact(commits);
  if (stream_.end_commit) {
    const std::string& end = *stream_.end_commit;
    std::optional<Instant> last = commits.FilterCompleted().LastInstant();
    reached_end_ = commits.FilterPending().FindInstantsBeforeOrEquals(end).Empty() &&
                   last && last->timestamp >= end;
  }
  return out;
}

}  // namespace hoodie
