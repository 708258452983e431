// SPDX-License-Identifier: Apache-2.0
// S3Requests against moto: the conditional PUT and the abort of forgotten uploads.
#include "hoodie/storage/s3_requests_internal.h"

#include <memory>
#include <string>

#include <gtest/gtest.h>

#include "hoodie/storage/storage.h"
#include "hoodie/testing/matchers.h"
#include "hoodie/testing/s3_test_server.h"
#include "hoodie/testing/server_process.h"

namespace hoodie::internal {
namespace {

using ::hoodie::testing::S3TestServer;
using ::hoodie::testing::SharedServer;

class S3RequestsTest : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_OK_AND_ASSIGN(server_, SharedServer<S3TestServer>());
    server_->ExportEnvironment();
    (void)server_->CreateBucket("requests");
    std::string path;
    ASSERT_OK_AND_ASSIGN(storage_, Storage::FromUri("s3://requests", &path));
    ASSERT_OK_AND_ASSIGN(requests_, MakeS3Requests(*storage_->filesystem(), {}));
    ASSERT_NE(requests_, nullptr);
  }

  // A multipart upload of `path` left open: more than Arrow's 10 MiB part was written.
  std::shared_ptr<::arrow::io::OutputStream> StartUpload(const std::string& path) {
    auto stream = storage_->filesystem()->OpenOutputStream(path);
    EXPECT_TRUE(stream.ok()) << stream.status().ToString();
    const std::string part(11 << 20, 'x');
    EXPECT_TRUE((*stream)->Write(part.data(), static_cast<int64_t>(part.size())).ok());
    return *stream;
  }

  S3TestServer* server_ = nullptr;
  std::shared_ptr<Storage> storage_;
  std::shared_ptr<S3Requests> requests_;
};

TEST_F(S3RequestsTest, APutIfAbsentCreatesOnceAndKeepsTheFirstBytes) {
  EXPECT_TRUE(requests_->conditional_create());
  ASSERT_OK(requests_->PutIfAbsent("requests/put/a b=1.txt", "first"));
  ::arrow::Status second = requests_->PutIfAbsent("requests/put/a b=1.txt", "second");
  ASSERT_TRUE(second.IsAlreadyExists()) << second.ToString();
  ASSERT_OK_AND_ASSIGN(std::string content, storage_->ReadAll("requests/put/a b=1.txt"));
  EXPECT_EQ(content, "first");
}

TEST_F(S3RequestsTest, AbortsTheForgottenUploadsOfExactlyItsKey) {
  auto forgotten = StartUpload("requests/up/f.parquet");
  auto longer = StartUpload("requests/up/f.parquet.2");
  ASSERT_OK_AND_ASSIGN(int before, server_->MultipartUploadsInProgress("requests"));
  EXPECT_EQ(before, 2);
  ASSERT_OK_AND_ASSIGN(int aborted, requests_->AbortPendingUploads("requests/up/f.parquet"));
  EXPECT_EQ(aborted, 1);
  ASSERT_OK_AND_ASSIGN(int after, server_->MultipartUploadsInProgress("requests"));
  EXPECT_EQ(after, 1);
  ASSERT_OK(longer->Abort());
  ASSERT_OK_AND_ASSIGN(int none, requests_->AbortPendingUploads("requests/up/f.parquet"));
  EXPECT_EQ(none, 0);
}

TEST_F(S3RequestsTest, AStoreThatCannotBeReachedIsAnErrorNamingTheRequest) {
  ::arrow::fs::S3Options options = ::arrow::fs::S3Options::Anonymous();
  options.endpoint_override = "127.0.0.1:9";
  options.scheme = "http";
  options.connect_timeout = 2;
  options.request_timeout = 2;
  S3Requests unreachable(options, true);
  ::arrow::Status put = unreachable.PutIfAbsent("b/k", "x");
  ASSERT_TRUE(put.IsIOError()) << put.ToString();
  EXPECT_NE(put.message().find("PUT http://127.0.0.1:9/b/k"), std::string::npos)
      << put.ToString();
}

}  // namespace
}  // namespace hoodie::internal
