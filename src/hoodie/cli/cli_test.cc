// SPDX-License-Identifier: Apache-2.0
// End-to-end tests of the `hoodie` binary against the real Hudi tables in
// shared/testdata: what it prints must match what the README beside those tables says
// Hudi wrote.
#include <algorithm>
#include <filesystem>
#include <fstream>

#include <arrow/api.h>
#include <arrow/io/file.h>
#include <arrow/json/from_string.h>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>
#include <parquet/arrow/writer.h>

#include "hoodie/cli/cli_runner_test_util.h"
#include "hoodie/cli/sample_readme_test_util.h"
#include "hoodie/cli/streamer_run_test_util.h"
#include "hoodie/testing/matchers.h"
#include "hoodie/testing/temp_dir.h"
#include "hoodie/testing/test_data.h"

namespace hoodie::cli::testing {
namespace {

using hoodie::testing::TempDir;

std::vector<ExpectedTable> ExpectedTablesOrSkip() {
  return LoadExpectedTables(hoodie::testing::TestDataDir() + "/hudi-rs-tables/README.md");
}

std::string Quote(const std::string& s) { return "'" + s + "'"; }

// Rebuilds the README's normalised timeline lines from `timeline show -o json` rows.
std::vector<std::string> TimelineLines(const nlohmann::json& rows) {
  std::vector<std::string> lines;
  std::string last_instant;
  for (const auto& row : rows) {
    std::string instant = row["instant"];
    if (instant != last_instant) {
      std::string op = row["operation"];
      lines.push_back(instant + " " + std::string(row["action"]) + " " +
                      std::string(row["state"]) +
                      (op.empty() ? "" : ", operation " + op));
      last_instant = instant;
    }
    if (!std::string(row["file"]).empty()) {
      lines.push_back("  " + std::string(row["file"]) + ": inserts " +
                      std::string(row["inserts"]) + ", updates " +
                      std::string(row["updates"]) + ", deletes " +
                      std::string(row["deletes"]) + ", records written " +
                      std::string(row["records_written"]));
    }
    if (!std::string(row["replaced_file_groups"]).empty()) {
      lines.push_back("  replaces " + std::string(row["partition"]) + ": " +
                      std::string(row["replaced_file_groups"]));
    }
  }
  return lines;
}

// File order inside one commit is a Java HashMap's iteration order, which carries no
// meaning: sort the detail lines under each instant line before comparing.
std::vector<std::string> SortedWithinInstants(std::vector<std::string> lines) {
  auto block_start = lines.begin();
  for (auto it = lines.begin(); it != lines.end(); ++it) {
    if (it->rfind("  ", 0) != 0) {
      std::sort(block_start, it);
      block_start = it + 1;
    }
  }
  std::sort(block_start, lines.end());
  return lines;
}

TEST(CliSampleTablesTest, ReadmeListsTheVersion6Tables) {
  auto tables = ExpectedTablesOrSkip();
  if (tables.empty()) GTEST_SKIP() << "shared test data not found";
  int v6 = 0;
  for (const auto& t : tables) v6 += t.version == 6 ? 1 : 0;
  EXPECT_EQ(v6, 12);
}

TEST(CliSampleTablesTest, TimelineShowMatchesReadmeForEveryVersion6Table) {
  auto tables = ExpectedTablesOrSkip();
  if (tables.empty()) GTEST_SKIP() << "shared test data not found";
  for (const auto& expected : tables) {
    if (expected.version != 6) continue;
    SCOPED_TRACE(expected.archive);
    TempDir dir;
    ASSERT_OK_AND_ASSIGN(
        auto base,
        hoodie::testing::UnzipTable("hudi-rs-tables/" + expected.archive, dir.path()));
    auto result = RunCli("-o json timeline show " + Quote(base));
    ASSERT_EQ(result.exit_code, 0) << result.err;
    EXPECT_EQ(SortedWithinInstants(TimelineLines(nlohmann::json::parse(result.out))),
              SortedWithinInstants(expected.timeline));
  }
}

TEST(CliSampleTablesTest, DescribeMatchesReadmePropertiesForEveryVersion6Table) {
  auto tables = ExpectedTablesOrSkip();
  if (tables.empty()) GTEST_SKIP() << "shared test data not found";
  for (const auto& expected : tables) {
    if (expected.version != 6) continue;
    SCOPED_TRACE(expected.archive);
    ASSERT_FALSE(expected.properties.empty());
    TempDir dir;
    ASSERT_OK_AND_ASSIGN(
        auto base,
        hoodie::testing::UnzipTable("hudi-rs-tables/" + expected.archive, dir.path()));
    auto result = RunCli("-o json table describe --properties " + Quote(base));
    ASSERT_EQ(result.exit_code, 0) << result.err;
    auto stored = nlohmann::json::parse(result.out);
    for (const auto& [key, value] : expected.properties) {
      ASSERT_TRUE(stored.contains(key)) << key;
      EXPECT_EQ(stored[key], value) << key;
    }
    auto typed =
        nlohmann::json::parse(RunCli("-o json table describe " + Quote(base)).out);
    EXPECT_EQ(typed["table_version"], "6");
    EXPECT_EQ(typed["table_name"], expected.properties.at("hoodie.table.name"));
    EXPECT_EQ(typed["table_type"], expected.properties.at("hoodie.table.type"));
  }
}

TEST(CliSampleTablesTest, NewerTableVersionsAreRefusedClearly) {
  auto tables = ExpectedTablesOrSkip();
  if (tables.empty()) GTEST_SKIP() << "shared test data not found";
  int refused = 0;
  for (const auto& expected : tables) {
    if (expected.version < 8) continue;
    SCOPED_TRACE(expected.archive);
    TempDir dir;
    ASSERT_OK_AND_ASSIGN(
        auto base,
        hoodie::testing::UnzipTable("hudi-rs-tables/" + expected.archive, dir.path()));
    for (const char* command : {"table describe ", "timeline show "}) {
      auto result = RunCli(command + Quote(base));
      EXPECT_EQ(result.exit_code, 1);
      EXPECT_NE(result.err.find("table version " + std::to_string(expected.version)),
                std::string::npos)
          << result.err;
      EXPECT_NE(result.err.find("not supported"), std::string::npos) << result.err;
      EXPECT_EQ(result.out, "");
    }
    ++refused;
  }
  EXPECT_GE(refused, 15);
}

TEST(CliSampleTablesTest, TimelineShowDescribesTheRollbackAsTheReadmeDoes) {
  TempDir dir;
  auto base = hoodie::testing::UnzipTable(
      "hudi-rs-tables/sample_table/mor/parquet/v6_nonpartitioned_rollback.zip",
      dir.path());
  ASSERT_OK(base.status());
  auto result = RunCli("-o json timeline show --instants-only " + Quote(*base));
  ASSERT_EQ(result.exit_code, 0) << result.err;
  auto rows = nlohmann::json::parse(result.out);
  ASSERT_EQ(rows.size(), 3u);
  EXPECT_EQ(rows[1]["instant"], "20250126040936578");
  EXPECT_EQ(rows[1]["action"], "rollback");
  // README: rolled back 20250126040826878 deltacommit, deleted one base file, wrote a
  // rollback command block into one log file.
  EXPECT_EQ(
      rows[1]["details"],
      "rollback of 20250126040826878 (deltacommit): 1 file deleted, rollback blocks in "
      "1 log file");
}

TEST(CliTest, DemoStreamsTripsIntoAMergeOnReadTable) {
  TempDir dir;
  std::string root = dir.Join("demo");
  auto result = RunCli("demo --path " + Quote(root));
  ASSERT_EQ(result.exit_code, 0) << result.err;
  EXPECT_NE(result.out.find("3000 records read, 3000 written (3000 inserted"), std::string::npos)
      << result.out;
  EXPECT_NE(result.out.find("400 records read, 400 written (200 inserted, 200 updated"),
            std::string::npos)
      << result.out;
  EXPECT_NE(result.out.find("snapshot: 3100 trips"), std::string::npos) << result.out;
  std::string base = root + "/trips";
  auto timeline = nlohmann::json::parse(
      RunCli("-o json timeline show --instants-only " + Quote(base)).out);
  int deltacommits = 0;
  int compactions = 0;
  for (const auto& instant : timeline) {
    EXPECT_EQ(instant["state"], "COMPLETED") << instant.dump();
    if (instant["action"] == "deltacommit") ++deltacommits;
    if (instant["action"] == "commit") ++compactions;
  }
  EXPECT_EQ(deltacommits, 3);
  EXPECT_GE(compactions, 1);
  auto rows = RunCli("query " + Quote(base) + " --columns uuid,tip --format json");
  ASSERT_EQ(rows.exit_code, 0) << rows.err;
  // One JSON object per line: 3200 trips less the 100 deleted; the SQL added tips.
  EXPECT_EQ(std::count(rows.out.begin(), rows.out.end(), '\n'), 3100);
  EXPECT_NE(rows.out.find("{\"uuid\": \"trip-03199\", \"tip\": "), std::string::npos);
  EXPECT_EQ(rows.out.find("\"trip-00250\""), std::string::npos);
  // A second run starts its own folder afresh; a foreign folder is refused.
  EXPECT_EQ(RunCli("demo --path " + Quote(root)).exit_code, 0);
  auto refused = RunCli("demo --path " + Quote(dir.path()));
  EXPECT_EQ(refused.exit_code, 1);
  EXPECT_NE(refused.err.find("not a hoodie demo folder"), std::string::npos) << refused.err;
}

TEST(CliTest, StreamerProgressLineAndMetricsJsonShowTheLagBehindTheSource) {
  TempDir dir;
  std::string in = dir.Join("in");
  std::filesystem::create_directories(in);
  const std::string line = "{\"id\":\"a\",\"part\":\"p\",\"ts\":1}\n";  // 29 bytes
  for (int f = 0; f < 3; ++f) {
    std::string path = in + "/" + std::to_string(f) + ".json";
    std::ofstream(path) << line;
    SetModificationTime(path, 1767225600000 + f * 1000);
  }
  std::ofstream(dir.Join("s.avsc"))
      << R"({"type":"record","name":"r","fields":[{"name":"id","type":"string"},)"
         R"({"name":"part","type":"string"},{"name":"ts","type":"long"}]})";
  std::string metrics = dir.Join("metrics.jsonl");
  std::string command =
      "streamer --target-base-path " + Quote(dir.Join("t")) +
      " --target-table t --table-type COPY_ON_WRITE" +
      " --schemaprovider-class FilebasedSchemaProvider --source-limit 30" +
      " --metrics-json " + Quote(metrics) +
      " --hoodie-conf hoodie.deltastreamer.source.dfs.root=" + Quote(in) +
      " --hoodie-conf hoodie.deltastreamer.schemaprovider.source.schema.file=" +
      Quote(dir.Join("s.avsc")) + " --hoodie-conf hoodie.datasource.write.recordkey.field=id" +
      " --hoodie-conf hoodie.datasource.write.partitionpath.field=part";
  // One file a round (the limit is above one file and below two): two files behind.
  auto first = RunCli(command);
  ASSERT_EQ(first.exit_code, 0) << first.err;
  EXPECT_NE(first.err.find("(1 json files, 29 bytes, 1 records read, 1 written); checkpoint "
                           "1767225600000; lag 2 files, 58 bytes; totals: 1 commits"),
            std::string::npos)
      << first.err;
  auto second = RunCli(command);
  ASSERT_EQ(second.exit_code, 0) << second.err;
  EXPECT_NE(second.err.find("; lag 1 files, 29 bytes;"), std::string::npos) << second.err;
  std::ifstream lines(metrics);
  std::string text;
  std::vector<nlohmann::json> rounds;
  while (std::getline(lines, text)) rounds.push_back(nlohmann::json::parse(text));
  ASSERT_EQ(rounds.size(), 2u);
  EXPECT_EQ(rounds[0]["checkpoint"], "1767225600000");
  EXPECT_EQ(rounds[0]["source_size"], 29);
  EXPECT_EQ(rounds[0]["backlog"], 58);
  EXPECT_EQ(rounds[1]["resumed_from"], "1767225600000");
  EXPECT_EQ(rounds[1]["checkpoint"], "1767225601000");
  EXPECT_EQ(rounds[1]["backlog"], 29);
  EXPECT_EQ(rounds[1]["records_written"], 1);
}

// Every file under `dir` with its size, sorted: the table's exact state.
std::vector<std::string> Tree(const std::string& dir) {
  std::vector<std::string> out;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(dir)) {
    std::string line = std::filesystem::relative(entry.path(), dir).string();
    if (entry.is_regular_file()) line += " " + std::to_string(entry.file_size());
    out.push_back(std::move(line));
  }
  std::sort(out.begin(), out.end());
  return out;
}

// The table every write test below creates: "t", keyed by id, partitioned by part.

TEST(CliTest, BadInputNamesFileAndLineAndCommitsNothing) {
  TempDir dir;
  std::string base = dir.Join("t");
  std::string conf = kTableConf;
  auto input = [&](const std::string& name, const std::string& text) {
    std::string path = dir.Join(name);
    std::ofstream(path) << text;
    return path;
  };
  std::string good = input("good.json", "{\"id\":\"a\",\"ts\":1,\"part\":\"p1\"}\n");
  auto first = RunCli("write --table " + Quote(base) + " --input " + Quote(good) + conf);
  ASSERT_EQ(first.exit_code, 0) << first.err;
  const std::vector<std::string> before = Tree(base);
  struct Case {
    std::string args;
    std::string err;
  };
  std::string malformed =
      input("malformed.json", "{\"id\":\"b\",\"ts\":1,\"part\":\"p2\"}\n{\"id\":\n");
  std::string null_key = input("null_key.json",
                               "{\"id\":\"b\",\"ts\":1,\"part\":\"p2\"}\n"
                               "{\"id\":null,\"ts\":2,\"part\":\"p2\"}\n"
                               "{\"id\":\"c\",\"ts\":3,\"part\":\"p3\"}\n"
                               "{\"ts\":4,\"id\":\"\",\"part\":\"p3\"}\n");
  std::string columns = input("columns.csv", "id,ts,part\nb,1,p2\nc,2,p2,x\n");
  std::string empty_key = input("empty_key.csv", "id,ts,part\nb,1,p2\n,2,p2\n");
  const std::string key_error =
      ": recordKey value: \"null\" for field: \"id\" cannot be "
      "null or empty.";
  std::vector<Case> cases = {
      {" --input " + Quote(malformed),
       "hoodie: error: " + malformed +
           ":2: not valid JSON: The JSON document has an improper structure: missing or "
           "superfluous commas, braces, missing keys, etc.\n"},
      // Lines count within each input file, after the files before it.
      {" --input " + Quote(good) + " --input " + Quote(null_key),
       "hoodie: error: 2 of 5 records failed, nothing was committed: " + null_key + ":2" +
           key_error + "; " + null_key + ":4" +
           ": recordKey value: \"\" for field: \"id\" cannot be null or empty.\n"},
      {" --op bulk_insert --input " + Quote(null_key),
       "hoodie: error: 2 of 4 records failed, nothing was committed: " + null_key + ":2" +
           key_error + "; " + null_key + ":4" +
           ": recordKey value: \"\" for field: \"id\" cannot be null or empty.\n"},
      {" --format csv --input " + Quote(columns),
       "hoodie: error: " + columns +
           ":3: CSV parse error: Row #3: Expected 3 columns, got 4: c,2,p2,x\n"},
      // An empty CSV field is null, as in Spark's reader.
      {" --format csv --input " + Quote(empty_key),
       "hoodie: error: 1 of 2 records failed, nothing was committed: " + empty_key + ":3" +
           key_error + "\n"},
  };
  // Parquet has no lines: the row within the file, from 0.
  std::string parquet = dir.Join("null_key.parquet");
  {
    auto type = ::arrow::struct_({::arrow::field("id", ::arrow::utf8()),
                                  ::arrow::field("ts", ::arrow::int64()),
                                  ::arrow::field("part", ::arrow::utf8())});
    auto array =
        ::arrow::json::ArrayFromJSONString(
            type, R"([{"id":"b","ts":1,"part":"p2"},{"id":"c","ts":2,"part":"p2"},
                              {"id":null,"ts":3,"part":"p2"}])")
            .ValueOrDie();
    auto batch = ::arrow::RecordBatch::FromStructArray(array).ValueOrDie();
    auto table = ::arrow::Table::FromRecordBatches({batch}).ValueOrDie();
    auto out = ::arrow::io::FileOutputStream::Open(parquet).ValueOrDie();
    ASSERT_TRUE(
        ::parquet::arrow::WriteTable(*table, ::arrow::default_memory_pool(), out).ok());
    ASSERT_TRUE(out->Close().ok());
  }
  cases.push_back({" --format parquet --input " + Quote(parquet),
                   "hoodie: error: 1 of 3 records failed, nothing was committed: " +
                       parquet + ": row 2" + key_error + "\n"});
  for (const Case& c : cases) {
    SCOPED_TRACE(c.args);
    auto result = RunCli("write --table " + Quote(base) + c.args + conf);
    EXPECT_EQ(result.exit_code, 1);
    EXPECT_EQ(result.err, c.err);
    EXPECT_EQ(result.out, "");
    EXPECT_EQ(Tree(base), before);
  }
}

