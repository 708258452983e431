// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/cli/object_store_commands_test.cc
/// \brief The `hoodie` binary on gs:// (gcp-storage-emulator) and abfs:// (Azurite)
/// tables, configured as Hudi users configure Spark (fs.gs.* and fs.azure.* keys):
/// write, query, compaction, clean, rollback and timeline show give exact rows; no
/// secret reaches any output or any file of the table; bad input fails within the
/// timeout in one line. Each server starts once per test binary.

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <fstream>
#include <ostream>
#include <sstream>
#include <string>
#include <vector>

#include <arrow/filesystem/filesystem.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "hoodie/cli/cli_runner_test_util.h"
#include "hoodie/config/azure_config.h"
#include "hoodie/config/config_registry.h"
#include "hoodie/config/gcs_config.h"
#include "hoodie/config/hoodie_config.h"
#include "hoodie/storage/storage.h"
#include "hoodie/testing/azure_test_server.h"
#include "hoodie/testing/gcs_test_server.h"
#include "hoodie/testing/matchers.h"
#include "hoodie/testing/temp_dir.h"

namespace hoodie::cli::testing {
namespace {

using ::hoodie::testing::AzureTestServer;
using ::hoodie::testing::FreeLocalPort;
using ::hoodie::testing::GcsTestServer;
using ::hoodie::testing::SharedServer;
using ::hoodie::testing::TempDir;
using ::testing::HasSubstr;
using ::testing::Not;

// Generous: only keeps a regression from hanging the suite.
constexpr int kHangSeconds = 120;
constexpr char kBucket[] = "lake";

enum class Store { kGcs, kAzure };

std::string StoreName(const ::testing::TestParamInfo<Store>& info) {
  return info.param == Store::kGcs ? "Gcs" : "Azure";
}

// Names the store in failures instead of the enum's bytes.
void PrintTo(Store store, std::ostream* os) {
  *os << (store == Store::kGcs ? "Gcs" : "Azure");
}

std::string SortedLines(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  std::sort(lines.begin(), lines.end());
  std::string out;
  for (const std::string& line : lines) out += line + "\n";
  return out;
}

size_t Lines(const std::string& text) {
  return std::count(text.begin(), text.end(), '\n');
}

class ObjectStoreCommandsTest : public ::testing::TestWithParam<Store> {
 protected:
  void SetUp() override {
    const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
    std::string folder = info->name();
    std::replace(folder.begin(), folder.end(), '/', '-');
    if (GetParam() == Store::kGcs) {
      ASSERT_OK_AND_ASSIGN(GcsTestServer * server, SharedServer<GcsTestServer>());
      endpoint_ = server->endpoint();
      Key(GcsConfig::kStorageRootUrl.key, endpoint_);
      Key(GcsConfig::kProjectId.key, "hoodie-test");
      bucket_uri_ = std::string("gs://") + kBucket;
    } else {
      ASSERT_OK_AND_ASSIGN(AzureTestServer * server, SharedServer<AzureTestServer>());
      endpoint_ = server->blob_endpoint();
      // The endpoint from the environment, the key from hadoop-azure's key.
      ::setenv("AZURE_STORAGE_CONNECTION_STRING", server->ConnectionString(false).c_str(),
               1);
      Key("spark.hadoop." + FillTemplateKey(AzureConfig::kAccountKeyDfs.key,
                                            {AzureTestServer::kAccount}),
          AzureTestServer::kAccountKey);
      bucket_uri_ = std::string("abfs://") + kBucket + "@" + AzureTestServer::kAccount +
                    ".dfs.core.windows.net";
    }
    base_ = bucket_uri_ + "/" + folder;
    std::string bucket;
    ASSERT_OK_AND_ASSIGN(storage_, Storage::FromUri(bucket_uri_, &bucket, config_));
    static bool made[2] = {false, false};
    if (!made[static_cast<int>(GetParam())]) {
      ASSERT_OK(storage_->CreateDir(bucket));
      made[static_cast<int>(GetParam())] = true;
    }
    ASSERT_OK_AND_ASSIGN(auto table, Storage::FromUri(base_, &table_path_, config_));
  }

  // Sets a store key for this process's reads and for every command run.
  void Key(std::string_view key, const std::string& value) {
    config_.Set(key, value);
    conf_ += " --hoodie-conf '" + std::string(key) + "=" + value + "'";
  }

  CliResult Run(const std::string& args) {
    CliResult result = RunCliWithin(kHangSeconds, args + conf_);
    outputs_ += result.out + result.err;
    return result;
  }

  nlohmann::json Json(const std::string& args) {
    CliResult result = Run("-o json " + args);
    EXPECT_EQ(result.exit_code, 0) << args << ": " << result.err;
    return result.exit_code == 0 ? nlohmann::json::parse(result.out) : nlohmann::json();
  }

