// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/metadata_writer/metadata_table_writer_test.cc
/// \brief The metadata table hoodie keeps, read back through MetadataTable: after every
/// write, clean, rollback, compaction of it and failed write, its `files` partition
/// lists exactly the data files of completed instants on storage.

#include <algorithm>
#include <functional>
#include <map>
#include <set>
#include <memory>
#include <string>
#include <vector>

#include <arrow/io/file.h>
#include <arrow/util/key_value_metadata.h>
#include <gmock/gmock.h>
#include <parquet/file_reader.h>
#include <parquet/metadata.h>
#include <gtest/gtest.h>

#include "hoodie/actions/clean_executor.h"
#include "hoodie/actions/restore.h"
#include "hoodie/actions/savepoint.h"
#include "hoodie/actions/rollback_executor.h"
#include "hoodie/client/write_client.h"
#include "hoodie/client/write_client_test_util.h"
#include "hoodie/common/logging.h"
#include "hoodie/config/hoodie_config.h"
#include "hoodie/index/index.h"
#include "hoodie/storage/path.h"
#include "hoodie/metadata/bloom_filter_record.h"
#include "hoodie/metadata/column_stats_record.h"
#include "hoodie/metadata/metadata_keys.h"
#include "hoodie/metadata/metadata_table.h"
#include "hoodie/metadata/metadata_validation.h"
#include "hoodie/metadata/record_index_record.h"
#include "hoodie/metadata_writer/metadata_table_writer.h"
#include "hoodie/storage/fault_injecting_storage.h"
#include "hoodie/storage/storage.h"
#include "hoodie/table/file_naming.h"
#include "hoodie/table/file_system_view.h"
#include "hoodie/table/table_config.h"
#include "hoodie/table/table_listing.h"
#include "hoodie/table/table_meta_client.h"
#include "hoodie/testing/matchers.h"
#include "hoodie/testing/temp_dir.h"
#include "hoodie/timeline/active_timeline.h"

namespace hoodie {
namespace {

using testing::TripConfig;
using testing::TripReader;
using testing::TripRow;
using Listing = std::map<std::string, std::vector<std::string>>;  // partition -> names

struct MetadataWriterTest : ::testing::Test {
  HoodieConfig Config(bool merge_on_read, int max_delta_commits = 10) {
    HoodieConfig config = TripConfig(true);
    config.Set("hoodie.metadata.enable", "true");
    config.Set("hoodie.metadata.compact.max.delta.commits", std::to_string(max_delta_commits));
    if (merge_on_read) config.Set("hoodie.datasource.write.table.type", "MERGE_ON_READ");
    return config;
  }

  std::shared_ptr<TableMetaClient> Table(const HoodieConfig& config) {
    auto table = WriteClient::OpenOrCreateTable(storage, base, config).ValueOrDie();
    EXPECT_OK(ConfigureMetadataTable(table.get(), config));
    return table;
  }

  std::string Write(const HoodieConfig& config, const std::vector<TripRow>& rows,
                    WriteOperationType op = WriteOperationType::kUpsert) {
    auto client = WriteClient::Make(Table(config), config).ValueOrDie();
    std::string instant = client->StartCommit(op).ValueOrDie();
    EXPECT_OK(client->Write(instant, op, TripReader(rows).get()).status());
    return instant;
  }

  // Write's steps, every error returned (a write under injected faults).
  ::arrow::Result<std::string> TryWrite(const HoodieConfig& config,
                                        const std::vector<TripRow>& rows) {
    ARROW_ASSIGN_OR_RAISE(auto table, WriteClient::OpenOrCreateTable(storage, base, config));
    ARROW_RETURN_NOT_OK(ConfigureMetadataTable(table.get(), config));
    ARROW_ASSIGN_OR_RAISE(auto client, WriteClient::Make(table, config));
    ARROW_ASSIGN_OR_RAISE(std::string instant, client->StartCommit());
    ARROW_RETURN_NOT_OK(client->Upsert(instant, TripReader(rows).get()).status());
    return instant;
  }

  // What the metadata table lists, through the reader Hudi's readers mirror.
  Listing FromMetadata() {
    auto table = TableMetaClient::Load(storage, base).ValueOrDie();
    auto timeline = table->LoadActiveTimeline().ValueOrDie();
    auto metadata = MetadataTable::Open(*table, timeline).ValueOrDie();
    EXPECT_NE(metadata, nullptr);
    Listing out;
    if (metadata == nullptr) return out;
    for (const std::string& partition : metadata->AllPartitionPaths().ValueOrDie()) {
      std::vector<std::string>& names = out[partition];
      for (const FileStatus& file : metadata->FilesInPartition(partition).ValueOrDie()) {
        names.push_back(std::string(file.name()));
        EXPECT_EQ(storage->GetFileStatus(file.path).ValueOrDie().size, file.size) << file.path;
      }
      // A partition whose files a restore or rollback removed: listed empty, as Hudi's
      // initialization lists every folder with partition metadata.
      if (names.empty()) out.erase(partition);
    }
    return out;
  }

  // The base and log files on storage, by partition, without base files of
  // `skip_instants`.
  Listing FromStorage(const std::vector<std::string>& skip_instants = {}) {
    StorageTableListing listing(storage, base);
    Listing out;
    for (const std::string& partition : listing.AllPartitionPaths().ValueOrDie()) {
      std::vector<std::string>& names = out[partition];
      for (const FileStatus& file : listing.FilesInPartition(partition).ValueOrDie()) {
        std::string name(file.name());
        if (auto parsed = ParseBaseFileName(name); parsed.ok()) {
          if (std::find(skip_instants.begin(), skip_instants.end(), parsed->instant_time) ==
              skip_instants.end()) {
            names.push_back(name);
          }
        } else if (ParseLogFileName(name).ok()) {
          names.push_back(name);
        }
      }
      std::sort(names.begin(), names.end());
      // A partition a rolled-back write made holds its partition metadata only, and no
      // listing from the metadata table names it (nor Hudi's).
      if (names.empty()) out.erase(partition);
    }
    return out;
  }

  std::vector<Instant> MetadataInstants() {
    auto mdt = TableMetaClient::Load(storage, MetadataTable::PathOf(base)).ValueOrDie();
    return mdt->LoadActiveTimeline().ValueOrDie().timeline().instants();
  }

  bool MetadataHas(const std::string& time, Action action) {
    for (const Instant& instant : MetadataInstants()) {
      if (instant.timestamp == time && instant.action == action && instant.IsCompleted()) {
        return true;
      }
    }
    return false;
  }