// `hoodie clean --dry-run` lists what a clean would delete, with sizes, and changes
// nothing; `hoodie clean` deletes it; a write with automatic cleaning lists its clean.
TEST(CliTest, CleanDryRunListsThenCleanDeletes) {
  TempDir dir;
  std::string base = dir.Join("t");
  std::string conf = std::string(kTableConf) + " --hoodie-conf hoodie.clean.automatic=false";
  for (int ts = 1; ts <= 4; ++ts) {
    std::string input = dir.Join("in" + std::to_string(ts) + ".json");
    std::ofstream(input) << "{\"id\":\"a\",\"ts\":" << ts << ",\"part\":\"p1\"}\n";
    auto result = RunCli("-o json write --table " + Quote(base) + " --input " +
                         Quote(input) + conf);
    ASSERT_EQ(result.exit_code, 0) << result.err;
    EXPECT_EQ(nlohmann::json::parse(result.out)["cleans"], "");
  }
  std::string retain = " --hoodie-conf hoodie.cleaner.commits.retained=2";
  auto dry = RunCli("-o json clean --table " + Quote(base) + " --dry-run" + retain);
  ASSERT_EQ(dry.exit_code, 0) << dry.err;
  auto listed = nlohmann::json::parse(dry.out);
  ASSERT_EQ(listed.size(), 1u);
  EXPECT_EQ(listed[0]["partition"], "p1");
  EXPECT_GT(std::stoll(listed[0]["bytes"].get<std::string>()), 0);
  const std::string file = listed[0]["file"];
  EXPECT_TRUE(std::filesystem::exists(base + "/p1/" + file));
  auto done = RunCli("-o json clean --table " + Quote(base) + retain);
  ASSERT_EQ(done.exit_code, 0) << done.err;
  auto cleaned = nlohmann::json::parse(done.out);
  ASSERT_EQ(cleaned.size(), 1u);
  EXPECT_EQ(cleaned[0]["files_deleted"], "1");
  EXPECT_FALSE(std::filesystem::exists(base + "/p1/" + file));
  auto nothing = RunCli("clean --table " + Quote(base) + retain);
  EXPECT_EQ(nothing.exit_code, 0) << nothing.err;
  EXPECT_NE(nothing.out.find("no clean: 0 commits since the last clean"), std::string::npos)
      << nothing.out;
}

