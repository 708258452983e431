// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/format/avro_codec/avro_binary_test.cc
/// \brief Tests the Avro binary encoder and resolving decoder, against Avro C's encoder.

#include "hoodie/format/avro_codec/avro_binary.h"

#include <gtest/gtest.h>

#include "hoodie/format/avro_codec/avro_c_reference_test_util.h"
#include "hoodie/testing/matchers.h"

namespace hoodie {
namespace {

using std::string_literals::operator""s;

std::string Encode(const AvroValue& value, std::string_view schema_json) {
  auto schema = AvroSchema::Parse(schema_json).ValueOrDie();
  std::string out;
  EXPECT_OK(EncodeAvroBinary(value, schema->root(), &out));
  return out;
}

::arrow::Result<AvroValue> Decode(std::string_view bytes, std::string_view writer_json,
                                  std::string_view reader_json) {
  ARROW_ASSIGN_OR_RAISE(auto writer, AvroSchema::Parse(writer_json));
  ARROW_ASSIGN_OR_RAISE(auto reader, AvroSchema::Parse(reader_json));
  std::string_view in = bytes;
  ARROW_ASSIGN_OR_RAISE(AvroValue value, DecodeAvroBinary(&in, writer->root(), reader->root()));
  if (!in.empty()) return ::arrow::Status::Invalid("trailing bytes");
  return value;
}

TEST(AvroBinaryTest, ZigZagVarints) {
  const std::pair<int64_t, std::string> cases[] = {
      {0, "\x00"s}, {-1, "\x01"}, {1, "\x02"}, {-64, "\x7f"}, {64, "\x80\x01"},
      {INT64_MAX, "\xfe\xff\xff\xff\xff\xff\xff\xff\xff\x01"},
      {INT64_MIN, "\xff\xff\xff\xff\xff\xff\xff\xff\xff\x01"}};
  for (const auto& [value, bytes] : cases) {
    std::string out;
    AppendAvroLong(value, &out);
    EXPECT_EQ(out, bytes) << value;
    std::string_view in = out;
    ASSERT_OK_AND_ASSIGN(int64_t back, ReadAvroLong(&in));
    EXPECT_EQ(back, value);
    EXPECT_TRUE(in.empty());
  }
  std::string_view truncated = "\x80";
  ASSERT_RAISES(Invalid, ReadAvroLong(&truncated));
  std::string_view too_long = "\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\x01";
  ASSERT_RAISES(Invalid, ReadAvroLong(&too_long));
}

TEST(AvroBinaryTest, PrimitiveBytes) {
  EXPECT_EQ(Encode(AvroValue::Null(), R"("null")"), "");
  EXPECT_EQ(Encode(AvroValue::Boolean(true), R"("boolean")"), "\x01");
  EXPECT_EQ(Encode(AvroValue::Int(-3), R"("int")"), "\x05");
  EXPECT_EQ(Encode(AvroValue::Int(3), R"("long")"), "\x06");
  EXPECT_EQ(Encode(AvroValue::Float(1.0f), R"("float")"), "\x00\x00\x80\x3f"s);
  EXPECT_EQ(Encode(AvroValue::Double(2.0), R"("double")"), "\0\0\0\0\0\0\0\x40"s);
  EXPECT_EQ(Encode(AvroValue::String("foo"), R"("string")"), "\x06" "foo");
  EXPECT_EQ(Encode(AvroValue::Bytes("\x01\x02"), R"("bytes")"), "\x04\x01\x02");
  EXPECT_EQ(Encode(AvroValue::Fixed("ab"), R"({"type":"fixed","name":"F","size":2})"), "ab");
  EXPECT_EQ(Encode(AvroValue::Enum("B"), R"({"type":"enum","name":"E","symbols":["A","B"]})"),
            "\x02");
}

TEST(AvroBinaryTest, ContainersUnionsAndRecords) {
  EXPECT_EQ(Encode(AvroValue::Array({AvroValue::Long(1), AvroValue::Long(2)}),
                   R"({"type":"array","items":"long"})"),
            "\x04\x02\x04\x00"s);
  EXPECT_EQ(Encode(AvroValue::Array({}), R"({"type":"array","items":"long"})"), "\x00"s);
  EXPECT_EQ(Encode(AvroValue::Map({{"k", AvroValue::Int(1)}}),
                   R"({"type":"map","values":"int"})"),
            "\x02\x02k\x02\x00"s);
  EXPECT_EQ(Encode(AvroValue::Null(), R"(["int","null"])"), "\x02");
  EXPECT_EQ(Encode(AvroValue::Int(1), R"(["int","null"])"), "\x00\x02"s);
  const std::string two_records = R"(["null",
      {"type":"record","name":"A","fields":[{"name":"x","type":"int"}]},
      {"type":"record","name":"B","fields":[{"name":"x","type":"int"}]}])";
  EXPECT_EQ(Encode(AvroValue::Record("B", {{"x", AvroValue::Int(1)}}), two_records),
            "\x04\x02");
  // A missing record field is written from its default.
  EXPECT_EQ(Encode(AvroValue::Record("R", {}), R"({"type":"record","name":"R","fields":[
      {"name":"v","type":["int","null"],"default":1}]})"),
            "\x00\x02"s);
  auto schema = AvroSchema::Parse(R"({"type":"record","name":"R",
      "fields":[{"name":"s","type":"string"}]})").ValueOrDie();
  std::string out;
  ASSERT_RAISES(Invalid, EncodeAvroBinary(AvroValue::Record("R", {}), schema->root(), &out));
  ASSERT_RAISES(Invalid, EncodeAvroBinary(AvroValue::Int(1), schema->root(), &out));
}

