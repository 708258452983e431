// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/metadata/column_stats_record.cc
#include "hoodie/metadata/column_stats_record.h"

#include "hoodie/metadata/metadata_record_internal.h"

namespace hoodie {
namespace {

::arrow::Result<std::string> OptionalString(const AvroValue& record, std::string_view name) {
  ARROW_ASSIGN_OR_RAISE(const AvroValue* field, record.Field(name));
  if (field->is_null()) return std::string();
  ARROW_ASSIGN_OR_RAISE(std::string_view text, field->AsString());
  return std::string(text);
}

::arrow::Result<int64_t> OptionalLong(const AvroValue& record, std::string_view name) {
  ARROW_ASSIGN_OR_RAISE(const AvroValue* field, record.Field(name));
  if (field->is_null()) return 0;
  return field->AsLong();
}

// The value inside a wrapper record ({"value": v}), or nullopt for a null bound.
::arrow::Result<std::optional<AvroValue>> Unwrapped(const AvroValue& record,
                                                    std::string_view name) {
  ARROW_ASSIGN_OR_RAISE(const AvroValue* wrapper, record.Field(name));
  if (wrapper->is_null()) return std::nullopt;
  ARROW_ASSIGN_OR_RAISE(const AvroValue* value, wrapper->Field("value"));
  return std::optional<AvroValue>(*value);
}

}  // namespace

::arrow::Result<ColumnStats> ColumnStatsOf(const AvroValue& record) {
  ARROW_RETURN_NOT_OK(internal::ExpectMetadataRecordType(
      record, {MetadataRecordType::kColumnStats}, "column_stats"));
  ARROW_ASSIGN_OR_RAISE(const AvroValue* stats,
                        internal::NonNullField(record, "ColumnStatsMetadata"));
  ColumnStats out;
  ARROW_ASSIGN_OR_RAISE(out.file_name, OptionalString(*stats, "fileName"));
  ARROW_ASSIGN_OR_RAISE(out.column_name, OptionalString(*stats, "columnName"));
  ARROW_ASSIGN_OR_RAISE(out.min_value, Unwrapped(*stats, "minValue"));
  ARROW_ASSIGN_OR_RAISE(out.max_value, Unwrapped(*stats, "maxValue"));
  ARROW_ASSIGN_OR_RAISE(out.value_count, OptionalLong(*stats, "valueCount"));
  ARROW_ASSIGN_OR_RAISE(out.null_count, OptionalLong(*stats, "nullCount"));
  ARROW_ASSIGN_OR_RAISE(out.total_size, OptionalLong(*stats, "totalSize"));
  ARROW_ASSIGN_OR_RAISE(out.total_uncompressed_size,
                        OptionalLong(*stats, "totalUncompressedSize"));
  ARROW_ASSIGN_OR_RAISE(const AvroValue* deleted, stats->Field("isDeleted"));
  ARROW_ASSIGN_OR_RAISE(out.is_deleted, deleted->AsBoolean());
  return out;
}

}  // namespace hoodie
