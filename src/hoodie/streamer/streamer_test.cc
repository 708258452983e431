// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/streamer/streamer_test.cc
/// \brief The streamer's parts against Hudi 0.15's rules: the resume checkpoint
/// (StreamSync.getCheckpointToResume), DFSPathSelector's choice of files, the DFS
/// sources, schema providers and transformers, and whole rounds into real tables.

#include <algorithm>
#include <chrono>
#include <fstream>
#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include <arrow/api.h>
#include <gtest/gtest.h>

#include "hoodie/config/hoodie_config.h"
#include "hoodie/read/table_reader.h"
#include "hoodie/storage/storage.h"
#include "hoodie/streamer/checkpoint.h"
#include "hoodie/streamer/dfs_path_selector.h"
#include "hoodie/streamer/multi_table_streamer.h"
#include "hoodie/streamer/schema_provider.h"
#include "hoodie/streamer/source.h"
#include "hoodie/streamer/stream_round_test_util.h"
#include "hoodie/streamer/stream_sync.h"
#include "hoodie/streamer/streamer.h"
#include "hoodie/streamer/transformer.h"
#include "hoodie/table/table_meta_client.h"
#include "hoodie/testing/matchers.h"
#include "hoodie/testing/temp_dir.h"
#include "hoodie/timeline/active_timeline.h"
#include "hoodie/timeline/commit_metadata.h"

