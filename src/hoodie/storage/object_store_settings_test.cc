// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/storage/object_store_settings_test.cc
/// \brief How gs://, abfs:// and wasb:// paths find their endpoint and credentials: the
/// fs.gs.* and fs.azure.* keys over the environment (STORAGE_EMULATOR_HOST,
/// AZURE_STORAGE_CONNECTION_STRING), against the GCS emulator and Azurite.
#include <chrono>
#include <cstdlib>
#include <fstream>
#include <string>

#include <arrow/filesystem/filesystem.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "hoodie/config/azure_config.h"
#include "hoodie/config/config_registry.h"
#include "hoodie/config/gcs_config.h"
#include "hoodie/config/hoodie_config.h"
#include "hoodie/config/storage_config.h"
#include "hoodie/storage/storage.h"
#include "hoodie/testing/azure_test_server.h"
#include "hoodie/testing/gcs_test_server.h"
#include "hoodie/testing/matchers.h"
#include "hoodie/testing/temp_dir.h"

namespace hoodie {
namespace {

using ::hoodie::testing::AzureTestServer;
using ::hoodie::testing::FreeLocalPort;
using ::hoodie::testing::GcsTestServer;
using ::hoodie::testing::SharedServer;
using ::hoodie::testing::StatusMessageHas;
using ::hoodie::testing::TempDir;
using ::testing::HasSubstr;
using ::testing::Not;

std::string DeadEndpoint() {
  return "http://127.0.0.1:" + std::to_string(FreeLocalPort().ValueOrDie());
}

// Writes `name` through the storage of `uri` and reads it back through the same one.
::arrow::Status RoundTrip(const std::string& uri, const HoodieConfig& config,
                          const std::string& name) {
  std::string root;
  ARROW_ASSIGN_OR_RAISE(auto storage, Storage::FromUri(uri, &root, config));
  ARROW_RETURN_NOT_OK(storage->CreateDir(root.substr(0, root.find('/'))));
  ARROW_RETURN_NOT_OK(
      storage->WriteAll(root + "/" + name, "payload", /*overwrite=*/true));
  ARROW_ASSIGN_OR_RAISE(std::string read, storage->ReadAll(root + "/" + name));
  if (read != "payload") return ::arrow::Status::Invalid("read back '", read, "'");
  return ::arrow::Status::OK();
}

class GcsSettingsTest : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_OK_AND_ASSIGN(server_, SharedServer<GcsTestServer>());
    config_.Set(GcsConfig::kProjectId.key, "hoodie-test");
    config_.Set(StorageConfig::kStorageTimeoutSeconds.key, "2");
  }
  void TearDown() override { ::unsetenv("STORAGE_EMULATOR_HOST"); }

  GcsTestServer* server_ = nullptr;
  HoodieConfig config_;
};

TEST_F(GcsSettingsTest, EmulatorHostVariableIsHonouredAndTheKeyOverridesIt) {
  ::setenv("STORAGE_EMULATOR_HOST",
           ("127.0.0.1:" + std::to_string(server_->port())).c_str(), 1);
  ASSERT_OK(RoundTrip("gs://settings/env", config_, "a"));

  ::setenv("STORAGE_EMULATOR_HOST", DeadEndpoint().c_str(), 1);
  HoodieConfig keyed = config_;
  keyed.Set("spark.hadoop.fs.gs.storage.root.url", server_->endpoint());
  ASSERT_OK(RoundTrip("gs://settings/key", keyed, "b"));

  // The key wins the other way round too: a dead endpoint fails within the timeout,
  // naming the endpoint, though the variable names a live one.
  ::setenv("STORAGE_EMULATOR_HOST", server_->endpoint().c_str(), 1);
  HoodieConfig dead = config_;
  const std::string endpoint = DeadEndpoint();
  dead.Set(GcsConfig::kStorageRootUrl.key, endpoint);
  const auto start = std::chrono::steady_clock::now();
  ::arrow::Status failed = RoundTrip("gs://settings/dead", dead, "c");
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(15));
  ASSERT_FALSE(failed.ok());
  EXPECT_THAT(failed, StatusMessageHas("endpoint: " + endpoint));
  EXPECT_THAT(failed, StatusMessageHas("fs.gs.storage.root.url"));
}

