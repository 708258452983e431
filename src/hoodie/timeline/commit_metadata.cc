// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/timeline/commit_metadata.cc
/// \brief JSON codec of HoodieCommitMetadata / HoodieReplaceCommitMetadata (Jackson
/// form).
#include "hoodie/timeline/commit_metadata.h"

#include <exception>

#include <nlohmann/json.hpp>

#include "hoodie/common/macros.h"
#include "hoodie/common/nesting_limit.h"
#include "hoodie/timeline/jackson_json_internal.h"
#include "hoodie/timeline/write_stat_json_internal.h"

namespace hoodie {
namespace {

using Json = nlohmann::ordered_json;

// Reads typed fields out of a parsed JSON object the way Jackson binds them: missing
// and null fields keep Java's defaults (null objects, zero primitives); wrong types
// fail with a message naming the instant file.
class FieldReader {
 public:
  explicit FieldReader(std::string_view file_name) : file_name_(file_name) {}

  ::arrow::Status Error(std::string_view what) const {
    return ::arrow::Status::Invalid("Malformed commit metadata in ", file_name_, ": ",
                                    what);
  }

  ::arrow::Result<const Json*> Get(const Json& object, const char* key) const {
    auto it = object.find(key);
    if (it == object.end() || it->is_null()) return nullptr;
    return &*it;
  }

  ::arrow::Result<std::optional<std::string>> String(const Json& o,
                                                     const char* key) const {
    ARROW_ASSIGN_OR_RAISE(const Json* v, Get(o, key));
    if (v == nullptr) return std::nullopt;
    if (!v->is_string()) return Error(std::string("field '") + key + "' is not a string");
    return v->get<std::string>();
  }

  ::arrow::Result<std::optional<int64_t>> OptionalInt(const Json& o,
                                                      const char* key) const {
    ARROW_ASSIGN_OR_RAISE(const Json* v, Get(o, key));
    if (v == nullptr) return std::nullopt;
    if (!v->is_number()) return Error(std::string("field '") + key + "' is not a number");
    return v->is_number_float() ? static_cast<int64_t>(v->get<double>())
                                : v->get<int64_t>();
  }

  ::arrow::Result<int64_t> Int(const Json& o, const char* key) const {
    ARROW_ASSIGN_OR_RAISE(auto value, OptionalInt(o, key));
    return value.value_or(0);
  }

  ::arrow::Result<const Json*> Object(const Json& o, const char* key) const {
    ARROW_ASSIGN_OR_RAISE(const Json* v, Get(o, key));
    if (v != nullptr && !v->is_object()) {
      return Error(std::string("field '") + key + "' is not an object");
    }
    return v;
  }

  ::arrow::Result<const Json*> Array(const Json& o, const char* key) const {
    ARROW_ASSIGN_OR_RAISE(const Json* v, Get(o, key));
    if (v != nullptr && !v->is_array()) {
      return Error(std::string("field '") + key + "' is not an array");
    }
    return v;
  }

  ::arrow::Result<std::vector<std::string>> Strings(const Json& array,
                                                    const char* what) const {
    std::vector<std::string> out;
    for (const Json& item : array) {
      if (!item.is_string()) return Error(std::string(what) + " holds a non-string");
      out.push_back(item.get<std::string>());
    }
    return out;
  }

