// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/config/hoodie_config_test.cc
/// \brief HoodieConfig layering, includes, --hoodie-conf, typed lookup and validation.
#include "hoodie/config/hoodie_config.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "hoodie/common/logging.h"
#include "hoodie/config/clean_config.h"
#include "hoodie/config/compaction_config.h"
#include "hoodie/config/datasource_config.h"
#include "hoodie/config/index_config.h"
#include "hoodie/config/storage_config.h"
#include "hoodie/config/streamer_config.h"
#include "hoodie/config/table_config_keys.h"
#include "hoodie/testing/matchers.h"
#include "hoodie/testing/temp_dir.h"

namespace hoodie {
namespace {

using ::hoodie::testing::StatusMessageHas;
using ::hoodie::testing::TempDir;
using ::testing::ElementsAre;
using ::testing::HasSubstr;

void WriteFile(const std::string& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary);
  out << text;
}

/// Captures warnings for the lifetime of the object.
class WarningCapture {
 public:
  WarningCapture() {
    old_ = SetLogSink([this](LogLevel level, std::string_view message) {
      if (level == LogLevel::kWarning) messages_.emplace_back(message);
    });
  }
  ~WarningCapture() { SetLogSink(std::move(old_)); }
  const std::vector<std::string>& messages() const { return messages_; }