namespace hoodie {
namespace {

using testing::kTripSchema;
using testing::SetMtime;
using testing::StreamRoundTest;
using testing::TempDir;
using testing::WriteText;

// A commit instant file whose extraMetadata holds `extra`.
void WriteCommit(const std::string& meta, const std::string& instant, const std::string& action,
                 const std::map<std::string, std::string>& extra) {
  std::string json = "{\"partitionToWriteStats\":{},\"compacted\":false,\"extraMetadata\":{";
  bool first = true;
  for (const auto& [key, value] : extra) {
    json += (first ? "\"" : ",\"") + key + "\":\"" + value + "\"";
    first = false;
  }
  json += "},\"operationType\":\"UPSERT\"}";
  WriteText(meta + "/" + instant + "." + action + ".requested", "");
  WriteText(meta + "/" + instant + "." + action + ".inflight", "");
  WriteText(meta + "/" + instant + "." + action, json);
}

ActiveTimeline LoadTimeline(const std::string& meta) {
  auto timeline = ActiveTimeline::Load(Storage::Local(), meta);
  EXPECT_OK(timeline.status());
  return *timeline;
}

// -- the resume checkpoint (StreamSync.getCheckpointToResume, 0.15) ----------------------

TEST(ResumeCheckpointTest, NoTableResumesFromTheFlagOrNothing) {
  ASSERT_OK_AND_ASSIGN(ResumePoint none, ChooseResumeCheckpoint(nullptr, false, {}));
  EXPECT_FALSE(none.checkpoint.has_value());
  ASSERT_OK_AND_ASSIGN(ResumePoint flag,
                       ChooseResumeCheckpoint(nullptr, false, {.checkpoint = "7"}));
  EXPECT_EQ(flag.checkpoint, "7");
}

TEST(ResumeCheckpointTest, WalksBackPastCommitsWithoutCheckpoint) {
  TempDir dir;
  std::string meta = dir.Join(".hoodie");
  WriteCommit(meta, "20260101000000001", "commit", {{kCheckpointKey, "100"}});
  WriteCommit(meta, "20260101000000002", "commit", {{"other", "x"}});  // a foreign writer
  ActiveTimeline timeline = LoadTimeline(meta);
  ASSERT_OK_AND_ASSIGN(ResumePoint point, ChooseResumeCheckpoint(&timeline, false, {}));
  EXPECT_EQ(point.checkpoint, "100");
  EXPECT_EQ(point.from_instant, "20260101000000001");
}

TEST(ResumeCheckpointTest, ANewCheckpointFlagResetsOnceThenTheKeyWins) {
  TempDir dir;
  std::string meta = dir.Join(".hoodie");
  WriteCommit(meta, "20260101000000001", "commit", {{kCheckpointKey, "100"}});
  ActiveTimeline before = LoadTimeline(meta);
  ASSERT_OK_AND_ASSIGN(ResumePoint reset,
                       ChooseResumeCheckpoint(&before, false, {.checkpoint = "5"}));
  EXPECT_EQ(reset.checkpoint, "5");
  // The round that used the flag recorded it as reset_key: the same flag now resumes
  // from the key.
  WriteCommit(meta, "20260101000000002", "commit",
              {{kCheckpointKey, "200"}, {kCheckpointResetKey, "5"}});
  ActiveTimeline after = LoadTimeline(meta);
  ASSERT_OK_AND_ASSIGN(ResumePoint again,
                       ChooseResumeCheckpoint(&after, false, {.checkpoint = "5"}));
  EXPECT_EQ(again.checkpoint, "200");
  EXPECT_TRUE(again.after_reset);
}

TEST(ResumeCheckpointTest, IgnoreFlagStartsAfreshOncePerValue) {
  TempDir dir;
  std::string meta = dir.Join(".hoodie");
  WriteCommit(meta, "20260101000000001", "commit", {{kCheckpointKey, "100"}});
  ActiveTimeline first = LoadTimeline(meta);
  ASSERT_OK_AND_ASSIGN(ResumePoint ignored,
                       ChooseResumeCheckpoint(&first, false, {.ignore_checkpoint = "a"}));
  EXPECT_FALSE(ignored.checkpoint.has_value());
  WriteCommit(meta, "20260101000000002", "commit",
              {{kCheckpointKey, "300"}, {kCheckpointIgnoreKey, "a"}});
  ActiveTimeline second = LoadTimeline(meta);
  ASSERT_OK_AND_ASSIGN(ResumePoint resumed,
                       ChooseResumeCheckpoint(&second, false, {.ignore_checkpoint = "a"}));
  EXPECT_EQ(resumed.checkpoint, "300");
}

TEST(ResumeCheckpointTest, MergeOnReadResumesFromDeltaCommitsOnly) {
  TempDir dir;
  std::string meta = dir.Join(".hoodie");
  WriteCommit(meta, "20260101000000001", "deltacommit", {{kCheckpointKey, "100"}});
  // A compaction's commit (later, carrying an old checkpoint copied by someone) is
  // not where a merge-on-read streamer looks.
  WriteCommit(meta, "20260101000000002", "commit", {{kCheckpointKey, "1"}});
  ActiveTimeline timeline = LoadTimeline(meta);
  ASSERT_OK_AND_ASSIGN(ResumePoint mor, ChooseResumeCheckpoint(&timeline, true, {}));
  EXPECT_EQ(mor.checkpoint, "100");
  ASSERT_OK_AND_ASSIGN(ResumePoint cow, ChooseResumeCheckpoint(&timeline, false, {}));
  EXPECT_EQ(cow.checkpoint, "1");
}

TEST(ResumeCheckpointTest, OnlyAResetKeyIsRefusedAsHudiRefusesIt) {
  TempDir dir;
  std::string meta = dir.Join(".hoodie");
  WriteCommit(meta, "20260101000000001", "commit", {{kCheckpointResetKey, "5"}});
  ActiveTimeline timeline = LoadTimeline(meta);
  auto point = ChooseResumeCheckpoint(&timeline, false, {.checkpoint = "5"});
  ASSERT_FALSE(point.ok());
  EXPECT_NE(point.status().message().find("unable to find the previous checkpoint"),
            std::string::npos);
}

TEST(ResumeCheckpointTest, CommitMetadataHoldsWhatIsGiven) {
  auto none = CheckpointMetadata(std::nullopt, {}, false);
  EXPECT_TRUE(none.empty());
  auto all = CheckpointMetadata("9", {.checkpoint = "1", .ignore_checkpoint = "x"}, false);
  ASSERT_EQ(all.size(), 3u);
  EXPECT_EQ(all[0], std::make_pair(std::string(kCheckpointKey), std::string("9")));
  EXPECT_EQ(all[1], std::make_pair(std::string(kCheckpointResetKey), std::string("1")));
  EXPECT_EQ(all[2], std::make_pair(std::string(kCheckpointIgnoreKey), std::string("x")));
  EXPECT_TRUE(CheckpointMetadata("9", {.checkpoint = "1"}, true).empty());
}

// -- DFSPathSelector ---------------------------------------------------------------------

std::vector<std::string> Names(const DfsSelection& selection) {
  std::vector<std::string> out;
  for (const FileStatus& file : selection.files) out.emplace_back(file.name());
  return out;
}

class DfsSelectorTest : public ::testing::Test {
 protected:
  void Put(const std::string& relative, const std::string& text, int64_t mtime) {
    WriteText(dir_.Join(relative), text);
    SetMtime(dir_.Join(relative), mtime);
  }
  ::arrow::Result<DfsSelection> Select(std::optional<std::string> checkpoint,
                                       int64_t limit = kNoSourceLimit) {
    return SelectDfsFiles(Storage::Local().get(), dir_.path(), checkpoint, limit);
  }
  TempDir dir_;
};

TEST_F(DfsSelectorTest, OldestFirstSkippingHiddenUnderscoreAndEmptyFiles) {
  Put("b.json", "{}\n", 3000);
  Put("a.json", "{}\n", 2000);
  Put("sub/c.json", "{}\n", 1000);
  Put(".hidden.json", "{}\n", 1500);
  Put("_SUCCESS", "x", 1500);
  Put("_temporary/d.json", "{}\n", 1500);  // inside an ignored folder
  Put("empty.json", "", 1500);
  ASSERT_OK_AND_ASSIGN(DfsSelection all, Select(std::nullopt));
  EXPECT_EQ(Names(all), (std::vector<std::string>{"c.json", "a.json", "b.json"}));
  EXPECT_EQ(all.checkpoint, "3000");
  EXPECT_EQ(all.bytes, 9);
  EXPECT_EQ(all.files_left, 0);
  // Strictly after the checkpoint.
  ASSERT_OK_AND_ASSIGN(DfsSelection later, Select("2000"));
  EXPECT_EQ(Names(later), (std::vector<std::string>{"b.json"}));
}

TEST_F(DfsSelectorTest, NothingNewKeepsTheCheckpointOrLongMinOnAFirstRound) {
  ASSERT_OK_AND_ASSIGN(DfsSelection first, Select(std::nullopt));
  EXPECT_TRUE(first.files.empty());
  EXPECT_EQ(first.checkpoint, "-9223372036854775808");
  ASSERT_OK_AND_ASSIGN(DfsSelection again, Select("42"));
  EXPECT_EQ(again.checkpoint, "42");
}

TEST_F(DfsSelectorTest, SourceLimitNeverSplitsFilesOfOneModificationTime) {
  Put("a.json", std::string(10, 'x'), 1000);
  Put("b.json", std::string(10, 'x'), 1000);
  Put("c.json", std::string(10, 'x'), 2000);
  // a fits; b would reach the limit but shares a's time, so it comes too; c stops.
  ASSERT_OK_AND_ASSIGN(DfsSelection batch, Select(std::nullopt, 15));
  EXPECT_EQ(Names(batch), (std::vector<std::string>{"a.json", "b.json"}));
  EXPECT_EQ(batch.checkpoint, "1000");
  // c is what the table lags behind.
  EXPECT_EQ(batch.files_left, 1);
  EXPECT_EQ(batch.bytes_left, 10);
  // A first file as large as the limit takes nothing and keeps the checkpoint (Hudi's
  // trap: the round commits nothing until the limit is raised).
  ASSERT_OK_AND_ASSIGN(DfsSelection blocked, Select("1000", 10));
  EXPECT_TRUE(blocked.files.empty());
  EXPECT_EQ(blocked.checkpoint, "1000");
}

TEST_F(DfsSelectorTest, ABadCheckpointIsNamed) {
  auto bad = Select("20260101000000001x");
  ASSERT_FALSE(bad.ok());
  EXPECT_NE(bad.status().message().find("'20260101000000001x'"), std::string::npos);
}

// -- rounds into tables --------------------------------------------------------------------

TEST_F(StreamRoundTest, RoundsCommitRecordsWithTheNewestModificationTime) {
  Input("1.json", R"({"id":"a","city":"x","fare":1.0,"ts":1})" "\n"
                  R"({"id":"b","city":"y","fare":2.0,"ts":1})" "\n", 5000);
  ASSERT_OK_AND_ASSIGN(RoundResult first, Round());
  ASSERT_FALSE(first.instant.empty());
  EXPECT_EQ(first.records_read, 2);
  EXPECT_EQ(CommittedCheckpoint(first.instant), "5000");
  EXPECT_EQ(Rows(), (std::map<std::string, double>{{"a", 1.0}, {"b", 2.0}}));

  // Nothing new: the checkpoint does not move and nothing is committed.
  ASSERT_OK_AND_ASSIGN(RoundResult idle, Round());
  EXPECT_TRUE(idle.instant.empty());
  EXPECT_EQ(idle.resumed_from, "5000");
  EXPECT_EQ(CompletedCommits(), 1u);

  // An update of a, with an older file time than the checkpoint: never read (as Hudi).
  Input("0.json", R"({"id":"a","city":"x","fare":9.0,"ts":2})" "\n", 4000);
  Input("2.json", R"({"id":"a","city":"x","fare":3.0,"ts":2})" "\n", 6000);
  ASSERT_OK_AND_ASSIGN(RoundResult second, Round());
  EXPECT_EQ(second.resumed_from, "5000");
  EXPECT_EQ(CommittedCheckpoint(second.instant), "6000");
  EXPECT_EQ(Rows(), (std::map<std::string, double>{{"a", 3.0}, {"b", 2.0}}));
}

TEST_F(StreamRoundTest, ABadRecordFailsTheRoundNamingFileAndLineAndLosesNothing) {
  Input("1.json", R"({"id":"a","city":"x","fare":1.0,"ts":1})" "\n", 5000);
  ASSERT_OK(Round().status());
  Input("2.json", R"({"id":"b","city":"x","fare":2.0,"ts":1})" "\n"
                  R"({"id":"c","city":"x","fare":"many","ts":1})" "\n", 6000);
  auto failed = Round();
  ASSERT_FALSE(failed.ok());
  EXPECT_NE(failed.status().message().find("2.json:2"), std::string::npos)
      << failed.status().ToString();
  EXPECT_EQ(CompletedCommits(), 1u);
  EXPECT_EQ(Rows(), (std::map<std::string, double>{{"a", 1.0}}));
  // Fixed, the next round reads the same file again.
  Input("2.json", R"({"id":"b","city":"x","fare":2.0,"ts":1})" "\n", 6000);
  ASSERT_OK_AND_ASSIGN(RoundResult retried, Round());
  EXPECT_EQ(retried.resumed_from, "5000");
  EXPECT_EQ(Rows(), (std::map<std::string, double>{{"a", 1.0}, {"b", 2.0}}));
}

TEST_F(StreamRoundTest, FailedKeysAbortUnlessCommitOnErrors) {
  props_.Set("hoodie.datasource.write.recordkey.field", "fare");  // null for one record
  Input("1.json", R"({"id":"a","city":"x","fare":1.0,"ts":1})" "\n"
                  R"({"id":"b","city":"x","ts":1})" "\n", 5000);
  auto refused = Round();
  ASSERT_FALSE(refused.ok());
  EXPECT_NE(refused.status().message().find("1.json:2"), std::string::npos)
      << refused.status().ToString();
  options_.commit_on_errors = true;
  ASSERT_OK_AND_ASSIGN(RoundResult committed, Round());
  ASSERT_EQ(committed.failed.size(), 1u);
  EXPECT_NE(committed.failed[0].find("1.json:2"), std::string::npos);
  EXPECT_EQ(CommittedCheckpoint(committed.instant), "5000");
  EXPECT_EQ(Rows().size(), 1u);
}

TEST_F(StreamRoundTest, CheckpointFlagReplaysOnceAndIsRecordedAsResetKey) {
  Input("1.json", R"({"id":"a","city":"x","fare":1.0,"ts":1})" "\n", 5000);
  Input("2.json", R"({"id":"a","city":"x","fare":2.0,"ts":2})" "\n", 6000);
  ASSERT_OK(Round().status());
  EXPECT_EQ(Rows(), (std::map<std::string, double>{{"a", 2.0}}));
  options_.checkpoint.checkpoint = "5000";  // replay 2.json only
  Input("2.json", R"({"id":"a","city":"x","fare":7.0,"ts":3})" "\n", 6000);
  ASSERT_OK_AND_ASSIGN(RoundResult replay, Round());
  EXPECT_EQ(replay.resumed_from, "5000");
  EXPECT_EQ(Rows(), (std::map<std::string, double>{{"a", 7.0}}));
  // The same flag again resumes from the committed key: nothing new.
  ASSERT_OK_AND_ASSIGN(RoundResult after, Round());
  EXPECT_EQ(after.resumed_from, "6000");
  EXPECT_TRUE(after.instant.empty());
}

TEST_F(StreamRoundTest, JsonSourceWithoutSchemaIsRefused) {
  options_.schema_provider_class.clear();
  auto made = StreamSync::Make(options_, props_);
  ASSERT_FALSE(made.ok());
  EXPECT_NE(made.status().message().find("needs a source schema"), std::string::npos);
}

TEST_F(StreamRoundTest, FilterDupesWithUpsertIsRefusedAsHudiRefusesIt) {
  options_.filter_dupes = true;
  auto made = StreamSync::Make(options_, props_);
  ASSERT_FALSE(made.ok());
  EXPECT_NE(made.status().message().find("--filter-dupes"), std::string::npos);
}

// The base file format registry refuses the formats hoodie does not write, for the
// streamer as for every other caller, before anything is written.
TEST_F(StreamRoundTest, BaseFileFormatsTheRegistryLacksAreRefused) {
  options_.base_file_format = "ORC";
  auto orc = StreamSync::Make(options_, props_);
  ASSERT_RAISES(NotImplemented, orc);
  EXPECT_EQ(orc.status().message(),
            "--base-file-format ORC: ORC base files are not supported: hoodie reads and "
            "writes PARQUET base files only (hoodie.table.base.file.format=PARQUET)");
  options_.base_file_format = "AVRO";
  auto avro = StreamSync::Make(options_, props_);
  ASSERT_RAISES(Invalid, avro);
  EXPECT_THAT(avro.status().message(),
              ::testing::HasSubstr("unknown base file format 'AVRO'"));
  EXPECT_FALSE(std::filesystem::exists(dir_.Join("table")));
}

TEST_F(StreamRoundTest, CsvWithoutHeaderTakesTheSchemaByPosition) {
  options_.source_class = "org.apache.hudi.utilities.sources.CsvDFSSource";
  Input("1.csv", "a,x,1.5,1\nb,y,,1\n", 5000);
  ASSERT_OK(Round().status());
  EXPECT_EQ(Rows(), (std::map<std::string, double>{{"a", 1.5}, {"b", -1}}));
  props_.Set("hoodie.streamer.csv.header", "true");
  props_.Set("hoodie.streamer.csv.sep", "|");
  Input("2.csv", "id|city|fare|ts\nc|x|4|2\n", 6000);
  ASSERT_OK(Round().status());
  EXPECT_EQ(Rows(), (std::map<std::string, double>{{"a", 1.5}, {"b", -1}, {"c", 4}}));
}

TEST_F(StreamRoundTest, FlatteningTransformerJoinsNestedNamesWithUnderscores) {
  WriteText(dir_.Join("nested.avsc"), R"({"type":"record","name":"n","fields":[
    {"name":"id","type":"string"},{"name":"ts","type":"long"},
    {"name":"loc","type":["null",{"type":"record","name":"loc","fields":[
      {"name":"city","type":"string"},{"name":"fare","type":"double"}]}],"default":null}]})");
  props_.Set("hoodie.deltastreamer.schemaprovider.source.schema.file", dir_.Join("nested.avsc"));
  // As in Hudi, records are rewritten into the provider's target schema after the
  // transformers (the source schema when no target is given), so a flattening needs one.
  WriteText(dir_.Join("flat.avsc"), R"({"type":"record","name":"n","fields":[
    {"name":"id","type":"string"},{"name":"ts","type":"long"},
    {"name":"loc_city","type":["null","string"],"default":null},
    {"name":"loc_fare","type":["null","double"],"default":null}]})");
  props_.Set("hoodie.deltastreamer.schemaprovider.target.schema.file", dir_.Join("flat.avsc"));
  props_.Set("hoodie.datasource.write.partitionpath.field", "loc_city");
  options_.transformer_class = "org.apache.hudi.utilities.transform.FlatteningTransformer";
  Input("1.json", R"({"id":"a","ts":1,"loc":{"city":"x","fare":1.0}})" "\n", 5000);
  ASSERT_OK(Round().status());
  ASSERT_OK_AND_ASSIGN(auto read, ReadColumns({"id", "loc_city", "loc_fare"}));
  ASSERT_EQ(read->num_rows(), 1);
  EXPECT_EQ(read->schema()->field(2)->name(), "loc_fare");
}

