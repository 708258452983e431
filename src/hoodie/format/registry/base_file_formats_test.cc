// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/format/registry/base_file_formats_test.cc
/// \brief The base file format registry: formats by name and by file extension, the
/// refusal of the formats hoodie does not write, and a round trip through the seam.
#include "hoodie/format/registry/base_file_formats.h"

#include <arrow/array.h>
#include <arrow/json/from_string.h>
#include <arrow/record_batch.h>
#include <arrow/table.h>
#include <arrow/type.h>
#include <gtest/gtest.h>

#include "hoodie/storage/storage.h"
#include "hoodie/testing/matchers.h"
#include "hoodie/testing/temp_dir.h"

namespace hoodie {
namespace {

TEST(BaseFileFormatsTest, ParquetByNameInAnyCaseAndByExtension) {
  for (const char* name : {"PARQUET", "parquet"}) {
    ASSERT_OK_AND_ASSIGN(auto format, MakeBaseFileFormat(name));
    EXPECT_EQ(format->name(), "PARQUET");
    EXPECT_EQ(format->extension(), ".parquet");
  }
  ASSERT_OK_AND_ASSIGN(auto by_file,
                       BaseFileFormatOfFile("p/f1_0-1-0_20240101000000000.parquet"));
  EXPECT_EQ(by_file->name(), "PARQUET");
}

TEST(BaseFileFormatsTest, OrcAndHFileAreRefusedByNameAndByFile) {
  auto orc = MakeBaseFileFormat("ORC");
  ASSERT_RAISES(NotImplemented, orc);
  EXPECT_EQ(orc.status().message(),
            "ORC base files are not supported: hoodie reads and writes PARQUET base files "
            "only (hoodie.table.base.file.format=PARQUET)");
  auto hfile = BaseFileFormatOfFile("p/f1_0-1-0_20240101000000000.hfile");
  ASSERT_RAISES(NotImplemented, hfile);
  EXPECT_EQ(hfile.status().message(),
            "HFILE base files are not supported: hoodie reads and writes PARQUET base "
            "files only (hoodie.table.base.file.format=PARQUET): "
            "p/f1_0-1-0_20240101000000000.hfile");
  auto unknown = BaseFileFormatOfFile("p/notes.txt");
  ASSERT_RAISES(Invalid, unknown);
  EXPECT_EQ(unknown.status().message(),
            "not a base file (no .parquet, .orc or .hfile extension): p/notes.txt");
  EXPECT_EQ(BaseFileFormatRegistry::Global()->names(),
            (std::vector<std::string>{"HFILE", "ORC", "PARQUET"}));
}

TEST(BaseFileFormatsTest, WhatTheFormatWritesOpenBaseFileReadsBack) {
  testing::TempDir dir;
  ASSERT_OK_AND_ASSIGN(auto format, MakeBaseFileFormat("PARQUET"));
  auto schema = ::arrow::schema({::arrow::field("fare", ::arrow::float64())});
  const std::string path = dir.Join(std::string("f1_0-1-0_20240101000000000") +
                                    std::string(format->extension()));
  BaseFileWriterOptions options;
  options.constant_commit_time = "20240101000000000";
  options.constant_partition_path = "";
  ASSERT_OK_AND_ASSIGN(auto writer,
                       format->OpenWriter(Storage::Local(), path, schema, options));
  auto fares = ::arrow::json::ArrayFromJSONString(::arrow::float64(), "[1.5, 2.5]")
                   .ValueOrDie();
  ASSERT_OK_AND_ASSIGN(MetaColumns meta,
                       MetaColumns::ForNewRecords("20240101000000000", 0, 0, {"b", "a"}));
  ASSERT_OK(writer->Write(*::arrow::RecordBatch::Make(schema, 2, {fares}), meta));
  ASSERT_OK_AND_ASSIGN(BaseFileWriteResult written, writer->Close());
  EXPECT_EQ(written.record_count, 2);

  ASSERT_OK_AND_ASSIGN(BaseFileFooter footer, format->ReadFooter(*Storage::Local(), path, -1));
  EXPECT_EQ(footer.num_rows, 2);
  EXPECT_EQ(footer.Value(kFooterMinRecordKey), "a");
  EXPECT_EQ(footer.Value(kFooterMaxRecordKey), "b");
  ASSERT_OK_AND_ASSIGN(auto reader, OpenBaseFile(Storage::Local(), path));
  EXPECT_EQ(reader->min_record_key(), "a");
  ASSERT_OK_AND_ASSIGN(auto keys, reader->ReadRecordKeys());
  EXPECT_EQ(keys->ToString(), ::arrow::json::ArrayFromJSONString(::arrow::utf8(),
                                                                 R"(["b", "a"])")
                                  .ValueOrDie()
                                  ->ToString());
  ASSERT_OK_AND_ASSIGN(auto table, reader->ReadTable());
  EXPECT_EQ(table->schema()->field_names(),
            (std::vector<std::string>{"_hoodie_commit_time", "_hoodie_commit_seqno",
                                      "_hoodie_record_key", "_hoodie_partition_path",
                                      "_hoodie_file_name", "fare"}));
  EXPECT_TRUE(table->GetColumnByName("fare")->chunk(0)->Equals(*fares));
}

}  // namespace
}  // namespace hoodie
