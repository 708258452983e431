// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/cli/query_command_test.cc
/// \brief `hoodie query` end to end against the shared v6 sample tables (runs the
/// binary; expectations from testdata/hudi-rs-tables/README.md).
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "hoodie/cli/cli_runner_test_util.h"
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
  CliResult snapshot = RunCli("query " + mor);
  EXPECT_EQ(snapshot.exit_code, 1);
  EXPECT_THAT(snapshot.err, HasSubstr("read_optimized"));
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

}  // namespace
}  // namespace hoodie::cli
