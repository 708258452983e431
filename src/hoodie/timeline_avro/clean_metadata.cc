// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/timeline_avro/clean_metadata.cc
/// \brief Decode/encode of HoodieCleanerPlan and HoodieCleanMetadata.

#include "hoodie/timeline_avro/clean_metadata.h"

#include "hoodie/timeline/active_timeline.h"
#include "hoodie/timeline_avro/model_container_internal.h"

namespace hoodie {

using ::arrow::Result;
using internal::HudiAvroRecord;
using internal::HudiRecordName;

namespace {

Result<ActionInstant> ActionInstantFromValue(const AvroValue& record) {
  ActionInstant instant;
  ARROW_ASSIGN_OR_RAISE(instant.timestamp, internal::GetString(record, "timestamp"));
  ARROW_ASSIGN_OR_RAISE(instant.action, internal::GetString(record, "action"));
  ARROW_ASSIGN_OR_RAISE(instant.state, internal::GetString(record, "state"));
  return instant;
}

Result<CleanFileInfo> FileInfoFromValue(const AvroValue& record) {
  CleanFileInfo info;
  ARROW_ASSIGN_OR_RAISE(info.file_path, internal::GetOptionalString(record, "filePath"));
  ARROW_ASSIGN_OR_RAISE(info.is_bootstrap_base_file,
                        internal::GetOptionalBoolean(record, "isBootstrapBaseFile"));
  return info;
}

AvroValue FileInfoToValue(const CleanFileInfo& info) {
  return AvroValue::Record(
      HudiRecordName("HoodieCleanFileInfo"),
      {{"filePath", internal::OptionalString(info.file_path)},
       {"isBootstrapBaseFile", internal::OptionalBoolean(info.is_bootstrap_base_file)}});
}

Result<std::vector<std::string>> StringsFromValue(const AvroValue& array) {
  return internal::DecodeArray<std::string>(
      array, [](const AvroValue& v) -> Result<std::string> {
        ARROW_ASSIGN_OR_RAISE(std::string_view text, v.AsString());
        return std::string(text);
      });
}

Result<CleanPartitionMetadata> PartitionFromValue(const AvroValue& record) {
  CleanPartitionMetadata partition;
  ARROW_ASSIGN_OR_RAISE(partition.partition_path,
                        internal::GetString(record, "partitionPath"));
  ARROW_ASSIGN_OR_RAISE(partition.policy, internal::GetString(record, "policy"));
  ARROW_ASSIGN_OR_RAISE(partition.delete_path_patterns,
                        internal::GetStringArray(record, "deletePathPatterns"));
  ARROW_ASSIGN_OR_RAISE(partition.success_delete_files,
                        internal::GetStringArray(record, "successDeleteFiles"));
  ARROW_ASSIGN_OR_RAISE(partition.failed_delete_files,
                        internal::GetStringArray(record, "failedDeleteFiles"));
  ARROW_ASSIGN_OR_RAISE(partition.is_partition_deleted,
                        internal::GetOptionalBoolean(record, "isPartitionDeleted"));
  return partition;
}

AvroValue PartitionToValue(const CleanPartitionMetadata& partition) {
  return AvroValue::Record(
      HudiRecordName("HoodieCleanPartitionMetadata"),
      {{"partitionPath", AvroValue::String(partition.partition_path)},
       {"policy", AvroValue::String(partition.policy)},
       {"deletePathPatterns", internal::StringArray(partition.delete_path_patterns)},
       {"successDeleteFiles", internal::StringArray(partition.success_delete_files)},
       {"failedDeleteFiles", internal::StringArray(partition.failed_delete_files)},
       {"isPartitionDeleted", internal::OptionalBoolean(partition.is_partition_deleted)}});
}

Result<std::optional<std::map<std::string, CleanPartitionMetadata>>> OptionalPartitions(
    const AvroValue& record, std::string_view name) {
  ARROW_ASSIGN_OR_RAISE(const AvroValue* map, record.Field(name));
  if (map->is_null()) return std::nullopt;
  return internal::DecodeMap<CleanPartitionMetadata>(*map, PartitionFromValue);
}

}  // namespace

Result<CleanerPlan> CleanerPlan::FromAvroValue(const AvroValue& record) {
  CleanerPlan plan;
  ARROW_ASSIGN_OR_RAISE(const AvroValue* earliest, record.Field("earliestInstantToRetain"));
  if (!earliest->is_null()) {
    ARROW_ASSIGN_OR_RAISE(plan.earliest_instant_to_retain, ActionInstantFromValue(*earliest));
  }
  ARROW_ASSIGN_OR_RAISE(plan.last_completed_commit_timestamp,
                        internal::GetString(record, "lastCompletedCommitTimestamp"));
  ARROW_ASSIGN_OR_RAISE(plan.policy, internal::GetString(record, "policy"));
  ARROW_ASSIGN_OR_RAISE(const AvroValue* v1, record.Field("filesToBeDeletedPerPartition"));
  if (!v1->is_null()) {
    ARROW_ASSIGN_OR_RAISE(plan.files_to_be_deleted_per_partition,
                          internal::DecodeMap<std::vector<std::string>>(*v1, StringsFromValue));
  }
  ARROW_ASSIGN_OR_RAISE(plan.version, internal::GetOptionalInt(record, "version"));
  ARROW_ASSIGN_OR_RAISE(const AvroValue* v2, record.Field("filePathsToBeDeletedPerPartition"));
  if (!v2->is_null()) {
    ARROW_ASSIGN_OR_RAISE(
        plan.file_paths_to_be_deleted_per_partition,
        internal::DecodeMap<std::vector<CleanFileInfo>>(*v2, [](const AvroValue& files) {
          return internal::DecodeArray<CleanFileInfo>(files, FileInfoFromValue);
        }));
  }
  ARROW_ASSIGN_OR_RAISE(plan.partitions_to_be_deleted,
                        internal::GetOptionalStringArray(record, "partitionsToBeDeleted"));
  ARROW_ASSIGN_OR_RAISE(plan.extra_metadata,
                        internal::GetOptionalStringMap(record, "extraMetadata"));
  return plan;
}

AvroValue CleanerPlan::ToAvroValue() const {
  AvroValue earliest = AvroValue::Null();
  if (earliest_instant_to_retain) {
    earliest = AvroValue::Record(
        HudiRecordName("HoodieActionInstant"),
        {{"timestamp", AvroValue::String(earliest_instant_to_retain->timestamp)},
         {"action", AvroValue::String(earliest_instant_to_retain->action)},
         {"state", AvroValue::String(earliest_instant_to_retain->state)}});
  }
  AvroValue v1 = AvroValue::Null();
  if (files_to_be_deleted_per_partition) {
    v1 = internal::EncodeMap(*files_to_be_deleted_per_partition, internal::StringArray);
  }
  AvroValue v2 = AvroValue::Null();
  if (file_paths_to_be_deleted_per_partition) {
    v2 = internal::EncodeJavaHashMap(*file_paths_to_be_deleted_per_partition,
                             [](const std::vector<CleanFileInfo>& files) {
                               return internal::EncodeArray(files, FileInfoToValue);
                             });
  }
  return AvroValue::Record(
      HudiRecordName("HoodieCleanerPlan"),
      {{"earliestInstantToRetain", std::move(earliest)},
       {"lastCompletedCommitTimestamp", AvroValue::String(last_completed_commit_timestamp)},
       {"policy", AvroValue::String(policy)},
       {"filesToBeDeletedPerPartition", std::move(v1)},
       {"version", internal::OptionalInt(version)},
       {"filePathsToBeDeletedPerPartition", std::move(v2)},
       {"partitionsToBeDeleted", internal::OptionalStringArray(partitions_to_be_deleted)},
       {"extraMetadata", internal::OptionalStringMap(extra_metadata)}});
}

Result<CleanerPlan> CleanerPlan::FromAvroBytes(std::string_view bytes) {
  return internal::ModelFromContainer<CleanerPlan>(bytes, HudiAvroRecord::kCleanerPlan,
                                                   "HoodieCleanerPlan");
}

Result<std::string> CleanerPlan::ToAvroBytes() const {
  return internal::ModelToContainer(ToAvroValue(), HudiAvroRecord::kCleanerPlan);
}

Result<CleanMetadata> CleanMetadata::FromAvroValue(const AvroValue& record) {
  CleanMetadata metadata;
  ARROW_ASSIGN_OR_RAISE(metadata.start_clean_time,
                        internal::GetString(record, "startCleanTime"));
  ARROW_ASSIGN_OR_RAISE(metadata.time_taken_in_millis,
                        internal::GetLong(record, "timeTakenInMillis"));
  ARROW_ASSIGN_OR_RAISE(metadata.total_files_deleted,
                        internal::GetInt(record, "totalFilesDeleted"));
  ARROW_ASSIGN_OR_RAISE(metadata.earliest_commit_to_retain,
                        internal::GetString(record, "earliestCommitToRetain"));
  ARROW_ASSIGN_OR_RAISE(metadata.last_completed_commit_timestamp,
                        internal::GetString(record, "lastCompletedCommitTimestamp"));
  ARROW_ASSIGN_OR_RAISE(const AvroValue* partitions, record.Field("partitionMetadata"));
  ARROW_ASSIGN_OR_RAISE(metadata.partition_metadata,
                        internal::DecodeMap<CleanPartitionMetadata>(*partitions,
                                                                    PartitionFromValue));
  ARROW_ASSIGN_OR_RAISE(metadata.version, internal::GetOptionalInt(record, "version"));
  ARROW_ASSIGN_OR_RAISE(metadata.bootstrap_partition_metadata,
                        OptionalPartitions(record, "bootstrapPartitionMetadata"));
  ARROW_ASSIGN_OR_RAISE(metadata.extra_metadata,
                        internal::GetOptionalStringMap(record, "extraMetadata"));
  return metadata;
}

AvroValue CleanMetadata::ToAvroValue() const {
  AvroValue bootstrap = AvroValue::Null();
  if (bootstrap_partition_metadata) {
    bootstrap = internal::EncodeJavaHashMap(*bootstrap_partition_metadata, PartitionToValue);
  }
  return AvroValue::Record(
      HudiRecordName("HoodieCleanMetadata"),
      {{"startCleanTime", AvroValue::String(start_clean_time)},
       {"timeTakenInMillis", AvroValue::Long(time_taken_in_millis)},
       {"totalFilesDeleted", AvroValue::Int(total_files_deleted)},
       {"earliestCommitToRetain", AvroValue::String(earliest_commit_to_retain)},
       {"lastCompletedCommitTimestamp", AvroValue::String(last_completed_commit_timestamp)},
       {"partitionMetadata", internal::EncodeJavaHashMap(partition_metadata, PartitionToValue)},
       {"version", internal::OptionalInt(version)},
       {"bootstrapPartitionMetadata", std::move(bootstrap)},
       {"extraMetadata", internal::OptionalStringMap(extra_metadata)}});
}

Result<CleanMetadata> CleanMetadata::FromAvroBytes(std::string_view bytes) {
  return internal::ModelFromContainer<CleanMetadata>(bytes, HudiAvroRecord::kCleanMetadata,
                                                     "HoodieCleanMetadata");
}

Result<std::string> CleanMetadata::ToAvroBytes() const {
  return internal::ModelToContainer(ToAvroValue(), HudiAvroRecord::kCleanMetadata);
}

Result<std::string> EarliestCommitRetainedByLastClean(const ActiveTimeline& timeline) {
  std::optional<Instant> clean =
      timeline.timeline().GetCleanerTimeline().FilterCompleted().LastInstant();
  if (!clean) return std::string();
  ARROW_ASSIGN_OR_RAISE(CleanMetadata metadata, timeline.ReadAvro<CleanMetadata>(*clean));
  return metadata.earliest_commit_to_retain;
}

}  // namespace hoodie
