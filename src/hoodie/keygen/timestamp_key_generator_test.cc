// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/keygen/timestamp_key_generator_test.cc
/// \brief TimestampBasedKeyGenerator: every timestamp type, formats, zones, nulls,
/// errors.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "hoodie/keygen/key_generator.h"
#include "hoodie/keygen/key_generator_test_util.h"
#include "hoodie/keygen/time_zone_internal.h"
#include "hoodie/testing/matchers.h"

namespace hoodie {
namespace {

using testing::BatchFromJson;
using ::testing::ElementsAre;
using ::testing::HasSubstr;
using testing::Messages;
using testing::Strings;

constexpr char kType[] = "hoodie.keygen.timebased.timestamp.type";
constexpr char kUnit[] = "hoodie.keygen.timebased.timestamp.scalar.time.unit";
constexpr char kInput[] = "hoodie.keygen.timebased.input.dateformat";
constexpr char kDelimiter[] =
    "hoodie.keygen.timebased.input.dateformat.list.delimiter.regex";
constexpr char kInputZone[] = "hoodie.keygen.timebased.input.timezone";
constexpr char kOutput[] = "hoodie.keygen.timebased.output.dateformat";
constexpr char kOutputZone[] = "hoodie.keygen.timebased.output.timezone";
constexpr char kZone[] = "hoodie.keygen.timebased.timezone";

// 2023-04-01T12:01:00.123Z.
constexpr int64_t kMillis = 1680350460123;

HoodieConfig Config(std::vector<std::pair<std::string, std::string>> extra) {
  HoodieConfig config;
  config.Set("hoodie.datasource.write.keygenerator.class",
             "org.apache.hudi.keygen.TimestampBasedKeyGenerator");
  config.Set("hoodie.datasource.write.recordkey.field", "id");
  config.Set("hoodie.datasource.write.partitionpath.field", "ts");
  for (const auto& [key, value] : extra) config.Set(key, value);
  return config;
}

KeyColumns Generate(const HoodieConfig& config,
                    const std::shared_ptr<::arrow::DataType>& ts_type,
                    const std::string& ts_json_values) {
  std::string rows = "[";
  auto values = ::arrow::json::ArrayFromJSONString(ts_type, ts_json_values).ValueOrDie();
  for (int64_t i = 0; i < values->length(); ++i) {
    rows += std::string(i ? "," : "") + "{\"id\": " + std::to_string(i + 1) + "}";
  }
  rows += "]";
  auto ids = BatchFromJson({::arrow::field("id", ::arrow::int32())}, rows).ValueOrDie();
  auto batch = ids->AddColumn(1, "ts", values).ValueOrDie();
  auto generator = MakeKeyGenerator(config).ValueOrDie();
  EXPECT_EQ(generator->java_class_name(),
            "org.apache.hudi.keygen.TimestampBasedKeyGenerator");
  return generator->Generate(*batch).ValueOrDie();
}

std::vector<std::string> Paths(const HoodieConfig& config,
                               const std::shared_ptr<::arrow::DataType>& type,
                               const std::string& values) {
  return Strings(*Generate(config, type, values).partition_paths);
}

TEST(TimestampKeyGeneratorTest, EpochTypesAndOutputZones) {
  const std::string millis = "[" + std::to_string(kMillis) + "]";
  auto hour = [](std::string zone) {
    return Config({{kType, "EPOCHMILLISECONDS"},
                   {kOutput, "yyyy/MM/dd/HH:mm"},
                   {kOutputZone, std::move(zone)}});
  };
  EXPECT_THAT(Paths(hour("UTC"), ::arrow::int64(), millis),
              ElementsAre("2023/04/01/12:01"));
  EXPECT_THAT(Paths(hour("Asia/Shanghai"), ::arrow::int64(), millis),
              ElementsAre("2023/04/01/20:01"));
  EXPECT_THAT(Paths(hour("GMT+05:30"), ::arrow::int64(), millis),
              ElementsAre("2023/04/01/17:31"));
  EXPECT_THAT(Paths(hour("America/New_York"), ::arrow::int64(), millis),
              ElementsAre("2023/04/01/08:01"));
  EXPECT_THAT(Paths(Config({{kType, "UNIX_TIMESTAMP"}, {kOutput, "yyyy-MM-dd HH"}}),
                    ::arrow::int64(), "[1680350460, -1]"),
              ElementsAre("2023-04-01 12", "1969-12-31 23"));
  EXPECT_THAT(
      Paths(Config({{kType, "EPOCHMICROSECONDS"}, {kOutput, "yyyyMMddHHmmssSSS"}}),
            ::arrow::timestamp(::arrow::TimeUnit::MICRO, "UTC"), "[1680350460123999]"),
      ElementsAre("20230401120100123"));
}

TEST(TimestampKeyGeneratorTest, ScalarUnitsAndNumericInputTypes) {
  EXPECT_THAT(Paths(Config({{kType, "SCALAR"}, {kUnit, "days"}, {kOutput, "yyyy-MM-dd"}}),
                    ::arrow::date32(), "[19448]"),
              ElementsAre("2023-04-01"));
  EXPECT_THAT(
      Paths(Config({{kType, "SCALAR"}, {kUnit, "HOURS"}, {kOutput, "yyyy-MM-dd HH"}}),
            ::arrow::int32(), "[466764]"),
      ElementsAre("2023-04-01 12"));
  // The default unit is SECONDS; doubles and decimals are truncated like longValue().
  EXPECT_THAT(Paths(Config({{kType, "SCALAR"}, {kOutput, "HH:mm:ss"}}),
                    ::arrow::float64(), "[1680350460.9]"),
              ElementsAre("12:01:00"));
  EXPECT_THAT(Paths(Config({{kType, "UNIX_TIMESTAMP"}, {kOutput, "HH:mm:ss"}}),
                    ::arrow::decimal128(12, 2), R"(["1680350461.99"])"),
              ElementsAre("12:01:01"));
  EXPECT_THAT(
      Paths(Config({{kType, "SCALAR"}, {kUnit, "NANOSECONDS"}, {kOutput, "ss.SSS"}}),
            ::arrow::int64(), "[1680350460123456789]"),
      ElementsAre("00.123"));
}

TEST(TimestampKeyGeneratorTest, DateStringsWithFormatListAndZones) {
  auto config = Config({{kType, "DATE_STRING"},
                        {kInput, "yyyy-MM-dd'T'HH:mm:ss.SSSZ, yyyy-MM-dd"},
                        {kOutput, "yyyy/MM/dd/HH"}});
  EXPECT_THAT(Paths(config, ::arrow::utf8(),
                    R"(["2023-04-01T12:01:00.123Z", "2023-04-01T23:30:00.000+05:00",
                        "2023-04-02"])"),
              ElementsAre("2023/04/01/12", "2023/04/01/23", "2023/04/02/00"));
  // With an output zone the parsed offset only moves the instant.
  auto utc = Config({{kType, "MIXED"},
                     {kInput, "yyyy-MM-dd'T'HH:mm:ss.SSSZ|yyyyMMdd"},
                     {kDelimiter, "\\|"},
                     {kOutputZone, "UTC"},
                     {kOutput, "yyyy/MM/dd/HH"}});
  EXPECT_THAT(
      Paths(utc, ::arrow::utf8(), R"(["2023-04-01T23:30:00.000+05:00", "20230402"])"),
      ElementsAre("2023/04/01/18", "2023/04/02/00"));
}

TEST(TimestampKeyGeneratorTest, InputZoneResolvesGapsAndOverlapsLikeJoda) {
  auto config = Config({{kType, "DATE_STRING"},
                        {kInput, "yyyy-MM-dd HH:mm"},
                        {kInputZone, "America/New_York"},
                        {kOutputZone, "UTC"},
                        {kOutput, "yyyy-MM-dd HH:mm"}});
  auto keys = Generate(config, ::arrow::utf8(),
                       R"(["2023-11-05 01:30", "2023-03-12 02:30", "2023-07-01 00:00"])");
  EXPECT_THAT(Strings(*keys.partition_paths),
              ElementsAre("2023-11-05 05:30", "<null>", "2023-07-01 04:00"));
  EXPECT_THAT(
      Messages(keys.errors),
      ElementsAre("row 1: Unable to parse input partition field: 2023-03-12 02:30 "
                  "(Illegal instant due to time zone offset transition)"));
  // Without an output zone the path is printed in the input zone.
  auto local = Config({{kType, "DATE_STRING"},
                       {kInput, "yyyy-MM-dd HH:mm"},
                       {kInputZone, "Asia/Kolkata"},
                       {kOutput, "yyyy-MM-dd HH:mm Z"}});
  EXPECT_THAT(Paths(local, ::arrow::utf8(), R"(["2023-04-01 12:01"])"),
              ElementsAre("2023-04-01 12:01 +0530"));
  // The deprecated timezone key sets both zones.
  auto both = Config({{kType, "EPOCHMILLISECONDS"},
                      {kZone, "GMT-3"},
                      {kInputZone, "UTC"},
                      {kOutput, "HH:mm ZZ"}});
  EXPECT_THAT(Paths(both, ::arrow::int64(), "[" + std::to_string(kMillis) + "]"),
              ElementsAre("09:01 -03:00"));
}

TEST(TimestampKeyGeneratorTest, NullValuesUseHudisDefaults) {
  EXPECT_THAT(Paths(Config({{kType, "DATE_STRING"},
                            {kInput, "yyyy-MM-dd'T'HH:mm:ss.SSSZ"},
                            {kOutput, "yyyy/MM/dd/HH"}}),
                    ::arrow::utf8(), "[null]"),
              ElementsAre("1970/01/01/00"));
  EXPECT_THAT(Paths(Config({{kType, "EPOCHMILLISECONDS"}, {kOutput, "yyyy-MM-dd SSS"}}),
                    ::arrow::int64(), "[null]"),
              ElementsAre("1970-01-01 001"));
  EXPECT_THAT(Paths(Config({{kType, "UNIX_TIMESTAMP"}, {kOutput, "HH:mm:ss"}}),
                    ::arrow::utf8(), "[null]"),
              ElementsAre("00:00:01"));
}

TEST(TimestampKeyGeneratorTest, HiveStyleAndUrlEncoding) {
  auto config = Config({{kType, "EPOCHMILLISECONDS"},
                        {kOutput, "yyyy-MM-dd HH:mm"},
                        {"hoodie.datasource.write.hive_style_partitioning", "true"},
                        {"hoodie.datasource.write.partitionpath.urlencode", "true"}});
  auto keys = Generate(config, ::arrow::int64(), "[" + std::to_string(kMillis) + "]");
  EXPECT_THAT(Strings(*keys.partition_paths), ElementsAre("ts=2023-04-01 12%3A01"));
  EXPECT_THAT(Strings(*keys.record_keys), ElementsAre("1"));
}

TEST(TimestampKeyGeneratorTest, PerRecordErrors) {
  auto keys = Generate(
      Config({{kType, "DATE_STRING"}, {kInput, "yyyy-MM-dd"}, {kOutput, "yyyy/MM/dd"}}),
      ::arrow::utf8(), R"(["2023-04-01", "not-a-date"])");
  EXPECT_THAT(Strings(*keys.partition_paths), ElementsAre("2023/04/01", "<null>"));
  EXPECT_THAT(
      Messages(keys.errors),
      ElementsAre("row 1: Unable to parse input partition field: not-a-date "
                  "(Invalid format: \"not-a-date\" is malformed at \"not-a-date\")"));
  auto strings = Generate(Config({{kType, "EPOCHMILLISECONDS"}, {kOutput, "yyyy"}}),
                          ::arrow::utf8(), R"(["2023"])");
  EXPECT_THAT(Messages(strings.errors),
              ElementsAre(HasSubstr("Missing input formatter. Ensure "
                                    "hoodie.keygen.timebased.input.dateformat")));
  auto mixed = Generate(Config({{kType, "MIXED"}, {kInput, "yyyy"}, {kOutput, "yyyy"}}),
                        ::arrow::int64(), "[5]");
  EXPECT_THAT(Messages(mixed.errors), ElementsAre(HasSubstr("scalar.time.unit is not")));
}

TEST(TimestampKeyGeneratorTest, ConfigurationErrors) {
  auto no_type = MakeKeyGenerator(Config({{kOutput, "yyyy"}}));
  ASSERT_RAISES(Invalid, no_type);
  EXPECT_THAT(no_type.status().message(),
              HasSubstr("hoodie.keygen.timebased.timestamp.type is required"));
  ASSERT_RAISES(Invalid, MakeKeyGenerator(Config({{kType, "WEEKS"}, {kOutput, "yyyy"}})));
  ASSERT_RAISES(Invalid,
                MakeKeyGenerator(Config(
                    {{kType, "SCALAR"}, {kUnit, "FORTNIGHTS"}, {kOutput, "yyyy"}})));
  auto no_output = MakeKeyGenerator(Config({{kType, "EPOCHMILLISECONDS"}}));
  ASSERT_RAISES(Invalid, no_output);
  EXPECT_THAT(no_output.status().message(),
              HasSubstr("hoodie.keygen.timebased.output.dateformat"));
  auto no_input = MakeKeyGenerator(Config({{kType, "DATE_STRING"}, {kOutput, "yyyy"}}));
  ASSERT_RAISES(Invalid, no_input);
  EXPECT_THAT(no_input.status().message(), HasSubstr("input.dateformat is required"));
  auto bad_letter =
      MakeKeyGenerator(Config({{kType, "EPOCHMILLISECONDS"}, {kOutput, "yyyy-ww"}}));
  ASSERT_RAISES(Invalid, bad_letter);
  EXPECT_THAT(bad_letter.status().message(), HasSubstr("'ww' is not supported"));
  auto zone = MakeKeyGenerator(
      Config({{kType, "EPOCHMILLISECONDS"}, {kOutput, "yyyy"}, {kOutputZone, "UTC+8"}}));
  ASSERT_RAISES(Invalid, zone);
  EXPECT_THAT(zone.status().message(), HasSubstr("unknown time zone 'UTC+8'"));
  ASSERT_RAISES(Invalid, MakeKeyGenerator(Config({{kType, "EPOCHMILLISECONDS"},
                                                  {kOutput, "yyyy"},
                                                  {"hoodie.keygen.datetime.parser.class",
                                                   "com.example.Parser"}})));
  ASSERT_RAISES(
      Invalid,
      MakeKeyGenerator(Config({{kType, "EPOCHMILLISECONDS"},
                               {kOutput, "yyyy"},
                               {"hoodie.datasource.write.recordkey.field", "id,name"}})));
}

TEST(TimestampKeyGeneratorTest, DeltastreamerAliasesAreHonoured) {
  auto config =
      Config({{"hoodie.deltastreamer.keygen.timebased.timestamp.type", "SCALAR"},
              {"hoodie.deltastreamer.keygen.timebased.timestamp.scalar.time.unit",
               "MILLISECONDS"},
              {"hoodie.deltastreamer.keygen.timebased.output.dateformat", "yyyy/MM"},
              {"hoodie.deltastreamer.keygen.timebased.output.timezone", "GMT+12"}});
  EXPECT_THAT(Paths(config, ::arrow::int64(), "[1677585600000]"), ElementsAre("2023/03"));
}

TEST(TimestampKeyGeneratorTest, DictionaryEncodedValuesAreDecoded) {
  auto dict = ::arrow::json::DictArrayFromJSONString(
                  ::arrow::dictionary(::arrow::int8(), ::arrow::utf8()), "[1, 0, null]",
                  R"(["2023-04-01", "2024-02-29"])")
                  .ValueOrDie();
  auto ids = BatchFromJson({::arrow::field("id", ::arrow::int32())},
                           R"([{"id": 1}, {"id": 2}, {"id": 3}])")
                 .ValueOrDie();
  auto batch = ids->AddColumn(1, "ts", dict).ValueOrDie();
  ASSERT_OK_AND_ASSIGN(auto generator, MakeKeyGenerator(Config({{kType, "DATE_STRING"},
                                                                {kInput, "yyyy-MM-dd"},
                                                                {kOutput, "yyyyMMdd"}})));
  ASSERT_OK_AND_ASSIGN(auto keys, generator->Generate(*batch));
  // A null date string becomes the epoch printed with the first input format.
  EXPECT_THAT(Strings(*keys.partition_paths),
              ElementsAre("20240229", "20230401", "19700101"));
}

TEST(TimeZoneTest, JavaIds) {
  ASSERT_OK_AND_ASSIGN(auto gmt, internal::ParseJavaTimeZone("GMT+8"));
  EXPECT_EQ(gmt.offset_seconds, 8 * 3600);
  ASSERT_OK_AND_ASSIGN(auto compact, internal::ParseJavaTimeZone("GMT-0530"));
  EXPECT_EQ(compact.offset_seconds, -(5 * 3600 + 1800));
  ASSERT_OK_AND_ASSIGN(auto utc, internal::ParseJavaTimeZone("utc"));
  EXPECT_TRUE(utc.fixed);
  EXPECT_EQ(utc.offset_seconds, 0);
  ASSERT_OK_AND_ASSIGN(auto region, internal::ParseJavaTimeZone("Europe/Berlin"));
  EXPECT_FALSE(region.fixed);
  ASSERT_RAISES(Invalid, internal::ParseJavaTimeZone("Mars/Olympus"));
  // Europe/Berlin 2023-10-29 02:30 happens twice; Joda takes the earlier (CEST) instant.
  ASSERT_OK_AND_ASSIGN(auto instants,
                       internal::LocalToUtcMillis(region, {1698546600000}));
  EXPECT_EQ(instants[0], 1698546600000 - 2 * 3600000);
}

}  // namespace
}  // namespace hoodie
