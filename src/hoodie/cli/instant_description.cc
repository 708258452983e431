// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/cli/instant_description.cc
/// \brief DescribeAvroInstant: decodes the Avro state file and counts what it plans or did.

#include "hoodie/cli/instant_description.h"

#include <sstream>

#include "hoodie/timeline_avro/clean_metadata.h"
#include "hoodie/timeline_avro/compaction_plan.h"
#include "hoodie/timeline_avro/requested_replace_metadata.h"
#include "hoodie/timeline_avro/rollback_metadata.h"
#include "hoodie/timeline_avro/savepoint_metadata.h"

namespace hoodie {

using ::arrow::Result;
using ::arrow::Status;

namespace {

/// "1 file" / "2 files".
std::string Count(size_t n, std::string_view noun) {
  std::ostringstream out;
  out << n << " " << noun << (n == 1 ? "" : "s");
  return out.str();
}

std::string DescribeRollbackPlan(const RollbackPlan& plan) {
  size_t files = 0, logs = 0, requests = 0;
  if (plan.rollback_requests) {
    requests = plan.rollback_requests->size();
    for (const RollbackRequest& request : *plan.rollback_requests) {
      files += request.files_to_be_deleted.size();
      if (request.log_blocks_to_be_deleted) logs += request.log_blocks_to_be_deleted->size();
    }
  }
  std::string target = "(unknown instant)";
  if (plan.instant_to_rollback) {
    target = plan.instant_to_rollback->commit_time + " (" +
             plan.instant_to_rollback->action + ")";
  }
  return "rollback plan for " + target + ": " + Count(requests, "request") + ", " +
         Count(files, "file") + " to delete, " + Count(logs, "log file") + " to roll back";
}

std::string DescribeRollback(const RollbackMetadata& metadata) {
  size_t logs = 0, failed = 0;
  for (const auto& [path, partition] : metadata.partition_metadata) {
    failed += partition.failed_delete_files.size();
    if (partition.rollback_log_files) logs += partition.rollback_log_files->size();
  }
  std::string targets;
  for (const InstantInfo& info : metadata.instants_rollback) {
    targets += (targets.empty() ? "" : ", ") + info.commit_time + " (" + info.action + ")";
  }
  if (targets.empty()) {
    for (const std::string& commit : metadata.commits_rollback) {
      targets += (targets.empty() ? "" : ", ") + commit;
    }
  }
  std::string line = "rollback of " + targets + ": " +
                     Count(static_cast<size_t>(metadata.total_files_deleted), "file") +
                     " deleted, rollback blocks in " + Count(logs, "log file");
  if (failed > 0) line += ", " + Count(failed, "failed delete");
  return line;
}

std::string DescribeCleanerPlan(const CleanerPlan& plan) {
  size_t files = 0, partitions = 0;
  if (plan.file_paths_to_be_deleted_per_partition) {
    partitions = plan.file_paths_to_be_deleted_per_partition->size();
    for (const auto& [p, list] : *plan.file_paths_to_be_deleted_per_partition) {
      files += list.size();
    }
  } else if (plan.files_to_be_deleted_per_partition) {
    partitions = plan.files_to_be_deleted_per_partition->size();
    for (const auto& [p, list] : *plan.files_to_be_deleted_per_partition) files += list.size();
  }
  std::string line = "clean plan (" + plan.policy + "): " + Count(files, "file") + " in " +
                     Count(partitions, "partition");
  if (plan.earliest_instant_to_retain) {
    line += ", earliest instant to retain " + plan.earliest_instant_to_retain->timestamp;
  }
  return line;
}

std::string DescribeClean(const CleanMetadata& metadata) {
  std::string policy;
  for (const auto& [p, partition] : metadata.partition_metadata) policy = partition.policy;
  return "clean: " + Count(static_cast<size_t>(metadata.total_files_deleted), "file") +
         " deleted in " + Count(metadata.partition_metadata.size(), "partition") +
         (policy.empty() ? "" : " (" + policy + ")") + ", earliest commit to retain " +
         metadata.earliest_commit_to_retain;
}

std::string DescribeCompaction(const CompactionPlan& plan, std::string_view action) {
  size_t slices = 0, logs = 0;
  if (plan.operations) {
    slices = plan.operations->size();
    for (const CompactionOperation& op : *plan.operations) {
      if (op.delta_file_paths) logs += op.delta_file_paths->size();
    }
  }
  return std::string(action) + " plan: " + Count(slices, "file slice") + ", " +
         Count(logs, "log file");
}

std::string DescribeReplace(const RequestedReplaceMetadata& metadata) {
  if (!metadata.clustering_plan) {
    return "replacecommit requested: " + metadata.operation_type.value_or("no operation type") +
           ", no clustering plan";
  }
  size_t groups = 0, slices = 0;
  if (metadata.clustering_plan->input_groups) {
    groups = metadata.clustering_plan->input_groups->size();
    for (const ClusteringGroup& group : *metadata.clustering_plan->input_groups) {
      if (group.slices) slices += group.slices->size();
    }
  }
  return "clustering plan (" + metadata.operation_type.value_or("CLUSTER") + "): " +
         Count(groups, "group") + ", " + Count(slices, "file slice");
}

std::string DescribeSavepoint(const SavepointMetadata& metadata) {
  size_t files = 0;
  for (const auto& [p, partition] : metadata.partition_metadata) {
    files += partition.savepoint_data_file.size();
  }
  return "savepoint by " + metadata.savepointed_by + ": " + Count(files, "file") + " in " +
         Count(metadata.partition_metadata.size(), "partition") +
         (metadata.comments.empty() ? "" : ", \"" + metadata.comments + "\"");
}

std::string DescribeRestore(const RestoreMetadata& metadata) {
  std::string instants;
  for (const std::string& instant : metadata.instants_to_rollback) {
    instants += (instants.empty() ? "" : ", ") + instant;
  }
  return "restore: rolled back " + Count(metadata.instants_to_rollback.size(), "instant") +
         (instants.empty() ? "" : " (" + instants + ")");
}

template <typename T>
Result<T> Decode(const std::string& bytes) {
  return T::FromAvroBytes(bytes);
}

Result<std::string> DescribeBytes(const Instant& instant, const std::string& bytes,
                                  bool is_plan) {
  switch (instant.action) {
    case Action::kRollback:
      if (is_plan) {
        ARROW_ASSIGN_OR_RAISE(auto plan, Decode<RollbackPlan>(bytes));
        return DescribeRollbackPlan(plan);
      } else {
        ARROW_ASSIGN_OR_RAISE(auto metadata, Decode<RollbackMetadata>(bytes));
        return DescribeRollback(metadata);
      }
    case Action::kClean:
      if (is_plan) {
        ARROW_ASSIGN_OR_RAISE(auto plan, Decode<CleanerPlan>(bytes));
        return DescribeCleanerPlan(plan);
      } else {
        ARROW_ASSIGN_OR_RAISE(auto metadata, Decode<CleanMetadata>(bytes));
        return DescribeClean(metadata);
      }
    case Action::kCompaction:
    case Action::kLogCompaction: {
      ARROW_ASSIGN_OR_RAISE(auto plan, Decode<CompactionPlan>(bytes));
      return DescribeCompaction(plan, ActionName(instant.action));
    }
    case Action::kReplaceCommit: {
      ARROW_ASSIGN_OR_RAISE(auto metadata, Decode<RequestedReplaceMetadata>(bytes));
      return DescribeReplace(metadata);
    }
    case Action::kSavepoint: {
      ARROW_ASSIGN_OR_RAISE(auto metadata, Decode<SavepointMetadata>(bytes));
      return DescribeSavepoint(metadata);
    }
    case Action::kRestore: {
      ARROW_ASSIGN_OR_RAISE(auto metadata, Decode<RestoreMetadata>(bytes));
      return DescribeRestore(metadata);
    }
    default: break;
  }
  return Status::Invalid("Not an Avro-serialized instant: ", instant.ToString());
}

/// Which file of `instant` holds Avro, and whether it is a plan (requested/inflight)
/// or the completed metadata; nullopt when table version 6 stores it as JSON.
std::optional<bool> AvroIsPlan(const Instant& instant) {
  switch (instant.action) {
    case Action::kRollback:
    case Action::kClean:
    case Action::kRestore: return !instant.IsCompleted();
    case Action::kSavepoint: return instant.IsCompleted() ? std::optional<bool>(false)
                                                          : std::nullopt;
    case Action::kCompaction:
    case Action::kLogCompaction:
    case Action::kReplaceCommit: return instant.IsCompleted() ? std::nullopt
                                                              : std::optional<bool>(true);
    default: return std::nullopt;
  }
}

}  // namespace

Result<std::string> DescribeAvroInstant(const ActiveTimeline& timeline,
                                        const Instant& instant) {
  const std::optional<bool> is_plan = AvroIsPlan(instant);
  if (!is_plan || (instant.action == Action::kRestore && *is_plan)) {
    return Status::Invalid("Not an Avro-serialized instant file: ", instant.ToString());
  }
  Instant source = instant;
  ARROW_ASSIGN_OR_RAISE(std::string bytes, timeline.ReadDetails(instant));
  // Hudi writes rollback, compaction and replace inflight files empty, and a
  // replacecommit inflight file holds commit metadata JSON, not Avro: the plan is in
  // the requested file.
  if (instant.IsInflight() && (bytes.empty() || instant.action == Action::kReplaceCommit)) {
    source.state = State::kRequested;
    ARROW_ASSIGN_OR_RAISE(bytes, timeline.ReadDetails(source));
  }
  return timeline.InFile(DescribeBytes(instant, bytes, *is_plan), source);
}

}  // namespace hoodie