 private:
  LogSink old_;
  std::vector<std::string> messages_;
};

TEST(HoodieConfigTest, LaterLayersOverrideEarlierOnes) {
  TempDir dir;
  WriteFile(dir.Join("base.properties"),
            "hoodie.cleaner.commits.retained=5\nhoodie.table.name=a\n");
  WriteFile(dir.Join("over.properties"), "hoodie.table.name=b\n");
  HoodieConfig config;
  ASSERT_OK(config.LoadPropertiesFile(dir.Join("base.properties")));
  ASSERT_OK(config.LoadPropertiesFile(dir.Join("over.properties")));
  EXPECT_EQ(config.GetRaw("hoodie.table.name"), "b");
  ASSERT_OK(config.AddHoodieConfs(
      {"hoodie.table.name=c", "hoodie.cleaner.commits.retained=7"}));
  EXPECT_EQ(config.GetRaw("hoodie.table.name"), "c");
  config.Set(CleanConfig::kCommitsRetained, 9);
  ASSERT_OK_AND_ASSIGN(int32_t retained, config.Get(CleanConfig::kCommitsRetained));
  EXPECT_EQ(retained, 9);
  EXPECT_EQ(config.size(), 2u);
}

TEST(HoodieConfigTest, IncludeResolvesRelativeToIncludingFile) {
  TempDir dir;
  std::filesystem::create_directories(dir.Join("conf/common"));
  WriteFile(dir.Join("conf/common/base.properties"),
            "hoodie.table.name=from_base\nhoodie.index.type=SIMPLE\n");
  WriteFile(dir.Join("conf/job.properties"),
            "# job\nhoodie.index.type=BLOOM\ninclude=common/base.properties\n"
            "hoodie.table.name=from_job\n");
  HoodieConfig config;
  ASSERT_OK(config.LoadPropertiesFile(dir.Join("conf/job.properties")));
  // The include applies where it appears: it overrides earlier lines, later lines win.
  EXPECT_EQ(config.GetRaw("hoodie.index.type"), "SIMPLE");
  EXPECT_EQ(config.GetRaw("hoodie.table.name"), "from_job");
  EXPECT_FALSE(config.Contains("include"));
}

TEST(HoodieConfigTest, IncludeCycleIsAnErrorNamingFileAndLine) {
  TempDir dir;
  WriteFile(dir.Join("a.properties"), "k=1\ninclude=b.properties\n");
  WriteFile(dir.Join("b.properties"), "\n\ninclude=a.properties\n");
  HoodieConfig config;
  ::arrow::Status st = config.LoadPropertiesFile(dir.Join("a.properties"));
  ASSERT_TRUE(st.IsInvalid()) << st.ToString();
  EXPECT_THAT(st.message(), HasSubstr("include cycle"));
  EXPECT_THAT(st.message(), HasSubstr("b.properties at line 3"));
}

TEST(HoodieConfigTest, MissingIncludeAndBadEscapeNameTheirSource) {
  TempDir dir;
  WriteFile(dir.Join("a.properties"), "include=missing.properties\n");
  HoodieConfig config;
  ::arrow::Status st = config.LoadPropertiesFile(dir.Join("a.properties"));
  ASSERT_TRUE(st.IsIOError()) << st.ToString();
  EXPECT_THAT(st.message(), HasSubstr("missing.properties"));
  EXPECT_THAT(st.message(), HasSubstr("a.properties at line 1"));
  WriteFile(dir.Join("bad.properties"), "a=1\nb=\\uZZZZ\n");
  EXPECT_THAT(config.LoadPropertiesFile(dir.Join("bad.properties")),
              StatusMessageHas("bad.properties at line 2"));
  ASSERT_RAISES(IOError, config.LoadPropertiesFile(dir.Join("nope.properties")));
}

TEST(HoodieConfigTest, HoodieConfArgumentNeedsKeyAndEquals) {
  HoodieConfig config;
  EXPECT_THAT(
      config.AddHoodieConf("hoodie.table.name"),
      StatusMessageHas("--hoodie-conf expects key=value, got 'hoodie.table.name'"));
  ASSERT_RAISES(Invalid, config.AddHoodieConf("=value"));
  ASSERT_OK(
      config.AddHoodieConf("hoodie.datasource.hive_sync.jdbcurl=jdbc:hive2://h:1/?a=b"));
  EXPECT_EQ(config.GetRaw("hoodie.datasource.hive_sync.jdbcurl"),
            "jdbc:hive2://h:1/?a=b");
  ASSERT_OK(config.AddHoodieConf("hoodie.table.name="));
  EXPECT_EQ(config.GetRaw("hoodie.table.name"), "");
}

TEST(HoodieConfigTest, GetFallsBackToAliasThenDefault) {
  HoodieConfig config;
  ASSERT_OK_AND_ASSIGN(std::string operation, config.Get(DataSourceConfig::kOperation));
  EXPECT_EQ(operation, "upsert");
  config.Set("write.operation", "insert");
  ASSERT_OK_AND_ASSIGN(operation, config.Get(DataSourceConfig::kOperation));
  EXPECT_EQ(operation, "insert");
  config.Set("hoodie.datasource.write.operation", "bulk_insert");
  ASSERT_OK_AND_ASSIGN(operation, config.Get(DataSourceConfig::kOperation));
  EXPECT_EQ(operation, "bulk_insert");
  ASSERT_RAISES(KeyError, config.Get(TableConfigKeys::kTableName));
}

TEST(HoodieConfigTest, StreamerSpellingWinsOverDeltastreamerAsInHudi015) {
  HoodieConfig config;
  config.Set("hoodie.deltastreamer.source.dfs.root", "/old");
  ASSERT_OK_AND_ASSIGN(std::string root, config.Get(StreamerConfig::kDfsRoot));
  EXPECT_EQ(root, "/old");
  // HoodieStreamer 0.15 reads hoodie.streamer.* first, its deltastreamer twin after.
  config.Set("hoodie.streamer.source.dfs.root", "/new");
  ASSERT_OK_AND_ASSIGN(root, config.Get(StreamerConfig::kDfsRoot));
  EXPECT_EQ(root, "/new");
}

TEST(HoodieConfigTest, DeprecatedAliasWarnsOnce) {
  WarningCapture capture;
  HoodieConfig config;
  config.Set("hoodie.datasource.write.storage.type", "MERGE_ON_READ");
  ASSERT_OK_AND_ASSIGN(std::string type, config.Get(DataSourceConfig::kTableType));
  EXPECT_EQ(type, "MERGE_ON_READ");
  ASSERT_OK_AND_ASSIGN(type, config.Get(DataSourceConfig::kTableType));
  EXPECT_THAT(
      capture.messages(),
      ElementsAre("config key 'hoodie.datasource.write.storage.type' is deprecated; "
                  "use 'hoodie.datasource.write.table.type'"));
}

TEST(HoodieConfigTest, BadValuesNameKeyValueAndAllowed) {
  HoodieConfig config;
  config.Set("hoodie.cleaner.commits.retained", "ten");
  EXPECT_THAT(
      config.Get(CleanConfig::kCommitsRetained),
      StatusMessageHas("invalid value for config 'hoodie.cleaner.commits.retained': "
                       "'ten' (allowed: int32)"));
  config.Set("hoodie.index.type", "BTREE");
  auto index_type = config.Get(IndexConfig::kIndexType);
  ASSERT_RAISES(Invalid, index_type);
  EXPECT_THAT(index_type,
              StatusMessageHas("'BTREE' (allowed: one of: BLOOM, GLOBAL_BLOOM"));
  config.Set("hoodie.parquet.max.file.size", "-1");
  EXPECT_THAT(config.Get(StorageConfig::kParquetMaxFileSize),
              StatusMessageHas("'hoodie.parquet.max.file.size': '-1' (must be > 0)"));
  config.Set("hoodie.upsert.shuffle.parallelism", "-4");
  config.Set("hoodie.compact.inline", "yes");
  ::arrow::Status st = config.Validate();
  ASSERT_TRUE(st.IsInvalid());
  for (const char* expected :
       {"'hoodie.cleaner.commits.retained': 'ten'", "'hoodie.index.type': 'BTREE'",
        "'hoodie.parquet.max.file.size': '-1'",
        "'hoodie.upsert.shuffle.parallelism': '-4' (must be >= 0)",
        "'hoodie.compact.inline': 'yes' (allowed: bool)"}) {
    EXPECT_THAT(st.message(), HasSubstr(expected));
  }
}

TEST(HoodieConfigTest, ValidateChecksAliasesAgainstCanonicalKey) {
  HoodieConfig config;
  config.Set("compaction.delta_commits", "0");
  ::arrow::Status st = config.Validate();
  ASSERT_TRUE(st.IsInvalid());
  EXPECT_THAT(st.message(),
              HasSubstr("'hoodie.compact.inline.max.delta.commits': '0' (must be > 0) "
                        "(set as 'compaction.delta_commits')"));
  ASSERT_OK_AND_ASSIGN(
      int32_t unused,
      HoodieConfig().Get(CompactionConfig::kInlineCompactMaxDeltaCommits));
  EXPECT_EQ(unused, 10);
}

TEST(HoodieConfigTest, UnknownHoodieKeyWarnsWithClosestKey) {
  WarningCapture capture;
  HoodieConfig config;
  config.Set("hoodie.cleaner.commit.retained", "3");
  config.Set("spark.executor.memory", "6g");
  config.Set("hoodie.zzzz", "1");
  ASSERT_OK(config.Validate());
  EXPECT_THAT(capture.messages(),
              ElementsAre("unknown key 'hoodie.cleaner.commit.retained'; did you mean "
                          "'hoodie.cleaner.commits.retained'?",
                          "unknown key 'hoodie.zzzz'"));
}

TEST(HoodieConfigTest, EveryUnknownKeyIsReportedWhenAskedFor) {
  HoodieConfig config;
  config.Set("spark.executor.memory", "6g");
  config.Set("hoodie.table.name", "t");
  std::vector<std::string> keys;
  for (const ConfigProblem& problem : config.Check(HoodieConfig::UnknownKeys::kAll)) {
    keys.push_back(problem.key + ": " + problem.message);
  }
  EXPECT_THAT(keys, ElementsAre("spark.executor.memory: unknown key 'spark.executor.memory'"));
  EXPECT_TRUE(config.Check().empty());
}

TEST(HoodieConfigTest, ValidConfigPasses) {
  HoodieConfig config;
  config.Set(TableConfigKeys::kTableName, "t1");
  config.Set("hoodie.datasource.write.operation", "UPSERT");
  config.Set("hoodie.index.bloom.fpp", "0.0001");
  config.Set("table.type", "MERGE_ON_READ");
  EXPECT_OK(config.Validate());
  EXPECT_TRUE(config.Check().empty());
}

}  // namespace
}  // namespace hoodie
