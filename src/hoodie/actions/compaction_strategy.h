// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/actions/compaction_strategy.h
/// \brief Compaction strategies: which file slices one compaction plan takes, in which
/// order (Hudi 0.15's org.apache.hudi.table.action.compact.strategy classes).
///
/// A strategy is a set of pure functions over values, called by the compaction
/// scheduler (compaction_scheduler.h) in Hudi's order:
///  1. `FilterPartitionPaths` narrows the table's partitions before file slices are
///     listed (BaseHoodieCompactionPlanGenerator.filterPartitionPathsByStrategy);
///  2. `CaptureMetrics` gives each candidate slice its operation's `metrics` map
///     (CompactionStrategy.captureMetrics);
///  3. `OrderAndFilter` orders the operations and drops those this run skips
///     (CompactionStrategy.orderAndFilter); the result is the plan's operation list.
/// Hudi 0.15 leaves the plan's `strategy` field null for compaction plans (only log
/// compaction fills it), so the class name is not written into the plan.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include <arrow/result.h>

#include "hoodie/table/file_slice.h"
#include "hoodie/timeline_avro/compaction_plan.h"

namespace hoodie {

class HoodieConfig;

/// Metric names of a compaction operation, the exact strings Hudi writes into the plan
/// (CompactionStrategy / FileSliceMetricUtils constants).
inline constexpr std::string_view kTotalIoReadMb = "TOTAL_IO_READ_MB";
inline constexpr std::string_view kTotalIoWriteMb = "TOTAL_IO_WRITE_MB";
inline constexpr std::string_view kTotalIoMb = "TOTAL_IO_MB";
/// Java's constant is named TOTAL_LOG_FILE_SIZE but its value is "TOTAL_LOG_FILES_SIZE".
inline constexpr std::string_view kTotalLogFilesSize = "TOTAL_LOG_FILES_SIZE";
inline constexpr std::string_view kTotalLogFiles = "TOTAL_LOG_FILES";

/// The strategy classes of Hudi 0.15, each implemented as Java does it.
enum class CompactionStrategyKind {
  /// Default. Slices whose log files total at least the size threshold, largest logs
  /// first, cut by the I/O budget (extends BoundedIO).
  kLogFileSizeBased,
  /// Slices with at least the log file count threshold, most log files first, cut by
  /// the I/O budget (extends BoundedIO).
  kLogFileNumBased,
  /// Slices in the given order until `hoodie.compaction.target.io` MB are spent.
  kBoundedIo,
  /// The `hoodie.compaction.daybased.target` latest `yyyy/MM/dd` partitions.
  kDayBased,
  /// Every slice.
  kUnBounded,
  /// Partitions dated within the last `hoodie.compaction.daybased.target` days.
  kBoundedPartitionAware,
  /// Partitions dated before those BoundedPartitionAware takes.
  kUnBoundedPartitionAware,
};

/// Java package of the 0.15 strategy classes.
inline constexpr std::string_view kCompactionStrategyPackage =
    "org.apache.hudi.table.action.compact.strategy.";

/// The fully qualified Java class name of `kind`.
std::string CompactionStrategyClassName(CompactionStrategyKind kind);

/// Resolves a `hoodie.compaction.strategy` value: a class name of the 0.15 package,
/// or of the pre-0.7 package `org.apache.hudi.io.compact.strategy.` the seed docs give.
/// \return Invalid naming the value and the implemented classes otherwise (a custom
///   Java class, a comma-separated list, or a class of a later Hudi release).
::arrow::Result<CompactionStrategyKind> ParseCompactionStrategy(std::string_view name);

/// \brief Settings of a compaction strategy. A value; thread-compatible.
struct CompactionStrategyOptions {
  CompactionStrategyKind kind = CompactionStrategyKind::kLogFileSizeBased;
  /// hoodie.compaction.target.io: MB of read + write one plan may take (BoundedIO,
  /// LogFileSizeBased, LogFileNumBased).
  int64_t target_io_mb = 500000;
  /// hoodie.compaction.daybased.target: partitions (DayBased) or days (the two
  /// partition-aware strategies).
  int32_t day_based_target = 10;
  /// Hudi's hoodie.compaction.logfile.size.threshold and .num.threshold. The seed
  /// documents neither key, so hoodie does not register them and Hudi's default 0
  /// (no threshold) applies.
  int64_t log_file_size_threshold = 0;
  int64_t log_file_num_threshold = 0;
  /// hoodie.parquet.max.file.size: the write estimate of a slice without base file.
  int64_t parquet_max_file_size = 125829120;
  /// Milliseconds since the epoch of "today" for the partition-aware strategies
  /// (Java's Calendar.getInstance(), in the local time zone); null means the system
  /// clock. Tests inject a fixed time.
  std::function<int64_t()> clock;

  static CompactionStrategyOptions Defaults() { return {}; }

  /// Reads hoodie.compaction.strategy, hoodie.compaction.target.io,
  /// hoodie.compaction.daybased.target and hoodie.parquet.max.file.size.
  /// \return Invalid naming the key for a bad value or an unknown strategy class.
  static ::arrow::Result<CompactionStrategyOptions> FromConfig(
      const HoodieConfig& config);

  /// The Java class name of `kind`.
  std::string class_name() const { return CompactionStrategyClassName(kind); }
};

/// The metrics map of the operation compacting `slice` (CompactionStrategy
/// .captureMetrics, the same for every 0.15 strategy): the five metrics above, with
/// sizes in whole MB (integer division by 1,048,576 as FSUtils.getSizeInMB), reads the
/// base file plus the logs, writes the base file size or, without a base file,
/// `parquet_max_file_size`; log sizes below 0 (unknown) count as 0.
std::map<std::string, double> CaptureMetrics(const CompactionStrategyOptions& options,
                                             const FileSlice& slice);

/// The partitions to look for slices in, in the order the strategy lists them
/// (filterPartitionPaths). DayBased and the partition-aware strategies sort them
/// newest first after swapping '/' for '-' and back, so a partition written
/// `2024-01-02` comes back as `2024/01/02`, as in Hudi.
/// \return Invalid naming the partition when a partition-aware strategy meets a
///   partition that is not a `yyyy/MM/dd` date (Hudi's "Invalid Partition Date Format").
::arrow::Result<std::vector<std::string>> FilterPartitionPaths(
    const CompactionStrategyOptions& options, std::vector<std::string> partitions);

/// Orders and filters candidate operations (each with the metrics of CaptureMetrics)
/// into the plan's operations (orderAndFilter); stable where Java's sort is stable.
/// \return Invalid naming the file group when an operation lacks a metric the strategy
///   reads, or (date-based strategies) its partition is not a `yyyy/MM/dd` date.
::arrow::Result<std::vector<CompactionOperation>> OrderAndFilter(
    const CompactionStrategyOptions& options,
    std::vector<CompactionOperation> operations);

/// The scheduler's entry point; the same as OrderAndFilter.
inline ::arrow::Result<std::vector<CompactionOperation>> SelectOperations(
    const CompactionStrategyOptions& options,
    std::vector<CompactionOperation> operations) {
  return OrderAndFilter(options, std::move(operations));
}

}  // namespace hoodie
