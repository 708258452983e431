// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/format/avro/avro_schema_test.cc
/// \brief Arrow <-> Avro schema conversion: naming, logical types, errors.
#include "hoodie/format/avro/avro_schema.h"

#include <arrow/type.h>
#include <gtest/gtest.h>

#include "hoodie/testing/matchers.h"

namespace hoodie {
namespace {

using ::arrow::field;
using ::hoodie::testing::StatusMessageHas;

// Nesting is bounded both in the JSON (before it is parsed) and through references to
// named records, which let shallow JSON nest deep.
TEST(AvroToArrowTest, SchemasNestedPastTheBoundAreRefused) {
  std::string deep_json = R"({"type":"record","name":"R","fields":[{"name":"a","type":)";
  for (int i = 0; i < 100000; ++i) deep_json += R"({"type":"array","items":)";
  deep_json += R"("int")" + std::string(100000, '}') + "}]}";
  EXPECT_THAT(AvroJsonToArrowSchema(deep_json),
              StatusMessageHas("Avro schema: JSON nested deeper than 1000 levels"));
  // R1 {x: int}, R2 {y: R1}, R3 {y: R2}, ...: each record at the same JSON depth.
  std::string chain = R"({"type":"record","name":"Top","fields":[)";
  chain += R"({"name":"f1","type":{"type":"record","name":"R1","fields":[{"name":"x","type":"int"}]}})";
  for (int i = 2; i <= 1100; ++i) {
    chain += R"(,{"name":"f)" + std::to_string(i) + R"(","type":{"type":"record","name":"R)" +
             std::to_string(i) + R"(","fields":[{"name":"y","type":"R)" + std::to_string(i - 1) +
             R"("}]}})";
  }
  chain += "]}";
  EXPECT_THAT(AvroJsonToArrowSchema(chain),
              StatusMessageHas("Avro schema nested deeper than 1000 levels at field 'f1001'"));
}

TEST(AvroRecordNameTest, FollowsSparkTableNaming) {
  AvroRecordName name = AvroRecordName::ForTable("trips");
  EXPECT_EQ(name.name, "trips_record");
  EXPECT_EQ(name.name_space, "hoodie.trips");
}

TEST(AvroRecordNameTest, SanitizesLikeHoodieAvroUtils) {
  EXPECT_EQ(SanitizeAvroName("my-table.v1"), "my__table__v1");
  EXPECT_EQ(SanitizeAvroName("1abc"), "__abc");
  EXPECT_EQ(SanitizeAvroName("_ok9"), "_ok9");
  EXPECT_EQ(SanitizeAvroName("caf\xC3\xA9"), "caf__");
}

TEST(ArrowToAvroTest, PrimitivesAndLogicalTypes) {
  auto schema = ::arrow::schema({
      field("b", ::arrow::boolean(), false),
      field("i8", ::arrow::int8()),
      field("i16", ::arrow::int16()),
      field("i64", ::arrow::int64()),
      field("f", ::arrow::float32()),
      field("d", ::arrow::float64()),
      field("s", ::arrow::utf8()),
      field("bin", ::arrow::binary()),
      field("day", ::arrow::date32()),
      field("ts", ::arrow::timestamp(::arrow::TimeUnit::MICRO, "UTC")),
      field("ts_ms", ::arrow::timestamp(::arrow::TimeUnit::MILLI, "UTC")),
      field("ntz", ::arrow::timestamp(::arrow::TimeUnit::MICRO)),
  });
  ASSERT_OK_AND_ASSIGN(std::string json, ArrowSchemaToAvroJson(*schema, "t"));
  EXPECT_EQ(json,
            R"({"type":"record","name":"t_record","namespace":"hoodie.t","fields":[)"
            R"({"name":"b","type":"boolean"},)"
            R"({"name":"i8","type":["null","int"],"default":null},)"
            R"({"name":"i16","type":["null","int"],"default":null},)"
            R"({"name":"i64","type":["null","long"],"default":null},)"
            R"({"name":"f","type":["null","float"],"default":null},)"
            R"({"name":"d","type":["null","double"],"default":null},)"
            R"({"name":"s","type":["null","string"],"default":null},)"
            R"({"name":"bin","type":["null","bytes"],"default":null},)"
            R"({"name":"day","type":["null",{"type":"int","logicalType":"date"}],"default":null},)"
            R"({"name":"ts","type":["null",{"type":"long","logicalType":"timestamp-micros"}],"default":null},)"
            R"({"name":"ts_ms","type":["null",{"type":"long","logicalType":"timestamp-millis"}],"default":null},)"
            R"({"name":"ntz","type":["null",{"type":"long","logicalType":"local-timestamp-micros"}],"default":null}]})");
}

