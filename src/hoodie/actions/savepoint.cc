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
    if (clean->IsCompleted()) {
      ARROW_ASSIGN_OR_RAISE(CleanMetadata metadata, timeline.ReadAvro<CleanMetadata>(*clean));
      return metadata.earliest_commit_to_retain;
    }
    // A pending clean's plan is its requested file (readCleanerPlan of REQUESTED).
    ARROW_ASSIGN_OR_RAISE(CleanerPlan plan,
                          timeline.ReadAvro<CleanerPlan>(
                              Instant{clean->timestamp, Action::kClean, State::kRequested}));
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
  const Instant completed{instant, Action::kSavepoint, State::kCompleted};
  if (timeline.timeline().ContainsInstant(completed)) {
    return ::arrow::Status::AlreadyExists("commit ", instant, " is already savepointed");
  }
  // A savepoint killed after its inflight file is resumed: the inflight file holds
  // nothing (Hudi writes it empty), so completing it with the listing made now is what
  // the interrupted run would have written.
  const Instant inflight{instant, Action::kSavepoint, State::kInflight};
  const bool resume = timeline.timeline().ContainsInstant(inflight);
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
  if (!resume) ARROW_RETURN_NOT_OK(timeline.CreateRequested(inflight));
  ARROW_ASSIGN_OR_RAISE(Transaction txn, Transaction::Begin(table, inflight, StartedOn(timeline)));
  ARROW_RETURN_NOT_OK(txn.Commit(bytes).status());
  return std::make_pair(instant, std::move(metadata));
}

::arrow::Result<std::vector<std::pair<std::string, SavepointMetadata>>> ListSavepoints(
    const TableMetaClient& table) {
  ARROW_ASSIGN_OR_RAISE(ActiveTimeline timeline, table.LoadActiveTimeline());
  std::vector<std::pair<std::string, SavepointMetadata>> out;
  const Timeline savepoints = timeline.timeline().GetSavepointTimeline().FilterCompleted();
  for (const Instant& savepoint : savepoints.instants()) {
    ARROW_ASSIGN_OR_RAISE(SavepointMetadata metadata,
                          timeline.ReadAvro<SavepointMetadata>(savepoint));
    out.emplace_back(savepoint.timestamp, std::move(metadata));
  }
  return out;
}

::arrow::Result<bool> DeleteSavepoint(const TableMetaClient& table, const std::string& instant) {
  ARROW_ASSIGN_OR_RAISE(ActiveTimeline timeline, table.LoadActiveTimeline());
  const Instant completed{instant, Action::kSavepoint, State::kCompleted};
  const Instant inflight{instant, Action::kSavepoint, State::kInflight};
  if (!timeline.timeline().ContainsInstant(completed) &&
      !timeline.timeline().ContainsInstant(inflight)) {
    LogWarning("No savepoint present " + instant);
    return false;
  }
  // Completed first: a crash in between leaves an inflight savepoint, which guards
  // nothing and the next delete (or create) clears.
  ARROW_RETURN_NOT_OK(timeline.DeleteStateFileIfExists(completed));
  ARROW_RETURN_NOT_OK(timeline.DeleteStateFileIfExists(inflight));
  return true;
}

}  // namespace hoodie
