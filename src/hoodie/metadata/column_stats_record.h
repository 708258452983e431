// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/metadata/column_stats_record.h
/// \brief The records of the metadata table's `column_stats` partition (type 3,
/// HoodieMetadataColumnStats): one column's statistics in one file.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include <arrow/result.h>

#include "hoodie/format/avro_codec/avro_value.h"
#include "hoodie/visibility.h"

namespace hoodie {

/// \brief A column's statistics in a file. Bounds are the values inside Hudi's wrapper
/// records (StringWrapper, LongWrapper, DateWrapper, ...), so their Avro kind and
/// logical type say what they are; a missing bound (all nulls) is nullopt.
struct HOODIE_EXPORT ColumnStats {
  std::string file_name;
  std::string column_name;
  std::optional<AvroValue> min_value;
  std::optional<AvroValue> max_value;
  int64_t value_count = 0;
  int64_t null_count = 0;
  int64_t total_size = 0;
  int64_t total_uncompressed_size = 0;
  bool is_deleted = false;
};

/// The statistics a decoded HoodieMetadataRecord of type 3 holds. \return Invalid for
/// another record type or a malformed entry.
HOODIE_EXPORT ::arrow::Result<ColumnStats> ColumnStatsOf(const AvroValue& record);

}  // namespace hoodie