  // Writes JSON lines `rows`; returns the write's summary.
  nlohmann::json Write(const std::string& rows, const std::string& extra = "") {
    const std::string input = dir_.Join("in" + std::to_string(++inputs_) + ".json");
    std::ofstream(input) << rows;
    return Json("write --table " + base_ + " --input '" + input + "'" + kTableConf +
                extra);
  }

  std::string Query(const std::string& extra = "") {
    CliResult result =
        Run("query " + base_ + " --columns id,ts,part --format json" + extra);
    EXPECT_EQ(result.exit_code, 0) << result.err;
    return SortedLines(result.out);
  }

  std::vector<std::string> Instants() {
    std::vector<std::string> out;
    for (const auto& instant : Json("timeline show --instants-only " + base_)) {
      out.push_back(instant["action"].get<std::string>() + " " +
                    instant["state"].get<std::string>());
    }
    return out;
  }

  // Every file of the table, read whole.
  std::string TableBytes() {
    auto listing = storage_->List(table_path_, /*recursive=*/true);
    EXPECT_TRUE(listing.ok()) << listing.status().ToString();
    std::string bytes;
    for (const FileStatus& status : listing.ValueOr({})) {
      if (status.is_directory) continue;
      bytes += status.path + "\n" + storage_->ReadAll(status.path).ValueOr("") + "\n";
    }
    return bytes;
  }

