// SPDX-License-Identifier: Apache-2.0
/// \file python/src/conversions.cc
/// \brief The dicts of conversions.h.
#include "conversions.h"

#include <string>

#include <nanobind/stl/string.h>

namespace nb = nanobind;

namespace hoodie::python {
namespace {

nb::object OptionalText(const std::optional<std::string>& value) {
  return value ? nb::object(nb::str(value->c_str())) : nb::none();
}

nb::list TextList(const std::vector<std::string>& values) {
  nb::list out;
  for (const std::string& value : values) out.append(nb::str(value.c_str()));
  return out;
}

}  // namespace

nb::dict WriteStatDict(const WriteStat& stat) {
  nb::dict out;
  out["partition"] = OptionalText(stat.partition_path);
  out["file_id"] = OptionalText(stat.file_id);
  out["path"] = OptionalText(stat.path);
  out["num_writes"] = stat.num_writes;
  out["num_inserts"] = stat.num_inserts;
  out["num_update_writes"] = stat.num_update_writes;
  out["num_deletes"] = stat.num_deletes;
  out["total_write_bytes"] = stat.total_write_bytes;
  out["file_size_in_bytes"] = stat.file_size_in_bytes;
  out["total_log_records"] = stat.total_log_records;
  out["total_log_blocks"] = stat.total_log_blocks;
  out["total_log_files_compacted"] = stat.total_log_files_compacted;
  return out;
}

nb::list WriteStatsOf(const CommitMetadata& metadata) {
  nb::list out;
  for (const auto& [partition, stats] : metadata.partition_to_write_stats) {
    for (const WriteStat& stat : stats) out.append(WriteStatDict(stat));
  }
  return out;
}

nb::dict WriteResultDict(const WriteResult& result) {
  nb::dict out;
  out["instant"] = result.instant_time;
  out["operation"] = std::string(WriteOperationTypeName(result.operation));
  out["committed"] = result.committed;
  out["input_records"] = result.input_records;
  out["inserted"] = result.inserted;
  out["updated"] = result.updated;
  out["deleted"] = result.deleted;
  out["deduplicated"] = result.deduplicated;
  nb::list failed;
  for (const FailedWrite& record : result.failed) {
    nb::dict entry;
    entry["row"] = record.input_row;
    entry["message"] = record.message;
    failed.append(entry);
  }
  out["failed"] = failed;
  nb::list stats;
  for (const WriteStat& stat : result.stats) stats.append(WriteStatDict(stat));
  out["write_stats"] = stats;
  out["files_written"] = static_cast<int64_t>(result.stats.size());
  out["files_replaced"] = result.FilesReplaced();
  out["compactions"] = TextList(result.compactions);
  out["cleans"] = TextList(result.cleans);
  out["archived"] = TextList(result.archived);
  return out;
}

nb::dict InstantDict(const Instant& instant) {
  nb::dict out;
  out["instant"] = instant.timestamp;
  out["action"] = std::string(ActionName(instant.action));
  out["state"] = std::string(StateName(instant.state));
  return out;
}

nb::dict FileSliceDict(const FileSlice& slice) {
  nb::dict out;
  out["partition"] = slice.group.partition_path;
  out["file_id"] = slice.group.file_id;
  out["base_instant"] = slice.base_instant;
  out["base_file"] = slice.base_file ? nb::object(nb::str(slice.base_file->path.c_str()))
                                     : nb::none();
  out["base_file_size"] = slice.base_file ? slice.base_file->size : 0;
  nb::list logs;
  int64_t log_bytes = 0;
  for (const LogFile& log : slice.log_files) {
    logs.append(nb::str(log.path.c_str()));
    log_bytes += log.size;
  }
  out["log_files"] = logs;
  out["log_files_size"] = log_bytes;
  return out;
}

}  // namespace hoodie::python
