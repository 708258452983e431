// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/timeline_avro/savepoint_metadata.cc
/// \brief Decode/encode of HoodieSavepointMetadata and HoodieRestoreMetadata.

#include "hoodie/timeline_avro/savepoint_metadata.h"

#include "hoodie/timeline_avro/model_container_internal.h"

namespace hoodie {

using ::arrow::Result;
using internal::HudiAvroRecord;
using internal::HudiRecordName;

namespace {

Result<SavepointPartitionMetadata> PartitionFromValue(const AvroValue& record) {
  SavepointPartitionMetadata partition;
  ARROW_ASSIGN_OR_RAISE(partition.partition_path,
                        internal::GetString(record, "partitionPath"));
  ARROW_ASSIGN_OR_RAISE(partition.savepoint_data_file,
                        internal::GetStringArray(record, "savepointDataFile"));
  return partition;
}

AvroValue PartitionToValue(const SavepointPartitionMetadata& partition) {
  return AvroValue::Record(
      HudiRecordName("HoodieSavepointPartitionMetadata"),
      {{"partitionPath", AvroValue::String(partition.partition_path)},
       {"savepointDataFile", internal::StringArray(partition.savepoint_data_file)}});
}

Result<std::optional<RollbackMetadata>> OptionalRollbackFromValue(const AvroValue& value) {
  if (value.is_null()) return std::optional<RollbackMetadata>();
  ARROW_ASSIGN_OR_RAISE(RollbackMetadata rollback, RollbackMetadata::FromAvroValue(value));
  return std::optional<RollbackMetadata>(std::move(rollback));
}

AvroValue OptionalRollbackToValue(const std::optional<RollbackMetadata>& rollback) {
  return rollback ? rollback->ToAvroValue() : AvroValue::Null();
}

}  // namespace

Result<SavepointMetadata> SavepointMetadata::FromAvroValue(const AvroValue& record) {
  SavepointMetadata metadata;
  ARROW_ASSIGN_OR_RAISE(metadata.savepointed_by, internal::GetString(record, "savepointedBy"));
  ARROW_ASSIGN_OR_RAISE(metadata.savepointed_at, internal::GetLong(record, "savepointedAt"));
  ARROW_ASSIGN_OR_RAISE(metadata.comments, internal::GetString(record, "comments"));
  ARROW_ASSIGN_OR_RAISE(const AvroValue* partitions, record.Field("partitionMetadata"));
  ARROW_ASSIGN_OR_RAISE(metadata.partition_metadata,
                        internal::DecodeMap<SavepointPartitionMetadata>(*partitions,
                                                                        PartitionFromValue));
  ARROW_ASSIGN_OR_RAISE(metadata.version, internal::GetOptionalInt(record, "version"));
  return metadata;
}

AvroValue SavepointMetadata::ToAvroValue() const {
  return AvroValue::Record(
      HudiRecordName("HoodieSavepointMetadata"),
      {{"savepointedBy", AvroValue::String(savepointed_by)},
       {"savepointedAt", AvroValue::Long(savepointed_at)},
       {"comments", AvroValue::String(comments)},
       {"partitionMetadata", internal::EncodeMap(partition_metadata, PartitionToValue)},
       {"version", internal::OptionalInt(version)}});
}

Result<SavepointMetadata> SavepointMetadata::FromAvroBytes(std::string_view bytes) {
  return internal::ModelFromContainer<SavepointMetadata>(
      bytes, HudiAvroRecord::kSavepointMetadata, "HoodieSavepointMetadata");
}

Result<std::string> SavepointMetadata::ToAvroBytes() const {
  return internal::ModelToContainer(ToAvroValue(), HudiAvroRecord::kSavepointMetadata);
}

Result<RestoreMetadata> RestoreMetadata::FromAvroValue(const AvroValue& record) {
  RestoreMetadata metadata;
  ARROW_ASSIGN_OR_RAISE(metadata.start_restore_time,
                        internal::GetString(record, "startRestoreTime"));
  ARROW_ASSIGN_OR_RAISE(metadata.time_taken_in_millis,
                        internal::GetLong(record, "timeTakenInMillis"));
  ARROW_ASSIGN_OR_RAISE(metadata.instants_to_rollback,
                        internal::GetStringArray(record, "instantsToRollback"));
  ARROW_ASSIGN_OR_RAISE(const AvroValue* rollbacks, record.Field("hoodieRestoreMetadata"));
  ARROW_ASSIGN_OR_RAISE(
      metadata.hoodie_restore_metadata,
      internal::DecodeMap<std::vector<std::optional<RollbackMetadata>>>(
          *rollbacks, [](const AvroValue& array) {
            return internal::DecodeArray<std::optional<RollbackMetadata>>(
                array, OptionalRollbackFromValue);
          }));
  ARROW_ASSIGN_OR_RAISE(metadata.version, internal::GetOptionalInt(record, "version"));
  ARROW_ASSIGN_OR_RAISE(const AvroValue* instants, record.Field("restoreInstantInfo"));
  ARROW_ASSIGN_OR_RAISE(metadata.restore_instant_info,
                        internal::DecodeArray<InstantInfo>(*instants,
                                                           InstantInfo::FromAvroValue));
  return metadata;
}

AvroValue RestoreMetadata::ToAvroValue() const {
  return AvroValue::Record(
      HudiRecordName("HoodieRestoreMetadata"),
      {{"startRestoreTime", AvroValue::String(start_restore_time)},
       {"timeTakenInMillis", AvroValue::Long(time_taken_in_millis)},
       {"instantsToRollback", internal::StringArray(instants_to_rollback)},
       {"hoodieRestoreMetadata",
        internal::EncodeMap(hoodie_restore_metadata,
                            [](const std::vector<std::optional<RollbackMetadata>>& list) {
                              return internal::EncodeArray(list, OptionalRollbackToValue);
                            })},
       {"version", internal::OptionalInt(version)},
       {"restoreInstantInfo",
        internal::EncodeArray(restore_instant_info,
                              [](const InstantInfo& i) { return i.ToAvroValue(); })}});
}

Result<RestoreMetadata> RestoreMetadata::FromAvroBytes(std::string_view bytes) {
  return internal::ModelFromContainer<RestoreMetadata>(
      bytes, HudiAvroRecord::kRestoreMetadata, "HoodieRestoreMetadata");
}

Result<std::string> RestoreMetadata::ToAvroBytes() const {
  return internal::ModelToContainer(ToAvroValue(), HudiAvroRecord::kRestoreMetadata);
}

Result<RestorePlan> RestorePlan::FromAvroValue(const AvroValue& record) {
  RestorePlan plan;
  ARROW_ASSIGN_OR_RAISE(const AvroValue* instants, record.Field("instantsToRollback"));
  ARROW_ASSIGN_OR_RAISE(plan.instants_to_rollback,
                        internal::DecodeArray<InstantInfo>(*instants, InstantInfo::FromAvroValue));
  ARROW_ASSIGN_OR_RAISE(plan.version, internal::GetOptionalInt(record, "version"));
  ARROW_ASSIGN_OR_RAISE(plan.savepoint_to_restore_timestamp,
                        internal::GetOptionalString(record, "savepointToRestoreTimestamp"));
  return plan;
}

AvroValue RestorePlan::ToAvroValue() const {
  return AvroValue::Record(
      HudiRecordName("HoodieRestorePlan"),
      {{"instantsToRollback",
        internal::EncodeArray(instants_to_rollback,
                              [](const InstantInfo& i) { return i.ToAvroValue(); })},
       {"version", internal::OptionalInt(version)},
       {"savepointToRestoreTimestamp", internal::OptionalString(savepoint_to_restore_timestamp)}});
}

Result<RestorePlan> RestorePlan::FromAvroBytes(std::string_view bytes) {
  return internal::ModelFromContainer<RestorePlan>(bytes, HudiAvroRecord::kRestorePlan,
                                                   "HoodieRestorePlan");
}

Result<std::string> RestorePlan::ToAvroBytes() const {
  return internal::ModelToContainer(ToAvroValue(), HudiAvroRecord::kRestorePlan);
}

}  // namespace hoodie
