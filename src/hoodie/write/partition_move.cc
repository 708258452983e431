// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/write/partition_move.cc
/// \brief Global-index partition moves: the payload merges the incoming record with the
/// stored one before it moves (HoodieIndexUtils.mergeForPartitionUpdatesIfNeeded).

#include <map>
#include <unordered_map>

#include <arrow/array.h>
#include <arrow/builder.h>
#include <arrow/compute/api.h>
#include <arrow/record_batch.h>
#include <arrow/table.h>

#include "hoodie/format/avro/meta_fields.h"
#include "hoodie/format/registry/base_file_formats.h"
#include "hoodie/merge/record_merger.h"
#include "hoodie/read/table_reader.h"
#include "hoodie/table/table_meta_client.h"
#include "hoodie/write/staged_payloads_internal.h"
#include "hoodie/write/write_options.h"
#include "hoodie/write/write_plan_internal.h"

namespace hoodie::internal {
namespace {

// The stored rows of one base file aligned to the writer schema, by record key.
struct StoredRows {
  std::shared_ptr<::arrow::RecordBatch> data;
  std::unordered_map<std::string, int64_t> row_of;
};

// The merged snapshot rows of a merge-on-read file group (base file and logs), what
// HoodieMergedReadHandle gives Java's partition-move merge.
::arrow::Result<std::shared_ptr<::arrow::RecordBatch>> ReadMergedSlice(
    const TableMetaClient& table, const ExistingFile& file) {
  ARROW_ASSIGN_OR_RAISE(auto loaded,
                        TableMetaClient::Load(table.storage(), table.base_path()));
  ARROW_ASSIGN_OR_RAISE(auto reader, TableReader::Open(loaded));
  ReadOptions options;
  if (!file.partition.empty()) options.partitions = {file.partition};
  ARROW_ASSIGN_OR_RAISE(auto rows, reader->ReadTable(options));
  ARROW_ASSIGN_OR_RAISE(auto batch, rows->CombineChunksToBatch());
  // Base rows name their base file, log rows the file id.
  auto names = std::dynamic_pointer_cast<::arrow::StringArray>(
      batch->GetColumnByName(std::string(kFileNameField)));
  if (names == nullptr) return batch;
  ::arrow::BooleanBuilder keep;
  for (int64_t i = 0; i < names->length(); ++i) {
    ARROW_RETURN_NOT_OK(
        keep.Append(!names->IsNull(i) && names->GetView(i).starts_with(file.file_id)));
  }
  ARROW_ASSIGN_OR_RAISE(auto mask, keep.Finish());
  ARROW_ASSIGN_OR_RAISE(::arrow::Datum filtered, ::arrow::compute::Filter(batch, mask));
  return filtered.record_batch();
}

::arrow::Result<StoredRows> ReadStoredRows(const TableMetaClient& table,
                                           const ExistingFile& file,
                                           const ::arrow::Schema& schema) {
  std::shared_ptr<::arrow::RecordBatch> batch;
  if (table.table_type() == TableType::kMergeOnRead) {
    ARROW_ASSIGN_OR_RAISE(batch, ReadMergedSlice(table, file));
  } else {
    ARROW_ASSIGN_OR_RAISE(auto reader, OpenBaseFile(table.storage(), file.path));
    ARROW_ASSIGN_OR_RAISE(auto stored, reader->ReadTable());
    ARROW_ASSIGN_OR_RAISE(batch, stored->CombineChunksToBatch());
  }
  auto keys = std::dynamic_pointer_cast<::arrow::StringArray>(
      batch->GetColumnByName(std::string(kRecordKeyField)));
  if (keys == nullptr) {
    return ::arrow::Status::Invalid("base file has no string _hoodie_record_key: ",
                                    file.path);
  }
  StoredRows out;
  ARROW_ASSIGN_OR_RAISE(out.data, AlignToSchema(batch, schema, MissingColumn::kNull));
  for (int64_t i = 0; i < keys->length(); ++i) {
    out.row_of[std::string(keys->GetView(i))] = i;
  }
  return out;
}

}  // namespace

::arrow::Result<std::vector<bool>> StoredRecordWins(
    const TableMetaClient& table, const RecordMerger& merger, IncomingRecords* records,
    const Locations& located, const FilesByPartition& files) {
  std::vector<bool> out(records->records.size(), false);
  std::map<std::pair<std::string_view, size_t>, std::vector<size_t>> moving;
  for (size_t i = 0; i < records->records.size(); ++i) {
    const IncomingRecord& record = records->records[i];
    if (!located[i] || !located[i]->move || located[i]->partition == record.partition()) {
      continue;
    }
    // A delete operation's record has no row: its empty payload always deletes.
    if (record.is_delete() && records->payloads == nullptr) continue;
    moving[{located[i]->partition, located[i]->file}].push_back(i);
  }
  if (moving.empty()) return out;
  std::vector<int64_t> moving_rows;
  for (const auto& [where, indices] : moving) {
    for (size_t i : indices) moving_rows.push_back(records->records[i].row());
  }
  ARROW_ASSIGN_OR_RAISE(StagedRowView rows, records->View(std::move(moving_rows)));
  // Combined records replace the incoming values of the record that moves.
  ARROW_ASSIGN_OR_RAISE(
      auto combined,
      MergedBatchBuilder::Make(records->payloads->schema()));
  std::vector<size_t> combined_records;
  // Merge-on-read: a stored record that wins is written back to its group's log as an
  // update (Java tags the merged record, the stored one, to its old location).
  bool merge_on_read = table.table_type() == TableType::kMergeOnRead;
  ARROW_ASSIGN_OR_RAISE(
      auto restamped,
      MergedBatchBuilder::Make(records->payloads->schema()));
  std::vector<size_t> restamped_records;
  for (const auto& [where, indices] : moving) {
    const ExistingFile& file = files.find(where.first)->second[where.second];
    ARROW_ASSIGN_OR_RAISE(StoredRows stored,
                          ReadStoredRows(table, file, *records->schema));
    for (size_t i : indices) {
      auto it = stored.row_of.find(std::string(records->records[i].key()));
      if (it == stored.row_of.end()) continue;  // moves as a plain insert
      RowRef stored_row{stored.data.get(), it->second};
      RowRef incoming = rows.Get(records->records[i].row());
      ARROW_ASSIGN_OR_RAISE(MergeResult result, merger.Combine(stored_row, incoming));
      switch (result.outcome) {
        case MergeOutcome::kKeepOld:
          // A delete from another partition that loses to the stored record (its
          // ordering value) is the stored record, written back where it is.
          records->records[i].set_is_delete(false);
          if (merge_on_read) {
            ARROW_RETURN_NOT_OK(restamped->AppendRow(stored_row));
            restamped_records.push_back(i);
          }
          out[i] = true;
          break;
        case MergeOutcome::kDelete:
          // The stored record stays (or goes) where it is: the record updates its old
          // location, where the merge handle merges it again (a delete deletes it).
          out[i] = !records->records[i].is_delete();
          break;
        case MergeOutcome::kTakeNew:
          break;
        case MergeOutcome::kCombined:
          ARROW_RETURN_NOT_OK(combined->Append(result, stored_row, incoming));
          combined_records.push_back(i);
          break;
      }
    }
  }
  if (!restamped_records.empty()) {
    ARROW_ASSIGN_OR_RAISE(auto batch, restamped->Finish());
    ARROW_ASSIGN_OR_RAISE(int64_t first, records->AppendRows(batch));
    for (size_t k = 0; k < restamped_records.size(); ++k) {
      records->records[restamped_records[k]].set_row(first + static_cast<int64_t>(k));
    }
  }
  if (!combined_records.empty()) {
    ARROW_ASSIGN_OR_RAISE(auto batch, combined->Finish());
    ARROW_ASSIGN_OR_RAISE(int64_t first, records->AppendRows(batch));
    for (size_t k = 0; k < combined_records.size(); ++k) {
      records->records[combined_records[k]].set_row(first + static_cast<int64_t>(k));
    }
  }
  return out;
}

}  // namespace hoodie::internal
