// SPDX-License-Identifier: Apache-2.0
#include "hoodie/cli/timeline_listing.h"

#include "hoodie/cli/instant_description.h"
#include "hoodie/common/logging.h"
#include "hoodie/timeline/active_timeline.h"
#include "hoodie/timeline/commit_metadata.h"

namespace hoodie::cli {
namespace {

std::vector<std::string> InstantRow(const Instant& instant, std::string operation) {
  return {instant.timestamp,
          std::string(ActionName(instant.action)),
          std::string(StateName(instant.state)),
          std::move(operation),
          "",
          "",
          "",
          "",
          "",
          "",
          "",
          ""};
}

// Actions whose state files are Avro in table version 6 (see timeline_avro).
bool HasAvroDetails(const Instant& instant) {
  switch (instant.action) {
    case Action::kRollback:
    case Action::kClean:
    case Action::kCompaction:
    case Action::kLogCompaction:
    case Action::kSavepoint:
    case Action::kRestore:
      return true;
    case Action::kReplaceCommit:
      return !instant.IsCompleted();
    default:
      return false;
  }
}

// A listing should still show the rest of the timeline when one plan is unreadable, so
// the decoding error goes into the row (and a warning) rather than failing the command.
std::vector<std::string> AvroInstantRow(const ActiveTimeline& timeline,
                                        const Instant& instant) {
  auto row = InstantRow(instant, "");
  auto details = DescribeAvroInstant(timeline, instant);
  if (details.ok()) {
    row[11] = *details;
  } else {
    row[11] = "unreadable: " + details.status().message();
    LogWarning(instant.ToString() + ": " + details.status().ToString());
  }
  return row;
}

bool HasCommitMetadata(const Instant& instant) {
  return instant.IsCompleted() &&
         (instant.action == Action::kCommit || instant.action == Action::kDeltaCommit ||
          instant.action == Action::kReplaceCommit);
}

void AddFileRows(const Instant& instant, const CommitMetadata& metadata,
                 std::vector<std::vector<std::string>>* rows) {
  std::string operation(WriteOperationTypeName(metadata.operation_type));
  for (const auto& [partition, stats] : metadata.partition_to_write_stats) {
    for (const auto& stat : stats) {
      auto row = InstantRow(instant, operation);
      row[4] = partition;
      row[5] = stat.path.value_or("");
      row[6] = std::to_string(stat.num_inserts);
      row[7] = std::to_string(stat.num_update_writes);
      row[8] = std::to_string(stat.num_deletes);
      row[9] = std::to_string(stat.num_writes);
      rows->push_back(std::move(row));
    }
  }
}

::arrow::Status AddCommitRows(const ActiveTimeline& timeline, const Instant& instant,
                              std::vector<std::vector<std::string>>* rows) {
  ARROW_ASSIGN_OR_RAISE(std::string bytes, timeline.ReadDetails(instant));
  ARROW_ASSIGN_OR_RAISE(std::string file_name, timeline.InstantPath(instant));
  size_t before = rows->size();
  if (instant.action == Action::kReplaceCommit) {
    ARROW_ASSIGN_OR_RAISE(auto metadata,
                          ReplaceCommitMetadata::FromJson(bytes, file_name));
    AddFileRows(instant, metadata, rows);
    std::string operation(WriteOperationTypeName(metadata.operation_type));
    for (const auto& [partition, file_ids] : metadata.partition_to_replace_file_ids) {
      auto row = InstantRow(instant, operation);
      row[4] = partition;
      std::string joined;
      for (const auto& id : file_ids) joined += (joined.empty() ? "" : ",") + id;
      row[10] = joined;
      rows->push_back(std::move(row));
    }
    if (rows->size() == before) rows->push_back(InstantRow(instant, operation));
    return ::arrow::Status::OK();
  }
  ARROW_ASSIGN_OR_RAISE(auto metadata, CommitMetadata::FromJson(bytes, file_name));
  AddFileRows(instant, metadata, rows);
  if (rows->size() == before) {
    rows->push_back(InstantRow(
        instant, std::string(WriteOperationTypeName(metadata.operation_type))));
  }
  return ::arrow::Status::OK();
}

}  // namespace

::arrow::Result<Listing> BuildTimelineListing(const TableMetaClient& client,
                                              const TimelineListingOptions& options) {
  ARROW_ASSIGN_OR_RAISE(auto timeline, client.LoadActiveTimeline());
  Listing listing;
  listing.header = {"instant",
                    "action",
                    "state",
                    "operation",
                    "partition",
                    "file",
                    "inserts",
                    "updates",
                    "deletes",
                    "records_written",
                    "replaced_file_groups",
                    "details"};
  for (const Instant& instant : timeline.timeline().instants()) {
    if (options.with_files && HasCommitMetadata(instant)) {
      ARROW_RETURN_NOT_OK(AddCommitRows(timeline, instant, &listing.rows));
    } else if (HasAvroDetails(instant)) {
      listing.rows.push_back(AvroInstantRow(timeline, instant));
    } else {
      listing.rows.push_back(InstantRow(instant, ""));
    }
  }
  return listing;
}

}  // namespace hoodie::cli