  testing::TempDir dir;
  std::string base = dir.Join("trips");
  std::shared_ptr<Storage> storage = Storage::Local();
};

TEST_F(MetadataWriterTest, FirstWriteInitializesThenEachCommitAddsItsDeltaCommit) {
  HoodieConfig config = Config(/*merge_on_read=*/false);
  std::string first = Write(config, {{"a", "x", 1, "sf"}, {"b", "y", 1, "la"}});
  std::string second = Write(config, {{"a", "x", 2, "sf"}, {"c", "z", 2, "ny"}});
  auto table = TableMetaClient::Load(storage, base).ValueOrDie();
  EXPECT_EQ(table->table_config()->Get(TableConfig::kMetadataPartitions), "files");
  EXPECT_EQ(table->table_config()->Get(TableConfig::kMetadataPartitionsInflight), "");
  std::vector<std::string> times;
  for (const Instant& instant : MetadataInstants()) {
    if (instant.IsCompleted()) times.push_back(instant.timestamp);
  }
  EXPECT_THAT(times, ::testing::ElementsAre("00000000000000010", first, second));
  EXPECT_EQ(FromMetadata(), FromStorage());
  EXPECT_EQ(FromMetadata().size(), 3u);  // sf, la, ny
}

TEST_F(MetadataWriterTest, InitializesATableWrittenWithoutOneAtItsLatestInstant) {
  HoodieConfig off = TripConfig(true);
  off.Set("hoodie.metadata.enable", "false");
  std::string first = Write(off, {{"a", "x", 1, "sf"}});
  EXPECT_FALSE(storage->Exists(MetadataTable::PathOf(base)).ValueOrDie());
  std::string second = Write(Config(false), {{"b", "y", 1, "la"}});
  EXPECT_TRUE(MetadataHas(first + "010", Action::kDeltaCommit));
  EXPECT_TRUE(MetadataHas(second, Action::kDeltaCommit));
  EXPECT_EQ(FromMetadata(), FromStorage());
}

TEST_F(MetadataWriterTest, CompactsEveryMaxDeltaCommitsAndReadsStayExact) {
  HoodieConfig config = Config(/*merge_on_read=*/true, /*max_delta_commits=*/2);
  std::vector<std::string> instants;
  for (int round = 0; round < 5; ++round) {
    instants.push_back(Write(config, {{"a", "x", round, "sf"}, {"k" + std::to_string(round), "y", 1, "la"}}));
    EXPECT_EQ(FromMetadata(), FromStorage()) << "round " << round;
  }
  std::vector<std::string> compactions;
  for (const Instant& instant : MetadataInstants()) {
    if (instant.action == Action::kCommit && instant.IsCompleted()) {
      compactions.push_back(instant.timestamp);
    }
  }
  ASSERT_FALSE(compactions.empty());
  for (const std::string& time : compactions) {
    EXPECT_EQ(time.size(), 20u);
    EXPECT_TRUE(time.ends_with("001")) << time;
    EXPECT_TRUE(storage->Exists(MetadataTable::PathOf(base) + "/files/files-0000-0_0-0-0_" +
                                time + ".hfile")
                    .ValueOrDie());
  }
}

TEST_F(MetadataWriterTest, ItsOwnCleanAndArchivalKeepItBounded) {
  auto run = [&](const std::string& keep_min, const std::string& keep_max) {
    HoodieConfig config = Config(/*merge_on_read=*/true, /*max_delta_commits=*/3);
    config.Set("hoodie.metadata.keep.min.commits", keep_min);
    config.Set("hoodie.metadata.keep.max.commits", keep_max);
    for (int round = 0; round < 36; ++round) {
      Write(config, {{"a", "x", round, "sf"}, {"k" + std::to_string(round % 5), "y", round, "la"}});
    }
    EXPECT_EQ(FromMetadata(), FromStorage());
  };
  auto archive_files = [&]() {
    return storage->List(MetadataTable::PathOf(base) + "/.hoodie/archived", false)
        .ValueOrDie()
        .size();
  };
  run("4", "6");
  std::vector<std::string> cleans;
  size_t compactions = 0;
  for (const Instant& instant : MetadataInstants()) {
    if (instant.action == Action::kClean && instant.IsCompleted()) cleans.push_back(instant.timestamp);
    compactions += instant.action == Action::kCommit;
  }
  ASSERT_FALSE(cleans.empty());
  for (const std::string& time : cleans) EXPECT_TRUE(time.ends_with("002")) << time;
  // Slices the clean passed are gone: fewer base files than compactions.
  EXPECT_GT(compactions, 0u);
  size_t base_files = 0;
  for (const FileStatus& file : storage->List(MetadataTable::PathOf(base) + "/files", false).ValueOrDie()) {
    base_files += std::string(file.name()).ends_with(".hfile");
  }
  EXPECT_LT(base_files, compactions);
  // The data table archived nothing, so the metadata table may archive only what
  // precedes its instants: the initialization deltacommit, once more instants than
  // keep.max.commits (raised by its cleaner's retention) are active.
  EXPECT_NE(MetadataInstants().front().timestamp, "00000000000000010");
  EXPECT_EQ(archive_files(), 1u);

  // With keep.max.commits above the instants there are, nothing is archived.
  base = dir.Join("kept");
  run("200", "210");
  EXPECT_EQ(MetadataInstants().front().timestamp, "00000000000000010");
  EXPECT_EQ(archive_files(), 0u);
}

TEST_F(MetadataWriterTest, RollbackAddsItsDeltaCommitAndUndoesTheRolledBackOne) {
  HoodieConfig config = Config(/*merge_on_read=*/true);
  Write(config, {{"a", "x", 1, "sf"}});
  std::string second = Write(config, {{"a", "x", 2, "sf"}, {"b", "y", 2, "la"}});
  auto table = Table(config);
  ASSERT_OK_AND_ASSIGN(auto done, RollbackInstant(*table, second, RollbackOptions{}));
  ASSERT_TRUE(done.has_value());
  auto timeline = TableMetaClient::Load(storage, base).ValueOrDie()->LoadActiveTimeline().ValueOrDie();
  std::optional<Instant> rollback = timeline.timeline().GetRollbackTimeline().LastInstant();
  ASSERT_TRUE(rollback.has_value());
  EXPECT_TRUE(MetadataHas(rollback->timestamp, Action::kDeltaCommit));
  EXPECT_TRUE(MetadataHas(rollback->timestamp + "006", Action::kRollback));
  EXPECT_FALSE(MetadataHas(second, Action::kDeltaCommit));
  EXPECT_EQ(FromMetadata(), FromStorage());
}

TEST_F(MetadataWriterTest, CleanListsItsDeletions) {
  HoodieConfig config = Config(/*merge_on_read=*/false);
  for (int round = 0; round < 4; ++round) Write(config, {{"a", "x", round, "sf"}});
  HoodieConfig clean = config;
  clean.Set("hoodie.cleaner.commits.retained", "1");
  auto table = Table(clean);
  ASSERT_OK_AND_ASSIGN(CleanOptions options, CleanOptions::FromConfig(clean));
  ASSERT_OK_AND_ASSIGN(CleanOutcome cleaned, RunClean(table, options));
  ASSERT_EQ(cleaned.completed.size(), 1u) << cleaned.why_not;
  EXPECT_TRUE(MetadataHas(cleaned.completed[0].first, Action::kDeltaCommit));
  EXPECT_EQ(FromMetadata(), FromStorage());
  EXPECT_LT(FromMetadata()["sf"].size(), 4u);
}

// "file/column" -> "min|max|nulls|values" of the column_stats partition, merged as
// readers merge it (tombstones and deleted keys gone); every key is the one Hudi derives
// from the column, partition and file.
std::map<std::string, std::string> ColumnStatsOfMetadata(const std::shared_ptr<Storage>& storage,
                                                         const std::string& base) {
  auto table = TableMetaClient::Load(storage, base).ValueOrDie();
  auto metadata = MetadataTable::Open(*table, table->LoadActiveTimeline().ValueOrDie()).ValueOrDie();
  ColumnStatsFold fold;
  EXPECT_OK(metadata->Read(kColumnStatsPartition, MetadataKeys::All(),
                           [&](std::string_view key, const AvroValue* record) {
                             return fold.Add(key, record);
                           }));
  const std::map<std::string, ColumnStats> merged = fold.Live();
  std::map<std::string, std::string> out;
  for (const auto& [key, stats] : merged) {
    auto text = [](const std::optional<AvroValue>& v) { return v ? v->ToString() : "null"; };
    out[stats.file_name + "/" + stats.column_name] =
        text(stats.min_value) + "|" + text(stats.max_value) + "|" +
        std::to_string(stats.null_count) + "|" + std::to_string(stats.value_count);
  }
  return out;
}

TEST_F(MetadataWriterTest, ColumnStatsFollowEveryBaseFileThroughCleanAndCompaction) {
  HoodieConfig config = Config(/*merge_on_read=*/false, /*max_delta_commits=*/3);
  config.Set("hoodie.metadata.index.column.stats.enable", "true");
  config.Set("hoodie.metadata.index.column.stats.column.list", "id, ts");
  config.Set("hoodie.metadata.index.column.stats.file.group.count", "3");
  std::string first = Write(config, {{"a", "x", 1, "sf"}, {"b", "y", 5, "la"}, {"c", "z", 3, "sf"}});
  auto table = TableMetaClient::Load(storage, base).ValueOrDie();
  EXPECT_EQ(table->table_config()->Get(TableConfig::kMetadataPartitions), "column_stats,files");
  EXPECT_TRUE(MetadataHas("00000000000000010", Action::kDeltaCommit));
  EXPECT_TRUE(MetadataHas("00000000000000011", Action::kDeltaCommit));  // built empty
  // Three file groups, each starting with its empty delete-block log; no base file yet.
  for (const char* group : {"col-stats-0000-0", "col-stats-0001-0", "col-stats-0002-0"}) {
    EXPECT_TRUE(storage->Exists(MetadataTable::PathOf(base) + "/column_stats/." + group +
                                "_00000000000000011.log.1_0-0-0")
                    .ValueOrDie())
        << group;
  }
  // The newest base file of a partition's one file group.
  auto base_file = [&](const std::string& partition) {
    Listing stored = FromStorage();
    std::string newest, newest_time;
    for (const std::string& name : stored[partition]) {
      auto parsed = ParseBaseFileName(name);
      if (parsed.ok() && parsed->instant_time > newest_time) {
        newest = name;
        newest_time = parsed->instant_time;
      }
    }
    return newest;
  };
  const std::string sf = base_file("sf");
  const std::string la = base_file("la");
  EXPECT_EQ(ColumnStatsOfMetadata(storage, base),
            (std::map<std::string, std::string>{{la + "/id", "\"b\"|\"b\"|0|1"},
                                                {la + "/ts", "5|5|0|1"},
                                                {sf + "/id", "\"a\"|\"c\"|0|2"},
                                                {sf + "/ts", "1|3|0|2"}}));
  // Two upserts rewrite sf twice; the clean then deletes its first version, whose stats go.
  Write(config, {{"a", "x", 9, "sf"}});
  const std::string sf2 = base_file("sf");
  Write(config, {{"c", "z", 7, "sf"}});
  const std::string sf3 = base_file("sf");
  ASSERT_NE(sf2, sf);
  ASSERT_NE(sf3, sf2);
  HoodieConfig clean = config;
  clean.Set("hoodie.cleaner.commits.retained", "1");
  ASSERT_OK_AND_ASSIGN(CleanOptions options, CleanOptions::FromConfig(clean));
  ASSERT_OK_AND_ASSIGN(CleanOutcome cleaned, RunClean(Table(clean), options));
  ASSERT_EQ(cleaned.completed.size(), 1u) << cleaned.why_not;
  EXPECT_EQ(ColumnStatsOfMetadata(storage, base),
            (std::map<std::string, std::string>{{la + "/id", "\"b\"|\"b\"|0|1"},
                                                {la + "/ts", "5|5|0|1"},
                                                {sf2 + "/id", "\"a\"|\"c\"|0|2"},
                                                {sf2 + "/ts", "3|9|0|2"},
                                                {sf3 + "/id", "\"a\"|\"c\"|0|2"},
                                                {sf3 + "/ts", "7|9|0|2"}}));
  // The metadata table's compaction (every 3 deltacommits) keeps them, in base HFiles.
  Write(config, {{"d", "w", 4, "la"}});
  Write(config, {{"e", "w", 4, "ny"}});
  bool compacted = false;
  for (const Instant& instant : MetadataInstants()) {
    compacted |= instant.action == Action::kCommit && instant.IsCompleted();
  }
  ASSERT_TRUE(compacted);
  auto compacted_stats = ColumnStatsOfMetadata(storage, base);
  EXPECT_EQ(compacted_stats.size(), 10u);  // and la's new version, and ny
  EXPECT_EQ(compacted_stats[sf3 + "/ts"], "7|9|0|2");
  EXPECT_TRUE(storage->Exists(MetadataTable::PathOf(base) + "/column_stats").ValueOrDie());
  EXPECT_EQ(FromMetadata(), FromStorage());
}

// A merge-on-read append has no footer: its statistics come from the records it wrote
// (HoodieAppendHandle's collectColumnRangeMetadata), keyed by the log file's name, with
// sizes 0; an append of deletes only gets zero counts and no bounds.
TEST_F(MetadataWriterTest, ColumnStatsOfLogFilesComeFromTheRecordsAppended) {
  HoodieConfig config = Config(/*merge_on_read=*/true);
  config.Set("hoodie.metadata.index.column.stats.enable", "true");
  config.Set("hoodie.metadata.index.column.stats.column.list", "id,ts,_hoodie_file_name");
  Write(config, {{"a", "x", 1, "sf"}, {"b", "y", 5, "sf"}, {"c", "z", 3, "la"}});
  Write(config, {{"a", "x", 9, "sf"}, {"b", "", 7, "sf"}});
  Write(config, {{"c", "", 3, "la"}}, WriteOperationType::kDelete);
  std::map<std::string, std::string> logs;  // "partition/log" -> its file id
  for (const auto& [partition, names] : FromStorage()) {
    for (const std::string& name : names) {
      if (auto log = ParseLogFileName(name); log.ok()) logs[partition] = name;
    }
  }
  ASSERT_EQ(logs.size(), 2u);
  const std::string sf_log = logs["sf"];
  const std::string la_log = logs["la"];
  const std::string sf_group = ParseLogFileName(sf_log).ValueOrDie().file_id;
  std::map<std::string, std::string> stats = ColumnStatsOfMetadata(storage, base);
  std::map<std::string, std::string> of_logs;
  for (const auto& [key, value] : stats) {
    if (key.starts_with(".")) of_logs[key] = value;
  }
  EXPECT_EQ(of_logs, (std::map<std::string, std::string>{
                         {sf_log + "/id", "\"a\"|\"b\"|0|2"},
                         {sf_log + "/ts", "7|9|0|2"},
                         {sf_log + "/_hoodie_file_name",
                          "\"" + sf_group + "\"|\"" + sf_group + "\"|0|2"},
                         {la_log + "/id", "null|null|0|0"},
                         {la_log + "/ts", "null|null|0|0"},
                         {la_log + "/_hoodie_file_name", "null|null|0|0"}}));
  EXPECT_EQ(stats.size(), 12u);  // and the two base files' three columns
  EXPECT_EQ(FromMetadata(), FromStorage());
}

// The bloom filter the metadata table holds for each live base file ("file" ->
// "type|instant|filter text"), newest version of each key.
std::map<std::string, std::string> BloomFiltersOfMetadata(const std::shared_ptr<Storage>& storage,
                                                          const std::string& base) {
  auto table = TableMetaClient::Load(storage, base).ValueOrDie();
  auto metadata = MetadataTable::Open(*table, table->LoadActiveTimeline().ValueOrDie()).ValueOrDie();
  std::map<std::string, std::optional<BloomFilterEntry>> newest;
  EXPECT_OK(metadata->Read(kBloomFiltersPartition, MetadataKeys::All(),
                           [&](std::string_view key, const AvroValue* record) {
                             if (record == nullptr) {
                               newest[std::string(key)] = std::nullopt;
                               return ::arrow::Status::OK();
                             }
                             ARROW_ASSIGN_OR_RAISE(newest[std::string(key)],
                                                   BloomFilterEntryOf(*record));
                             return ::arrow::Status::OK();
                           }));
  std::map<std::string, std::string> out;
  for (const auto& [key, entry] : newest) {
    if (entry && !entry->is_deleted) {
      out[key] = entry->type + "|" + entry->timestamp + "|" + entry->serialized;
    }
  }
  return out;
}

// The bloom filter of a base file's footer, keyed and rendered as above.
std::pair<std::string, std::string> FooterBloom(const std::string& base,
                                                const std::string& partition,
                                                const std::string& name) {
  const std::string path = base + "/" + partition + "/" + name;
  auto input = ::arrow::io::ReadableFile::Open(path).ValueOrDie();
  auto footer = parquet::ParquetFileReader::Open(input)->metadata()->key_value_metadata();
  const std::string instant = ParseBaseFileName(name).ValueOrDie().instant_time;
  // A footer without a type code holds a SIMPLE filter (Hudi's readers assume so).
  auto type = footer->Get("hoodie_bloom_filter_type_code");
  return {BloomFilterIndexKey(partition, name),
          type.ValueOr("SIMPLE") + "|" + instant + "|" +
              footer->Get("org.apache.hudi.bloomfilter").ValueOrDie()};
}

TEST_F(MetadataWriterTest, BloomFiltersAndColumnStatsAreBuiltInHudisOrderAndFollowTheFiles) {
  HoodieConfig config = Config(/*merge_on_read=*/false, /*max_delta_commits=*/3);
  config.Set("hoodie.metadata.index.column.stats.enable", "true");
  config.Set("hoodie.metadata.index.bloom.filter.enable", "true");
  config.Set("hoodie.metadata.index.bloom.filter.file.group.count", "2");
  Write(config, {{"a", "x", 1, "sf"}, {"b", "y", 5, "la"}});
  auto table = TableMetaClient::Load(storage, base).ValueOrDie();
  EXPECT_EQ(table->table_config()->Get(TableConfig::kMetadataPartitions),
            "bloom_filters,column_stats,files");
  // files, then bloom_filters, then column_stats, as Spark's first write builds them.
  EXPECT_TRUE(MetadataHas("00000000000000010", Action::kDeltaCommit));
  EXPECT_TRUE(MetadataHas("00000000000000011", Action::kDeltaCommit));
  EXPECT_TRUE(MetadataHas("00000000000000012", Action::kDeltaCommit));
  EXPECT_TRUE(storage->Exists(MetadataTable::PathOf(base) +
                              "/bloom_filters/.bloom-filters-0001-0_00000000000000011.log.1_0-0-0")
                  .ValueOrDie());
  EXPECT_TRUE(storage->Exists(MetadataTable::PathOf(base) +
                              "/column_stats/.col-stats-0001-0_00000000000000012.log.1_0-0-0")
                  .ValueOrDie());
  for (int round = 2; round < 6; ++round) Write(config, {{"a", "x", round, "sf"}});
  HoodieConfig clean = config;
  clean.Set("hoodie.cleaner.commits.retained", "1");
  ASSERT_OK_AND_ASSIGN(CleanOptions options, CleanOptions::FromConfig(clean));
  ASSERT_OK_AND_ASSIGN(CleanOutcome cleaned, RunClean(Table(clean), options));
  ASSERT_EQ(cleaned.completed.size(), 1u) << cleaned.why_not;
  std::map<std::string, std::string> expected;
  for (const auto& [partition, names] : FromStorage()) {
    for (const std::string& name : names) {
      if (name.ends_with(".parquet")) expected.insert(FooterBloom(base, partition, name));
    }
  }
  EXPECT_EQ(expected.size(), 3u);  // la's file and sf's last two versions
  EXPECT_EQ(BloomFiltersOfMetadata(storage, base), expected);
  bool compacted = false;
  for (const Instant& instant : MetadataInstants()) {
    compacted |= instant.action == Action::kCommit && instant.IsCompleted();
  }
  EXPECT_TRUE(compacted);
  ASSERT_OK_AND_ASSIGN(std::vector<std::string> mismatches, ValidateMetadataTable(*table));
  EXPECT_THAT(mismatches, ::testing::IsEmpty());
}

TEST_F(MetadataWriterTest, AFailedWriteIsIgnoredThenRolledBackInBothTables) {
  auto faults = std::make_shared<FaultInjectingStorage>(Storage::Local());
  storage = faults;
  HoodieConfig config = Config(/*merge_on_read=*/false);
  Write(config, {{"a", "x", 1, "sf"}});
  // The metadata table's deltacommit completes; the data commit after it fails.
  faults->FailPathsEndingWith(".commit", StorageOperation::kCreateImmutable);
  auto client = WriteClient::Make(Table(config), config).ValueOrDie();
  std::string failed = client->StartCommit().ValueOrDie();
  EXPECT_FALSE(client->Upsert(failed, TripReader({{"b", "y", 1, "la"}}).get()).ok());
  faults->ClearFaults();
  EXPECT_TRUE(MetadataHas(failed, Action::kDeltaCommit));
  // Readers skip what the metadata table holds of an instant the data table lacks.
  EXPECT_EQ(FromMetadata(), FromStorage({failed}));
  EXPECT_EQ(FromMetadata().count("la"), 0u);
  // The next writer rolls the failed write back, in the metadata table too.
  Write(config, {{"c", "z", 1, "ny"}});
  EXPECT_FALSE(MetadataHas(failed, Action::kDeltaCommit));
  EXPECT_EQ(FromMetadata(), FromStorage());
}

// The latest base file names of a view of the table opened with `config`.
std::vector<std::string> LatestBaseFileNames(const std::shared_ptr<TableMetaClient>& table) {
  auto view = FileSystemView::Load(*table).ValueOrDie();
  std::vector<std::string> names;
  for (const BaseFile& file : view->LatestBaseFiles()) names.push_back(file.file_name);
  return names;
}

TEST_F(MetadataWriterTest, ViewsListThroughTheMetadataTable) {
  HoodieConfig config = Config(/*merge_on_read=*/false);
  std::string first = Write(config, {{"a", "x", 1, "sf"}});
  Write(config, {{"b", "y", 1, "sf"}});
  std::vector<std::string> listed = LatestBaseFileNames(Table(config));
  ASSERT_OK_AND_ASSIGN(std::vector<std::string> clean, ValidateMetadataTable(*Table(config)));
  EXPECT_THAT(clean, ::testing::IsEmpty());
  // A file no commit wrote, named as if the first one had: a storage listing takes it
  // for a file group of its own; the metadata table does not list it.
  const std::string stray = base + "/sf/" +
                            MakeBaseFileName("00000000-0000-0000-0000-000000000000-0",
                                             kDefaultWriteToken, first);
  ASSERT_OK(storage->WriteAll(stray, "not parquet", /*overwrite=*/false));
  EXPECT_EQ(LatestBaseFileNames(Table(config)), listed);
  auto plain = TableMetaClient::Load(storage, base).ValueOrDie();
  EXPECT_EQ(LatestBaseFileNames(plain).size(), listed.size() + 1);
  // hoodie metadata validate names it.
  ASSERT_OK_AND_ASSIGN(std::vector<std::string> mismatches, ValidateMetadataTable(*plain));
  ASSERT_EQ(mismatches.size(), 1u);
  EXPECT_EQ(mismatches[0], "partition 'sf': " + stray.substr(stray.rfind('/') + 1) +
                               " is on storage but not in the metadata table");
}

struct Warnings {
  Warnings() {
    old_ = SetLogSink([this](LogLevel level, std::string_view message) {
      if (level == LogLevel::kWarning) messages.emplace_back(message);
    });
  }
  ~Warnings() { SetLogSink(old_); }
  std::vector<std::string> messages;
  LogSink old_;
};

TEST_F(MetadataWriterTest, AnUnreadableMetadataTableGivesWayToTheStorageListing) {
  HoodieConfig config = Config(/*merge_on_read=*/false);
  Write(config, {{"a", "x", 1, "sf"}});
  Write(config, {{"b", "y", 1, "la"}});
  auto plain = TableMetaClient::Load(storage, base).ValueOrDie();
  std::vector<std::string> expected = LatestBaseFileNames(plain);
  const std::string hfile = MetadataTable::PathOf(base) +
                            "/files/files-0000-0_0-0-0_00000000000000010.hfile";
  ASSERT_OK(storage->WriteAll(hfile, "garbage, not an HFile", /*overwrite=*/true));
  Warnings warnings;
  EXPECT_EQ(LatestBaseFileNames(Table(config)), expected);
  ASSERT_EQ(warnings.messages.size(), 1u);
  EXPECT_THAT(warnings.messages[0], ::testing::HasSubstr(hfile));
  EXPECT_THAT(warnings.messages[0], ::testing::HasSubstr("listing storage instead"));
}

TEST_F(MetadataWriterTest, AMetadataTableOutOfStepIsNotTrusted) {
  HoodieConfig config = Config(/*merge_on_read=*/false);
  Write(config, {{"a", "x", 1, "sf"}});
  std::string second = Write(config, {{"b", "y", 1, "la"}});
  // The deltacommit of the second commit is lost: the metadata table lacks `la`.
  ASSERT_OK(storage->DeleteFile(MetadataTable::PathOf(base) + "/.hoodie/" + second +
                                ".deltacommit"));
  auto plain = TableMetaClient::Load(storage, base).ValueOrDie();
  Warnings warnings;
  EXPECT_EQ(LatestBaseFileNames(Table(config)), LatestBaseFileNames(plain));
  ASSERT_EQ(warnings.messages.size(), 1u);
  EXPECT_THAT(warnings.messages[0], ::testing::HasSubstr("out of sync: data instant " + second));
  // The next writer builds it again, and it lists everything.
  Write(config, {{"c", "z", 1, "ny"}});
  EXPECT_EQ(FromMetadata(), FromStorage());
}

// Runs `run` for the n-th call of each operation `counts` saw, every n, under a trace
// naming it. \return how many.
int ForEveryStorageCall(const std::map<StorageOperation, int64_t>& counts, bool merge_on_read,
                        const std::function<void(StorageOperation, int64_t)>& run) {
  int cases = 0;
  for (const auto& [operation, count] : counts) {
    for (int64_t n = 1; n <= count; ++n, ++cases) {
      SCOPED_TRACE(std::string(StorageOperationName(operation)) + " call " + std::to_string(n) +
                   (merge_on_read ? " (MOR)" : " (COW)"));
      run(operation, n);
    }
  }
  return cases;
}

// A write killed at any storage call, with the metadata table on, leaves a table the
// next writer recovers: its rows are the model's, and the metadata table is in step
// with the data timeline and lists exactly the files on storage.
TEST_F(MetadataWriterTest, AWriteKilledAtEveryStorageCallLeavesBothTablesAgreeing) {
  base = "/memory/trips";
  for (bool merge_on_read : {false, true}) {
    HoodieConfig config = Config(merge_on_read);
    // Rolled back from its markers (Hudi 0.15's default), a failed append's log file is
    // named in the rollback's metadata and listed; a rollback planned by listing knows
    // no name for it (Hudi's records the base path's), so it stays unlisted, harmless:
    // its blocks belong to the rolled-back instant.
    config.Set("hoodie.rollback.using.markers", "true");
    auto setup = [&]() {
      auto faults = std::make_shared<FaultInjectingStorage>(Storage::InMemory());
      storage = faults;
      EXPECT_OK(TryWrite(config, {{"a", "x", 1, "sf"}}).status());
      return faults;
    };
    auto probe = setup();
    auto counts = CountCalls(probe.get(), [&] {
      ASSERT_OK(TryWrite(config, {{"a", "x", 2, "sf"}, {"b", "y", 2, "la"}}).status());
    });
    ASSERT_OK(TryWrite(config, {{"c", "z", 3, "ny"}}).status());
    const std::vector<std::string> committed_rows = testing::QueryRows(storage, base, {"id", "ts"});
    {
      setup();
      ASSERT_OK(TryWrite(config, {{"c", "z", 3, "ny"}}).status());
    }
    const std::vector<std::string> failed_rows = testing::QueryRows(storage, base, {"id", "ts"});
    const int cases = ForEveryStorageCall(counts, merge_on_read, [&](StorageOperation operation,
                                                                   int64_t n) {
        auto faults = setup();
        faults->FailNthCall(operation, n);
        (void)TryWrite(config, {{"a", "x", 2, "sf"}, {"b", "y", 2, "la"}});
        faults->ClearFaults();
        ASSERT_OK(TryWrite(config, {{"c", "z", 3, "ny"}}).status());
        auto table = TableMetaClient::Load(storage, base).ValueOrDie();
        auto timeline = table->LoadActiveTimeline().ValueOrDie();
        const bool committed =
            timeline.timeline().GetCommitsTimeline().FilterCompleted().Count() == 3;
        EXPECT_EQ(testing::QueryRows(storage, base, {"id", "ts"}), committed ? committed_rows : failed_rows);
        auto metadata = MetadataTable::Open(*table, timeline).ValueOrDie();
        ASSERT_NE(metadata, nullptr);
        EXPECT_OK(metadata->CheckInSync(timeline));
        EXPECT_EQ(FromMetadata(), FromStorage());
    });
    EXPECT_GT(cases, 50);
  }
}

// A restore restores the metadata table too (HoodieBackedTableMetadataWriter.update of
// the restore): its own restore to the same instant at a new instant, then a
// deltacommit at another that deletes what the cleans since then removed from storage.
// Every partition stays built and agrees with the restored table.
TEST_F(MetadataWriterTest, ARestoreRestoresItThenSyncsItsFilesWithStorage) {
  for (bool merge_on_read : {false, true}) {
    SCOPED_TRACE(merge_on_read ? "MERGE_ON_READ" : "COPY_ON_WRITE");
    base = dir.Join(merge_on_read ? "restore_mor" : "restore_cow");
    HoodieConfig config = Config(merge_on_read);
    config.Set("hoodie.metadata.index.column.stats.enable", "true");
    config.Set("hoodie.metadata.record.index.enable", "true");
    config.Set("hoodie.index.type", "RECORD_INDEX");
    Write(config, {{"a", "x", 1, "sf"}, {"b", "y", 1, "la"}});
    std::string savepoint = Write(config, {{"a", "x", 2, "sf"}, {"c", "z", 2, "ny"}});
    ASSERT_OK(CreateSavepoint(Table(config), SavepointRequest{savepoint}).status());
    std::string later = Write(config, {{"a", "x", 3, "sf"}, {"d", "w", 3, "sf"}});
    Write(config, {{"b", "y", 4, "la"}}, WriteOperationType::kDelete);
    HoodieConfig clean = config;
    clean.Set("hoodie.cleaner.commits.retained", "1");
    ASSERT_OK_AND_ASSIGN(CleanOptions options, CleanOptions::FromConfig(clean));
    ASSERT_OK_AND_ASSIGN(CleanOutcome cleaned, RunClean(Table(clean), options));
    const auto before = MetadataInstants();
    ASSERT_OK(RestoreToInstant(Table(config), savepoint, /*proceed_savepoint=*/false,
                               RollbackOptions{})
                  .status());
    auto table = TableMetaClient::Load(storage, base).ValueOrDie();
    EXPECT_EQ(table->table_config()->Get(TableConfig::kMetadataPartitions),
              "column_stats,files,record_index");
    // The metadata table's restore, then the sync deltacommit, both at new instants.
    std::vector<Instant> after = MetadataInstants();
    ASSERT_GE(after.size(), 2u);
    const Instant& restore = after[after.size() - 2];
    const Instant& sync = after.back();
    EXPECT_EQ(restore.action, Action::kRestore);
    EXPECT_TRUE(restore.IsCompleted());
    EXPECT_EQ(sync.action, Action::kDeltaCommit);
    EXPECT_TRUE(sync.IsCompleted());
    EXPECT_GT(restore.timestamp, before.back().timestamp);
    EXPECT_EQ(sync.timestamp.size(), 20u);
    EXPECT_TRUE(sync.timestamp.ends_with("003")) << sync.timestamp;  // a restore's
    EXPECT_FALSE(MetadataHas(later, Action::kDeltaCommit));
    EXPECT_EQ(FromMetadata(), FromStorage());
    Warnings warnings;
    EXPECT_THAT(ValidateMetadataTable(*table).ValueOrDie(), ::testing::IsEmpty());
    // The next write finds it in step and keeps it.
    Write(config, {{"a", "x", 5, "sf"}, {"e", "v", 5, "la"}});
    EXPECT_TRUE(warnings.messages.empty()) << warnings.messages.front();
    EXPECT_EQ(FromMetadata(), FromStorage());
    auto plain = TableMetaClient::Load(storage, base).ValueOrDie();
    EXPECT_THAT(ValidateMetadataTable(*plain).ValueOrDie(), ::testing::IsEmpty());
    EXPECT_TRUE(MetadataHas(sync.timestamp, Action::kDeltaCommit));
  }
}

// A restore killed at any storage call is taken up by the next restore to the same
// instant (its plan resumed in the data table, and in the metadata table its own): the
// rows are the savepoint's, and the metadata table is in step and lists exactly the
// files on storage.
TEST_F(MetadataWriterTest, ARestoreKilledAtEveryStorageCallIsResumedAndBothTablesAgree) {
  base = "/memory/trips";
  for (bool merge_on_read : {false, true}) {
    HoodieConfig config = Config(merge_on_read);
    std::string savepoint;
    auto setup = [&]() {
      auto faults = std::make_shared<FaultInjectingStorage>(Storage::InMemory());
      storage = faults;
      EXPECT_OK(TryWrite(config, {{"a", "x", 1, "sf"}, {"b", "y", 1, "la"}}).status());
      savepoint = TryWrite(config, {{"a", "x", 2, "sf"}}).ValueOrDie();
      EXPECT_OK(CreateSavepoint(Table(config), SavepointRequest{savepoint}).status());
      EXPECT_OK(TryWrite(config, {{"a", "x", 3, "sf"}, {"c", "z", 3, "ny"}}).status());
      return faults;
    };
    auto restore = [&]() -> ::arrow::Status {
      ARROW_ASSIGN_OR_RAISE(auto table, WriteClient::OpenOrCreateTable(storage, base, config));
      ARROW_RETURN_NOT_OK(ConfigureMetadataTable(table.get(), config));
      return RestoreToInstant(table, savepoint, /*proceed_savepoint=*/false, RollbackOptions{})
          .status();
    };
    auto probe = setup();
    auto counts = CountCalls(probe.get(), [&] { ASSERT_OK(restore()); });
    const std::vector<std::string> restored_rows = testing::QueryRows(storage, base, {"id", "ts"});
    const int cases = ForEveryStorageCall(counts, merge_on_read, [&](StorageOperation operation,
                                                                   int64_t n) {
        auto faults = setup();
        faults->FailNthCall(operation, n);
        (void)restore();
        faults->ClearFaults();
        ASSERT_OK(restore());
        EXPECT_EQ(testing::QueryRows(storage, base, {"id", "ts"}), restored_rows);
        auto table = TableMetaClient::Load(storage, base).ValueOrDie();
        auto timeline = table->LoadActiveTimeline().ValueOrDie();
        auto metadata = MetadataTable::Open(*table, timeline).ValueOrDie();
        ASSERT_NE(metadata, nullptr);
        EXPECT_OK(metadata->CheckInSync(timeline));
        EXPECT_EQ(FromMetadata(), FromStorage());
    });
    EXPECT_GT(cases, 50);
  }
}

// A metadata table that cannot go back to the restored instant (here: built after it,
// so it has no deltacommit there) is disabled instead, and the next write rebuilds it.
TEST_F(MetadataWriterTest, ARestoreBeforeItWasBuiltDisablesItAndTheNextWriteRebuildsIt) {
  HoodieConfig off = Config(/*merge_on_read=*/false);
  off.Set("hoodie.metadata.enable", "false");
  std::string first = Write(off, {{"a", "x", 1, "sf"}});
  ASSERT_OK(CreateSavepoint(Table(off), SavepointRequest{first}).status());
  HoodieConfig config = Config(/*merge_on_read=*/false);
  Write(config, {{"a", "x", 2, "sf"}, {"b", "y", 2, "la"}});
  Write(config, {{"c", "z", 3, "ny"}});
  ASSERT_TRUE(storage->Exists(MetadataTable::PathOf(base)).ValueOrDie());
  Warnings warnings;
  ASSERT_OK(RestoreToInstant(Table(config), first, /*proceed_savepoint=*/false,
                             RollbackOptions{})
                .status());
  ASSERT_EQ(warnings.messages.size(), 1u);
  EXPECT_THAT(warnings.messages[0],
              ::testing::HasSubstr("it has no completed deltacommit at " + first));
  EXPECT_FALSE(storage->Exists(MetadataTable::PathOf(base)).ValueOrDie());
  auto table = TableMetaClient::Load(storage, base).ValueOrDie();
  EXPECT_EQ(table->table_config()->Get(TableConfig::kMetadataPartitions), "");
  Write(config, {{"d", "w", 4, "sf"}});
  EXPECT_EQ(FromMetadata(), FromStorage());
}

TEST_F(MetadataWriterTest, ADisabledWriterDeletesTheMetadataTable) {
  Write(Config(false), {{"a", "x", 1, "sf"}});
  ASSERT_TRUE(storage->Exists(MetadataTable::PathOf(base)).ValueOrDie());
  HoodieConfig off = TripConfig(true);
  off.Set("hoodie.metadata.enable", "false");
  Write(off, {{"b", "x", 1, "sf"}});
  EXPECT_FALSE(storage->Exists(MetadataTable::PathOf(base)).ValueOrDie());
  auto table = TableMetaClient::Load(storage, base).ValueOrDie();
  EXPECT_EQ(table->table_config()->Get(TableConfig::kMetadataPartitions), "");
}

}  // namespace
}  // namespace hoodie