TEST(ArrowToAvroTest, TimeTypes) {
  auto schema = ::arrow::schema({field("t_ms", ::arrow::time32(::arrow::TimeUnit::MILLI), false),
                                 field("t_us", ::arrow::time64(::arrow::TimeUnit::MICRO), false)});
  ASSERT_OK_AND_ASSIGN(std::string json, ArrowSchemaToAvroJson(*schema, "t"));
  EXPECT_EQ(json,
            R"({"type":"record","name":"t_record","namespace":"hoodie.t","fields":[)"
            R"({"name":"t_ms","type":{"type":"int","logicalType":"time-millis"}},)"
            R"({"name":"t_us","type":{"type":"long","logicalType":"time-micros"}}]})");
  auto nanos = ::arrow::schema({field("t_ns", ::arrow::time64(::arrow::TimeUnit::NANO))});
  auto result = ArrowSchemaToAvroJson(*nanos, "t");
  ASSERT_RAISES(Invalid, result);
  EXPECT_THAT(result, StatusMessageHas("'t_ns'"));
}

TEST(ArrowToAvroTest, NestedNamesFollowSparkConvention) {
  auto inner = ::arrow::struct_({field("x", ::arrow::int32(), false)});
  auto schema = ::arrow::schema({
      field("st", ::arrow::struct_({field("dec", ::arrow::decimal128(20, 3), false),
                                    field("child", inner, false)})),
      field("arr", ::arrow::list(field("element", inner, false)), false),
      field("m", ::arrow::map(::arrow::utf8(), ::arrow::decimal128(5, 2)), false),
  });
  ASSERT_OK_AND_ASSIGN(std::string json, ArrowSchemaToAvroJson(*schema, "t"));
  EXPECT_EQ(
      json,
      R"({"type":"record","name":"t_record","namespace":"hoodie.t","fields":[)"
      R"({"name":"st","type":["null",{"type":"record","name":"st","namespace":"hoodie.t.t_record","fields":[)"
      R"({"name":"dec","type":{"type":"fixed","name":"fixed","namespace":"hoodie.t.t_record.st.dec","size":9,"logicalType":"decimal","precision":20,"scale":3}},)"
      R"({"name":"child","type":{"type":"record","name":"child","namespace":"hoodie.t.t_record.st","fields":[{"name":"x","type":"int"}]}}]}],"default":null},)"
      R"({"name":"arr","type":{"type":"array","items":{"type":"record","name":"arr","namespace":"hoodie.t.t_record","fields":[{"name":"x","type":"int"}]}}},)"
      R"({"name":"m","type":{"type":"map","values":["null",{"type":"fixed","name":"fixed","namespace":"hoodie.t.t_record.m","size":3,"logicalType":"decimal","precision":5,"scale":2}]}}]})");
}

TEST(ArrowToAvroTest, DecimalSizeIsMinimumBytesForPrecision) {
  // Spark's minBytesForPrecision: 1..2 -> 1, 10 -> 5, 15 -> 7, 18 -> 8, 38 -> 16.
  for (auto [precision, size] : std::vector<std::pair<int, int>>{
           {1, 1}, {2, 1}, {3, 2}, {9, 4}, {10, 5}, {15, 7}, {18, 8}, {38, 16}}) {
    auto schema = ::arrow::schema({field("d", ::arrow::decimal128(precision, 0), false)});
    ASSERT_OK_AND_ASSIGN(std::string json, ArrowSchemaToAvroJson(*schema, "t"));
    EXPECT_NE(json.find("\"size\":" + std::to_string(size) + ","), std::string::npos)
        << precision << ": " << json;
  }
}

TEST(ArrowToAvroTest, UnsupportedTypesNameTheField) {
  auto check = [](std::shared_ptr<::arrow::Schema> schema, const std::string& path) {
    auto result = ArrowSchemaToAvroJson(*schema, "t");
    ASSERT_RAISES(Invalid, result);
    EXPECT_THAT(result, StatusMessageHas("'" + path + "'"));
  };
  check(::arrow::schema({field("u", ::arrow::uint64())}), "u");
  check(::arrow::schema({field("h", ::arrow::float16())}), "h");
  check(::arrow::schema({field("s", ::arrow::struct_({field(
                                       "ns", ::arrow::timestamp(::arrow::TimeUnit::NANO))}))}),
        "s.ns");
  check(::arrow::schema({field("m", ::arrow::map(::arrow::int32(), ::arrow::utf8()))}),
        "m");
  check(::arrow::schema({field("bad-name", ::arrow::int32())}), "bad-name");
}

