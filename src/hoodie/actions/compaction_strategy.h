// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/actions/compaction_strategy.h
/// \brief Compaction strategies: which file slices one compaction plan takes, in which
/// order (Hudi 0.15's org.apache.hudi.table.action.compact.strategy classes).
///
/// A strategy is a plug-in of CompactionStrategyRegistry (common/plugin_registry.h),
/// registered under its Java class names, whose methods the compaction scheduler
/// (compaction_scheduler.h) calls in Hudi's order:
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
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <arrow/result.h>

#include "hoodie/common/plugin_registry.h"
#include "hoodie/config/compaction_config.h"
#include "hoodie/config/config_default.h"
#include "hoodie/config/storage_config.h"
#include "hoodie/table/file_slice.h"
#include "hoodie/timeline_avro/compaction_plan.h"
#include "hoodie/visibility.h"

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

/// Java package of the 0.15 strategy classes.
inline constexpr std::string_view kCompactionStrategyPackage =
    "org.apache.hudi.table.action.compact.strategy.";

/// \brief Settings of a compaction strategy. A value; thread-compatible.
struct HOODIE_EXPORT CompactionStrategyOptions {
  /// hoodie.compaction.strategy: the class name the strategy is registered under.
  std::string class_name = DefaultOf(CompactionConfig::kCompactionStrategy);
  /// hoodie.compaction.target.io: MB of read + write one plan may take (BoundedIO,
  /// LogFileSizeBased, LogFileNumBased).
  int64_t target_io_mb = DefaultOf(CompactionConfig::kTargetIo);
  /// hoodie.compaction.daybased.target: partitions (DayBased) or days (the two
  /// partition-aware strategies).
  int32_t day_based_target = DefaultOf(CompactionConfig::kDayBasedTarget);
  /// Hudi's hoodie.compaction.logfile.size.threshold and .num.threshold. The seed
  /// documents neither key, so hoodie does not register them and Hudi's default 0
  /// (no threshold) applies.
  int64_t log_file_size_threshold = 0;
  int64_t log_file_num_threshold = 0;
  /// hoodie.parquet.max.file.size: the write estimate of a slice without base file.
  int64_t parquet_max_file_size = DefaultOf(StorageConfig::kParquetMaxFileSize);
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
};

/// \brief One compaction strategy (Java CompactionStrategy). Implementations are
/// immutable and keep their options.
class HOODIE_EXPORT CompactionStrategy {
 public:
  explicit CompactionStrategy(CompactionStrategyOptions options)
      : options_(std::move(options)) {}
  virtual ~CompactionStrategy() = default;

  /// The metrics map of the operation compacting `slice` (captureMetrics, the same for
  /// every 0.15 strategy): the five metrics above, with sizes in whole MB (integer
  /// division by 1,048,576 as FSUtils.getSizeInMB), reads the base file plus the logs,
  /// writes the base file size or, without a base file, `parquet_max_file_size`; log
  /// sizes below 0 (unknown) count as 0.
  virtual std::map<std::string, double> CaptureMetrics(const FileSlice& slice) const;

  /// The partitions to look for slices in, in the order the strategy lists them
  /// (filterPartitionPaths; all of them, as given, by default). DayBased and the
  /// partition-aware strategies sort them newest first after swapping '/' for '-' and
  /// back, so a partition written `2024-01-02` comes back as `2024/01/02`, as in Hudi.
  /// \return Invalid naming the partition when a partition-aware strategy meets a
  ///   partition that is not a `yyyy/MM/dd` date (Hudi's "Invalid Partition Date
  ///   Format").
  virtual ::arrow::Result<std::vector<std::string>> FilterPartitionPaths(
      std::vector<std::string> partitions) const;

  /// Orders and filters candidate operations (each with the metrics of CaptureMetrics)
  /// into the plan's operations (orderAndFilter; all of them, as given, by default);
  /// stable where Java's sort is stable.
  /// \return Invalid naming the file group when an operation lacks a metric the
  ///   strategy reads, or (date-based strategies) its partition is not a `yyyy/MM/dd`
  ///   date.
  virtual ::arrow::Result<std::vector<CompactionOperation>> OrderAndFilter(
      std::vector<CompactionOperation> operations) const;

  const CompactionStrategyOptions& options() const { return options_; }

 protected:
  CompactionStrategyOptions options_;
};

/// \brief The compaction strategies by Java class name (common/plugin_registry.h).
class HOODIE_EXPORT CompactionStrategyRegistry
    : public PluginRegistry<CompactionStrategy, const CompactionStrategyOptions&> {
 public:
  /// An empty registry of its own (tests, embedders); most callers use Global().
  CompactionStrategyRegistry() : PluginRegistry("compaction strategy") {}

  /// The process-wide registry (builtins added by RegisterBuiltinCompactionStrategies).
  static CompactionStrategyRegistry* Global();
};

/// Registers Hudi 0.15's seven strategies (LogFileSizeBased, the default; LogFileNumBased;
/// BoundedIO; DayBased; UnBounded; BoundedPartitionAware; UnBoundedPartitionAware) under
/// their class names in the 0.15 package, with the pre-0.7 package
/// `org.apache.hudi.io.compact.strategy.` the seed docs give as an alias. Idempotent.
HOODIE_EXPORT void RegisterBuiltinCompactionStrategies();

/// The strategy `options.class_name` names, made with `options`. Registers the builtins
/// first. \return Invalid naming hoodie.compaction.strategy for an unknown class.
HOODIE_EXPORT ::arrow::Result<std::unique_ptr<CompactionStrategy>> MakeCompactionStrategy(
    const CompactionStrategyOptions& options);

}  // namespace hoodie
