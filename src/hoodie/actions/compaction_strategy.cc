// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/actions/compaction_strategy.cc
/// \brief The seven compaction strategies of Hudi 0.15, as registered plug-ins.

#include "hoodie/actions/compaction_strategy.h"

#include <algorithm>
#include <array>
#include <chrono>
#include <ctime>
#include <mutex>
#include <set>
#include <utility>

#include "hoodie/common/clock.h"
#include "hoodie/actions/partition_date_internal.h"
#include "hoodie/common/java_compat.h"
#include "hoodie/common/macros.h"
#include "hoodie/config/compaction_config.h"
#include "hoodie/config/hoodie_config.h"
#include "hoodie/config/storage_config.h"

namespace hoodie {
namespace {

constexpr std::string_view kLegacyPackage = "org.apache.hudi.io.compact.strategy.";
constexpr int64_t kBytesPerMb = 1024 * 1024;

std::string FileGroupOf(const CompactionOperation& op) {
  return op.partition_path.value_or("") + "/" + op.file_id.value_or("");
}

// op.getMetrics().get(name).longValue(): a missing metric is a NullPointerException in
// Java; here it names the file group.
::arrow::Result<int64_t> Metric(const CompactionOperation& op, std::string_view name) {
  if (op.metrics) {
    auto it = op.metrics->find(std::string(name));
    if (it != op.metrics->end()) return static_cast<int64_t>(it->second);
  }
  return ::arrow::Status::Invalid("compaction operation of file group ", FileGroupOf(op),
                                  " has no ", name, " metric");
}

double MetricOrZero(const CompactionOperation& op, std::string_view name) {
  if (!op.metrics) return 0;
  auto it = op.metrics->find(std::string(name));
  return it == op.metrics->end() ? 0 : it->second;
}

size_t LogFileCount(const CompactionOperation& op) {
  return op.delta_file_paths ? op.delta_file_paths->size() : 0;
}

// BoundedIOCompactionStrategy.orderAndFilter: keep operations in order until the
// budget is spent; the operation that spends it is still taken.
::arrow::Result<std::vector<CompactionOperation>> BoundByIo(
    const CompactionStrategyOptions& options, std::vector<CompactionOperation> ops) {
  std::vector<CompactionOperation> taken;
  int64_t remaining = options.target_io_mb;
  for (CompactionOperation& op : ops) {
    ARROW_ASSIGN_OR_RAISE(int64_t io, Metric(op, kTotalIoMb));
    remaining -= io;
    taken.push_back(std::move(op));
    if (remaining <= 0) break;
  }
  return taken;
}

// LogFileSizeBasedCompactionStrategy: total log size at least the threshold, largest
// first (Long comparison of the truncated metric), then the I/O bound.
::arrow::Result<std::vector<CompactionOperation>> BySize(
    const CompactionStrategyOptions& options, std::vector<CompactionOperation> ops) {
  const auto threshold = static_cast<double>(options.log_file_size_threshold);
  std::erase_if(ops, [&](const CompactionOperation& op) {
    return MetricOrZero(op, kTotalLogFilesSize) < threshold;
  });
  // Java's comparator reads the metric with get(), so a missing one fails, but only
  // when there are two operations to compare.
  std::vector<std::pair<int64_t, size_t>> sizes;
  for (size_t i = 0; i < ops.size(); ++i) {
    int64_t size = 0;
    if (ops.size() > 1) {
      ARROW_ASSIGN_OR_RAISE(size, Metric(ops[i], kTotalLogFilesSize));
    }
    sizes.emplace_back(size, i);
  }
  std::stable_sort(sizes.begin(), sizes.end(),
                   [](const auto& a, const auto& b) { return a.first > b.first; });
  std::vector<CompactionOperation> sorted;
  for (const auto& [size, index] : sizes) sorted.push_back(std::move(ops[index]));
  return BoundByIo(options, std::move(sorted));
}

// LogFileNumBasedCompactionStrategy: at least the threshold of log files, most first.
::arrow::Result<std::vector<CompactionOperation>> ByLogFileCount(
    const CompactionStrategyOptions& options, std::vector<CompactionOperation> ops) {
  std::vector<CompactionOperation> kept;
  for (CompactionOperation& op : ops) {
    if (static_cast<int64_t>(LogFileCount(op)) >= options.log_file_num_threshold) {
      kept.push_back(std::move(op));
    }
  }
  std::stable_sort(kept.begin(), kept.end(), [](const auto& a, const auto& b) {
    return LogFileCount(a) > LogFileCount(b);
  });
  return BoundByIo(options, std::move(kept));
}

// Collectors.groupingBy(partitionPath) into a java.util.HashMap: groups in the
// HashMap's iteration order, operations in encounter order within a group.
std::vector<std::pair<std::string, std::vector<CompactionOperation>>> GroupByPartition(
    std::vector<CompactionOperation> ops) {
  std::vector<std::pair<std::string, std::vector<CompactionOperation>>> groups;
  for (CompactionOperation& op : ops) {
    std::string partition = op.partition_path.value_or("");
    auto it = std::find_if(groups.begin(), groups.end(),
                           [&](const auto& g) { return g.first == partition; });
    if (it == groups.end()) {
      groups.emplace_back(std::move(partition), std::vector<CompactionOperation>{});
      it = std::prev(groups.end());
    }
    it->second.push_back(std::move(op));
  }
  OrderLikeJavaHashMap(&groups);
  return groups;
}

// Sorts groups newest partition date first (DayBasedCompactionStrategy.comparator),
// stable as Java's sort; Java parses only when it compares, so one group needs no date.
::arrow::Result<std::vector<std::pair<std::string, std::vector<CompactionOperation>>>>
SortGroupsByDate(
    std::vector<std::pair<std::string, std::vector<CompactionOperation>>> groups,
    std::string_view strategy) {
  if (groups.size() < 2) return groups;
  std::vector<std::pair<int64_t, size_t>> days;
  for (size_t i = 0; i < groups.size(); ++i) {
    ARROW_ASSIGN_OR_RAISE(int64_t day,
                          internal::ParsePartitionDate(groups[i].first, strategy));
    days.emplace_back(day, i);
  }
  std::stable_sort(days.begin(), days.end(),
                   [](const auto& a, const auto& b) { return a.first > b.first; });
  std::vector<std::pair<std::string, std::vector<CompactionOperation>>> sorted;
  for (const auto& [day, index] : days) sorted.push_back(std::move(groups[index]));
  return sorted;
}

::arrow::Result<std::vector<CompactionOperation>> ByDay(
    const CompactionStrategyOptions& options, std::vector<CompactionOperation> ops) {
  ARROW_ASSIGN_OR_RAISE(auto groups, SortGroupsByDate(GroupByPartition(std::move(ops)),
                                                      "DayBasedCompactionStrategy"));
  std::vector<CompactionOperation> taken;
  size_t limit = static_cast<size_t>(std::max(options.day_based_target, 0));
  for (size_t i = 0; i < groups.size() && i < limit; ++i) {
    for (CompactionOperation& op : groups[i].second) taken.push_back(std::move(op));
  }
  return taken;
}

int64_t Now(const CompactionStrategyOptions& options) { return EpochMillisNow(options.clock); }

// The day number of the oldest partition the partition-aware strategies take: today
// (local time zone) minus daybased.target days (BoundedPartitionAware's
// getDateAtOffsetFromToday, formatted and parsed back as yyyy/MM/dd).
int64_t EarliestDay(const CompactionStrategyOptions& options) {
  return internal::LocalDayNumber(Now(options)) - options.day_based_target;
}

constexpr std::string_view kBoundedAware = "BoundedPartitionAwareCompactionStrategy";

// The partitions BoundedPartitionAware keeps: dated on or after EarliestDay.
::arrow::Result<std::set<std::string>> RecentPartitions(
    const CompactionStrategyOptions& options,
    const std::vector<std::string>& partitions) {
  int64_t earliest = EarliestDay(options);
  std::set<std::string> recent;
  for (const std::string& partition : partitions) {
    ARROW_ASSIGN_OR_RAISE(int64_t day,
                          internal::ParsePartitionDate(partition, kBoundedAware));
    if (day >= earliest) recent.insert(partition);
  }
  return recent;
}

std::vector<std::string> PartitionsOf(const std::vector<CompactionOperation>& ops) {
  std::vector<std::string> partitions;
  for (const CompactionOperation& op : ops) {
    partitions.push_back(op.partition_path.value_or(""));
  }
  return partitions;
}

// BoundedPartitionAware keeps the recent partitions' operations, newest partition
// first; UnBoundedPartitionAware keeps every other operation in its given order.
::arrow::Result<std::vector<CompactionOperation>> ByPartitionAge(
    const CompactionStrategyOptions& options, std::vector<CompactionOperation> ops,
    bool recent_wanted) {
  if (ops.empty()) return ops;
  ARROW_ASSIGN_OR_RAISE(std::set<std::string> recent,
                        RecentPartitions(options, PartitionsOf(ops)));
  std::vector<CompactionOperation> taken;
  if (!recent_wanted) {
    for (CompactionOperation& op : ops) {
      if (!recent.contains(op.partition_path.value_or("")))
        taken.push_back(std::move(op));
    }
    return taken;
  }
  ARROW_ASSIGN_OR_RAISE(
      auto groups, SortGroupsByDate(GroupByPartition(std::move(ops)), kBoundedAware));
  for (auto& [partition, group] : groups) {
    if (!recent.contains(partition)) continue;
    for (CompactionOperation& op : group) taken.push_back(std::move(op));
  }
  return taken;
}

void ReplaceAll(std::string* text, char from, char to) {
  std::replace(text->begin(), text->end(), from, to);
}

// Swaps '/' for '-', sorts in reverse String order and swaps '-' back for '/'.
std::vector<std::string> NewestFirst(std::vector<std::string> partitions) {
  for (std::string& p : partitions) ReplaceAll(&p, '/', '-');
  std::stable_sort(partitions.begin(), partitions.end(), std::greater<>());
  for (std::string& p : partitions) ReplaceAll(&p, '-', '/');
  return partitions;
}

// The strategies, each a class of Hudi 0.15's package with its orderAndFilter and
// filterPartitionPaths.

class UnBoundedStrategy : public CompactionStrategy {
 public:
  using CompactionStrategy::CompactionStrategy;
};

class BoundedIoStrategy : public CompactionStrategy {
 public:
  using CompactionStrategy::CompactionStrategy;
  ::arrow::Result<std::vector<CompactionOperation>> OrderAndFilter(
      std::vector<CompactionOperation> operations) const override {
    return BoundByIo(options_, std::move(operations));
  }
};

class LogFileSizeBasedStrategy : public CompactionStrategy {
 public:
  using CompactionStrategy::CompactionStrategy;
  ::arrow::Result<std::vector<CompactionOperation>> OrderAndFilter(
      std::vector<CompactionOperation> operations) const override {
    return BySize(options_, std::move(operations));
  }
};

class LogFileNumBasedStrategy : public CompactionStrategy {
 public:
  using CompactionStrategy::CompactionStrategy;
  ::arrow::Result<std::vector<CompactionOperation>> OrderAndFilter(
      std::vector<CompactionOperation> operations) const override {
    return ByLogFileCount(options_, std::move(operations));
  }
};

class DayBasedStrategy : public CompactionStrategy {
 public:
  using CompactionStrategy::CompactionStrategy;
  ::arrow::Result<std::vector<std::string>> FilterPartitionPaths(
      std::vector<std::string> partitions) const override {
    std::vector<std::string> newest = NewestFirst(std::move(partitions));
    size_t limit = static_cast<size_t>(std::max(options_.day_based_target, 0));
    if (newest.size() > limit) newest.resize(limit);
    return newest;
  }
  ::arrow::Result<std::vector<CompactionOperation>> OrderAndFilter(
      std::vector<CompactionOperation> operations) const override {
    return ByDay(options_, std::move(operations));
  }
};

// BoundedPartitionAware (recent partitions wanted) and UnBoundedPartitionAware (the
// others).
class PartitionAwareStrategy : public CompactionStrategy {
 public:
  PartitionAwareStrategy(CompactionStrategyOptions options, bool recent_wanted)
      : CompactionStrategy(std::move(options)), recent_wanted_(recent_wanted) {}
  ::arrow::Result<std::vector<std::string>> FilterPartitionPaths(
      std::vector<std::string> partitions) const override {
    std::vector<std::string> newest = NewestFirst(std::move(partitions));
    ARROW_ASSIGN_OR_RAISE(std::set<std::string> recent, RecentPartitions(options_, newest));
    std::vector<std::string> taken;
    for (std::string& p : newest) {
      if (recent.contains(p) == recent_wanted_) taken.push_back(std::move(p));
    }
    return taken;
  }
  ::arrow::Result<std::vector<CompactionOperation>> OrderAndFilter(
      std::vector<CompactionOperation> operations) const override {
    return ByPartitionAge(options_, std::move(operations), recent_wanted_);
  }

