// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/streamer/s3_events_hoodie_incr_source.cc
/// \brief S3EventsHoodieIncrSource: the objects an S3 events meta table (S3EventsSource's
/// table) recorded after the checkpoint "commit#key", read from S3 up to the source
/// limit in bytes (S3EventsHoodieIncrSource.fetchNextBatch, IncrSourceHelper,
/// CloudObjectsSelectorCommon, CloudDataFetcher).
#include <utility>

#include <arrow/array.h>
#include <arrow/table.h>

#include "hoodie/common/logging.h"
#include "hoodie/common/macros.h"
#include "hoodie/config/datasource_config.h"
#include "hoodie/config/hoodie_config.h"
#include "hoodie/config/s3_events_config.h"
#include "hoodie/config/streamer_config.h"
#include "hoodie/input/input_files_reader.h"
#include "hoodie/read/table_reader.h"
#include "hoodie/storage/storage.h"
#include "hoodie/streamer/cloud_object_selection_internal.h"
#include "hoodie/streamer/incr_source_helper_internal.h"
#include "hoodie/streamer/schema_provider.h"
#include "hoodie/streamer/source.h"
#include "hoodie/streamer/sources_internal.h"
#include "hoodie/table/table_meta_client.h"
#include "hoodie/timeline/active_timeline.h"

namespace hoodie::internal {
namespace {

constexpr char kCommitTime[] = "_hoodie_commit_time";

// IncrSourceHelper.generateQueryInfo with source-limit batching.
struct QueryInfo {
  bool snapshot = false;
  std::string previous;  // incremental reads (previous, end]
  std::string begin;     // snapshot reads commit times in (begin, end]
  std::string end;
  int64_t instants_left = 0;
};

// The struct child `name` of `array`, or null.
std::shared_ptr<::arrow::Array> Child(const std::shared_ptr<::arrow::Array>& array,
                                      const std::string& name) {
  if (array == nullptr || array->type_id() != ::arrow::Type::STRUCT) return nullptr;
  auto structs = std::static_pointer_cast<::arrow::StructArray>(array);
  return structs->GetFieldByName(name);
}

// The rows of the meta table's read: commit time, s3.bucket.name, s3.object.key and
// s3.object.size; Invalid naming what the table lacks.
::arrow::Status AppendObjects(const ::arrow::RecordBatch& batch,
                              const CloudObjectFilter& filter,
                              std::vector<CloudObject>* out) {
  auto commit = batch.GetColumnByName(kCommitTime);
  auto s3 = batch.GetColumnByName("s3");
  auto bucket = Child(Child(s3, "bucket"), "name");
  auto key = Child(Child(s3, "object"), "key");
  auto size = Child(Child(s3, "object"), "size");
  if (commit == nullptr || bucket == nullptr || key == nullptr || size == nullptr ||
      bucket->type_id() != ::arrow::Type::STRING ||
      key->type_id() != ::arrow::Type::STRING ||
      size->type_id() != ::arrow::Type::INT64) {
    return ::arrow::Status::Invalid(
        "the source table is not an S3 events meta table: it needs the columns "
        "s3.bucket.name (string), s3.object.key (string) and s3.object.size (bigint) "
        "that S3EventsSource writes");
  }
  const auto& commits = static_cast<const ::arrow::StringArray&>(*commit);
  const auto& buckets = static_cast<const ::arrow::StringArray&>(*bucket);
  const auto& keys = static_cast<const ::arrow::StringArray&>(*key);
  const auto& sizes = static_cast<const ::arrow::Int64Array&>(*size);
  for (int64_t i = 0; i < batch.num_rows(); ++i) {
    // A SQL filter drops rows whose size or key is null.
    if (sizes.IsNull(i) || keys.IsNull(i) || buckets.IsNull(i) || s3->IsNull(i)) continue;
    if (!filter.Matches(keys.GetView(i), sizes.Value(i))) continue;
    out->push_back(
        {commits.GetString(i), buckets.GetString(i), keys.GetString(i), sizes.Value(i)});
  }
  return ::arrow::Status::OK();
}

class S3EventsHoodieIncrSource : public Source {
 public:
  static ::arrow::Result<std::unique_ptr<Source>> Make(const SourceContext& context) {
    const HoodieConfig& config = *context.config;
    auto out = std::unique_ptr<S3EventsHoodieIncrSource>(new S3EventsHoodieIncrSource());
    ARROW_ASSIGN_OR_RAISE(out->path_, IncrSourcePath(config, "S3EventsHoodieIncrSource"));
    out->config_ = &config;
    ARROW_ASSIGN_OR_RAISE(out->num_instants_, NumInstantsPerFetch(config));
    ARROW_ASSIGN_OR_RAISE(out->missing_, MissingCheckpointFrom(config));
    ARROW_ASSIGN_OR_RAISE(
        out->fallback_,
        config.Get(DataSourceConfig::kIncrementalFallbackToFullTableScan));
    ARROW_ASSIGN_OR_RAISE(out->filter_, CloudObjectFilter::FromConfig(config));
    ARROW_ASSIGN_OR_RAISE(out->fs_prefix_, config.Get(S3EventsConfig::kFsPrefix));
    ARROW_ASSIGN_OR_RAISE(bool check, config.Get(S3EventsConfig::kCheckFileExists));
    ARROW_ASSIGN_OR_RAISE(bool cloud_check,
                          config.Get(S3EventsConfig::kCloudCheckFileExists));
    out->check_exists_ = check || cloud_check;
    ARROW_ASSIGN_OR_RAISE(out->format_, MakeInputFormat(out->filter_.format));
    if (context.schema_provider != nullptr && out->format_->TakesSchema()) {
      // CloudDataFetcher reads the objects with the provider's source schema.
      ARROW_ASSIGN_OR_RAISE(out->read_.schema, context.schema_provider->SourceSchema());
      out->read_.drop_unknown_fields = true;
    }
    if (out->filter_.format == "csv") {
      ARROW_ASSIGN_OR_RAISE(out->read_.csv, CsvDialectFromConfig(config));
    }
    return out;
  }

