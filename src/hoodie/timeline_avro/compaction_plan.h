// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/timeline_avro/compaction_plan.h
/// \brief The compaction / log compaction plan (`T.compaction.requested`,
/// `T.logcompaction.requested`) Avro record (HoodieCompactionPlan, Hudi 0.15).
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

/// One file slice to compact (HoodieCompactionOperation).
struct HOODIE_EXPORT CompactionOperation {
  std::optional<std::string> base_instant_time;
  /// Log file names (plan version 2).
  std::optional<std::vector<std::string>> delta_file_paths;
  /// Base file name.
  std::optional<std::string> data_file_path;
  std::optional<std::string> file_id;
  std::optional<std::string> partition_path;
  std::optional<std::map<std::string, double>> metrics;
  std::optional<std::string> bootstrap_file_path;

  bool operator==(const CompactionOperation&) const = default;
};

/// The strategy that made the plan (HoodieCompactionStrategy).
struct HOODIE_EXPORT CompactionPlanStrategy {
  std::optional<std::string> compactor_class_name;
  std::optional<std::map<std::string, std::string>> strategy_params;
  std::optional<int32_t> version = 1;

  bool operator==(const CompactionPlanStrategy&) const = default;
};

/// \brief A compaction plan (HoodieCompactionPlan). A value; thread-compatible.
struct HOODIE_EXPORT CompactionPlan {
  std::optional<std::vector<CompactionOperation>> operations;
  std::optional<std::map<std::string, std::string>> extra_metadata;
  /// Hudi writes 2 (CompactionUtils.LATEST_COMPACTION_METADATA_VERSION).
  std::optional<int32_t> version = 1;
  std::optional<CompactionPlanStrategy> strategy;
  std::optional<bool> preserve_hoodie_metadata = false;

  /// Decodes a requested compaction or log compaction file
  /// (TimelineMetadataUtils.deserializeCompactionPlan).
  /// \return Invalid for a corrupt container or a record of another schema.
  static ::arrow::Result<CompactionPlan> FromAvroBytes(std::string_view bytes);
  ::arrow::Result<std::string> ToAvroBytes() const;
  static ::arrow::Result<CompactionPlan> FromAvroValue(const AvroValue& record);
  AvroValue ToAvroValue() const;
  bool operator==(const CompactionPlan&) const = default;
};

}  // namespace hoodie