TEST(CliTest, RollbackUndoesAKilledWriteAndTheLatestCommit) {
  TempDir dir;
  std::string base = dir.Join("t");
  std::string conf = kTableConf;
  int inputs = 0;
  auto write = [&](const std::string& rows, const std::string& extra) {
    std::string input = dir.Join("in" + std::to_string(++inputs) + ".json");
    std::ofstream(input) << rows;
    auto result = RunCli("-o json write --table " + Quote(base) + " --input " +
                         Quote(input) + conf + extra);
    EXPECT_EQ(result.exit_code, 0) << result.err;
    return nlohmann::json::parse(result.out);
  };
  std::string t1 = write("{\"id\":\"a\",\"ts\":1,\"part\":\"p1\"}\n", "")["instant"];
  auto killed = write(
      "{\"id\":\"a\",\"ts\":2,\"part\":\"p1\"}\n"
      "{\"id\":\"b\",\"ts\":2,\"part\":\"p2\"}\n",
      " --no-commit");
  std::string t2 = killed["instant"];
  EXPECT_EQ(killed["committed"], "false");
  auto done = RunCli("-o json rollback --table " + Quote(base));
  ASSERT_EQ(done.exit_code, 0) << done.err;
  auto rows = nlohmann::json::parse(done.out);
  ASSERT_EQ(rows.size(), 1u);
  EXPECT_EQ(rows[0]["rolled_back"], t2);
  EXPECT_EQ(rows[0]["action"], "commit");
  EXPECT_EQ(rows[0]["files_deleted"], "2");
  EXPECT_EQ(rows[0]["failed_deletes"], "0");
  auto nothing = RunCli("-o json rollback --table " + Quote(base));
  EXPECT_EQ(nlohmann::json::parse(nothing.out).size(), 0u);
  auto latest = RunCli("-o json rollback --table " + Quote(base) + " --instant " + t1);
  ASSERT_EQ(latest.exit_code, 0) << latest.err;
  EXPECT_EQ(nlohmann::json::parse(latest.out)[0]["files_deleted"], "1");
  auto timeline = nlohmann::json::parse(
      RunCli("-o json timeline show --instants-only " + Quote(base)).out);
  ASSERT_EQ(timeline.size(), 2u);
  EXPECT_EQ(timeline[0]["action"], "rollback");
  EXPECT_EQ(timeline[1]["action"], "rollback");
  auto query = RunCli("query " + Quote(base) + " --format json");
  EXPECT_EQ(query.exit_code, 0) << query.err;
  EXPECT_EQ(query.out, "");
  auto missing =
      RunCli("rollback --table " + Quote(base) + " --instant 20200101000000000");
  EXPECT_EQ(missing.exit_code, 1);
  EXPECT_NE(missing.err.find("is not a commit"), std::string::npos) << missing.err;
}

