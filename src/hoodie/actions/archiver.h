// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/actions/archiver.h
/// \brief Timeline archival (Hudi 0.15's HoodieTimelineArchiver and ArchivalUtils):
/// which instants leave the active timeline, their HoodieArchivedMetaEntry records in a
/// new `.hoodie/archived/.commits_.archive.N_1-0-1` log file, then the deletion of
/// their state files.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <arrow/result.h>

#include "hoodie/actions/clean_planner.h"
#include "hoodie/actions/compaction_trigger.h"
#include "hoodie/config/clean_config.h"
#include "hoodie/config/config_default.h"
#include "hoodie/timeline/instant.h"
#include "hoodie/visibility.h"

namespace hoodie {

class ActiveTimeline;
class HoodieConfig;
class TableMetaClient;

/// \brief Settings of the archiver, built once by FromConfig. A value type; members
/// start at their keys' declared defaults (DefaultOf).
struct HOODIE_EXPORT ArchiveOptions {
  /// hoodie.keep.min.commits / hoodie.keep.max.commits, as configured.
  int32_t min_commits = DefaultOf(CleanConfig::kKeepMinCommits);
  int32_t max_commits = DefaultOf(CleanConfig::kKeepMaxCommits);
  /// hoodie.commits.archival.batch: records per Avro data block.
  int32_t batch = DefaultOf(CleanConfig::kArchivalBatch);
  /// hoodie.archive.proceed.savepoint.
  bool proceed_savepoint = DefaultOf(CleanConfig::kArchiveProceedSavepoint);
  /// hoodie.fail.on.timeline.archiving.
  bool fail_on_error = DefaultOf(CleanConfig::kFailOnTimelineArchiving);
  /// The cleaner's retention, which can raise min and max (ArchivalUtils).
  CleanOptions clean;
  /// The compaction trigger: on merge-on-read tables with a commit-counting trigger,
  /// archival keeps the deltacommits the next compaction needs.
  CompactionTriggerOptions compaction;
  /// Whether raising min and max for the cleaner warns (a metadata table's archival,
  /// whose cleaner always retains more than keep.min, does not).
  bool warn_on_adjustment = true;
  /// When set, instants at or after it stay: a metadata table's archival stops at the
  /// data table's earliest active or pending instant, whose deltacommits readers still
  /// resolve against the data timeline.
  std::optional<std::string> archive_before;

  /// Reads the keys above, validated as HoodieWriteConfig does: keep.max must exceed
  /// keep.min (Invalid with Hudi's message); keep.min <= cleaner.commits.retained only
  /// warns, since the archiver raises keep.min from the cleaner's retention anyway.
  static ::arrow::Result<ArchiveOptions> FromConfig(const HoodieConfig& config);
};

/// What one archival did.
struct HOODIE_EXPORT ArchiveOutcome {
  /// The state files archived and deleted, in archive order.
  std::vector<Instant> archived;
  /// The archive file written (empty when nothing was archived).
  std::string archive_file;
  /// keep.min / keep.max after the cleaner's adjustment.
  int32_t min_commits = 0;
  int32_t max_commits = 0;
  /// Why nothing was archived (empty when something was).
  std::string why_not;
};

/// The (timestamp, action) of the instants to archive, oldest first per group
/// (getInstantsToArchive before the expansion into state files): completed cleans and
/// rollbacks beyond keep.max per action, then completed commits beyond keep.max down to
/// keep.min, never at or after the first savepoint (unless proceed_savepoint, which
/// skips only the savepointed commits), the oldest pending write, the deltacommits the
/// next compaction needs, or the replacecommits the cleaner has not passed. With the
/// metadata table available, only instants before its latest compaction.
/// \param[out] outcome gets the effective min/max and why_not.
HOODIE_EXPORT ::arrow::Result<std::vector<Instant>> SelectInstantsToArchive(
    const TableMetaClient& table, const ActiveTimeline& timeline,
    const ArchiveOptions& options, ArchiveOutcome* outcome);

/// Archives what SelectInstantsToArchive picks (archiveIfRequired): deletes leftover
/// marker folders, writes the records of every state file of those instants in blocks
/// of `batch` into the next archive file version, then deletes the pending state files
/// and then the completed ones in ascending time order. A crash after the archive file
/// leaves instants both archived and active; the next archival archives them again, as
/// Hudi's does.
/// \return IOError from storage; Invalid/NotImplemented for an instant that cannot be
///   archived when fail_on_error (else it is skipped with an error logged).
HOODIE_EXPORT
::arrow::Result<ArchiveOutcome> RunArchive(const std::shared_ptr<TableMetaClient>& table,
                                           const ArchiveOptions& options);

}  // namespace hoodie
