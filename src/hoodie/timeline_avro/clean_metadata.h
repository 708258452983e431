// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/timeline_avro/clean_metadata.h
/// \brief The cleaner plan (`T.clean.requested`, `T.clean.inflight`) and clean metadata
/// (`T.clean`) Avro records (HoodieCleanerPlan / HoodieCleanMetadata, Hudi 0.15).
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <arrow/result.h>

#include "hoodie/format/avro_codec/avro_value.h"
#include "hoodie/visibility.h"

namespace hoodie {

class ActiveTimeline;

/// An instant with its state as text (HoodieActionInstant).
struct HOODIE_EXPORT ActionInstant {
  std::string timestamp;
  std::string action;
  std::string state;

  bool operator==(const ActionInstant&) const = default;
};

/// One file a version-2 cleaner plan deletes (HoodieCleanFileInfo).
struct HOODIE_EXPORT CleanFileInfo {
  std::optional<std::string> file_path;
  std::optional<bool> is_bootstrap_base_file;

  bool operator==(const CleanFileInfo&) const = default;
};

/// \brief The plan of a clean (HoodieCleanerPlan). A value; thread-compatible.
struct HOODIE_EXPORT CleanerPlan {
  std::optional<ActionInstant> earliest_instant_to_retain;
  std::string last_completed_commit_timestamp;
  /// KEEP_LATEST_COMMITS, KEEP_LATEST_FILE_VERSIONS or KEEP_LATEST_BY_HOURS.
  std::string policy;
  /// Plan version 1: partition -> file names.
  std::optional<std::map<std::string, std::vector<std::string>>>
      files_to_be_deleted_per_partition;
  /// Hudi writes 2 (CleanPlanner.LATEST_CLEAN_PLAN_VERSION).
  std::optional<int32_t> version = 1;
  /// Plan version 2: partition -> files with full paths.
  std::optional<std::map<std::string, std::vector<CleanFileInfo>>>
      file_paths_to_be_deleted_per_partition;
  std::optional<std::vector<std::string>> partitions_to_be_deleted;
  std::optional<std::map<std::string, std::string>> extra_metadata;

  /// Decodes a requested or inflight clean file
  /// (TimelineMetadataUtils.deserializeCleanerPlan).
  /// \return Invalid for a corrupt container or a record of another schema.
  static ::arrow::Result<CleanerPlan> FromAvroBytes(std::string_view bytes);
  ::arrow::Result<std::string> ToAvroBytes() const;
  static ::arrow::Result<CleanerPlan> FromAvroValue(const AvroValue& record);
  AvroValue ToAvroValue() const;
  bool operator==(const CleanerPlan&) const = default;
};

/// What a clean did in one partition (HoodieCleanPartitionMetadata).
struct HOODIE_EXPORT CleanPartitionMetadata {
  std::string partition_path;
  std::string policy;
  std::vector<std::string> delete_path_patterns;
  std::vector<std::string> success_delete_files;
  std::vector<std::string> failed_delete_files;
  std::optional<bool> is_partition_deleted;

  bool operator==(const CleanPartitionMetadata&) const = default;
};

/// \brief A completed clean (HoodieCleanMetadata). A value; thread-compatible.
struct HOODIE_EXPORT CleanMetadata {
  std::string start_clean_time;
  int64_t time_taken_in_millis = 0;
  int32_t total_files_deleted = 0;
  std::string earliest_commit_to_retain;
  std::string last_completed_commit_timestamp;
  std::map<std::string, CleanPartitionMetadata> partition_metadata;
  /// Hudi writes 2.
  std::optional<int32_t> version = 1;
  std::optional<std::map<std::string, CleanPartitionMetadata>> bootstrap_partition_metadata;
  std::optional<std::map<std::string, std::string>> extra_metadata;

  /// Decodes a `T.clean` file (TimelineMetadataUtils.deserializeHoodieCleanMetadata).
  /// \return Invalid for a corrupt container or a record of another schema.
  static ::arrow::Result<CleanMetadata> FromAvroBytes(std::string_view bytes);
  ::arrow::Result<std::string> ToAvroBytes() const;
  static ::arrow::Result<CleanMetadata> FromAvroValue(const AvroValue& record);
  AvroValue ToAvroValue() const;
  bool operator==(const CleanMetadata&) const = default;
};

/// The earliest commit the last completed clean of `timeline` retains: older commits
/// may have lost their files. Empty without a completed clean, or when the clean kept
/// file versions rather than commits. IOError/Invalid for unreadable clean metadata.
HOODIE_EXPORT ::arrow::Result<std::string> EarliestCommitRetainedByLastClean(
    const ActiveTimeline& timeline);

}  // namespace hoodie
