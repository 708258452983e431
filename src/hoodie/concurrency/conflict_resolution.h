// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/concurrency/conflict_resolution.h
/// \brief The conflict check of optimistic concurrency control, as Hudi 0.15's
/// TransactionUtils.resolveWriteConflictIfAny runs it at pre-commit under the lock:
/// the instants that completed since the write began, and the compactions and
/// clusterings planned after it, are compared with the write by the file groups each
/// changes (ConcurrentOperation); a strategy (hoodie.write.lock.conflict.resolution
/// .strategy) decides which overlaps are conflicts.
#pragma once

#include <memory>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include <arrow/result.h>
#include <arrow/status.h>

#include "hoodie/common/plugin_registry.h"
#include "hoodie/table/commit_hooks.h"
#include "hoodie/timeline/commit_metadata.h"
#include "hoodie/timeline/instant.h"
#include "hoodie/visibility.h"

namespace hoodie {

class ActiveTimeline;

/// (partition path, file id): one file group.
using FileGroupKey = std::pair<std::string, std::string>;

/// \brief One instant as the conflict check sees it (Hudi's ConcurrentOperation): the
/// file groups it writes or replaces, and its operation.
struct HOODIE_EXPORT ConcurrentOperation {
  Instant instant;
  WriteOperationType operation = WriteOperationType::kUnknown;
  std::set<FileGroupKey> file_groups;

  /// The operation of the instant being committed, from its metadata: the file groups
  /// of its write stats, and those it replaces.
  static ConcurrentOperation OfCommit(const Instant& instant, const CommitMetadata& metadata,
                                      const ReplaceCommitMetadata* replace);
  /// A candidate instant of `timeline`: a completed commit, deltacommit or
  /// replacecommit (its metadata), a pending compaction (its plan's file groups) or a
  /// pending clustering (its input file groups). \return the read error naming the
  ///   instant's file.
  static ::arrow::Result<ConcurrentOperation> Of(const ActiveTimeline& timeline,
                                                 const Instant& instant);
};

/// The last completed commit, deltacommit or replacecommit of `started_on`, the timeline
/// a write began on (TransactionUtils.getLastCompletedTxnInstantAndMetadata).
HOODIE_EXPORT std::optional<Instant> LastCompletedCommit(const ActiveTimeline& started_on);

/// The commits, deltacommits and replacecommits of `now` completed after
/// `last_completed` (all of them when it is nullopt): what a write that saw
/// `last_completed` did not see.
HOODIE_EXPORT std::vector<Instant> CommitsCompletedAfter(
    const ActiveTimeline& now, const std::optional<Instant>& last_completed);

/// \brief Hudi's ConflictResolutionStrategy: which instants a write is compared with,
/// when two operations overlap, and which overlaps are allowed.
class HOODIE_EXPORT ConflictResolutionStrategy {
 public:
  virtual ~ConflictResolutionStrategy() = default;
  /// The instants of `now` to compare `current` with: those completed after
  /// `last_completed` (the last completed commit as the write began), and the
  /// compactions and clusterings planned after `current`.
  virtual std::vector<Instant> CandidateInstants(
      const ActiveTimeline& now, const Instant& current,
      const std::optional<Instant>& last_completed) const = 0;
  /// The file groups both change; empty when they do not conflict.
  virtual std::set<FileGroupKey> Overlap(const ConcurrentOperation& mine,
                                         const ConcurrentOperation& other) const = 0;
  /// OK when `mine` may commit despite the overlap; a kWriteConflict error otherwise.
  virtual ::arrow::Status Resolve(const ConcurrentOperation& mine,
                                  const ConcurrentOperation& other,
                                  const std::set<FileGroupKey>& overlap) const = 0;
};

/// \brief SimpleConcurrentFileWritesConflictResolutionStrategy: two operations conflict
/// when they change a file group in common, unless the other is a compaction planned
/// before this write (its slice is the one the write saw) or this is a log compaction.
class HOODIE_EXPORT SimpleFileWritesConflictStrategy : public ConflictResolutionStrategy {
 public:
  static constexpr const char* kClassName =
      "org.apache.hudi.client.transaction."
      "SimpleConcurrentFileWritesConflictResolutionStrategy";
  std::vector<Instant> CandidateInstants(
      const ActiveTimeline& now, const Instant& current,
      const std::optional<Instant>& last_completed) const override;
  std::set<FileGroupKey> Overlap(const ConcurrentOperation& mine,
                                 const ConcurrentOperation& other) const override;
  ::arrow::Status Resolve(const ConcurrentOperation& mine, const ConcurrentOperation& other,
                          const std::set<FileGroupKey>& overlap) const override;
};

/// \brief Conflict resolution strategies by Hudi class name and short name.
class HOODIE_EXPORT ConflictStrategyRegistry
    : public PluginRegistry<ConflictResolutionStrategy> {
 public:
  ConflictStrategyRegistry() : PluginRegistry("conflict resolution strategy") {}
  static ConflictStrategyRegistry* Global();
};

/// The pre-commit conflict check (commit_hooks.h) of optimistic concurrency control
/// with `strategy`: for the instants of writes (commits, deltacommits, replacecommits;
/// compactions and the actions that write no files pass), the timeline is listed again
/// and the write compared with every candidate instant and with every instant that
/// was pending when it began and has completed since.
/// \return a check whose error carries kWriteConflict, naming both instants and the
///   file groups.
HOODIE_EXPORT ConflictCheck
MakeConflictCheck(std::shared_ptr<const ConflictResolutionStrategy> strategy);

}  // namespace hoodie