  TempDir dir_;
  HoodieConfig config_;
  std::string conf_;
  std::string endpoint_;
  std::string bucket_uri_;
  std::string base_;
  std::string table_path_;
  std::shared_ptr<Storage> storage_;
  std::string outputs_;  // everything the commands printed
  int inputs_ = 0;
};

TEST_P(ObjectStoreCommandsTest, CopyOnWriteWritesQueriesRollsBackAndCleans) {
  const std::string conf = " --hoodie-conf hoodie.clean.automatic=false";
  auto first = Write(
      "{\"id\":\"a\",\"ts\":1,\"part\":\"p1\"}\n{\"id\":\"b\",\"ts\":1,\"part\":\"p2\"}"
      "\n",
      conf);
  EXPECT_EQ(first["committed"], "true");
  EXPECT_EQ(Query(),
            "{\"id\": \"a\", \"ts\": 1, \"part\": \"p1\"}\n"
            "{\"id\": \"b\", \"ts\": 1, \"part\": \"p2\"}\n");
  Write("{\"id\":\"a\",\"ts\":2,\"part\":\"p1\"}\n", conf);
  Write(
      "{\"id\":\"a\",\"ts\":3,\"part\":\"p1\"}\n{\"id\":\"c\",\"ts\":3,\"part\":\"p2\"}"
      "\n",
      conf);
  const std::string rows =
      "{\"id\": \"a\", \"ts\": 3, \"part\": \"p1\"}\n"
      "{\"id\": \"b\", \"ts\": 1, \"part\": \"p2\"}\n"
      "{\"id\": \"c\", \"ts\": 3, \"part\": \"p2\"}\n";
  EXPECT_EQ(Query(), rows);

  // A write killed before its commit leaves an inflight instant that rollback undoes.
  auto killed = Write("{\"id\":\"a\",\"ts\":9,\"part\":\"p1\"}\n", conf + " --no-commit");
  EXPECT_EQ(killed["committed"], "false");
  auto rolled = Json("rollback --table " + base_);
  ASSERT_EQ(rolled.size(), 1u);
  EXPECT_EQ(rolled[0]["rolled_back"], killed["instant"]);
  EXPECT_EQ(rolled[0]["files_deleted"], "1");
  EXPECT_EQ(Query(), rows);

  // The clean deletes exactly the files its dry run lists, and the rows stay.
  const std::string retain = " --hoodie-conf hoodie.cleaner.commits.retained=1";
  auto planned = Json("clean --table " + base_ + " --dry-run" + retain);
  ASSERT_GE(planned.size(), 1u);
  auto cleaned = Json("clean --table " + base_ + retain);
  ASSERT_EQ(cleaned.size(), 1u);
  EXPECT_EQ(cleaned[0]["files_deleted"], std::to_string(planned.size()));
  for (const auto& file : planned) {
    ASSERT_OK_AND_ASSIGN(
        bool exists,
        storage_->Exists(table_path_ + "/" + file["partition"].get<std::string>() + "/" +
                         file["file"].get<std::string>()));
    EXPECT_FALSE(exists) << file.dump();
  }
  EXPECT_EQ(Query(), rows);
  EXPECT_EQ(Instants(), (std::vector<std::string>{
                            "commit COMPLETED", "commit COMPLETED", "commit COMPLETED",
                            "rollback COMPLETED", "clean COMPLETED"}));
}

TEST_P(ObjectStoreCommandsTest, MergeOnReadWritesQueriesAndCompacts) {
  const std::string mor =
      " --hoodie-conf hoodie.datasource.write.table.type=MERGE_ON_READ";
  Write(
      "{\"id\":\"a\",\"ts\":1,\"part\":\"p1\"}\n{\"id\":\"b\",\"ts\":1,\"part\":\"p2\"}"
      "\n",
      mor);
  Write("{\"id\":\"a\",\"ts\":2,\"part\":\"p1\"}\n", mor);
  const std::string rows =
      "{\"id\": \"a\", \"ts\": 2, \"part\": \"p1\"}\n"
      "{\"id\": \"b\", \"ts\": 1, \"part\": \"p2\"}\n";
  EXPECT_EQ(Query(), rows);
  // Before compaction the base files still hold the first version of a.
  EXPECT_EQ(Query(" --query-type read_optimized"),
            "{\"id\": \"a\", \"ts\": 1, \"part\": \"p1\"}\n"
            "{\"id\": \"b\", \"ts\": 1, \"part\": \"p2\"}\n");
  auto ran = Json("compaction run --schedule --table " + base_ +
                  " --hoodie-conf hoodie.compact.inline.max.delta.commits=1");
  ASSERT_EQ(ran.size(), 1u);
  EXPECT_EQ(Query(), rows);
  EXPECT_EQ(Query(" --query-type read_optimized"), rows);
  EXPECT_EQ(Instants(),
            (std::vector<std::string>{"deltacommit COMPLETED", "deltacommit COMPLETED",
                                      "commit COMPLETED"}));
}

// The store's secret, given only through keys, is in no output and no file of the
// table, whatever the commands did (including failing).
TEST_P(ObjectStoreCommandsTest, SecretsAppearInNoOutputAndNoFile) {
  std::string secret;
  if (GetParam() == Store::kGcs) {
    const std::string keyfile = dir_.Join("key.json");
    ASSERT_OK_AND_ASSIGN(std::string private_key,
                         hoodie::testing::WriteServiceAccountKeyFile(keyfile));
    secret = private_key.substr(64, 64);  // a whole line of the key, in any form it leaks
    Key(GcsConfig::kAuthType.key, "SERVICE_ACCOUNT_JSON_KEYFILE");
    Key(GcsConfig::kServiceAccountJsonKeyfile.key, keyfile);
  } else {
    secret = AzureTestServer::kAccountKey;
  }
  Write("{\"id\":\"a\",\"ts\":1,\"part\":\"p1\"}\n",
        " --hoodie-conf hoodie.datasource.write.table.type=MERGE_ON_READ");
  Write("{\"id\":\"a\",\"ts\":2,\"part\":\"p1\"}\n");
  EXPECT_EQ(Query(), "{\"id\": \"a\", \"ts\": 2, \"part\": \"p1\"}\n");
  for (const std::string& command :
       {"timeline show " + base_, "table describe " + base_,
        "compaction run --schedule --table " + base_ +
            " --hoodie-conf hoodie.compact.inline.max.delta.commits=1",
        "clean --table " + base_, "rollback --table " + base_,
        "-o json query " + base_}) {
    SCOPED_TRACE(command);
    EXPECT_EQ(Run(command).exit_code, 0);
  }
  // Failures: a bad value of the timeout, the secret under a key hoodie refuses, and
  // (Azure) a wrong account key next to the right one's name.
  EXPECT_EQ(
      Run("query " + base_ + " --hoodie-conf hoodie.storage.timeout.seconds=0").exit_code,
      1);
  const std::string refused = GetParam() == Store::kGcs
                                  ? "fs.gs.auth.client.secret"
                                  : "fs.azure.account.oauth2.client.secret";
  CliResult refusal = Run("query " + base_ + " --hoodie-conf " + refused + "=" + secret);
  EXPECT_EQ(refusal.exit_code, 1);
  EXPECT_THAT(refusal.err, HasSubstr(refused + "=<redacted>"));
  if (GetParam() == Store::kAzure) {
    const std::string key_name =
        FillTemplateKey(AzureConfig::kAccountKeyDfs.key, {AzureTestServer::kAccount});
    CliResult wrong =
        Run("query " + base_ + " --hoodie-conf '" + key_name + "=" + secret +
            "' --hoodie-conf '" + key_name + "=AAAA" + secret.substr(4) + "'");
    EXPECT_EQ(wrong.exit_code, 1);
    EXPECT_THAT(outputs_, Not(HasSubstr(secret.substr(4))));
  }
  EXPECT_THAT(outputs_, HasSubstr("\"id\": \"a\""));  // the outputs were captured
  EXPECT_THAT(outputs_, Not(HasSubstr(secret)));
  const std::string files = TableBytes();
  EXPECT_THAT(files, HasSubstr("hoodie.properties"));
  EXPECT_THAT(files, Not(HasSubstr(secret)));
}

// What every failed command on a store must look like: within the timeout, one line
// naming the path and the endpoint and saying what to set.
void ExpectOneLineError(const CliResult& result, const std::string& path,
                        const std::string& endpoint, const std::string& key) {
  EXPECT_EQ(result.exit_code, 1) << result.err;  // not 124 (hung) nor 139 (crashed)
  EXPECT_EQ(Lines(result.err), 1u) << result.err;
  EXPECT_THAT(result.err, HasSubstr("hoodie: error: "));
  EXPECT_THAT(result.err, HasSubstr(path));
  EXPECT_THAT(result.err, HasSubstr(endpoint));
  EXPECT_THAT(result.err, HasSubstr(key));
}

TEST_P(ObjectStoreCommandsTest, BadInputFailsWithinTheTimeoutInOneLine) {
  const bool gcs = GetParam() == Store::kGcs;
  const std::string key = gcs ? "fs.gs.storage.root.url" : "fs.azure.account.key.";
  const std::string timeout = " --hoodie-conf hoodie.storage.timeout.seconds=2";
  const std::string rows = dir_.Join("rows.json");
  std::ofstream(rows) << "{\"id\":\"a\",\"ts\":1,\"part\":\"p1\"}\n";

  // A bucket (container) that does not exist.
  const std::string missing = gcs ? "gs://no-such-bucket/t"
                                  : std::string("abfs://no-such-container@") +
                                        AzureTestServer::kAccount +
                                        ".dfs.core.windows.net/t";
  ExpectOneLineError(
      Run("write --table " + missing + " --input '" + rows + "'" + kTableConf + timeout),
      gcs ? "no-such-bucket/t" : "no-such-container/t", endpoint_, key);

  // An endpoint nothing answers on.
  const std::string dead = "127.0.0.1:" + std::to_string(FreeLocalPort().ValueOrDie());
  std::string saved_conf = conf_;
  if (gcs) {
    conf_ += " --hoodie-conf fs.gs.storage.root.url=http://" + dead;
  } else {
    ::setenv("AZURE_STORAGE_CONNECTION_STRING",
             ("BlobEndpoint=http://" + dead + "/" + AzureTestServer::kAccount).c_str(),
             1);
  }
  const auto start = std::chrono::steady_clock::now();
  ExpectOneLineError(Run("query " + base_ + timeout), table_path_, dead, key);
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(30));
  conf_ = saved_conf;
  if (!gcs) {
    ASSERT_OK_AND_ASSIGN(AzureTestServer * server, SharedServer<AzureTestServer>());
    ::setenv("AZURE_STORAGE_CONNECTION_STRING", server->ConnectionString(false).c_str(),
             1);
  }

