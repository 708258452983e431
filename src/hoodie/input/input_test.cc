// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/input/input_test.cc
/// \brief JSON lines and CSV typed as Spark's readers type them (the expected types and
/// values are what spark.read.json / spark.read.csv give for the same files).
#include <fstream>
#include <string>

#include <arrow/array/concatenate.h>
#include <arrow/adapters/orc/adapter.h>
#include <arrow/api.h>
#include <arrow/io/file.h>
#include <arrow/json/from_string.h>
#include <parquet/arrow/writer.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "hoodie/input/csv_reader.h"
#include "hoodie/input/input_format.h"
#include "hoodie/input/line_rows_internal.h"
#include "hoodie/input/json_lines_reader.h"
#include "hoodie/testing/matchers.h"
#include "hoodie/testing/temp_dir.h"

namespace hoodie {
namespace {

using ::testing::HasSubstr;

std::string WriteFile(const testing::TempDir& dir, const std::string& name,
                      const std::string& text) {
  std::string path = dir.Join(name);
  std::ofstream(path) << text;
  return path;
}

std::shared_ptr<::arrow::Table> ReadAll(::arrow::RecordBatchReader* reader) {
  return reader->ToTable().ValueOrDie();
}

TEST(JsonLinesTest, InfersSparksTypesKeepingDatesAsStrings) {
  testing::TempDir dir;
  std::string path = WriteFile(
      dir, "in.json",
      R"({"id":"a","dt":"2024-01-01","tm":"2024-01-01 10:00:00","n":1,"f":1.5,"mix":1,"o":{"z":1,"a":"x"},"arr":[1,2],"nul":null,"b":true,"big":12345678901234567890}
)"
      "\n"
      R"({"id":"b","dt":"2024-01-02","tm":"2024-01-01T10:00:00Z","n":2,"f":2,"mix":2.5,"o":{"z":2,"b":[1.5]},"arr":[],"nul":null,"b":false,"big":1,"s":{"k":1}}
{"id":"c","s":"text"})");
  ASSERT_OK_AND_ASSIGN(auto schema, InferJsonLinesSchema(path));
  auto expected = ::arrow::schema({
      ::arrow::field("id", ::arrow::utf8()),
      ::arrow::field("dt", ::arrow::utf8()),
      ::arrow::field("tm", ::arrow::utf8()),
      ::arrow::field("n", ::arrow::int64()),
      ::arrow::field("f", ::arrow::float64()),
      ::arrow::field("mix", ::arrow::float64()),
      ::arrow::field("o", ::arrow::struct_({::arrow::field("z", ::arrow::int64()),
                                            ::arrow::field("a", ::arrow::utf8()),
                                            ::arrow::field("b", ::arrow::list(::arrow::float64()))})),
      ::arrow::field("arr", ::arrow::list(::arrow::int64())),
      ::arrow::field("nul", ::arrow::utf8()),
      ::arrow::field("b", ::arrow::boolean()),
      ::arrow::field("big", ::arrow::decimal128(20, 0)),
      ::arrow::field("s", ::arrow::utf8()),
  });
  EXPECT_TRUE(schema->Equals(*expected)) << schema->ToString();

