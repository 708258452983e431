// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/config/config_registry_test.cc
/// \brief Sanity of every registered key, lookup by alias, closest-key search, Markdown.
#include "hoodie/config/config_registry.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <set>

#include "hoodie/config/clean_config.h"
#include "hoodie/config/config_markdown.h"
#include "hoodie/testing/matchers.h"

namespace hoodie {
namespace {

using ::testing::HasSubstr;

TEST(ConfigRegistryTest, RegistersWithoutDuplicates) {
  const ConfigRegistry& registry = ConfigRegistry::Global();
  EXPECT_THAT(registry.errors(), ::testing::IsEmpty());
  EXPECT_GE(registry.entries().size(), 240u);
}

TEST(ConfigRegistryTest, KeysAndAliasesAreUnique) {
  std::set<std::string_view> names;
  for (const ConfigEntry& entry : ConfigRegistry::Global().entries()) {
    EXPECT_TRUE(names.insert(entry.key).second) << "duplicate key " << entry.key;
    for (const ConfigAlias& alias : entry.aliases) {
      EXPECT_TRUE(names.insert(alias.key).second) << "duplicate alias " << alias.key;
      EXPECT_NE(alias.key, entry.key);
    }
  }
}

TEST(ConfigRegistryTest, EveryEntryIsDocumentedAndGrouped) {
  for (const ConfigEntry& entry : ConfigRegistry::Global().entries()) {
    EXPECT_FALSE(entry.doc.empty()) << entry.key;
    EXPECT_FALSE(entry.group.empty()) << entry.key;
    EXPECT_FALSE(entry.key.empty());
  }
}

TEST(ConfigRegistryTest, DefaultsPassTheirOwnChecks) {
  for (const ConfigEntry& entry : ConfigRegistry::Global().entries()) {
    if (!entry.default_value) continue;
    EXPECT_OK(entry.check(*entry.default_value));
    if (!entry.allowed_values.empty()) {
      EXPECT_TRUE(IsAllowedConfigValue(*entry.default_value, entry.allowed_values))
          << entry.key;
    }
  }
}

TEST(ConfigRegistryTest, FindsByKeyAliasPrefixAndTemplate) {
  const ConfigRegistry& registry = ConfigRegistry::Global();
  const ConfigEntry* by_key = registry.Find("hoodie.datasource.write.operation");
  ASSERT_NE(by_key, nullptr);
  EXPECT_EQ(registry.Find("write.operation"), by_key);
  const ConfigEntry* table_type = registry.Find("hoodie.datasource.write.storage.type");
  ASSERT_NE(table_type, nullptr);
  EXPECT_EQ(table_type->key, "hoodie.datasource.write.table.type");
  EXPECT_EQ(registry.Find("table.type"), table_type);
  EXPECT_EQ(registry.Find("compaction.delta_commits")->key,
            "hoodie.compact.inline.max.delta.commits");
  EXPECT_EQ(registry.Find("hoodie.deltastreamer.jdbc.extra.options.customSchema")->key,
            "hoodie.deltastreamer.jdbc.extra.options.");
  EXPECT_EQ(registry.Find("hoodie.deltastreamer.ingestion.db1.table1.configFile")->key,
            "hoodie.deltastreamer.ingestion.<database>.<table>.configFile");
  EXPECT_EQ(registry.Find("hoodie.deltastreamer.ingestion.db1.configFile"), nullptr);
  EXPECT_EQ(registry.Find("hoodie.no.such.key"), nullptr);
}

TEST(ConfigRegistryTest, ClosestKeySuggestsTypoFix) {
  const ConfigRegistry& registry = ConfigRegistry::Global();
  EXPECT_EQ(registry.ClosestKey("hoodie.cleaner.commit.retained"),
            "hoodie.cleaner.commits.retained");
  EXPECT_EQ(registry.ClosestKey("hoodie.index.tpye"), "hoodie.index.type");
  EXPECT_EQ(registry.ClosestKey("completely.unrelated.setting.name.here"), "");
}

TEST(ConfigRegistryTest, EntryCheckNamesKeyValueAndAllowed) {
  const ConfigEntry* entry = ConfigRegistry::Global().Find("hoodie.cleaner.policy");
  ASSERT_NE(entry, nullptr);
  ::arrow::Status st = entry->check("KEEP_SOME");
  ASSERT_TRUE(st.IsInvalid());
  EXPECT_THAT(st.message(), HasSubstr("hoodie.cleaner.policy"));
  EXPECT_THAT(st.message(), HasSubstr("'KEEP_SOME'"));
  EXPECT_THAT(st.message(), HasSubstr("KEEP_LATEST_FILE_VERSIONS"));
  EXPECT_OK(entry->check("keep_latest_commits"));
}

TEST(ConfigRegistryTest, TypedEntriesCarryTheirMetadata) {
  EXPECT_EQ(CleanConfig::kCommitsRetained.key, "hoodie.cleaner.commits.retained");
  EXPECT_EQ(CleanConfig::kCommitsRetained.default_value, 24);
  EXPECT_EQ(CleanConfig::kCommitsRetained.hudi_0_15_default, "10");
  const ConfigEntry* entry = ConfigRegistry::Global().Find("clean.retain_commits");
  ASSERT_NE(entry, nullptr);
  EXPECT_EQ(entry->type, ConfigType::kInt32);
  EXPECT_EQ(entry->default_value, "24");
  EXPECT_EQ(entry->group, "Clean and Archive");
}

TEST(ConfigMarkdownTest, RendersGroupsRowsAndMarkers) {
  std::string markdown = RenderConfigMarkdown();
  EXPECT_THAT(markdown, HasSubstr("## Clean and Archive\n"));
  EXPECT_THAT(markdown, HasSubstr("| `hoodie.cleaner.commits.retained` | "
                                  "`clean.retain_commits` (documented default 10) | "
                                  "int32 | `24` † |"));
  EXPECT_THAT(markdown, HasSubstr("† Hudi 0.15 default: 10."));
  EXPECT_THAT(markdown, HasSubstr("`hoodie.datasource.write.storage.type` (deprecated)"));
  EXPECT_EQ(markdown, RenderConfigMarkdown());
}

}  // namespace
}  // namespace hoodie
