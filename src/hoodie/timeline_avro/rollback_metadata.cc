// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/timeline_avro/rollback_metadata.cc
/// \brief Decode/encode of HoodieRollbackPlan and HoodieRollbackMetadata.

#include "hoodie/timeline_avro/rollback_metadata.h"

#include "hoodie/common/java_compat.h"
#include "hoodie/timeline_avro/model_container_internal.h"

namespace hoodie {

using ::arrow::Result;
using internal::HudiAvroRecord;

namespace {

using internal::HudiRecordName;

// The writer schemas exactly as Hudi 0.15 embeds them in `avro.schema` (the SCHEMA$ of
// the generated classes, with "avro.java.string" and doc attributes), so the files we
// write are the bytes Hudi writes for the same record and sync marker.
constexpr char kJavaPlanSchema[] =
    R"({"type":"record","name":"HoodieRollbackPlan",)"
    R"("namespace":"org.apache.hudi.avro.model","fields":[{"name":"instantToRollback",)"
    R"("type":["null",{"type":"record","name":"HoodieInstantInfo",)"
    R"("fields":[{"name":"commitTime","type":{"type":"string",)"
    R"("avro.java.string":"String"}},{"name":"action","type":{"type":"string",)"
    R"("avro.java.string":"String"}}]}],)"
    R"("doc":"Hoodie instant that needs to be rolled back","default":null},)"
    R"({"name":"RollbackRequests","type":["null",{"type":"array",)"
    R"("items":{"type":"record","name":"HoodieRollbackRequest",)"
    R"("fields":[{"name":"partitionPath","type":{"type":"string",)"
    R"("avro.java.string":"String"}},{"name":"fileId","type":["null",{"type":"string",)"
    R"("avro.java.string":"String"}],"default":null},{"name":"latestBaseInstant",)"
    R"("type":["null",{"type":"string","avro.java.string":"String"}],"default":null},)"
    R"({"name":"filesToBeDeleted","type":{"type":"array","items":{"type":"string",)"
    R"("avro.java.string":"String"},"default":[]},"default":[]},)"
    R"({"name":"logBlocksToBeDeleted","type":["null",{"type":"map","values":"long",)"
    R"("avro.java.string":"String"}],"default":null}]}}],"default":null},)"
    R"({"name":"version","type":["int","null"],"default":1}]})";
constexpr char kJavaMetadataSchema[] =
    R"({"type":"record","name":"HoodieRollbackMetadata",)"
    R"("namespace":"org.apache.hudi.avro.model","fields":[{"name":"startRollbackTime",)"
    R"("type":{"type":"string","avro.java.string":"String"}},)"
    R"({"name":"timeTakenInMillis","type":"long"},{"name":"totalFilesDeleted",)"
    R"("type":"int"},{"name":"commitsRollback","type":{"type":"array",)"
    R"("items":{"type":"string","avro.java.string":"String"}}},)"
    R"({"name":"partitionMetadata","type":{"type":"map","values":{"type":"record",)"
    R"("name":"HoodieRollbackPartitionMetadata","fields":[{"name":"partitionPath",)"
    R"("type":{"type":"string","avro.java.string":"String"}},)"
    R"({"name":"successDeleteFiles","type":{"type":"array","items":{"type":"string",)"
    R"("avro.java.string":"String"}}},{"name":"failedDeleteFiles",)"
    R"("type":{"type":"array","items":{"type":"string","avro.java.string":"String"}}},)"
    R"({"name":"rollbackLogFiles","type":["null",{"type":"map","values":"long",)"
    R"("avro.java.string":"String"}],"default":null},)"
    R"({"name":"logFilesFromFailedCommit","type":["null",{"type":"map","values":"long",)"
    R"("avro.java.string":"String"}],"default":null}]},"avro.java.string":"String"}},)"
    R"({"name":"version","type":["int","null"],"default":1},{"name":"instantsRollback",)"
    R"("type":{"type":"array","items":{"type":"record","name":"HoodieInstantInfo",)"
    R"("fields":[{"name":"commitTime","type":{"type":"string",)"
    R"("avro.java.string":"String"}},{"name":"action","type":{"type":"string",)"
    R"("avro.java.string":"String"}}]},"default":[]},"default":[]}]})";

Result<RollbackRequest> RequestFromValue(const AvroValue& record) {
  RollbackRequest request;
  ARROW_ASSIGN_OR_RAISE(request.partition_path,
                        internal::GetString(record, "partitionPath"));
  ARROW_ASSIGN_OR_RAISE(request.file_id, internal::GetOptionalString(record, "fileId"));
  ARROW_ASSIGN_OR_RAISE(request.latest_base_instant,
                        internal::GetOptionalString(record, "latestBaseInstant"));
  ARROW_ASSIGN_OR_RAISE(request.files_to_be_deleted,
                        internal::GetStringArray(record, "filesToBeDeleted"));
  ARROW_ASSIGN_OR_RAISE(request.log_blocks_to_be_deleted,
                        internal::GetOptionalLongMap(record, "logBlocksToBeDeleted"));
  return request;
}

AvroValue RequestToValue(const RollbackRequest& request) {
  return AvroValue::Record(
      HudiRecordName("HoodieRollbackRequest"),
      {{"partitionPath", AvroValue::String(request.partition_path)},
       {"fileId", internal::OptionalString(request.file_id)},
       {"latestBaseInstant", internal::OptionalString(request.latest_base_instant)},
       {"filesToBeDeleted", internal::StringArray(request.files_to_be_deleted)},
       {"logBlocksToBeDeleted",
        internal::OptionalLongMap(request.log_blocks_to_be_deleted)}});
}

Result<RollbackPartitionMetadata> PartitionFromValue(const AvroValue& record) {
  RollbackPartitionMetadata partition;
  ARROW_ASSIGN_OR_RAISE(partition.partition_path,
                        internal::GetString(record, "partitionPath"));
  ARROW_ASSIGN_OR_RAISE(partition.success_delete_files,
                        internal::GetStringArray(record, "successDeleteFiles"));
  ARROW_ASSIGN_OR_RAISE(partition.failed_delete_files,
                        internal::GetStringArray(record, "failedDeleteFiles"));
  ARROW_ASSIGN_OR_RAISE(partition.rollback_log_files,
                        internal::GetOptionalLongMap(record, "rollbackLogFiles"));
  ARROW_ASSIGN_OR_RAISE(partition.log_files_from_failed_commit,
                        internal::GetOptionalLongMap(record, "logFilesFromFailedCommit"));
  return partition;
}

// HoodieRollbackStat's log file maps are Java HashMaps (Collectors.toMap, putAll), and
// Avro writes a map in its iteration order.
AvroValue HashOrderedLongMap(const std::optional<std::map<std::string, int64_t>>& map) {
  if (!map) return AvroValue::Null();
  AvroEntries entries;
  for (const auto& [key, value] : *map) entries.emplace_back(key, AvroValue::Long(value));
  OrderLikeJavaHashMap(&entries);
  return AvroValue::Map(std::move(entries));
}

AvroValue PartitionToValue(const RollbackPartitionMetadata& partition) {
  return AvroValue::Record(
      HudiRecordName("HoodieRollbackPartitionMetadata"),
      {{"partitionPath", AvroValue::String(partition.partition_path)},
       {"successDeleteFiles", internal::StringArray(partition.success_delete_files)},
       {"failedDeleteFiles", internal::StringArray(partition.failed_delete_files)},
       {"rollbackLogFiles", HashOrderedLongMap(partition.rollback_log_files)},
       {"logFilesFromFailedCommit",
        HashOrderedLongMap(partition.log_files_from_failed_commit)}});
}

// TimelineMetadataUtils.convertRollbackMetadata collects the partitions in a HashMap,
// and Avro writes a map in its iteration order.
AvroValue PartitionsToValue(const std::map<std::string, RollbackPartitionMetadata>& map) {
  AvroEntries entries;
  for (const auto& [key, partition] : map)
    entries.emplace_back(key, PartitionToValue(partition));
  OrderLikeJavaHashMap(&entries);
  return AvroValue::Map(std::move(entries));
}

}  // namespace

Result<InstantInfo> InstantInfo::FromAvroValue(const AvroValue& record) {
  InstantInfo info;
  ARROW_ASSIGN_OR_RAISE(info.commit_time, internal::GetString(record, "commitTime"));
  ARROW_ASSIGN_OR_RAISE(info.action, internal::GetString(record, "action"));
  return info;
}

AvroValue InstantInfo::ToAvroValue() const {
  return AvroValue::Record(HudiRecordName("HoodieInstantInfo"),
                           {{"commitTime", AvroValue::String(commit_time)},
                            {"action", AvroValue::String(action)}});
}

Result<RollbackPlan> RollbackPlan::FromAvroValue(const AvroValue& record) {
  RollbackPlan plan;
  ARROW_ASSIGN_OR_RAISE(const AvroValue* instant, record.Field("instantToRollback"));
  if (!instant->is_null()) {
    ARROW_ASSIGN_OR_RAISE(plan.instant_to_rollback, InstantInfo::FromAvroValue(*instant));
  }
  ARROW_ASSIGN_OR_RAISE(const AvroValue* requests, record.Field("RollbackRequests"));
  if (!requests->is_null()) {
    ARROW_ASSIGN_OR_RAISE(plan.rollback_requests, internal::DecodeArray<RollbackRequest>(
                                                      *requests, RequestFromValue));
  }
  ARROW_ASSIGN_OR_RAISE(plan.version, internal::GetOptionalInt(record, "version"));
  return plan;
}

AvroValue RollbackPlan::ToAvroValue() const {
  return AvroValue::Record(
      HudiRecordName("HoodieRollbackPlan"),
      {{"instantToRollback",
        instant_to_rollback ? instant_to_rollback->ToAvroValue() : AvroValue::Null()},
       {"RollbackRequests",
        rollback_requests ? internal::EncodeArray(*rollback_requests, RequestToValue)
                          : AvroValue::Null()},
       {"version", internal::OptionalInt(version)}});
}

Result<RollbackPlan> RollbackPlan::FromAvroBytes(std::string_view bytes) {
  return internal::ModelFromContainer<RollbackPlan>(bytes, HudiAvroRecord::kRollbackPlan,
                                                    "HoodieRollbackPlan");
}

Result<std::string> RollbackPlan::ToAvroBytes() const {
  return WriteSingleRecordContainer(kJavaPlanSchema, ToAvroValue());
}

Result<RollbackMetadata> RollbackMetadata::FromAvroValue(const AvroValue& record) {
  RollbackMetadata metadata;
  ARROW_ASSIGN_OR_RAISE(metadata.start_rollback_time,
                        internal::GetString(record, "startRollbackTime"));
  ARROW_ASSIGN_OR_RAISE(metadata.time_taken_in_millis,
                        internal::GetLong(record, "timeTakenInMillis"));
  ARROW_ASSIGN_OR_RAISE(metadata.total_files_deleted,
                        internal::GetInt(record, "totalFilesDeleted"));
  ARROW_ASSIGN_OR_RAISE(metadata.commits_rollback,
                        internal::GetStringArray(record, "commitsRollback"));
  ARROW_ASSIGN_OR_RAISE(const AvroValue* partitions, record.Field("partitionMetadata"));
  ARROW_ASSIGN_OR_RAISE(
      metadata.partition_metadata,
      internal::DecodeMap<RollbackPartitionMetadata>(*partitions, PartitionFromValue));
  ARROW_ASSIGN_OR_RAISE(metadata.version, internal::GetOptionalInt(record, "version"));
  ARROW_ASSIGN_OR_RAISE(const AvroValue* instants, record.Field("instantsRollback"));
  ARROW_ASSIGN_OR_RAISE(
      metadata.instants_rollback,
      internal::DecodeArray<InstantInfo>(*instants, InstantInfo::FromAvroValue));
  return metadata;
}

AvroValue RollbackMetadata::ToAvroValue() const {
  return AvroValue::Record(
      HudiRecordName("HoodieRollbackMetadata"),
      {{"startRollbackTime", AvroValue::String(start_rollback_time)},
       {"timeTakenInMillis", AvroValue::Long(time_taken_in_millis)},
       {"totalFilesDeleted", AvroValue::Int(total_files_deleted)},
       {"commitsRollback", internal::StringArray(commits_rollback)},
       {"partitionMetadata", PartitionsToValue(partition_metadata)},
       {"version", internal::OptionalInt(version)},
       {"instantsRollback",
        internal::EncodeArray(instants_rollback,
                              [](const InstantInfo& i) { return i.ToAvroValue(); })}});
}

Result<RollbackMetadata> RollbackMetadata::FromAvroBytes(std::string_view bytes) {
  return internal::ModelFromContainer<RollbackMetadata>(
      bytes, HudiAvroRecord::kRollbackMetadata, "HoodieRollbackMetadata");
}

Result<std::string> RollbackMetadata::ToAvroBytes() const {
  return WriteSingleRecordContainer(kJavaMetadataSchema, ToAvroValue());
}

}  // namespace hoodie
