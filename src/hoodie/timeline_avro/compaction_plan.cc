// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/timeline_avro/compaction_plan.cc
/// \brief Decode/encode of HoodieCompactionPlan.

#include "hoodie/timeline_avro/compaction_plan.h"

#include "hoodie/common/java_compat.h"
#include "hoodie/timeline_avro/model_container_internal.h"

namespace hoodie {

using ::arrow::Result;
using internal::HudiAvroRecord;
using internal::HudiRecordName;

namespace {

// The writer schema exactly as Hudi 0.15 embeds it in `avro.schema` (the SCHEMA$ of the
// generated class, with "avro.java.string" and doc attributes; taken from a plan Spark
// wrote), so a plan we write is the bytes Hudi writes for the same record and sync
// marker (tests/interop/test_compaction.py compares them).
constexpr char kJavaPlanSchema[] =
    R"({"type":"record","name":"HoodieCompactionPlan","namespace":"org.apache.hudi.avro.model",)"
    R"("fields":[{"name":"operations","type":["null",{"type":"array","items":{"type":"record",)"
    R"("name":"HoodieCompactionOperation","fields":[{"name":"baseInstantTime",)"
    R"("type":["null",{"type":"string","avro.java.string":"String"}]},{"name":"deltaFilePaths",)"
    R"("type":["null",{"type":"array","items":{"type":"string","avro.java.string":"String"})"
    R"(}],"default":null},{"name":"dataFilePath","type":["null",{"type":"string",)"
    R"("avro.java.string":"String"}],"default":null},{"name":"fileId","type":["null",)"
    R"({"type":"string","avro.java.string":"String"}]},{"name":"partitionPath",)"
    R"("type":["null",{"type":"string","avro.java.string":"String"}],"default":null})"
    R"(,{"name":"metrics","type":["null",{"type":"map","values":"double","avro.java.string":"String"})"
    R"(],"default":null},{"name":"bootstrapFilePath","type":["null",{"type":"string",)"
    R"("avro.java.string":"String"}],"default":null}]}}],"default":null},{"name":"extraMetadata",)"
    R"("type":["null",{"type":"map","values":{"type":"string","avro.java.string":"String"})"
    R"(,"avro.java.string":"String"}],"default":null},{"name":"version","type":["int",)"
    R"("null"],"default":1},{"name":"strategy","type":["null",{"type":"record",)"
    R"("name":"HoodieCompactionStrategy","fields":[{"name":"compactorClassName",)"
    R"("type":["null",{"type":"string","avro.java.string":"String"}],"doc":"The class name that is provided here should extend CompactionExecutionStrategy abstract class,)"
    R"( idea is that the plan generator will also provide the execution strategy to use.",)"
    R"("default":null},{"name":"strategyParams","type":["null",{"type":"map",)"
    R"("values":{"type":"string","avro.java.string":"String"},"avro.java.string":"String"})"
    R"(],"doc":"These parameters play a key role in determining which action type it is i.e. compaction or logcompaction and it will also include configs that determine how compaction needs to be executed.",)"
    R"("default":null},{"name":"version","type":["int","null"],"default":1}]})"
    R"(],"default":null},{"name":"preserveHoodieMetadata","type":["boolean","null"])"
    R"(,"default":false}]})";

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

// Java writes the metrics of a HashMap (CompactionPlanStrategy.captureMetrics) in its
// iteration order; so do we, for plan files byte-identical with Hudi's.
AvroValue MetricsToValue(const std::optional<std::map<std::string, double>>& metrics) {
  if (!metrics) return AvroValue::Null();
  std::vector<std::pair<std::string, double>> ordered(metrics->begin(), metrics->end());
  OrderLikeJavaHashMap(&ordered);
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

Result<CompactionPlanStrategy> StrategyFromValue(const AvroValue& record) {
  CompactionPlanStrategy strategy;
  ARROW_ASSIGN_OR_RAISE(strategy.compactor_class_name,
                        internal::GetOptionalString(record, "compactorClassName"));
  ARROW_ASSIGN_OR_RAISE(strategy.strategy_params,
                        internal::GetOptionalStringMap(record, "strategyParams"));
  ARROW_ASSIGN_OR_RAISE(strategy.version, internal::GetOptionalInt(record, "version"));
  return strategy;
}

AvroValue StrategyToValue(const CompactionPlanStrategy& strategy) {
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
  return WriteSingleRecordContainer(kJavaPlanSchema, ToAvroValue());
}

}  // namespace hoodie
