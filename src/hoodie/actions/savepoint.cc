// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/actions/savepoint.cc
/// \brief Creating, listing and deleting savepoints.

#include "hoodie/actions/savepoint.h"

#include <utility>

#include "hoodie/common/clock.h"
#include "hoodie/common/logging.h"
#include "hoodie/table/file_system_view.h"
#include "hoodie/table/table_meta_client.h"
#include "hoodie/table/transaction.h"
#include "hoodie/timeline/active_timeline.h"
#include "hoodie/timeline_avro/clean_metadata.h"

namespace hoodie {
namespace {

// The oldest commit a savepoint may name: the last clean's earliest commit to retain
// (HUDI-5881: a pending clean's plan counts), else the first completed commit.
::arrow::Result<std::string> LookupWindowStart(const ActiveTimeline& timeline,
                                               const Timeline& commits) {
  std::optional<Instant> clean = timeline.timeline().GetCleanerTimeline().LastInstant();
  if (clean) {
    ARROW_ASSIGN_OR_RAISE(std::string bytes, timeline.ReadDetails(*clean));
    if (clean->IsCompleted()) {
      ARROW_ASSIGN_OR_RAISE(CleanMetadata metadata, CleanMetadata::FromAvroBytes(bytes));
      return metadata.earliest_commit_to_retain;
    }
    if (bytes.empty()) {
      ARROW_ASSIGN_OR_RAISE(bytes, timeline.ReadDetails(
                                       Instant{clean->timestamp, Action::kClean, State::kRequested}));
    }
    ARROW_ASSIGN_OR_RAISE(CleanerPlan plan, CleanerPlan::FromAvroBytes(bytes));
    return plan.earliest_instant_to_retain ? plan.earliest_instant_to_retain->timestamp : "";
  }
  return commits.FirstInstant()->timestamp;
}

}  // namespace

::arrow::Result<std::pair<std::string, SavepointMetadata>> CreateSavepoint(
    const std::shared_ptr<TableMetaClient>& table, const SavepointRequest& request) {
  ARROW_ASSIGN_OR_RAISE(ActiveTimeline timeline, table->LoadActiveTimeline());
  const Timeline commits = timeline.timeline().GetCommitsTimeline().FilterCompleted();
  if (commits.Empty()) {
    return ::arrow::Status::Invalid("Could not savepoint. Commit timeline is empty");
  }
  const std::string instant = request.instant.value_or(commits.LastInstant()->timestamp);
  if (!commits.ContainsTimestamp(instant)) {
    return ::arrow::Status::Invalid("Could not savepoint non-existing commit ", instant);
  }
  ARROW_ASSIGN_OR_RAISE(std::string window, LookupWindowStart(timeline, commits));
  if (instant < window) {
    return ::arrow::Status::Invalid("Could not savepoint commit ", instant,
                                    " as this is beyond the lookup window ", window,
                                    " (the cleaner may have deleted its files)");
  }
  if (timeline.timeline().GetSavepointTimeline().ContainsTimestamp(instant)) {
    return ::arrow::Status::AlreadyExists("commit ", instant, " is already savepointed");
  }
  SavepointMetadata metadata;
  metadata.savepointed_by = request.user;
  metadata.savepointed_at = EpochMillisNow(request.clock);
  metadata.comments = request.comment;
  ARROW_ASSIGN_OR_RAISE(auto view, FileSystemView::Make(*table, timeline));
  for (const std::string& partition : view->partitions()) {
    SavepointPartitionMetadata files{partition, {}};
    for (const FileSlice& slice : view->LatestFileSlicesInPartition(partition, instant)) {
      if (slice.base_file) files.savepoint_data_file.push_back(slice.base_file->file_name);
      for (const LogFile& log : slice.log_files) files.savepoint_data_file.push_back(log.file_name);
    }
    metadata.partition_metadata.emplace(partition, std::move(files));
  }
  ARROW_ASSIGN_OR_RAISE(std::string bytes, metadata.ToAvroBytes());
  Instant inflight{instant, Action::kSavepoint, State::kInflight};
  ARROW_RETURN_NOT_OK(timeline.CreateRequested(inflight));
  ARROW_ASSIGN_OR_RAISE(Transaction txn, Transaction::Begin(table, inflight));
  ARROW_RETURN_NOT_OK(txn.Commit(bytes).status());
  return std::make_pair(instant, std::move(metadata));
}

::arrow::Result<std::vector<std::pair<std::string, SavepointMetadata>>> ListSavepoints(
    const TableMetaClient& table) {
  ARROW_ASSIGN_OR_RAISE(ActiveTimeline timeline, table.LoadActiveTimeline());
  std::vector<std::pair<std::string, SavepointMetadata>> out;
  const Timeline savepoints = timeline.timeline().GetSavepointTimeline().FilterCompleted();
  for (const Instant& savepoint : savepoints.instants()) {
    ARROW_ASSIGN_OR_RAISE(std::string bytes, timeline.ReadDetails(savepoint));
    ARROW_ASSIGN_OR_RAISE(SavepointMetadata metadata, SavepointMetadata::FromAvroBytes(bytes));
    out.emplace_back(savepoint.timestamp, std::move(metadata));
  }
  return out;
}

::arrow::Result<bool> DeleteSavepoint(const TableMetaClient& table, const std::string& instant) {
  ARROW_ASSIGN_OR_RAISE(ActiveTimeline timeline, table.LoadActiveTimeline());
  Instant completed{instant, Action::kSavepoint, State::kCompleted};
  if (!timeline.timeline().ContainsInstant(completed)) {
    LogWarning("No savepoint present " + instant);
    return false;
  }
  // Completed first: a crash in between leaves an inflight savepoint, which guards
  // nothing and the next delete removes.
  ARROW_RETURN_NOT_OK(timeline.DeleteStateFileIfExists(completed));
  ARROW_RETURN_NOT_OK(
      timeline.DeleteStateFileIfExists(Instant{instant, Action::kSavepoint, State::kInflight}));
  return true;
}

}  // namespace hoodie