TEST_F(GcsSettingsTest, ServiceAccountKeyFileSignsRequests) {
  TempDir dir;
  const std::string keyfile = dir.Join("key.json");
  ASSERT_OK_AND_ASSIGN(std::string private_key,
                       hoodie::testing::WriteServiceAccountKeyFile(keyfile));
  config_.Set(GcsConfig::kStorageRootUrl.key, server_->endpoint());
  config_.Set(GcsConfig::kServiceAccountJsonKeyfile.key, keyfile);
  config_.Set(GcsConfig::kAuthType.key, "SERVICE_ACCOUNT_JSON_KEYFILE");
  ASSERT_OK(RoundTrip("gs://settings/keyfile", config_, "a"));

  // The key file's problems name the key and the file, never its content.
  config_.Set(GcsConfig::kServiceAccountJsonKeyfile.key, dir.Join("missing.json"));
  ::arrow::Status missing = RoundTrip("gs://settings/keyfile", config_, "b");
  ASSERT_FALSE(missing.ok());
  EXPECT_THAT(missing, StatusMessageHas("fs.gs.auth.service.account.json.keyfile"));
  EXPECT_THAT(missing, StatusMessageHas(dir.Join("missing.json")));
  config_.Set(GcsConfig::kServiceAccountJsonKeyfile.key, dir.Join("key.json.not"));
  std::ofstream(dir.Join("key.json.not")) << "{\"secret\": \"" << private_key << "\"}";
  ::arrow::Status not_a_key = RoundTrip("gs://settings/keyfile", config_, "b");
  ASSERT_RAISES(Invalid, not_a_key);
  EXPECT_THAT(not_a_key.message(), Not(HasSubstr(private_key.substr(0, 40))));
  HoodieConfig no_file = config_;
  no_file.Set(GcsConfig::kServiceAccountJsonKeyfile.key, "");
  ::arrow::Status unset = RoundTrip("gs://settings/keyfile", no_file, "b");
  ASSERT_RAISES(Invalid, unset);
  EXPECT_THAT(unset, StatusMessageHas("needs fs.gs.auth.service.account.json.keyfile"));
}

// A store difference Storage hides: GCS shows an object once its upload completes.
TEST_F(GcsSettingsTest, AnObjectAppearsOnlyWhenItsStreamCloses) {
  config_.Set(GcsConfig::kStorageRootUrl.key, server_->endpoint());
  std::string root;
  ASSERT_OK_AND_ASSIGN(auto storage,
                       Storage::FromUri("gs://settings/visible", &root, config_));
  ASSERT_OK(storage->CreateDir("settings"));
  ASSERT_OK_AND_ASSIGN(auto stream, storage->Create(root + "/f", false));
  ASSERT_OK(stream->Write("data", 4));
  ASSERT_OK_AND_ASSIGN(bool during, storage->Exists(root + "/f"));
  EXPECT_FALSE(during);
  ASSERT_OK(stream->Close());
  ASSERT_OK_AND_ASSIGN(bool after, storage->Exists(root + "/f"));
  EXPECT_TRUE(after);
}

class AzureSettingsTest : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_OK_AND_ASSIGN(server_, SharedServer<AzureTestServer>());
  }
  void TearDown() override { ::unsetenv("AZURE_STORAGE_CONNECTION_STRING"); }

  static std::string Abfs(const std::string& container, const std::string& path) {
    return "abfs://" + container + "@" + AzureTestServer::kAccount +
           ".dfs.core.windows.net/" + path;
  }

  AzureTestServer* server_ = nullptr;
};

TEST_F(AzureSettingsTest, ConnectionStringServesAbfsAndWasbAlike) {
  ::setenv("AZURE_STORAGE_CONNECTION_STRING", server_->ConnectionString().c_str(), 1);
  ASSERT_OK(RoundTrip(Abfs("both", "dir"), HoodieConfig(), "a"));
  std::string path;
  ASSERT_OK_AND_ASSIGN(auto wasb, Storage::FromUri(std::string("wasbs://both@") +
                                                       AzureTestServer::kAccount +
                                                       ".blob.core.windows.net/dir/a",
                                                   &path, HoodieConfig()));
  EXPECT_EQ(path, "both/dir/a");
  ASSERT_OK_AND_ASSIGN(std::string read, wasb->ReadAll(path));
  EXPECT_EQ(read, "payload");
  auto other_form = Storage::FromUri("wasb://both/dir/a", &path, HoodieConfig());
  ASSERT_RAISES(Invalid, other_form);
  EXPECT_THAT(other_form, StatusMessageHas("container@account.blob.core.windows.net"));
}