constexpr std::string_view kWriterV1 = R"({"type":"record","name":"ns.Plan","fields":[
    {"name":"policy","type":"string"},
    {"name":"dropped","type":{"type":"map","values":{"type":"array","items":"string"}}},
    {"name":"count","type":"int"},
    {"name":"choice","type":["null","string"]}]})";
constexpr std::string_view kReaderV2 = R"({"type":"record","name":"ns.Plan","fields":[
    {"name":"choice","type":["null","bytes","string"],"default":null},
    {"name":"count","type":["null","long"]},
    {"name":"added","type":["int","null"],"default":2},
    {"name":"extra","type":["null",{"type":"map","values":"string"}],"default":null},
    {"name":"policy","type":"string"}]})";

TEST(AvroBinaryTest, ResolvesWriterAgainstReader) {
  const AvroValue written = AvroValue::Record(
      "ns.Plan", {{"policy", AvroValue::String("KEEP")},
                  {"dropped", AvroValue::Map({{"p", AvroValue::Array(
                                                        {AvroValue::String("f")})}})},
                  {"count", AvroValue::Int(7)},
                  {"choice", AvroValue::String("s")}});
  const std::string bytes = Encode(written, kWriterV1);
  ASSERT_OK_AND_ASSIGN(AvroValue same, Decode(bytes, kWriterV1, kWriterV1));
  EXPECT_EQ(same, written) << same.ToString();
  ASSERT_OK_AND_ASSIGN(AvroValue read, Decode(bytes, kWriterV1, kReaderV2));
  EXPECT_EQ(read.ToString(),
            R"({"choice": "s", "count": 7, "added": 2, "extra": null, "policy": "KEEP"})");
  EXPECT_EQ(read.record_name(), "ns.Plan");
  ASSERT_OK_AND_ASSIGN(const AvroValue* count, read.Field("count"));
  EXPECT_EQ(count->kind(), AvroValue::Kind::kLong);  // int promoted to long
  ASSERT_OK_AND_ASSIGN(const AvroValue* choice, read.Field("choice"));
  EXPECT_EQ(choice->kind(), AvroValue::Kind::kString);  // exact branch beats promotion
}

TEST(AvroBinaryTest, RejectsIncompatibleOrCorruptData) {
  const std::string bytes = Encode(AvroValue::Long(5), R"("long")");
  ASSERT_RAISES(Invalid, Decode(bytes, R"("long")", R"("int")"));
  ASSERT_RAISES(Invalid, Decode(bytes, R"("long")", R"(["null","string"])"));
  ASSERT_RAISES(Invalid, Decode("\x06" "ab", R"("string")", R"("string")"));
  ASSERT_RAISES(Invalid, Decode("\x04", R"(["null","int"])", R"(["null","int"])"));
  // A reader field without default that the writer lacks cannot be filled.
  ASSERT_RAISES(Invalid, Decode("", R"({"type":"record","name":"R","fields":[]})",
                                R"({"type":"record","name":"R","fields":[
                                    {"name":"a","type":"int"}]})"));
  ASSERT_RAISES(Invalid, Decode("", R"({"type":"record","name":"R","fields":[]})",
                                R"({"type":"record","name":"S","fields":[]})"));
}

// A recursive schema lets the bytes nest without end; the decoder stops at the bound
// instead of running out of stack.
TEST(AvroBinaryTest, ValuesNestedPastTheBoundAreRefused) {
  constexpr std::string_view kList = R"({"type":"record","name":"Node",
      "fields":[{"name":"next","type":["null","Node"]}]})";
  auto nested = [](int depth) {
    // Each level: union branch 1 (zig-zag 2), then the null branch (0) at the bottom.
    return std::string(static_cast<size_t>(depth), '\x02') + std::string(1, '\x00');
  };
  ASSERT_OK(Decode(nested(999), kList, kList).status());
  ::arrow::Result<AvroValue> deep = Decode(nested(200000), kList, kList);
  ASSERT_RAISES(Invalid, deep);
  EXPECT_THAT(deep, testing::StatusMessageHas("value nested deeper than 1000 levels"));
}

