// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/sql/sql_test.cc
/// \brief The SQL component: the DuckDB engine with its Spark SQL shims, Java date
/// patterns, the SQL transformers and SqlSource in streamer rounds, and its registration.
#include <algorithm>
#include <map>
#include <string>
#include <vector>

#include <arrow/api.h>
#include <gtest/gtest.h>

#include "hoodie/config/hoodie_config.h"
#include "hoodie/sql/java_date_pattern.h"
#include "hoodie/sql/sql_component.h"
#include "hoodie/sql/sql_engine.h"
#include "hoodie/streamer/source.h"
#include "hoodie/streamer/stream_round_test_util.h"
#include "hoodie/streamer/stream_sync.h"
#include "hoodie/streamer/transformer.h"
#include "hoodie/testing/matchers.h"

namespace hoodie {
namespace {

using testing::WriteText;

// Streamer rounds with the SQL component registered, as the hoodie tool registers it.
class SqlRoundTest : public testing::StreamRoundTest {
 protected:
  void SetUp() override {
    ASSERT_OK(RegisterSqlComponent());
    StreamRoundTest::SetUp();
  }
};

// Registering takes over the names libhoodie reserved, under every alias, and a second
// call changes nothing.
TEST(SqlComponentTest, RegisteringTakesOverTheReservedNames) {
  ASSERT_OK(RegisterSqlComponent());
  ASSERT_OK(RegisterSqlComponent());
  HoodieConfig config;
  config.Set("hoodie.streamer.transformer.sql", "SELECT * FROM <SRC>");
  for (const char* name : {"org.apache.hudi.utilities.transform.SqlQueryBasedTransformer",
                           "SqlQueryBasedTransformer", "sql"}) {
    auto made = TransformerRegistry::Global()->Make(name, config);
    EXPECT_TRUE(made.ok()) << name << ": " << made.status().ToString();
  }
  // The file transformer and the source are made by their own factories: what they say
  // is about their configuration, not about a missing component.
  for (const char* name : {"org.apache.hudi.utilities.transform.SqlFileBasedTransformer",
                           "SqlFileBasedTransformer", "sql-file"}) {
    auto made = TransformerRegistry::Global()->Make(name, config);
    EXPECT_TRUE(made.status().IsInvalid()) << name << ": " << made.status().ToString();
  }
  for (const char* name : {"org.apache.hudi.utilities.sources.SqlSource", "SqlSource"}) {
    auto made = MakeSource(name, {.config = &config});
    EXPECT_TRUE(made.status().IsInvalid()) << name << ": " << made.status().ToString();
  }
}

TEST_F(SqlRoundTest, SqlQueryTransformerRunsOnTheRoundsRecordsAsSrc) {
  options_.transformer_class = "org.apache.hudi.utilities.transform.SqlQueryBasedTransformer";
  // <SRC> read twice (a union with itself, deduplicated by the upsert's precombine):
  // the source is a table, not a one-pass stream.
  props_.Set("hoodie.streamer.transformer.sql",
             "SELECT id, upper(city) AS city, nvl(fare, -2.0) * 10 AS fare, ts FROM <SRC> "
             "WHERE id <> 'z' UNION ALL SELECT id, upper(city), nvl(fare, -2.0) * 10, ts "
             "FROM <SRC> WHERE id = 'a'");
  Input("1.json", R"({"id":"a","city":"x","fare":1.0,"ts":1})" "\n"
                  R"({"id":"b","city":"y","ts":1})" "\n"
                  R"({"id":"z","city":"y","fare":5.0,"ts":1})" "\n", 5000);
  ASSERT_OK_AND_ASSIGN(RoundResult round, Round());
  EXPECT_EQ(round.records_read, 3);
  EXPECT_EQ(Rows(), (std::map<std::string, double>{{"a", 10.0}, {"b", -20.0}}));
  ASSERT_OK_AND_ASSIGN(auto cities, ReadColumns({"_hoodie_partition_path"}));
  auto combined = cities->CombineChunksToBatch().ValueOrDie();
  auto paths = std::static_pointer_cast<::arrow::StringArray>(combined->column(0));
  std::vector<std::string> seen;
  for (int64_t i = 0; i < paths->length(); ++i) seen.push_back(paths->GetString(i));
  std::sort(seen.begin(), seen.end());
  EXPECT_EQ(seen, (std::vector<std::string>{"X", "Y"}));
}

TEST_F(SqlRoundTest, SqlFileTransformerRunsEveryStatementAndKeepsTheLast) {
  WriteText(dir_.Join("t.sql"),
            "-- keep the dearer trips, in a staging table\n"
            "CREATE TEMP TABLE staged AS SELECT * FROM <SRC> WHERE fare >= 2;\n"
            "SELECT id, city, fare, ts FROM staged;\n");
  options_.transformer_class = "SqlFileBasedTransformer";
  props_.Set("hoodie.deltastreamer.transformer.sql.file", dir_.Join("t.sql"));
  Input("1.json", R"({"id":"a","city":"x","fare":1.0,"ts":1})" "\n"
                  R"({"id":"b","city":"y","fare":2.0,"ts":1})" "\n", 5000);
  ASSERT_OK(Round().status());
  EXPECT_EQ(Rows(), (std::map<std::string, double>{{"b", 2.0}}));
}

TEST(JavaDatePatternTest, LettersCountAndQuotesAsJavasFormatter) {
  CivilTime t{.year = 2026, .month = 3, .day = 4, .hour = 0, .minute = 5, .second = 7,
              .micros = 250300};
  auto format = [&t](const char* pattern) {
    auto parsed = JavaDatePattern::Parse(pattern);
    return parsed.ok() ? parsed->Format(t) : parsed.status().message();
  };
  EXPECT_EQ(format("yyyy-MM-dd HH:mm:ss.SSS"), "2026-03-04 00:05:07.250");
  EXPECT_EQ(format("yy/M/d h a"), "26/3/4 12 AM");
  EXPECT_EQ(format("EEE EEEE MMM MMMM D DDD"), "Wed Wednesday Mar March 63 063");
  EXPECT_EQ(format("yyyyMMdd'T'HH 'o''clock' ''"), "20260304T00 o'clock '");
  EXPECT_EQ(format("SSSSSSSS"), "25030000");
  t = {.year = 2024, .month = 12, .day = 31, .hour = 23};
  EXPECT_EQ(format("D E hh a"), "366 Tue 11 PM");
  EXPECT_EQ(format("yyyy-MM-dd XXX"),
            "date_format pattern letter 'X' (in 'yyyy-MM-dd XXX') is not supported natively; "
            "use y M d H h m s S E a D, or quote text");
  EXPECT_EQ(format("'open"), "date_format pattern ''open' has an unclosed quote");
}

TEST(SqlEngineTest, SparkFunctionsTransformersUseAreShimmedOrNamedWhenMissing) {
  ASSERT_OK_AND_ASSIGN(auto engine, SqlEngine::Open({}));
  ASSERT_OK_AND_ASSIGN(
      auto reader,
      engine->Query("SELECT strftime(TIMESTAMP '2026-12-02 10:11:12', '%Y-%m-%d %H:%M') AS d, "
                    "from_unixtime(0) AS u, to_date('2026-01-02') AS t, nvl(NULL, 3) AS n, "
                    "concat_ws('-', 'a', 'b') AS c, size([1, 2]) AS s"));
  ASSERT_OK_AND_ASSIGN(auto table, reader->ToTable());
  ASSERT_EQ(table->num_rows(), 1);
  auto row = table->CombineChunksToBatch().ValueOrDie();
  EXPECT_EQ(std::static_pointer_cast<::arrow::StringArray>(row->column(0))->GetString(0),
            "2026-12-02 10:11");
  EXPECT_EQ(std::static_pointer_cast<::arrow::StringArray>(row->column(1))->GetString(0),
            "1970-01-01 00:00:00");
  EXPECT_EQ(row->column(2)->type()->id(), ::arrow::Type::DATE32);
  EXPECT_EQ(std::static_pointer_cast<::arrow::StringArray>(row->column(4))->GetString(0), "a-b");
  // date_format takes Java's pattern letters, as Spark's does.
  ASSERT_OK_AND_ASSIGN(
      auto dated,
      engine->Query("SELECT date_format(TIMESTAMP '2026-12-02 09:05:07.25', "
                    "'yyyy/MM/dd HH:mm:ss.SSS EEE MMM') AS a, "
                    "date_format(DATE '2026-03-04', 'yy-M-d') AS b, "
                    "date_format('2026-12-02 13:00:00', 'hh a, 100%') AS c"));
  ASSERT_OK_AND_ASSIGN(auto dated_table, dated->ToTable());
  ASSERT_EQ(dated_table->num_rows(), 1);
  auto dated_row = dated_table->CombineChunksToBatch().ValueOrDie();
  EXPECT_EQ(std::static_pointer_cast<::arrow::StringArray>(dated_row->column(0))->GetString(0),
            "2026/12/02 09:05:07.250 Wed Dec");
  EXPECT_EQ(std::static_pointer_cast<::arrow::StringArray>(dated_row->column(1))->GetString(0),
            "26-3-4");
  EXPECT_EQ(std::static_pointer_cast<::arrow::StringArray>(dated_row->column(2))->GetString(0),
            "01 PM, 100%");
  // A pattern the native function cannot take fails naming the letter; NULL gives NULL.
  auto zoned = engine->Query("SELECT date_format(TIMESTAMP '2026-01-01', 'yyyy z')");
  ::arrow::Status zoned_status =
      zoned.ok() ? (*zoned)->ToTable().status() : zoned.status();
  EXPECT_NE(zoned_status.message().find("letter 'z'"), std::string::npos)
      << zoned_status.ToString();
  ASSERT_OK_AND_ASSIGN(auto nulls, engine->Query("SELECT date_format(NULL, 'yyyy') AS n"));
  ASSERT_OK_AND_ASSIGN(auto null_table, nulls->ToTable());
  EXPECT_EQ(null_table->column(0)->null_count(), 1);
  for (const char* spark_only : {"get_json_object", "unix_timestamp"}) {
    auto missing = engine->Query(std::string("SELECT ") + spark_only + "('{}', '$.a')");
    ASSERT_FALSE(missing.ok());
    EXPECT_NE(missing.status().message().find(spark_only), std::string::npos)
        << missing.status().ToString();
    EXPECT_NE(missing.status().message().find("DuckDB"), std::string::npos);
  }
}

TEST(SqlEngineTest, ResultsStreamInBatchesOfTheConfiguredRows) {
  ASSERT_OK_AND_ASSIGN(auto engine, SqlEngine::Open({.batch_rows = 10000}));
  ASSERT_OK_AND_ASSIGN(auto reader, engine->Query("SELECT range AS x FROM range(25000)"));
  int64_t total = 0;
  int batches = 0;
  while (true) {
    std::shared_ptr<::arrow::RecordBatch> batch;
    ASSERT_OK(reader->ReadNext(&batch));
    if (batch == nullptr) break;
    EXPECT_LE(batch->num_rows(), 10000 + 2048);
    total += batch->num_rows();
    ++batches;
  }
  EXPECT_EQ(total, 25000);
  EXPECT_GE(batches, 3);
}

TEST_F(SqlRoundTest, SqlSourceBackfillKeepsTheStreamersCheckpoint) {
  Input("1.json", R"({"id":"a","city":"x","fare":1.0,"ts":1})" "\n", 5000);
  ASSERT_OK(Round().status());
  // A backfill from another Hudi table by SQL, into the same target.
  StreamerOptions backfill = options_;
  backfill.source_class = "SqlSource";
  backfill.schema_provider_class.clear();
  backfill.allow_commit_on_no_checkpoint_change = true;
  HoodieConfig props = props_;
  props.Set("hoodie.streamer.source.sql.tables", "trips=" + dir_.Join("table"));
  props.Set("hoodie.deltastreamer.source.sql.sql.query",
            "SELECT 'b' AS id, city, fare + 1 AS fare, ts FROM trips");
  props.Set("hoodie.write.meta.key.prefixes", "deltastreamer.checkpoint.key");
  ASSERT_OK_AND_ASSIGN(auto sync, StreamSync::Make(backfill, props));
  ASSERT_OK_AND_ASSIGN(RoundResult round, sync->SyncOnce());
  ASSERT_FALSE(round.instant.empty());
  EXPECT_FALSE(round.checkpoint.has_value());
  EXPECT_EQ(Rows(), (std::map<std::string, double>{{"a", 1.0}, {"b", 2.0}}));
  // The backfill's commit carries the last checkpoint (copied), and the regular source
  // resumes from it.
  EXPECT_EQ(CommittedCheckpoint(round.instant), "5000");
  Input("2.json", R"({"id":"c","city":"x","fare":3.0,"ts":1})" "\n", 6000);
  ASSERT_OK_AND_ASSIGN(RoundResult next, Round());
  EXPECT_EQ(next.resumed_from, "5000");
  EXPECT_EQ(Rows().size(), 3u);
}

TEST_F(SqlRoundTest, SqlSourceEmitsEpochCheckpointWhenAsked) {
  StreamerOptions sql = options_;
  sql.source_class = "SqlSource";
  sql.schema_provider_class.clear();
  HoodieConfig props = props_;
  props.Set("hoodie.deltastreamer.source.sql.sql.query",
            "SELECT 'a' AS id, 'x' AS city, 1.0::DOUBLE AS fare, 1::BIGINT AS ts");
  props.Set("hoodie.deltastreamer.source.sql.checkpoint.emit", "true");
  ASSERT_OK_AND_ASSIGN(auto sync, StreamSync::Make(sql, props));
  ASSERT_OK_AND_ASSIGN(RoundResult round, sync->SyncOnce());
  ASSERT_TRUE(round.checkpoint.has_value());
  EXPECT_GT(std::stoll(*round.checkpoint), 1700000000000LL);
  EXPECT_EQ(CommittedCheckpoint(round.instant), round.checkpoint);
}

TEST(SqlEngineTest, AMemoryLimitTooSmallForTheTableFailsNamingDuckDB) {
  ASSERT_OK(RegisterSqlComponent());
  // hoodie.streamer.transformer.sql.memory.limit bounds the engine; far too little
  // memory fails the statement rather than growing past it.
  HoodieConfig config;
  config.Set("hoodie.streamer.transformer.sql.memory.limit", "1");
  config.Set("hoodie.deltastreamer.transformer.sql", "SELECT * FROM <SRC>");
  ASSERT_OK_AND_ASSIGN(auto transformer,
                       TransformerRegistry::Global()->Make("SqlQueryBasedTransformer", config));
  ::arrow::Int64Builder values;
  for (int64_t i = 0; i < 200000; ++i) ASSERT_OK(values.Append(i));
  std::shared_ptr<::arrow::Array> column;
  ASSERT_OK(values.Finish(&column));
  auto batch = ::arrow::RecordBatch::Make(::arrow::schema({::arrow::field("x", ::arrow::int64())}),
                                          column->length(), {column});
  ASSERT_OK_AND_ASSIGN(auto input, ::arrow::RecordBatchReader::Make({batch}));
  auto applied = transformer->Apply(input);
  ASSERT_FALSE(applied.ok());
  EXPECT_NE(applied.status().message().find("DuckDB"), std::string::npos)
      << applied.status().ToString();
}

}  // namespace
}  // namespace hoodie