TEST_F(StreamRoundTest, TargetSchemaAddsANullableColumnTheSourceLacks) {
  WriteText(dir_.Join("target.avsc"), R"({"type":"record","name":"trip","fields":[
    {"name":"id","type":"string"},{"name":"city","type":"string"},
    {"name":"fare","type":["null","double"],"default":null},{"name":"ts","type":"long"},
    {"name":"note","type":["null","string"],"default":null}]})");
  props_.Set("hoodie.deltastreamer.schemaprovider.target.schema.file", dir_.Join("target.avsc"));
  Input("1.json", R"({"id":"a","city":"x","fare":1.0,"ts":1})" "\n", 5000);
  ASSERT_OK(Round().status());
  ASSERT_OK_AND_ASSIGN(auto read, ReadColumns({"id", "note"}));
  ASSERT_EQ(read->num_rows(), 1);
  EXPECT_EQ(read->column(1)->null_count(), 1);
}

TEST_F(StreamRoundTest, ContinuousMergeOnReadCompactsInTheBackground) {
  options_.table_type = "MERGE_ON_READ";
  options_.continuous = true;
  props_.Set("hoodie.compact.inline.max.delta.commits", "2");
  for (int i = 0; i < 4; ++i) {
    Input(std::to_string(i) + ".json",
          R"({"id":"a","city":"x","fare":)" + std::to_string(i) + R"(.0,"ts":)" +
              std::to_string(i) + "}\n",
          5000 + i * 1000);
  }
  // One file per round: a limit above one file's 41 bytes and below two files'.
  options_.source_limit = 60;
  ASSERT_OK_AND_ASSIGN(auto streamer, Streamer::Make(options_, props_));
  ASSERT_OK_AND_ASSIGN(StreamerTotals totals, streamer->Run({.max_rounds = 4}));
  EXPECT_EQ(totals.rounds, 4);
  EXPECT_EQ(totals.commits, 4);
  EXPECT_GE(totals.compactions, 1);
  auto timeline = ActiveTimeline::Load(Storage::Local(), dir_.Join("table/.hoodie"));
  ASSERT_OK(timeline.status());
  EXPECT_EQ(timeline->timeline().FilterPendingCompaction().Count(), 0u);
  EXPECT_EQ(timeline->timeline().GetCommitTimeline().FilterCompleted().Count(),
            static_cast<size_t>(totals.compactions));
  EXPECT_EQ(Rows(), (std::map<std::string, double>{{"a", 3.0}}));
}

