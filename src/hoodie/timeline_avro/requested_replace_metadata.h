// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/timeline_avro/requested_replace_metadata.h
/// \brief The requested replacecommit (`T.replacecommit.requested`) Avro record with its
/// clustering plan (HoodieRequestedReplaceMetadata, HoodieClusteringPlan, Hudi 0.15).
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

/// One file slice of a clustering group (HoodieSliceInfo).
struct HOODIE_EXPORT SliceInfo {
  std::optional<std::string> data_file_path;
  std::optional<std::vector<std::string>> delta_file_paths;
  std::optional<std::string> file_id;
  std::optional<std::string> partition_path;
  std::optional<std::string> bootstrap_file_path;
  std::optional<int32_t> version = 1;

  bool operator==(const SliceInfo&) const = default;
};

/// File slices rewritten together (HoodieClusteringGroup).
struct HOODIE_EXPORT ClusteringGroup {
  std::optional<std::vector<SliceInfo>> slices;
  std::optional<std::map<std::string, double>> metrics;
  std::optional<int32_t> num_output_file_groups = 1;
  std::optional<std::map<std::string, std::string>> extra_metadata;
  std::optional<int32_t> version = 1;

  bool operator==(const ClusteringGroup&) const = default;
};

/// The execution strategy of a clustering (HoodieClusteringStrategy).
struct HOODIE_EXPORT ClusteringStrategy {
  std::optional<std::string> strategy_class_name;
  std::optional<std::map<std::string, std::string>> strategy_params;
  std::optional<int32_t> version = 1;

  bool operator==(const ClusteringStrategy&) const = default;
};

/// A clustering plan (HoodieClusteringPlan).
struct HOODIE_EXPORT ClusteringPlan {
  std::optional<std::vector<ClusteringGroup>> input_groups;
  std::optional<ClusteringStrategy> strategy;
  std::optional<std::map<std::string, std::string>> extra_metadata;
  std::optional<int32_t> version = 1;
  std::optional<bool> preserve_hoodie_metadata;

  bool operator==(const ClusteringPlan&) const = default;
};

/// \brief A requested replacecommit (HoodieRequestedReplaceMetadata). Clustering fills
/// `operation_type` ("CLUSTER") and the plan; insert_overwrite and delete_partition
/// write every field null, `version` included. A value; thread-compatible.
struct HOODIE_EXPORT RequestedReplaceMetadata {
  std::optional<std::string> operation_type;
  std::optional<ClusteringPlan> clustering_plan;
  std::optional<std::map<std::string, std::string>> extra_metadata;
  std::optional<int32_t> version = 1;

  /// Decodes a `T.replacecommit.requested` file
  /// (TimelineMetadataUtils.deserializeRequestedReplaceMetadata).
  /// \return Invalid for a corrupt container or a record of another schema.
  static ::arrow::Result<RequestedReplaceMetadata> FromAvroBytes(std::string_view bytes);
  ::arrow::Result<std::string> ToAvroBytes() const;
  static ::arrow::Result<RequestedReplaceMetadata> FromAvroValue(const AvroValue& record);
  AvroValue ToAvroValue() const;
  bool operator==(const RequestedReplaceMetadata&) const = default;
};

}  // namespace hoodie
