// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/keygen/key_generator_test.cc
/// \brief Simple, Complex, NonPartitioned, GlobalDelete and Custom generators, options,
/// the registry and partition path escaping.
#include "hoodie/keygen/key_generator.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "hoodie/keygen/key_generator_test_util.h"
#include "hoodie/keygen/partition_path_encoding.h"
#include "hoodie/testing/matchers.h"

namespace hoodie {
namespace {

using testing::BatchFromJson;
using testing::ConfigOf;
using ::testing::ElementsAre;
using ::testing::HasSubstr;
using testing::Messages;
using testing::Strings;

constexpr char kKeygenClass[] = "hoodie.datasource.write.keygenerator.class";
constexpr char kKeygenType[] = "hoodie.datasource.write.keygenerator.type";
constexpr char kRecordKey[] = "hoodie.datasource.write.recordkey.field";
constexpr char kPartition[] = "hoodie.datasource.write.partitionpath.field";
constexpr char kHive[] = "hoodie.datasource.write.hive_style_partitioning";
constexpr char kEncode[] = "hoodie.datasource.write.partitionpath.urlencode";

::arrow::FieldVector PeopleFields() {
  return {::arrow::field("id", ::arrow::int32()), ::arrow::field("name", ::arrow::utf8()),
          ::arrow::field("region", ::arrow::utf8()),
          ::arrow::field("score", ::arrow::float64())};
}

std::shared_ptr<::arrow::RecordBatch> People() {
  return BatchFromJson(PeopleFields(), R"([
      {"id": 1, "name": "Alice", "region": "us/east", "score": 1.5},
      {"id": 2, "name": "Bob", "region": null, "score": 1e7},
      {"id": 3, "name": "", "region": "", "score": null},
      {"id": null, "name": null, "region": "eu", "score": 0.0001}])")
      .ValueOrDie();
}

KeyColumns Generate(const HoodieConfig& config, const ::arrow::RecordBatch& batch) {
  auto generator = MakeKeyGenerator(config).ValueOrDie();
  return generator->Generate(batch).ValueOrDie();
}

TEST(SimpleKeyGeneratorTest, RendersValuesAndDefaultPartition) {
  auto keys =
      Generate(ConfigOf({{kKeygenClass, "org.apache.hudi.keygen.SimpleKeyGenerator"},
                         {kRecordKey, "id"},
                         {kPartition, "region"}}),
               *People());
  EXPECT_THAT(Strings(*keys.record_keys), ElementsAre("1", "2", "3", "<null>"));
  EXPECT_THAT(Strings(*keys.partition_paths),
              ElementsAre("us/east", "__HIVE_DEFAULT_PARTITION__",
                          "__HIVE_DEFAULT_PARTITION__", "eu"));
  ASSERT_EQ(keys.errors.size(), 1u);
  EXPECT_EQ(keys.errors[0].row, 3);
  EXPECT_EQ(
      keys.errors[0].message,
      "row 3: recordKey value: \"null\" for field: \"id\" cannot be null or empty.");
}

TEST(SimpleKeyGeneratorTest, EmptyKeyIsRejectedPerRecord) {
  auto keys =
      Generate(ConfigOf({{kRecordKey, "name"}, {kPartition, "region"}}), *People());
  EXPECT_THAT(Strings(*keys.record_keys),
              ElementsAre("Alice", "Bob", "<null>", "<null>"));
  EXPECT_THAT(
      Messages(keys.errors),
      ElementsAre("row 2: recordKey value: \"\" for field: \"name\" cannot be null "
                  "or empty.",
                  "row 3: recordKey value: \"null\" for field: \"name\" cannot be "
                  "null or empty."));
}

TEST(SimpleKeyGeneratorTest, HiveStyleAndUrlEncoding) {
  auto keys = Generate(ConfigOf({{kRecordKey, "score"},
                                 {kPartition, "region"},
                                 {kHive, "true"},
                                 {kEncode, "true"}}),
                       *People());
  EXPECT_THAT(Strings(*keys.record_keys),
              ElementsAre("1.5", "1.0E7", "<null>", "1.0E-4"));
  EXPECT_THAT(Strings(*keys.partition_paths),
              ElementsAre("region=us%2Feast", "region=__HIVE_DEFAULT_PARTITION__",
                          "region=__HIVE_DEFAULT_PARTITION__", "region=eu"));
}

TEST(SimpleKeyGeneratorTest, RejectsSeveralFieldsAndMissingColumns) {
  ASSERT_RAISES(
      Invalid,
      MakeKeyGenerator(ConfigOf({{kRecordKey, "id,name"}, {kPartition, "region"}})));
  ASSERT_RAISES(Invalid,
                MakeKeyGenerator(ConfigOf({{kRecordKey, "id"}, {kPartition, "a,b"}})));
  ASSERT_OK_AND_ASSIGN(
      auto generator,
      MakeKeyGenerator(ConfigOf({{kRecordKey, "nope"}, {kPartition, "id"}})));
  auto result = generator->Generate(*People());
  ASSERT_RAISES(Invalid, result);
  EXPECT_THAT(result.status().message(), HasSubstr("field 'nope' does not exist"));
  EXPECT_THAT(result.status().message(), HasSubstr("[id, name, region, score]"));
}

TEST(ComplexKeyGeneratorTest, FieldValuePairsWithPlaceholders) {
  auto keys =
      Generate(ConfigOf({{kKeygenClass, "org.apache.hudi.keygen.ComplexKeyGenerator"},
                         {kRecordKey, "id,name"},
                         {kPartition, "region,id"},
                         {kHive, "true"}}),
               *People());
  EXPECT_THAT(Strings(*keys.record_keys), ElementsAre("id:1,name:Alice", "id:2,name:Bob",
                                                      "id:3,name:__empty__", "<null>"));
  EXPECT_THAT(Messages(keys.errors),
              ElementsAre("row 3: recordKey values: \"id:__null__,name:__null__\" for "
                          "fields: [id, name] cannot be entirely null or empty."));
  EXPECT_THAT(Strings(*keys.partition_paths),
              ElementsAre("region=us/east/id=1", "region=__HIVE_DEFAULT_PARTITION__/id=2",
                          "region=__HIVE_DEFAULT_PARTITION__/id=3",
                          "region=eu/id=__HIVE_DEFAULT_PARTITION__"));
}

TEST(ComplexKeyGeneratorTest, SingleFieldWritesBareValueAsHudi015) {
  auto keys = Generate(ConfigOf({{kKeygenType, "complex"},
                                 {kRecordKey, "id"},
                                 {kPartition, "region,name"},
                                 {kEncode, "true"}}),
                       *People());
  EXPECT_THAT(Strings(*keys.record_keys), ElementsAre("1", "2", "3", "<null>"));
  EXPECT_THAT(Strings(*keys.partition_paths),
              ElementsAre("us%2Feast/Alice", "__HIVE_DEFAULT_PARTITION__/Bob",
                          "__HIVE_DEFAULT_PARTITION__/__HIVE_DEFAULT_PARTITION__",
                          "eu/__HIVE_DEFAULT_PARTITION__"));
}

TEST(ComplexKeyGeneratorTest, NoPartitionFieldsGiveEmptyPath) {
  auto keys = Generate(
      ConfigOf({{kKeygenType, "COMPLEX"}, {kRecordKey, "id,name"}, {kPartition, ""}}),
      *People());
  EXPECT_THAT(Strings(*keys.partition_paths), ElementsAre("", "", "", ""));
}

TEST(NonpartitionedKeyGeneratorTest, EmptyPathAndComplexKeys) {
  auto one =
      Generate(ConfigOf({{kKeygenType, "NON_PARTITION"}, {kRecordKey, "id"}}), *People());
  EXPECT_THAT(Strings(*one.record_keys), ElementsAre("1", "2", "3", "<null>"));
  EXPECT_THAT(Strings(*one.partition_paths), ElementsAre("", "", "", ""));
  auto two = Generate(
      ConfigOf({{kKeygenClass, "org.apache.hudi.keygen.NonpartitionedAvroKeyGenerator"},
                {kRecordKey, "id,name"},
                {kPartition, "region"}}),
      *People());
  EXPECT_THAT(Strings(*two.record_keys), ElementsAre("id:1,name:Alice", "id:2,name:Bob",
                                                     "id:3,name:__empty__", "<null>"));
  EXPECT_THAT(Strings(*two.partition_paths), ElementsAre("", "", "", ""));
}

TEST(GlobalDeleteKeyGeneratorTest, AlwaysFieldValueForm) {
  auto keys =
      Generate(ConfigOf({{kKeygenType, "GLOBAL_DELETE"}, {kRecordKey, "id"}}), *People());
  EXPECT_THAT(Strings(*keys.record_keys), ElementsAre("id:1", "id:2", "id:3", "<null>"));
  EXPECT_THAT(Strings(*keys.partition_paths), ElementsAre("", "", "", ""));
  EXPECT_THAT(Messages(keys.errors),
              ElementsAre("row 3: recordKey values: \"id:__null__\" for fields: [id] "
                          "cannot be entirely null or empty."));
}

TEST(CustomKeyGeneratorTest, SimpleAndTimestampComponents) {
  auto fields = PeopleFields();
  fields.push_back(::arrow::field("ts", ::arrow::int64()));
  ASSERT_OK_AND_ASSIGN(auto batch, BatchFromJson(fields, R"([
      {"id": 1, "name": "Alice", "region": "us", "score": 1, "ts": 1680350460123},
      {"id": 2, "name": "Bob", "region": null, "score": 2, "ts": 0}])"));
  auto keys =
      Generate(ConfigOf({{kKeygenClass, "org.apache.hudi.keygen.CustomKeyGenerator"},
                         {kRecordKey, "id"},
                         {kPartition, "region:simple,ts:TIMESTAMP"},
                         {kHive, "true"},
                         {"hoodie.keygen.timebased.timestamp.type", "EPOCHMILLISECONDS"},
                         {"hoodie.keygen.timebased.output.dateformat", "yyyyMMdd"}}),
               *batch);
  EXPECT_THAT(Strings(*keys.record_keys), ElementsAre("1", "2"));
  EXPECT_THAT(Strings(*keys.partition_paths),
              ElementsAre("region=us/ts=20230401",
                          "region=__HIVE_DEFAULT_PARTITION__/ts=19700101"));
  auto two = Generate(
      ConfigOf({{kKeygenType, "CUSTOM"}, {kRecordKey, "id,name"}, {kPartition, ""}}),
      *batch);
  EXPECT_THAT(Strings(*two.record_keys), ElementsAre("id:1,name:Alice", "id:2,name:Bob"));
  EXPECT_THAT(Strings(*two.partition_paths), ElementsAre("", ""));
}

TEST(CustomKeyGeneratorTest, RejectsMalformedPartitionFields) {
  auto missing = MakeKeyGenerator(
      ConfigOf({{kKeygenType, "CUSTOM"}, {kRecordKey, "id"}, {kPartition, "region"}}));
  ASSERT_RAISES(Invalid, missing);
  EXPECT_THAT(missing.status().message(), HasSubstr("proper format"));
  auto bad_type = MakeKeyGenerator(ConfigOf(
      {{kKeygenType, "CUSTOM"}, {kRecordKey, "id"}, {kPartition, "region:DATE"}}));
  ASSERT_RAISES(Invalid, bad_type);
  EXPECT_THAT(bad_type.status().message(), HasSubstr("is not one of SIMPLE, TIMESTAMP"));
  // A TIMESTAMP component needs the timestamp type.
  ASSERT_RAISES(Invalid, MakeKeyGenerator(ConfigOf({{kKeygenType, "CUSTOM"},
                                                    {kRecordKey, "id"},
                                                    {kPartition, "ts:TIMESTAMP"}})));
}

TEST(KeyGeneratorRegistryTest, ResolvesClassNamesAvroVariantsAndTypes) {
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"org.apache.hudi.keygen.SimpleKeyGenerator", "SimpleKeyGenerator"},
      {"org.apache.hudi.keygen.SimpleAvroKeyGenerator", "SimpleKeyGenerator"},
      {"org.apache.hudi.keygen.ComplexAvroKeyGenerator", "ComplexKeyGenerator"},
      {"org.apache.hudi.keygen.GlobalAvroDeleteKeyGenerator", "GlobalDeleteKeyGenerator"},
      {"org.apache.hudi.keygen.GlobalDeleteKeyGenerator", "GlobalDeleteKeyGenerator"},
      {"org.apache.hudi.keygen.NonpartitionedKeyGenerator", "NonpartitionedKeyGenerator"},
      {"org.apache.hudi.keygen.CustomAvroKeyGenerator", "CustomKeyGenerator"},
  };
  for (const auto& [name, expected] : cases) {
    ASSERT_OK_AND_ASSIGN(
        auto generator,
        MakeKeyGenerator(ConfigOf(
            {{kKeygenClass, name}, {kRecordKey, "id"}, {kPartition, "region:SIMPLE"}})));
    EXPECT_EQ(generator->java_class_name(), "org.apache.hudi.keygen." + expected) << name;
  }
  for (const auto& [type, expected] : std::vector<std::pair<std::string, std::string>>{
           {"simple", "SimpleKeyGenerator"},
           {"NON_PARTITION", "NonpartitionedKeyGenerator"},
           {"Global_Delete", "GlobalDeleteKeyGenerator"}}) {
    ASSERT_OK_AND_ASSIGN(
        auto generator,
        MakeKeyGenerator(
            ConfigOf({{kKeygenType, type}, {kRecordKey, "id"}, {kPartition, "a"}})));
    EXPECT_EQ(generator->java_class_name(), "org.apache.hudi.keygen." + expected) << type;
  }
}