TEST(CliTest, WriteCompactsInlineAfterTheSecondDeltaCommit) {
  TempDir dir;
  std::string base = dir.Join("t");
  std::string conf =
      " --hoodie-conf hoodie.table.name=t"
      " --hoodie-conf hoodie.datasource.write.table.type=MERGE_ON_READ"
      " --hoodie-conf hoodie.datasource.write.recordkey.field=id"
      " --hoodie-conf hoodie.datasource.write.partitionpath.field=part"
      " --hoodie-conf hoodie.datasource.write.precombine.field=ts"
      " --hoodie-conf hoodie.compact.inline=true"
      " --hoodie-conf hoodie.compact.inline.max.delta.commits=2";
  int inputs = 0;
  auto write = [&](const std::string& rows) {
    std::string input = dir.Join("in" + std::to_string(++inputs) + ".json");
    std::ofstream(input) << rows;
    auto result = RunCli("-o json write --table " + Quote(base) + " --input " +
                         Quote(input) + conf);
    EXPECT_EQ(result.exit_code, 0) << result.err;
    return nlohmann::json::parse(result.out)["compactions"].get<std::string>();
  };
  auto instants = [&]() {
    std::vector<std::string> out;
    for (const auto& instant : nlohmann::json::parse(
             RunCli("-o json timeline show --instants-only " + Quote(base)).out)) {
      out.push_back(instant["action"].get<std::string>() + " " +
                    instant["state"].get<std::string>());
    }
    return out;
  };
  EXPECT_EQ(write("{\"id\":\"a\",\"ts\":1,\"part\":\"p1\"}\n"
                  "{\"id\":\"b\",\"ts\":1,\"part\":\"p2\"}\n"),
            "");
  EXPECT_EQ(instants(), (std::vector<std::string>{"deltacommit COMPLETED"}));
  std::string compacted = write("{\"id\":\"a\",\"ts\":2,\"part\":\"p1\"}\n");
  EXPECT_EQ(instants(),
            (std::vector<std::string>{"deltacommit COMPLETED", "deltacommit COMPLETED",
                                      "commit COMPLETED"}));
  auto timeline = nlohmann::json::parse(
      RunCli("-o json timeline show --instants-only " + Quote(base)).out);
  EXPECT_EQ(compacted, timeline[2]["instant"].get<std::string>());
  auto query = [&](const std::string& type) {
    auto result = RunCli("query " + Quote(base) + " --query-type " + type +
                         " --columns id,ts --format json");
    EXPECT_EQ(result.exit_code, 0) << result.err;
    return result.out;
  };
  std::string snapshot = query("snapshot");
  EXPECT_EQ(snapshot, "{\"id\": \"a\", \"ts\": 2}\n{\"id\": \"b\", \"ts\": 1}\n");
  EXPECT_EQ(query("read_optimized"), snapshot);
  // Inline compaction on a copy-on-write table is refused before anything is written.
  std::string input = dir.Join("cow.json");
  std::ofstream(input) << "{\"id\":\"a\",\"ts\":1,\"part\":\"p1\"}\n";
  auto cow =
      RunCli("write --table " + Quote(dir.Join("cow")) + " --input " + Quote(input) +
             " --hoodie-conf hoodie.table.name=c"
             " --hoodie-conf hoodie.datasource.write.recordkey.field=id"
             " --hoodie-conf hoodie.compact.inline=true");
  EXPECT_EQ(cow.exit_code, 1);
  EXPECT_NE(cow.err.find("needs a MERGE_ON_READ table"), std::string::npos) << cow.err;
}

