// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/storage/s3_options_test.cc
/// \brief Hadoop's S3A keys as Arrow's S3 options: endpoint, addressing, region,
/// credentials, timeouts, and which of keys and environment wins.
#include "hoodie/storage/s3_options_internal.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <atomic>
#include <cstdlib>
#include <memory>
#include <string>
#include <thread>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "hoodie/config/hoodie_config.h"
#include "hoodie/testing/matchers.h"

namespace hoodie::internal {
namespace {

using ::hoodie::testing::StatusMessageHas;
using ::testing::Not;

// Arrow's S3 client must be initialised before options exist, and finalised before
// static destructors run.
class S3Environment : public ::testing::Environment {
 public:
  void SetUp() override { ASSERT_TRUE(::arrow::fs::EnsureS3Initialized().ok()); }
  void TearDown() override { (void)::arrow::fs::EnsureFinalized(); }
};
::testing::Environment* const kS3Environment =
    ::testing::AddGlobalTestEnvironment(new S3Environment);

class S3OptionsTest : public ::testing::Test {
 protected:
  // The AWS_* environment a developer's shell may carry must not decide these tests.
  void SetUp() override {
    for (const char* name : {"AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY",
                             "AWS_SESSION_TOKEN", "AWS_REGION", "AWS_DEFAULT_REGION",
                             "AWS_ENDPOINT_URL", "AWS_ENDPOINT_URL_S3", "AWS_PROFILE"}) {
      ::unsetenv(name);
    }
    ::setenv("AWS_EC2_METADATA_DISABLED", "true", 1);
  }

  ::arrow::Result<::arrow::fs::S3Options> For(const std::string& uri,
                                              const HoodieConfig& config) {
    StorageOptions options;
    options.timeout_seconds = 7;
    options.config = std::make_shared<const HoodieConfig>(config);
    return S3OptionsFor(uri, options, &path_);
  }

