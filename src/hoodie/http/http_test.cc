// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/http/http_test.cc
/// \brief The HTTP component: credentials in URLs, and SchemaRegistryProvider against a
/// Confluent-protocol registry in streamer rounds.

#include <string>
#include <vector>

#include <arrow/api.h>
#include <gtest/gtest.h>

#include "hoodie/net/http_client.h"
#include "hoodie/http/http_component.h"
#include "hoodie/streamer/stream_round_test_util.h"
#include "hoodie/streamer/stream_sync.h"
#include "hoodie/testing/matchers.h"
#include "hoodie/testing/schema_registry_test_server.h"

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

using RegistryServer = testing::SchemaRegistryTestServer;

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
