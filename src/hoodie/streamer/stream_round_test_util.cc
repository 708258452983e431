// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/streamer/stream_round_test_util.cc
#include "hoodie/streamer/stream_round_test_util.h"

#include <fcntl.h>
#include <sys/stat.h>

#include <fstream>

#include <arrow/api.h>

#include "hoodie/client/table.h"
#include "hoodie/storage/storage.h"
#include "hoodie/streamer/checkpoint.h"
#include "hoodie/testing/matchers.h"
#include "hoodie/timeline/active_timeline.h"
#include "hoodie/timeline/commit_metadata.h"

namespace hoodie::testing {

void WriteText(const std::string& path, const std::string& text) {
  std::string dir = path.substr(0, path.rfind('/'));
  ASSERT_OK(Storage::Local()->CreateDir(dir));
  std::ofstream out(path);
  out << text;
}

void SetMtime(const std::string& path, int64_t ms) {
  struct timespec times[2];
  times[0].tv_sec = ms / 1000;
  times[0].tv_nsec = (ms % 1000) * 1000000;
  times[1] = times[0];
  ASSERT_EQ(utimensat(AT_FDCWD, path.c_str(), times, 0), 0) << path;
}

void StreamRoundTest::SetUp() {
  WriteText(dir_.Join("trip.avsc"), kTripSchema);
  props_.Set("hoodie.deltastreamer.source.dfs.root", dir_.Join("in"));
  props_.Set("hoodie.deltastreamer.schemaprovider.source.schema.file", dir_.Join("trip.avsc"));
  props_.Set("hoodie.datasource.write.recordkey.field", "id");
  props_.Set("hoodie.datasource.write.partitionpath.field", "city");
  options_.target_base_path = dir_.Join("table");
  options_.target_table = "trips";
  options_.table_type = "COPY_ON_WRITE";
  options_.schema_provider_class = "FilebasedSchemaProvider";
}

void StreamRoundTest::Input(const std::string& name, const std::string& lines, int64_t mtime) {
  WriteText(dir_.Join("in/" + name), lines);
  SetMtime(dir_.Join("in/" + name), mtime);
}

::arrow::Result<RoundResult> StreamRoundTest::Round() {
  ARROW_ASSIGN_OR_RAISE(auto sync, StreamSync::Make(options_, props_));
  return sync->SyncOnce();
}

::arrow::Result<std::shared_ptr<::arrow::Table>> StreamRoundTest::ReadColumns(
    std::vector<std::string> columns) {
  ARROW_ASSIGN_OR_RAISE(auto table, Table::Open(dir_.Join("table")));
  return table->ReadTable({.columns = std::move(columns)});
}

std::map<std::string, double> StreamRoundTest::Rows() {
  auto read = ReadColumns({"id", "fare"});
  EXPECT_OK(read.status());
  auto combined = (*read)->CombineChunksToBatch();
  EXPECT_OK(combined.status());
  std::map<std::string, double> out;
  auto ids = std::static_pointer_cast<::arrow::StringArray>((*combined)->column(0));
  auto fares = std::static_pointer_cast<::arrow::DoubleArray>((*combined)->column(1));
  for (int64_t i = 0; i < ids->length(); ++i) {
    out[ids->GetString(i)] = fares->IsNull(i) ? -1 : fares->Value(i);
  }
  return out;
}

std::optional<std::string> StreamRoundTest::CommittedCheckpoint(const std::string& instant) {
  auto timeline = ActiveTimeline::Load(Storage::Local(), dir_.Join("table/.hoodie"));
  EXPECT_OK(timeline.status());
  const Timeline commits = timeline->timeline().GetCommitsTimeline().FilterCompleted();
  for (const Instant& each : commits.instants()) {
    if (each.timestamp != instant) continue;
    auto metadata = timeline->ReadCommitMetadata(each);
    EXPECT_OK(metadata.status());
    return metadata->GetMetadata(kCheckpointKey);
  }
  return std::nullopt;
}

size_t StreamRoundTest::CompletedCommits() {
  auto timeline = ActiveTimeline::Load(Storage::Local(), dir_.Join("table/.hoodie"));
  EXPECT_OK(timeline.status());
  return timeline->timeline().GetCommitsTimeline().FilterCompleted().Count();
}

}  // namespace hoodie::testing