TEST(KeyGeneratorRegistryTest, ClassWinsOverTypeAndSimpleIsTheDefault) {
  ASSERT_OK_AND_ASSIGN(auto generator,
                       MakeKeyGenerator(ConfigOf(
                           {{kKeygenClass, "org.apache.hudi.keygen.ComplexKeyGenerator"},
                            {kKeygenType, "SIMPLE"},
                            {kRecordKey, "id"}})));
  EXPECT_EQ(generator->java_class_name(), "org.apache.hudi.keygen.ComplexKeyGenerator");
  ASSERT_OK_AND_ASSIGN(
      auto simple, MakeKeyGenerator(ConfigOf({{kRecordKey, "id"}, {kPartition, "a"}})));
  EXPECT_EQ(simple->java_class_name(), "org.apache.hudi.keygen.SimpleKeyGenerator");
}

TEST(KeyGeneratorRegistryTest, UnknownNameListsKnownOnes) {
  auto result = MakeKeyGenerator(
      ConfigOf({{kKeygenClass, "com.example.MyKeyGenerator"}, {kRecordKey, "id"}}));
  ASSERT_RAISES(Invalid, result);
  EXPECT_THAT(result.status().message(),
              HasSubstr("unknown key generator 'com.example.MyKeyGenerator'"));
  EXPECT_THAT(result.status().message(),
              HasSubstr("org.apache.hudi.keygen.TimestampBasedKeyGenerator"));
  EXPECT_THAT(result.status().message(), HasSubstr("GLOBAL_DELETE"));
  ASSERT_RAISES(Invalid, MakeKeyGenerator(ConfigOf({{kKeygenType, "BOGUS"}})));
}