// A run killed while it created the table leaves `.hoodie` with folders and a temp file
// of hoodie.properties only: no table yet, so the next run creates it (as StreamSync
// re-initializes a base path without properties) instead of refusing it. The continuous
// merge-on-read run looks for pending compactions first, so it is checked too; the kill
// test met this at random.
TEST_F(StreamRoundTest, ATableCreationCutShortIsFinishedByTheNextRun) {
  Input("1.json", R"({"id":"a","city":"x","fare":1.0,"ts":1})" "\n", 5000);
  for (const char* type : {"COPY_ON_WRITE", "MERGE_ON_READ"}) {
    SCOPED_TRACE(type);
    options_.table_type = type;
    options_.continuous = std::string(type) == "MERGE_ON_READ";
    const std::string meta = dir_.Join("table/.hoodie");
    std::filesystem::remove_all(dir_.Join("table"));
    ASSERT_OK(Storage::Local()->CreateDir(meta + "/archived"));
    WriteText(meta + "/.hoodie.properties.0123456789abcdef.tmp", "hoodie.table.na");
    ASSERT_OK_AND_ASSIGN(auto streamer, Streamer::Make(options_, props_));
    ASSERT_OK_AND_ASSIGN(StreamerTotals totals, streamer->Run({.max_rounds = 1}));
    EXPECT_EQ(totals.commits, 1);
    EXPECT_EQ(Rows(), (std::map<std::string, double>{{"a", 1.0}}));
  }
}