 private:
  bool recent_wanted_;
};

template <typename Strategy, typename... Extra>
CompactionStrategyRegistry::Factory FactoryOf(Extra... extra) {
  return [=](const CompactionStrategyOptions& options)
             -> ::arrow::Result<std::unique_ptr<CompactionStrategy>> {
    return std::make_unique<Strategy>(options, extra...);
  };
}

void Register(CompactionStrategyRegistry* registry, std::string_view simple_name,
              CompactionStrategyRegistry::Factory factory) {
  // Runs once per process; a failure means a user strategy took a builtin name first,
  // and that registration stays in force.
  HOODIE_WARN_NOT_OK(
      registry->Register(std::string(kCompactionStrategyPackage) + std::string(simple_name),
                         {std::string(kLegacyPackage) + std::string(simple_name)},
                         std::move(factory)),
      "builtin compaction strategy not registered");
}

void RegisterBuiltinsOnce() {
  CompactionStrategyRegistry* registry = CompactionStrategyRegistry::Global();
  Register(registry, "LogFileSizeBasedCompactionStrategy",
           FactoryOf<LogFileSizeBasedStrategy>());
  Register(registry, "LogFileNumBasedCompactionStrategy",
           FactoryOf<LogFileNumBasedStrategy>());
  Register(registry, "BoundedIOCompactionStrategy", FactoryOf<BoundedIoStrategy>());
  Register(registry, "DayBasedCompactionStrategy", FactoryOf<DayBasedStrategy>());
  Register(registry, "UnBoundedCompactionStrategy", FactoryOf<UnBoundedStrategy>());
  Register(registry, "BoundedPartitionAwareCompactionStrategy",
           FactoryOf<PartitionAwareStrategy>(true));
  Register(registry, "UnBoundedPartitionAwareCompactionStrategy",
           FactoryOf<PartitionAwareStrategy>(false));
}

}  // namespace

CompactionStrategyRegistry* CompactionStrategyRegistry::Global() {
  static CompactionStrategyRegistry registry;
  return &registry;
}

void RegisterBuiltinCompactionStrategies() {
  static std::once_flag once;
  std::call_once(once, RegisterBuiltinsOnce);
}

::arrow::Result<std::unique_ptr<CompactionStrategy>> MakeCompactionStrategy(
    const CompactionStrategyOptions& options) {
  RegisterBuiltinCompactionStrategies();
  auto made = CompactionStrategyRegistry::Global()->Make(options.class_name, options);
  if (made.ok()) return made;
  return made.status().WithMessage(
      "hoodie.compaction.strategy=", options.class_name, ": ", made.status().message(),
      "; hoodie cannot load Java classes, and takes one strategy, not a list");
}

::arrow::Result<CompactionStrategyOptions> CompactionStrategyOptions::FromConfig(
    const HoodieConfig& config) {
  CompactionStrategyOptions options;
  ARROW_ASSIGN_OR_RAISE(options.class_name,
                        config.Get(CompactionConfig::kCompactionStrategy));
  ARROW_ASSIGN_OR_RAISE(options.target_io_mb, config.Get(CompactionConfig::kTargetIo));
  ARROW_ASSIGN_OR_RAISE(options.day_based_target,
                        config.Get(CompactionConfig::kDayBasedTarget));
  ARROW_ASSIGN_OR_RAISE(options.parquet_max_file_size,
                        config.Get(StorageConfig::kParquetMaxFileSize));
  // An unknown class fails here, before anything is scheduled.
  ARROW_RETURN_NOT_OK(MakeCompactionStrategy(options).status());
  return options;
}

std::map<std::string, double> CompactionStrategy::CaptureMetrics(
    const FileSlice& slice) const {
  int64_t log_size = 0;
  for (const LogFile& log : slice.log_files) log_size += std::max<int64_t>(log.size, 0);
  int64_t base_size = slice.base_file ? slice.base_file->size : 0;
  int64_t read_mb = (base_size + log_size) / kBytesPerMb;
  int64_t write_mb =
      (base_size > 0 ? base_size : options_.parquet_max_file_size) / kBytesPerMb;
  return {{std::string(kTotalIoReadMb), static_cast<double>(read_mb)},
          {std::string(kTotalIoWriteMb), static_cast<double>(write_mb)},
          {std::string(kTotalIoMb), static_cast<double>(read_mb + write_mb)},
          {std::string(kTotalLogFilesSize), static_cast<double>(log_size)},
          {std::string(kTotalLogFiles), static_cast<double>(slice.log_files.size())}};
}

::arrow::Result<std::vector<std::string>> CompactionStrategy::FilterPartitionPaths(
    std::vector<std::string> partitions) const {
  return partitions;
}

::arrow::Result<std::vector<CompactionOperation>> CompactionStrategy::OrderAndFilter(
    std::vector<CompactionOperation> operations) const {
  return operations;
}

}  // namespace hoodie
