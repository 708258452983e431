// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/cli/object_store_faults_test.cc
/// \brief Writes on an object store that throttles, drops connections mid-upload and
/// fails multipart completions (s3_fault_proxy.py in front of moto): each write is
/// retried within the S3A retry keys and commits whole, or fails naming the fault and
/// leaves the table as it was.

#include <algorithm>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include <arrow/filesystem/filesystem.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "hoodie/cli/cli_runner_test_util.h"
#include "hoodie/testing/matchers.h"
#include "hoodie/testing/s3_fault_proxy.h"
#include "hoodie/testing/s3_test_server.h"
#include "hoodie/testing/temp_dir.h"

namespace hoodie::cli::testing {
namespace {

using ::hoodie::testing::S3FaultProxy;
using ::testing::HasSubstr;

constexpr int kHangSeconds = 120;

class ObjectStoreFaultsTest : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_OK_AND_ASSIGN(server_, hoodie::testing::S3TestServer::Start());
    ASSERT_OK(server_->CreateBucket("lake"));
    server_->ExportEnvironment();  // the table's first write and the reads go straight
    Write("{\"id\":\"a\",\"ts\":1,\"part\":\"p1\",\"text\":\"\"}\n"
          "{\"id\":\"b\",\"ts\":1,\"part\":\"p2\",\"text\":\"\"}\n",
          "");
  }

  // The proxy in front of moto with `faults`, and the keys that send a command to it
  // with quick throttling retries.
  std::string Through(const std::vector<std::string>& faults) {
    auto proxy = S3FaultProxy::Start(server_->endpoint(), faults);
    EXPECT_OK(proxy.status());
    proxy_ = std::move(proxy).ValueOr(nullptr);
    return " --hoodie-conf fs.s3a.endpoint=" + proxy_->endpoint() +
           " --hoodie-conf fs.s3a.path.style.access=true"
           " --hoodie-conf fs.s3a.retry.throttle.interval=10ms"
           " --hoodie-conf fs.s3a.retry.interval=10ms";
  }

  CliResult Write(const std::string& rows, const std::string& conf) {
    const std::string input = dir_.Join("in" + std::to_string(++inputs_) + ".json");
    std::ofstream(input) << rows;
    auto result = RunCliWithin(kHangSeconds, "write --table s3://lake/t --input '" + input +
                                                 "'" + kTableConf + conf);
    if (conf.empty()) EXPECT_EQ(result.exit_code, 0) << result.err;
    return result;
  }

  // The table's rows as "id,ts" lines, sorted, read straight from moto.
  std::string Rows() {
    auto result = RunCliWithin(kHangSeconds, "query s3://lake/t --columns id,ts --format csv");
    EXPECT_EQ(result.exit_code, 0) << result.err;
    std::istringstream csv(result.out);
    std::vector<std::string> rows;
    for (std::string line; std::getline(csv, line);) rows.push_back(line);
    std::sort(rows.begin() + (rows.empty() ? 0 : 1), rows.end());
    std::string out;
    for (const std::string& row : rows) out += row + "\n";
    return out;
  }

  int Faults() const { return proxy_->FaultsInjected().ValueOr(-1); }

  // After a write that failed: the rows are as before it, and the next writer (straight
  // to moto) rolls the failed write back and commits its own.
  void ExpectUnchangedThenNextWriterCommits() {
    const std::string before = Rows();
    EXPECT_TRUE(before == kBefore) << before.substr(0, 200);
    ASSERT_EQ(Write(kUpdate, "").exit_code, 0);
    EXPECT_EQ(Rows(), kAfter);
  }

  static constexpr char kUpdate[] = "{\"id\":\"a\",\"ts\":2,\"part\":\"p1\",\"text\":\"\"}\n";
  static constexpr char kBefore[] = "id,ts\na,1\nb,1\n";
  static constexpr char kAfter[] = "id,ts\na,2\nb,1\n";

  std::unique_ptr<hoodie::testing::S3TestServer> server_;
  std::unique_ptr<S3FaultProxy> proxy_;
  hoodie::testing::TempDir dir_;
  int inputs_ = 0;
};

TEST_F(ObjectStoreFaultsTest, ThrottledRequestsAreRetriedAndTheWriteCommits) {
  auto result = Write(kUpdate, Through({"*:.*:slowdown:3"}));
  ASSERT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(Faults(), 3);
  EXPECT_EQ(Rows(), kAfter);
}

TEST_F(ObjectStoreFaultsTest, ThrottlingBeyondTheLimitFailsNamingItAndChangesNothing) {
  auto result = Write(kUpdate, Through({"PUT:\\.parquet$:slowdown:-1"}) +
                                   " --hoodie-conf fs.s3a.retry.throttle.limit=2");
  EXPECT_EQ(result.exit_code, 1);
  EXPECT_THAT(result.err, HasSubstr("SLOW_DOWN")) << result.err;
  EXPECT_THAT(result.err, HasSubstr(".parquet")) << result.err;
  EXPECT_THAT(result.err, HasSubstr("raise it or fs.s3a.retry.throttle.interval"))
      << result.err;
  EXPECT_EQ(Faults(), 3);  // the first try and two retries of the one base file
  ExpectUnchangedThenNextWriterCommits();
}

TEST_F(ObjectStoreFaultsTest, AConnectionResetMidUploadIsRetried) {
  auto result = Write(kUpdate, Through({"PUT:\\.parquet$:reset:1"}));
  ASSERT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(Faults(), 1);
  EXPECT_EQ(Rows(), kAfter);
}

TEST_F(ObjectStoreFaultsTest, AResetWithoutRetriesFailsAndChangesNothing) {
  auto result = Write(kUpdate, Through({"PUT:\\.parquet$:reset:-1"}) +
                                   " --hoodie-conf fs.s3a.attempts.maximum=0");
  EXPECT_EQ(result.exit_code, 1);
  EXPECT_THAT(result.err, HasSubstr(".parquet")) << result.err;
  EXPECT_EQ(Faults(), 1);
  ExpectUnchangedThenNextWriterCommits();
}

TEST_F(ObjectStoreFaultsTest, AFailedMultipartCompletionChangesNothing) {
  // Rows of random text, so that the base file is over Arrow's 10 MiB part size.
  std::mt19937 random(7);
  std::string rows;
  for (int i = 0; i < 90000; ++i) {
    std::string text(200, ' ');
    for (char& c : text) c = static_cast<char>('a' + random() % 26);
    rows += "{\"id\":\"k" + std::to_string(i) + "\",\"ts\":2,\"part\":\"p3\",\"text\":\"" +
            text + "\"}\n";
  }
  auto result = Write(rows, Through({"POST:uploadId=:error500:-1"}) +
                                " --hoodie-conf fs.s3a.attempts.maximum=0");
  EXPECT_EQ(result.exit_code, 1);
  EXPECT_THAT(result.err, HasSubstr("CompleteMultipartUpload")) << result.err;
  EXPECT_GE(Faults(), 1);
  ExpectUnchangedThenNextWriterCommits();
  // Arrow 22 forgets the upload's id when its completion fails: hoodie finds the upload
  // by its key and aborts it, so no parts stay stored under a key nobody sees.
  ASSERT_OK_AND_ASSIGN(int uploads, server_->MultipartUploadsInProgress("lake"));
  EXPECT_EQ(uploads, 0);
}

}  // namespace
}  // namespace hoodie::cli::testing