namespace hoodie {
namespace {

// The record_index entries of the table at `base`, merged as readers merge them.
std::map<std::string, RecordIndexLocation> RecordIndexOf(const std::shared_ptr<Storage>& storage,
                                                         const std::string& base) {
  auto table = TableMetaClient::Load(storage, base).ValueOrDie();
  auto timeline = table->LoadActiveTimeline().ValueOrDie();
  auto metadata = MetadataTable::Open(*table, timeline).ValueOrDie();
  std::map<std::string, RecordIndexLocation> out;
  EXPECT_OK(metadata->Read(kRecordIndexPartition, MetadataKeys::All(),
                           [&](std::string_view key, const AvroValue* record) {
                             if (record == nullptr) {
                               out.erase(std::string(key));
                               return ::arrow::Status::OK();
                             }
                             ARROW_ASSIGN_OR_RAISE(
                                 out[std::string(key)],
                                 RecordIndexLocationOf(*record, TimelineTimeZone::kLocal));
                             return ::arrow::Status::OK();
                           }));
  return out;
}

// key -> partition of each entry.
std::map<std::string, std::string> PartitionsOf(
    const std::map<std::string, RecordIndexLocation>& index) {
  std::map<std::string, std::string> out;
  for (const auto& [key, location] : index) out[key] = location.partition_path;
  return out;
}

struct RecordIndexTest : MetadataWriterTest, ::testing::WithParamInterface<bool> {
  HoodieConfig RecordIndexConfig() {
    HoodieConfig config = Config(/*merge_on_read=*/GetParam(), /*max_delta_commits=*/3);
    config.Set("hoodie.metadata.record.index.enable", "true");
    config.Set("hoodie.index.type", "RECORD_INDEX");
    config.Set("hoodie.record.index.update.partition.path", "true");
    config.Set("hoodie.metadata.record.index.min.filegroup.count", "2");
    config.Set("hoodie.metadata.record.index.max.filegroup.count", "2");
    return config;
  }