TEST_F(StreamRoundTest, MultiTableStreamerIngestsEachTableFromItsOwnConfig) {
  WriteText(dir_.Join("in-a/1.json"), R"({"id":"a","city":"x","fare":1.0,"ts":1})" "\n");
  WriteText(dir_.Join("in-b/1.json"), R"({"id":"b","city":"y","fare":2.0,"ts":1})" "\n"
                                      R"({"id":"c","city":"y","fare":3.0,"ts":1})" "\n");
  WriteText(dir_.Join("conf/db1_a_config.properties"),
            "hoodie.deltastreamer.source.dfs.root=" + dir_.Join("in-a") + "\n");
  WriteText(dir_.Join("conf/db1_b_config.properties"),
            "hoodie.deltastreamer.source.dfs.root=" + dir_.Join("in-b") + "\n" +
                "hoodie.deltastreamer.ingestion.targetBasePath=" + dir_.Join("elsewhere/b") + "\n");
  HoodieConfig common = props_;
  common.Set("hoodie.deltastreamer.ingestion.tablesToBeIngested", "db1.a, db1.b");
  MultiTableOptions multi{.config_folder = dir_.Join("conf"), .base_path_prefix = dir_.Join("lake")};
  ASSERT_OK_AND_ASSIGN(std::vector<TableRound> rounds, RunMultiTable(multi, options_, common));
  ASSERT_EQ(rounds.size(), 2u);
  EXPECT_EQ(rounds[0].round.records_written, 1);
  EXPECT_EQ(rounds[1].round.records_written, 2);
  EXPECT_EQ(rounds[1].table.target_base_path, dir_.Join("elsewhere/b"));
  ASSERT_OK_AND_ASSIGN(auto a, TableMetaClient::Load(Storage::Local(), dir_.Join("lake/db1/a")));
  ASSERT_OK_AND_ASSIGN(auto b, TableMetaClient::Load(Storage::Local(), dir_.Join("elsewhere/b")));
  ASSERT_OK_AND_ASSIGN(auto reader, TableReader::Open(b));
  ASSERT_OK_AND_ASSIGN(auto rows, reader->ReadTable({.columns = {"id"}}));
  EXPECT_EQ(rows->num_rows(), 2);
  // A table without its config file is named.
  common.Set("hoodie.deltastreamer.ingestion.tablesToBeIngested", "db1.missing");
  auto missing = RunMultiTable(multi, options_, common);
  ASSERT_FALSE(missing.ok());
  EXPECT_NE(missing.status().message().find("db1_missing_config.properties"), std::string::npos);
}

