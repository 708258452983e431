// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/read/mor_bad_input_test.cc
/// \brief Bad log input on a merge-on-read read: a block whose schema does not resolve
/// against the table schema, an unknown log format version and a corrupt block in the
/// middle of a log file fail or are skipped as Hudi 0.15 does, naming file and offset,
/// never returning partial records; Avro promotions and missing optional fields
/// resolve.
#include <arrow/api.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "hoodie/format/avro/avro_schema.h"
#include "hoodie/format/log/data_block.h"
#include "hoodie/format/log/log_writer.h"
#include "hoodie/read/hand_built_table_test_util.h"
#include "hoodie/testing/matchers.h"

namespace hoodie {
namespace {

using testing::HandBuiltTable;
using ::testing::HasSubstr;
using testing::ReadKeyRows;
using Rows = std::vector<std::vector<std::string>>;

constexpr char kC1[] = "20240101000000000";
constexpr char kC2[] = "20240102000000000";

// A one-record Avro data block for key k1 whose `name` column is `name` (any type, or
// absent when null), with the other columns of HandBuiltTable's files.
::arrow::Result<LogBlock> OddBlock(std::shared_ptr<::arrow::Array> name) {
  std::vector<std::shared_ptr<::arrow::Field>> fields;
  std::vector<std::shared_ptr<::arrow::Array>> columns;
  std::vector<std::string> values = {kC2, std::string(kC2) + "_0_0", "k1", "p1", "fgA",
                                     "k1"};
  std::vector<std::string> names = {"_hoodie_commit_time", "_hoodie_commit_seqno",
                                    "_hoodie_record_key",  "_hoodie_partition_path",
                                    "_hoodie_file_name",   "key"};
  for (size_t i = 0; i < names.size(); ++i) {
    ::arrow::StringBuilder builder;
    ARROW_RETURN_NOT_OK(builder.Append(values[i]));
    ARROW_ASSIGN_OR_RAISE(auto column, builder.Finish());
    fields.push_back(::arrow::field(names[i], ::arrow::utf8()));
    columns.push_back(column);
  }
  if (name != nullptr) {
    fields.push_back(::arrow::field("name", name->type()));
    columns.push_back(name);
  }
  auto batch = ::arrow::RecordBatch::Make(::arrow::schema(fields), 1, columns);
  ARROW_ASSIGN_OR_RAISE(std::string schema, ArrowSchemaToAvroJson(*batch->schema(), "t"));
  ARROW_ASSIGN_OR_RAISE(auto records, EncodeAvroRecords(*batch, schema));
  return MakeAvroDataLogBlock(kC2, schema, records);
}

class MorBadInputTest : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_OK(table_.Init());
    ASSERT_OK(table_.WriteBase("p1", "fgA", kC1, {{"k1", "a", kC1}, {"k2", "b", kC1}}));
    ASSERT_OK(
        table_.AddInstant(kC1, Action::kDeltaCommit, State::kCompleted, {{"p1", "fgA"}}));
  }

  // Writes `blocks` (+ `tail`) as fgA's first log file at c2 and reads the snapshot.
  ::arrow::Result<Rows> ReadWithLog(const std::vector<LogBlock>& blocks,
                                    const std::string& tail = "") {
    ARROW_ASSIGN_OR_RAISE(log_name_,
                          table_.WriteLogBlocks("p1", "fgA", kC1, 1, blocks, tail));
    ARROW_RETURN_NOT_OK(
        table_.AddInstant(kC2, Action::kDeltaCommit, State::kCompleted, {{"p1", "fgA"}}));
    ARROW_ASSIGN_OR_RAISE(auto reader, table_.Reader());
    return ReadKeyRows(*reader, ReadOptions());
  }

  HandBuiltTable table_{TableType::kMergeOnRead};
  std::string log_name_;
};

TEST_F(MorBadInputTest, BlockSchemaThatDoesNotResolveFailsNamingFileOffsetAndField) {
  // `name` written as long; the table has string: no Avro promotion, the read fails.
  ::arrow::Int64Builder builder;
  ASSERT_OK(builder.Append(7));
  ASSERT_OK_AND_ASSIGN(auto name, builder.Finish());
  ASSERT_OK_AND_ASSIGN(LogBlock block, OddBlock(name));
  auto rows = ReadWithLog({block});
  ASSERT_RAISES(Invalid, rows);
  EXPECT_THAT(rows.status().message(), HasSubstr("AVRO_DATA_BLOCK at offset 0 of "));
  EXPECT_THAT(rows.status().message(), HasSubstr(log_name_));
  EXPECT_THAT(rows.status().message(),
              HasSubstr("field 'name' cannot be read: written as int64, the table "
                        "schema has string"));
}