TEST_F(AzureSettingsTest, SasTokensOfEveryKeyAuthenticate) {
  ::setenv("AZURE_STORAGE_CONNECTION_STRING", server_->ConnectionString(false).c_str(),
           1);
  ASSERT_OK_AND_ASSIGN(std::string sas, AzureTestServer::AccountSas());
  const std::string account = AzureTestServer::kAccount;
  HoodieConfig per_account;
  per_account.Set(FillTemplateKey(AzureConfig::kSasFixedTokenOfAccount.key, {account}),
                  sas);
  ASSERT_OK(RoundTrip(Abfs("sas", "account"), per_account, "a"));
  HoodieConfig every_account;
  every_account.Set(AzureConfig::kSasFixedToken.key, "?" + sas);
  ASSERT_OK(RoundTrip(Abfs("sas", "every"), every_account, "b"));
  HoodieConfig wasb;
  wasb.Set(FillTemplateKey(AzureConfig::kWasbSas.key, {"sas", account}), sas);
  ASSERT_OK(
      RoundTrip("wasb://sas@" + account + ".blob.core.windows.net/wasb", wasb, "c"));
  // A wrong signature is refused, and the error shows no signature.
  const std::string signature = sas.substr(sas.find("sig=") + 4);
  std::string wrong = sas.substr(0, sas.find("sig=") + 4) + "AAAA" + signature.substr(4);
  HoodieConfig refused;
  refused.Set(AzureConfig::kSasFixedToken.key, wrong);
  ::arrow::Status failed = RoundTrip(Abfs("sas", "wrong"), refused, "d");
  ASSERT_FALSE(failed.ok());
  EXPECT_THAT(failed.message(), Not(HasSubstr(signature.substr(4, 20))));
}

TEST_F(AzureSettingsTest, TheKeyOverridesTheConnectionStringsKey) {
  // The connection string's key is wrong; hadoop-azure's key is right and wins.
  std::string wrong = server_->ConnectionString();
  const std::string key = AzureTestServer::kAccountKey;
  wrong.replace(wrong.find(key), 4, "AAAA");
  ::setenv("AZURE_STORAGE_CONNECTION_STRING", wrong.c_str(), 1);
  ASSERT_FALSE(RoundTrip(Abfs("keys", "env"), HoodieConfig(), "a").ok());
  HoodieConfig keyed;
  keyed.Set("spark.hadoop." + FillTemplateKey(AzureConfig::kAccountKeyBlob.key,
                                              {AzureTestServer::kAccount}),
            key);
  ASSERT_OK(RoundTrip(Abfs("keys", "key"), keyed, "b"));
  // A key that is not base64 fails before any request, naming the key but not the value.
  HoodieConfig garbled;
  const std::string name =
      FillTemplateKey(AzureConfig::kAccountKeyDfs.key, {AzureTestServer::kAccount});
  garbled.Set(name, "not a key!");
  std::string path;
  auto refused = Storage::FromUri(Abfs("keys", "x"), &path, garbled);
  ASSERT_RAISES(Invalid, refused);
  EXPECT_THAT(refused, StatusMessageHas(name));
  EXPECT_THAT(refused.status().message(), Not(HasSubstr("not a key!")));
}

// The store difference Storage hides: Arrow's Azure streams create an empty blob when
// opened, so CreateImmutable stages instant files under a hidden name and copies them
// into place (the conformance suite checks it leaves no temporary file).
TEST_F(AzureSettingsTest, StreamsShowAnEmptyBlobFromTheOpenSoInstantsAreStaged) {
  ::setenv("AZURE_STORAGE_CONNECTION_STRING", server_->ConnectionString().c_str(), 1);
  std::string root;
  ASSERT_OK_AND_ASSIGN(auto storage,
                       Storage::FromUri(Abfs("visible", "t"), &root, HoodieConfig()));
  ASSERT_OK(storage->CreateDir("visible"));
  ASSERT_OK_AND_ASSIGN(auto stream, storage->Create(root + "/f", false));
  ASSERT_OK(stream->Write("data", 4));
  ASSERT_OK_AND_ASSIGN(FileStatus during, storage->GetFileStatus(root + "/f"));
  EXPECT_EQ(during.size, 0);
  ASSERT_OK(stream->Close());
  ASSERT_OK_AND_ASSIGN(FileStatus after, storage->GetFileStatus(root + "/f"));
  EXPECT_EQ(after.size, 4);
  ASSERT_OK(storage->CreateImmutable(root + "/.hoodie/1.commit", "{}"));
  ASSERT_OK_AND_ASSIGN(auto listing, storage->List(root + "/.hoodie", false));
  ASSERT_EQ(listing.size(), 1u);
  EXPECT_EQ(listing[0].path, root + "/.hoodie/1.commit");
}

}  // namespace
}  // namespace hoodie