TEST(KeyGeneratorRegistryTest, RegisterRejectsDuplicatesAndAcceptsPlugins) {
  RegisterBuiltinKeyGenerators();
  RegisterBuiltinKeyGenerators();  // idempotent
  KeyGeneratorRegistry registry;
  auto factory =
      [](const HoodieConfig&) -> ::arrow::Result<std::unique_ptr<KeyGenerator>> {
    return ::arrow::Status::NotImplemented("plugin");
  };
  ASSERT_OK(registry.Register("MINE", {"com.example.Mine"}, factory));
  EXPECT_TRUE(registry.Contains("com.example.Mine"));
  EXPECT_THAT(registry.names(), ElementsAre("MINE", "com.example.Mine"));
  ASSERT_RAISES(AlreadyExists, registry.Register("com.example.Mine", {}, factory));
  ASSERT_RAISES(NotImplemented, registry.Make("MINE", HoodieConfig()));
}

TEST(KeyGeneratorOptionsTest, ConsistentLogicalTimestampIsRefused) {
  auto result = MakeKeyGenerator(ConfigOf(
      {{kRecordKey, "id"},
       {kPartition, "a"},
       {"hoodie.datasource.write.keygenerator.consistent.logical.timestamp.enabled",
        "true"}}));
  ASSERT_RAISES(Invalid, result);
  EXPECT_THAT(result.status().message(), HasSubstr("JVM default time zone"));
}

