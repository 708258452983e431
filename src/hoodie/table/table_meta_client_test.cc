// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/table/table_meta_client_test.cc
/// \brief Tests of TableMetaClient: create/load round trip, version checks, samples.
#include "hoodie/table/table_meta_client.h"

#include <regex>
#include <set>
#include <string>
#include <vector>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "hoodie/common/logging.h"
#include "hoodie/storage/fault_injecting_storage.h"
#include "hoodie/storage/storage.h"
#include "hoodie/testing/matchers.h"
#include "hoodie/testing/temp_dir.h"
#include "hoodie/testing/test_data.h"

namespace hoodie {
namespace {

using ::hoodie::testing::HasErrorCode;
using ::hoodie::testing::StatusMessageHas;
using ::testing::ElementsAre;
using ::testing::StartsWith;

std::string AfterDateLine(const std::string& text) {
  return text.substr(text.find('\n', text.find('\n') + 1) + 1);
}

// Paths below `root`, relative, folders marked with a trailing '/'.
std::set<std::string> ListTree(Storage* storage, const std::string& root) {
  std::set<std::string> names;
  auto entries = storage->List(root, /*recursive=*/true);
  EXPECT_TRUE(entries.ok()) << entries.status().ToString();
  if (!entries.ok()) return names;
  for (const auto& entry : *entries) {
    std::string relative = entry.path.substr(root.size() + 1);
    names.insert(entry.is_directory ? relative + "/" : relative);
  }
  return names;
}

TableCreateOptions SampleLikeOptions() {
  TableCreateOptions options;
  options.table_name = "trips";
  options.database_name = "default";
  options.table_type = TableType::kCopyOnWrite;
  options.record_key_fields = {"id", "name"};
  options.partition_fields = std::vector<std::string>{"byteField", "shortField"};
  options.precombine_field = "longField";
  options.key_generator_class = "org.apache.hudi.keygen.ComplexKeyGenerator";
  options.hive_style_partitioning = true;
  options.url_encode_partitioning = false;
  options.drop_partition_columns = false;
  return options;
}

TEST(TableMetaClientTest, CreateMakesExactFoldersAndProperties) {
  testing::TempDir dir;
  auto storage = Storage::Local();
  std::string base = dir.Join("trips");
  ASSERT_OK_AND_ASSIGN(auto client,
                       TableMetaClient::Create(storage, base, SampleLikeOptions()));
  EXPECT_EQ(ListTree(storage.get(), base),
            (std::set<std::string>{
                ".hoodie/", ".hoodie/.aux/", ".hoodie/.aux/.bootstrap/",
                ".hoodie/.aux/.bootstrap/.fileids/",
                ".hoodie/.aux/.bootstrap/.partitions/", ".hoodie/.schema/",
                ".hoodie/.temp/", ".hoodie/archived/", ".hoodie/hoodie.properties"}));
  ASSERT_OK_AND_ASSIGN(std::string text,
                       storage->ReadAll(base + "/.hoodie/hoodie.properties"));
  // "#Properties saved on <Instant>" then "#<Date.toString()>".
  std::regex header(
      R"(#Properties saved on \d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d{3}|\.\d{6})?Z\n)"
      R"(#(Mon|Tue|Wed|Thu|Fri|Sat|Sun) [A-Z][a-z]{2} \d\d \d\d:\d\d:\d\d \S+ \d{4}\n)");
  EXPECT_TRUE(
      std::regex_match(text.substr(0, text.size() - AfterDateLine(text).size()), header))
      << text;
  EXPECT_EQ(AfterDateLine(text),
            "hoodie.database.name=default\n"
            "hoodie.table.name=trips\n"
            "hoodie.table.type=COPY_ON_WRITE\n"
            "hoodie.table.version=6\n"
            "hoodie.archivelog.folder=archived\n"
            "hoodie.table.precombine.field=longField\n"
            "hoodie.table.partition.fields=byteField,shortField\n"
            "hoodie.table.recordkey.fields=id,name\n"
            "hoodie.table.keygenerator.class=org.apache.hudi.keygen.ComplexKeyGenerator\n"
            "hoodie.datasource.write.hive_style_partitioning=true\n"
            "hoodie.datasource.write.partitionpath.urlencode=false\n"
            "hoodie.datasource.write.drop.partition.columns=false\n"
            "hoodie.timeline.layout.version=1\n"
            "hoodie.table.checksum=2200697520\n");
  EXPECT_EQ(client->base_path(), base);
  EXPECT_EQ(client->meta_path(), base + "/.hoodie");
  EXPECT_EQ(client->temp_path(), base + "/.hoodie/.temp");
  EXPECT_EQ(client->marker_folder_path("20240418173213674"),
            base + "/.hoodie/.temp/20240418173213674");
  EXPECT_EQ(client->archive_path(), base + "/.hoodie/archived");
  EXPECT_EQ(client->aux_path(), base + "/.hoodie/.aux");
  EXPECT_EQ(client->schema_path(), base + "/.hoodie/.schema");
  EXPECT_EQ(client->properties_path(), base + "/.hoodie/hoodie.properties");
  EXPECT_EQ(client->table_version(), 6);
}

TEST(TableMetaClientTest, CreateThenLoadRoundTrips) {
  testing::TempDir dir;
  auto storage = Storage::Local();
  std::string base = dir.Join("t");
  ASSERT_OK_AND_ASSIGN(auto created,
                       TableMetaClient::Create(storage, base + "/", SampleLikeOptions()));
  ASSERT_OK_AND_ASSIGN(auto loaded, TableMetaClient::Load(storage, base));
  EXPECT_EQ(loaded->table_config()->entries(), created->table_config()->entries());
  EXPECT_EQ(loaded->table_version(), 6);
  EXPECT_EQ(loaded->table_type(), TableType::kCopyOnWrite);
  EXPECT_EQ(loaded->base_path(), base);
  EXPECT_THAT(loaded->table_config()->record_key_fields(), ElementsAre("id", "name"));
}

TEST(TableMetaClientTest, ACreationCutShortIsNoTableAndCreateFinishesIt) {
  testing::TempDir dir;
  auto storage = Storage::Local();
  std::string base = dir.Join("t");
  ASSERT_OK_AND_ASSIGN(bool before, TableMetaClient::Exists(*storage, base));
  EXPECT_FALSE(before);
  // Killed after the folders, before hoodie.properties.
  ASSERT_OK(storage->CreateDir(base + "/.hoodie/.aux/.bootstrap/.partitions"));
  ASSERT_OK(storage->CreateDir(base + "/.hoodie/archived"));
  // Killed while hoodie.properties was being written: its temp file stays behind.
  ASSERT_OK(storage->WriteAll(base + "/.hoodie/.hoodie.properties.x1y2.tmp", "hoodie.", false));
  ASSERT_OK_AND_ASSIGN(bool cut_short, TableMetaClient::Exists(*storage, base));
  EXPECT_FALSE(cut_short);
  ASSERT_OK_AND_ASSIGN(auto none, TableMetaClient::LoadIfExists(storage, base));
  EXPECT_EQ(none, nullptr);
  ASSERT_OK(TableMetaClient::Create(storage, base, SampleLikeOptions()).status());
  ASSERT_OK_AND_ASSIGN(bool created, TableMetaClient::Exists(*storage, base));
  EXPECT_TRUE(created);
  ASSERT_OK_AND_ASSIGN(auto loaded, TableMetaClient::LoadIfExists(storage, base));
  ASSERT_NE(loaded, nullptr);
  EXPECT_EQ(loaded->table_version(), 6);
}

TEST(TableMetaClientTest, InstantsWithoutPropertiesAreADamagedTableNotANewOne) {
  testing::TempDir dir;
  auto storage = Storage::Local();
  std::string base = dir.Join("t");
  ASSERT_OK(storage->CreateDir(base + "/.hoodie"));
  ASSERT_OK(storage->WriteAll(base + "/.hoodie/20240101000000000.commit", "{}", false));
  // StreamSync refuses to re-create hoodie.properties over a timeline with instants.
  ASSERT_OK_AND_ASSIGN(bool exists, TableMetaClient::Exists(*storage, base));
  EXPECT_TRUE(exists);
  auto loaded = TableMetaClient::Load(storage, base);
  ASSERT_RAISES(Invalid, loaded);
  EXPECT_THAT(loaded.status().message(),
              ::testing::HasSubstr("restore hoodie.properties from a copy of the table"));
}

TEST(TableMetaClientTest, ActiveTimelineSeesInstantsWrittenThroughIt) {
  testing::TempDir dir;
  auto storage = Storage::Local();
  std::string base = dir.Join("t");
  TableCreateOptions options = SampleLikeOptions();
  options.timeline_timezone = TimelineTimeZone::kUtc;
  ASSERT_OK_AND_ASSIGN(auto client, TableMetaClient::Create(storage, base, options));
  ASSERT_OK_AND_ASSIGN(auto timeline, client->LoadActiveTimeline());
  EXPECT_TRUE(timeline.timeline().Empty());
  ASSERT_OK_AND_ASSIGN(std::string time, timeline.CreateNewInstantTime());
  ASSERT_OK(timeline.CreateRequested(Instant{time, Action::kCommit, State::kRequested}));
  ASSERT_OK_AND_ASSIGN(auto reloaded, client->LoadActiveTimeline());
  ASSERT_EQ(reloaded.timeline().Count(), 1u);
  EXPECT_EQ(reloaded.timeline().instants()[0],
            (Instant{time, Action::kCommit, State::kRequested}));
  // The requested file is empty, as Hudi writes it for commits.
  ASSERT_OK_AND_ASSIGN(std::string bytes, storage->ReadAll(base + "/.hoodie/" + time +
                                                             ".commit.requested"));
  EXPECT_EQ(bytes, "");
}

// One listing serves every LoadActiveTimeline until this process changes the timeline,
// through any snapshot of it and any meta client of the table; another process's change
// waits for ReloadActiveTimeline.
TEST(TableMetaClientTest, OneListingServesUntilThisProcessChangesTheTimeline) {
  testing::TempDir dir;
  auto storage = std::make_shared<FaultInjectingStorage>(Storage::Local());
  const std::string base = dir.Join("t");
  ASSERT_OK_AND_ASSIGN(auto client,
                       TableMetaClient::Create(storage, base, SampleLikeOptions()));
  const std::string meta = client->meta_path();
  storage->ResetCounts();
  ASSERT_OK_AND_ASSIGN(auto first, client->LoadActiveTimeline());
  ASSERT_OK_AND_ASSIGN(auto again, client->LoadActiveTimeline());
  EXPECT_EQ(storage->call_count(StorageOperation::kList, meta), 1);
  EXPECT_TRUE(again.IsCurrent());

  ASSERT_OK_AND_ASSIGN(auto other, TableMetaClient::Load(storage, base));
  const Instant requested{"20240101000000000", Action::kCommit, State::kRequested};
  ASSERT_OK_AND_ASSIGN(auto others, other->LoadActiveTimeline());
  ASSERT_OK(others.CreateRequested(requested));
  EXPECT_FALSE(first.IsCurrent());
  ASSERT_OK_AND_ASSIGN(auto after, client->LoadActiveTimeline());
  EXPECT_EQ(after.timeline().instants(), std::vector<Instant>{requested});
  ASSERT_OK_AND_ASSIGN(auto shared, client->LoadActiveTimeline());
  EXPECT_EQ(storage->call_count(StorageOperation::kList, meta), 3);

  // Written behind the process's back, as another writer would.
  ASSERT_OK(Storage::Local()->WriteAll(meta + "/20240102000000000.commit.requested", "",
                                       /*overwrite=*/false));
  ASSERT_OK_AND_ASSIGN(auto cached, client->LoadActiveTimeline());
  EXPECT_EQ(cached.timeline().Count(), 1u);
  ASSERT_OK_AND_ASSIGN(auto reloaded, client->ReloadActiveTimeline());
  EXPECT_EQ(reloaded.timeline().Count(), 2u);
  EXPECT_EQ(storage->call_count(StorageOperation::kList, meta), 4);
}

TEST(TableMetaClientTest, CorruptTimezoneIsReportedWhenLoadingTheTimeline) {
  testing::TempDir dir;
  auto storage = Storage::Local();
  ASSERT_OK_AND_ASSIGN(auto client,
                       TableMetaClient::Create(storage, dir.Join("t"), SampleLikeOptions()));
  ASSERT_OK(client->UpdateTableConfig({{"hoodie.table.timeline.timezone", "MARS"}}, {}));
  EXPECT_THAT(client->LoadActiveTimeline().status(),
              testing::StatusMessageHas("MARS"));
}

TEST(TableMetaClientTest, CreateMergeOnReadWithCustomArchiveFolder) {
  testing::TempDir dir;
  auto storage = Storage::Local();
  TableCreateOptions options;
  options.table_name = "m";
  options.table_type = TableType::kMergeOnRead;
  options.archive_folder = "history";
  options.timeline_timezone = TimelineTimeZone::kUtc;
  options.base_file_format = "parquet";
  options.populate_meta_fields = false;
  options.extra_properties = {
      {"hoodie.keygen.timebased.output.dateformat", "yyyy/MM/dd"}};
  ASSERT_OK_AND_ASSIGN(auto client,
                       TableMetaClient::Create(storage, dir.Join("m"), options));
  ASSERT_OK_AND_ASSIGN(std::string text,
                       storage->ReadAll(dir.Join("m/.hoodie/hoodie.properties")));
  EXPECT_EQ(
      AfterDateLine(text),
      "hoodie.keygen.timebased.output.dateformat=yyyy/MM/dd\n"
      "hoodie.table.name=m\n"
      "hoodie.table.type=MERGE_ON_READ\n"
      "hoodie.table.version=6\n"
      "hoodie.archivelog.folder=history\n"
      "hoodie.table.base.file.format=PARQUET\n"
      "hoodie.populate.meta.fields=false\n"
      "hoodie.table.timeline.timezone=UTC\n"
      "hoodie.compaction.payload.class="
      "org.apache.hudi.common.model.OverwriteWithLatestAvroPayload\n"
      "hoodie.compaction.record.merger.strategy=eeb8d96f-b1e4-49fd-bbf8-28ac514178e5\n"
      "hoodie.timeline.layout.version=1\n"
      "hoodie.datasource.write.drop.partition.columns=false\n"
      "hoodie.table.checksum=" +
          TableConfig::ComputeChecksum("", "m") + "\n");
  ASSERT_OK_AND_ASSIGN(bool archive, storage->Exists(dir.Join("m/.hoodie/history")));
  EXPECT_TRUE(archive);
  EXPECT_EQ(client->archive_path(), dir.Join("m/.hoodie/history"));
  EXPECT_EQ(client->table_type(), TableType::kMergeOnRead);
}

TEST(TableMetaClientTest, CreateRefusesExistingTableAndBadNames) {
  testing::TempDir dir;
  auto storage = Storage::Local();
  ASSERT_OK(TableMetaClient::Create(storage, dir.path(), SampleLikeOptions()).status());
  ASSERT_RAISES(AlreadyExists,
                TableMetaClient::Create(storage, dir.path(), SampleLikeOptions()));
  for (std::string bad : {"", "a/b", " t", "t\n", "a\\b"}) {
    TableCreateOptions options;
    options.table_name = bad;
    ASSERT_RAISES(Invalid, TableMetaClient::Create(storage, dir.Join("x"), options));
  }
  TableCreateOptions options;
  options.table_name = "ok";
  options.database_name = "d/b";
  ASSERT_RAISES(Invalid, TableMetaClient::Create(storage, dir.Join("y"), options));
}

TEST(TableMetaClientTest, PlainFolderIsNotATable) {
  testing::TempDir dir;
  auto result = TableMetaClient::Load(Storage::Local(), dir.path());
  ASSERT_RAISES(Invalid, result);
  EXPECT_THAT(result, HasErrorCode(ErrorCode::kNotATable));
  EXPECT_THAT(result, StatusMessageHas("not a Hudi table: " + dir.path() +
                                       " has no .hoodie folder"));
}

TEST(TableMetaClientTest, TableVersionsAreCheckedOnLoad) {
  testing::TempDir dir;
  auto storage = Storage::Local();
  ASSERT_OK(TableMetaClient::Create(storage, dir.path(), SampleLikeOptions()).status());
  std::string meta = dir.Join(".hoodie");
  for (int version : {0, 3, 5, 6}) {
    ASSERT_OK(TableConfig::Modify(storage.get(), meta,
                                  {{"hoodie.table.version", std::to_string(version)}}, {})
                  .status());
    ASSERT_OK_AND_ASSIGN(auto client, TableMetaClient::Load(storage, dir.path()));
    EXPECT_EQ(client->table_version(), version);
  }
  for (int version : {7, 10, -1, 999}) {
    ASSERT_OK(TableConfig::Modify(storage.get(), meta,
                                  {{"hoodie.table.version", std::to_string(version)}}, {})
                  .status());
    auto result = TableMetaClient::Load(storage, dir.path());
    ASSERT_RAISES(Invalid, result);
    EXPECT_THAT(result, HasErrorCode(ErrorCode::kUnsupportedTableVersion));
    // The key and the file it was read from, not only the table.
    EXPECT_THAT(result, StatusMessageHas("unknown table version " + std::to_string(version) +
                                         "; hoodie supports version 6 (Hudi 0.14/0.15): "
                                         "hoodie.table.version in " +
                                         meta + "/hoodie.properties"));
  }
  // A malformed version or type is a corrupt config.
  for (const PropertyList& updates :
       {PropertyList{{"hoodie.table.version", "six"}},
        PropertyList{{"hoodie.table.version", "6"}, {"hoodie.table.type", "cow"}}}) {
    ASSERT_OK(TableConfig::Modify(storage.get(), meta, updates, {}).status());
    auto result = TableMetaClient::Load(storage, dir.path());
    ASSERT_RAISES(Invalid, result);
    EXPECT_THAT(result, HasErrorCode(ErrorCode::kCorruptTableConfig));
    EXPECT_THAT(result, StatusMessageHas(meta + "/hoodie.properties"));
  }
  ASSERT_OK(TableConfig::Modify(storage.get(), meta,
                                {{"hoodie.table.type", "COPY_ON_WRITE"}}, {})
                .status());
  // Missing version reads as 0 and opens.
  ASSERT_OK(
      TableConfig::Modify(storage.get(), meta, {}, {"hoodie.table.version"}).status());
  ASSERT_OK_AND_ASSIGN(auto client, TableMetaClient::Load(storage, dir.path()));
  EXPECT_EQ(client->table_version(), 0);
}

TEST(TableMetaClientTest, UpdateTableConfigRewritesAndReloads) {
  testing::TempDir dir;
  auto storage = Storage::Local();
  ASSERT_OK_AND_ASSIGN(auto client,
                       TableMetaClient::Create(storage, dir.path(), SampleLikeOptions()));
  ASSERT_OK(
      client->UpdateTableConfig({{"hoodie.table.metadata.partitions", "files"}}, {}));
  EXPECT_THAT(client->table_config()->metadata_partitions(), ElementsAre("files"));
  ASSERT_OK(client->UpdateTableConfig({}, {"hoodie.table.metadata.partitions"}));
  ASSERT_OK_AND_ASSIGN(auto loaded, TableMetaClient::Load(storage, dir.path()));
  EXPECT_EQ(loaded->table_config()->entries(), client->table_config()->entries());
  EXPECT_FALSE(loaded->table_config()->Contains("hoodie.table.metadata.partitions"));
}

TEST(TableMetaClientTest, MissingPropertiesWithBackupOpensAndIsRepaired) {
  testing::TempDir dir;
  auto storage = Storage::Local();
  auto old_sink = SetLogSink([](LogLevel, std::string_view) {});
  ASSERT_OK(TableMetaClient::Create(storage, dir.path(), SampleLikeOptions()).status());
  std::string primary = dir.Join(".hoodie/hoodie.properties");
  ASSERT_OK(storage->Rename(primary, primary + ".backup"));
  ASSERT_OK_AND_ASSIGN(auto client, TableMetaClient::Load(storage, dir.path()));
  EXPECT_EQ(client->table_config()->name(), "trips");
  ASSERT_OK(client->UpdateTableConfig({{"hoodie.table.cdc.enabled", "false"}}, {}));
  ASSERT_OK_AND_ASSIGN(bool has_primary, storage->Exists(primary));
  ASSERT_OK_AND_ASSIGN(bool has_backup, storage->Exists(primary + ".backup"));
  EXPECT_TRUE(has_primary);
  EXPECT_FALSE(has_backup);
  SetLogSink(old_sink);
}

struct SampleCase {
  std::string zip;
  TableType type;
};

class SampleV6TableTest : public ::testing::TestWithParam<SampleCase> {};

TEST_P(SampleV6TableTest, Opens) {
  testing::TempDir dir;
  ASSERT_OK_AND_ASSIGN(
      std::string base,
      testing::UnzipTable("hudi-rs-tables/" + GetParam().zip, dir.path()));
  ASSERT_OK_AND_ASSIGN(auto client, TableMetaClient::Load(Storage::Local(), base));
  EXPECT_EQ(client->table_version(), 6);
  EXPECT_EQ(client->table_type(), GetParam().type);
  ASSERT_OK_AND_ASSIGN(std::optional<int> layout,
                       client->table_config()->timeline_layout_version());
  EXPECT_EQ(layout, 1);
}

INSTANTIATE_TEST_SUITE_P(
    SampleTables, SampleV6TableTest,
    ::testing::Values(
        SampleCase{"sample_table/cow/v6_complexkeygen_hivestyle.zip",
                   TableType::kCopyOnWrite},
        SampleCase{"sample_table/cow/v6_empty.zip", TableType::kCopyOnWrite},
        SampleCase{"sample_table/cow/v6_nonpartitioned.zip", TableType::kCopyOnWrite},
        SampleCase{"sample_table/cow/v6_timebasedkeygen_nonhivestyle.zip",
                   TableType::kCopyOnWrite},
        SampleCase{"quickstart_trips_table/mor/avro/v6_trips_8i1u.zip",
                   TableType::kMergeOnRead},
        SampleCase{"sample_table/mor/parquet/v6_nonpartitioned.zip",
                   TableType::kMergeOnRead},
        SampleCase{"sample_table/mor/parquet/v6_simplekeygen_nonhivestyle.zip",
                   TableType::kMergeOnRead}));

class NewerVersionTableTest
    : public ::testing::TestWithParam<std::pair<std::string, int>> {};

TEST_P(NewerVersionTableTest, IsUnsupportedWithClearMessage) {
  testing::TempDir dir;
  ASSERT_OK_AND_ASSIGN(
      std::string base,
      testing::UnzipTable("hudi-rs-tables/" + GetParam().first, dir.path()));
  auto result = TableMetaClient::Load(Storage::Local(), base);
  ASSERT_RAISES(NotImplemented, result);
  EXPECT_THAT(result, HasErrorCode(ErrorCode::kUnsupportedTableVersion));
  EXPECT_THAT(result,
              StatusMessageHas("table version " + std::to_string(GetParam().second) +
                               " (Hudi 1.x) is not supported yet; hoodie supports "
                               "version 6 (Hudi 0.14/0.15)"));
}

INSTANTIATE_TEST_SUITE_P(
    SampleTables, NewerVersionTableTest,
    ::testing::Values(
        std::make_pair("sample_table/cow/v8_nonpartitioned.zip", 8),
        std::make_pair("quickstart_trips_table/mor/avro/v8_trips_8i3u1d.zip", 8),
        std::make_pair("sample_table/cow/v9_txns_nonpart_nometa.zip", 9),
        std::make_pair("sample_table/mor/avro/v9_txns_simple_meta.zip", 9)));

}  // namespace
}  // namespace hoodie