TEST(CliTest, NotATableIsAOneLineError) {
  TempDir dir;
  auto result = RunCli("table describe " + Quote(dir.path()));
  EXPECT_EQ(result.exit_code, 1);
  EXPECT_EQ(result.err.rfind("hoodie: error: ", 0), 0u) << result.err;
  EXPECT_NE(result.err.find("not a Hudi table"), std::string::npos) << result.err;
  EXPECT_NE(result.err.find(dir.path()), std::string::npos) << result.err;
  EXPECT_EQ(std::count(result.err.begin(), result.err.end(), '\n'), 1) << result.err;
}

TEST(CliTest, StatsReportsTheStorageCallsOfTheCommandByStore) {
  TempDir dir;
  const std::string base = dir.Join("t");
  ASSERT_EQ(RunCli("table create --path " + Quote(base) + " --name t").exit_code, 0);
  // Reading a table writes nothing; its listing stays pure JSON on standard output.
  auto described = RunCli("--stats -o json table describe --properties " + Quote(base));
  ASSERT_EQ(described.exit_code, 0) << described.err;
  EXPECT_EQ(nlohmann::json::parse(described.out)["hoodie.table.name"], "t");
  const auto stats = nlohmann::json::parse(described.err)["storage_calls"];
  ASSERT_TRUE(stats.contains("local")) << described.err;
  const auto& local = stats["local"];
  EXPECT_GE(local["get"].get<int64_t>(), 1) << described.err;  // hoodie.properties
  EXPECT_EQ(local["put"], 0);
  EXPECT_EQ(local["multipart"], 0);
  EXPECT_EQ(local["delete"], 0);
  EXPECT_EQ(local["bytes_written"], 0);
  int64_t calls = 0;
  for (const char* kind : {"list", "head", "get", "get_ranged", "put", "multipart", "delete"}) {
    calls += local[kind].get<int64_t>();
  }
  EXPECT_EQ(local["total"], calls);
  // A failed command reports what it cost before it stopped, after its error.
  auto failed = RunCli("--stats table describe " + Quote(dir.Join("none")));
  EXPECT_EQ(failed.exit_code, 1);
  EXPECT_NE(failed.err.find("hoodie: error: "), std::string::npos) << failed.err;
  EXPECT_NE(failed.err.find("\nhoodie: storage calls on local: list="), std::string::npos)
      << failed.err;
}