  ::arrow::Result<SourceBatch> FetchNext(const std::optional<std::string>& checkpoint,
                                         int64_t source_limit) override {
    const CloudCheckpoint last = CloudCheckpoint::Parse(checkpoint);
    std::string inside;
    ARROW_ASSIGN_OR_RAISE(auto storage, Storage::FromUri(path_, &inside, *config_));
    ARROW_ASSIGN_OR_RAISE(auto table, TableMetaClient::Load(storage, inside));
    ARROW_ASSIGN_OR_RAISE(auto reader, TableReader::Open(table));
    ARROW_ASSIGN_OR_RAISE(QueryInfo query, Plan(reader->timeline(), last));
    SourceBatch out;
    out.description =
        "objects of instants (" + query.previous + ", " + query.end + "] of " + path_;
    if (!last.key && query.begin == query.end) {  // already caught up
      out.checkpoint = query.begin;
      return out;
    }
    std::vector<CloudObject> rows;
    ARROW_RETURN_NOT_OK(ReadObjects(*reader, query, &rows));
    CloudSelection selection =
        SelectWithinSourceLimit(std::move(rows), source_limit, query.end, last);
    out.checkpoint = selection.checkpoint.ToString();
    out.source_size = selection.bytes;
    out.backlog = selection.bytes_left;
    out.backlog_description = std::to_string(selection.objects_left) + " objects, " +
                              std::to_string(selection.bytes_left) + " bytes, and " +
                              std::to_string(query.instants_left) + " instants";
    out.description = std::to_string(selection.objects.size()) + " " + filter_.format +
                      " objects (" + std::to_string(selection.bytes) +
                      " bytes) recorded by " + path_;
    if (selection.objects.empty()) return out;
    // One client serves every bucket: S3 storage addresses objects as "bucket/key".
    InputOptions options = read_;
    ARROW_ASSIGN_OR_RAISE(
        options.storage,
        Storage::FromUri(fs_prefix_ + "://" + selection.objects[0].bucket, &inside,
                         *config_));
    ARROW_ASSIGN_OR_RAISE(std::vector<std::string> paths,
                          ObjectPaths(options.storage.get(), selection.objects));
    if (paths.empty()) return out;
    ARROW_ASSIGN_OR_RAISE(std::unique_ptr<InputFormat> format,
                          MakeInputFormat(filter_.format));
    ARROW_ASSIGN_OR_RAISE(
        auto files, InputFilesReader::Open(std::move(paths), std::move(format), options));
    out.where = [files](int64_t row) { return files->Place(row); };
    out.records = std::move(files);
    return out;
  }

 private:
  S3EventsHoodieIncrSource() = default;