  std::string path_;
};

TEST_F(S3OptionsTest, AnS3CompatibleServerFromKeysAlone) {
  HoodieConfig config;
  config.Set("fs.s3a.endpoint", "http://127.0.0.1:9000")
      .Set("fs.s3a.path.style.access", "true")
      .Set("fs.s3a.access.key", "AK")
      .Set("fs.s3a.secret.key", "SK");
  ASSERT_OK_AND_ASSIGN(auto s3, For("s3://lake/db/t", config));
  EXPECT_EQ(path_, "lake/db/t");
  EXPECT_EQ(s3.endpoint_override, "127.0.0.1:9000");
  EXPECT_EQ(s3.scheme, "http");
  EXPECT_EQ(s3.region, "us-east-1");  // hadoop-aws signs for it at a foreign endpoint
  EXPECT_FALSE(s3.force_virtual_addressing);
  EXPECT_EQ(s3.credentials_kind, ::arrow::fs::S3CredentialsKind::Explicit);
  EXPECT_EQ(s3.GetAccessKey(), "AK");
  EXPECT_EQ(s3.GetSecretKey(), "SK");
  EXPECT_EQ(s3.connect_timeout, 7);  // hoodie.storage.timeout.seconds
  EXPECT_EQ(s3.request_timeout, 7);
}

TEST_F(S3OptionsTest, SparkHadoopPrefixedKeysAreTheSameKeys) {
  HoodieConfig config;
  config.Set("spark.hadoop.fs.s3a.endpoint", "minio.internal:9000")
      .Set("spark.hadoop.fs.s3a.connection.ssl.enabled", "false")
      .Set("spark.hadoop.fs.s3a.path.style.access", "true")
      .Set("spark.hadoop.fs.s3a.endpoint.region", "eu-central-1")
      .Set("spark.hadoop.fs.s3a.access.key", "AK")
      .Set("spark.hadoop.fs.s3a.secret.key", "SK")
      .Set("spark.hadoop.fs.s3a.session.token", "TOKEN")
      .Set("spark.hadoop.fs.s3a.aws.credentials.provider",
           "org.apache.hadoop.fs.s3a.TemporaryAWSCredentialsProvider")
      .Set("spark.hadoop.fs.s3a.connection.establish.timeout", "1500")
      .Set("spark.hadoop.fs.s3a.connection.timeout", "2500");
  ASSERT_OK_AND_ASSIGN(auto s3, For("s3://lake/t", config));
  EXPECT_EQ(s3.endpoint_override, "minio.internal:9000");
  EXPECT_EQ(s3.scheme, "http");  // no scheme in the endpoint, and SSL off
  EXPECT_EQ(s3.region, "eu-central-1");
  EXPECT_FALSE(s3.force_virtual_addressing);
  EXPECT_EQ(s3.GetSessionToken(), "TOKEN");
  EXPECT_EQ(s3.connect_timeout, 1.5);
  EXPECT_EQ(s3.request_timeout, 2.5);
}

TEST_F(S3OptionsTest, EndpointsAreHttpsAndVirtualHostedUnlessTold) {
  HoodieConfig config;
  config.Set("fs.s3a.endpoint", "s3.eu-west-2.amazonaws.com");
  ASSERT_OK_AND_ASSIGN(auto aws, For("s3://lake/t", config));
  EXPECT_EQ(aws.scheme, "https");
  EXPECT_EQ(aws.region, "eu-west-2");  // named by the endpoint, never asked of AWS
  EXPECT_TRUE(aws.force_virtual_addressing);
  config.Set("fs.s3a.endpoint", "10.1.2.3:9000");  // the AWS SDK never puts a bucket in an IP
  ASSERT_OK_AND_ASSIGN(auto ip, For("s3://lake/t", config));
  EXPECT_FALSE(ip.force_virtual_addressing);
  EXPECT_EQ(ip.scheme, "https");
}

TEST_F(S3OptionsTest, KeysOverrideTheEnvironmentWhichOverridesTheDefaultChain) {
  ::setenv("AWS_ACCESS_KEY_ID", "ENV_AK", 1);
  ::setenv("AWS_SECRET_ACCESS_KEY", "ENV_SK", 1);
  ::setenv("AWS_REGION", "ap-south-1", 1);
  HoodieConfig keys;
  keys.Set("fs.s3a.access.key", "AK").Set("fs.s3a.secret.key", "SK");
  keys.Set("fs.s3a.endpoint.region", "us-west-2");
  ASSERT_OK_AND_ASSIGN(auto from_keys, For("s3://lake/t", keys));
  EXPECT_EQ(from_keys.GetAccessKey(), "AK");
  EXPECT_EQ(from_keys.region, "us-west-2");
  HoodieConfig region_only;
  region_only.Set("fs.s3a.endpoint.region", "us-west-2");
  ASSERT_OK_AND_ASSIGN(auto from_env, For("s3://lake/t", region_only));
  EXPECT_EQ(from_env.GetAccessKey(), "ENV_AK");  // EnvironmentVariableCredentialsProvider
  EXPECT_EQ(from_env.credentials_kind, ::arrow::fs::S3CredentialsKind::Explicit);
  HoodieConfig endpoint_only;
  endpoint_only.Set("fs.s3a.endpoint", "http://127.0.0.1:9000");
  ASSERT_OK_AND_ASSIGN(auto env_region, For("s3://lake/t", endpoint_only));
  EXPECT_EQ(env_region.region, "ap-south-1");
}

TEST_F(S3OptionsTest, ProvidersAreTriedInOrderAndANamedOneWithoutCredentialsFails) {
  HoodieConfig config;
  config.Set("fs.s3a.endpoint.region", "us-east-1");
  config.Set("fs.s3a.aws.credentials.provider",
             "org.apache.hadoop.fs.s3a.SimpleAWSCredentialsProvider, "
             "org.apache.hadoop.fs.s3a.AnonymousAWSCredentialsProvider");
  ASSERT_OK_AND_ASSIGN(auto anonymous, For("s3://lake/t", config));
  EXPECT_EQ(anonymous.credentials_kind, ::arrow::fs::S3CredentialsKind::Anonymous);

  config.Set("fs.s3a.aws.credentials.provider",
             "org.apache.hadoop.fs.s3a.TemporaryAWSCredentialsProvider");
  config.Set("fs.s3a.access.key", "AK").Set("fs.s3a.secret.key", "hoodie-test-secret");
  auto missing_token = For("s3://lake/t", config);
  ASSERT_FALSE(missing_token.ok());
  EXPECT_THAT(missing_token, StatusMessageHas("TemporaryAWSCredentialsProvider"));
  EXPECT_THAT(missing_token, StatusMessageHas("fs.s3a.access.key"));
  EXPECT_THAT(missing_token.status().message(),
              Not(::testing::HasSubstr("hoodie-test-secret")));

  config.Set("fs.s3a.aws.credentials.provider",
             "com.amazonaws.auth.DefaultAWSCredentialsProviderChain");
  ASSERT_OK_AND_ASSIGN(auto chain, For("s3://lake/t", config));
  EXPECT_EQ(chain.credentials_kind, ::arrow::fs::S3CredentialsKind::Default);
}

TEST_F(S3OptionsTest, BadValuesNameTheirKeyAndNeverShowASecret) {
  HoodieConfig config;
  config.Set("fs.s3a.aws.credentials.provider", "com.example.MyProvider");
  EXPECT_THAT(For("s3://lake/t", config), StatusMessageHas("com.example.MyProvider"));
  HoodieConfig timeout;
  timeout.Set("fs.s3a.connection.timeout", "0");
  EXPECT_THAT(For("s3://lake/t", timeout), StatusMessageHas("fs.s3a.connection.timeout"));
  HoodieConfig endpoint;
  endpoint.Set("fs.s3a.endpoint", "ftp://minio:9000");
  EXPECT_THAT(For("s3://lake/t", endpoint), StatusMessageHas("fs.s3a.endpoint must be"));
  HoodieConfig refused;
  refused.Set("fs.s3a.encryption.key", "hoodie-test-secret");
  auto problems = refused.Validate();
  ASSERT_FALSE(problems.ok());
  EXPECT_THAT(problems, StatusMessageHas("fs.s3a.encryption.key=<redacted>"));
  EXPECT_THAT(problems.message(), Not(::testing::HasSubstr("hoodie-test-secret")));
  HoodieConfig spark_refused;
  spark_refused.Set("spark.hadoop.fs.s3a.server-side-encryption-algorithm", "SSE-KMS");
  EXPECT_THAT(spark_refused.Validate(), StatusMessageHas("is not supported by hoodie"));
  HoodieConfig jvm_only;
  jvm_only.Set("fs.s3a.connection.maximum", "200").Set("fs.s3a.fast.upload", "true");
  EXPECT_OK(jvm_only.Validate());
  EXPECT_OK(jvm_only.CheckSupported());
}

// A server on 127.0.0.1 that accepts every connection and closes it unanswered: each
// attempt of a request is one connection, so their count is the attempts made.
class HangUpServer {
 public:
  HangUpServer() {
    fd_ = ::socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    socklen_t length = sizeof(address);
    ::bind(fd_, reinterpret_cast<sockaddr*>(&address), sizeof(address));
    ::getsockname(fd_, reinterpret_cast<sockaddr*>(&address), &length);
    port_ = ntohs(address.sin_port);
    ::listen(fd_, 16);
    thread_ = std::thread([this] {
      for (;;) {
        int client = ::accept(fd_, nullptr, nullptr);
        if (client < 0) return;  // the listening socket was shut down
        ++accepted_;
        ::close(client);
      }
    });
  }
  ~HangUpServer() {
    ::shutdown(fd_, SHUT_RDWR);
    ::close(fd_);
    thread_.join();
  }
  std::string endpoint() const { return "http://127.0.0.1:" + std::to_string(port_); }
  int accepted() const { return accepted_; }

