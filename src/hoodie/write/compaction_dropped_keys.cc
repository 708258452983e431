// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/write/compaction_dropped_keys.cc
/// \brief Keys a file-based index finds in the base file a pending compaction reads,
/// but whose rows that compaction drops.

#include <map>
#include <set>
#include <string>

#include <arrow/record_batch.h>

#include "hoodie/common/macros.h"
#include "hoodie/format/avro/meta_fields.h"
#include "hoodie/format/registry/base_file_formats.h"
#include "hoodie/merge/record_merger.h"
#include "hoodie/read/merged_log_records_internal.h"
#include "hoodie/table/table_meta_client.h"
#include "hoodie/timeline/active_timeline.h"
#include "hoodie/write/write_options.h"
#include "hoodie/write/write_plan_internal.h"

namespace hoodie::internal {
namespace {

// Reads log files into a merged record map bounded as the write's memory is.
class LogFolder {
 public:
  LogFolder(const TableMetaClient& table, const ActiveTimeline& timeline,
            const RecordMerger& merger, const WriteOptions& options)
      : table_(table),
        timeline_(SnapshotLogScanTimeline(timeline.timeline(), std::nullopt)),
        merger_(merger),
        options_(options) {}

  ::arrow::Result<std::unique_ptr<MergedLogRecords>> Fold(
      const std::vector<LogFile>& log_files) const {
    auto records = std::make_unique<MergedLogRecords>(
        &merger_,
        MakeSpillableLogRecordMap(options_.memory_budget, options_.spill_directory));
    ARROW_RETURN_NOT_OK(AddLogFiles(table_.storage().get(), log_files, timeline_,
                                     EagerForwardLogScan(), records.get()));
    return records;
  }

 private:
  const TableMetaClient& table_;
  LogScanTimeline timeline_;
  const RecordMerger& merger_;
  const WriteOptions& options_;
};

// Of `keys` (all in `file`'s base file), those whose row the compacted logs remove: a
// delete block, or a soft delete that wins the merge with the base row.
::arrow::Result<std::set<std::string>> DroppedByCompaction(
    const TableMetaClient& table, const RecordMerger& merger, const ExistingFile& file,
    MergedLogRecords* compacted, const std::set<std::string>& keys) {
  std::set<std::string> dropped, soft_deleted;
  for (const std::string& key : keys) {
    ARROW_ASSIGN_OR_RAISE(const LogRecordEntry* entry, compacted->records().Find(key));
    if (entry == nullptr) continue;
    if (entry->deleted) {
      dropped.insert(key);
    } else if (merger.IsDelete(entry->record())) {
      soft_deleted.insert(key);
    }
  }
  if (soft_deleted.empty()) return dropped;
  // The payload decides a soft delete against the stored row (an ordering payload
  // keeps a newer stored row), as the compaction's merge will.
  ARROW_ASSIGN_OR_RAISE(auto reader, OpenBaseFile(table.storage(), file.path));
  ARROW_ASSIGN_OR_RAISE(auto batches, reader->GetRecordBatchReader());
  while (true) {
    std::shared_ptr<::arrow::RecordBatch> base;
    ARROW_RETURN_NOT_OK(batches->ReadNext(&base));
    if (base == nullptr) break;
    auto base_keys = base->GetColumnByName(std::string(kRecordKeyField));
    if (base_keys == nullptr) {
      return ::arrow::Status::Invalid("base file has no _hoodie_record_key: ", file.path);
    }
    for (int64_t row = 0; row < base->num_rows(); ++row) {
      ARROW_ASSIGN_OR_RAISE(std::string_view key, RecordKeyAt(*base_keys, row));
      auto it = soft_deleted.find(std::string(key));
      if (it == soft_deleted.end()) continue;
      ARROW_ASSIGN_OR_RAISE(const LogRecordEntry* entry,
                             compacted->records().Find(key));
      ARROW_ASSIGN_OR_RAISE(MergeResult merged,
                             merger.Combine(RowRef{base.get(), row}, entry->record()));
      if (merged.outcome == MergeOutcome::kDelete) dropped.insert(*it);
      soft_deleted.erase(it);
    }
  }
  return dropped;
}

}  // namespace

::arrow::Status ForgetKeysCompactionDrops(const TableMetaClient& table,
                                          const ActiveTimeline& timeline,
                                          const RecordMerger& merger,
                                          const WriteOptions& options,
                                          const IncomingRecords& records,
                                          const FilesByPartition& files,
                                          Locations* located) {
  std::map<std::pair<std::string_view, size_t>, std::vector<size_t>> by_group;
  for (size_t i = 0; i < located->size(); ++i) {
    const std::optional<Located> found = (*located)[i];
    if (!found) continue;
    const ExistingFile& file = files.find(found->partition)->second[found->file];
    if (file.pending_compaction && !file.path.empty() &&
        !file.compacted_log_files.empty()) {
      by_group[{found->partition, found->file}].push_back(i);
    }
  }
  LogFolder folder(table, timeline, merger, options);
  for (const auto& [where, indices] : by_group) {
    const ExistingFile& file = files.find(where.first)->second[where.second];
    std::set<std::string> keys;
    for (size_t i : indices) keys.emplace(records.records[i].key());
    ARROW_ASSIGN_OR_RAISE(auto compacted, folder.Fold(file.compacted_log_files));
    ARROW_ASSIGN_OR_RAISE(std::set<std::string> dropped,
                           DroppedByCompaction(table, merger, file, compacted.get(), keys));
    if (dropped.empty()) continue;
    if (!file.log_files.empty()) {
      // A key the later logs hold again stays here (a table Java wrote: it tags the
      // key through the old base file and appends it after the compaction).
      ARROW_ASSIGN_OR_RAISE(auto later, folder.Fold(file.log_files));
      for (auto it = dropped.begin(); it != dropped.end();) {
        ARROW_ASSIGN_OR_RAISE(const LogRecordEntry* entry, later->records().Find(*it));
        bool live = entry != nullptr && !entry->deleted && !merger.IsDelete(entry->record());
        it = live ? dropped.erase(it) : std::next(it);
      }
    }
    for (size_t i : indices) {
      if (dropped.count(std::string(records.records[i].key())) != 0) located->Clear(i);
    }
  }
  return ::arrow::Status::OK();
}

}  // namespace hoodie::internal