TEST_F(StreamRoundTest, HoodieIncrSourcePullsAnotherTableNumInstantsAtATime) {
  for (int i = 0; i < 3; ++i) {
    Input(std::to_string(i) + ".json",
          R"({"id":"k)" + std::to_string(i) + R"(","city":"x","fare":1.0,"ts":1})" "\n",
          5000 + i * 1000);
    ASSERT_OK(Round().status());
  }
  auto source_timeline = ActiveTimeline::Load(Storage::Local(), dir_.Join("table/.hoodie"));
  ASSERT_OK(source_timeline.status());
  std::vector<std::string> commits =
      source_timeline->timeline().GetCommitsTimeline().FilterCompleted().Timestamps();
  ASSERT_EQ(commits.size(), 3u);

  StreamerOptions pull = options_;
  pull.target_base_path = dir_.Join("copy");
  pull.source_class = "org.apache.hudi.utilities.sources.HoodieIncrSource";
  pull.schema_provider_class.clear();
  HoodieConfig props = props_;
  props.Set("hoodie.streamer.source.hoodieincr.path", dir_.Join("table"));
  props.Set("hoodie.streamer.source.hoodieincr.num_instants", "2");
  {
    ASSERT_OK_AND_ASSIGN(auto sync, StreamSync::Make(pull, props));
    auto refused = sync->SyncOnce();
    ASSERT_FALSE(refused.ok());
    EXPECT_NE(refused.status().message().find("missing.checkpoint.strategy"), std::string::npos);
  }
  props.Set("hoodie.streamer.source.hoodieincr.missing.checkpoint.strategy",
            "READ_UPTO_LATEST_COMMIT");
  ASSERT_OK_AND_ASSIGN(auto sync, StreamSync::Make(pull, props));
  ASSERT_OK_AND_ASSIGN(RoundResult first, sync->SyncOnce());
  EXPECT_EQ(first.checkpoint, commits[1]);
  EXPECT_EQ(first.records_read, 2);
  ASSERT_OK_AND_ASSIGN(RoundResult second, sync->SyncOnce());
  EXPECT_EQ(second.resumed_from, commits[1]);
  EXPECT_EQ(second.checkpoint, commits[2]);
  EXPECT_EQ(second.records_read, 1);
  ASSERT_OK_AND_ASSIGN(RoundResult caught_up, sync->SyncOnce());
  EXPECT_TRUE(caught_up.instant.empty());
  // The copy has the rows, and of the meta columns only the partition path came along
  // (then rewritten by the copy's own write).
  auto copy = TableMetaClient::Load(Storage::Local(), dir_.Join("copy"));
  ASSERT_OK(copy.status());
  ASSERT_OK_AND_ASSIGN(auto reader, TableReader::Open(*copy));
  ASSERT_OK_AND_ASSIGN(auto rows, reader->ReadTable({.columns = {"id"}}));
  EXPECT_EQ(rows->num_rows(), 3);
  // READ_LATEST starts at the source's last instant.
  pull.target_base_path = dir_.Join("latest");
  props.Set("hoodie.streamer.source.hoodieincr.missing.checkpoint.strategy", "READ_LATEST");
  ASSERT_OK_AND_ASSIGN(auto latest, StreamSync::Make(pull, props));
  ASSERT_OK_AND_ASSIGN(RoundResult only_last, latest->SyncOnce());
  EXPECT_EQ(only_last.records_read, 1);
  EXPECT_EQ(only_last.checkpoint, commits[2]);
}

