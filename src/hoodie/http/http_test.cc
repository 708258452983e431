// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/http/http_test.cc
/// \brief The HTTP component: credentials in URLs, and SchemaRegistryProvider against a
/// Confluent-protocol registry in streamer rounds.
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>

#include <chrono>
#include <fstream>
#include <string>
#include <thread>
#include <vector>

#include <arrow/api.h>
#include <gtest/gtest.h>

#include "hoodie/net/http_client.h"
#include "hoodie/http/http_component.h"
#include "hoodie/streamer/stream_round_test_util.h"
#include "hoodie/streamer/stream_sync.h"
#include "hoodie/testing/matchers.h"

extern char** environ;

namespace hoodie {
namespace {

using testing::WriteText;

// Streamer rounds with the HTTP component registered, as the hoodie tool registers it.
class HttpRoundTest : public testing::StreamRoundTest {
 protected:
  void SetUp() override {
    ASSERT_OK(RegisterHttpComponent());
    StreamRoundTest::SetUp();
  }
};

// The Confluent-protocol registry of tests/schema_registry (no registry server is served
// by the package registries here; that one is written to the protocol), on 127.0.0.1.
class RegistryServer {
 public:
  RegistryServer(const std::string& dir, const std::vector<std::string>& extra) {
    port_file_ = dir + "/registry.port";
    // The build's interpreter (scripts/setup.sh's .venv): the server needs only the
    // standard library, and a machine need not have /usr/bin/python3.
    std::vector<std::string> args = {HOODIE_PYTHON,
                                     std::string(HOODIE_SOURCE_DIR) +
                                         "/tests/schema_registry/confluent_registry.py",
                                     "--port-file", port_file_};
    args.insert(args.end(), extra.begin(), extra.end());
    std::vector<char*> argv;
    for (std::string& arg : args) argv.push_back(arg.data());
    argv.push_back(nullptr);
    EXPECT_EQ(posix_spawn(&pid_, argv[0], nullptr, nullptr, argv.data(), environ), 0);
    for (int i = 0; i < 100 && port_.empty(); ++i) {
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
      std::ifstream in(port_file_);
      std::getline(in, port_);
    }
    EXPECT_FALSE(port_.empty()) << "the registry did not start";
  }
  ~RegistryServer() {
    ::kill(pid_, SIGTERM);
    int status = 0;
    waitpid(pid_, &status, 0);
  }
  std::string Url(const std::string& user_info, const std::string& path) const {
    return "http://" + user_info + "127.0.0.1:" + port_ + path;
  }

 private:
  std::string port_file_;
  std::string port_;
  pid_t pid_ = -1;
};

TEST_F(HttpRoundTest, SchemaRegistryProviderFetchesTheLatestSchemaWithBasicAuth) {
  WriteText(dir_.Join("target.avsc"), R"({"type":"record","name":"trip","fields":[
    {"name":"id","type":"string"},{"name":"city","type":"string"},
    {"name":"fare","type":["null","double"],"default":null},{"name":"ts","type":"long"},
    {"name":"note","type":["null","string"],"default":null}]})");
  RegistryServer registry(dir_.path(), {"--user", "fred:s3cr%t", "--preload",
                                        "trips-value=" + dir_.Join("trip.avsc"), "--preload",
                                        "trips-target=" + dir_.Join("target.avsc")});
  // Wrong credentials: refused, and the password is not in the message.
  props_.Set("hoodie.deltastreamer.schemaprovider.registry.url",
             registry.Url("fred:wrong@", "/subjects/trips-value/versions/latest"));
  options_.schema_provider_class = "org.apache.hudi.utilities.schema.SchemaRegistryProvider";
  auto refused = StreamSync::Make(options_, props_);
  ASSERT_FALSE(refused.ok());
  EXPECT_NE(refused.status().message().find("401"), std::string::npos) << refused.status().ToString();
  EXPECT_EQ(refused.status().message().find("wrong"), std::string::npos);
  // A percent-encoded password in the URL's user info becomes the Basic header.
  props_.Set("hoodie.streamer.schemaprovider.registry.url",
             registry.Url("fred:s3cr%25t@", "/subjects/trips-value/versions/latest"));
  props_.Set("hoodie.deltastreamer.schemaprovider.registry.url",
             registry.Url("fred:s3cr%25t@", "/subjects/trips-value/versions/latest"));
  props_.Set("hoodie.deltastreamer.schemaprovider.registry.targetUrl",
             registry.Url("fred:s3cr%25t@", "/subjects/trips-target/versions/latest"));
  Input("1.json", R"({"id":"a","city":"x","fare":1.0,"ts":1})" "\n", 5000);
  ASSERT_OK(Round().status());
  ASSERT_OK_AND_ASSIGN(auto read, ReadColumns({"id", "note"}));
  EXPECT_EQ(read->num_rows(), 1);
  // An unknown subject: Confluent's 40401 answer, named (the streamer spelling is the
  // one read when both are set, as in Hudi 0.15).
  props_.Set("hoodie.streamer.schemaprovider.registry.url",
             registry.Url("fred:s3cr%25t@", "/subjects/nope/versions/latest"));
  auto missing = StreamSync::Make(options_, props_);
  ASSERT_FALSE(missing.ok());
  EXPECT_NE(missing.status().message().find("404"), std::string::npos);
  EXPECT_NE(missing.status().message().find("***@127.0.0.1"), std::string::npos);
}

}  // namespace
}  // namespace hoodie