TEST(CliTest, UsageErrorsExitWithTwo) {
  EXPECT_EQ(RunCli("table describe").exit_code, 2);
  EXPECT_EQ(RunCli("no-such-command").exit_code, 2);
  EXPECT_EQ(RunCli("--output xml table describe /tmp").exit_code, 2);
  auto help = RunCli("timeline show --help");
  EXPECT_EQ(help.exit_code, 0);
  EXPECT_NE(help.out.find("--instants-only"), std::string::npos);
}

TEST(CliTest, CreateThenDescribeAndShowEmptyTimeline) {
  TempDir dir;
  std::string base = dir.Join("trips");
  auto created =
      RunCli("-o json table create --path " + Quote(base) +
             " --name trips --database default --type MERGE_ON_READ"
             " --record-key uuid --partition-fields city --precombine ts"
             " --key-generator org.apache.hudi.keygen.SimpleKeyGenerator --hive-style");
  ASSERT_EQ(created.exit_code, 0) << created.err;
  auto props = nlohmann::json::parse(
      RunCli("-o json table describe --properties " + Quote(base)).out);
  EXPECT_EQ(props["hoodie.table.name"], "trips");
  EXPECT_EQ(props["hoodie.table.type"], "MERGE_ON_READ");
  EXPECT_EQ(props["hoodie.table.version"], "6");
  EXPECT_EQ(props["hoodie.table.recordkey.fields"], "uuid");
  EXPECT_EQ(props["hoodie.table.partition.fields"], "city");
  EXPECT_EQ(props["hoodie.table.precombine.field"], "ts");
  EXPECT_EQ(props["hoodie.datasource.write.hive_style_partitioning"], "true");
  EXPECT_EQ(props["hoodie.compaction.payload.class"],
            "org.apache.hudi.common.model.OverwriteWithLatestAvroPayload");
  // CRC-32 of "default.trips", as HoodieTableConfig.generateChecksum computes it.
  EXPECT_EQ(props["hoodie.table.checksum"], "2200697520");
  auto timeline = RunCli("-o json timeline show " + Quote(base));
  ASSERT_EQ(timeline.exit_code, 0) << timeline.err;
  EXPECT_EQ(nlohmann::json::parse(timeline.out), nlohmann::json::array());
  auto again = RunCli("table create --path " + Quote(base) + " --name trips");
  EXPECT_EQ(again.exit_code, 1);
}