TEST(KeyGeneratorOptionsTest, TableKeysFromHoodiePropertiesAreUsed) {
  ASSERT_OK_AND_ASSIGN(
      auto options, KeyGeneratorOptions::FromConfig(
                        ConfigOf({{"hoodie.table.recordkey.fields", "id, name"},
                                  {"hoodie.table.keygenerator.class",
                                   "org.apache.hudi.keygen.ComplexKeyGenerator"},
                                  {"hoodie.datasource.hive_style_partition", "true"}})));
  EXPECT_THAT(options.record_key_fields, ElementsAre("id", "name"));
  EXPECT_TRUE(options.partition_path_fields.empty());
  EXPECT_TRUE(options.hive_style_partitioning);
  EXPECT_FALSE(options.url_encode_partition_path);
  ASSERT_OK_AND_ASSIGN(auto defaults, KeyGeneratorOptions::FromConfig(HoodieConfig()));
  EXPECT_THAT(defaults.record_key_fields, ElementsAre("uuid"));
  EXPECT_THAT(defaults.partition_path_fields, ElementsAre("partitionpath"));
}

TEST(KeyGeneratorTest, NestedFieldsByDotNotation) {
  auto child = ::arrow::struct_({::arrow::field("leaf", ::arrow::int64())});
  auto parent = ::arrow::struct_({::arrow::field("child", child)});
  ASSERT_OK_AND_ASSIGN(
      auto batch,
      BatchFromJson({::arrow::field("id", ::arrow::utf8()), ::arrow::field("s", parent)},
                    R"([{"id": "a", "s": {"child": {"leaf": 7}}},
                                         {"id": "b", "s": null},
                                         {"id": "c", "s": {"child": null}}])"));
  auto keys = Generate(ConfigOf({{kKeygenType, "COMPLEX"},
                                 {kRecordKey, "id,s.child.leaf"},
                                 {kPartition, "s.child.leaf"},
                                 {kHive, "true"}}),
                       *batch);
  EXPECT_THAT(Strings(*keys.record_keys),
              ElementsAre("id:a,s.child.leaf:7", "id:b,s.child.leaf:__null__",
                          "id:c,s.child.leaf:__null__"));
  EXPECT_THAT(Strings(*keys.partition_paths),
              ElementsAre("s.child.leaf=7", "s.child.leaf=__HIVE_DEFAULT_PARTITION__",
                          "s.child.leaf=__HIVE_DEFAULT_PARTITION__"));
  ASSERT_OK_AND_ASSIGN(
      auto generator,
      MakeKeyGenerator(ConfigOf({{kRecordKey, "id.x"}, {kPartition, "id"}})));
  auto not_struct = generator->Generate(*batch);
  ASSERT_RAISES(Invalid, not_struct);
  EXPECT_THAT(not_struct.status().message(), HasSubstr("'id' is string, not a struct"));
}

