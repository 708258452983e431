// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/timeline_avro/requested_replace_metadata.cc
/// \brief Decode/encode of HoodieRequestedReplaceMetadata and HoodieClusteringPlan.

#include "hoodie/timeline_avro/requested_replace_metadata.h"

#include "hoodie/timeline_avro/model_container_internal.h"

namespace hoodie {

using ::arrow::Result;
using internal::HudiAvroRecord;
using internal::HudiRecordName;

namespace {

Result<SliceInfo> SliceFromValue(const AvroValue& record) {
  SliceInfo slice;
  ARROW_ASSIGN_OR_RAISE(slice.data_file_path,
                        internal::GetOptionalString(record, "dataFilePath"));
  ARROW_ASSIGN_OR_RAISE(slice.delta_file_paths,
                        internal::GetOptionalStringArray(record, "deltaFilePaths"));
  ARROW_ASSIGN_OR_RAISE(slice.file_id, internal::GetOptionalString(record, "fileId"));
  ARROW_ASSIGN_OR_RAISE(slice.partition_path,
                        internal::GetOptionalString(record, "partitionPath"));
  ARROW_ASSIGN_OR_RAISE(slice.bootstrap_file_path,
                        internal::GetOptionalString(record, "bootstrapFilePath"));
  ARROW_ASSIGN_OR_RAISE(slice.version, internal::GetOptionalInt(record, "version"));
  return slice;
}

AvroValue SliceToValue(const SliceInfo& slice) {
  return AvroValue::Record(
      HudiRecordName("HoodieSliceInfo"),
      {{"dataFilePath", internal::OptionalString(slice.data_file_path)},
       {"deltaFilePaths", internal::OptionalStringArray(slice.delta_file_paths)},
       {"fileId", internal::OptionalString(slice.file_id)},
       {"partitionPath", internal::OptionalString(slice.partition_path)},
       {"bootstrapFilePath", internal::OptionalString(slice.bootstrap_file_path)},
       {"version", internal::OptionalInt(slice.version)}});
}

Result<ClusteringGroup> GroupFromValue(const AvroValue& record) {
  ClusteringGroup group;
  ARROW_ASSIGN_OR_RAISE(const AvroValue* slices, record.Field("slices"));
  if (!slices->is_null()) {
    ARROW_ASSIGN_OR_RAISE(group.slices,
                          internal::DecodeArray<SliceInfo>(*slices, SliceFromValue));
  }
  ARROW_ASSIGN_OR_RAISE(group.metrics, internal::GetOptionalDoubleMap(record, "metrics"));
  ARROW_ASSIGN_OR_RAISE(group.num_output_file_groups,
                        internal::GetOptionalInt(record, "numOutputFileGroups"));
  ARROW_ASSIGN_OR_RAISE(group.extra_metadata,
                        internal::GetOptionalStringMap(record, "extraMetadata"));
  ARROW_ASSIGN_OR_RAISE(group.version, internal::GetOptionalInt(record, "version"));
  return group;
}

AvroValue GroupToValue(const ClusteringGroup& group) {
  return AvroValue::Record(
      HudiRecordName("HoodieClusteringGroup"),
      {{"slices", group.slices ? internal::EncodeArray(*group.slices, SliceToValue)
                               : AvroValue::Null()},
       {"metrics", internal::OptionalDoubleMap(group.metrics)},
       {"numOutputFileGroups", internal::OptionalInt(group.num_output_file_groups)},
       {"extraMetadata", internal::OptionalStringMap(group.extra_metadata)},
       {"version", internal::OptionalInt(group.version)}});
}

Result<ClusteringStrategy> StrategyFromValue(const AvroValue& record) {
  ClusteringStrategy strategy;
  ARROW_ASSIGN_OR_RAISE(strategy.strategy_class_name,
                        internal::GetOptionalString(record, "strategyClassName"));
  ARROW_ASSIGN_OR_RAISE(strategy.strategy_params,
                        internal::GetOptionalStringMap(record, "strategyParams"));
  ARROW_ASSIGN_OR_RAISE(strategy.version, internal::GetOptionalInt(record, "version"));
  return strategy;
}

AvroValue StrategyToValue(const ClusteringStrategy& strategy) {
  return AvroValue::Record(
      HudiRecordName("HoodieClusteringStrategy"),
      {{"strategyClassName", internal::OptionalString(strategy.strategy_class_name)},
       {"strategyParams", internal::OptionalStringMap(strategy.strategy_params)},
       {"version", internal::OptionalInt(strategy.version)}});
}

Result<ClusteringPlan> PlanFromValue(const AvroValue& record) {
  ClusteringPlan plan;
  ARROW_ASSIGN_OR_RAISE(const AvroValue* groups, record.Field("inputGroups"));
  if (!groups->is_null()) {
    ARROW_ASSIGN_OR_RAISE(plan.input_groups,
                          internal::DecodeArray<ClusteringGroup>(*groups, GroupFromValue));
  }
  ARROW_ASSIGN_OR_RAISE(const AvroValue* strategy, record.Field("strategy"));
  if (!strategy->is_null()) {
    ARROW_ASSIGN_OR_RAISE(plan.strategy, StrategyFromValue(*strategy));
  }
  ARROW_ASSIGN_OR_RAISE(plan.extra_metadata,
                        internal::GetOptionalStringMap(record, "extraMetadata"));
  ARROW_ASSIGN_OR_RAISE(plan.version, internal::GetOptionalInt(record, "version"));
  ARROW_ASSIGN_OR_RAISE(plan.preserve_hoodie_metadata,
                        internal::GetOptionalBoolean(record, "preserveHoodieMetadata"));
  return plan;
}

AvroValue PlanToValue(const ClusteringPlan& plan) {
  return AvroValue::Record(
      HudiRecordName("HoodieClusteringPlan"),
      {{"inputGroups", plan.input_groups
                           ? internal::EncodeArray(*plan.input_groups, GroupToValue)
                           : AvroValue::Null()},
       {"strategy", plan.strategy ? StrategyToValue(*plan.strategy) : AvroValue::Null()},
       {"extraMetadata", internal::OptionalStringMap(plan.extra_metadata)},
       {"version", internal::OptionalInt(plan.version)},
       {"preserveHoodieMetadata", internal::OptionalBoolean(plan.preserve_hoodie_metadata)}});
}

}  // namespace

Result<RequestedReplaceMetadata> RequestedReplaceMetadata::FromAvroValue(
    const AvroValue& record) {
  RequestedReplaceMetadata metadata;
  ARROW_ASSIGN_OR_RAISE(metadata.operation_type,
                        internal::GetOptionalString(record, "operationType"));
  ARROW_ASSIGN_OR_RAISE(const AvroValue* plan, record.Field("clusteringPlan"));
  if (!plan->is_null()) {
    ARROW_ASSIGN_OR_RAISE(metadata.clustering_plan, PlanFromValue(*plan));
  }
  ARROW_ASSIGN_OR_RAISE(metadata.extra_metadata,
                        internal::GetOptionalStringMap(record, "extraMetadata"));
  ARROW_ASSIGN_OR_RAISE(metadata.version, internal::GetOptionalInt(record, "version"));
  return metadata;
}

AvroValue RequestedReplaceMetadata::ToAvroValue() const {
  return AvroValue::Record(
      HudiRecordName("HoodieRequestedReplaceMetadata"),
      {{"operationType", internal::OptionalString(operation_type)},
       {"clusteringPlan", clustering_plan ? PlanToValue(*clustering_plan) : AvroValue::Null()},
       {"extraMetadata", internal::OptionalStringMap(extra_metadata)},
       {"version", internal::OptionalInt(version)}});
}

Result<RequestedReplaceMetadata> RequestedReplaceMetadata::FromAvroBytes(
    std::string_view bytes) {
  return internal::ModelFromContainer<RequestedReplaceMetadata>(
      bytes, HudiAvroRecord::kRequestedReplaceMetadata, "HoodieRequestedReplaceMetadata");
}

Result<std::string> RequestedReplaceMetadata::ToAvroBytes() const {
  return internal::ModelToContainer(ToAvroValue(), HudiAvroRecord::kRequestedReplaceMetadata);
}

}  // namespace hoodie
