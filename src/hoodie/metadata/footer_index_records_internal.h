// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/metadata/footer_index_records_internal.h
/// \brief The index partitions' records of data files, from each Parquet base file's
/// footer: its column statistics (column_stats) and its bloom filter (bloom_filters).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include <arrow/result.h>

#include "hoodie/format/log/hfile_data_block.h"
#include "hoodie/metadata/bloom_filter_record.h"
#include "hoodie/metadata/column_stats_record.h"

namespace parquet {
class FileMetaData;
}  // namespace parquet

namespace hoodie::internal {

/// The statistics of `columns` (every top-level column when empty) of a Parquet file
/// (named `file_name` in the records) from its `footer` (ReadParquetFooter), as Hudi's
/// ParquetUtils.readColumnStatsFromMetadata aggregates its row groups: the smallest
/// minimum and largest maximum, value counts (nulls included), null counts and sizes
/// added. Bounds take Hudi's wrapper for their type (wrapValueIntoAvro: booleans, ints,
/// dates, longs and timestamps as longs, floats, doubles, strings, bytes); a column of
/// another type (decimals, INT96, nested fields) has no record, which readers take as
/// "not indexed".
std::vector<ColumnStats> FooterColumnStats(const parquet::FileMetaData& footer,
                                           const std::string& file_name,
                                           const std::vector<std::string>& columns);

/// The bloom filter a Parquet `footer` holds (ReadSerializedBloomFilter; SIMPLE without a
/// type code), stamped with `instant` (the file's); nullopt when it holds none.
std::optional<BloomFilterEntry> FooterBloomFilter(const parquet::FileMetaData& footer,
                                                  const std::string& instant);

/// The tombstones of a deleted file's `columns` (HoodieColumnRangeMetadata.stub: no
/// bounds, counts of -1).
std::vector<ColumnStats> ColumnStatsTombstones(const std::string& file_name,
                                               const std::vector<std::string>& columns);

/// `stats` of files of the data-table partition `partition` as HFile cells keyed by
/// ColumnStatsIndexKey.
::arrow::Result<std::vector<HFileRecord>> ColumnStatsCells(const std::string& partition,
                                                           const std::vector<ColumnStats>& stats);

}  // namespace hoodie::internal
