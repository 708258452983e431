// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/read/read_options.h
/// \brief What a table read returns: query type, instants, projection and filters
/// (the options of Java DataSourceReadOptions that a native reader honours).
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <arrow/result.h>

#include "hoodie/config/datasource_config.h"
#include "hoodie/config/enum_choice.h"
#include "hoodie/read/log_scan_options.h"
#include "hoodie/table/file_slice.h"
#include "hoodie/visibility.h"

namespace hoodie {

class HoodieConfig;
class FilePruner;
struct ReadExplain;

/// hoodie.datasource.query.type.
enum class QueryType { kSnapshot, kReadOptimized, kIncremental };

HOODIE_EXPORT std::string_view QueryTypeName(QueryType type);
/// The names of hoodie.datasource.query.type.
inline constexpr EnumChoice<QueryType> kQueryTypeNames[] = {
    {"snapshot", QueryType::kSnapshot},
    {"read_optimized", QueryType::kReadOptimized},
    {"incremental", QueryType::kIncremental},
};

/// "snapshot", "read_optimized" or "incremental" (exact case).
/// \return Invalid naming the key, the value and the names.
HOODIE_EXPORT ::arrow::Result<QueryType> ParseQueryType(std::string_view name);

/// hoodie.datasource.merge.type: how a merge-on-read snapshot combines base and log
/// records.
enum class MergeType { kPayloadCombine, kSkipMerge };

/// The names of hoodie.datasource.merge.type.
inline constexpr EnumChoice<MergeType> kMergeTypeNames[] = {
    {"payload_combine", MergeType::kPayloadCombine},
    {"skip_merge", MergeType::kSkipMerge},
};

/// "payload_combine" or "skip_merge" (exact case).
/// \return Invalid naming the key, the value and the names.
HOODIE_EXPORT ::arrow::Result<MergeType> ParseMergeType(std::string_view name);

/// Comparison of a column with a literal; the literal is cast to the column's type.
enum class CompareOp { kEqual, kNotEqual, kLess, kLessEqual, kGreater, kGreaterEqual };

/// The Arrow compute function of `op` ("equal", "less_equal", ...).
HOODIE_EXPORT const char* CompareFunctionName(CompareOp op);

/// \brief `column op value`, e.g. `_hoodie_record_key = 1` or `isActive = true`.
struct HOODIE_EXPORT ColumnFilter {
  std::string column;
  CompareOp op = CompareOp::kEqual;
  std::string value;

  /// Parses `column<op>value` with op one of = == != < <= > >=; Invalid otherwise.
  static ::arrow::Result<ColumnFilter> Parse(std::string_view text);
  std::string ToString() const;
};

/// Normalises a user instant for comparisons with 17-digit instant times:
/// `yyyyMMddHHmmssSSS` is kept, `yyyyMMddHHmmss` gets `000` appended (as hudi-rs does;
/// an instant at exactly that second is included). With `allow_zero`, `0`, `00`, `000`
/// (Hudi's "from the beginning") are kept. Invalid for anything else.
HOODIE_EXPORT ::arrow::Result<std::string> NormalizeInstantTime(std::string_view text,
                                                                bool allow_zero = false);

/// \brief Options of TableReader::Read. Members read from a key start at its declared
/// default (DefaultOf, DefaultEnum).
struct HOODIE_EXPORT ReadOptions {
  QueryType query_type = DefaultEnum(DataSourceConfig::kQueryType, kQueryTypeNames);
  /// Time travel (snapshot and read-optimized): only instants <= as_of.
  std::optional<std::string> as_of;
  /// Incremental range (begin, end]; begin is required, end defaults to the latest
  /// completed commit.
  std::optional<std::string> begin;
  std::optional<std::string> end;
  /// Incremental: the range is closed, [begin, end] (Flink's read.start-commit and
  /// read.end-commit), instead of the datasource's (begin, end].
  bool begin_inclusive = false;
  /// Incremental: a range that starts or ends before the active timeline, or whose
  /// commits' files are gone, reads the latest snapshot filtered on commit time
  /// (hoodie.datasource.read.incr.fallback.fulltablescan.enable).
  bool incremental_fallback_to_full_scan =
      DefaultOf(DataSourceConfig::kIncrementalFallbackToFullTableScan);
  /// Columns to return; empty = all. Meta columns requested come first, in table order.
  std::vector<std::string> columns;
  /// Partition paths to read (see PartitionMatches); empty = all.
  std::vector<std::string> partitions;
  /// One split of a distributed read: only the slices of these file groups, read with
  /// the schema of the whole read (its newest base file); empty = every file group.
  std::vector<FileGroupId> file_groups;
  /// All must hold. Equality on `_hoodie_record_key` also prunes base files by their
  /// footer min/max record keys.
  std::vector<ColumnFilter> filters;
  /// Stop after this many rows.
  std::optional<int64_t> limit;
  /// Merge-on-read snapshot and incremental reads: payload_combine merges log records
  /// into base rows by key with the table's payload; skip_merge returns base rows as
  /// they are followed by the (merged) log records.
  MergeType merge_type = DefaultEnum(DataSourceConfig::kMergeType, kMergeTypeNames);
  /// Merge-on-read reads of a table whose records carry _hoodie_operation
  /// (hoodie.allow.operation.metadata.field): every log record as written, the
  /// intermediate changes (I, -U, U, D) included, as Flink's changelog streaming read
  /// emits them, instead of one merged record per key. Ignored for other tables.
  bool emit_changes = false;
  /// Rows per batch handed out (at most one row group is decoded at a time).
  int64_t batch_size = 64 * 1024;
  /// Merge-on-read snapshot and incremental reads: memory bound of the merge state of
  /// each file slice (spilling beyond it) and log block reading order.
  LogScanOptions log_scan;
  /// Snapshot and read-optimized reads with filters: skips the slices it rules out
  /// (hoodie.enable.data.skipping, with the metadata table's column_stats); none reads
  /// every planned slice.
  std::shared_ptr<const FilePruner> file_pruner;
  /// When set, Read fills it with what it planned and read.
  ReadExplain* explain = nullptr;

  static ReadOptions Defaults() { return ReadOptions(); }

  /// Reads hoodie.datasource.query.type, hoodie.datasource.read.begin.instanttime,
  /// hoodie.datasource.read.end.instanttime,
  /// hoodie.datasource.read.incr.fallback.fulltablescan.enable,
  /// hoodie.datasource.merge.type and the
  /// keys of LogScanOptions::FromConfig. Invalid for a bad value.
  static ::arrow::Result<ReadOptions> FromConfig(const HoodieConfig& config);
};

}  // namespace hoodie