 private:
  std::string_view file_name_;
};

::arrow::Status ReadCounters(const FieldReader& r, const Json& o, WriteStat* s) {
  struct Counter {
    const char* key;
    int64_t WriteStat::* field;
  };
  static constexpr Counter kCounters[] = {
      {"numWrites", &WriteStat::num_writes},
      {"numDeletes", &WriteStat::num_deletes},
      {"numUpdateWrites", &WriteStat::num_update_writes},
      {"numInserts", &WriteStat::num_inserts},
      {"totalWriteBytes", &WriteStat::total_write_bytes},
      {"totalWriteErrors", &WriteStat::total_write_errors},
      {"totalLogRecords", &WriteStat::total_log_records},
      {"totalLogFilesCompacted", &WriteStat::total_log_files_compacted},
      {"totalLogSizeCompacted", &WriteStat::total_log_size_compacted},
      {"totalUpdatedRecordsCompacted", &WriteStat::total_updated_records_compacted},
      {"totalLogBlocks", &WriteStat::total_log_blocks},
      {"totalCorruptLogBlock", &WriteStat::total_corrupt_log_block},
      {"totalRollbackBlocks", &WriteStat::total_rollback_blocks},
      {"fileSizeInBytes", &WriteStat::file_size_in_bytes},
  };
  for (const Counter& c : kCounters) {
    ARROW_ASSIGN_OR_RAISE(s->*(c.field), r.Int(o, c.key));
  }
  return ::arrow::Status::OK();
}

::arrow::Status ReadNested(const FieldReader& r, const Json& o, WriteStat* s) {
  ARROW_ASSIGN_OR_RAISE(const Json* cdc, r.Object(o, "cdcStats"));
  if (cdc != nullptr) {
    s->cdc_stats.emplace();
    for (const auto& [key, value] : cdc->items()) {
      if (!value.is_number()) return r.Error("cdcStats holds a non-number");
      s->cdc_stats->emplace_back(key, value.get<int64_t>());
    }
  }
  ARROW_ASSIGN_OR_RAISE(const Json* runtime, r.Object(o, "runtimeStats"));
  if (runtime != nullptr) {
    RuntimeStats stats;
    ARROW_ASSIGN_OR_RAISE(stats.total_scan_time, r.Int(*runtime, "totalScanTime"));
    ARROW_ASSIGN_OR_RAISE(stats.total_upsert_time, r.Int(*runtime, "totalUpsertTime"));
    ARROW_ASSIGN_OR_RAISE(stats.total_create_time, r.Int(*runtime, "totalCreateTime"));
    s->runtime_stats = stats;
  }
  return ::arrow::Status::OK();
}

// HoodieDeltaWriteStat is recognised by its own fields; Jackson on the Java side binds
// every stat as the base class, but we keep them so that files round-trip exactly.
::arrow::Status ReadDelta(const FieldReader& r, const Json& o, WriteStat* s) {
  static constexpr const char* kDeltaKeys[] = {"logVersion", "logOffset", "baseFile",
                                               "logFiles", "recordsStats"};
  bool is_delta = false;
  for (const char* key : kDeltaKeys) is_delta = is_delta || o.contains(key);
  if (!is_delta) return ::arrow::Status::OK();
  DeltaWriteStat delta;
  ARROW_ASSIGN_OR_RAISE(int64_t version, r.Int(o, "logVersion"));
  delta.log_version = static_cast<int32_t>(version);
  ARROW_ASSIGN_OR_RAISE(delta.log_offset, r.Int(o, "logOffset"));
  ARROW_ASSIGN_OR_RAISE(delta.base_file, r.String(o, "baseFile"));
  ARROW_ASSIGN_OR_RAISE(const Json* logs, r.Array(o, "logFiles"));
  if (logs != nullptr) {
    ARROW_ASSIGN_OR_RAISE(delta.log_files, r.Strings(*logs, "logFiles"));
  }
  auto records = o.find("recordsStats");
  delta.records_stats_json.reset();
  if (records != o.end()) {
    delta.records_stats_json =
        records->dump(-1, ' ', false, Json::error_handler_t::replace);
  }
  s->delta = std::move(delta);
  return ::arrow::Status::OK();
}

::arrow::Result<WriteStat> ReadWriteStat(const FieldReader& r, const Json& o) {
  if (!o.is_object()) return r.Error("a write stat is not an object");
  WriteStat s;
  ARROW_ASSIGN_OR_RAISE(s.file_id, r.String(o, "fileId"));
  ARROW_ASSIGN_OR_RAISE(s.path, r.String(o, "path"));
  ARROW_ASSIGN_OR_RAISE(s.prev_commit, r.String(o, "prevCommit"));
  ARROW_ASSIGN_OR_RAISE(s.temp_path, r.String(o, "tempPath"));
  ARROW_ASSIGN_OR_RAISE(s.partition_path, r.String(o, "partitionPath"));
  ARROW_ASSIGN_OR_RAISE(s.min_event_time, r.OptionalInt(o, "minEventTime"));
  ARROW_ASSIGN_OR_RAISE(s.max_event_time, r.OptionalInt(o, "maxEventTime"));
  ARROW_RETURN_NOT_OK(ReadCounters(r, o, &s));
  ARROW_RETURN_NOT_OK(ReadNested(r, o, &s));
  ARROW_RETURN_NOT_OK(ReadDelta(r, o, &s));
  return s;
}

::arrow::Status ReadCommitFields(const FieldReader& r, const Json& root,
                                 CommitMetadata* m) {
  ARROW_ASSIGN_OR_RAISE(const Json* partitions, r.Object(root, "partitionToWriteStats"));
  if (partitions != nullptr) {
    for (const auto& [partition, stats] : partitions->items()) {
      std::vector<WriteStat> parsed;
      if (!stats.is_null()) {
        if (!stats.is_array())
          return r.Error("partitionToWriteStats value is not an array");
        for (const Json& stat : stats) {
          ARROW_ASSIGN_OR_RAISE(WriteStat s, ReadWriteStat(r, stat));
          parsed.push_back(std::move(s));
        }
      }
      m->partition_to_write_stats.emplace_back(partition, std::move(parsed));
    }
  }
  ARROW_ASSIGN_OR_RAISE(const Json* compacted, r.Get(root, "compacted"));
  if (compacted != nullptr) {
    if (!compacted->is_boolean()) return r.Error("field 'compacted' is not a boolean");
    m->compacted = compacted->get<bool>();
  }
  ARROW_ASSIGN_OR_RAISE(const Json* extra, r.Object(root, "extraMetadata"));
  if (extra != nullptr) {
    for (const auto& [key, value] : extra->items()) {
      // A null value has no std::string form; Hudi never writes one.
      if (!value.is_string() && !value.is_null()) {
        return r.Error("extraMetadata value of '" + key + "' is not a string");
      }
      m->extra_metadata.emplace_back(key,
                                     value.is_null() ? "" : value.get<std::string>());
    }
  }
  ARROW_ASSIGN_OR_RAISE(auto operation, r.String(root, "operationType"));
  if (operation) {
    auto type = ParseWriteOperationType(*operation);
    if (!type.ok()) return r.Error("unknown operationType '" + *operation + "'");
    m->operation_type = *type;
  }
  return ::arrow::Status::OK();
}

// Parses JSON text; nlohmann throws, so the exception stops here.
::arrow::Result<Json> ParseJson(std::string_view json, std::string_view file_name) {
  if (::arrow::Status depth = CheckJsonNestingDepth(json); !depth.ok()) {
    return ::arrow::Status::Invalid("Malformed commit metadata JSON in ", file_name, ": ",
                                    depth.message());
  }
  try {
    Json root = Json::parse(json.begin(), json.end());
    if (!root.is_object() && !root.is_null()) {
      return ::arrow::Status::Invalid("Malformed commit metadata in ", file_name,
                                      ": top level is not an object");
    }
    return root;
  } catch (const std::exception& e) {
    return ::arrow::Status::Invalid("Malformed commit metadata JSON in ", file_name, ": ",
                                    e.what());
  }
}

Json NullableString(const std::optional<std::string>& value) {
  return value ? Json(*value) : Json(nullptr);
}

Json NullableInt(const std::optional<int64_t>& value) {
  return value ? Json(*value) : Json(nullptr);
}

void WriteDelta(const DeltaWriteStat& d, Json* o) {
  (*o)["logVersion"] = d.log_version;
  (*o)["logOffset"] = d.log_offset;
  (*o)["baseFile"] = NullableString(d.base_file);
  (*o)["logFiles"] = Json::array();
  for (const auto& f : d.log_files) (*o)["logFiles"].push_back(f);
  if (d.records_stats_json) {
    Json records = CheckJsonNestingDepth(*d.records_stats_json).ok()
                       ? Json::parse(*d.records_stats_json, nullptr,
                                     /*allow_exceptions=*/false)
                       : Json(Json::value_t::discarded);
    (*o)["recordsStats"] = records.is_discarded() ? Json(nullptr) : records;
  }
}

}  // namespace

// The one serializer of HoodieWriteStat: commit metadata and the commit callback's
// message (callback/commit_callback_message.cc) both write it.
Json internal::WriteStatToJson(const WriteStat& s) {
  Json o = Json::object();
  o["fileId"] = NullableString(s.file_id);
  o["path"] = NullableString(s.path);
  if (s.cdc_stats) {
    o["cdcStats"] = Json::object();
    for (const auto& [k, v] : *s.cdc_stats) o["cdcStats"][k] = v;
  } else {
    o["cdcStats"] = nullptr;
  }
  o["prevCommit"] = NullableString(s.prev_commit);
  o["numWrites"] = s.num_writes;
  o["numDeletes"] = s.num_deletes;
  o["numUpdateWrites"] = s.num_update_writes;
  o["numInserts"] = s.num_inserts;
  o["totalWriteBytes"] = s.total_write_bytes;
  o["totalWriteErrors"] = s.total_write_errors;
  o["tempPath"] = NullableString(s.temp_path);
  o["partitionPath"] = NullableString(s.partition_path);
  o["totalLogRecords"] = s.total_log_records;
  o["totalLogFilesCompacted"] = s.total_log_files_compacted;
  o["totalLogSizeCompacted"] = s.total_log_size_compacted;
  o["totalUpdatedRecordsCompacted"] = s.total_updated_records_compacted;
  o["totalLogBlocks"] = s.total_log_blocks;
  o["totalCorruptLogBlock"] = s.total_corrupt_log_block;
  o["totalRollbackBlocks"] = s.total_rollback_blocks;
  o["fileSizeInBytes"] = s.file_size_in_bytes;
  o["minEventTime"] = NullableInt(s.min_event_time);
  o["maxEventTime"] = NullableInt(s.max_event_time);
  if (s.runtime_stats) {
    o["runtimeStats"] = Json::object();
    o["runtimeStats"]["totalScanTime"] = s.runtime_stats->total_scan_time;
    o["runtimeStats"]["totalUpsertTime"] = s.runtime_stats->total_upsert_time;
    o["runtimeStats"]["totalCreateTime"] = s.runtime_stats->total_create_time;
  } else {
    o["runtimeStats"] = nullptr;
  }
  if (s.delta) WriteDelta(*s.delta, &o);
  return o;
}

namespace {

Json CommitToJson(const CommitMetadata& m) {
  Json root = Json::object();
  root["partitionToWriteStats"] = Json::object();
  for (const auto& [partition, stats] : m.partition_to_write_stats) {
    Json array = Json::array();
    for (const WriteStat& s : stats) array.push_back(internal::WriteStatToJson(s));
    root["partitionToWriteStats"][partition] = std::move(array);
  }
  root["compacted"] = m.compacted;
  root["extraMetadata"] = Json::object();
  for (const auto& [key, value] : m.extra_metadata) root["extraMetadata"][key] = value;
  root["operationType"] = std::string(WriteOperationTypeName(m.operation_type));
  return root;
}

template <typename V>
V* FindEntry(OrderedMap<V>* map, std::string_view key) {
  for (auto& [k, v] : *map) {
    if (k == key) return &v;
  }
  return nullptr;
}

}  // namespace

std::string_view WriteOperationTypeName(WriteOperationType type) {
  return EnumName(type, kWriteOperationTypeNames, "UNKNOWN");
}

::arrow::Result<WriteOperationType> ParseWriteOperationType(std::string_view name) {
  return ParseEnum("operationType", name, kWriteOperationTypeNames, EnumCase::kExact);
}

::arrow::Result<CommitMetadata> CommitMetadata::FromJson(std::string_view json,
                                                         std::string_view file_name) {
  CommitMetadata metadata;
  // HoodieCommitMetadata.fromBytes: empty content is empty metadata.
  if (json.find_first_not_of(" \t\r\n") == std::string_view::npos) return metadata;
  ARROW_ASSIGN_OR_RAISE(Json root, ParseJson(json, file_name));
  if (root.is_null()) return metadata;
  ARROW_RETURN_NOT_OK(ReadCommitFields(FieldReader(file_name), root, &metadata));
  return metadata;
}

std::string CommitMetadata::ToJson() const {
  return internal::ToJacksonPrettyJson(CommitToJson(*this));
}

void CommitMetadata::AddWriteStat(const std::string& partition, WriteStat stat) {
  if (auto* stats = FindEntry(&partition_to_write_stats, partition)) {
    stats->push_back(std::move(stat));
    return;
  }
  partition_to_write_stats.emplace_back(partition,
                                        std::vector<WriteStat>{std::move(stat)});
  OrderLikeJavaHashMap(&partition_to_write_stats);
}

void CommitMetadata::AddMetadata(const std::string& key, std::string value) {
  if (auto* existing = FindEntry(&extra_metadata, key)) {
    *existing = std::move(value);
    return;
  }
  extra_metadata.emplace_back(key, std::move(value));
  OrderLikeJavaHashMap(&extra_metadata);
}

std::optional<std::string> CommitMetadata::GetMetadata(std::string_view key) const {
  for (const auto& [k, v] : extra_metadata) {
    if (k == key) return v;
  }
  return std::nullopt;
}

std::vector<std::string> CommitMetadata::PartitionsWritten() const {
  std::vector<std::string> out;
  for (const auto& entry : partition_to_write_stats) out.push_back(entry.first);
  return out;
}

std::vector<WriteStat> CommitMetadata::AllWriteStats() const {
  std::vector<WriteStat> out;
  for (const auto& entry : partition_to_write_stats) {
    out.insert(out.end(), entry.second.begin(), entry.second.end());
  }
  return out;
}

std::vector<std::string> CommitMetadata::FilesWritten() const {
  std::vector<std::string> out;
  for (const auto& entry : partition_to_write_stats) {
    for (const WriteStat& s : entry.second) {
      if (s.path) out.push_back(*s.path);
    }
  }
  return out;
}

namespace {
int64_t Sum(const CommitMetadata& m, int64_t WriteStat::* field) {
  int64_t total = 0;
  for (const auto& entry : m.partition_to_write_stats) {
    for (const WriteStat& s : entry.second) total += s.*field;
  }
  return total;
}
}  // namespace

int64_t CommitMetadata::TotalRecordsWritten() const {
  return Sum(*this, &WriteStat::num_writes);
}
int64_t CommitMetadata::TotalUpdateRecordsWritten() const {
  return Sum(*this, &WriteStat::num_update_writes);
}
int64_t CommitMetadata::TotalInsertRecordsWritten() const {
  return Sum(*this, &WriteStat::num_inserts);
}
int64_t CommitMetadata::TotalRecordsDeleted() const {
  return Sum(*this, &WriteStat::num_deletes);
}
int64_t CommitMetadata::TotalBytesWritten() const {
  return Sum(*this, &WriteStat::total_write_bytes);
}

std::map<std::string, std::string> CommitMetadata::FileIdToFullPath(
    std::string_view base_path) const {
  std::map<std::string, std::string> out;
  std::string base(base_path);
  while (base.size() > 1 && base.back() == '/') base.pop_back();
  for (const auto& entry : partition_to_write_stats) {
    for (const WriteStat& s : entry.second) {
      if (!s.file_id || !s.path) continue;
      out[*s.file_id] = s.path->empty() ? base : base + "/" + *s.path;
    }
  }
  return out;
}

::arrow::Result<ReplaceCommitMetadata> ReplaceCommitMetadata::FromJson(
    std::string_view json, std::string_view file_name) {
  ReplaceCommitMetadata metadata;
  if (json.find_first_not_of(" \t\r\n") == std::string_view::npos) return metadata;
  ARROW_ASSIGN_OR_RAISE(Json root, ParseJson(json, file_name));
  if (root.is_null()) return metadata;
  FieldReader reader(file_name);
  ARROW_RETURN_NOT_OK(ReadCommitFields(reader, root, &metadata));
  ARROW_ASSIGN_OR_RAISE(const Json* replaced,
                         reader.Object(root, "partitionToReplaceFileIds"));
  if (replaced != nullptr) {
    for (const auto& [partition, ids] : replaced->items()) {
      std::vector<std::string> file_ids;
      if (!ids.is_null()) {
        if (!ids.is_array())
          return reader.Error("partitionToReplaceFileIds value is not an array");
        ARROW_ASSIGN_OR_RAISE(file_ids,
                               reader.Strings(ids, "partitionToReplaceFileIds"));
      }
      metadata.partition_to_replace_file_ids.emplace_back(partition, std::move(file_ids));
    }
  }
  return metadata;
}

std::string ReplaceCommitMetadata::ToJson() const {
  Json root = CommitToJson(*this);
  root["partitionToReplaceFileIds"] = Json::object();
  for (const auto& [partition, ids] : partition_to_replace_file_ids) {
    root["partitionToReplaceFileIds"][partition] = ids;
  }
  return internal::ToJacksonPrettyJson(root);
}

void ReplaceCommitMetadata::AddReplaceFileIds(const std::string& partition,
                                              std::vector<std::string> file_ids) {
  if (auto* existing = FindEntry(&partition_to_replace_file_ids, partition)) {
    existing->insert(existing->end(), file_ids.begin(), file_ids.end());
    return;
  }
  partition_to_replace_file_ids.emplace_back(partition, std::move(file_ids));
  OrderLikeJavaHashMap(&partition_to_replace_file_ids);
}

}  // namespace hoodie
