// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/actions/partition_date_internal.h
/// \brief Partition paths read as `yyyy/MM/dd` dates, the way Hudi's date-based
/// compaction strategies read them (DayBasedCompactionStrategy).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include <arrow/result.h>

namespace hoodie::internal {

/// Drops Hive-style keys (`year=2024/month=01/day=02` -> `2024/01/02`) with Java's
/// `replaceFirst(".*?=", "")` then `replaceAll("/.*?=", "/")`; a path without `=` is
/// returned unchanged (getPartitionPathWithoutPartitionKeys).
std::string PartitionPathWithoutKeys(std::string_view partition);

/// The day of `partition` as days since 1970-01-01, parsed as a lenient
/// `SimpleDateFormat("yyyy/MM/dd")` does: whitespace before a field is skipped, each
/// field is a signed decimal number, a month or day out of range rolls over (2024/13/01
/// is 2025/01/01), and text after the day is ignored.
/// \return Invalid "Invalid Partition Date Format" naming `strategy` and the partition.
::arrow::Result<int64_t> ParsePartitionDate(std::string_view partition,
                                            std::string_view strategy);

/// Days since 1970-01-01 of the local calendar date at `epoch_millis` (the time zone
/// of the process, as Java's default time zone).
int64_t LocalDayNumber(int64_t epoch_millis);

/// Days since 1970-01-01 of a proleptic Gregorian date; `month` and `day` may lie out
/// of range and roll over.
int64_t DayNumber(int64_t year, int64_t month, int64_t day);

}  // namespace hoodie::internal