  void ExpectValid() {
    auto table = TableMetaClient::Load(storage, base).ValueOrDie();
    ASSERT_OK_AND_ASSIGN(std::vector<std::string> mismatches, ValidateMetadataTable(*table));
    EXPECT_THAT(mismatches, ::testing::IsEmpty());
  }
};

TEST_P(RecordIndexTest, FollowsInsertsMovesDeletesOverwritesAndCompaction) {
  HoodieConfig config = RecordIndexConfig();
  const std::string first =
      Write(config, {{"a", "x", 1, "sf"}, {"b", "y", 1, "la"}, {"c", "z", 1, "ny"}});
  auto table = TableMetaClient::Load(storage, base).ValueOrDie();
  EXPECT_EQ(table->table_config()->Get(TableConfig::kMetadataPartitions), "files,record_index");
  // files at 010, record_index at 011 (built empty before the first commit), two groups.
  EXPECT_TRUE(MetadataHas("00000000000000011", Action::kDeltaCommit));
  for (const char* group : {"0000", "0001"}) {
    EXPECT_TRUE(storage
                    ->Exists(MetadataTable::PathOf(base) + "/record_index/.record-index-" +
                             group + "-0_00000000000000011.log.1_0-0-0")
                    .ValueOrDie());
  }
  auto index = RecordIndexOf(storage, base);
  ASSERT_EQ(index.size(), 3u);
  EXPECT_EQ(index["a"].partition_path, "sf");
  EXPECT_EQ(index["a"].instant_time, first);
  ExpectValid();
  // A move (update.partition.path) and an insert, then a delete.
  const std::string second = Write(config, {{"a", "x2", 2, "la"}, {"d", "w", 2, "sf"}});
  index = RecordIndexOf(storage, base);
  EXPECT_EQ(PartitionsOf(index), (std::map<std::string, std::string>{
                                     {"a", "la"}, {"b", "la"}, {"c", "ny"}, {"d", "sf"}}));
  EXPECT_EQ(index["a"].instant_time, second);
  EXPECT_EQ(index["b"].instant_time, first);  // updates in place keep their entry
  ExpectValid();
  Write(config, {{"b", "", 3, "la"}}, WriteOperationType::kDelete);
  EXPECT_EQ(PartitionsOf(RecordIndexOf(storage, base)),
            (std::map<std::string, std::string>{{"a", "la"}, {"c", "ny"}, {"d", "sf"}}));
  ExpectValid();
  // The third deltacommit since the build compacts the metadata table first.
  Write(config, {{"d", "w2", 4, "sf"}});
  bool compacted = false;
  for (const Instant& instant : MetadataInstants()) {
    compacted |= instant.action == Action::kCommit && instant.IsCompleted();
  }
  EXPECT_TRUE(compacted);
  ExpectValid();
  // insert_overwrite of ny drops c; delete_partition of la drops a.
  Write(config, {{"e", "v", 5, "ny"}}, WriteOperationType::kInsertOverwrite);
  EXPECT_EQ(PartitionsOf(RecordIndexOf(storage, base)),
            (std::map<std::string, std::string>{{"a", "la"}, {"d", "sf"}, {"e", "ny"}}));
  ExpectValid();
  HoodieConfig drop = config;
  drop.Set("hoodie.datasource.write.partitions.to.delete", "la");
  auto client = WriteClient::Make(Table(drop), drop).ValueOrDie();
  std::string instant = client->StartCommit(WriteOperationType::kDeletePartition).ValueOrDie();
  ASSERT_OK(client->DeletePartitions(instant, {"la"}).status());
  EXPECT_EQ(PartitionsOf(RecordIndexOf(storage, base)),
            (std::map<std::string, std::string>{{"d", "sf"}, {"e", "ny"}}));
  ExpectValid();
}

TEST_P(RecordIndexTest, UpsertsTaggedFromItMergeIntoTheRightFileGroups) {
  HoodieConfig config = RecordIndexConfig();
  config.Set("hoodie.record.index.update.partition.path", "false");
  Write(config, {{"a", "x", 1, "sf"}, {"b", "y", 1, "la"}});
  // Without update.partition.path, a record keeps its partition: updated in sf.
  Write(config, {{"a", "x2", 2, "la"}, {"b", "y2", 2, "la"}, {"c", "z", 2, "ny"}});
  EXPECT_THAT(testing::QueryRows(storage, base, {"id", "name", "_hoodie_partition_path"}),
              ::testing::UnorderedElementsAre("a|x2|sf", "b|y2|la", "c|z|ny"));
  ExpectValid();
}

INSTANTIATE_TEST_SUITE_P(TableTypes, RecordIndexTest, ::testing::Bool(),
                         [](const auto& info) { return info.param ? "MergeOnRead" : "CopyOnWrite"; });

TEST_F(MetadataWriterTest, RecordIndexIsBuiltFromTheLatestBaseFilesOfAnExistingTable) {
  HoodieConfig plain = Config(/*merge_on_read=*/false);
  const std::string first = Write(plain, {{"a", "x", 1, "sf"}, {"b", "y", 1, "la"}});
  // RECORD_INDEX before record_index exists tags with GLOBAL_SIMPLE: b moves nowhere.
  HoodieConfig fallback = plain;
  fallback.Set("hoodie.index.type", "RECORD_INDEX");
  Write(fallback, {{"b", "y2", 2, "ny"}});
  EXPECT_THAT(testing::QueryRows(storage, base, {"id", "name", "city"}),
              ::testing::UnorderedElementsAre("a|x|sf", "b|y2|la"));
  HoodieConfig config = fallback;
  config.Set("hoodie.metadata.record.index.enable", "true");
  const std::string third = Write(config, {{"c", "z", 3, "ny"}});
  auto index = RecordIndexOf(storage, base);
  ASSERT_EQ(index.size(), 3u);
  EXPECT_EQ(index["a"].instant_time, first);  // the base file's instant
  EXPECT_EQ(index["c"].instant_time, third);
  EXPECT_EQ(index["b"].partition_path, "la");
  // Ten file groups by default (hoodie.metadata.record.index.min.filegroup.count).
  size_t groups = 0;
  for (const FileStatus& file :
       storage->List(MetadataTable::PathOf(base) + "/record_index", false).ValueOrDie()) {
    groups += file.name().find(".log.1_") != std::string_view::npos;
  }
  EXPECT_EQ(groups, 10u);
  auto table = TableMetaClient::Load(storage, base).ValueOrDie();
  ASSERT_OK_AND_ASSIGN(std::vector<std::string> mismatches, ValidateMetadataTable(*table));
  EXPECT_THAT(mismatches, ::testing::IsEmpty());
  // Turned off, the partition goes, as Hudi drops a disabled index.
  Write(plain, {{"d", "w", 4, "sf"}});
  table = TableMetaClient::Load(storage, base).ValueOrDie();
  EXPECT_EQ(table->table_config()->Get(TableConfig::kMetadataPartitions), "files");
  EXPECT_FALSE(storage->Exists(MetadataTable::PathOf(base) + "/record_index").ValueOrDie());
}

}  // namespace
}  // namespace hoodie