 private:
  int fd_ = -1;
  int port_ = 0;
  std::atomic<int> accepted_{0};
  std::thread thread_;
};

TEST_F(S3OptionsTest, AttemptsMaximumIsTheRetriesOfAFailedRequest) {
  for (int retries : {0, 2}) {
    SCOPED_TRACE(retries);
    HangUpServer server;
    HoodieConfig config;
    config.Set("fs.s3a.endpoint", server.endpoint())
        .Set("fs.s3a.path.style.access", "true")
        .Set("fs.s3a.access.key", "AK")
        .Set("fs.s3a.secret.key", "SK")
        .Set("fs.s3a.attempts.maximum", std::to_string(retries));
    std::string path;
    ASSERT_OK_AND_ASSIGN(auto storage, Storage::FromUri("s3://lake/t", &path, config));
    EXPECT_FALSE(storage->Exists(path + "/.hoodie").ok());
    EXPECT_EQ(server.accepted(), retries + 1);
  }
}

TEST_F(S3OptionsTest, ASecretInTheUriNeverReachesAnError) {
  HangUpServer server;
  HoodieConfig config;
  config.Set("fs.s3a.endpoint", server.endpoint())
      .Set("fs.s3a.path.style.access", "true")
      .Set("fs.s3a.attempts.maximum", "0");
  std::string path;
  ASSERT_OK_AND_ASSIGN(auto storage,
                       Storage::FromUri("s3://AK:hoodie-uri-secret@lake/t", &path, config));
  auto exists = storage->Exists(path + "/.hoodie");
  ASSERT_FALSE(exists.ok());
  auto failed = Storage::FromUri("s3://AK:hoodie-uri-secret@lake/t?bad=1", &path, config);
  ASSERT_FALSE(failed.ok());
  for (const ::arrow::Status& error : {exists.status(), failed.status()}) {
    EXPECT_THAT(error.message(), Not(::testing::HasSubstr("hoodie-uri-secret")));
  }
  EXPECT_THAT(failed.status().message(), ::testing::HasSubstr("s3://AK:<redacted>@lake/t"));
}

}  // namespace
}  // namespace hoodie::internal