  ::arrow::Result<QueryInfo> Plan(const ActiveTimeline& timeline,
                                  const CloudCheckpoint& last) const {
    const Timeline readable = ReadableInstants(timeline);
    QueryInfo query;
    if (last.commit) {
      query.begin = *last.commit;
    } else if (missing_ == MissingCheckpoint::kReadLatest) {
      std::optional<Instant> latest = readable.LastInstant();
      query.begin =
          latest ? StrictlyLowerInstant(latest->timestamp) : kDefaultBeginInstant;
    } else if (missing_ == MissingCheckpoint::kReadUpToLatest) {
      query.begin = kDefaultBeginInstant;
    } else {
      return MissingCheckpointError();
    }
    // The range starts before the begin instant, which a key checkpoint read in part.
    query.previous = kDefaultBeginInstant;
    if (query.begin != kDefaultBeginInstant) {
      std::optional<Instant> before =
          readable.FindInstantsBefore(query.begin).LastInstant();
      std::optional<Instant> first = readable.FirstInstant();
      if (before) {
        query.previous = before->timestamp;
      } else if (first && first->timestamp == query.begin) {
        query.previous = StrictlyLowerInstant(query.begin);
      }
    }
    if (missing_ == MissingCheckpoint::kReadLatest ||
        !readable.IsBeforeTimelineStarts(query.begin)) {
      // With a key the begin instant itself may hold objects not read yet.
      const Timeline after = last.key ? readable.FindInstantsAfterOrEquals(query.begin)
                                      : readable.FindInstantsAfter(query.begin);
      const size_t take =
          std::min<size_t>(after.Count(), static_cast<size_t>(num_instants_));
      query.end = take > 0 ? after.instants()[take - 1].timestamp : query.begin;
      query.instants_left = static_cast<int64_t>(after.Count() - take);
      return query;
    }
    // A begin the active timeline no longer holds: the snapshot, by commit time.
    query.snapshot = true;
    std::optional<Instant> latest = readable.LastInstant();
    query.end = latest ? latest->timestamp : query.begin;
    return query;
  }

  ::arrow::Status ReadObjects(const TableReader& reader, const QueryInfo& query,
                              std::vector<CloudObject>* rows) const {
    ReadOptions read;
    read.columns = {kCommitTime, "s3"};
    if (query.snapshot) {
      read.query_type = QueryType::kSnapshot;
      read.filters = {
          {.column = kCommitTime, .op = CompareOp::kGreater, .value = query.begin},
          {.column = kCommitTime, .op = CompareOp::kLessEqual, .value = query.end}};
    } else {
      read.query_type = QueryType::kIncremental;
      read.begin = query.previous;
      read.end = query.end;
      read.incremental_fallback_to_full_scan = fallback_;
    }
    ARROW_ASSIGN_OR_RAISE(auto records, reader.Read(read));
    for (;;) {
      ARROW_ASSIGN_OR_RAISE(auto batch, records->Next());
      if (batch == nullptr) return ::arrow::Status::OK();
      ARROW_RETURN_NOT_OK(AppendObjects(*batch, filter_, rows));
    }
  }

  // "bucket/key" paths of `store`, those that no longer exist left out with a warning
  // when check.file.exists is set (CloudObjectsSelectorCommon.getObjectMetadata).
  ::arrow::Result<std::vector<std::string>> ObjectPaths(
      Storage* store, const std::vector<CloudObject>& objects) const {
    std::vector<std::string> paths;
    for (const CloudObject& object : objects) {
      std::string path = object.bucket + "/" + object.key;
      if (check_exists_) {
        ARROW_ASSIGN_OR_RAISE(bool exists, store->FileExists(path));
        if (!exists) {
          LogWarning("S3EventsHoodieIncrSource: the object " + fs_prefix_ + "://" + path +
                     " recorded in commit " + object.commit +
                     " no longer exists; skipped");
          continue;
        }
      }
      paths.push_back(std::move(path));
    }
    return paths;
  }

  std::string path_;
  const HoodieConfig* config_ = nullptr;
  int32_t num_instants_ = 5;
  MissingCheckpoint missing_ = MissingCheckpoint::kNone;
  bool fallback_ = false;
  CloudObjectFilter filter_;
  std::string fs_prefix_ = "s3";
  bool check_exists_ = false;
  std::unique_ptr<InputFormat> format_;
  InputOptions read_;
};

}  // namespace

void RegisterS3EventsHoodieIncrSource(SourceRegistry* registry) {
  HOODIE_WARN_NOT_OK(
      registry->Register(std::string(kSourcesPackage) + "S3EventsHoodieIncrSource",
                         {"S3EventsHoodieIncrSource"}, S3EventsHoodieIncrSource::Make),
      "S3EventsHoodieIncrSource");
}

}  // namespace hoodie::internal
