// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/read/read_options_test.cc
/// \brief Query type, instant and filter parsing; options from the datasource keys.
#include <gtest/gtest.h>

#include "hoodie/config/datasource_config.h"
#include "hoodie/config/hoodie_config.h"
#include "hoodie/read/read_options.h"
#include "hoodie/testing/matchers.h"

namespace hoodie {
namespace {

TEST(ReadOptionsTest, NormalizesInstantTimes) {
  ASSERT_OK_AND_ASSIGN(auto millis, NormalizeInstantTime("20240418173551906"));
  EXPECT_EQ(millis, "20240418173551906");
  ASSERT_OK_AND_ASSIGN(auto seconds, NormalizeInstantTime("19700101000000"));
  EXPECT_EQ(seconds, "19700101000000000");
  ASSERT_OK_AND_ASSIGN(auto zero, NormalizeInstantTime("000", /*allow_zero=*/true));
  EXPECT_EQ(zero, "000");
  ASSERT_RAISES(Invalid, NormalizeInstantTime("0"));
  ASSERT_RAISES(Invalid, NormalizeInstantTime("2024-04-18 17:35:51"));
  ASSERT_RAISES(Invalid, NormalizeInstantTime("2024041817355"));
}

TEST(ReadOptionsTest, ParsesFilters) {
  ASSERT_OK_AND_ASSIGN(auto eq, ColumnFilter::Parse("_hoodie_record_key=id:1,name:Alice"));
  EXPECT_EQ(eq.column, "_hoodie_record_key");
  EXPECT_EQ(eq.op, CompareOp::kEqual);
  EXPECT_EQ(eq.value, "id:1,name:Alice");
  ASSERT_OK_AND_ASSIGN(auto ne, ColumnFilter::Parse(" name != 'Alice' "));
  EXPECT_EQ(ne.op, CompareOp::kNotEqual);
  EXPECT_EQ(ne.value, "Alice");
  ASSERT_OK_AND_ASSIGN(auto le, ColumnFilter::Parse("byteField<=20"));
  EXPECT_EQ(le.op, CompareOp::kLessEqual);
  EXPECT_EQ(le.ToString(), "byteField <= 20");
  ASSERT_OK_AND_ASSIGN(auto empty, ColumnFilter::Parse("_hoodie_record_key != \"\""));
  EXPECT_EQ(empty.value, "");
  ASSERT_RAISES(Invalid, ColumnFilter::Parse("isActive"));
  ASSERT_RAISES(Invalid, ColumnFilter::Parse("=1"));
}

TEST(ReadOptionsTest, FromDatasourceConfig) {
  HoodieConfig config;
  ASSERT_OK_AND_ASSIGN(ReadOptions defaults, ReadOptions::FromConfig(config));
  EXPECT_EQ(defaults.query_type, QueryType::kSnapshot);
  EXPECT_FALSE(defaults.begin.has_value());
  EXPECT_EQ(defaults.merge_type, MergeType::kPayloadCombine);
  config.Set(DataSourceConfig::kMergeType.key, "skip_merge");
  config.Set(DataSourceConfig::kQueryType.key, "incremental");
  config.Set(DataSourceConfig::kBeginInstantTime.key, "20240418173550988");
  config.Set(DataSourceConfig::kEndInstantTime.key, "20240418173551906");
  ASSERT_OK_AND_ASSIGN(ReadOptions options, ReadOptions::FromConfig(config));
  EXPECT_EQ(options.query_type, QueryType::kIncremental);
  EXPECT_EQ(options.begin, "20240418173550988");
  EXPECT_EQ(options.end, "20240418173551906");
  EXPECT_EQ(options.merge_type, MergeType::kSkipMerge);
  config.Set(DataSourceConfig::kMergeType.key, "merge");
  ASSERT_RAISES(Invalid, ReadOptions::FromConfig(config));
  config.Set(DataSourceConfig::kMergeType.key, "payload_combine");
  config.Set(DataSourceConfig::kQueryType.key, "realtime");
  ASSERT_RAISES(Invalid, ReadOptions::FromConfig(config));
}

}  // namespace
}  // namespace hoodie
