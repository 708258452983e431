// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/format/parquet/dictionary_choice_test.cc
/// \brief Which columns get plain encoding from the start, and what a written base file
/// then holds.
#include "hoodie/format/parquet/dictionary_choice.h"

#include <arrow/api.h>
#include <arrow/io/memory.h>
#include <gtest/gtest.h>
#include <parquet/file_reader.h>
#include <parquet/metadata.h>

#include <algorithm>
#include <string>
#include <vector>

#include "hoodie/format/parquet/parquet_file_writer.h"
#include "hoodie/table/file_naming.h"
#include "hoodie/storage/storage.h"
#include "hoodie/testing/matchers.h"
#include "hoodie/testing/temp_dir.h"

namespace hoodie {
namespace {

using ::arrow::field;

// 20,000 rows: unique strings and longs (keys, event times), a few cities and fares,
// a flag, a struct, and a column of nulls.
std::shared_ptr<::arrow::RecordBatch> Rows() {
  ::arrow::StringBuilder keys, cities;
  ::arrow::Int64Builder times;
  ::arrow::DoubleBuilder fares, xs;
  ::arrow::BooleanBuilder flags;
  ::arrow::Int32Builder nothing;
  const char* names[] = {"sf", "ny", "la"};
  for (int i = 0; i < 20000; ++i) {
    EXPECT_OK(keys.Append("key-" + std::to_string(i * 7919)));
    EXPECT_OK(cities.Append(names[i % 3]));
    EXPECT_OK(times.Append(1700000000000000 + i * 17));
    EXPECT_OK(fares.Append(5 + (i % 50) / 2.0));
    EXPECT_OK(xs.Append(i % 4));
    EXPECT_OK(flags.Append(i % 2 == 0));
    EXPECT_OK(nothing.AppendNull());
  }
  auto st = ::arrow::StructArray::Make({xs.Finish().ValueOrDie()}, {"x"}).ValueOrDie();
  auto schema = ::arrow::schema(
      {field("key", ::arrow::utf8()), field("city", ::arrow::utf8()),
       field("ts", ::arrow::timestamp(::arrow::TimeUnit::MICRO, "UTC")),
       field("fare", ::arrow::float64()), field("flag", ::arrow::boolean()),
       field("st", st->type()), field("nothing", ::arrow::int32())});
  return ::arrow::RecordBatch::Make(
      schema, 20000,
      {keys.Finish().ValueOrDie(), cities.Finish().ValueOrDie(),
       times.Finish().ValueOrDie(), fares.Finish().ValueOrDie(),
       flags.Finish().ValueOrDie(), st, nothing.Finish().ValueOrDie()});
}

TEST(DictionaryChoiceTest, UniqueColumnsGoPlainFewValuesKeepTheDictionary) {
  EXPECT_EQ(DictionaryWouldNotPay(*Rows()), (std::vector<std::string>{"key", "ts"}));
  // 16-bit integers, unique or not, are left to Arrow (Spark reads them plain badly).
  ::arrow::Int16Builder shorts;
  for (int i = 0; i < 20000; ++i) ASSERT_OK(shorts.Append(static_cast<int16_t>(i)));
  auto batch = ::arrow::RecordBatch::Make(::arrow::schema({field("s", ::arrow::int16())}),
                                          20000, {shorts.Finish().ValueOrDie()});
  EXPECT_TRUE(DictionaryWouldNotPay(*batch).empty());
}

// A base file of those rows: the unique columns (and the unique meta columns, the
// sequence numbers and record keys) have no dictionary page; the others do, constant
// meta columns included, but for the flag (Parquet never gives booleans one). With
// dictionaries off nothing has one.
TEST(DictionaryChoiceTest, ABaseFileEncodesTheUniqueColumnsPlain) {
  auto batch = Rows();
  for (bool dictionary : {true, false}) {
    testing::TempDir dir;
    std::string path = dir.Join(MakeBaseFileName("f1-0", "0-1-2", "20240101000000000"));
    BaseFileWriterOptions options;
    options.dictionary_enabled = dictionary;
    options.constant_commit_time = "20240101000000000";
    options.constant_partition_path = "p1";
    ASSERT_OK_AND_ASSIGN(auto writer, ParquetFileWriter::Make(Storage::Local(), path,
                                                           batch->schema(), options));
    std::vector<std::string> keys;
    for (int i = 0; i < batch->num_rows(); ++i) keys.push_back("k" + std::to_string(i));
    ASSERT_OK_AND_ASSIGN(auto meta,
                         MetaColumns::ForNewRecords("20240101000000000", 0, 0, keys));
    ASSERT_OK(writer->Write(*batch, meta));
    ASSERT_OK(writer->Close().status());
    ASSERT_OK_AND_ASSIGN(std::string bytes, Storage::Local()->ReadAll(path));
    auto reader = ::parquet::ParquetFileReader::Open(
        std::make_shared<::arrow::io::BufferReader>(::arrow::Buffer::FromString(bytes)));
    auto group = reader->metadata()->RowGroup(0);
    std::vector<std::string> with_dictionary;
    for (int c = 0; c < group->num_columns(); ++c) {
      auto chunk = group->ColumnChunk(c);
      if (chunk->has_dictionary_page()) {
        with_dictionary.push_back(chunk->path_in_schema()->ToDotString());
      }
    }
    if (!dictionary) {
      EXPECT_TRUE(with_dictionary.empty());
      continue;
    }
    EXPECT_EQ(with_dictionary,
              (std::vector<std::string>{"_hoodie_commit_time", "_hoodie_partition_path",
                                        "_hoodie_file_name", "city", "fare", "st.x",
                                        "nothing"}));
  }
}

}  // namespace
}  // namespace hoodie