TEST_F(MorBadInputTest, BytesPromoteToStringAndAMissingOptionalFieldIsNull) {
  ::arrow::BinaryBuilder builder;
  ASSERT_OK(builder.Append("from-bytes"));
  ASSERT_OK_AND_ASSIGN(auto name, builder.Finish());
  ASSERT_OK_AND_ASSIGN(LogBlock bytes, OddBlock(name));
  ASSERT_OK_AND_ASSIGN(Rows rows, ReadWithLog({bytes}));
  EXPECT_EQ(rows, (Rows{{"k1", "from-bytes", kC2}, {"k2", "b", kC1}}));
}

TEST_F(MorBadInputTest, MissingOptionalFieldReadsAsNull) {
  ASSERT_OK_AND_ASSIGN(LogBlock no_name, OddBlock(nullptr));
  ASSERT_OK_AND_ASSIGN(Rows rows, ReadWithLog({no_name}));
  EXPECT_EQ(rows, (Rows{{"k1", "null", kC2}, {"k2", "b", kC1}}));
}

TEST_F(MorBadInputTest, UnknownLogFormatVersionFailsNamingFileAndOffset) {
  ASSERT_OK_AND_ASSIGN(LogBlock good,
                       HandBuiltTable::DataBlock(kC2, "p1", "fgA", {{"k1", "a2", kC2}}));
  ASSERT_OK_AND_ASSIGN(std::string bytes, EncodeLogBlock(good));
  bytes[17] = 2;  // format version 2 (Java 0.15 misreads it and fails at the footer)
  auto rows = ReadWithLog({good}, bytes);
  ASSERT_RAISES(Invalid, rows);
  EXPECT_THAT(rows.status().message(), HasSubstr("log format version 2"));
  EXPECT_THAT(rows.status().message(), HasSubstr(log_name_));
  EXPECT_THAT(rows.status().message(),
              HasSubstr("at offset " + std::to_string(bytes.size())));
}

TEST_F(MorBadInputTest, CorruptBlockInTheMiddleIsSkippedWhole) {
  // A block with a wrong length between two good ones: Java turns the bytes up to the
  // next magic into a corrupt block and skips it; none of its records is returned.
  ASSERT_OK_AND_ASSIGN(LogBlock first,
                       HandBuiltTable::DataBlock(kC2, "p1", "fgA", {{"k1", "a2", kC2}}));
  ASSERT_OK_AND_ASSIGN(LogBlock middle, HandBuiltTable::DataBlock(kC2, "p1", "fgA",
                                                                  {{"k2", "lost", kC2}}));
  ASSERT_OK_AND_ASSIGN(LogBlock last,
                       HandBuiltTable::DataBlock(kC2, "p1", "fgA", {{"k3", "c", kC2}}));
  ASSERT_OK_AND_ASSIGN(std::string bad, EncodeLogBlock(middle));
  bad[13] = static_cast<char>(bad[13] + 1);  // block size off by one
  ASSERT_OK_AND_ASSIGN(std::string tail, EncodeLogBlock(last));
  for (bool reverse : {false, true}) {
    SCOPED_TRACE(reverse);
    // Rewritten per pass so each pass has its own instant.
    HandBuiltTable table(TableType::kMergeOnRead);
    ASSERT_OK(table.Init());
    ASSERT_OK(table.WriteBase("p1", "fgA", kC1, {{"k1", "a", kC1}, {"k2", "b", kC1}}));
    ASSERT_OK(
        table.AddInstant(kC1, Action::kDeltaCommit, State::kCompleted, {{"p1", "fgA"}}));
    ASSERT_OK(table.WriteLogBlocks("p1", "fgA", kC1, 1, {first}, bad + tail));
    ASSERT_OK(
        table.AddInstant(kC2, Action::kDeltaCommit, State::kCompleted, {{"p1", "fgA"}}));
    ASSERT_OK_AND_ASSIGN(auto reader, table.Reader());
    ReadOptions options;
    options.log_scan.reverse_log_read = reverse;
    ASSERT_OK_AND_ASSIGN(Rows rows, ReadKeyRows(*reader, options));
    EXPECT_EQ(rows, (Rows{{"k1", "a2", kC2}, {"k2", "b", kC1}, {"k3", "c", kC2}}));
  }
}

}  // namespace
}  // namespace hoodie