TEST(KeyGeneratorTest, RejectsPathTraversalPerRecord) {
  ASSERT_OK_AND_ASSIGN(auto batch, BatchFromJson(PeopleFields(), R"([
      {"id": 1, "region": ".."}, {"id": 2, "region": "a/../b"}, {"id": 3, "region": "..x"},
      {"id": 4, "region": "a\\.."}])"));
  auto keys = Generate(ConfigOf({{kRecordKey, "id"}, {kPartition, "region"}}), *batch);
  EXPECT_THAT(Strings(*keys.partition_paths),
              ElementsAre("<null>", "<null>", "..x", "<null>"));
  EXPECT_THAT(Strings(*keys.record_keys), ElementsAre("1", "2", "3", "4"));
  ASSERT_EQ(keys.errors.size(), 3u);
  EXPECT_EQ(
      keys.errors[0].message,
      "row 0: Invalid partition path \"..\": partition paths must not contain \"..\" "
      "path-traversal segments");
  // Escaping turns the separators into %2F, so only a bare ".." remains a traversal.
  auto encoded = Generate(
      ConfigOf({{kRecordKey, "id"}, {kPartition, "region"}, {kEncode, "true"}}), *batch);
  EXPECT_THAT(Strings(*encoded.partition_paths),
              ElementsAre("<null>", "a%2F..%2Fb", "..x", "a%5C.."));
}

