// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/read/stream_read_test.cc
/// \brief The changelog streaming read: a merge-on-read table whose records carry
/// _hoodie_operation hands out every change of each commit (I, -U, U, D) as written,
/// while a snapshot of the same table still merges them.
#include <arrow/api.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "hoodie/cli/value_text.h"
#include "hoodie/format/avro/avro_schema.h"
#include "hoodie/format/log/log_writer.h"
#include "hoodie/read/hand_built_table_test_util.h"
#include "hoodie/read/stream_read.h"
#include "hoodie/read/table_reader.h"
#include "hoodie/testing/matchers.h"

namespace hoodie {
namespace {

using testing::HandBuiltTable;
using Lines = std::vector<std::string>;

constexpr char kC1[] = "20240101000000000";
constexpr char kC2[] = "20240102000000000";

struct Change {
  std::string key;
  std::string name;
  std::string operation;
  std::string commit_time;
};

// An Avro data block of `changes` with the five meta columns, _hoodie_operation and
// the table's key and name, as a writer with hoodie.allow.operation.metadata.field=true
// lays it out.
::arrow::Result<LogBlock> ChangeBlock(const std::string& instant,
                                      const std::vector<Change>& changes) {
  const std::vector<std::string> names = {
      "_hoodie_commit_time", "_hoodie_commit_seqno", "_hoodie_record_key",
      "_hoodie_partition_path", "_hoodie_file_name", "_hoodie_operation", "key", "name"};
  std::vector<::arrow::StringBuilder> builders(names.size());
  for (size_t i = 0; i < changes.size(); ++i) {
    const Change& c = changes[i];
    const std::vector<std::string> values = {
        c.commit_time, c.commit_time + "_0_" + std::to_string(i), c.key, "p1", "fgA",
        c.operation, c.key, c.name};
    for (size_t f = 0; f < values.size(); ++f) {
      ARROW_RETURN_NOT_OK(builders[f].Append(values[f]));
    }
  }
  std::vector<std::shared_ptr<::arrow::Field>> fields;
  std::vector<std::shared_ptr<::arrow::Array>> columns;
  for (size_t f = 0; f < names.size(); ++f) {
    fields.push_back(::arrow::field(names[f], ::arrow::utf8()));
    ARROW_ASSIGN_OR_RAISE(auto column, builders[f].Finish());
    columns.push_back(std::move(column));
  }
  auto schema = ::arrow::schema(fields);
  auto batch = ::arrow::RecordBatch::Make(schema, static_cast<int64_t>(changes.size()),
                                          columns);
  ARROW_ASSIGN_OR_RAISE(std::string avro, ArrowSchemaToAvroJson(*schema, "t"));
  ARROW_ASSIGN_OR_RAISE(std::vector<std::string> records,
                        EncodeAvroRecords(*batch, avro));
  return MakeAvroDataLogBlock(instant, avro, records);
}

// "commit_time,operation,key,name" per row.
Lines Text(const std::shared_ptr<::arrow::RecordBatchReader>& rows) {
  auto table = rows->ToTable();
  EXPECT_OK(table.status());
  auto batch = (*table)->CombineChunksToBatch();
  EXPECT_OK(batch.status());
  Lines out;
  for (int64_t row = 0; row < (*batch)->num_rows(); ++row) {
    std::string line;
    for (int c = 0; c < (*batch)->num_columns(); ++c) {
      line += (c > 0 ? "," : "") + ValueToText(*(*batch)->column(c), row);
    }
    out.push_back(line);
  }
  return out;
}

TEST(ChangelogStreamReadTest, EveryChangeOfEachCommitComesOutUnmerged) {
  HandBuiltTable table(TableType::kMergeOnRead);
  ASSERT_OK(table.Init());
  ASSERT_OK_AND_ASSIGN(LogBlock inserts,
                       ChangeBlock(kC1, {{"a", "x", "I", kC1}, {"b", "y", "I", kC1}}));
  ASSERT_OK(table.WriteLogBlocks("p1", "fgA", kC1, 1, {inserts}));
  ASSERT_OK(
      table.AddInstant(kC1, Action::kDeltaCommit, State::kCompleted, {{"p1", "fgA"}}));
  ASSERT_OK_AND_ASSIGN(LogBlock changes,
                       ChangeBlock(kC2, {{"a", "x", "-U", kC2},
                                         {"a", "x2", "U", kC2},
                                         {"b", "y", "D", kC2}}));
  ASSERT_OK(table.WriteLogBlocks("p1", "fgA", kC1, 2, {changes}));
  ASSERT_OK(
      table.AddInstant(kC2, Action::kDeltaCommit, State::kCompleted, {{"p1", "fgA"}}));

  ReadOptions rows;
  rows.columns = {"_hoodie_commit_time", "_hoodie_operation", "key", "name"};
  StreamReadOptions stream;
  stream.start_commit = kC1;
  ASSERT_OK_AND_ASSIGN(auto client, table.Client());
  ASSERT_OK_AND_ASSIGN(auto follower, StreamFollower::Open(client, stream, rows));
  ASSERT_OK_AND_ASSIGN(std::vector<StreamCommit> commits, follower->Poll());
  ASSERT_EQ(commits.size(), 2u);
  EXPECT_EQ(commits[0].instant.timestamp, kC1);
  EXPECT_EQ(Text(commits[0].rows),
            (Lines{std::string(kC1) + ",I,a,x", std::string(kC1) + ",I,b,y"}));
  EXPECT_EQ(commits[1].instant.timestamp, kC2);
  EXPECT_EQ(Text(commits[1].rows),
            (Lines{std::string(kC2) + ",-U,a,x", std::string(kC2) + ",U,a,x2",
                   std::string(kC2) + ",D,b,y"}));

  // The batch reads still merge: the snapshot, and the incremental read of c2.
  ASSERT_OK_AND_ASSIGN(auto reader, table.Reader());
  ASSERT_OK_AND_ASSIGN(auto snapshot, reader->Read(rows));
  EXPECT_EQ(Text(snapshot), (Lines{std::string(kC2) + ",U,a,x2"}));
  ReadOptions incremental = rows;
  incremental.query_type = QueryType::kIncremental;
  incremental.begin = kC1;
  ASSERT_OK_AND_ASSIGN(auto merged, reader->Read(incremental));
  EXPECT_EQ(Text(merged), (Lines{std::string(kC2) + ",U,a,x2"}));
}

}  // namespace
}  // namespace hoodie
