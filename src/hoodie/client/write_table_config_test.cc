// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/client/write_table_config_test.cc
/// \brief The table a first write creates, the check of later writes against it, and
/// the Spark shape of input timestamps (interop: tests/interop/test_write_defaults.py).
#include <arrow/api.h>
#include <arrow/json/from_string.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "hoodie/client/write_client.h"
#include "hoodie/config/hoodie_config.h"
#include "hoodie/read/table_reader.h"
#include "hoodie/storage/storage.h"
#include "hoodie/testing/matchers.h"
#include "hoodie/testing/temp_dir.h"
#include "hoodie/write/incoming_records_internal.h"
#include "hoodie/write/write_options.h"
#include "hoodie/write/write_table_config.h"

namespace hoodie {
namespace {

using ::testing::HasSubstr;

HoodieConfig MorConfig() {
  HoodieConfig config;
  config.Set("hoodie.table.name", "t");
  config.Set("hoodie.datasource.write.table.type", "MERGE_ON_READ");
  config.Set("hoodie.datasource.write.recordkey.field", "id");
  config.Set("hoodie.datasource.write.partitionpath.field", "part");
  config.Set("hoodie.datasource.write.precombine.field", "ts");
  config.Set("hoodie.datasource.write.payload.class",
             "org.apache.hudi.common.model.DefaultHoodieRecordPayload");
  return config;
}

TableConfig Created(const HoodieConfig& config) {
  WriteOptions options = WriteOptions::FromConfig(config).ValueOrDie();
  return TableCreateOptionsForWrite(config, options).ValueOrDie().ToTableConfig();
}

// The issue's defect: the table recorded OverwriteWithLatestAvroPayload whatever the
// write's payload class, and merge-on-read readers merge with the table's.
TEST(WriteTableConfigTest, MergeOnReadTableRecordsTheWritesPayloadClass) {
  TableConfig table = Created(MorConfig());
  EXPECT_EQ(table.payload_class(),
            "org.apache.hudi.common.model.DefaultHoodieRecordPayload");
  EXPECT_EQ(table.precombine_field(), "ts");
  EXPECT_EQ(table.database_name(), "");  // Spark records an empty one
  EXPECT_EQ(table.Get("hoodie.datasource.write.hive_style_partitioning"), "false");
  EXPECT_EQ(table.Get("hoodie.table.cdc.enabled"), "false");
  EXPECT_EQ(table.Get("hoodie.table.timeline.timezone"), "LOCAL");

  HoodieConfig cow = MorConfig();
  cow.Set("hoodie.datasource.write.table.type", "COPY_ON_WRITE");
  EXPECT_FALSE(Created(cow).payload_class().has_value());
}

TEST(WriteTableConfigTest, KeyGeneratorsRecordTheirPartitionColumnsAndSettings) {
  HoodieConfig custom = MorConfig();
  custom.Set("hoodie.datasource.write.keygenerator.class",
             "org.apache.hudi.keygen.CustomKeyGenerator");
  custom.Set("hoodie.datasource.write.partitionpath.field", "part:SIMPLE,ems:TIMESTAMP");
  custom.Set("hoodie.keygen.timebased.timestamp.type", "EPOCHMILLISECONDS");
  custom.Set("hoodie.keygen.timebased.output.dateformat", "yyyy/MM/dd");
  TableConfig table = Created(custom);
  EXPECT_EQ(table.Get("hoodie.table.partition.fields"), "part,ems");
  EXPECT_FALSE(table.Contains("hoodie.keygen.timebased.output.dateformat"));

  HoodieConfig timestamp = custom;
  timestamp.Set("hoodie.datasource.write.keygenerator.class",
                "org.apache.hudi.keygen.TimestampBasedKeyGenerator");
  timestamp.Set("hoodie.datasource.write.partitionpath.field", "ems");
  timestamp.Set("hoodie.deltastreamer.keygen.timebased.timezone", "UTC");
  table = Created(timestamp);
  EXPECT_EQ(table.Get("hoodie.keygen.timebased.output.dateformat"), "yyyy/MM/dd");
  EXPECT_EQ(table.Get("hoodie.keygen.timebased.timezone"), "UTC");  // canonical key
  EXPECT_FALSE(table.Contains("hoodie.keygen.timebased.timestamp.type"));  // as Spark

  HoodieConfig unpartitioned = MorConfig();
  unpartitioned.Set("hoodie.datasource.write.keygenerator.class",
                    "org.apache.hudi.keygen.NonpartitionedKeyGenerator");
  EXPECT_EQ(Created(unpartitioned).Get("hoodie.table.partition.fields"), "");
}

TEST(WriteTableConfigTest, ConflictingOptionsNameEachKeyWithBothValues) {
  HoodieConfig config = MorConfig();
  TableConfig table = Created(config);
  WriteOptions options = WriteOptions::FromConfig(config, &table).ValueOrDie();
  ASSERT_OK(ValidateWriteAgainstTable(config, options, table));

  HoodieConfig changed = config;
  changed.Set("hoodie.datasource.write.recordkey.field", "part");
  changed.Set("hoodie.datasource.write.precombine.field", "ems");
  changed.Set("hoodie.datasource.write.hive_style_partitioning", "true");
  options = WriteOptions::FromConfig(changed, &table).ValueOrDie();
  auto status = ValidateWriteAgainstTable(changed, options, table);
  ASSERT_TRUE(status.IsInvalid());
  EXPECT_THAT(status.message(), HasSubstr("hoodie.datasource.write.hive_style_partitioning: true vs false"));
  EXPECT_THAT(status.message(), HasSubstr("RecordKey: part vs id"));
  EXPECT_THAT(status.message(), HasSubstr("PreCombineKey: ems vs ts"));
  EXPECT_THAT(status.message(), HasSubstr("hoodie table set-property"));

  // Case does not matter (Spark's resolver), and another payload class is allowed.
  HoodieConfig accepted = config;
  accepted.Set("hoodie.datasource.write.hive_style_partitioning", "FALSE");
  accepted.Set("hoodie.datasource.write.payload.class",
               "org.apache.hudi.common.model.OverwriteWithLatestAvroPayload");
  options = WriteOptions::FromConfig(accepted, &table).ValueOrDie();
  EXPECT_OK(ValidateWriteAgainstTable(accepted, options, table));
}

// Issue 12: options hoodie does not implement fail before anything is written.
TEST(WriteTableConfigTest, RefusedOptionsFailBeforeTheTableIsCreated) {
  testing::TempDir dir;
  HoodieConfig config = MorConfig();
  config.Set("hoodie.metrics.on", "true");
  auto table = WriteClient::OpenOrCreateTable(Storage::Local(), dir.Join("t"), config);
  ASSERT_TRUE(table.status().IsNotImplemented());
  EXPECT_THAT(table.status().message(),
              HasSubstr("hoodie.metrics.on=true is not supported by hoodie: metrics "
                        "reporters are not implemented yet"));
  EXPECT_FALSE(Storage::Local()->Exists(dir.Join("t")).ValueOr(true));
}

// A table Spark made with ORC base files: the format registry refuses it for writes
// (before a file is written) and for reads, with the one message of the registry.
TEST(WriteTableConfigTest, ATableOfOrcBaseFilesIsRefusedByTheFormatRegistry) {
  testing::TempDir dir;
  HoodieConfig config = MorConfig();
  WriteOptions options = WriteOptions::FromConfig(config).ValueOrDie();
  TableCreateOptions create = TableCreateOptionsForWrite(config, options).ValueOrDie();
  create.base_file_format = "ORC";
  ASSERT_OK_AND_ASSIGN(auto table,
                       TableMetaClient::Create(Storage::Local(), dir.Join("t"), create));
  const std::string refusal =
      "ORC base files are not supported: hoodie reads and writes PARQUET base files only "
      "(hoodie.table.base.file.format=PARQUET)";
  auto reader = TableReader::Open(table);
  ASSERT_RAISES(NotImplemented, reader);
  EXPECT_EQ(reader.status().message(), refusal);

  ASSERT_OK_AND_ASSIGN(auto client, WriteClient::Make(table, config));
  ASSERT_OK_AND_ASSIGN(std::string instant, client->StartCommit());
  auto schema = ::arrow::schema({::arrow::field("id", ::arrow::utf8()),
                                 ::arrow::field("part", ::arrow::utf8()),
                                 ::arrow::field("ts", ::arrow::int64())});
  auto batch = ::arrow::RecordBatch::Make(
      schema, 1,
      {::arrow::json::ArrayFromJSONString(::arrow::utf8(), R"(["a"])").ValueOrDie(),
       ::arrow::json::ArrayFromJSONString(::arrow::utf8(), R"(["p"])").ValueOrDie(),
       ::arrow::json::ArrayFromJSONString(::arrow::int64(), "[1]").ValueOrDie()});
  auto input = ::arrow::RecordBatchReader::Make({batch}, schema).ValueOrDie();
  auto written = client->Upsert(instant, input.get());
  ASSERT_RAISES(NotImplemented, written);
  EXPECT_EQ(written.status().message(), refusal);
  EXPECT_FALSE(Storage::Local()->Exists(dir.Join("t/p")).ValueOr(true));
  ASSERT_OK_AND_ASSIGN(auto files,
                       Storage::Local()->List(dir.Join("t/.hoodie"), /*recursive=*/false));
  for (const auto& file : files) {
    EXPECT_FALSE(file.path.ends_with(".inflight") || file.path.ends_with(".deltacommit"))
        << file.path;
  }
}

TEST(SparkShapedSchemaTest, TimestampsBecomeMicrosAndNanosAreRefused) {
  using ::arrow::TimeUnit;
  auto input = ::arrow::schema(
      {::arrow::field("s", ::arrow::timestamp(TimeUnit::SECOND, "UTC")),
       ::arrow::field("ms", ::arrow::timestamp(TimeUnit::MILLI, "America/New_York")),
       ::arrow::field("nested", ::arrow::struct_({::arrow::field(
                                    "t", ::arrow::list(::arrow::timestamp(TimeUnit::MILLI, "UTC")))}))});
  ASSERT_OK_AND_ASSIGN(auto shaped, internal::SparkShapedSchema(*input));
  auto expected = ::arrow::schema(
      {::arrow::field("s", ::arrow::timestamp(TimeUnit::MICRO, "UTC")),
       ::arrow::field("ms", ::arrow::timestamp(TimeUnit::MICRO, "UTC")),
       ::arrow::field("nested", ::arrow::struct_({::arrow::field(
                                    "t", ::arrow::list(::arrow::timestamp(TimeUnit::MICRO, "UTC")))}))});
  EXPECT_TRUE(shaped->Equals(*expected)) << shaped->ToString();

  auto nanos = ::arrow::schema({::arrow::field(
      "o", ::arrow::struct_({::arrow::field("t", ::arrow::timestamp(TimeUnit::NANO, "UTC"))}))});
  auto refused = internal::SparkShapedSchema(*nanos);
  ASSERT_FALSE(refused.ok());
  EXPECT_THAT(refused.status().message(), HasSubstr("column 'o.t' holds nanosecond timestamps"));
  auto naive = ::arrow::schema({::arrow::field("t", ::arrow::timestamp(TimeUnit::MILLI))});
  refused = internal::SparkShapedSchema(*naive);
  ASSERT_FALSE(refused.ok());
  EXPECT_THAT(refused.status().message(),
              HasSubstr("column 't' holds timestamps without a time zone"));
}

}  // namespace
}  // namespace hoodie
