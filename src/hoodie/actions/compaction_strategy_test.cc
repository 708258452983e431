// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/actions/compaction_strategy_test.cc
/// \brief Strategy selections and orders on crafted operations, as Hudi 0.15 computes
/// them.
#include "hoodie/actions/compaction_strategy.h"

#include <algorithm>
#include <ctime>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "hoodie/actions/partition_date_internal.h"
#include "hoodie/config/hoodie_config.h"
#include "hoodie/testing/matchers.h"

namespace hoodie {
namespace {

using ::hoodie::testing::StatusMessageHas;
// The strategies by class name, as the tests pick them.
namespace Kind {
constexpr std::string_view kPackage = "org.apache.hudi.table.action.compact.strategy.";
const std::string kLogFileSizeBased =
    std::string(kPackage) + "LogFileSizeBasedCompactionStrategy";
const std::string kLogFileNumBased =
    std::string(kPackage) + "LogFileNumBasedCompactionStrategy";
const std::string kBoundedIo = std::string(kPackage) + "BoundedIOCompactionStrategy";
const std::string kDayBased = std::string(kPackage) + "DayBasedCompactionStrategy";
const std::string kUnBounded = std::string(kPackage) + "UnBoundedCompactionStrategy";
const std::string kBoundedPartitionAware =
    std::string(kPackage) + "BoundedPartitionAwareCompactionStrategy";
const std::string kUnBoundedPartitionAware =
    std::string(kPackage) + "UnBoundedPartitionAwareCompactionStrategy";
}  // namespace Kind

std::unique_ptr<CompactionStrategy> Make(const CompactionStrategyOptions& options) {
  auto made = MakeCompactionStrategy(options);
  EXPECT_TRUE(made.ok()) << made.status().ToString();
  return made.ok() ? *std::move(made) : nullptr;
}

::arrow::Result<std::vector<CompactionOperation>> SelectOperations(
    const CompactionStrategyOptions& options, std::vector<CompactionOperation> ops) {
  return Make(options)->OrderAndFilter(std::move(ops));
}

::arrow::Result<std::vector<std::string>> FilterPartitionPaths(
    const CompactionStrategyOptions& options, std::vector<std::string> partitions) {
  return Make(options)->FilterPartitionPaths(std::move(partitions));
}

std::map<std::string, double> CaptureMetrics(const CompactionStrategyOptions& options,
                                             const FileSlice& slice) {
  return Make(options)->CaptureMetrics(slice);
}

constexpr int64_t kMb = 1024 * 1024;

CompactionOperation Op(const std::string& partition, const std::string& file_id,
                       double io_mb, double log_bytes, int log_files = 1) {
  CompactionOperation op;
  op.partition_path = partition;
  op.file_id = file_id;
  op.base_instant_time = "001";
  op.delta_file_paths = std::vector<std::string>(log_files, "." + file_id + "_001.log");
  op.metrics = {{"TOTAL_IO_MB", io_mb}, {"TOTAL_LOG_FILES_SIZE", log_bytes}};
  return op;
}

std::vector<std::string> Ids(const std::vector<CompactionOperation>& ops) {
  std::vector<std::string> ids;
  for (const auto& op : ops) ids.push_back(*op.file_id);
  return ids;
}

CompactionStrategyOptions Options(const std::string& class_name) {
  CompactionStrategyOptions options;
  options.class_name = class_name;
  return options;
}

::arrow::Result<std::vector<std::string>> Select(const CompactionStrategyOptions& options,
                                                 std::vector<CompactionOperation> ops) {
  ARROW_ASSIGN_OR_RAISE(auto selected, SelectOperations(options, std::move(ops)));
  return Ids(selected);
}

LogFile Log(int64_t size) {
  LogFile log;
  log.size = size;
  return log;
}

// Local noon of a calendar day, as milliseconds since the epoch: "today" for the
// partition-aware strategies, which read the clock in the local time zone.
int64_t LocalNoon(int year, int month, int day) {
  std::tm tm{};
  tm.tm_year = year - 1900;
  tm.tm_mon = month - 1;
  tm.tm_mday = day;
  tm.tm_hour = 12;
  tm.tm_isdst = -1;
  return static_cast<int64_t>(std::mktime(&tm)) * 1000;
}

TEST(CompactionStrategyTest, CapturesMetricsAsFileSliceMetricUtils) {
  FileSlice slice;
  slice.base_file = BaseFile();
  slice.base_file->size = 10 * kMb + 5;
  slice.log_files = {Log(3 * kMb), Log(kMb + 7), Log(-1)};
  std::map<std::string, double> metrics =
      CaptureMetrics(Options(Kind::kUnBounded), slice);
  std::map<std::string, double> expected = {{"TOTAL_IO_READ_MB", 14},
                                            {"TOTAL_IO_WRITE_MB", 10},
                                            {"TOTAL_IO_MB", 24},
                                            {"TOTAL_LOG_FILES_SIZE", 4 * kMb + 7},
                                            {"TOTAL_LOG_FILES", 3}};
  EXPECT_EQ(metrics, expected);
}

TEST(CompactionStrategyTest, SliceWithoutBaseFileWritesTheMaxFileSize) {
  FileSlice slice;
  slice.log_files = {Log(2 * kMb + 1)};
  CompactionStrategyOptions options = Options(Kind::kLogFileSizeBased);
  std::map<std::string, double> metrics = CaptureMetrics(options, slice);
  EXPECT_EQ(metrics["TOTAL_IO_READ_MB"], 2);
  EXPECT_EQ(metrics["TOTAL_IO_WRITE_MB"], 120);  // 125829120 bytes
  EXPECT_EQ(metrics["TOTAL_IO_MB"], 122);
  options.parquet_max_file_size = 3 * kMb - 1;
  EXPECT_EQ(CaptureMetrics(options, slice)["TOTAL_IO_WRITE_MB"], 2);
}

TEST(CompactionStrategyTest, BoundedIoTakesOperationsUntilTheBudgetIsSpent) {
  std::vector<CompactionOperation> ops = {Op("p", "a", 100, 0), Op("p", "b", 200, 0),
                                          Op("p", "c", 300, 0), Op("p", "d", 50, 0)};
  CompactionStrategyOptions options = Options(Kind::kBoundedIo);
  options.target_io_mb = 250;  // 150 left after a, b spends the rest
  EXPECT_EQ(*Select(options, ops), (std::vector<std::string>{"a", "b"}));
  options.target_io_mb = 300;  // exactly spent by b: stop there
  EXPECT_EQ(*Select(options, ops), (std::vector<std::string>{"a", "b"}));
  options.target_io_mb = 301;
  EXPECT_EQ(*Select(options, ops), (std::vector<std::string>{"a", "b", "c"}));
  options.target_io_mb = 0;  // the first operation is always taken
  EXPECT_EQ(*Select(options, ops), (std::vector<std::string>{"a"}));
  options.target_io_mb = 10000;
  EXPECT_EQ(*Select(options, ops), (std::vector<std::string>{"a", "b", "c", "d"}));
  EXPECT_EQ(*Select(options, {}), (std::vector<std::string>{}));
}

TEST(CompactionStrategyTest, LogFileSizeBasedOrdersLargestLogsFirstThenBoundsIo) {
  std::vector<CompactionOperation> ops = {Op("p", "a", 10, 5), Op("p", "b", 10, 50),
                                          Op("p", "c", 10, 20), Op("p", "d", 10, 50.9)};
  CompactionStrategyOptions options = Options(Kind::kLogFileSizeBased);
  // Ties (50 and 50.9 compare as longs) keep their input order.
  EXPECT_EQ(*Select(options, ops), (std::vector<std::string>{"b", "d", "c", "a"}));
  options.target_io_mb = 25;
  EXPECT_EQ(*Select(options, ops), (std::vector<std::string>{"b", "d", "c"}));
  options.target_io_mb = 500000;
  options.log_file_size_threshold = 20;
  EXPECT_EQ(*Select(options, ops), (std::vector<std::string>{"b", "d", "c"}));
  options.log_file_size_threshold = 51;
  EXPECT_EQ(*Select(options, ops), (std::vector<std::string>{}));
}

TEST(CompactionStrategyTest, LogFileSizeBasedNeedsTheMetricToCompare) {
  std::vector<CompactionOperation> ops = {Op("p", "a", 10, 5), Op("p", "b", 10, 5)};
  ops[1].metrics->erase("TOTAL_LOG_FILES_SIZE");
  EXPECT_THAT(Select(Options(Kind::kLogFileSizeBased), ops),
              StatusMessageHas("file group p/b has no TOTAL_LOG_FILES_SIZE metric"));
  ops[1].metrics->erase("TOTAL_IO_MB");
  EXPECT_THAT(Select(Options(Kind::kBoundedIo), ops),
              StatusMessageHas("file group p/b has no TOTAL_IO_MB metric"));
}

TEST(CompactionStrategyTest, LogFileNumBasedOrdersMostLogFilesFirst) {
  std::vector<CompactionOperation> ops = {Op("p", "a", 10, 0, 1), Op("p", "b", 10, 0, 3),
                                          Op("p", "c", 10, 0, 2), Op("p", "d", 10, 0, 3)};
  CompactionStrategyOptions options = Options(Kind::kLogFileNumBased);
  EXPECT_EQ(*Select(options, ops), (std::vector<std::string>{"b", "d", "c", "a"}));
  options.log_file_num_threshold = 2;
  options.target_io_mb = 15;
  EXPECT_EQ(*Select(options, ops), (std::vector<std::string>{"b", "d"}));
}

TEST(CompactionStrategyTest, UnBoundedTakesEverythingInOrder) {
  std::vector<CompactionOperation> ops = {Op("p", "a", 900000, 1), Op("q", "b", 1, 9)};
  EXPECT_EQ(*Select(Options(Kind::kUnBounded), ops),
            (std::vector<std::string>{"a", "b"}));
}

TEST(CompactionStrategyTest, DayBasedTakesTheLatestPartitions) {
  std::vector<CompactionOperation> ops = {
      Op("2024/01/02", "a", 1, 1), Op("2024/01/10", "b", 1, 1),
      Op("2023/12/31", "c", 1, 1), Op("2024/01/10", "d", 1, 1),
      Op("2024/01/05", "e", 1, 1)};
  CompactionStrategyOptions options = Options(Kind::kDayBased);
  options.day_based_target = 2;
  EXPECT_EQ(*Select(options, ops), (std::vector<std::string>{"b", "d", "e"}));
  options.day_based_target = 10;
  EXPECT_EQ(*Select(options, ops), (std::vector<std::string>{"b", "d", "e", "a", "c"}));
}

TEST(CompactionStrategyTest, DayBasedReadsHiveStylePartitions) {
  std::vector<CompactionOperation> ops = {Op("year=2024/month=01/day=02", "a", 1, 1),
                                          Op("year=2024/month=02/day=01", "b", 1, 1)};
  CompactionStrategyOptions options = Options(Kind::kDayBased);
  options.day_based_target = 1;
  EXPECT_EQ(*Select(options, ops), (std::vector<std::string>{"b"}));
}

TEST(CompactionStrategyTest, DayBasedRefusesPartitionsThatAreNotDates) {
  CompactionStrategyOptions options = Options(Kind::kDayBased);
  std::vector<CompactionOperation> ops = {Op("americas", "a", 1, 1),
                                          Op("2024/01/02", "b", 1, 1)};
  EXPECT_THAT(Select(options, ops),
              StatusMessageHas("DayBasedCompactionStrategy: Invalid Partition Date "
                               "Format"));
  // As in Java, a single partition is never compared, so never parsed.
  EXPECT_EQ(*Select(options, {Op("americas", "a", 1, 1)}),
            (std::vector<std::string>{"a"}));
}

TEST(CompactionStrategyTest, DayBasedFiltersPartitionPathsNewestFirst) {
  CompactionStrategyOptions options = Options(Kind::kDayBased);
  options.day_based_target = 3;
  ASSERT_OK_AND_ASSIGN(std::vector<std::string> partitions,
                       FilterPartitionPaths(options, {"2024/01/02", "2024/01/10",
                                                      "2023/12/31", "2024-01-05"}));
  // Hudi swaps '-' back to '/' for every partition, including one written with '-'.
  EXPECT_EQ(partitions,
            (std::vector<std::string>{"2024/01/10", "2024/01/05", "2024/01/02"}));
  EXPECT_EQ(*FilterPartitionPaths(Options(Kind::kLogFileSizeBased), {"b", "a"}),
            (std::vector<std::string>{"b", "a"}));
}

TEST(CompactionStrategyTest, PartitionAwareStrategiesSplitAtTheTargetDay) {
  CompactionStrategyOptions options = Options(Kind::kBoundedPartitionAware);
  options.day_based_target = 3;  // today 2024/01/10: keep 2024/01/07 and later
  options.clock = [] { return LocalNoon(2024, 1, 10); };
  std::vector<CompactionOperation> ops = {
      Op("2024/01/06", "a", 1, 1), Op("2024/01/10", "b", 1, 1),
      Op("2024/01/07", "c", 1, 1), Op("2024/01/10", "d", 1, 1),
      Op("2024/01/08", "e", 1, 1), Op("2023/12/01", "f", 1, 1)};
  EXPECT_EQ(*Select(options, ops), (std::vector<std::string>{"b", "d", "e", "c"}));
  std::vector<std::string> partitions = {"2024/01/06", "2024/01/10", "2024/01/07",
                                         "2024/01/08", "2023/12/01"};
  EXPECT_EQ(*FilterPartitionPaths(options, partitions),
            (std::vector<std::string>{"2024/01/10", "2024/01/08", "2024/01/07"}));
  options.class_name = Kind::kUnBoundedPartitionAware;
  EXPECT_EQ(*Select(options, ops), (std::vector<std::string>{"a", "f"}));
  EXPECT_EQ(*FilterPartitionPaths(options, partitions),
            (std::vector<std::string>{"2024/01/06", "2023/12/01"}));
  EXPECT_THAT(FilterPartitionPaths(options, {"2024/01/06", "emea"}),
              StatusMessageHas("BoundedPartitionAwareCompactionStrategy: Invalid "
                               "Partition Date Format"));
}

TEST(CompactionStrategyTest, ParsesPartitionDatesLeniently) {
  using internal::DayNumber;
  using internal::ParsePartitionDate;
  EXPECT_EQ(*ParsePartitionDate("1970/01/01", "s"), 0);
  EXPECT_EQ(*ParsePartitionDate("2024/13/01", "s"), DayNumber(2025, 1, 1));
  EXPECT_EQ(*ParsePartitionDate("2024/03/00", "s"), DayNumber(2024, 2, 29));
  EXPECT_EQ(*ParsePartitionDate(" 2024/1/2/10", "s"), DayNumber(2024, 1, 2));
  // Everything up to the last '=' of a key is dropped, as Java's regex does.
  ASSERT_RAISES(Invalid, ParsePartitionDate("2024/01/02/hour=10", "s"));
  EXPECT_EQ(*ParsePartitionDate("dt=2024/01/02", "s"), DayNumber(2024, 1, 2));
  EXPECT_EQ(internal::PartitionPathWithoutKeys("year=2024/month=01/day=02"),
            "2024/01/02");
  EXPECT_EQ(internal::PartitionPathWithoutKeys("a/b=2024/c/d=01"), "2024/01");
  ASSERT_RAISES(Invalid, ParsePartitionDate("2024-01-02", "s"));
  ASSERT_RAISES(Invalid, ParsePartitionDate("2024/01", "s"));
  EXPECT_EQ(internal::LocalDayNumber(LocalNoon(2024, 1, 10)), DayNumber(2024, 1, 10));
}

TEST(CompactionStrategyTest, ResolvesStrategyClassNames) {
  // The package the seed documentation names (Hudi before 0.7) is an alias.
  EXPECT_NE(Make(Options(
                "org.apache.hudi.io.compact.strategy.LogFileSizeBasedCompactionStrategy")),
            nullptr);
  EXPECT_THAT(MakeCompactionStrategy(Options("com.acme.MyStrategy")),
              StatusMessageHas("hoodie.compaction.strategy=com.acme.MyStrategy: unknown "
                               "compaction strategy 'com.acme.MyStrategy'"));
  // Hudi loads a class by its full name only.
  EXPECT_THAT(MakeCompactionStrategy(Options("LogFileSizeBasedCompactionStrategy")),
              StatusMessageHas("hoodie.compaction.strategy=LogFileSizeBased"));
  // A user strategy registered by name is used like a builtin.
  class FirstOnly : public CompactionStrategy {
   public:
    using CompactionStrategy::CompactionStrategy;
    ::arrow::Result<std::vector<CompactionOperation>> OrderAndFilter(
        std::vector<CompactionOperation> ops) const override {
      ops.resize(std::min<size_t>(ops.size(), 1));
      return ops;
    }
  };
  ASSERT_OK(CompactionStrategyRegistry::Global()->Register(
      "com.acme.FirstOnly", {},
      [](const CompactionStrategyOptions& options)
          -> ::arrow::Result<std::unique_ptr<CompactionStrategy>> {
        return std::make_unique<FirstOnly>(options);
      }));
  EXPECT_EQ(*Select(Options("com.acme.FirstOnly"), {Op("p", "a", 1, 1), Op("p", "b", 1, 1)}),
            (std::vector<std::string>{"a"}));
}

TEST(CompactionStrategyTest, ReadsItsOptionsFromConfig) {
  ASSERT_OK_AND_ASSIGN(CompactionStrategyOptions defaults,
                       CompactionStrategyOptions::FromConfig(HoodieConfig()));
  EXPECT_EQ(defaults.class_name, Kind::kLogFileSizeBased);
  EXPECT_EQ(defaults.target_io_mb, 500000);
  EXPECT_EQ(defaults.day_based_target, 10);
  EXPECT_EQ(defaults.parquet_max_file_size, 125829120);
  HoodieConfig config;
  config.Set("hoodie.compaction.strategy",
             "org.apache.hudi.table.action.compact.strategy."
             "UnBoundedPartitionAwareCompactionStrategy");
  config.Set("hoodie.compaction.target.io", "42");
  config.Set("hoodie.compaction.daybased.target", "3");
  ASSERT_OK_AND_ASSIGN(CompactionStrategyOptions options,
                       CompactionStrategyOptions::FromConfig(config));
  EXPECT_EQ(options.class_name, Kind::kUnBoundedPartitionAware);
  EXPECT_EQ(options.target_io_mb, 42);
  EXPECT_EQ(options.day_based_target, 3);
  config.Set("hoodie.compaction.strategy", "a.B,c.D");
  ASSERT_RAISES(Invalid, CompactionStrategyOptions::FromConfig(config));
}

}  // namespace
}  // namespace hoodie
