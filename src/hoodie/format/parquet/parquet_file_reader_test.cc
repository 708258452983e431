// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/format/parquet/parquet_file_reader_test.cc
/// \brief ParquetFileReader on files written by ParquetFileWriter.
#include "hoodie/format/parquet/parquet_file_reader.h"

#include <arrow/array.h>
#include <arrow/array/concatenate.h>
#include <arrow/json/from_string.h>
#include <arrow/record_batch.h>
#include <arrow/table.h>
#include <arrow/type.h>
#include <gtest/gtest.h>

#include "hoodie/format/parquet/parquet_file_writer.h"
#include "hoodie/table/file_naming.h"
#include "hoodie/storage/storage.h"
#include "hoodie/testing/matchers.h"
#include "hoodie/testing/temp_dir.h"

namespace hoodie {
namespace {

using ::arrow::field;

class BaseFileReaderTest : public ::testing::Test {
 protected:
  void SetUp() override {
    path_ = dir_.Join(MakeBaseFileName("f-0", "0-0-0", "20240101000000000"));
    auto schema = ::arrow::schema({field("id", ::arrow::int32()), field("name", ::arrow::utf8())});
    BaseFileWriterOptions options;
    options.block_size = 1;  // one row group per batch
    auto writer = ParquetFileWriter::Make(Storage::Local(), path_, schema, options).ValueOrDie();
    for (int group = 0; group < 2; ++group) {
      int base = group * 2;
      auto batch = ::arrow::RecordBatch::Make(
          schema, 2,
          {::arrow::json::ArrayFromJSONString(
               ::arrow::int32(), "[" + std::to_string(base) + "," + std::to_string(base + 1) + "]")
               .ValueOrDie(),
           ::arrow::json::ArrayFromJSONString(::arrow::utf8(), R"(["n0", "n1"])").ValueOrDie()});
      auto meta = MetaColumns::ForRecords("20240101000000000", "", 0, base,
                                          {"k" + std::to_string(base), "k" + std::to_string(base + 1)})
                      .ValueOrDie();
      ASSERT_OK(writer->Write(*batch, meta));
    }
    ASSERT_OK(writer->Close());
  }

  testing::TempDir dir_;
  std::string path_;
};

TEST_F(BaseFileReaderTest, ReadsFooterSchemaAndCounts) {
  ASSERT_OK_AND_ASSIGN(auto reader, ParquetFileReader::Open(Storage::Local(), path_));
  EXPECT_EQ(reader->num_rows(), 4);
  EXPECT_EQ(reader->num_row_groups(), 2);
  EXPECT_EQ(reader->schema()->num_fields(), 7);
  EXPECT_EQ(reader->schema()->field(2)->name(), "_hoodie_record_key");
  EXPECT_EQ(reader->min_record_key(), "k0");
  EXPECT_EQ(reader->max_record_key(), "k3");
  EXPECT_EQ(reader->FooterValue("writer.model.name"), "avro");
  EXPECT_EQ(reader->FooterValue("absent"), std::nullopt);
  auto footer = reader->FooterMetadata();
  ASSERT_EQ(footer.size(), 4u);
  EXPECT_EQ(footer[3].first, "parquet.avro.schema");
}

TEST_F(BaseFileReaderTest, ProjectsColumnsInRequestedOrder) {
  ASSERT_OK_AND_ASSIGN(auto reader, ParquetFileReader::Open(Storage::Local(), path_));
  BaseFileReadOptions options;
  options.columns = {"name", "id"};
  ASSERT_OK_AND_ASSIGN(auto table, reader->ReadTable(options));
  ASSERT_EQ(table->num_columns(), 2);
  EXPECT_EQ(table->field(0)->name(), "name");
  EXPECT_EQ(table->field(1)->name(), "id");
  auto ids = ::arrow::json::ArrayFromJSONString(::arrow::int32(), "[0, 1, 2, 3]").ValueOrDie();
  EXPECT_TRUE(table->column(1)->Equals(::arrow::ChunkedArray(ids)) ||
              ::arrow::Concatenate(table->column(1)->chunks()).ValueOrDie()->Equals(*ids));
  options.columns = {"nope"};
  auto missing = reader->GetRecordBatchReader(options);
  ASSERT_RAISES(Invalid, missing);
  EXPECT_THAT(missing, testing::StatusMessageHas("'nope'"));
}

TEST_F(BaseFileReaderTest, ReadsOnlyTheRowGroupsAsked) {
  ASSERT_OK_AND_ASSIGN(auto reader, ParquetFileReader::Open(Storage::Local(), path_));
  BaseFileReadOptions options;
  options.columns = {"id"};
  options.batch_size = 1;
  options.row_groups = {1};
  ASSERT_OK_AND_ASSIGN(auto batches, reader->GetRecordBatchReader(options));
  ASSERT_OK_AND_ASSIGN(auto all, batches->ToRecordBatches());
  ASSERT_EQ(all.size(), 2u);  // batch_size 1
  EXPECT_EQ(std::static_pointer_cast<::arrow::Int32Array>(all[0]->column(0))->Value(0), 2);
  EXPECT_EQ(std::static_pointer_cast<::arrow::Int32Array>(all[1]->column(0))->Value(0), 3);
}

TEST_F(BaseFileReaderTest, ReadsOnlyRecordKeys) {
  ASSERT_OK_AND_ASSIGN(auto reader, ParquetFileReader::Open(Storage::Local(), path_));
  ASSERT_OK_AND_ASSIGN(auto keys, reader->ReadRecordKeys());
  auto expected =
      ::arrow::json::ArrayFromJSONString(::arrow::utf8(), R"(["k0", "k1", "k2", "k3"])")
          .ValueOrDie();
  EXPECT_TRUE(keys->Equals(*expected)) << keys->ToString();
}

TEST(BaseFileReaderErrorsTest, MissingAndNonParquetFiles) {
  testing::TempDir dir;
  ASSERT_RAISES(IOError, ParquetFileReader::Open(Storage::Local(), dir.Join("absent.parquet")));
  ASSERT_OK(Storage::Local()->WriteAll(dir.Join("junk.parquet"), "not parquet", false));
  // Every Parquet failure of a base file read is an IOError naming the file.
  auto junk = ParquetFileReader::Open(Storage::Local(), dir.Join("junk.parquet"));
  ASSERT_RAISES(IOError, junk);
  EXPECT_THAT(junk.status().message(),
              ::testing::StartsWith("cannot read Parquet base file: "));
  EXPECT_THAT(junk.status().message(), ::testing::EndsWith(dir.Join("junk.parquet")));
}

}  // namespace
}  // namespace hoodie
