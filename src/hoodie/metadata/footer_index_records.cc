// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/metadata/footer_index_records.cc
#include <set>

#include <parquet/metadata.h>
#include <parquet/schema.h>
#include <parquet/statistics.h>

#include "hoodie/format/bloom/bloom_footer.h"
#include "hoodie/format/parquet/parquet_file_reader.h"
#include "hoodie/metadata/metadata_keys.h"
#include "hoodie/metadata/metadata_record_schema.h"
#include "hoodie/metadata/footer_index_records_internal.h"

namespace hoodie::internal {

namespace {

// The wrapper Hudi 0.15 puts a column's bounds in, from the footer's types
// (ParquetUtils.convertToNativeJavaType, then wrapValueIntoAvro); empty when the type
// has none hoodie writes (decimals, INT96, fixed and time values).
std::string WrapperOf(const parquet::ColumnDescriptor& column) {
  const auto& logical = column.logical_type();
  switch (column.physical_type()) {
    case parquet::Type::BOOLEAN:
      return "BooleanWrapper";
    case parquet::Type::INT32:
      if (logical->is_date()) return "DateWrapper";
      if (logical->is_decimal() || logical->is_time()) return "";
      return "IntWrapper";
    case parquet::Type::INT64:
      if (logical->is_decimal() || logical->is_time()) return "";
      return "LongWrapper";  // timestamps too: Hudi 0.15 keeps their raw longs
    case parquet::Type::FLOAT:
      return "FloatWrapper";
    case parquet::Type::DOUBLE:
      return "DoubleWrapper";
    case parquet::Type::BYTE_ARRAY:
      if (logical->is_decimal()) return "";
      if (logical->is_string() || logical->is_enum() || logical->is_JSON()) {
        return "StringWrapper";
      }
      return "BytesWrapper";
    default:
      return "";
  }
}

// A row group's bound as the wrapper's value.
AvroValue BoundOf(const parquet::Statistics& stats, const std::string& wrapper, bool min) {
  switch (stats.physical_type()) {
    case parquet::Type::BOOLEAN: {
      const auto& typed = static_cast<const parquet::BoolStatistics&>(stats);
      return AvroValue::Boolean(min ? typed.min() : typed.max());
    }
    case parquet::Type::INT32: {
      const auto& typed = static_cast<const parquet::Int32Statistics&>(stats);
      return AvroValue::Int(min ? typed.min() : typed.max());
    }
    case parquet::Type::INT64: {
      const auto& typed = static_cast<const parquet::Int64Statistics&>(stats);
      return AvroValue::Long(min ? typed.min() : typed.max());
    }
    case parquet::Type::FLOAT: {
      const auto& typed = static_cast<const parquet::FloatStatistics&>(stats);
      return AvroValue::Float(min ? typed.min() : typed.max());
    }
    case parquet::Type::DOUBLE: {
      const auto& typed = static_cast<const parquet::DoubleStatistics&>(stats);
      return AvroValue::Double(min ? typed.min() : typed.max());
    }
    default: {
      const auto& typed = static_cast<const parquet::ByteArrayStatistics&>(stats);
      const parquet::ByteArray& bytes = min ? typed.min() : typed.max();
      std::string text(reinterpret_cast<const char*>(bytes.ptr), bytes.len);
      return wrapper == "StringWrapper" ? AvroValue::String(std::move(text))
                                        : AvroValue::Bytes(std::move(text));
    }
  }
}

// The smaller (or larger) of a kept bound and a row group's.
void Widen(std::optional<AvroValue>* kept, AvroValue bound, bool min) {
  if (!*kept) {
    *kept = std::move(bound);
    return;
  }
  const int order = CompareColumnBounds(bound, **kept);
  if (min ? order < 0 : order > 0) *kept = std::move(bound);
}

}  // namespace

std::optional<BloomFilterEntry> FooterBloomFilter(const parquet::FileMetaData& footer,
                                                  const std::string& instant) {
  auto stored = ReadSerializedBloomFilter(FooterEntriesOf(footer));
  if (!stored.ok()) return std::nullopt;  // a file written without meta fields has none
  BloomFilterEntry entry;
  entry.serialized = std::move(stored->text);
  entry.type = stored->type_code.value_or("SIMPLE");
  entry.timestamp = instant;
  return entry;
}

std::vector<ColumnStats> FooterColumnStats(const parquet::FileMetaData& footer,
                                           const std::string& file_name,
                                           const std::vector<std::string>& columns) {
  const std::set<std::string> wanted(columns.begin(), columns.end());
  const parquet::SchemaDescriptor* schema = footer.schema();
  std::vector<ColumnStats> out;
  for (int c = 0; c < schema->num_columns(); ++c) {
    const parquet::ColumnDescriptor* column = schema->Column(c);
    // Top-level columns only: a nested leaf's path has a dot, and no name matches it.
    const std::string name = column->path()->ToDotString();
    if (name.find('.') != std::string::npos) continue;
    if (!wanted.empty() && !wanted.contains(name)) continue;
    const std::string wrapper = WrapperOf(*column);
    if (wrapper.empty()) continue;
    ColumnStats stats;
    stats.file_name = file_name;
    stats.column_name = name;
    stats.wrapper = wrapper;
    for (int g = 0; g < footer.num_row_groups(); ++g) {
      std::unique_ptr<parquet::ColumnChunkMetaData> chunk = footer.RowGroup(g)->ColumnChunk(c);
      stats.value_count += chunk->num_values();
      stats.total_size += chunk->total_compressed_size();
      stats.total_uncompressed_size += chunk->total_uncompressed_size();
      std::shared_ptr<parquet::Statistics> group = chunk->statistics();
      if (group == nullptr) continue;
      if (group->HasNullCount()) stats.null_count += group->null_count();
      if (!group->HasMinMax()) continue;
      Widen(&stats.min_value, BoundOf(*group, wrapper, /*min=*/true), /*min=*/true);
      Widen(&stats.max_value, BoundOf(*group, wrapper, /*min=*/false), /*min=*/false);
    }
    out.push_back(std::move(stats));
  }
  return out;
}

std::vector<ColumnStats> ColumnStatsTombstones(const std::string& file_name,
                                               const std::vector<std::string>& columns) {
  std::vector<ColumnStats> out;
  for (const std::string& column : columns) {
    ColumnStats stats;
    stats.file_name = file_name;
    stats.column_name = column;
    stats.value_count = stats.null_count = stats.total_size = stats.total_uncompressed_size =
        -1;
    stats.is_deleted = true;
    out.push_back(std::move(stats));
  }
  return out;
}

::arrow::Result<std::vector<HFileRecord>> ColumnStatsCells(
    const std::string& partition, const std::vector<ColumnStats>& stats) {
  std::vector<HFileRecord> cells;
  cells.reserve(stats.size());
  for (const ColumnStats& one : stats) {
    ARROW_ASSIGN_OR_RAISE(std::string value, EncodeMetadataRecord(ColumnStatsRecordValue(one)));
    cells.emplace_back(ColumnStatsIndexKey(one.column_name, partition, one.file_name),
                       std::move(value));
  }
  return cells;
}

}  // namespace hoodie::internal
