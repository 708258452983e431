// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/config/store_config_test.cc
/// \brief The object stores' Hadoop keys (fs.gs.*, fs.azure.*) in the registry: found
/// plain or with Spark's prefix, templates before the prefixes that cover them, every
/// other key of the store refused without showing its value.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "hoodie/config/azure_config.h"
#include "hoodie/config/config_registry.h"
#include "hoodie/config/gcs_config.h"
#include "hoodie/config/hoodie_config.h"

namespace hoodie {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;

std::string_view FoundKey(std::string_view name) {
  const ConfigEntry* entry = ConfigRegistry::Global().Find(name);
  return entry == nullptr ? std::string_view("(none)") : entry->key;
}

TEST(StoreConfigTest, KeysAreFoundPlainAndWithSparksPrefix) {
  EXPECT_EQ(FoundKey("fs.gs.project.id"), GcsConfig::kProjectId.key);
  EXPECT_EQ(FoundKey("spark.hadoop.fs.gs.storage.root.url"),
            GcsConfig::kStorageRootUrl.key);
  EXPECT_EQ(FoundKey("fs.azure.account.key.acc.dfs.core.windows.net"),
            AzureConfig::kAccountKeyDfs.key);
  EXPECT_EQ(FoundKey("spark.hadoop.fs.azure.account.key.acc.blob.core.windows.net"),
            AzureConfig::kAccountKeyBlob.key);
  EXPECT_EQ(FoundKey("fs.azure.sas.fixed.token.acc.dfs.core.windows.net"),
            AzureConfig::kSasFixedTokenOfAccount.key);
  EXPECT_EQ(FoundKey("fs.azure.sas.c1.acc.blob.core.windows.net"),
            AzureConfig::kWasbSas.key);
  // Templates win over the refused prefix that covers them; the rest falls to it.
  EXPECT_EQ(FoundKey("fs.azure.account.oauth2.client.secret"),
            AzureConfig::kOtherKeys.key);
  EXPECT_EQ(FoundKey("spark.hadoop.fs.azure.account.auth.type"),
            AzureConfig::kOtherKeys.key);
  EXPECT_EQ(FoundKey("fs.gs.inputstream.fadvise"), GcsConfig::kOtherKeys.key);
  EXPECT_EQ(FoundKey("spark.hadoop.fs.gs.auth.client.secret"), GcsConfig::kOtherKeys.key);
}

TEST(StoreConfigTest, TemplateKeysAreFilledAndReadUnderEitherSpelling) {
  EXPECT_EQ(FillTemplateKey(AzureConfig::kWasbSas.key, {"c1", "acc"}),
            "fs.azure.sas.c1.acc.blob.core.windows.net");
  HoodieConfig config;
  config.Set("spark.hadoop.fs.azure.account.key.acc.dfs.core.windows.net", "a2V5");
  EXPECT_EQ(AzureConfig::GetFor(config, AzureConfig::kAccountKeyDfs, {"acc"}), "a2V5");
  EXPECT_EQ(AzureConfig::GetFor(config, AzureConfig::kAccountKeyDfs, {"other"}),
            std::nullopt);
  config.Set("fs.azure.account.key.acc.dfs.core.windows.net", "cGxhaW4=");
  EXPECT_EQ(AzureConfig::GetFor(config, AzureConfig::kAccountKeyDfs, {"acc"}),
            "cGxhaW4=");
}

TEST(StoreConfigTest, OtherStoreKeysAreRefusedNamingTheKeyNotTheValue) {
  for (const char* key : {"fs.azure.account.oauth2.client.secret",
                          "spark.hadoop.fs.gs.auth.client.secret"}) {
    SCOPED_TRACE(key);
    HoodieConfig config;
    config.Set(key, "TOPSECRETVALUE");
    ::arrow::Status status = config.CheckSupported();
    ASSERT_TRUE(status.IsNotImplemented()) << status.ToString();
    EXPECT_THAT(status.message(), HasSubstr(std::string(key) + "=<redacted>"));
    EXPECT_THAT(status.message(), Not(HasSubstr("TOPSECRETVALUE")));
  }
  HoodieConfig honoured;
  honoured.Set("fs.azure.account.key.acc.dfs.core.windows.net", "a2V5");
  honoured.Set("fs.gs.auth.type", "unauthenticated");
  EXPECT_TRUE(honoured.CheckSupported().ok());
  EXPECT_TRUE(honoured.Validate().ok());
}

TEST(StoreConfigTest, CredentialKeysAreSecret) {
  for (const ConfigEntry& entry : ConfigRegistry::Global().entries()) {
    if (entry.group == "Hadoop Azure (hadoop-azure)") {
      EXPECT_TRUE(entry.secret) << entry.key;
    }
  }
  HoodieConfig config;
  config.Set("fs.gs.auth.type", "NOT_A_TYPE");
  ::arrow::Result<std::string> bad = config.Get(GcsConfig::kAuthType);
  ASSERT_FALSE(bad.ok());
  EXPECT_THAT(bad.status().message(), HasSubstr("SERVICE_ACCOUNT_JSON_KEYFILE"));
}

}  // namespace
}  // namespace hoodie
