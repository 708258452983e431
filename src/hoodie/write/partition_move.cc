// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/write/partition_move.cc
/// \brief Global-index partition moves: whether the stored record wins the merge.

#include <map>
#include <unordered_map>

#include <arrow/array.h>
#include <arrow/record_batch.h>
#include <arrow/table.h>

#include "hoodie/format/avro/meta_fields.h"
#include "hoodie/format/parquet/base_file_reader.h"
#include "hoodie/table/table_meta_client.h"
#include "hoodie/write/write_options.h"
#include "hoodie/write/write_plan_internal.h"

namespace hoodie::internal {
namespace {

// Record key -> ordering value of the stored records of one base file.
::arrow::Result<std::unordered_map<std::string, OrderingValue>> StoredOrdering(
    const TableMetaClient& table, const ExistingFile& file, const std::string& field) {
  std::unordered_map<std::string, OrderingValue> out;
  ARROW_ASSIGN_OR_RAISE(auto reader, BaseFileReader::Open(table.storage(), file.path));
  if (reader->schema()->GetFieldIndex(field) < 0) return out;
  BaseFileReadOptions options;
  options.columns = {std::string(kRecordKeyField), field};
  ARROW_ASSIGN_OR_RAISE(auto stored, reader->ReadTable(options));
  ARROW_ASSIGN_OR_RAISE(auto batch, stored->CombineChunksToBatch());
  auto keys = std::dynamic_pointer_cast<::arrow::StringArray>(batch->column(0));
  if (keys == nullptr) {
    return ::arrow::Status::Invalid("base file has no string _hoodie_record_key: ",
                                    file.path);
  }
  ARROW_ASSIGN_OR_RAISE(std::vector<OrderingValue> ordering,
                        OrderingValues(*batch->column(1)));
  for (int64_t i = 0; i < keys->length(); ++i) {
    out[std::string(keys->GetView(i))] = ordering[i];
  }
  return out;
}

}  // namespace

::arrow::Result<std::vector<bool>> StoredRecordWins(
    const TableMetaClient& table, const WriteOptions& options,
    const IncomingRecords& records, const std::vector<std::optional<Located>>& located,
    const FilesByPartition& files) {
  std::vector<bool> out(records.records.size(), false);
  // Only DefaultHoodieRecordPayload can keep the stored record: Java merges the
  // incoming record with it (mergeIncomingWithExistingRecord) and a stored record with
  // a larger ordering value stays in its partition (tagged back to its file group).
  if (options.payload != PayloadKind::kDefault || !options.precombine_field) return out;
  std::map<std::pair<std::string, size_t>, std::vector<size_t>> moving;
  for (size_t i = 0; i < records.records.size(); ++i) {
    const IncomingRecord& record = records.records[i];
    if (!located[i] || !located[i]->move || record.is_delete ||
        located[i]->partition == record.partition) {
      continue;
    }
    moving[{located[i]->partition, located[i]->file}].push_back(i);
  }
  for (const auto& [where, indices] : moving) {
    const ExistingFile& file = files.at(where.first)[where.second];
    ARROW_ASSIGN_OR_RAISE(auto stored,
                          StoredOrdering(table, file, *options.precombine_field));
    for (size_t i : indices) {
      auto it = stored.find(records.records[i].key);
      out[i] = it != stored.end() &&
               CompareOrdering(it->second, records.records[i].ordering) > 0;
    }
  }
  return out;
}

}  // namespace hoodie::internal