TEST(AvroBinaryTest, DefaultsFromJson) {
  auto schema = AvroSchema::Parse(R"({"type":"record","name":"R","fields":[
      {"name":"a","type":{"type":"array","items":"string"}},
      {"name":"b","type":"bytes"},
      {"name":"c","type":"double","default":1.5}]})").ValueOrDie();
  ASSERT_OK_AND_ASSIGN(AvroValue value, AvroValueFromDefault(
      nlohmann::json::parse(R"({"a":["x"],"b":"\u00ff"})"), schema->root()));
  EXPECT_EQ(value, AvroValue::Record("R", {{"a", AvroValue::Array({AvroValue::String("x")})},
                                           {"b", AvroValue::Bytes("\xff")},
                                           {"c", AvroValue::Double(1.5)}}));
  ASSERT_RAISES(Invalid, AvroValueFromDefault(nlohmann::json(3), schema->root()));
}

// Our bytes equal Avro C's for one datum of every type.
TEST(AvroBinaryTest, MatchesAvroCEncoder) {
  constexpr std::string_view kSchema = R"({"type":"record","name":"T","fields":[
      {"name":"s","type":"string"},{"name":"l","type":"long"},{"name":"i","type":"int"},
      {"name":"d","type":"double"},{"name":"b","type":"boolean"},
      {"name":"u","type":["null","string"]},
      {"name":"m","type":{"type":"map","values":"long"}},
      {"name":"a","type":{"type":"array","items":"string"}}]})";
  ASSERT_OK_AND_ASSIGN(auto c_schema, testing::AvroCSchema::Parse(kSchema));
  ASSERT_OK_AND_ASSIGN(auto c_value, testing::AvroCValue::Make(c_schema));
  avro_value_t field, element, branch;
  ASSERT_EQ(avro_value_get_by_name(c_value.get(), "s", &field, nullptr), 0);
  ASSERT_EQ(avro_value_set_string(&field, "hello"), 0);
  ASSERT_EQ(avro_value_get_by_name(c_value.get(), "l", &field, nullptr), 0);
  ASSERT_EQ(avro_value_set_long(&field, -1234567890123), 0);
  ASSERT_EQ(avro_value_get_by_name(c_value.get(), "i", &field, nullptr), 0);
  ASSERT_EQ(avro_value_set_int(&field, 42), 0);
  ASSERT_EQ(avro_value_get_by_name(c_value.get(), "d", &field, nullptr), 0);
  ASSERT_EQ(avro_value_set_double(&field, 0.25), 0);
  ASSERT_EQ(avro_value_get_by_name(c_value.get(), "b", &field, nullptr), 0);
  ASSERT_EQ(avro_value_set_boolean(&field, 1), 0);
  ASSERT_EQ(avro_value_get_by_name(c_value.get(), "u", &field, nullptr), 0);
  ASSERT_EQ(avro_value_set_branch(&field, 1, &branch), 0);
  ASSERT_EQ(avro_value_set_string(&branch, "x"), 0);
  ASSERT_EQ(avro_value_get_by_name(c_value.get(), "m", &field, nullptr), 0);
  ASSERT_EQ(avro_value_add(&field, "k", &element, nullptr, nullptr), 0);
  ASSERT_EQ(avro_value_set_long(&element, 9), 0);
  ASSERT_EQ(avro_value_get_by_name(c_value.get(), "a", &field, nullptr), 0);
  ASSERT_EQ(avro_value_append(&field, &element, nullptr), 0);
  ASSERT_EQ(avro_value_set_string(&element, "e"), 0);
  ASSERT_OK_AND_ASSIGN(std::string c_bytes, testing::AvroCEncodeDatum(c_value));

  const AvroValue ours = AvroValue::Record(
      "T", {{"s", AvroValue::String("hello")}, {"l", AvroValue::Long(-1234567890123)},
            {"i", AvroValue::Int(42)}, {"d", AvroValue::Double(0.25)},
            {"b", AvroValue::Boolean(true)}, {"u", AvroValue::String("x")},
            {"m", AvroValue::Map({{"k", AvroValue::Long(9)}})},
            {"a", AvroValue::Array({AvroValue::String("e")})}});
  EXPECT_EQ(Encode(ours, kSchema), c_bytes);
  ASSERT_OK_AND_ASSIGN(AvroValue decoded, Decode(c_bytes, kSchema, kSchema));
  EXPECT_EQ(decoded, ours);
}

}  // namespace
}  // namespace hoodie
