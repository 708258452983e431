// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/cli/query_command_test.cc
/// \brief `hoodie query` end to end against the shared v6 sample tables (runs the
/// binary; expectations from testdata/hudi-rs-tables/README.md).
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>

#include "hoodie/cli/cli_runner_test_util.h"
#include "hoodie/cli/sample_readme_test_util.h"
#include "hoodie/testing/matchers.h"
#include "hoodie/testing/temp_dir.h"
#include "hoodie/testing/test_data.h"

namespace hoodie::cli {
namespace {

using ::testing::HasSubstr;
using testing::CliResult;
using testing::RunCli;

class QueryCommandTest : public ::testing::Test {
 protected:
  std::string Unzip(const std::string& zip) {
    auto base = hoodie::testing::UnzipTable("hudi-rs-tables/" + zip, dir_.Join(zip));
    EXPECT_TRUE(base.ok()) << base.status().ToString();
    return base.ValueOr("");
  }
  hoodie::testing::TempDir dir_;
};

TEST_F(QueryCommandTest, SnapshotAsCsvInFileOrder) {
  std::string table = Unzip("sample_table/cow/v6_nonpartitioned.zip");
  CliResult result = RunCli("query " + table + " --columns id,name,isActive --format csv");
  ASSERT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(result.out,
            "id,name,isActive\n2,Bob,false\n3,Carol,true\n1,Alice,false\n4,Diana,true\n");
}

TEST_F(QueryCommandTest, JsonLinesWithRecordKeyFilter) {
  std::string table = Unzip("sample_table/cow/v6_nonpartitioned.zip");
  CliResult result = RunCli("query " + table +
                            " --columns id,name,timestampField,decimalField,_hoodie_record_key"
                            " --where _hoodie_record_key=1 --format json");
  ASSERT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(result.out,
            R"({"_hoodie_record_key": "1", "id": 1, "name": "Alice", )"
            R"("timestampField": "2023-04-01T17:01:00.000000Z", "decimalField": 12345.67890})"
            "\n");
}

TEST_F(QueryCommandTest, TimeTravelAndIncremental) {
  std::string table = Unzip("sample_table/cow/v6_nonpartitioned.zip");
  CliResult as_of = RunCli("query " + table +
                           " --as-of 20240418173550988 --columns id,name,isActive --format csv");
  ASSERT_EQ(as_of.exit_code, 0) << as_of.err;
  EXPECT_EQ(as_of.out, "id,name,isActive\n2,Bob,false\n3,Carol,true\n1,Alice,true\n");
  CliResult incremental = RunCli("query " + table +
                                 " --query-type incremental --begin 20240418173550988"
                                 " --columns id,name,isActive --format csv");
  ASSERT_EQ(incremental.exit_code, 0) << incremental.err;
  EXPECT_EQ(incremental.out, "id,name,isActive\n1,Alice,false\n4,Diana,true\n");
  // The query type given as Hudi's key, without the flag, is the same read.
  CliResult by_key = RunCli("query " + table +
                            " --hoodie-conf hoodie.datasource.query.type=incremental"
                            " --begin 20240418173550988 --columns id,name,isActive --format csv");
  ASSERT_EQ(by_key.exit_code, 0) << by_key.err;
  EXPECT_EQ(by_key.out, incremental.out);
}

// hoodie.enable.data.skipping: a query skips the file slices whose column_stats (kept in
// the metadata table by the writes) rule its filters out, and returns the same rows;
// --explain counts them. Without the key (Hudi's default) every slice is read.
TEST_F(QueryCommandTest, DataSkippingReadsOnlyTheFilesColumnStatsAdmit) {
  const std::string table = dir_.Join("skipping");
  const std::string stats = " --hoodie-conf hoodie.metadata.index.column.stats.enable=true";
  for (int part = 0; part < 3; ++part) {
    const std::string input = dir_.Join("in" + std::to_string(part) + ".json");
    std::ofstream(input) << "{\"id\":\"a" << part << "\",\"ts\":" << part * 10
                         << ",\"part\":\"p" << part << "\"}\n"
                         << "{\"id\":\"b" << part << "\",\"ts\":" << part * 10 + 1
                         << ",\"part\":\"p" << part << "\"}\n";
    CliResult wrote = RunCli("write --table " + table + " --op insert --input " + input +
                             std::string(testing::kTableConf) + stats);
    ASSERT_EQ(wrote.exit_code, 0) << wrote.err;
  }
  const std::string query = "query " + table +
                            " --where 'ts>=10' --where 'ts<=11' --columns id,ts --format csv --explain";
  CliResult skipped = RunCli(query + " --hoodie-conf hoodie.enable.data.skipping=true");
  ASSERT_EQ(skipped.exit_code, 0) << skipped.err;
  EXPECT_EQ(skipped.out, "id,ts\na1,10\nb1,11\n");
  EXPECT_THAT(skipped.err, HasSubstr("explain: files read 1 of 3"));
  CliResult none = RunCli(query + " --hoodie-conf hoodie.enable.data.skipping=true"
                                  " --where 'id!=a1' --where 'id!=b1'");
  ASSERT_EQ(none.exit_code, 0) << none.err;
  EXPECT_EQ(none.out, "id,ts\n");
  EXPECT_THAT(none.err, HasSubstr("explain: files read 1 of 3"));
  CliResult all = RunCli(query);
  ASSERT_EQ(all.exit_code, 0) << all.err;
  EXPECT_EQ(all.out, skipped.out);
  EXPECT_THAT(all.err, HasSubstr("explain: files read 3 of 3"));
  CliResult equal = RunCli("query " + table + " --where id=b2 --columns id --format csv --explain"
                           " --hoodie-conf hoodie.enable.data.skipping=true");
  ASSERT_EQ(equal.exit_code, 0) << equal.err;
  EXPECT_EQ(equal.out, "id\nb2\n");
  EXPECT_THAT(equal.err, HasSubstr("explain: files read 1 of 3"));
}

// On merge-on-read, a slice is read when its base file or any of its log files may hold
// a match: the log files' statistics (from the records appended) admit the slice whose
// update moved into the range, and rule out the one whose update moved out of it.
TEST_F(QueryCommandTest, DataSkippingWeighsTheLogFilesOfMergeOnReadSlices) {
  const std::string table = dir_.Join("skipping_mor");
  const std::string conf = std::string(testing::kTableConf) +
                           " --hoodie-conf hoodie.metadata.index.column.stats.enable=true"
                           " --hoodie-conf hoodie.datasource.write.table.type=MERGE_ON_READ";
  auto write = [&](const std::string& name, const std::string& rows, const std::string& op) {
    const std::string input = dir_.Join(name + ".json");
    std::ofstream(input) << rows;
    CliResult wrote =
        RunCli("write --table " + table + " --op " + op + " --input " + input + conf);
    ASSERT_EQ(wrote.exit_code, 0) << wrote.err;
  };
  for (int part = 0; part < 3; ++part) {
    const std::string p = std::to_string(part);
    write("in" + p,
          "{\"id\":\"a" + p + "\",\"ts\":" + std::to_string(part * 10) + ",\"part\":\"p" + p +
              "\"}\n{\"id\":\"b" + p + "\",\"ts\":" + std::to_string(part * 10 + 1) +
              ",\"part\":\"p" + p + "\"}\n",
          "insert");
  }
  write("updates",
        "{\"id\":\"b0\",\"ts\":11,\"part\":\"p0\"}\n"
        "{\"id\":\"a2\",\"ts\":25,\"part\":\"p2\"}\n",
        "upsert");
  const std::string query = "query " + table +
                            " --where 'ts>=10' --where 'ts<=11' --columns id,ts --format csv"
                            " --explain --hoodie-conf hoodie.enable.data.skipping=true";
  CliResult skipped = RunCli(query);
  ASSERT_EQ(skipped.exit_code, 0) << skipped.err;
  EXPECT_EQ(skipped.out, "id,ts\nb0,11\na1,10\nb1,11\n");
  EXPECT_THAT(skipped.err, HasSubstr("explain: files read 2 of 3"));
}

TEST_F(QueryCommandTest, DataSkippingFindsARecordKeyThroughTheRecordIndex) {
  const std::string table = dir_.Join("keyed");
  const std::string index = " --hoodie-conf hoodie.metadata.record.index.enable=true";
  std::string first;
  for (int part = 0; part < 3; ++part) {
    // Every file holds keys from a to z: their ranges rule nothing out.
    const std::string input = dir_.Join("in" + std::to_string(part) + ".json");
    std::ofstream(input) << "{\"id\":\"a" << part << "\",\"ts\":1,\"part\":\"p" << part << "\"}\n"
                         << "{\"id\":\"z" << part << "\",\"ts\":1,\"part\":\"p" << part << "\"}\n";
    CliResult wrote = RunCli("write --table " + table + " --op insert --input " + input +
                             std::string(testing::kTableConf) + index);
    ASSERT_EQ(wrote.exit_code, 0) << wrote.err;
  }
  const std::string skipping = " --columns id --format csv --explain"
                               " --hoodie-conf hoodie.enable.data.skipping=true";
  CliResult found = RunCli("query " + table + " --where id=z1" + skipping);
  ASSERT_EQ(found.exit_code, 0) << found.err;
  EXPECT_EQ(found.out, "id\nz1\n");
  EXPECT_THAT(found.err, HasSubstr("explain: files read 1 of 3"));
  CliResult by_meta = RunCli("query " + table + " --where _hoodie_record_key=a2" + skipping);
  ASSERT_EQ(by_meta.exit_code, 0) << by_meta.err;
  EXPECT_EQ(by_meta.out, "id\na2\n");
  EXPECT_THAT(by_meta.err, HasSubstr("explain: files read 1 of 3"));
  // A key the index does not hold is in no file.
  CliResult absent = RunCli("query " + table + " --where id=q" + skipping);
  ASSERT_EQ(absent.exit_code, 0) << absent.err;
  EXPECT_EQ(absent.out, "id\n");
  EXPECT_THAT(absent.err, HasSubstr("explain: files read 0 of 3"));
  // Other filters, and time travel (the index holds where keys are now), read every file.
  CliResult other = RunCli("query " + table + " --where ts=1" + skipping);
  ASSERT_EQ(other.exit_code, 0) << other.err;
  EXPECT_THAT(other.err, HasSubstr("explain: files read 3 of 3"));
  CliResult past = RunCli("query " + table + " --where id=z1 --as-of 99991231235959999" + skipping);
  ASSERT_EQ(past.exit_code, 0) << past.err;
  EXPECT_EQ(past.out, "id\nz1\n");
  EXPECT_THAT(past.err, HasSubstr("explain: files read 3 of 3"));
}

TEST_F(QueryCommandTest, ErrorsExitWithOne) {
  std::string table = Unzip("sample_table/cow/v6_nonpartitioned.zip");
  CliResult parquet = RunCli("query " + table + " --format parquet");
  EXPECT_EQ(parquet.exit_code, 1);
  EXPECT_THAT(parquet.err, HasSubstr("--out"));
  CliResult missing = RunCli("query " + table + " --where rider_idd=1");
  EXPECT_EQ(missing.exit_code, 1);
  EXPECT_THAT(missing.err, HasSubstr("'rider_idd'"));
  std::string mor = Unzip("sample_table/mor/parquet/v6_nonpartitioned.zip");
  CliResult merge_type = RunCli("query " + mor + " --merge-type combine");
  EXPECT_EQ(merge_type.exit_code, 2);
  CliResult read_optimized =
      RunCli("query " + mor + " --query-type read_optimized --columns id --format csv");
  ASSERT_EQ(read_optimized.exit_code, 0) << read_optimized.err;
  EXPECT_EQ(read_optimized.out, "id\n2\n3\n1\n4\n");
}

TEST_F(QueryCommandTest, ParquetOutputAndLimit) {
  std::string table = Unzip("sample_table/cow/v6_nonpartitioned.zip");
  std::string out = dir_.Join("rows.parquet");
  CliResult written = RunCli("query " + table + " --format parquet --out " + out);
  ASSERT_EQ(written.exit_code, 0) << written.err;
  EXPECT_EQ(written.out, "");
  EXPECT_GT(std::filesystem::file_size(out), 0u);
  CliResult limited = RunCli("query " + table + " --limit 1 --columns id --format csv");
  ASSERT_EQ(limited.exit_code, 0) << limited.err;
  EXPECT_EQ(limited.out, "id\n2\n");
}

// CSV output rows without the header, sorted.
std::vector<std::vector<std::string>> CsvRows(const std::string& csv) {
  std::vector<std::vector<std::string>> rows;
  std::istringstream in(csv);
  std::string line;
  std::getline(in, line);  // header
  while (std::getline(in, line)) {
    std::vector<std::string> row;
    std::string cell;
    std::istringstream cells(line);
    while (std::getline(cells, cell, ',')) row.push_back(cell);
    rows.push_back(std::move(row));
  }
  std::sort(rows.begin(), rows.end());
  return rows;
}

// Every read the README lists for the v6 merge-on-read tables, through the binary.
TEST_F(QueryCommandTest, MergeOnReadReadsMatchReadme) {
  auto reads =
      testing::LoadExpectedReads(hoodie::testing::TestDataDir() + "/hudi-rs-tables/README.md");
  if (reads.empty()) GTEST_SKIP() << "shared test data README not found";
  std::map<std::string, std::string> tables;
  int checked = 0;
  for (const testing::ExpectedRead& read : reads) {
    if (read.archive.rfind("sample_table/mor/parquet/v6_", 0) != 0) continue;
    SCOPED_TRACE(read.archive + ": " + read.line);
    if (tables.count(read.archive) == 0) tables[read.archive] = Unzip(read.archive);
    // The output puts meta columns first: reorder the expected values alike.
    std::vector<size_t> order;
    for (bool meta : {true, false}) {
      for (size_t i = 0; i < read.columns.size(); ++i) {
        if ((read.columns[i].rfind("_hoodie_", 0) == 0) == meta) order.push_back(i);
      }
    }
    std::string columns;
    for (size_t i : order) columns += (columns.empty() ? "" : ",") + read.columns[i];
    std::vector<std::vector<std::string>> expected;
    for (const auto& row : read.rows) {
      std::vector<std::string> reordered;
      for (size_t i : order) reordered.push_back(row[i]);
      expected.push_back(std::move(reordered));
    }
    std::sort(expected.begin(), expected.end());
    CliResult result = RunCli("query " + tables[read.archive] + " " + read.query_args +
                              " --columns " + columns + " --format csv");
    ASSERT_EQ(result.exit_code, 0) << result.err;
    EXPECT_EQ(CsvRows(result.out), expected);
    ++checked;
  }
  // 4 + 4 + 5 + 7 reads of the nonpartitioned, rollback, simplekeygen and
  // overwrite-table sections.
  EXPECT_EQ(checked, 20);
}

// The trips table's expectations are prose in the README (Dataset T with rider-D's
// fare updated to 25.0 by an Avro log block); checked here value by value.
TEST_F(QueryCommandTest, MergeOnReadAvroLogTrips) {
  std::string table = Unzip("quickstart_trips_table/mor/avro/v6_trips_8i1u.zip");
  std::string rider_d = " --where uuid=9909a8b1-2d15-4d3d-8ec9-efc48c536a00 --format csv"
                        " --columns rider,fare,_hoodie_commit_time";
  CliResult snapshot = RunCli("query " + table + rider_d);
  ASSERT_EQ(snapshot.exit_code, 0) << snapshot.err;
  EXPECT_EQ(snapshot.out, "_hoodie_commit_time,rider,fare\n20250331030645735,rider-D,25\n");
  CliResult as_of = RunCli("query " + table + " --as-of 20250331030642808" + rider_d);
  EXPECT_EQ(as_of.out, "_hoodie_commit_time,rider,fare\n20250331030642808,rider-D,33.9\n");
  CliResult read_optimized = RunCli("query " + table + " --query-type read_optimized" + rider_d);
  EXPECT_EQ(read_optimized.out, as_of.out);
  CliResult incremental = RunCli("query " + table +
                                 " --query-type incremental --begin 20250331030642808"
                                 " --columns uuid,fare --format csv");
  EXPECT_EQ(incremental.out, "uuid,fare\n9909a8b1-2d15-4d3d-8ec9-efc48c536a00,25\n");
  CliResult all = RunCli("query " + table + " --columns uuid --format csv");
  EXPECT_EQ(CsvRows(all.out).size(), 8u);
  // The log merge settings: a 1-byte merge budget (every log record spills to the
  // given folder), eager and reverse block reading give the same rows.
  CliResult bounded = RunCli("query " + table + rider_d +
                             " --hoodie-conf hoodie.memory.merge.max.size=1"
                             " --hoodie-conf hoodie.memory.spillable.map.path=" +
                             dir_.path() +
                             " --hoodie-conf hoodie.compaction.lazy.block.read=false"
                             " --hoodie-conf hoodie.compaction.reverse.log.read=true");
  ASSERT_EQ(bounded.exit_code, 0) << bounded.err;
  EXPECT_EQ(bounded.out, snapshot.out);
  CliResult bad = RunCli("query " + table + " --hoodie-conf hoodie.memory.merge.max.size=0");
  EXPECT_EQ(bad.exit_code, 1);
  EXPECT_THAT(bad.err, HasSubstr("hoodie.memory.merge.max.size"));
  CliResult unknown = RunCli("query " + table + rider_d +
                             " --hoodie-conf hoodie.common.spillable.diskmap.type=ROCKS_DB");
  ASSERT_EQ(unknown.exit_code, 0) << unknown.err;
  EXPECT_EQ(unknown.out, snapshot.out);
  EXPECT_THAT(unknown.err,
              HasSubstr("unknown key 'hoodie.common.spillable.diskmap.type'"));
}

}  // namespace
}  // namespace hoodie::cli
