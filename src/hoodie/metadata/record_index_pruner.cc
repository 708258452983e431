// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/metadata/record_index_pruner.cc
#include "hoodie/metadata/record_index_pruner.h"

#include <algorithm>
#include <set>

#include "hoodie/format/avro/meta_fields.h"
#include "hoodie/metadata/metadata_keys.h"
#include "hoodie/metadata/metadata_table.h"
#include "hoodie/metadata/record_index_record.h"
#include "hoodie/table/table_config.h"
#include "hoodie/table/table_meta_client.h"

namespace hoodie {

::arrow::Result<std::shared_ptr<const RecordIndexPruner>> RecordIndexPruner::Make(
    const TableMetaClient& table, const ActiveTimeline& timeline) {
  ARROW_ASSIGN_OR_RAISE(std::shared_ptr<const MetadataTable> metadata,
                        MetadataTable::Open(table, timeline));
  if (metadata == nullptr || !metadata->partitions().contains(kRecordIndexPartition.name)) {
    return nullptr;
  }
  ARROW_ASSIGN_OR_RAISE(TimelineTimeZone zone, table.table_config()->timeline_timezone());
  const std::vector<std::string> fields = table.table_config()->record_key_fields();
  // A complex key's stored key is "field:value,...": only _hoodie_record_key names it.
  std::string key_field = fields.size() == 1 ? fields.front() : std::string();
  return std::shared_ptr<const RecordIndexPruner>(
      new RecordIndexPruner(std::move(metadata), std::move(key_field), zone));
}

std::vector<std::string> RecordIndexPruner::KeysOf(const std::vector<ColumnFilter>& filters) const {
  std::set<std::string> keys;
  for (const ColumnFilter& filter : filters) {
    if (filter.op != CompareOp::kEqual) continue;
    if (filter.column == kRecordKeyField || (!key_field_.empty() && filter.column == key_field_)) {
      keys.insert(filter.value);
    }
  }
  return {keys.begin(), keys.end()};
}

bool RecordIndexPruner::Applies(const std::vector<ColumnFilter>& filters) const {
  return !KeysOf(filters).empty();
}

::arrow::Result<std::vector<bool>> RecordIndexPruner::MayMatch(
    const std::vector<FileSlice>& slices, const std::vector<ColumnFilter>& filters,
    const ::arrow::Schema& /*table_schema*/) const {
  const std::vector<std::string> keys = KeysOf(filters);
  if (keys.empty()) return std::vector<bool>(slices.size(), true);
  // Two different keys required at once match no row.
  if (keys.size() > 1) return std::vector<bool>(slices.size(), false);
  const MetadataKeys wanted = MetadataKeys::Exactly(keys);
  ARROW_ASSIGN_OR_RAISE(
      auto found,
      NewestByKey<RecordIndexLocation>(
          [&](const MetadataRecordVisitor& visit) {
            return metadata_->Read(kRecordIndexPartition, wanted, visit);
          },
          [this](const AvroValue& record) { return RecordIndexLocationOf(record, zone_); }));
  std::vector<bool> out(slices.size(), false);
  if (found.empty()) return out;
  const RecordIndexLocation& location = found.begin()->second;
  for (size_t i = 0; i < slices.size(); ++i) {
    out[i] = slices[i].group.partition_path == location.partition_path &&
             slices[i].group.file_id == location.file_id;
  }
  return out;
}

::arrow::Result<std::vector<bool>> FirstApplicablePruner::MayMatch(
    const std::vector<FileSlice>& slices, const std::vector<ColumnFilter>& filters,
    const ::arrow::Schema& table_schema) const {
  if (record_index_ != nullptr && record_index_->Applies(filters)) {
    return record_index_->MayMatch(slices, filters, table_schema);
  }
  if (column_stats_ != nullptr) return column_stats_->MayMatch(slices, filters, table_schema);
  return std::vector<bool>(slices.size(), true);
}

}  // namespace hoodie