TEST_F(StreamRoundTest, AnAddedNullableColumnIsAcceptedAndAnIncompatibleChangeRefused) {
  Input("1.json", R"({"id":"a","city":"x","fare":1.0,"ts":1})" "\n", 5000);
  ASSERT_OK(Round().status());
  WriteText(dir_.Join("trip.avsc"), R"({"type":"record","name":"trip","fields":[
    {"name":"id","type":"string"},{"name":"city","type":"string"},
    {"name":"fare","type":["null","double"],"default":null},{"name":"ts","type":"long"},
    {"name":"note","type":["null","string"],"default":null}]})");
  Input("2.json", R"({"id":"b","city":"x","fare":2.0,"ts":1,"note":"n"})" "\n", 6000);
  ASSERT_OK(Round().status());
  EXPECT_EQ(Rows().size(), 2u);
  WriteText(dir_.Join("trip.avsc"), R"({"type":"record","name":"trip","fields":[
    {"name":"id","type":"string"},{"name":"city","type":"string"},
    {"name":"fare","type":["null","string"],"default":null},{"name":"ts","type":"long"}]})");
  Input("3.json", R"({"id":"c","city":"x","fare":"3","ts":1})" "\n", 7000);
  auto refused = Round();
  ASSERT_FALSE(refused.ok());
  EXPECT_NE(refused.status().message().find("fare"), std::string::npos)
      << refused.status().ToString();
  EXPECT_EQ(CompletedCommits(), 2u);
}

TEST_F(StreamRoundTest, ForceSkipCommitsNoCheckpointAndAPostProcessorDropsColumns) {
  props_.Set("hoodie.deltastreamer.checkpoint.force.skip", "true");
  props_.Set("hoodie.deltastreamer.schemaprovider.schema_post_processor",
             "org.apache.hudi.utilities.schema.postprocessor.DropColumnSchemaPostProcessor");
  props_.Set("hoodie.deltastreamer.schemaprovider.schema_post_processor.delete.columns", "FARE");
  Input("1.json", R"({"id":"a","city":"x","fare":1.0,"ts":1})" "\n", 5000);
  ASSERT_OK_AND_ASSIGN(RoundResult round, Round());
  EXPECT_FALSE(CommittedCheckpoint(round.instant).has_value());
  ASSERT_OK_AND_ASSIGN(auto read, ReadColumns({}));
  EXPECT_EQ(read->schema()->GetFieldIndex("fare"), -1);
  EXPECT_GE(read->schema()->GetFieldIndex("city"), 0);
}