  ASSERT_OK_AND_ASSIGN(auto reader, OpenJsonLines(path));
  auto table = ReadAll(reader.get());
  ASSERT_EQ(table->num_rows(), 3);
  auto column = [&](const std::string& name) {
    return table->GetColumnByName(name)->chunk(0);
  };
  EXPECT_EQ(column("tm")->GetScalar(1).ValueOrDie()->ToString(), "2024-01-01T10:00:00Z");
  EXPECT_EQ(column("mix")->GetScalar(0).ValueOrDie()->ToString(), "1");
  EXPECT_EQ(column("big")->GetScalar(0).ValueOrDie()->ToString(), "12345678901234567890");
  // A string field holds other values' JSON text, as Spark's does.
  EXPECT_EQ(column("s")->GetScalar(1).ValueOrDie()->ToString(), R"({"k":1})");
  EXPECT_EQ(column("s")->GetScalar(2).ValueOrDie()->ToString(), "text");
  EXPECT_TRUE(column("s")->IsNull(0));
  EXPECT_TRUE(column("o")->IsNull(2));
}

TEST(JsonLinesTest, ConvertsToATargetSchema) {
  testing::TempDir dir;
  std::string path = WriteFile(
      dir, "in.json",
      R"({"id":"a","d":"2024-03-01","t":"2024-03-01 10:00:00.123456","t2":"2024-03-01T10:00:00+02:00","i":7,"x":2.25,"m":{"k":1},"dec":"12.30"}
{"id":"b","t":1700000000,"x":"NaN"})");
  auto schema = ::arrow::schema({
      ::arrow::field("id", ::arrow::utf8()),
      ::arrow::field("d", ::arrow::date32()),
      ::arrow::field("t", ::arrow::timestamp(::arrow::TimeUnit::MICRO, "UTC")),
      ::arrow::field("t2", ::arrow::timestamp(::arrow::TimeUnit::MICRO, "UTC")),
      ::arrow::field("i", ::arrow::int32()),
      ::arrow::field("x", ::arrow::float64()),
      ::arrow::field("m", ::arrow::map(::arrow::utf8(), ::arrow::int64())),
      ::arrow::field("dec", ::arrow::decimal128(10, 2)),
  });
  ASSERT_OK_AND_ASSIGN(auto reader, OpenJsonLines(path, {.schema = schema}));
  auto table = ReadAll(reader.get());
  ASSERT_EQ(table->num_rows(), 2);
  EXPECT_TRUE(table->schema()->Equals(*schema));
  auto value = [&](const std::string& name, int64_t row) {
    return table->GetColumnByName(name)->chunk(0)->GetScalar(row).ValueOrDie()->ToString();
  };
  EXPECT_EQ(value("d", 0), "2024-03-01");
  EXPECT_EQ(value("t", 0), "2024-03-01 10:00:00.123456Z");
  EXPECT_EQ(value("t2", 0), "2024-03-01 08:00:00.000000Z");
  EXPECT_EQ(value("t", 1), "2023-11-14 22:13:20.000000Z");  // epoch seconds
  EXPECT_EQ(value("i", 0), "7");
  EXPECT_EQ(value("x", 1), "nan");
  EXPECT_EQ(value("dec", 0), "12.30");
}

TEST(JsonLinesTest, ABadValueNamesFileLineAndField) {
  testing::TempDir dir;
  std::string path = WriteFile(dir, "in.json",
                               "{\"id\":\"a\",\"o\":{\"n\":1}}\n\n{\"id\":\"b\",\"o\":{\"n\":\"x\"}}\n");
  auto schema = ::arrow::schema(
      {::arrow::field("id", ::arrow::utf8()),
       ::arrow::field("o", ::arrow::struct_({::arrow::field("n", ::arrow::int64())}))});
  ASSERT_OK_AND_ASSIGN(auto reader, OpenJsonLines(path, {.schema = schema}));
  auto status = reader->ToTable().status();
  ASSERT_FALSE(status.ok());
  EXPECT_THAT(status.message(), HasSubstr(path + ":3: field 'o.n': expected bigint, got a string \"x\""));

  std::string unknown = WriteFile(dir, "unknown.json", "{\"id\":\"a\",\"extra\":1}\n");
  ASSERT_OK_AND_ASSIGN(reader, OpenJsonLines(unknown, {.schema = schema}));
  EXPECT_THAT(reader->ToTable().status().message(),
              HasSubstr(unknown + ":1: field 'extra': the schema has no such field"));
  // Spark's reader drops keys a user schema lacks.
  ASSERT_OK_AND_ASSIGN(reader, OpenJsonLines(unknown, {.schema = schema,
                                                       .drop_unknown_fields = true}));
  ASSERT_OK_AND_ASSIGN(auto table, reader->ToTable());
  EXPECT_EQ(table->num_rows(), 1);

  std::string broken = WriteFile(dir, "broken.json", "{\"id\":\"a\"}\n[1]\n");
  ASSERT_OK_AND_ASSIGN(reader, OpenJsonLines(broken, {.schema = schema}));
  EXPECT_THAT(reader->ToTable().status().message(),
              HasSubstr(broken + ":2: a line must hold one JSON object, got an array"));
  EXPECT_THAT(InferJsonLinesSchema(broken).status().message(), HasSubstr(broken + ":2:"));
}

TEST(JsonLinesTest, BatchesAreBoundedByRows) {
  testing::TempDir dir;
  std::string text;
  for (int i = 0; i < 10; ++i) text += "{\"id\":" + std::to_string(i) + "}\n";
  std::string path = WriteFile(dir, "in.json", text);
  ASSERT_OK_AND_ASSIGN(auto reader, OpenJsonLines(path, {.batch_rows = 4}));
  std::vector<int64_t> sizes;
  while (true) {
    ASSERT_OK_AND_ASSIGN(auto batch, reader->Next());
    if (batch == nullptr) break;
    sizes.push_back(batch->num_rows());
  }
  EXPECT_THAT(sizes, ::testing::ElementsAre(4, 4, 2));
}

// Large batches are parsed in parts on several threads: rows keep the file's order,
// and of two bad lines in different parts the earlier one is named.
TEST(JsonLinesTest, PartsParsedInParallelKeepLineOrderAndTheFirstError) {
  testing::TempDir dir;
  std::string text;
  for (int i = 0; i < 10000; ++i) {
    text += "{\"id\":" + std::to_string(i) + "}\n";
    if (i % 1000 == 0) text += "\n";  // blank lines count in the line numbers
  }
  std::string path = WriteFile(dir, "in.json", text);
  auto schema = ::arrow::schema({::arrow::field("id", ::arrow::int64())});
  ASSERT_OK_AND_ASSIGN(auto reader, OpenJsonLines(path, {.schema = schema}));
  ASSERT_OK_AND_ASSIGN(auto table, reader->ToTable());
  ASSERT_EQ(table->num_rows(), 10000);
  ASSERT_OK_AND_ASSIGN(auto ids, ::arrow::Concatenate(table->GetColumnByName("id")->chunks()));
  const auto& values = static_cast<const ::arrow::Int64Array&>(*ids);
  for (int64_t i = 0; i < values.length(); ++i) ASSERT_EQ(values.Value(i), i);

  // Two parts of 5000 lines; a bad line in each: 3004 (id 3000 written as a string,
  // after 3000 lines and 3 blank ones) and 6007 (id 6000).
  std::string bad;
  for (int i = 0; i < 10000; ++i) {
    bad += i == 3000 || i == 6000 ? "{\"id\":\"x\"}\n" : "{\"id\":" + std::to_string(i) + "}\n";
    if (i % 1000 == 0) bad += "\n";
  }
  std::string bad_path = WriteFile(dir, "bad.json", bad);
  ASSERT_OK_AND_ASSIGN(reader, OpenJsonLines(bad_path, {.schema = schema}));
  EXPECT_THAT(reader->ToTable().status().message(),
              HasSubstr(bad_path + ":3004: field 'id': expected bigint, got a string \"x\""));
}

TEST(CsvTest, ColumnsAreStringsAndEmptyFieldsNull) {
  testing::TempDir dir;
  std::string path = WriteFile(dir, "in.csv",
                               "id,a,b,c,when\nx,1,,\"q\",2024-01-01 10:00:00\ny,2.5,\"\",,\n");
  ASSERT_OK_AND_ASSIGN(auto reader, OpenCsv(path));
  auto table = ReadAll(reader.get());
  for (const auto& field : table->schema()->fields()) {
    EXPECT_EQ(field->type()->id(), ::arrow::Type::STRING) << field->name();
  }
  auto column = [&](const std::string& name) {
    return table->GetColumnByName(name)->chunk(0);
  };
  EXPECT_EQ(column("a")->GetScalar(1).ValueOrDie()->ToString(), "2.5");
  EXPECT_TRUE(column("b")->IsNull(0));
  EXPECT_TRUE(column("b")->IsNull(1));
  EXPECT_TRUE(column("c")->IsNull(1));
  EXPECT_EQ(column("when")->GetScalar(0).ValueOrDie()->ToString(), "2024-01-01 10:00:00");
}

TEST(CsvTest, ConvertsToATargetSchemaNamingBadValues) {
  testing::TempDir dir;
  auto schema = ::arrow::schema(
      {::arrow::field("n", ::arrow::int64()), ::arrow::field("ok", ::arrow::boolean()),
       ::arrow::field("when", ::arrow::timestamp(::arrow::TimeUnit::MICRO, "UTC"))});
  std::string path =
      WriteFile(dir, "in.csv", "id,n,ok,when\nx,1,TRUE,2024-01-01 10:00:00\ny,,false,\n");
  ASSERT_OK_AND_ASSIGN(auto reader, OpenCsv(path, {.schema = schema}));
  auto table = ReadAll(reader.get());
  EXPECT_EQ(table->schema()->field(0)->type()->id(), ::arrow::Type::STRING);
  EXPECT_EQ(table->GetColumnByName("when")->chunk(0)->GetScalar(0).ValueOrDie()->ToString(),
            "2024-01-01 10:00:00.000000Z");
  EXPECT_TRUE(table->GetColumnByName("n")->chunk(0)->IsNull(1));

  std::string bad = WriteFile(dir, "bad.csv", "id,n\nx,1\ny,two\n");
  ASSERT_OK_AND_ASSIGN(reader, OpenCsv(bad, {.schema = schema}));
  EXPECT_THAT(reader->ToTable().status().message(),
              HasSubstr(bad + ":3: field 'n': 'two' is not an integer of type bigint"));
}

TEST(InputFormatTest, EveryFormatIsAPlugInByName) {
  testing::TempDir dir;
  auto schema = ::arrow::schema({::arrow::field("id", ::arrow::utf8()),
                                 ::arrow::field("n", ::arrow::int64())});
  auto table = ::arrow::Table::Make(
      schema, {::arrow::json::ArrayFromJSONString(::arrow::utf8(), R"(["a","b","c"])").ValueOrDie(),
               ::arrow::json::ArrayFromJSONString(::arrow::int64(), "[1,2,3]").ValueOrDie()});
  std::string parquet = dir.Join("in.parquet");
  {
    auto out = ::arrow::io::FileOutputStream::Open(parquet).ValueOrDie();
    ASSERT_TRUE(::parquet::arrow::WriteTable(*table, ::arrow::default_memory_pool(), out).ok());
    ASSERT_TRUE(out->Close().ok());
  }
  std::string orc = dir.Join("in.orc");
  {
    auto out = ::arrow::io::FileOutputStream::Open(orc).ValueOrDie();
    auto writer = ::arrow::adapters::orc::ORCFileWriter::Open(out.get()).ValueOrDie();
    ASSERT_TRUE(writer->Write(*table).ok());
    ASSERT_TRUE(writer->Close().ok());
    ASSERT_TRUE(out->Close().ok());
  }
  for (const auto& [name, path] : {std::pair<std::string, std::string>{"PARQUET", parquet},
                                   {"orc", orc}}) {
    SCOPED_TRACE(name);
    ASSERT_OK_AND_ASSIGN(auto format, MakeInputFormat(name));
    EXPECT_FALSE(format->TakesSchema());
    EXPECT_EQ(format->Where(path, 4, {}), path + ": row 4");
    ASSERT_OK_AND_ASSIGN(auto reader, format->Open(path, {}));
    auto read = reader->ToTable().ValueOrDie();
    EXPECT_TRUE(read->Equals(*table)) << read->ToString();
  }
  ASSERT_OK_AND_ASSIGN(auto json, MakeInputFormat("json"));
  EXPECT_TRUE(json->TakesSchema());
  EXPECT_EQ(json->Where("in.json", 0, {}), "in.json:1");
  ASSERT_OK_AND_ASSIGN(auto csv, MakeInputFormat("csv"));
  EXPECT_EQ(csv->Where("in.csv", 0, {}), "in.csv:2");
  EXPECT_THAT(MakeInputFormat("xml").status().message(),
              HasSubstr("unknown input format 'xml': hoodie has none registered under that name (registered: avro, csv, json, orc, parquet)"));
}

// Rows map back to lines across lines of none or several rows.
TEST(LineRowsTest, RowsMapToTheirLinesAcrossLinesOfNoneOrSeveralRows) {
  internal::LineRows lines;
  EXPECT_EQ(lines.LineOf(0), 1);
  EXPECT_EQ(lines.LineOf(4), 5);
  lines.Irregular(2, 3);  // rows 1-3
  lines.Irregular(3, 0);
  lines.Irregular(5, 0);
  lines.Irregular(6, 2);  // rows 5-6
  const int64_t expected[] = {1, 2, 2, 2, 4, 6, 6, 7, 8};
  for (int64_t row = 0; row < 9; ++row) EXPECT_EQ(lines.LineOf(row), expected[row]) << row;
}

}  // namespace
}  // namespace hoodie
