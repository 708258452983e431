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

// The value inside a wrapper record ({"value": v}), or nullopt for a null bound; the
// wrapper's short name into `wrapper`.
::arrow::Result<std::optional<AvroValue>> Unwrapped(const AvroValue& record,
                                                    std::string_view name,
                                                    std::string* wrapper_name) {
  ARROW_ASSIGN_OR_RAISE(const AvroValue* wrapper, record.Field(name));
  if (wrapper->is_null()) return std::nullopt;
  ARROW_ASSIGN_OR_RAISE(const AvroValue* value, wrapper->Field("value"));
  const std::string& full = wrapper->record_name();
  *wrapper_name = full.substr(full.rfind('.') + 1);
  return std::optional<AvroValue>(*value);
}

constexpr std::string_view kModelNamespace = "org.apache.hudi.avro.model.";

AvroValue Wrapped(const std::string& wrapper, const std::optional<AvroValue>& value) {
  if (!value) return AvroValue::Null();
  AvroEntries fields;
  fields.emplace_back("value", *value);
  return AvroValue::Record(std::string(kModelNamespace) + wrapper, std::move(fields));
}

template <typename T>
int Sign(T a, T b) {
  return a < b ? -1 : (b < a ? 1 : 0);
}

// The bound of `a` and `b` that `pick_smaller` chooses; a missing one yields the other.
std::optional<AvroValue> Pick(const std::optional<AvroValue>& a,
                              const std::optional<AvroValue>& b, bool pick_smaller) {
  if (!a) return b;
  if (!b) return a;
  const int order = CompareColumnBounds(*a, *b);
  return (order <= 0) == pick_smaller ? a : b;
}

}  // namespace

int CompareColumnBounds(const AvroValue& a, const AvroValue& b) {
  if (a.kind() != b.kind()) return Sign(static_cast<int>(a.kind()), static_cast<int>(b.kind()));
  switch (a.kind()) {
    case AvroValue::Kind::kBoolean:
      return Sign(a.boolean(), b.boolean());
    case AvroValue::Kind::kInt:
      return Sign(a.int32(), b.int32());
    case AvroValue::Kind::kLong:
      return Sign(a.int64(), b.int64());
    case AvroValue::Kind::kFloat:
      return Sign(a.float32(), b.float32());
    case AvroValue::Kind::kDouble:
      return Sign(a.float64(), b.float64());
    case AvroValue::Kind::kString:
    case AvroValue::Kind::kBytes:
    case AvroValue::Kind::kFixed:
      return a.text().compare(b.text()) < 0 ? -1 : (a.text() == b.text() ? 0 : 1);
    default:
      return 0;
  }
}

ColumnStats MergeColumnStats(const ColumnStats& older, const ColumnStats& newer) {
  if (older.is_deleted || newer.is_deleted) return newer;
  ColumnStats out = newer;
  out.min_value = Pick(older.min_value, newer.min_value, /*pick_smaller=*/true);
  out.max_value = Pick(older.max_value, newer.max_value, /*pick_smaller=*/false);
  if (out.wrapper.empty()) out.wrapper = older.wrapper;
  out.value_count = older.value_count + newer.value_count;
  out.null_count = older.null_count + newer.null_count;
  out.total_size = older.total_size + newer.total_size;
  out.total_uncompressed_size = older.total_uncompressed_size + newer.total_uncompressed_size;
  return out;
}

AvroValue ColumnStatsRecordValue(const ColumnStats& stats) {
  AvroEntries payload;
  payload.emplace_back("fileName", AvroValue::String(stats.file_name));
  payload.emplace_back("columnName", AvroValue::String(stats.column_name));
  payload.emplace_back("minValue", Wrapped(stats.wrapper, stats.min_value));
  payload.emplace_back("maxValue", Wrapped(stats.wrapper, stats.max_value));
  payload.emplace_back("valueCount", AvroValue::Long(stats.value_count));
  payload.emplace_back("nullCount", AvroValue::Long(stats.null_count));
  payload.emplace_back("totalSize", AvroValue::Long(stats.total_size));
  payload.emplace_back("totalUncompressedSize", AvroValue::Long(stats.total_uncompressed_size));
  payload.emplace_back("isDeleted", AvroValue::Boolean(stats.is_deleted));
  return internal::MetadataRecordValue(
      MetadataRecordType::kColumnStats, "ColumnStatsMetadata",
      AvroValue::Record(std::string(kModelNamespace) + "HoodieMetadataColumnStats",
                        std::move(payload)));
}

::arrow::Result<ColumnStats> ColumnStatsOf(const AvroValue& record) {
  ARROW_RETURN_NOT_OK(internal::ExpectMetadataRecordType(
      record, {MetadataRecordType::kColumnStats}, "column_stats"));
  ARROW_ASSIGN_OR_RAISE(const AvroValue* stats,
                        internal::NonNullField(record, "ColumnStatsMetadata"));
  ColumnStats out;
  ARROW_ASSIGN_OR_RAISE(out.file_name, OptionalString(*stats, "fileName"));
  ARROW_ASSIGN_OR_RAISE(out.column_name, OptionalString(*stats, "columnName"));
  ARROW_ASSIGN_OR_RAISE(out.min_value, Unwrapped(*stats, "minValue", &out.wrapper));
  ARROW_ASSIGN_OR_RAISE(out.max_value, Unwrapped(*stats, "maxValue", &out.wrapper));
  ARROW_ASSIGN_OR_RAISE(out.value_count, OptionalLong(*stats, "valueCount"));
  ARROW_ASSIGN_OR_RAISE(out.null_count, OptionalLong(*stats, "nullCount"));
  ARROW_ASSIGN_OR_RAISE(out.total_size, OptionalLong(*stats, "totalSize"));
  ARROW_ASSIGN_OR_RAISE(out.total_uncompressed_size,
                        OptionalLong(*stats, "totalUncompressedSize"));
  ARROW_ASSIGN_OR_RAISE(const AvroValue* deleted, stats->Field("isDeleted"));
  ARROW_ASSIGN_OR_RAISE(out.is_deleted, deleted->AsBoolean());
  return out;
}

::arrow::Status ColumnStatsFold::Add(std::string_view key, const AvroValue* record) {
  if (record == nullptr) {
    auto found = by_key_.find(key);
    if (found != by_key_.end()) by_key_.erase(found);
    return ::arrow::Status::OK();
  }
  ARROW_ASSIGN_OR_RAISE(ColumnStats stats, ColumnStatsOf(*record));
  auto [it, fresh] = by_key_.try_emplace(std::string(key), stats);
  if (!fresh) it->second = MergeColumnStats(it->second, stats);
  return ::arrow::Status::OK();
}

std::map<std::string, ColumnStats> ColumnStatsFold::Live() const {
  std::map<std::string, ColumnStats> out;
  for (const auto& [key, stats] : by_key_) {
    if (!stats.is_deleted) out.emplace(key, stats);
  }
  return out;
}

}  // namespace hoodie