TEST(CliTest, WriteOverwritesAndDeletesPartitions) {
  TempDir dir;
  std::string base = dir.Join("t");
  std::string conf =
      " --hoodie-conf hoodie.table.name=t"
      " --hoodie-conf hoodie.datasource.write.recordkey.field=id"
      " --hoodie-conf hoodie.datasource.write.partitionpath.field=city"
      " --hoodie-conf hoodie.datasource.write.precombine.field=ts";
  auto write = [&](const std::string& op, const std::string& rows,
                   const std::string& extra = "") {
    std::string input = dir.Join(op + ".json");
    std::ofstream(input) << rows;
    return RunCli("-o json write --table " + Quote(base) + " --op " + op + " --input " +
                  Quote(input) + conf + extra);
  };
  auto first = write("upsert",
                     "{\"id\":\"k1\",\"ts\":1,\"city\":\"sf\"}\n"
                     "{\"id\":\"k2\",\"ts\":1,\"city\":\"ny\"}\n"
                     "{\"id\":\"k3\",\"ts\":1,\"city\":\"la\"}\n");
  ASSERT_EQ(first.exit_code, 0) << first.err;
  auto overwrite =
      write("insert_overwrite", "{\"id\":\"k4\",\"ts\":2,\"city\":\"sf\"}\n");
  ASSERT_EQ(overwrite.exit_code, 0) << overwrite.err;
  auto summary = nlohmann::json::parse(overwrite.out);
  EXPECT_EQ(summary["operation"], "INSERT_OVERWRITE");
  EXPECT_EQ(summary["files_written"], "1");
  EXPECT_EQ(summary["files_replaced"], "1");
  auto dropped =
      RunCli("-o json write --table " + Quote(base) + " --op delete_partition" + conf +
             " --hoodie-conf hoodie.datasource.write.partitions.to.delete=ny,l*");
  ASSERT_EQ(dropped.exit_code, 0) << dropped.err;
  summary = nlohmann::json::parse(dropped.out);
  EXPECT_EQ(summary["operation"], "DELETE_PARTITION");
  EXPECT_EQ(summary["files_written"], "0");
  EXPECT_EQ(summary["files_replaced"], "2");
  auto rows = RunCli("query " + Quote(base) + " --columns id,city --format json");
  EXPECT_EQ(rows.out, "{\"id\": \"k4\", \"city\": \"sf\"}\n");
  auto instants = nlohmann::json::parse(
      RunCli("-o json timeline show --instants-only " + Quote(base)).out);
  ASSERT_EQ(instants.size(), 3u);
  EXPECT_EQ(instants[1]["action"], "replacecommit");
  EXPECT_EQ(instants[2]["action"], "replacecommit");
  auto table =
      write("insert_overwrite_table", "{\"id\":\"k5\",\"ts\":3,\"city\":\"ny\"}\n");
  ASSERT_EQ(table.exit_code, 0) << table.err;
  rows = RunCli("query " + Quote(base) + " --columns id,city --format json");
  EXPECT_EQ(rows.out, "{\"id\": \"k5\", \"city\": \"ny\"}\n");
  // delete_partition without a list or an input is a usage mistake the CLI names.
  auto missing = RunCli("write --table " + Quote(base) + " --op delete_partition" + conf);
  EXPECT_EQ(missing.exit_code, 1);
  EXPECT_NE(missing.err.find("partitions.to.delete"), std::string::npos) << missing.err;
}

