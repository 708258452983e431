// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/streamer/rate_limit_test.cc
/// \brief write.rate.limit: the waits a rate limit asks of an injected clock, exactly,
/// and a streamer round under a limit.

#include <map>
#include <string>
#include <vector>

#include <arrow/api.h>
#include <gtest/gtest.h>

#include "hoodie/client/rate_limit.h"
#include "hoodie/streamer/stream_round_test_util.h"
#include "hoodie/testing/matchers.h"

namespace hoodie {
namespace {

std::shared_ptr<::arrow::RecordBatch> Batch(int64_t count) {
  ::arrow::Int64Builder builder;
  for (int64_t i = 0; i < count; ++i) EXPECT_OK(builder.Append(i));
  auto schema = ::arrow::schema({::arrow::field("x", ::arrow::int64())});
  return ::arrow::RecordBatch::Make(schema, count, {builder.Finish().ValueOrDie()});
}

// A clock that advances by what is slept, plus `work` microseconds per batch read.
struct FakeClock {
  int64_t now = 1000;
  std::vector<int64_t> sleeps;

  RateLimitClock Make() {
    return {.now_micros = [this] { return now; },
            .sleep = [this](int64_t micros) {
              sleeps.push_back(micros);
              now += micros;
            }};
  }
};

TEST(RateLimitTest, EachBatchWaitsForTheRecordsBeforeIt) {
  FakeClock clock;
  auto input = ::arrow::RecordBatchReader::Make({Batch(10), Batch(10), Batch(5), Batch(1)})
                   .ValueOrDie();
  auto limited = RateLimited(input, 10, clock.Make());
  ASSERT_OK_AND_ASSIGN(auto table, limited->ToTable());
  EXPECT_EQ(table->num_rows(), 26);
  // 10 records a second: the 2nd batch at 1 s, the 3rd at 2 s, the 4th at 2.5 s.
  EXPECT_EQ(clock.sleeps, (std::vector<int64_t>{1000000, 1000000, 500000}));
  EXPECT_EQ(clock.now, 1000 + 2500000);
}

TEST(RateLimitTest, TimeSpentElsewhereCountsAndZeroDisables) {
  FakeClock clock;
  auto input = ::arrow::RecordBatchReader::Make({Batch(4), Batch(4), Batch(4)}).ValueOrDie();
  auto limited = RateLimited(input, 4, clock.Make());
  std::shared_ptr<::arrow::RecordBatch> batch;
  ASSERT_OK(limited->ReadNext(&batch));
  clock.now += 1500000;  // the consumer took 1.5 s: the 2nd batch is already due
  ASSERT_OK(limited->ReadNext(&batch));
  ASSERT_OK(limited->ReadNext(&batch));
  EXPECT_EQ(clock.sleeps, (std::vector<int64_t>{500000}));

  auto unlimited = ::arrow::RecordBatchReader::Make({Batch(3)}).ValueOrDie();
  EXPECT_EQ(RateLimited(unlimited, 0).get(), unlimited.get());
}

class RateLimitRoundTest : public testing::StreamRoundTest {};

TEST_F(RateLimitRoundTest, ALimitedRoundWritesEveryRecord) {
  props_.Set("write.rate.limit", "1000000");
  Input("1.json", R"({"id":"a","city":"x","fare":1.0,"ts":1})" "\n"
                  R"({"id":"b","city":"y","fare":2.0,"ts":1})" "\n", 5000);
  ASSERT_OK_AND_ASSIGN(RoundResult round, Round());
  EXPECT_EQ(round.records_read, 2);
  EXPECT_EQ(Rows(), (std::map<std::string, double>{{"a", 1.0}, {"b", 2.0}}));
}

}  // namespace
}  // namespace hoodie
