// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/format/avro_codec/avro_container_test.cc
/// \brief Tests one-record container files: exact framing, and Avro C reading ours and
/// us reading Avro C's.

#include "hoodie/format/avro_codec/avro_container.h"

#include <gtest/gtest.h>

#include "hoodie/format/avro_codec/avro_c_reference_test_util.h"
#include "hoodie/testing/matchers.h"

namespace hoodie {
namespace {

using std::string_literals::operator""s;

constexpr std::string_view kSchema =
    R"({"type":"record","name":"R","namespace":"org.x","fields":[)"
    R"({"name":"name","type":"string"},{"name":"n","type":["int","null"],"default":1}]})";

constexpr AvroSyncMarker kSync = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15};

AvroValue Sample() {
  return AvroValue::Record("org.x.R",
                           {{"name", AvroValue::String("ab")}, {"n", AvroValue::Int(3)}});
}

TEST(AvroContainerTest, WritesHudiFramingExactly) {
  ASSERT_OK_AND_ASSIGN(std::string bytes, WriteSingleRecordContainer(kSchema, Sample(), kSync));
  const std::string sync(reinterpret_cast<const char*>(kSync.data()), kSync.size());
  // 11-char key "avro.schema" (varint 22), schema length 138 (varint 0x94 0x02).
  ASSERT_EQ(kSchema.size(), 138u);
  const std::string expected = "Obj\x01"s + "\x02" + "\x16" + "avro.schema" + "\x94\x02" +
                               std::string(kSchema) + "\x00"s + sync + "\x02" +
                               "\x0a" + "\x04" + "ab" + "\x00\x06"s + sync;
  EXPECT_EQ(bytes, expected);
  ASSERT_OK_AND_ASSIGN(AvroEntries metadata, ReadContainerMetadata(bytes));
  ASSERT_EQ(metadata.size(), 1u);
  EXPECT_EQ(metadata[0].first, "avro.schema");
  EXPECT_EQ(metadata[0].second.text(), kSchema);
}

TEST(AvroContainerTest, RoundTripsAndResolves) {
  ASSERT_OK_AND_ASSIGN(std::string bytes, WriteSingleRecordContainer(kSchema, Sample()));
  ASSERT_OK_AND_ASSIGN(auto schema, AvroSchema::Parse(kSchema));
  ASSERT_OK_AND_ASSIGN(AvroValue back, ReadSingleRecordContainer(bytes, *schema));
  EXPECT_EQ(back, Sample());
  ASSERT_OK_AND_ASSIGN(auto reader, AvroSchema::Parse(
      R"({"type":"record","name":"org.x.R","fields":[{"name":"n","type":["int","null"]},
          {"name":"extra","type":["null","string"],"default":null}]})"));
  ASSERT_OK_AND_ASSIGN(back, ReadSingleRecordContainer(bytes, *reader));
  EXPECT_EQ(back.ToString(), R"({"n": 3, "extra": null})");
}

TEST(AvroContainerTest, AvroCReadsOurFile) {
  ASSERT_OK_AND_ASSIGN(std::string bytes, WriteSingleRecordContainer(kSchema, Sample()));
  ASSERT_OK_AND_ASSIGN(std::string json, testing::AvroCContainerToJson(bytes));
  EXPECT_EQ(json, R"({"name": "ab", "n": {"int": 3}})");
}

TEST(AvroContainerTest, WeReadAvroCFile) {
  ASSERT_OK_AND_ASSIGN(auto c_schema, testing::AvroCSchema::Parse(kSchema));
  ASSERT_OK_AND_ASSIGN(auto c_value, testing::AvroCValue::Make(c_schema));
  avro_value_t field, branch;
  ASSERT_EQ(avro_value_get_by_name(c_value.get(), "name", &field, nullptr), 0);
  ASSERT_EQ(avro_value_set_string(&field, "from C"), 0);
  ASSERT_EQ(avro_value_get_by_name(c_value.get(), "n", &field, nullptr), 0);
  ASSERT_EQ(avro_value_set_branch(&field, 1, &branch), 0);
  ASSERT_EQ(avro_value_set_null(&branch), 0);
  ASSERT_OK_AND_ASSIGN(std::string bytes, testing::AvroCWriteContainer(c_schema, c_value));
  ASSERT_OK_AND_ASSIGN(AvroEntries metadata, ReadContainerMetadata(bytes));
  EXPECT_EQ(metadata.size(), 2u);  // Avro C adds avro.codec = null; Hudi does not
  ASSERT_OK_AND_ASSIGN(auto schema, AvroSchema::Parse(kSchema));
  ASSERT_OK_AND_ASSIGN(AvroValue back, ReadSingleRecordContainer(bytes, *schema));
  EXPECT_EQ(back, AvroValue::Record("org.x.R", {{"name", AvroValue::String("from C")},
                                                {"n", AvroValue::Null()}}));
}

TEST(AvroContainerTest, RejectsCorruptFiles) {
  ASSERT_OK_AND_ASSIGN(auto schema, AvroSchema::Parse(kSchema));
  ASSERT_OK_AND_ASSIGN(std::string bytes, WriteSingleRecordContainer(kSchema, Sample(), kSync));
  ASSERT_RAISES(Invalid, ReadSingleRecordContainer("Obj\x02", *schema));
  std::string bad_sync = bytes;
  bad_sync.back() ^= 1;
  ASSERT_RAISES(Invalid, ReadSingleRecordContainer(bad_sync, *schema));
  ASSERT_RAISES(Invalid, ReadSingleRecordContainer(bytes.substr(0, bytes.size() - 20),
                                                   *schema));
  const std::string header_only = bytes.substr(0, bytes.size() - 23);  // no block at all
  ASSERT_RAISES(Invalid, ReadSingleRecordContainer(header_only, *schema));
  ASSERT_RAISES(Invalid, WriteSingleRecordContainer(kSchema, AvroValue::Int(1)));
}

}  // namespace
}  // namespace hoodie