// `hoodie metadata`: a table written with the metadata table on lists its partitions
// and files from it; validate finds nothing until a stray file appears; delete, init and
// rebuild do what they say.
TEST(CliTest, MetadataCommandsInspectValidateDeleteAndRebuild) {
  TempDir dir;
  const std::string base = dir.Join("t");
  const std::string conf = std::string(kTableConf) + " --hoodie-conf hoodie.metadata.enable=true";
  const std::string input = dir.Join("in.json");
  std::ofstream(input) << "{\"id\":\"a\",\"ts\":1,\"part\":\"p1\"}\n"
                       << "{\"id\":\"b\",\"ts\":1,\"part\":\"p2\"}\n";
  ASSERT_EQ(RunCli("write --table " + Quote(base) + " --input " + Quote(input) + conf).exit_code, 0);
  auto json = [&](const std::string& args) {
    auto result = RunCli("-o json metadata " + args + " --table " + Quote(base));
    EXPECT_EQ(result.exit_code, 0) << args << ": " << result.err;
    return nlohmann::json::parse(result.out.empty() ? "null" : result.out);
  };
  EXPECT_EQ(json("list-partitions"),
            nlohmann::json::parse(R"([{"partition":"p1"},{"partition":"p2"}])"));
  nlohmann::json files = json("list-files --partition p1");
  ASSERT_EQ(files.size(), 1u);
  const std::string name = files[0]["file"];
  EXPECT_TRUE(name.ends_with(".parquet")) << name;
  EXPECT_EQ(std::stoll(files[0]["size"].get<std::string>()),
            static_cast<int64_t>(std::filesystem::file_size(base + "/p1/" + name)));
  nlohmann::json stats = json("stats");
  EXPECT_EQ(stats["partitions"], "2");
  EXPECT_EQ(stats["files"], "2");
  EXPECT_EQ(stats["metadata_partitions"], "files");
  EXPECT_EQ(json("validate"), nlohmann::json::array());

  // A file no commit wrote: validate names it and fails.
  const std::string stray = name.substr(0, name.find('_')) + "-stray" + name.substr(name.find('_'));
  std::filesystem::copy_file(base + "/p1/" + name, base + "/p1/" + stray);
  auto failed = RunCli("-o json metadata validate --table " + Quote(base));
  EXPECT_EQ(failed.exit_code, 1);
  EXPECT_NE(failed.out.find(stray + " is on storage but not in the metadata table"),
            std::string::npos) << failed.out;
  std::filesystem::remove(base + "/p1/" + stray);

  EXPECT_EQ(json("delete")["deleted"], "true");
  EXPECT_FALSE(std::filesystem::exists(base + "/.hoodie/metadata"));
  EXPECT_NE(RunCli("metadata stats --table " + Quote(base)).err.find("has no metadata table"),
            std::string::npos);
  nlohmann::json built = json("init");
  EXPECT_EQ(built["built"], "true");
  EXPECT_EQ(json("validate"), nlohmann::json::array());
  nlohmann::json rebuilt = json("rebuild");
  EXPECT_EQ(rebuilt["deleted"], "true");
  EXPECT_EQ(rebuilt["built"], "true");
  EXPECT_EQ(json("stats")["files"], "2");
}

}  // namespace
}  // namespace hoodie::cli::testing
