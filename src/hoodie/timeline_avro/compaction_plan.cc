// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/timeline_avro/compaction_plan.cc
/// \brief Decode/encode of HoodieCompactionPlan.

#include "hoodie/timeline_avro/compaction_plan.h"

#include "hoodie/timeline/jackson_json_internal.h"
#include "hoodie/timeline_avro/model_container_internal.h"

namespace hoodie {

using ::arrow::Result;
using internal::HudiAvroRecord;
using internal::HudiRecordName;

namespace {

Result<CompactionOperation> OperationFromValue(const AvroValue& record) {
  CompactionOperation op;
  ARROW_ASSIGN_OR_RAISE(op.base_instant_time,
                        internal::GetOptionalString(record, "baseInstantTime"));
  ARROW_ASSIGN_OR_RAISE(op.delta_file_paths,
                        internal::GetOptionalStringArray(record, "deltaFilePaths"));
  ARROW_ASSIGN_OR_RAISE(op.data_file_path,
                        internal::GetOptionalString(record, "dataFilePath"));
  ARROW_ASSIGN_OR_RAISE(op.file_id, internal::GetOptionalString(record, "fileId"));
  ARROW_ASSIGN_OR_RAISE(op.partition_path,
                        internal::GetOptionalString(record, "partitionPath"));
  ARROW_ASSIGN_OR_RAISE(op.metrics, internal::GetOptionalDoubleMap(record, "metrics"));
  ARROW_ASSIGN_OR_RAISE(op.bootstrap_file_path,
                        internal::GetOptionalString(record, "bootstrapFilePath"));
  return op;
}

// Java writes the metrics of a HashMap (CompactionStrategy.captureMetrics) in its
// iteration order; so do we, for plan files byte-identical with Hudi's.
AvroValue MetricsToValue(const std::optional<std::map<std::string, double>>& metrics) {
  if (!metrics) return AvroValue::Null();
  std::vector<std::pair<std::string, double>> ordered(metrics->begin(), metrics->end());
  internal::OrderLikeJavaHashMap(&ordered);
  AvroEntries entries;
  for (const auto& [key, value] : ordered)
    entries.emplace_back(key, AvroValue::Double(value));
  return AvroValue::Map(std::move(entries));
}

AvroValue OperationToValue(const CompactionOperation& op) {
  return AvroValue::Record(
      HudiRecordName("HoodieCompactionOperation"),
      {{"baseInstantTime", internal::OptionalString(op.base_instant_time)},
       {"deltaFilePaths", internal::OptionalStringArray(op.delta_file_paths)},
       {"dataFilePath", internal::OptionalString(op.data_file_path)},
       {"fileId", internal::OptionalString(op.file_id)},
       {"partitionPath", internal::OptionalString(op.partition_path)},
       {"metrics", MetricsToValue(op.metrics)},
       {"bootstrapFilePath", internal::OptionalString(op.bootstrap_file_path)}});
}

Result<CompactionStrategy> StrategyFromValue(const AvroValue& record) {
  CompactionStrategy strategy;
  ARROW_ASSIGN_OR_RAISE(strategy.compactor_class_name,
                        internal::GetOptionalString(record, "compactorClassName"));
  ARROW_ASSIGN_OR_RAISE(strategy.strategy_params,
                        internal::GetOptionalStringMap(record, "strategyParams"));
  ARROW_ASSIGN_OR_RAISE(strategy.version, internal::GetOptionalInt(record, "version"));
  return strategy;
}

AvroValue StrategyToValue(const CompactionStrategy& strategy) {
  return AvroValue::Record(
      HudiRecordName("HoodieCompactionStrategy"),
      {{"compactorClassName", internal::OptionalString(strategy.compactor_class_name)},
       {"strategyParams", internal::OptionalStringMap(strategy.strategy_params)},
       {"version", internal::OptionalInt(strategy.version)}});
}

}  // namespace

Result<CompactionPlan> CompactionPlan::FromAvroValue(const AvroValue& record) {
  CompactionPlan plan;
  ARROW_ASSIGN_OR_RAISE(const AvroValue* operations, record.Field("operations"));
  if (!operations->is_null()) {
    ARROW_ASSIGN_OR_RAISE(plan.operations, internal::DecodeArray<CompactionOperation>(
                                               *operations, OperationFromValue));
  }
  ARROW_ASSIGN_OR_RAISE(plan.extra_metadata,
                        internal::GetOptionalStringMap(record, "extraMetadata"));
  ARROW_ASSIGN_OR_RAISE(plan.version, internal::GetOptionalInt(record, "version"));
  ARROW_ASSIGN_OR_RAISE(const AvroValue* strategy, record.Field("strategy"));
  if (!strategy->is_null()) {
    ARROW_ASSIGN_OR_RAISE(plan.strategy, StrategyFromValue(*strategy));
  }
  ARROW_ASSIGN_OR_RAISE(plan.preserve_hoodie_metadata,
                        internal::GetOptionalBoolean(record, "preserveHoodieMetadata"));
  return plan;
}

AvroValue CompactionPlan::ToAvroValue() const {
  return AvroValue::Record(
      HudiRecordName("HoodieCompactionPlan"),
      {{"operations", operations ? internal::EncodeArray(*operations, OperationToValue)
                                 : AvroValue::Null()},
       {"extraMetadata", internal::OptionalStringMap(extra_metadata)},
       {"version", internal::OptionalInt(version)},
       {"strategy", strategy ? StrategyToValue(*strategy) : AvroValue::Null()},
       {"preserveHoodieMetadata", internal::OptionalBoolean(preserve_hoodie_metadata)}});
}

Result<CompactionPlan> CompactionPlan::FromAvroBytes(std::string_view bytes) {
  return internal::ModelFromContainer<CompactionPlan>(
      bytes, HudiAvroRecord::kCompactionPlan, "HoodieCompactionPlan");
}

Result<std::string> CompactionPlan::ToAvroBytes() const {
  return internal::ModelToContainer(ToAvroValue(), HudiAvroRecord::kCompactionPlan);
}

}  // namespace hoodie
