// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/metadata/column_stats_pruner.cc
#include "hoodie/metadata/column_stats_pruner.h"

#include <map>
#include <optional>
#include <string>

#include <arrow/compute/api.h>
#include <arrow/scalar.h>
#include <arrow/type.h>

#include "hoodie/metadata/column_stats_record.h"
#include "hoodie/metadata/metadata_keys.h"
#include "hoodie/metadata/metadata_table.h"
#include "hoodie/table/table_config.h"
#include "hoodie/table/table_meta_client.h"

namespace hoodie {

namespace {

using StatsByFile = std::map<std::string, ColumnStats, std::less<>>;

// The merged statistics of `column` in every file the partition indexes, by file name
// (a prefix scan on the column's hash, as Spark's ColumnStatsIndexSupport reads them).
::arrow::Result<StatsByFile> StatsOf(const MetadataTable& metadata, const std::string& column) {
  ColumnStatsFold fold;
  ARROW_RETURN_NOT_OK(metadata.Read(
      kColumnStatsPartition, MetadataKeys::WithPrefixes({ColumnStatsKeyPrefix(column)}),
      [&](std::string_view key, const AvroValue* record) { return fold.Add(key, record); }));
  StatsByFile out;
  for (auto& [key, stats] : fold.Live()) out.emplace(stats.file_name, std::move(stats));
  return out;
}

// `literal` typed as `type` (the column's), then as a value of `kind` (the bounds'
// kind); nullopt when it does not convert (the file is then read).
std::optional<AvroValue> LiteralAs(const std::string& literal, const ::arrow::DataType& type,
                                   AvroValue::Kind kind) {
  auto parsed = ::arrow::Scalar::Parse(type.GetSharedPtr(), literal);
  if (!parsed.ok()) return std::nullopt;
  std::shared_ptr<::arrow::DataType> target;
  switch (kind) {
    case AvroValue::Kind::kBoolean: target = ::arrow::boolean(); break;
    case AvroValue::Kind::kInt: target = ::arrow::int32(); break;
    case AvroValue::Kind::kLong: target = ::arrow::int64(); break;
    case AvroValue::Kind::kFloat: target = ::arrow::float32(); break;
    case AvroValue::Kind::kDouble: target = ::arrow::float64(); break;
    case AvroValue::Kind::kString: target = ::arrow::utf8(); break;
    case AvroValue::Kind::kBytes: target = ::arrow::binary(); break;
    default: return std::nullopt;
  }
  auto cast = ::arrow::compute::Cast(::arrow::Datum(*parsed), target);
  if (!cast.ok() || !cast->scalar()->is_valid) return std::nullopt;
  const ::arrow::Scalar& value = *cast->scalar();
  switch (kind) {
    case AvroValue::Kind::kBoolean:
      return AvroValue::Boolean(static_cast<const ::arrow::BooleanScalar&>(value).value);
    case AvroValue::Kind::kInt:
      return AvroValue::Int(static_cast<const ::arrow::Int32Scalar&>(value).value);
    case AvroValue::Kind::kLong:
      return AvroValue::Long(static_cast<const ::arrow::Int64Scalar&>(value).value);
    case AvroValue::Kind::kFloat:
      return AvroValue::Float(static_cast<const ::arrow::FloatScalar&>(value).value);
    case AvroValue::Kind::kDouble:
      return AvroValue::Double(static_cast<const ::arrow::DoubleScalar&>(value).value);
    case AvroValue::Kind::kString:
      return AvroValue::String(static_cast<const ::arrow::StringScalar&>(value).ToString());
    default:
      return AvroValue::Bytes(static_cast<const ::arrow::BinaryScalar&>(value).value->ToString());
  }
}

// Whether `filter` may hold on a row of a file with `stats` (DataSkippingUtils'
// translation of a comparison into its min / max / null count test).
bool MayHold(const ColumnStats& stats, const ColumnFilter& filter, const ::arrow::DataType& type) {
  if (!stats.min_value || !stats.max_value) {
    // All nulls: no comparison holds. No bounds for another reason: unknown.
    return !(stats.value_count >= 0 && stats.null_count >= stats.value_count);
  }
  std::optional<AvroValue> literal = LiteralAs(filter.value, type, stats.min_value->kind());
  if (!literal) return true;
  const int low = CompareColumnBounds(*stats.min_value, *literal);
  const int high = CompareColumnBounds(*stats.max_value, *literal);
  switch (filter.op) {
    case CompareOp::kEqual: return low <= 0 && high >= 0;
    case CompareOp::kNotEqual: return !(low == 0 && high == 0);
    case CompareOp::kLess: return low < 0;
    case CompareOp::kLessEqual: return low <= 0;
    case CompareOp::kGreater: return high > 0;
    case CompareOp::kGreaterEqual: return high >= 0;
  }
  return true;
}

}  // namespace

::arrow::Result<std::shared_ptr<const FilePruner>> ColumnStatsPruner::Make(
    const TableMetaClient& table, const ActiveTimeline& timeline) {
  ARROW_ASSIGN_OR_RAISE(std::shared_ptr<const MetadataTable> metadata,
                        MetadataTable::Open(table, timeline));
  if (metadata == nullptr || !metadata->partitions().contains(kColumnStatsPartition.name)) {
    return std::shared_ptr<const FilePruner>();
  }
  return std::shared_ptr<const FilePruner>(new ColumnStatsPruner(std::move(metadata)));
}

::arrow::Result<std::vector<bool>> ColumnStatsPruner::MayMatch(
    const std::vector<FileSlice>& slices, const std::vector<ColumnFilter>& filters,
    const ::arrow::Schema& table_schema) const {
  std::map<std::string, StatsByFile> stats;  // by column
  for (const ColumnFilter& filter : filters) {
    if (stats.contains(filter.column) || table_schema.GetFieldByName(filter.column) == nullptr) {
      continue;
    }
    ARROW_ASSIGN_OR_RAISE(stats[filter.column], StatsOf(*metadata_, filter.column));
  }
  // A file may hold a matching row unless a filter's statistics rule it out.
  auto file_may_match = [&](const std::string& name) {
    for (const ColumnFilter& filter : filters) {
      auto field = table_schema.GetFieldByName(filter.column);
      auto column = stats.find(filter.column);
      if (field == nullptr || column == stats.end()) continue;
      auto found = column->second.find(name);
      if (found == column->second.end()) continue;  // not indexed: may match
      if (!MayHold(found->second, filter, *field->type())) return false;
    }
    return true;
  };
  std::vector<bool> keep;
  keep.reserve(slices.size());
  for (const FileSlice& slice : slices) {
    bool read = slice.base_file && file_may_match(slice.base_file->file_name);
    for (const LogFile& log : slice.log_files) read = read || file_may_match(log.file_name);
    keep.push_back(read);
  }
  return keep;
}

}  // namespace hoodie
