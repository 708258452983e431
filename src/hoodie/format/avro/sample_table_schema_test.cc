// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/format/avro/sample_table_schema_test.cc
/// \brief Converting the Parquet schemas of Spark-written v6 tables reproduces the Avro
/// schema Spark stored in their commit metadata.
#include <memory>
#include <string>
#include <vector>

#include <arrow/io/interfaces.h>
#include <arrow/type.h>
#include <arrow/util/key_value_metadata.h>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>
#include <parquet/arrow/reader.h>
#include <parquet/exception.h>
#include <parquet/file_reader.h>
#include <parquet/metadata.h>

#include "hoodie/common/macros.h"
#include "hoodie/format/avro/avro_schema.h"
#include "hoodie/format/avro/meta_fields.h"
#include "hoodie/storage/storage.h"
#include "hoodie/testing/matchers.h"
#include "hoodie/testing/temp_dir.h"
#include "hoodie/testing/test_data.h"
#include "hoodie/timeline/active_timeline.h"
#include "hoodie/timeline/commit_metadata.h"
#include "hoodie/timeline/timeline.h"

namespace hoodie {
namespace {

struct SampleTable {
  const char* zip;
  const char* name;
};

constexpr SampleTable kTables[] = {
    {"sample_table/cow/v6_complexkeygen_hivestyle.zip", "v6_complexkeygen_hivestyle"},
    {"sample_table/cow/v6_nonpartitioned.zip", "v6_nonpartitioned"},
    {"sample_table/cow/v6_simplekeygen_hivestyle_no_metafields.zip",
     "v6_simplekeygen_hivestyle_no_metafields"},
    {"sample_table/cow/v6_simplekeygen_nonhivestyle.zip", "v6_simplekeygen_nonhivestyle"},
    {"sample_table/cow/v6_timebasedkeygen_nonhivestyle.zip",
     "v6_timebasedkeygen_nonhivestyle"},
    {"quickstart_trips_table/mor/avro/v6_trips_8i1u.zip", "v6_trips_8i1u"},
    {"sample_table/mor/parquet/v6_nonpartitioned.zip", "v6_nonpartitioned"},
    {"sample_table/mor/parquet/v6_nonpartitioned_rollback.zip",
     "v6_nonpartitioned_rollback"},
    {"sample_table/mor/parquet/v6_simplekeygen_nonhivestyle.zip",
     "v6_simplekeygen_nonhivestyle"},
    {"sample_table/mor/parquet/v6_simplekeygen_nonhivestyle_overwritetable.zip",
     "v6_simplekeygen_nonhivestyle_overwritetable"},
};

::arrow::Result<std::shared_ptr<::arrow::Schema>> ReadParquetSchema(
    const std::shared_ptr<Storage>& storage, const std::string& path) {
  ARROW_ASSIGN_OR_RAISE(auto file, storage->OpenForRead(path));
  std::unique_ptr<::parquet::arrow::FileReader> reader;
  ARROW_ASSIGN_OR_RAISE(reader, ::parquet::arrow::OpenFile(
                                     file, ::arrow::default_memory_pool()));
  std::shared_ptr<::arrow::Schema> schema;
  ARROW_RETURN_NOT_OK(reader->GetSchema(&schema));
  return schema;
}

// Hudi's Avro write path stores lists in the 2-level layout (spec 8.4), which cannot
// say whether elements may be null, so Arrow reads such elements as required. Spark's
// table schema has containsNull=true; restore that before comparing.
std::shared_ptr<::arrow::DataType> RelaxListElements(
    const std::shared_ptr<::arrow::DataType>& type) {
  if (type->id() == ::arrow::Type::LIST) {
    auto element = type->field(0);
    return ::arrow::list(element->WithType(RelaxListElements(element->type()))
                             ->WithNullable(true));
  }
  if (type->id() == ::arrow::Type::STRUCT) {
    ::arrow::FieldVector fields;
    for (const auto& f : type->fields()) {
      fields.push_back(f->WithType(RelaxListElements(f->type())));
    }
    return ::arrow::struct_(fields);
  }
  return type;
}

// The schema of the latest completed commit-like instant (TableSchemaResolver step 1).
::arrow::Result<std::string> LatestCommitSchema(const std::shared_ptr<Storage>& storage,
                                                const std::string& base) {
  ARROW_ASSIGN_OR_RAISE(auto timeline, ActiveTimeline::Load(storage, base + "/.hoodie"));
  auto commits = timeline.timeline().GetCommitsTimeline().FilterCompleted().instants();
  for (auto it = commits.rbegin(); it != commits.rend(); ++it) {
    ARROW_ASSIGN_OR_RAISE(CommitMetadata metadata, timeline.ReadCommitMetadata(*it));
    auto schema = metadata.Schema();
    if (schema && !schema->empty()) return *schema;
  }
  return ::arrow::Status::KeyError("no commit with a schema in ", base);
}

class SampleTableSchemaTest : public ::testing::TestWithParam<SampleTable> {};

TEST_P(SampleTableSchemaTest, BaseFileSchemaConvertsToCommitSchema) {
  testing::TempDir dir;
  ASSERT_OK_AND_ASSIGN(std::string base,
                       testing::UnzipTable(std::string("hudi-rs-tables/") + GetParam().zip,
                                           dir.path()));
  auto storage = Storage::Local();
  ASSERT_OK_AND_ASSIGN(std::string commit_schema, LatestCommitSchema(storage, base));
  ASSERT_OK_AND_ASSIGN(auto files, storage->List(base, /*recursive=*/true));
  int parquet_files = 0;
  for (const auto& file : files) {
    if (file.is_directory || !file.path.ends_with(".parquet")) continue;
    if (file.path.find("/.hoodie/") != std::string::npos) continue;
    ++parquet_files;
    SCOPED_TRACE(file.path);
    ASSERT_OK_AND_ASSIGN(auto schema, ReadParquetSchema(storage, file.path));
    ASSERT_EQ(schema->field(0)->name(), kCommitTimeField);
    ::arrow::FieldVector fields;
    auto data_schema = RemoveMetadataFields(*schema);
    for (const auto& f : data_schema->fields()) {
      fields.push_back(f->WithType(RelaxListElements(f->type())));
    }
    ASSERT_OK_AND_ASSIGN(std::string avro,
                         ArrowSchemaToAvroJson(::arrow::Schema(fields), GetParam().name));
    // Semantically (key order aside) and textually equal to Spark's schema.
    EXPECT_EQ(nlohmann::json::parse(avro), nlohmann::json::parse(commit_schema));
    EXPECT_EQ(avro, commit_schema);
  }
  EXPECT_GT(parquet_files, 0);
}

TEST_P(SampleTableSchemaTest, CommitSchemaRoundTripsThroughArrow) {
  testing::TempDir dir;
  ASSERT_OK_AND_ASSIGN(std::string base,
                       testing::UnzipTable(std::string("hudi-rs-tables/") + GetParam().zip,
                                           dir.path()));
  auto storage = Storage::Local();
  ASSERT_OK_AND_ASSIGN(std::string commit_schema, LatestCommitSchema(storage, base));
  ASSERT_OK_AND_ASSIGN(auto arrow_schema, AvroJsonToArrowSchema(commit_schema));
  ASSERT_OK_AND_ASSIGN(AvroRecordName name, AvroRecordNameOf(commit_schema));
  EXPECT_EQ(name.name, std::string(GetParam().name) + "_record");
  ASSERT_OK_AND_ASSIGN(std::string again, ArrowSchemaToAvroJson(*arrow_schema, name));
  EXPECT_EQ(again, commit_schema);
  // The footer of Avro-path files carries the schema with meta fields.
  ASSERT_OK_AND_ASSIGN(std::string with_meta, AddMetadataFields(commit_schema));
  ASSERT_OK_AND_ASSIGN(auto meta_schema, AvroJsonToArrowSchema(with_meta));
  EXPECT_TRUE(meta_schema->Equals(*AddMetadataFields(*arrow_schema)));
}

INSTANTIATE_TEST_SUITE_P(V6Tables, SampleTableSchemaTest, ::testing::ValuesIn(kTables),
                         [](const auto& info) {
                           std::string zip = info.param.zip;
                           std::string name = zip.find("/mor/") != std::string::npos
                                                  ? "mor_"
                                                  : "cow_";
                           return name + info.param.name;
                         });

// Files written on Hudi's Avro path carry parquet.avro.schema: the schema above plus
// the meta fields, byte for byte what AddMetadataFields produces.
TEST(SampleTableFooterSchemaTest, FooterSchemaIsCommitSchemaWithMetaFields) {
  testing::TempDir dir;
  ASSERT_OK_AND_ASSIGN(std::string base,
                       testing::UnzipTable("hudi-rs-tables/sample_table/cow/v6_nonpartitioned.zip",
                                           dir.path()));
  auto storage = Storage::Local();
  ASSERT_OK_AND_ASSIGN(std::string commit_schema, LatestCommitSchema(storage, base));
  ASSERT_OK_AND_ASSIGN(
      auto file,
      storage->OpenForRead(
          base + "/a079bdb3-731c-4894-b855-abfcd6921007-0_0-203-274_20240418173551906.parquet"));
  std::unique_ptr<::parquet::arrow::FileReader> reader;
  ASSERT_OK_AND_ASSIGN(reader, ::parquet::arrow::OpenFile(file, ::arrow::default_memory_pool()));
  auto metadata = reader->parquet_reader()->metadata()->key_value_metadata();
  ASSERT_OK_AND_ASSIGN(std::string footer, metadata->Get("parquet.avro.schema"));
  ASSERT_OK_AND_ASSIGN(std::string expected, AddMetadataFields(commit_schema));
  EXPECT_EQ(footer, expected);
}

}  // namespace
}  // namespace hoodie
