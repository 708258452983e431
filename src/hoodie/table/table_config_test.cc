// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/table/table_config_test.cc
/// \brief Tests of TableConfig: checksum, accessors, text form and the backup protocol.
#include "hoodie/table/table_config.h"

#include <optional>
#include <regex>
#include <string>
#include <vector>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "hoodie/storage/storage.h"
#include "hoodie/testing/matchers.h"
#include "hoodie/testing/temp_dir.h"
#include "hoodie/testing/test_data.h"

namespace hoodie {
namespace {

using ::hoodie::testing::HasErrorCode;
using ::hoodie::testing::StatusMessageHas;
using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::IsEmpty;
using ::testing::Not;

constexpr char kInstant[] = "2024-04-18T22:32:13.522Z";
constexpr char kDate[] = "Thu Apr 18 17:32:13 CDT 2024";

const std::vector<std::string>& SampleV6Tables() {
  static const std::vector<std::string> tables = {
      "hudi-rs-tables/sample_table/cow/v6_complexkeygen_hivestyle.zip",
      "hudi-rs-tables/sample_table/cow/v6_empty.zip",
      "hudi-rs-tables/sample_table/cow/v6_nonpartitioned.zip",
      "hudi-rs-tables/sample_table/cow/v6_simplekeygen_hivestyle_no_metafields.zip",
      "hudi-rs-tables/sample_table/cow/v6_simplekeygen_nonhivestyle.zip",
      "hudi-rs-tables/sample_table/cow/v6_timebasedkeygen_nonhivestyle.zip",
      "hudi-rs-tables/quickstart_trips_table/mor/avro/v6_trips_8i1u.zip",
      "hudi-rs-tables/sample_table/mor/parquet/v6_empty.zip",
      "hudi-rs-tables/sample_table/mor/parquet/v6_nonpartitioned.zip",
      "hudi-rs-tables/sample_table/mor/parquet/v6_nonpartitioned_rollback.zip",
      "hudi-rs-tables/sample_table/mor/parquet/v6_simplekeygen_nonhivestyle.zip",
      "hudi-rs-tables/sample_table/mor/parquet/"
      "v6_simplekeygen_nonhivestyle_overwritetable.zip",
  };
  return tables;
}

// Everything after the two comment lines of a Properties.store file.
std::string Body(const std::string& text) {
  size_t first = text.find('\n');
  size_t second = text.find('\n', first + 1);
  return text.substr(second + 1);
}

TEST(TableConfigTest, ChecksumMatchesKnownValues) {
  EXPECT_EQ(TableConfig::ComputeChecksum("default", "v6_complexkeygen_hivestyle"),
            "281415413");
  EXPECT_EQ(TableConfig::ComputeChecksum("db", "t1"), "333565498");
  // No database: the input is ".t1", with the leading dot.
  EXPECT_EQ(TableConfig::ComputeChecksum("", "t1"), "3609136688");
}

TEST(TableConfigTest, ChecksumOfEverySampleV6TableMatchesStoredValue) {
  for (const auto& zip : SampleV6Tables()) {
    SCOPED_TRACE(zip);
    testing::TempDir dir;
    ASSERT_OK_AND_ASSIGN(std::string base, testing::UnzipTable(zip, dir.path()));
    auto storage = Storage::Local();
    ASSERT_OK_AND_ASSIGN(std::string text,
                         storage->ReadAll(base + "/.hoodie/hoodie.properties"));
    ASSERT_OK_AND_ASSIGN(TableConfig config, TableConfig::Parse(text));
    ASSERT_TRUE(config.Get(TableConfig::kChecksum).has_value());
    EXPECT_EQ(
        TableConfig::ComputeChecksum(config.database_name().value_or(""), config.name()),
        *config.Get(TableConfig::kChecksum));
    EXPECT_TRUE(config.HasValidChecksum());
    ASSERT_OK_AND_ASSIGN(TableConfig loaded,
                         TableConfig::Load(storage.get(), base + "/.hoodie"));
    EXPECT_EQ(loaded.entries(), config.entries());
  }
}

TEST(TableConfigTest, SampleAccessorsGiveDocumentedValues) {
  testing::TempDir dir;
  ASSERT_OK_AND_ASSIGN(
      std::string base,
      testing::UnzipTable(
          "hudi-rs-tables/sample_table/cow/v6_complexkeygen_hivestyle.zip", dir.path()));
  ASSERT_OK_AND_ASSIGN(TableConfig config,
                       TableConfig::Load(Storage::Local().get(), base + "/.hoodie"));
  EXPECT_EQ(config.name(), "v6_complexkeygen_hivestyle");
  EXPECT_EQ(config.database_name(), "default");
  ASSERT_OK_AND_ASSIGN(TableType type, config.table_type());
  EXPECT_EQ(type, TableType::kCopyOnWrite);
  ASSERT_OK_AND_ASSIGN(int version, config.table_version());
  EXPECT_EQ(version, 6);
  ASSERT_OK_AND_ASSIGN(std::optional<int> layout, config.timeline_layout_version());
  EXPECT_EQ(layout, 1);
  EXPECT_THAT(config.record_key_fields(), ElementsAre("id", "name"));
  EXPECT_THAT(config.partition_fields(), ElementsAre("byteField", "shortField"));
  EXPECT_EQ(config.precombine_field(), "longField");
  EXPECT_EQ(config.key_generator_class(), "org.apache.hudi.keygen.ComplexKeyGenerator");
  EXPECT_TRUE(config.hive_style_partitioning());
  EXPECT_FALSE(config.url_encode_partitioning());
  EXPECT_FALSE(config.drop_partition_columns());
  EXPECT_TRUE(config.populate_meta_fields());
  EXPECT_EQ(config.archive_folder(), "archived");
  EXPECT_EQ(config.base_file_format(), "PARQUET");
  EXPECT_EQ(config.log_file_format(), "HOODIE_LOG");
  ASSERT_TRUE(config.create_schema().has_value());
  // The Java escapes ("\:") are decoded.
  EXPECT_THAT(*config.create_schema(), HasSubstr(R"({"type":"record","name":)"));
  EXPECT_THAT(config.metadata_partitions(), IsEmpty());
}

// What the testdata README documents for each sample table.
struct SampleConfigCase {
  std::string zip;
  TableType type;
  std::vector<std::string> record_keys;
  std::vector<std::string> partition_fields;
  std::string key_generator;  // simple class name
  std::optional<std::string> precombine;
  bool hive_style;
  bool populate_meta_fields;
};

class SampleConfigTest : public ::testing::TestWithParam<SampleConfigCase> {};

TEST_P(SampleConfigTest, AccessorsGiveReadmeValues) {
  const SampleConfigCase& expected = GetParam();
  testing::TempDir dir;
  ASSERT_OK_AND_ASSIGN(std::string base,
                       testing::UnzipTable("hudi-rs-tables/" + expected.zip, dir.path()));
  ASSERT_OK_AND_ASSIGN(TableConfig config,
                       TableConfig::Load(Storage::Local().get(), base + "/.hoodie"));
  ASSERT_OK_AND_ASSIGN(TableType type, config.table_type());
  EXPECT_EQ(type, expected.type);
  EXPECT_EQ(config.record_key_fields(), expected.record_keys);
  EXPECT_EQ(config.partition_fields(), expected.partition_fields);
  EXPECT_EQ(config.key_generator_class(),
            "org.apache.hudi.keygen." + expected.key_generator);
  EXPECT_EQ(config.precombine_field(), expected.precombine);
  EXPECT_EQ(config.hive_style_partitioning(), expected.hive_style);
  EXPECT_EQ(config.populate_meta_fields(), expected.populate_meta_fields);
  EXPECT_FALSE(config.url_encode_partitioning());
  EXPECT_FALSE(config.drop_partition_columns());
  EXPECT_EQ(config.database_name(), "default");
  EXPECT_EQ(config.name(),
            expected.zip.substr(expected.zip.rfind('/') + 1,
                                expected.zip.size() - expected.zip.rfind('/') - 5));
}

INSTANTIATE_TEST_SUITE_P(
    SampleTables, SampleConfigTest,
    ::testing::Values(
        SampleConfigCase{"sample_table/cow/v6_nonpartitioned.zip",
                         TableType::kCopyOnWrite,
                         {"id"},
                         {},
                         "NonpartitionedKeyGenerator",
                         "longField",
                         true,
                         true},
        SampleConfigCase{"sample_table/cow/v6_empty.zip",
                         TableType::kCopyOnWrite,
                         {"id"},
                         {},
                         "NonpartitionedKeyGenerator",
                         std::nullopt,
                         true,
                         true},
        SampleConfigCase{"sample_table/cow/v6_simplekeygen_hivestyle_no_metafields.zip",
                         TableType::kCopyOnWrite,
                         {"id"},
                         {"byteField"},
                         "SimpleKeyGenerator",
                         "longField",
                         true,
                         false},
        SampleConfigCase{"sample_table/cow/v6_timebasedkeygen_nonhivestyle.zip",
                         TableType::kCopyOnWrite,
                         {"id"},
                         {"ts_str"},
                         "TimestampBasedKeyGenerator",
                         "longField",
                         false,
                         true},
        SampleConfigCase{"quickstart_trips_table/mor/avro/v6_trips_8i1u.zip",
                         TableType::kMergeOnRead,
                         {"uuid"},
                         {"city"},
                         "SimpleKeyGenerator",
                         "ts",
                         true,
                         true},
        SampleConfigCase{"sample_table/mor/parquet/v6_simplekeygen_nonhivestyle.zip",
                         TableType::kMergeOnRead,
                         {"id"},
                         {"byteField"},
                         "SimpleKeyGenerator",
                         "longField",
                         false,
                         true}));

TEST(TableConfigTest, SampleRoundTripsByteForByteAfterCommentLines) {
  testing::TempDir dir;
  ASSERT_OK_AND_ASSIGN(
      std::string base,
      testing::UnzipTable(
          "hudi-rs-tables/sample_table/cow/v6_complexkeygen_hivestyle.zip", dir.path()));
  ASSERT_OK_AND_ASSIGN(std::string original,
                       Storage::Local()->ReadAll(base + "/.hoodie/hoodie.properties"));
  ASSERT_OK_AND_ASSIGN(TableConfig config, TableConfig::Parse(original));
  std::string stored = config.Store(kInstant, kDate);
  // A valid checksum means "Updated at" and the entries exactly as they were.
  EXPECT_EQ(stored.substr(0, stored.find('\n')), std::string("#Updated at ") + kInstant);
  EXPECT_EQ(Body(stored), Body(original));
}

TEST(TableConfigTest, StoreWithoutChecksumAppendsItLastExactBytes) {
  TableConfig config({{"hoodie.table.name", "t1"},
                      {"hoodie.database.name", "db"},
                      {"hoodie.table.type", "MERGE_ON_READ"},
                      {"hoodie.table.create.schema", R"({"a":1})"}});
  EXPECT_EQ(config.Store(kInstant, kDate),
            "#Properties saved on 2024-04-18T22:32:13.522Z\n"
            "#Thu Apr 18 17:32:13 CDT 2024\n"
            "hoodie.table.name=t1\n"
            "hoodie.database.name=db\n"
            "hoodie.table.type=MERGE_ON_READ\n"
            "hoodie.table.create.schema={\"a\"\\:1}\n"
            "hoodie.table.checksum=333565498\n");
  EXPECT_EQ(config.Get(TableConfig::kChecksum), "333565498");
}

TEST(TableConfigTest, StoreReplacesStaleChecksumAndMovesItLast) {
  TableConfig config({{"hoodie.table.checksum", "1"}, {"hoodie.table.name", "t1"}});
  EXPECT_FALSE(config.HasValidChecksum());
  EXPECT_EQ(Body(config.Store(kInstant, kDate)),
            "hoodie.table.name=t1\nhoodie.table.checksum=3609136688\n");
  EXPECT_TRUE(config.HasValidChecksum());
  EXPECT_EQ(config.Store(kInstant, kDate).substr(0, 12), "#Updated at ");
}

TEST(TableConfigTest, DefaultsApplyWhenKeysAreAbsent) {
  TableConfig config;
  ASSERT_OK_AND_ASSIGN(TableType type, config.table_type());
  EXPECT_EQ(type, TableType::kCopyOnWrite);
  // A missing version reads as 0 (HoodieTableVersion.ZERO).
  ASSERT_OK_AND_ASSIGN(int version, config.table_version());
  EXPECT_EQ(version, 0);
  ASSERT_OK_AND_ASSIGN(std::optional<int> layout, config.timeline_layout_version());
  EXPECT_FALSE(layout.has_value());
  ASSERT_OK_AND_ASSIGN(TimelineTimeZone zone, config.timeline_timezone());
  EXPECT_EQ(zone, TimelineTimeZone::kLocal);
  EXPECT_EQ(config.name(), "");
  EXPECT_FALSE(config.database_name().has_value());
  EXPECT_THAT(config.record_key_fields(), IsEmpty());
  EXPECT_THAT(config.partition_fields(), IsEmpty());
  EXPECT_EQ(config.archive_folder(), "archived");
  EXPECT_EQ(config.base_file_format(), "PARQUET");
  EXPECT_EQ(config.log_file_format(), "HOODIE_LOG");
  EXPECT_TRUE(config.populate_meta_fields());
  EXPECT_FALSE(config.hive_style_partitioning());
  EXPECT_FALSE(config.cdc_enabled());
  EXPECT_FALSE(config.partition_metafile_use_base_format());
}

TEST(TableConfigTest, TypedAccessorsParseValuesAndAliases) {
  TableConfig config({{"hoodie.table.type", "MERGE_ON_READ"},
                      {"hoodie.table.version", "5"},
                      {"hoodie.table.partition.fields", "ts:TIMESTAMP,region:SIMPLE"},
                      {"hoodie.table.ro.file.format", "ORC"},
                      {"hoodie.table.rt.file.format", "HOODIE_LOG"},
                      {"hoodie.populate.meta.fields", "FALSE"},
                      {"hoodie.datasource.write.hive_style_partitioning", "True"},
                      {"hoodie.table.timeline.timezone", "UTC"},
                      {"hoodie.archivelog.folder", ""},
                      {"hoodie.table.metadata.partitions", "column_stats,files"}});
  ASSERT_OK_AND_ASSIGN(TableType type, config.table_type());
  EXPECT_EQ(type, TableType::kMergeOnRead);
  ASSERT_OK_AND_ASSIGN(int version, config.table_version());
  EXPECT_EQ(version, 5);
  EXPECT_THAT(config.partition_fields(), ElementsAre("ts", "region"));
  EXPECT_EQ(config.base_file_format(), "ORC");
  EXPECT_FALSE(config.populate_meta_fields());
  EXPECT_TRUE(config.hive_style_partitioning());
  ASSERT_OK_AND_ASSIGN(TimelineTimeZone zone, config.timeline_timezone());
  EXPECT_EQ(zone, TimelineTimeZone::kUtc);
  EXPECT_EQ(config.archive_folder(), "archived");
  EXPECT_THAT(config.metadata_partitions(), ElementsAre("column_stats", "files"));
}

TEST(TableConfigTest, MalformedTypedValuesAreInvalid) {
  ASSERT_RAISES(Invalid,
                TableConfig(PropertyList{{"hoodie.table.type", "cow"}}).table_type());
  ASSERT_RAISES(
      Invalid,
      TableConfig(PropertyList{{"hoodie.table.version", "six"}}).table_version());
  ASSERT_RAISES(Invalid,
                TableConfig(PropertyList{{"hoodie.table.version", ""}}).table_version());
  ASSERT_RAISES(Invalid,
                TableConfig(PropertyList{{"hoodie.table.timeline.timezone", "PST"}})
                    .timeline_timezone());
  EXPECT_THAT(TableConfig(PropertyList{{"hoodie.table.version", "6x"}}).table_version(),
              StatusMessageHas("hoodie.table.version=6x"));
}

TEST(TableConfigTest, ValidateChecksumCases) {
  EXPECT_OK(TableConfig(PropertyList{{"hoodie.table.name", "t1"}}).ValidateChecksum());
  EXPECT_OK(TableConfig(PropertyList{{"hoodie.table.name", "t1"},
                                     {"hoodie.table.checksum", "3609136688"}})
                .ValidateChecksum());
  EXPECT_THAT(TableConfig(PropertyList{{"hoodie.table.name", "t1"},
                                       {"hoodie.table.checksum", "12"}})
                  .ValidateChecksum(),
              StatusMessageHas("stored 12, expected 3609136688"));
  ASSERT_RAISES(
      Invalid,
      TableConfig(PropertyList{{"hoodie.table.checksum", "12"}}).ValidateChecksum());
  ASSERT_RAISES(Invalid, TableConfig(PropertyList{{"hoodie.table.name", "t1"},
                                                  {"hoodie.table.checksum", "abc"}})
                             .ValidateChecksum());
}

TEST(TableConfigTest, SetKeepsPositionRemoveAndSetDefault) {
  TableConfig config({{"a", "1"}, {"b", "2"}});
  config.Set("a", "3");
  config.Set("c", "4");
  config.SetDefault("b", "9");
  config.SetDefault("d", "5");
  EXPECT_TRUE(config.Remove("b"));
  EXPECT_FALSE(config.Remove("zz"));
  EXPECT_EQ(config.entries(), (PropertyList{{"a", "3"}, {"c", "4"}, {"d", "5"}}));
}

TEST(TableConfigTest, JavaInstantNowHasIsoInstantForm) {
  std::regex form(R"(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{3}|\.\d{6})?Z)");
  EXPECT_TRUE(std::regex_match(JavaInstantNow(), form)) << JavaInstantNow();
}

}  // namespace
}  // namespace hoodie
