// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/metadata/record_column_stats_internal.h
/// \brief The column statistics of records a log append writes, gathered from the
/// records themselves (log files have no footer to read them from).
#pragma once

#include <string>
#include <vector>

#include "hoodie/timeline/column_stats.h"

namespace arrow {
class RecordBatch;
}  // namespace arrow

namespace hoodie::internal {

/// The statistics of `columns` (every top-level column when empty) over `rows`, the
/// records written to the log file `file_name`, as HoodieTableMetadataUtil's
/// collectColumnRangeMetadata gathers them for HoodieAppendHandle: every row counts as a
/// value, nulls are counted, the bounds are the smallest and largest non-null values as
/// the Avro record holds them (dates as IntWrapper days, timestamps as LongWrapper, as a
/// GenericRecord carries them), and sizes are 0. Zero rows give zero counts and no
/// bounds. Columns of other types (decimals, fixed, times, nested) get no statistics,
/// as FooterColumnStats gives them none: readers take them as "not indexed".
std::vector<ColumnStats> RecordColumnStats(
    const ::arrow::RecordBatch& rows, const std::string& file_name,
    const std::vector<std::string>& columns);

}  // namespace hoodie::internal
