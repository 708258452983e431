// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/timeline_avro/rollback_metadata.h
/// \brief The rollback plan (`T.rollback.requested`) and rollback metadata (`T.rollback`)
/// Avro records (org.apache.hudi.avro.model.HoodieRollbackPlan / HoodieRollbackMetadata).
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

/// An instant named by time and action (HoodieInstantInfo).
struct HOODIE_EXPORT InstantInfo {
  std::string commit_time;
  std::string action;

  static ::arrow::Result<InstantInfo> FromAvroValue(const AvroValue& record);
  AvroValue ToAvroValue() const;
  bool operator==(const InstantInfo&) const = default;
};

/// What to undo in one file group (HoodieRollbackRequest).
struct HOODIE_EXPORT RollbackRequest {
  std::string partition_path;
  std::optional<std::string> file_id;
  std::optional<std::string> latest_base_instant;
  /// Full paths of the files to delete.
  std::vector<std::string> files_to_be_deleted;
  /// Log file path or name -> size, for log files that get a rollback command block.
  std::optional<std::map<std::string, int64_t>> log_blocks_to_be_deleted;

  bool operator==(const RollbackRequest&) const = default;
};

/// \brief The plan in a requested rollback (HoodieRollbackPlan). A value; thread-compatible.
struct HOODIE_EXPORT RollbackPlan {
  std::optional<InstantInfo> instant_to_rollback;
  std::optional<std::vector<RollbackRequest>> rollback_requests;
  std::optional<int32_t> version = 1;

  /// Decodes a `T.rollback.requested` file (TimelineMetadataUtils.deserializeRollbackPlan).
  /// \return Invalid for a corrupt container or a record of another schema.
  static ::arrow::Result<RollbackPlan> FromAvroBytes(std::string_view bytes);
  /// The file bytes Hudi would read back (TimelineMetadataUtils.serializeRollbackPlan).
  ::arrow::Result<std::string> ToAvroBytes() const;
  static ::arrow::Result<RollbackPlan> FromAvroValue(const AvroValue& record);
  AvroValue ToAvroValue() const;
  bool operator==(const RollbackPlan&) const = default;
};

/// What a rollback did in one partition (HoodieRollbackPartitionMetadata).
struct HOODIE_EXPORT RollbackPartitionMetadata {
  std::string partition_path;
  std::vector<std::string> success_delete_files;
  std::vector<std::string> failed_delete_files;
  /// Log file path -> size of the log files a rollback command block was appended to.
  std::optional<std::map<std::string, int64_t>> rollback_log_files;
  /// Log file path -> size of the log files the rolled-back commit had written.
  std::optional<std::map<std::string, int64_t>> log_files_from_failed_commit;

  bool operator==(const RollbackPartitionMetadata&) const = default;
};

/// \brief A completed rollback (HoodieRollbackMetadata). A value; thread-compatible.
struct HOODIE_EXPORT RollbackMetadata {
  std::string start_rollback_time;
  int64_t time_taken_in_millis = 0;
  int32_t total_files_deleted = 0;
  std::vector<std::string> commits_rollback;
  std::map<std::string, RollbackPartitionMetadata> partition_metadata;
  std::optional<int32_t> version = 1;
  std::vector<InstantInfo> instants_rollback;

  /// Decodes a `T.rollback` file (TimelineMetadataUtils.deserializeHoodieRollbackMetadata).
  /// \return Invalid for a corrupt container or a record of another schema.
  static ::arrow::Result<RollbackMetadata> FromAvroBytes(std::string_view bytes);
  ::arrow::Result<std::string> ToAvroBytes() const;
  static ::arrow::Result<RollbackMetadata> FromAvroValue(const AvroValue& record);
  AvroValue ToAvroValue() const;
  bool operator==(const RollbackMetadata&) const = default;
};

}  // namespace hoodie
