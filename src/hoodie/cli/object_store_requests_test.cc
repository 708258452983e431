// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/cli/object_store_requests_test.cc
/// \brief What hoodie's commands cost in S3 requests, counted by the server itself
/// (moto's request log): a budget per command that a regression exceeds, and hoodie's
/// own accounting (--stats) checked against the server's.

#include <fstream>
#include <map>
#include <sstream>
#include <string>

#include <arrow/filesystem/filesystem.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "hoodie/cli/cli_runner_test_util.h"
#include "hoodie/testing/matchers.h"
#include "hoodie/testing/s3_request_log.h"
#include "hoodie/testing/s3_test_server.h"
#include "hoodie/testing/temp_dir.h"

namespace hoodie::cli::testing {
namespace {

constexpr int kHangSeconds = 120;

class ObjectStoreRequestsTest : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_OK_AND_ASSIGN(server_, hoodie::testing::S3TestServer::Start());
    ASSERT_OK(server_->CreateBucket("lake"));
    server_->ExportEnvironment();
    log_ = std::make_unique<hoodie::testing::S3RequestLog>(server_->request_log_path());
  }

  // The requests `command` cost, as the server counted them. hoodie's own count of its
  // calls on S3 (--stats) must be the same, kind by kind.
  hoodie::testing::S3RequestCounts Cost(const std::string& command) {
    EXPECT_OK(log_->Mark());
    auto result = RunCliWithin(kHangSeconds, "--stats " + command);
    EXPECT_EQ(result.exit_code, 0) << command << "\n" << result.err;
    auto counts = log_->Since();
    EXPECT_OK(counts.status());
    const auto server = counts.ValueOr(hoodie::testing::S3RequestCounts{});
    auto own = StatsOnS3(result.err);
    EXPECT_EQ(own["list"], server.list) << command << "\n" << result.err;
    EXPECT_EQ(own["head"], server.head) << command << "\n" << result.err;
    EXPECT_EQ(own["get"] + own["get_ranged"], server.get) << command << "\n" << result.err;
    EXPECT_EQ(own["put"], server.put) << command << "\n" << result.err;
    EXPECT_EQ(own["multipart"], server.multipart_start) << command << "\n" << result.err;
    EXPECT_EQ(own["delete"], server.delete_) << command << "\n" << result.err;
    return server;
  }

  // The counts of the "hoodie: storage calls on s3: list=N ..." line --stats printed.
  static std::map<std::string, int64_t> StatsOnS3(const std::string& err) {
    constexpr std::string_view kLine = "hoodie: storage calls on s3:";
    std::map<std::string, int64_t> counts;
    const size_t start = err.find(kLine);
    if (start == std::string::npos) {
      ADD_FAILURE() << "no storage calls on s3 in:\n" << err;
      return counts;
    }
    std::istringstream fields(err.substr(start + kLine.size(),
                                         err.find('\n', start) - start - kLine.size()));
    std::string field;
    while (fields >> field) {
      const size_t equals = field.find('=');
      counts[field.substr(0, equals)] = std::stoll(field.substr(equals + 1));
    }
    return counts;
  }

  std::string Input(const std::string& name, const std::string& rows) {
    const std::string path = dir_.Join(name);
    std::ofstream(path) << rows;
    return path;
  }

  // An insert of two records into two partitions, then an upsert of one of them and
  // of a new one; each input file's path.
  std::string FirstInput() {
    return Input("1.json",
                 "{\"id\":\"a\",\"ts\":1,\"part\":\"p1\"}\n"
                 "{\"id\":\"b\",\"ts\":1,\"part\":\"p2\"}\n");
  }
  std::string SecondInput() {
    return Input("2.json",
                 "{\"id\":\"a\",\"ts\":2,\"part\":\"p1\"}\n"
                 "{\"id\":\"c\",\"ts\":2,\"part\":\"p2\"}\n");
  }

  std::unique_ptr<hoodie::testing::S3TestServer> server_;
  std::unique_ptr<hoodie::testing::S3RequestLog> log_;
  hoodie::testing::TempDir dir_;
};


TEST_F(ObjectStoreRequestsTest, AnUpsertAndAReadStayWithinTheirBudget) {
  // The data path alone: the metadata table's requests are budgeted below.
  const std::string off = " --hoodie-conf hoodie.metadata.enable=false";
  auto insert = Cost("write --table s3://lake/t --op insert --input '" + FirstInput() + "'" +
                     kTableConf + off);
  auto upsert = Cost("write --table s3://lake/t --input '" + SecondInput() + "'" + kTableConf + off);
  auto query = Cost("query s3://lake/t" + off);
  // What they cost when these budgets were set (2026-12-06, Arrow 22, moto 5.1.22),
  // down from 149, 128 and 25 requests: single PUTs instead of multipart uploads for
  // small files, HEAD-only probes for files, no probe of .schema, coalesced Parquet
  // reads, file sizes from the writer and the listing, hoodie.properties read without a
  // probe first, instants created by one conditional PUT without a HEAD.
  // A change that costs more fails here; one that costs less lowers the budget.
  EXPECT_LE(insert.total(), 85) << insert.ToString();
  EXPECT_LE(upsert.total(), 61) << upsert.ToString();
  EXPECT_LE(query.total(), 17) << query.ToString();
  EXPECT_EQ(insert.multipart_start + upsert.multipart_start, 0);
  EXPECT_LE(upsert.list, 17) << upsert.ToString();
  EXPECT_LE(upsert.get, 18) << upsert.ToString();
}

// With the metadata table (on by default): the first write builds it (its folder,
// properties, base HFile, first log and two deltacommits' instant files), each later
// write adds a deltacommit; a query of two partitions reads its timeline and files
// instead of listing them (which pays off with many partitions: bench/).
TEST_F(ObjectStoreRequestsTest, TheMetadataTableStaysWithinItsBudget) {
  auto insert = Cost("write --table s3://lake/t --op insert --input '" + FirstInput() + "'" + kTableConf);
  auto upsert = Cost("write --table s3://lake/t --input '" + SecondInput() + "'" + kTableConf);
  auto query = Cost("query s3://lake/t");
  // What they cost when these budgets were set (2026-12-07, Arrow 22, moto 5.1.22).
  EXPECT_LE(insert.total(), 240) << insert.ToString();
  EXPECT_LE(upsert.total(), 104) << upsert.ToString();
  EXPECT_LE(query.total(), 28) << query.ToString();
  EXPECT_EQ(insert.multipart_start + upsert.multipart_start, 0);
}

}  // namespace
}  // namespace hoodie::cli::testing
