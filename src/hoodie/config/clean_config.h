// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/config/clean_config.h
/// \brief Cleaning of old file slices and archival of the timeline.
#pragma once

#include <cstdint>
#include <string>

#include "hoodie/config/config_property.h"
#include "hoodie/visibility.h"

namespace hoodie {

class ConfigRegistry;

/// Keys of the "Clean and Archive" group. Immutable statics; thread-safe to read.
struct HOODIE_EXPORT CleanConfig {
  /// hoodie.cleaner.policy
  static const ConfigProperty<std::string> kCleanerPolicy;
  /// hoodie.cleaner.policy.failed.writes
  static const ConfigProperty<std::string> kFailedWritesPolicy;
  /// hoodie.cleaner.commits.retained
  static const ConfigProperty<int32_t> kCommitsRetained;
  /// hoodie.clean.automatic
  static const ConfigProperty<bool> kAutoClean;
  /// hoodie.clean.async
  static const ConfigProperty<bool> kAsyncClean;
  /// hoodie.archive.automatic
  static const ConfigProperty<bool> kAutoArchive;
  /// hoodie.archive.async
  static const ConfigProperty<bool> kAsyncArchive;
  /// hoodie.keep.min.commits
  static const ConfigProperty<int32_t> kKeepMinCommits;
  /// hoodie.keep.max.commits
  static const ConfigProperty<int32_t> kKeepMaxCommits;
  /// hoodie.commits.archival.batch
  static const ConfigProperty<int32_t> kArchivalBatch;
  /// hoodie.archive.proceed.savepoint
  static const ConfigProperty<bool> kArchiveProceedSavepoint;
  /// hoodie.archive.merge.enable (refused unless false)
  static const ConfigProperty<bool> kArchiveMergeEnable;
  /// hoodie.fail.on.timeline.archiving
  static const ConfigProperty<bool> kFailOnTimelineArchiving;
  /// hoodie.archive.delete.parallelism (no effect)
  static const ConfigProperty<int32_t> kArchiveDeleteParallelism;
  /// hoodie.cleaner.parallelism
  static const ConfigProperty<int32_t> kCleanerParallelism;
  /// hoodie.cleaner.hours.retained
  static const ConfigProperty<int32_t> kHoursRetained;
  /// hoodie.cleaner.fileversions.retained
  static const ConfigProperty<int32_t> kFileVersionsRetained;
  /// hoodie.clean.max.commits
  static const ConfigProperty<int32_t> kCleanMaxCommits;
  /// hoodie.cleaner.incremental.mode
  static const ConfigProperty<bool> kIncrementalMode;
  /// hoodie.clean.trigger.strategy
  static const ConfigProperty<std::string> kCleanTriggerStrategy;

  /// Adds every key above to `registry`.
  static void Register(ConfigRegistry* registry);
};

}  // namespace hoodie
