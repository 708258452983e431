// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/timeline/column_stats.h
/// \brief One column's statistics in one data file (HoodieColumnRangeMetadata): what a
/// Parquet footer gives and what a log append collects (HoodieDeltaWriteStat's
/// recordsStats), and what the metadata table's column_stats partition stores.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "hoodie/format/avro_codec/avro_value.h"
#include "hoodie/visibility.h"

namespace hoodie {

/// \brief A column's statistics in a file. Bounds are the values inside Hudi's wrapper
/// records (StringWrapper, LongWrapper, DateWrapper, ...), so their Avro kind and
/// logical type say what they are; a missing bound (all nulls) is nullopt.
struct HOODIE_EXPORT ColumnStats {
  std::string file_name;
  std::string column_name;
  /// The wrapper record of the bounds ("StringWrapper", "LongWrapper", ...; Hudi's
  /// wrapValueIntoAvro), empty when neither bound is set.
  std::string wrapper;
  std::optional<AvroValue> min_value;
  std::optional<AvroValue> max_value;
  int64_t value_count = 0;
  int64_t null_count = 0;
  int64_t total_size = 0;
  int64_t total_uncompressed_size = 0;
  bool is_deleted = false;

  bool operator==(const ColumnStats&) const = default;
};

}  // namespace hoodie