// A string key or partition column whose every value is its own key or path is taken
// whole (the same array); one null, empty or ".." value sends the batch through the
// row-by-row rules, with the same values and errors as ever.
TEST(KeyGeneratorTest, TakesAStringColumnWholeWhenEveryValueIsItsOwnKey) {
  ASSERT_OK_AND_ASSIGN(auto clean, BatchFromJson(PeopleFields(), R"([
      {"id": 1, "name": "Alice", "region": "us/east"},
      {"id": 2, "name": "Bob", "region": "eu"}])"));
  for (const char* generator : {"org.apache.hudi.keygen.SimpleKeyGenerator",
                                "org.apache.hudi.keygen.ComplexKeyGenerator"}) {
    SCOPED_TRACE(generator);
    auto keys = Generate(
        ConfigOf({{kKeygenClass, generator}, {kRecordKey, "name"}, {kPartition, "region"}}),
        *clean);
    EXPECT_EQ(keys.record_keys.get(), clean->GetColumnByName("name").get());
    EXPECT_EQ(keys.partition_paths.get(), clean->GetColumnByName("region").get());
    EXPECT_THAT(Strings(*keys.record_keys), ElementsAre("Alice", "Bob"));
    EXPECT_THAT(Strings(*keys.partition_paths), ElementsAre("us/east", "eu"));
    EXPECT_TRUE(keys.errors.empty());
  }
  // Hive-style paths are built: "region=us/east".
  auto hive = Generate(
      ConfigOf({{kRecordKey, "name"}, {kPartition, "region"}, {kHive, "true"}}), *clean);
  EXPECT_THAT(Strings(*hive.partition_paths), ElementsAre("region=us/east", "region=eu"));

  ASSERT_OK_AND_ASSIGN(auto dotted, BatchFromJson(PeopleFields(), R"([
      {"id": 1, "name": "a..b", "region": "x..y"},
      {"id": 2, "name": "c", "region": "../up"}])"));
  auto keys = Generate(ConfigOf({{kRecordKey, "name"}, {kPartition, "region"}}), *dotted);
  EXPECT_EQ(keys.record_keys.get(), dotted->GetColumnByName("name").get());
  EXPECT_THAT(Strings(*keys.partition_paths), ElementsAre("x..y", "<null>"));
  ASSERT_EQ(keys.errors.size(), 1u);
  EXPECT_EQ(keys.errors[0].row, 1);

  // The sample batch has an empty and a null name: the rules report both.
  auto people = Generate(ConfigOf({{kRecordKey, "name"}, {kPartition, "region"}}), *People());
  EXPECT_THAT(Strings(*people.record_keys), ElementsAre("Alice", "Bob", "<null>", "<null>"));
  EXPECT_EQ(people.errors.size(), 2u);
}

TEST(PartitionPathEncodingTest, EscapesHiveCharacters) {
  EXPECT_EQ(EscapePartitionPathValue("2023/04/01 12:00"), "2023%2F04%2F01 12%3A00");
  EXPECT_EQ(EscapePartitionPathValue("a=b#c%d'e*f?g\\h"),
            "a%3Db%23c%25d%27e%2Af%3Fg%5Ch");
  EXPECT_EQ(EscapePartitionPathValue("{[x]}^\"\x7f\x01\t"), "%7B%5Bx%5D}%5E%22%7F%01%09");
  EXPECT_EQ(EscapePartitionPathValue("São Paulo-ok_~.+"), "São Paulo-ok_~.+");
  EXPECT_EQ(EscapePartitionPathValue(""), "__HIVE_DEFAULT_PARTITION__");
  EXPECT_EQ(UnescapePartitionPathValue("2023%2F04%2f01 12%3A00%"), "2023/04/01 12:00%");
  EXPECT_EQ(UnescapePartitionPathValue("%zz%4"), "%zz%4");
}

}  // namespace
}  // namespace hoodie
