// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/streamer/hoodie_incr_source.cc
/// \brief HoodieIncrSource: what another Hudi table committed after the checkpoint (an
/// instant time), at most hoodie.deltastreamer.source.hoodieincr.num_instants instants
/// per round (HoodieIncrSource.fetchNextBatch, IncrSourceHelper.generateQueryInfo).
#include <utility>

#include "hoodie/common/macros.h"
#include "hoodie/config/datasource_config.h"
#include "hoodie/config/hoodie_config.h"
#include "hoodie/config/streamer_config.h"
#include "hoodie/read/table_reader.h"
#include "hoodie/storage/storage.h"
#include "hoodie/streamer/conform_reader_internal.h"
#include "hoodie/streamer/incr_source_helper_internal.h"
#include "hoodie/streamer/source.h"
#include "hoodie/streamer/sources_internal.h"
#include "hoodie/table/table_meta_client.h"
#include "hoodie/timeline/active_timeline.h"

namespace hoodie::internal {
namespace {

constexpr const char* kDefaultBegin = kDefaultBeginInstant;

class HoodieIncrSource : public Source {
 public:
  static ::arrow::Result<std::unique_ptr<Source>> Make(const SourceContext& context) {
    const HoodieConfig& config = *context.config;
    auto out = std::unique_ptr<HoodieIncrSource>(new HoodieIncrSource());
    ARROW_ASSIGN_OR_RAISE(out->path_, IncrSourcePath(config, "HoodieIncrSource"));
    ARROW_ASSIGN_OR_RAISE(out->storage_options_, StorageOptions::FromConfig(config));
    ARROW_ASSIGN_OR_RAISE(out->num_instants, NumInstantsPerFetch(config));
    ARROW_ASSIGN_OR_RAISE(out->missing_, MissingCheckpointFrom(config));
    ARROW_ASSIGN_OR_RAISE(out->drop_all_meta_,
                          config.Get(StreamerConfig::kHoodieIncrDropAllMetaFields));
    ARROW_ASSIGN_OR_RAISE(out->fallback_,
                          config.Get(DataSourceConfig::kIncrementalFallbackToFullTableScan));
    return out;
  }

  ::arrow::Result<SourceBatch> FetchNext(const std::optional<std::string>& checkpoint,
                                         int64_t) override {
    std::string inside;
    ARROW_ASSIGN_OR_RAISE(auto storage, Storage::FromUri(path_, &inside, storage_options_));
    ARROW_ASSIGN_OR_RAISE(auto table, TableMetaClient::Load(storage, inside));
    ARROW_ASSIGN_OR_RAISE(auto reader, TableReader::Open(table));
    const Timeline readable = ReadableInstants(reader->timeline());
    std::string begin;
    if (checkpoint && !checkpoint->empty()) {
      begin = *checkpoint;
    } else if (missing_ == MissingCheckpoint::kReadLatest) {
      std::optional<Instant> last = readable.LastInstant();
      begin = last ? StrictlyLowerInstant(last->timestamp) : kDefaultBegin;
    } else if (missing_ == MissingCheckpoint::kReadUpToLatest) {
      begin = kDefaultBegin;
    } else {
      return MissingCheckpointError();
    }
    const Timeline after = readable.FindInstantsAfter(begin);
    std::string end = begin;
    size_t take = std::min<size_t>(after.Count(), static_cast<size_t>(num_instants));
    if (take > 0) end = after.instants()[take - 1].timestamp;
    SourceBatch out;
    out.checkpoint = end;
    out.source_size = static_cast<int64_t>(take);
    out.description = "instants (" + begin + ", " + end + "] of " + path_;
    out.backlog = static_cast<int64_t>(after.Count() - take);
    out.backlog_description = std::to_string(out.backlog) + " instants";
    if (begin == end) return out;  // already caught up
    ReadOptions read;
    bool archived = begin == kDefaultBegin || reader->timeline().timeline().IsBeforeTimelineStarts(begin);
    if (missing_ != MissingCheckpoint::kReadLatest && archived) {
      // A begin the active timeline no longer holds: the snapshot, by commit time.
      read.query_type = QueryType::kSnapshot;
      read.filters = {{.column = "_hoodie_commit_time", .op = CompareOp::kGreater, .value = begin},
                      {.column = "_hoodie_commit_time", .op = CompareOp::kLessEqual, .value = end}};
    } else {
      read.query_type = QueryType::kIncremental;
      read.begin = begin;
      read.end = end;
      read.incremental_fallback_to_full_scan = fallback_;
    }
    ARROW_ASSIGN_OR_RAISE(auto records, reader->Read(read));
    out.records = WithoutMetaColumns(std::move(records), drop_all_meta_);
    return out;
  }

 private:
  HoodieIncrSource() = default;

  std::string path_;
  StorageOptions storage_options_;
  int32_t num_instants = 5;
  MissingCheckpoint missing_ = MissingCheckpoint::kNone;
  bool drop_all_meta_ = false;
  bool fallback_ = false;
};

}  // namespace

void RegisterHoodieIncrSource(SourceRegistry* registry) {
  HOODIE_WARN_NOT_OK(registry->Register(std::string(kSourcesPackage) + "HoodieIncrSource",
                                        {"HoodieIncrSource"}, HoodieIncrSource::Make),
                     "HoodieIncrSource");
}

}  // namespace hoodie::internal
