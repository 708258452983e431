// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/read/partition_values_test.cc
/// \brief Partition values parsed from partition paths exactly as Spark's Hudi 0.15
/// reader parses them (values checked against Spark 3.5.1 + Hudi 0.15.0 reads).
#include <arrow/scalar.h>
#include <gtest/gtest.h>

#include "hoodie/common/macros.h"
#include "hoodie/read/partition_values_internal.h"
#include "hoodie/table/table_config.h"
#include "hoodie/testing/matchers.h"

namespace hoodie::internal {
namespace {

using ::hoodie::testing::StatusMessageHas;

TableConfig Config(const std::string& fields, const std::string& keygen) {
  TableConfig config;
  config.Set(TableConfig::kPartitionFields, fields);
  config.Set(TableConfig::kKeyGeneratorClass, keygen);
  return config;
}

constexpr const char* kSimple = "org.apache.hudi.keygen.SimpleKeyGenerator";
constexpr const char* kComplex = "org.apache.hudi.keygen.ComplexKeyGenerator";
constexpr const char* kTimestamp = "org.apache.hudi.keygen.TimestampBasedKeyGenerator";

// "name=value" per column, nulls as "name=null".
std::vector<std::string> Render(const PartitionConstants& values) {
  std::vector<std::string> out;
  for (const auto& [name, value] : values) out.push_back(name + "=" + value->ToString());
  return out;
}

::arrow::Result<std::vector<std::string>> Parse(const TableConfig& config,
                                                const ::arrow::Schema& schema,
                                                const std::string& path) {
  ARROW_ASSIGN_OR_RAISE(auto columns, PathValuedPartitionColumns(config, schema));
  if (!columns) return ::arrow::Status::Invalid("no path-valued columns");
  ARROW_ASSIGN_OR_RAISE(auto values, ParsePartitionPath(*columns, path));
  return Render(values);
}

const auto kSchema = ::arrow::schema({
    ::arrow::field("id", ::arrow::utf8()),
    ::arrow::field("part", ::arrow::utf8()),
    ::arrow::field("region", ::arrow::utf8()),
    ::arrow::field("n", ::arrow::int32()),
    ::arrow::field("b", ::arrow::int8()),
    ::arrow::field("l", ::arrow::int64()),
    ::arrow::field("d", ::arrow::float64()),
    ::arrow::field("dec", ::arrow::decimal128(10, 2)),
    ::arrow::field("day", ::arrow::date32()),
    ::arrow::field("flag", ::arrow::boolean()),
    ::arrow::field("event_ms", ::arrow::int64()),
});

TEST(PartitionValuesTest, NonPartitionedTableHasNone) {
  ASSERT_OK_AND_ASSIGN(auto columns,
                       PathValuedPartitionColumns(Config("", kSimple), *kSchema));
  EXPECT_FALSE(columns.has_value());
}

TEST(PartitionValuesTest, StringValuesAreUnescapedAndDefaultPartitionIsNull) {
  TableConfig config = Config("part", kSimple);
  // Checked against Spark: `a%41 b` reads `aA b`; `k=v` (non-hive) reads `v`.
  EXPECT_EQ(*Parse(config, *kSchema, "p1"), (std::vector<std::string>{"part=p1"}));
  EXPECT_EQ(*Parse(config, *kSchema, "part=p1"), (std::vector<std::string>{"part=p1"}));
  EXPECT_EQ(*Parse(config, *kSchema, "a%41 b"), (std::vector<std::string>{"part=aA b"}));
  EXPECT_EQ(*Parse(config, *kSchema, "part=a%41 b"),
            (std::vector<std::string>{"part=aA b"}));
  EXPECT_EQ(*Parse(config, *kSchema, "k=v"), (std::vector<std::string>{"part=v"}));
  EXPECT_EQ(*Parse(config, *kSchema, "__HIVE_DEFAULT_PARTITION__"),
            (std::vector<std::string>{"part=null"}));
  EXPECT_EQ(*Parse(config, *kSchema, "part=__HIVE_DEFAULT_PARTITION__"),
            (std::vector<std::string>{"part=null"}));
  // More segments than columns: the whole path, not unescaped.
  EXPECT_EQ(*Parse(config, *kSchema, "x/y%41"),
            (std::vector<std::string>{"part=x/y%41"}));
  EXPECT_EQ(*Parse(config, *kSchema, "part=x/y"), (std::vector<std::string>{"part=x/y"}));
}

TEST(PartitionValuesTest, UnescapeFollowsJava) {
  EXPECT_EQ(UnescapePathName("a%2Fb"), "a/b");
  EXPECT_EQ(UnescapePathName("100%"), "100%");
  EXPECT_EQ(UnescapePathName("%4"), "%4");
  EXPECT_EQ(UnescapePathName("%zz%41"), "%zzA");
  EXPECT_EQ(UnescapePathName("%+1"), "\x01");
  EXPECT_EQ(UnescapePathName("%-1x"), "%-1x");
  EXPECT_EQ(UnescapePathName("%C3%A9"), "\xC3\x83\xC2\xA9");  // one char per escape
}

TEST(PartitionValuesTest, SeveralColumnsHiveStyleAndNot) {
  TableConfig config = Config("region,part", kComplex);
  EXPECT_EQ(*Parse(config, *kSchema, "region=r1/part=p1"),
            (std::vector<std::string>{"region=r1", "part=p1"}));
  EXPECT_EQ(*Parse(config, *kSchema, "r1/p1"),
            (std::vector<std::string>{"region=r1", "part=p1"}));
  // A '/' in a hive-style value: splitHiveSlashPartitions.
  EXPECT_EQ(*Parse(config, *kSchema, "region=r1/part=x/y"),
            (std::vector<std::string>{"region=r1", "part=x/y"}));
  // Not hive style: Spark's reader fails ("Failed to parse partition column values").
  EXPECT_THAT(Parse(config, *kSchema, "r1/x/y"),
              StatusMessageHas("Failed to parse partition column values from the "
                               "partition path 'r1/x/y': 3 path segments for 2"));
  EXPECT_THAT(Parse(config, *kSchema, "region=/part=p1"),
              StatusMessageHas("Empty partition column value in 'region='"));
}

TEST(PartitionValuesTest, TypedColumnsParseAsJava) {
  EXPECT_EQ(*Parse(Config("n", kSimple), *kSchema, "5"),
            (std::vector<std::string>{"n=5"}));
  EXPECT_EQ(*Parse(Config("n", kSimple), *kSchema, "+7"),
            (std::vector<std::string>{"n=7"}));
  EXPECT_EQ(*Parse(Config("b", kSimple), *kSchema, "300"),
            (std::vector<std::string>{"b=44"}));
  EXPECT_EQ(*Parse(Config("l", kSimple), *kSchema, "-9000000000"),
            (std::vector<std::string>{"l=-9000000000"}));
  EXPECT_EQ(*Parse(Config("d", kSimple), *kSchema, "2.5"),
            (std::vector<std::string>{"d=2.5"}));
  EXPECT_EQ(*Parse(Config("dec", kSimple), *kSchema, "1.5"),
            (std::vector<std::string>{"dec=1.50"}));
  EXPECT_EQ(*Parse(Config("day", kSimple), *kSchema, "2024-02-29"),
            (std::vector<std::string>{"day=2024-02-29"}));
  EXPECT_EQ(*Parse(Config("day", kSimple), *kSchema, "2024-2-9"),
            (std::vector<std::string>{"day=2024-02-09"}));
  EXPECT_EQ(*Parse(Config("flag", kSimple), *kSchema, "TRUE"),
            (std::vector<std::string>{"flag=true"}));
  EXPECT_EQ(*Parse(Config("n", kSimple), *kSchema, "__HIVE_DEFAULT_PARTITION__"),
            (std::vector<std::string>{"n=null"}));
  EXPECT_THAT(
      Parse(Config("n", kSimple), *kSchema, "x"),
      StatusMessageHas("Failed to cast value `x` to int32 for partition column `n`"));
  EXPECT_THAT(Parse(Config("day", kSimple), *kSchema, "2023-02-29"),
              StatusMessageHas("Failed to cast value `2023-02-29` to date32"));
  EXPECT_THAT(Parse(Config("n", kSimple), *kSchema, "1/2"),
              StatusMessageHas("cannot fill partition column `n` of type int32"));
}

TEST(PartitionValuesTest, TimestampKeyGeneratorColumnIsThePathText) {
  TableConfig config = Config("event_ms", kTimestamp);
  ASSERT_OK_AND_ASSIGN(auto columns, PathValuedPartitionColumns(config, *kSchema));
  ASSERT_TRUE(columns.has_value());
  EXPECT_TRUE(columns->path_text);
  auto retyped = WithPartitionTypes(*kSchema, *columns);
  EXPECT_EQ(retyped->GetFieldByName("event_ms")->type()->id(), ::arrow::Type::STRING);
  EXPECT_EQ(retyped->num_fields(), kSchema->num_fields());
  EXPECT_EQ(*Parse(config, *kSchema, "2024/02/29"),
            (std::vector<std::string>{"event_ms=2024/02/29"}));
  EXPECT_EQ(*Parse(config, *kSchema, "event_ms=2024/02/29"),
            (std::vector<std::string>{"event_ms=2024/02/29"}));
  EXPECT_EQ(*Parse(config, *kSchema, "20240229"),
            (std::vector<std::string>{"event_ms=20240229"}));
}

TEST(PartitionValuesTest, MissingNestedOrCustomTimestampColumnsKeepStoredValues) {
  ASSERT_OK_AND_ASSIGN(
      auto missing, PathValuedPartitionColumns(Config("part,nope", kSimple), *kSchema));
  EXPECT_FALSE(missing.has_value());
  ASSERT_OK_AND_ASSIGN(auto nested,
                       PathValuedPartitionColumns(Config("a.b", kSimple), *kSchema));
  EXPECT_FALSE(nested.has_value());
  ASSERT_OK_AND_ASSIGN(
      auto custom,
      PathValuedPartitionColumns(Config("part:SIMPLE,event_ms:TIMESTAMP",
                                        "org.apache.hudi.keygen.CustomKeyGenerator"),
                                 *kSchema));
  EXPECT_FALSE(custom.has_value());
}

}  // namespace
}  // namespace hoodie::internal
