// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/metadata/column_stats_record.h
/// \brief The records of the metadata table's `column_stats` partition (type 3,
/// HoodieMetadataColumnStats): one column's statistics in one file.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>

#include <arrow/result.h>
#include <arrow/status.h>

#include "hoodie/format/avro_codec/avro_value.h"
#include "hoodie/timeline/column_stats.h"
#include "hoodie/visibility.h"

namespace hoodie {

/// The statistics a decoded HoodieMetadataRecord of type 3 holds. \return Invalid for
/// another record type or a malformed entry.
HOODIE_EXPORT ::arrow::Result<ColumnStats> ColumnStatsOf(const AvroValue& record);

/// The HoodieMetadataRecord of `stats` (HoodieMetadataPayload.createColumnStatsRecords):
/// type 3, meta fields null, `key` blank (the HFile row holds it), the bounds in their
/// wrapper, the other payloads null.
HOODIE_EXPORT AvroValue ColumnStatsRecordValue(const ColumnStats& stats);

/// `older` and `newer` statistics of one file's column merged as Hudi's
/// mergeColumnStatsRecords does: the newer when either is a tombstone, else the
/// smaller minimum and larger maximum of the set ones, counts and sizes added.
HOODIE_EXPORT ColumnStats MergeColumnStats(const ColumnStats& older, const ColumnStats& newer);

/// \brief The versions of column_stats records folded key by key as readers merge them
/// (base file first, then log blocks in order): a delete drops the key, later versions
/// merge by MergeColumnStats.
class HOODIE_EXPORT ColumnStatsFold {
 public:
  /// One version of `key` (`record` null for a delete). Invalid for a malformed record.
  ::arrow::Status Add(std::string_view key, const AvroValue* record);
  /// The folded statistics by key, tombstones left out.
  std::map<std::string, ColumnStats> Live() const;

 private:
  std::map<std::string, ColumnStats, std::less<>> by_key_;
};

/// Orders two bounds of one wrapper type (numbers by value, strings and bytes by their
/// bytes): negative, zero or positive.
HOODIE_EXPORT int CompareColumnBounds(const AvroValue& a, const AvroValue& b);

}  // namespace hoodie