  if (!gcs) {
    // A wrong account key: the server refuses it; the message names the key to set.
    const std::string key_name =
        FillTemplateKey(AzureConfig::kAccountKeyDfs.key, {AzureTestServer::kAccount});
    const std::string wrong = std::string("AAAA") + (AzureTestServer::kAccountKey + 4);
    CliResult refused = Run("query " + base_ + " --hoodie-conf '" + key_name + "=" +
                            wrong + "'" + timeout);
    ExpectOneLineError(refused, table_path_, endpoint_, "fs.azure.account.key.");
    EXPECT_THAT(refused.err, Not(HasSubstr(wrong)));
  } else {
    // A key file that is not one names its key and file, never its content.
    const std::string not_a_key = dir_.Join("not-a-key.json");
    std::ofstream(not_a_key) << "{\"hello\": \"world\"}";
    CliResult refused = Run("query " + base_ +
                            " --hoodie-conf fs.gs.auth.type=SERVICE_ACCOUNT_JSON_KEYFILE"
                            " --hoodie-conf fs.gs.auth.service.account.json.keyfile=" +
                            not_a_key);
    EXPECT_EQ(refused.exit_code, 1);
    EXPECT_EQ(Lines(refused.err), 1u) << refused.err;
    EXPECT_THAT(refused.err, HasSubstr("fs.gs.auth.service.account.json.keyfile"));
    EXPECT_THAT(refused.err, HasSubstr(not_a_key));
    EXPECT_THAT(refused.err, Not(HasSubstr("world")));
  }
}

INSTANTIATE_TEST_SUITE_P(Stores, ObjectStoreCommandsTest,
                         ::testing::Values(Store::kGcs, Store::kAzure), StoreName);

}  // namespace
}  // namespace hoodie::cli::testing