TEST_F(StreamRoundTest, CsvQuoteEscapeAndNullValueAreSparks) {
  options_.source_class = "CsvDFSSource";
  props_.Set("hoodie.deltastreamer.csv.quote", "'");
  props_.Set("hoodie.deltastreamer.csv.escape", "\\");
  props_.Set("hoodie.deltastreamer.csv.nullValue", "NA");
  Input("1.csv", "'a,1',x,NA,1\n'b\\'s',y,2.5,1\n", 5000);
  ASSERT_OK(Round().status());
  EXPECT_EQ(Rows(), (std::map<std::string, double>{{"a,1", -1}, {"b's", 2.5}}));
}

TEST_F(StreamRoundTest, HoodieIncrSourceKeepsOrDropsThePartitionPathMetaColumn) {
  Input("1.json", R"({"id":"a","city":"x","fare":1.0,"ts":1})" "\n", 5000);
  ASSERT_OK(Round().status());
  for (bool drop_all : {false, true}) {
    HoodieConfig config;
    config.Set("hoodie.deltastreamer.source.hoodieincr.path", dir_.Join("table"));
    config.Set("hoodie.deltastreamer.source.hoodieincr.read_latest_on_missing_ckpt", "true");
    config.Set("hoodie.deltastreamer.source.hoodieincr.drop.all.meta.fields.from.source",
               drop_all ? "true" : "false");
    ASSERT_OK_AND_ASSIGN(auto source, MakeSource("HoodieIncrSource", {.config = &config}));
    ASSERT_OK_AND_ASSIGN(SourceBatch batch, source->FetchNext(std::nullopt, kNoSourceLimit));
    ASSERT_NE(batch.records, nullptr);
    ASSERT_OK_AND_ASSIGN(auto rows, batch.records->ToTable());
    EXPECT_EQ(rows->num_rows(), 1);
    EXPECT_EQ(rows->schema()->GetFieldIndex("_hoodie_partition_path") >= 0, !drop_all);
    EXPECT_EQ(rows->schema()->GetFieldIndex("_hoodie_commit_time"), -1);
  }
}

TEST(StreamerRegistryTest, HudiClassNamesAndShortNamesResolve) {
  for (const char* name : {"org.apache.hudi.utilities.sources.JsonDFSSource", "JsonDFSSource",
                           "ParquetDFSSource", "ORCDFSSource", "AvroDFSSource", "CsvDFSSource"}) {
    EXPECT_TRUE(SourceRegistry::Global()->Contains(name)) << name;
  }
  HoodieConfig config;
  auto kafka = MakeSource("org.apache.hudi.utilities.sources.JsonKafkaSource",
                          {.config = &config});
  ASSERT_FALSE(kafka.ok());
  EXPECT_TRUE(kafka.status().IsNotImplemented());
  auto unknown = MakeSource("com.example.MySource", {.config = &config});
  ASSERT_FALSE(unknown.ok());
  EXPECT_NE(unknown.status().message().find("JsonDFSSource"), std::string::npos);
}

// Without the SQL and HTTP components (this test links neither), their plug-ins are
// refused naming the component to link, not reported as unknown.
TEST(StreamerRegistryTest, ComponentPluginsAreRefusedNamingTheComponent) {
  HoodieConfig config;
  auto transformer = MakeTransformers("sql", config);
  ASSERT_TRUE(transformer.status().IsNotImplemented()) << transformer.status().ToString();
  EXPECT_EQ(transformer.status().message(),
            "transformer class org.apache.hudi.utilities.transform.SqlQueryBasedTransformer "
            "needs hoodie's SQL component (hoodie::sql): link it and call "
            "hoodie::RegisterSqlComponent()");
  auto source = MakeSource("SqlSource", {.config = &config});
  EXPECT_EQ(source.status().message(),
            "source class org.apache.hudi.utilities.sources.SqlSource needs hoodie's SQL "
            "component (hoodie::sql): link it and call hoodie::RegisterSqlComponent()");
  auto provider = MakeSchemaProvider("SchemaRegistryProvider", config);
  EXPECT_EQ(provider.status().message(),
            "schema provider class org.apache.hudi.utilities.schema.SchemaRegistryProvider "
            "needs hoodie's HTTP component (hoodie::http): link it and call "
            "hoodie::RegisterHttpComponent()");
}

}  // namespace
}  // namespace hoodie
