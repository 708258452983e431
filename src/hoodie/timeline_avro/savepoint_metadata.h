// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/timeline_avro/savepoint_metadata.h
/// \brief The savepoint (`T.savepoint`) and restore (`T.restore`) Avro records
/// (HoodieSavepointMetadata, HoodieRestoreMetadata) and the restore plan
/// (`R.restore.requested`, HoodieRestorePlan), Hudi 0.15.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <arrow/result.h>

#include "hoodie/format/avro_codec/avro_value.h"
#include "hoodie/timeline_avro/rollback_metadata.h"
#include "hoodie/visibility.h"

namespace hoodie {

/// The files a savepoint keeps in one partition (HoodieSavepointPartitionMetadata).
struct HOODIE_EXPORT SavepointPartitionMetadata {
  std::string partition_path;
  std::vector<std::string> savepoint_data_file;

  bool operator==(const SavepointPartitionMetadata&) const = default;
};

/// \brief A completed savepoint (HoodieSavepointMetadata). A value; thread-compatible.
struct HOODIE_EXPORT SavepointMetadata {
  std::string savepointed_by;
  /// Milliseconds since the epoch (System.currentTimeMillis()).
  int64_t savepointed_at = 0;
  std::string comments;
  std::map<std::string, SavepointPartitionMetadata> partition_metadata;
  std::optional<int32_t> version = 1;

  /// Decodes a `T.savepoint` file (TimelineMetadataUtils.deserializeHoodieSavepointMetadata).
  /// \return Invalid for a corrupt container or a record of another schema.
  static ::arrow::Result<SavepointMetadata> FromAvroBytes(std::string_view bytes);
  ::arrow::Result<std::string> ToAvroBytes() const;
  static ::arrow::Result<SavepointMetadata> FromAvroValue(const AvroValue& record);
  AvroValue ToAvroValue() const;
  bool operator==(const SavepointMetadata&) const = default;
};

/// \brief A completed restore (HoodieRestoreMetadata). A value; thread-compatible.
struct HOODIE_EXPORT RestoreMetadata {
  std::string start_restore_time;
  int64_t time_taken_in_millis = 0;
  std::vector<std::string> instants_to_rollback;
  /// Rolled-back instant -> the rollbacks done for it (Avro items may be null).
  std::map<std::string, std::vector<std::optional<RollbackMetadata>>>
      hoodie_restore_metadata;
  std::optional<int32_t> version = 1;
  std::vector<InstantInfo> restore_instant_info;

  /// Decodes a `T.restore` file (TimelineMetadataUtils.deserializeHoodieRestoreMetadata).
  /// \return Invalid for a corrupt container or a record of another schema.
  static ::arrow::Result<RestoreMetadata> FromAvroBytes(std::string_view bytes);
  ::arrow::Result<std::string> ToAvroBytes() const;
  static ::arrow::Result<RestoreMetadata> FromAvroValue(const AvroValue& record);
  AvroValue ToAvroValue() const;
  bool operator==(const RestoreMetadata&) const = default;
};

/// \brief A scheduled restore (`R.restore.requested`, HoodieRestorePlan). A value.
struct HOODIE_EXPORT RestorePlan {
  /// The instants to roll back, newest first.
  std::vector<InstantInfo> instants_to_rollback;
  /// Hudi writes 2 (RestorePlanActionExecutor.RESTORE_PLAN_VERSION_2).
  std::optional<int32_t> version = 2;
  std::optional<std::string> savepoint_to_restore_timestamp;

  static ::arrow::Result<RestorePlan> FromAvroBytes(std::string_view bytes);
  ::arrow::Result<std::string> ToAvroBytes() const;
  static ::arrow::Result<RestorePlan> FromAvroValue(const AvroValue& record);
  AvroValue ToAvroValue() const;
  bool operator==(const RestorePlan&) const = default;
};

}  // namespace hoodie