TEST(AvroToArrowTest, ReadsUnionsInBothOrdersAndLogicalTypes) {
  constexpr char kJson[] =
      R"({"type":"record","name":"r","fields":[)"
      R"({"name":"a","type":["null","int"]},)"
      R"({"name":"b","type":["string","null"]},)"
      R"({"name":"c","type":"long"},)"
      R"({"name":"d","type":{"type":"bytes","logicalType":"decimal","precision":40,"scale":2}},)"
      R"({"name":"e","type":{"type":"enum","name":"Color","symbols":["RED"]}},)"
      R"({"name":"f","type":"Color"},)"
      R"({"name":"g","type":{"type":"fixed","name":"F","size":4}},)"
      R"({"name":"h","type":{"type":"long","logicalType":"timestamp-millis"}},)"
      R"({"name":"i","type":{"type":"long","logicalType":"local-timestamp-micros"}},)"
      R"({"name":"j","type":{"type":"int","logicalType":"time-millis"}},)"
      R"({"name":"k","type":{"type":"string","logicalType":"uuid"}},)"
      R"({"name":"l","type":{"type":"array","items":["null","double"]}},)"
      R"({"name":"m","type":{"type":"map","values":"boolean"}}]})";
  ASSERT_OK_AND_ASSIGN(auto schema, AvroJsonToArrowSchema(kJson));
  auto expected = ::arrow::schema({
      field("a", ::arrow::int32()),
      field("b", ::arrow::utf8()),
      field("c", ::arrow::int64(), false),
      field("d", ::arrow::decimal256(40, 2), false),
      field("e", ::arrow::utf8(), false),
      field("f", ::arrow::utf8(), false),
      field("g", ::arrow::fixed_size_binary(4), false),
      field("h", ::arrow::timestamp(::arrow::TimeUnit::MILLI, "UTC"), false),
      field("i", ::arrow::timestamp(::arrow::TimeUnit::MICRO), false),
      field("j", ::arrow::time32(::arrow::TimeUnit::MILLI), false),
      field("k", ::arrow::utf8(), false),
      field("l", ::arrow::list(field("element", ::arrow::float64())), false),
      field("m",
            std::make_shared<::arrow::MapType>(field("key", ::arrow::utf8(), false),
                                               field("value", ::arrow::boolean(), false)),
            false),
  });
  EXPECT_TRUE(schema->Equals(*expected)) << schema->ToString();
}

TEST(AvroToArrowTest, WideUnionIsNotImplementedNamingTheField) {
  auto result = AvroJsonToArrowSchema(
      R"({"type":"record","name":"r","fields":[{"name":"s","type":{"type":"record","name":"s","fields":[)"
      R"({"name":"u","type":["null","int","string"]}]}}]})");
  ASSERT_RAISES(NotImplemented, result);
  EXPECT_THAT(result, StatusMessageHas("'s.u'"));
}

TEST(AvroToArrowTest, MalformedInputIsInvalid) {
  ASSERT_RAISES(Invalid, AvroJsonToArrowSchema("{"));
  ASSERT_RAISES(Invalid, AvroJsonToArrowSchema(R"("int")"));
  ASSERT_RAISES(Invalid, AvroJsonToArrowSchema(
                             R"({"type":"record","name":"r","fields":[{"name":"x","type":"Nope"}]})"));
  ASSERT_RAISES(Invalid, AvroJsonToArrowSchema(
                             R"({"type":"record","name":"r","fields":[{"name":1,"type":"int"}]})"));
}

TEST(AvroRecordNameOfTest, SplitsFullName) {
  ASSERT_OK_AND_ASSIGN(auto name, AvroRecordNameOf(R"({"type":"record","name":"a.b.c","fields":[]})"));
  EXPECT_EQ(name.name, "c");
  EXPECT_EQ(name.name_space, "a.b");
  ASSERT_OK_AND_ASSIGN(name, AvroRecordNameOf(
                                 R"({"type":"record","name":"t_record","namespace":"hoodie.t","fields":[]})"));
  EXPECT_EQ(name.name, "t_record");
  EXPECT_EQ(name.name_space, "hoodie.t");
}

}  // namespace
}  // namespace hoodie