namespace hoodie {
namespace {

// The record index of an existing table is built in bounded memory: its keys are held
// up to hoodie.memory.merge.max.size and spilled past it (a budget of one byte sends
// every key to disk), then each file group is built from its own keys; the index holds
// every live key at its file group, as with no limit.
TEST_F(MetadataWriterTest, RecordIndexBuiltPastItsMemoryBudgetSpillsItsKeys) {
  HoodieConfig plain = Config(/*merge_on_read=*/false);
  std::vector<TripRow> rows;
  for (int i = 0; i < 300; ++i) {
    rows.push_back({"key" + std::to_string(i), "n", i, i % 3 == 0 ? "sf" : (i % 3 == 1 ? "la" : "ny")});
  }
  Write(plain, rows);
  HoodieConfig config = plain;
  config.Set("hoodie.metadata.record.index.enable", "true");
  config.Set("hoodie.memory.merge.max.size", "1");
  config.Set("hoodie.memory.spillable.map.path", dir.Join("spill"));
  ASSERT_OK(storage->CreateDir(dir.Join("spill")));
  Write(config, {{"new", "z", 3, "ny"}});
  auto index = RecordIndexOf(storage, base);
  EXPECT_EQ(index.size(), 301u);
  EXPECT_EQ(index["key7"].partition_path, "la");
  auto table = TableMetaClient::Load(storage, base).ValueOrDie();
  ASSERT_OK_AND_ASSIGN(std::vector<std::string> mismatches, ValidateMetadataTable(*table));
  EXPECT_THAT(mismatches, ::testing::IsEmpty());
  // The spill folder is gone with the initialization.
  EXPECT_TRUE(storage->List(dir.Join("spill"), false).ValueOr({}).empty());
}

TEST_F(MetadataWriterTest, BloomIndexTakesFiltersAndKeyRangesFromTheMetadataTable) {
  HoodieConfig config = Config(/*merge_on_read=*/false);
  config.Set("hoodie.metadata.index.column.stats.enable", "true");
  config.Set("hoodie.metadata.index.bloom.filter.enable", "true");
  Write(config, {{"a", "x", 1, "sf"}, {"b", "y", 1, "la"}, {"c", "z", 1, "ny"}});
  auto faults = std::make_shared<FaultInjectingStorage>(Storage::Local());
  for (const bool use_metadata : {false, true}) {
    HoodieConfig probe = config;
    probe.Set("hoodie.index.type", "GLOBAL_BLOOM");
    probe.Set("hoodie.bloom.index.use.metadata", use_metadata ? "true" : "false");
    auto table = TableMetaClient::Load(faults, base).ValueOrDie();
    ASSERT_OK(ConfigureMetadataTable(table.get(), probe));
    auto view = FileSystemView::Load(*table).ValueOrDie();
    ASSERT_OK_AND_ASSIGN(std::unique_ptr<Index> index, MakeIndex(probe));
    faults->ResetCounts();
    const std::vector<HoodieKeyView> keys = {{"a", "sf"}, {"q", "sf"}};
    ASSERT_OK_AND_ASSIGN(TaggedLocations tags, index->TagLocation(keys, *table, *view));
    ASSERT_NE(tags[0], nullptr);
    EXPECT_EQ(tags[0]->partition_path, "sf");
    EXPECT_EQ(tags[1], nullptr);
    // From the metadata table, the ranges rule la's and ny's files out unread; from
    // footers, every file is opened.
    std::map<std::string, int64_t> opened;
    for (const BaseFile& file : view->LatestBaseFiles()) {
      const std::string partition = ParentPath(file.path).substr(base.size() + 1);
      opened[partition] = faults->call_count(StorageOperation::kOpenForRead, file.path);
    }
    if (use_metadata) {
      EXPECT_EQ(opened, (std::map<std::string, int64_t>{{"la", 0}, {"ny", 0}, {"sf", 1}}));
    } else {
      EXPECT_GT(opened["la"], 0);
      EXPECT_GT(opened["ny"], 0);
    }
  }
}

TEST_F(MetadataWriterTest, RecordIndexSizesItsFileGroupsFromTheKeysItStartsWith) {
  HoodieConfig config = Config(/*merge_on_read=*/false);
  Write(config, {{"a", "x", 1, "sf"}, {"b", "y", 1, "la"}, {"c", "z", 1, "ny"}});
  // 3 keys grown 100 times at 48 bytes each, in groups of at most 4,800 bytes: 3 groups.
  config.Set("hoodie.metadata.record.index.enable", "true");
  config.Set("hoodie.metadata.record.index.min.filegroup.count", "1");
  config.Set("hoodie.metadata.record.index.max.filegroup.count", "5");
  config.Set("hoodie.metadata.record.index.max.filegroup.size", "4800");
  config.Set("hoodie.metadata.record.index.growth.factor", "100");
  Write(config, {{"d", "w", 2, "sf"}});
  std::set<std::string> groups;
  for (const FileStatus& file :
       storage->List(MetadataTable::PathOf(base) + "/record_index", false).ValueOrDie()) {
    if (auto log = ParseLogFileName(std::string(file.name())); log.ok()) groups.insert(log->file_id);
  }
  EXPECT_EQ(groups, (std::set<std::string>{"record-index-0000-0", "record-index-0001-0",
                                           "record-index-0002-0"}));
  auto table = TableMetaClient::Load(storage, base).ValueOrDie();
  ASSERT_OK_AND_ASSIGN(std::vector<std::string> mismatches, ValidateMetadataTable(*table));
  EXPECT_THAT(mismatches, ::testing::IsEmpty());
}

}  // namespace
}  // namespace hoodie

#include "hoodie/metadata_writer/record_index_partition_internal.h"

namespace hoodie::internal {
namespace {

TEST(RecordIndexFileGroupCountTest, SizesAsHudiEstimates) {
  MetadataWriterOptions options;
  // 1 GiB groups of 48-byte entries hold 22,369,621 keys: small tables get the minimum.
  EXPECT_EQ(RecordIndexFileGroupCount(0, options), 10);
  EXPECT_EQ(RecordIndexFileGroupCount(1'000'000, options), 10);
  // 200 M keys grown twice: 400 M / 22,369,621 = 17 groups.
  EXPECT_EQ(RecordIndexFileGroupCount(200'000'000, options), 17);
  options.record_index_max_file_groups = 12;
  EXPECT_EQ(RecordIndexFileGroupCount(200'000'000, options), 12);
  options.record_index_min_file_groups = options.record_index_max_file_groups = 3;
  EXPECT_EQ(RecordIndexFileGroupCount(200'000'000, options), 3);
}

}  // namespace
}  // namespace hoodie::internal
