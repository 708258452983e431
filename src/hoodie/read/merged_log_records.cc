// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/read/merged_log_records.cc
/// \brief MergedLogRecords: HoodieMergedLogRecordScanner's per-key folding.
#include <optional>
#include <string>

#include <arrow/array.h>
#include <arrow/util/checked_cast.h>

#include "hoodie/common/macros.h"
#include "hoodie/format/avro/meta_fields.h"
#include "hoodie/format/log/log_file_reader.h"
#include "hoodie/merge/ordering_value_internal.h"
#include "hoodie/read/log_schema_resolution_internal.h"
#include "hoodie/read/merged_log_records_internal.h"

namespace hoodie::internal {

namespace {

using ::arrow::internal::checked_cast;

// The Arrow types whose Java ordering values have the class of `wrapper`'s value
// (Integer, Long, ...): Java ignores an older delete only for the same class.
bool SameJavaClass(std::string_view wrapper, ::arrow::Type::type column) {
  using T = ::arrow::Type;
  std::string_view name = wrapper.substr(wrapper.rfind('.') + 1);
  if (name == "IntWrapper")
    return column == T::INT8 || column == T::INT16 || column == T::INT32;
  if (name == "LongWrapper") return column == T::INT64;
  if (name == "FloatWrapper") return column == T::FLOAT;
  if (name == "DoubleWrapper") return column == T::DOUBLE;
  if (name == "BooleanWrapper") return column == T::BOOL;
  if (name == "StringWrapper") return column == T::STRING || column == T::LARGE_STRING;
  if (name == "DateWrapper") return column == T::DATE32;
  return false;  // bytes, decimal, time and timestamp wrappers: compared as other classes
}

// The ordering value of a delete record in the form the merge module compares.
::arrow::Result<OrderingValue> DeleteOrderingValue(const AvroValue& wrapper) {
  ARROW_ASSIGN_OR_RAISE(const AvroValue* value, wrapper.Field("value"));
  OrderingValue out;
  switch (value->kind()) {
    case AvroValue::Kind::kInt:
      out.integer = value->int32();
      out.family = wrapper.record_name().ends_with("DateWrapper")
                       ? OrderingFamily::kDate
                       : OrderingFamily::kInteger;
      return out;
    case AvroValue::Kind::kLong:
      out.integer = value->int64();
      return out;
    case AvroValue::Kind::kFloat:
    case AvroValue::Kind::kDouble:
      out.family = OrderingFamily::kFloating;
      out.floating =
          value->kind() == AvroValue::Kind::kFloat ? value->float32() : value->float64();
      return out;
    case AvroValue::Kind::kBoolean:
      out.family = OrderingFamily::kBoolean;
      out.integer = value->boolean() ? 1 : 0;
      return out;
    case AvroValue::Kind::kString:
      out.family = OrderingFamily::kString;
      out.string = value->text();
      return out;
    default:
      return ::arrow::Status::NotImplemented("delete ordering value ",
                                             wrapper.ToString());
  }
}

}  // namespace

::arrow::Result<std::string_view> RecordKeyAt(const ::arrow::Array& keys, int64_t row) {
  if (keys.IsNull(row)) {
    return ::arrow::Status::Invalid(
        "record ", row, " has a null ", kRecordKeyField,
        "; merging needs the meta fields (hoodie.populate.meta.fields)");
  }
  switch (keys.type_id()) {
    case ::arrow::Type::STRING:
      return checked_cast<const ::arrow::StringArray&>(keys).GetView(row);
    case ::arrow::Type::LARGE_STRING:
      return checked_cast<const ::arrow::LargeStringArray&>(keys).GetView(row);
    default:
      return ::arrow::Status::Invalid(kRecordKeyField, " is not a string column but ",
                                      keys.type()->ToString());
  }
}

::arrow::Status MergedLogRecords::AddBlock(const LogBlock& block) {
  ::arrow::Status status = AddBlockRecords(block);
  if (status.ok() || block.source_path.empty()) return status;
  // Name the block, so a bad block can be found; no record of it was kept.
  return ::arrow::Status(status.code(), std::string(LogBlockTypeName(block.type)) +
                                            " at offset " + std::to_string(block.offset) +
                                            " of " + block.source_path + ": " +
                                            status.message());
}

::arrow::Status MergedLogRecords::AddBlockRecords(const LogBlock& block) {
  if (block.type == LogBlockType::kDelete) {
    ARROW_ASSIGN_OR_RAISE(std::vector<DeleteRecord> deletes,
                           DecodeDeleteBlock(block.content));
    for (const DeleteRecord& record : deletes) ARROW_RETURN_NOT_OK(AddDelete(record));
    return ::arrow::Status::OK();
  }
  if (block.type == LogBlockType::kAvroData || block.type == LogBlockType::kParquetData) {
    ARROW_ASSIGN_OR_RAISE(auto batch, ReadDataBlock(block));
    return AddData(std::move(batch));
  }
  return ::arrow::Status::OK();
}

::arrow::Status MergedLogRecords::AddData(std::shared_ptr<::arrow::RecordBatch> batch) {
  std::shared_ptr<::arrow::Array> keys =
      batch->GetColumnByName(std::string(kRecordKeyField));
  if (keys == nullptr) {
    return ::arrow::Status::Invalid(
        "log data block has no ", kRecordKeyField,
        " column; hoodie merges tables with meta fields only");
  }
  if (reader_schema_ != nullptr) {
    ARROW_RETURN_NOT_OK(CheckAvroResolution(*batch->schema(), *reader_schema_));
  }
  data_records_ += batch->num_rows();
  for (int64_t row = 0; row < batch->num_rows(); ++row) {
    ARROW_ASSIGN_OR_RAISE(std::string_view key, RecordKeyAt(*keys, row));
    LogRecordEntry newer{batch, row};
    ARROW_ASSIGN_OR_RAISE(const LogRecordEntry* found, records_->Find(key));
    if (found == nullptr || found->deleted) {
      // A record after a delete of its key is a re-insert.
      ARROW_RETURN_NOT_OK(records_->Put(key, std::move(newer)));
      continue;
    }
    LogRecordEntry older = *found;  // the map may reuse *found on Put
    ARROW_ASSIGN_OR_RAISE(MergeResult result, Fold(older.record(), newer.record()));
    LogRecordEntry entry;
    switch (result.outcome) {
      case MergeOutcome::kKeepOld:
        continue;
      case MergeOutcome::kTakeNew:
        entry = std::move(newer);
        break;
      case MergeOutcome::kDelete:
        entry.deleted = true;
        break;
      case MergeOutcome::kCombined:
        ARROW_ASSIGN_OR_RAISE(entry.batch,
                               Materialize(result, older.record(), newer.record()));
        break;
    }
    ARROW_RETURN_NOT_OK(records_->Put(key, std::move(entry)));
  }
  return ::arrow::Status::OK();
}

// Hudi folds the log records of a key with the payload's preCombine, not its
// combineAndGetUpdateValue (HoodieRecordUtils.mergerToPreCombineMode in the merged log
// record scanner): an earlier record with a greater ordering value survives a later one.
// A record without the ordering field (or with it null) reads as ordering value 0 in
// Java (SpillableMapUtils), so arrival order decides.
::arrow::Result<MergeResult> MergedLogRecords::Fold(const RowRef& older,
                                                    const RowRef& newer) const {
  const std::string& field = merger_->options().ordering_field;
  if (!field.empty()) {
    ARROW_ASSIGN_OR_RAISE(std::optional<OrderingValue> older_value,
                           ReadOrderingValue(older, field));
    ARROW_ASSIGN_OR_RAISE(std::optional<OrderingValue> newer_value,
                           ReadOrderingValue(newer, field));
    if (!older_value || !newer_value) return MergeResult::TakeNew();
  }
  return merger_->PreCombine(older, newer);
}

::arrow::Result<std::shared_ptr<::arrow::RecordBatch>> MergedLogRecords::Materialize(
    const MergeResult& result, const RowRef& older, const RowRef& newer) {
  ARROW_ASSIGN_OR_RAISE(auto builder, MergedBatchBuilder::Make(newer.batch->schema()));
  ARROW_RETURN_NOT_OK(builder->Append(result, older, newer));
  return builder->Finish();
}

::arrow::Result<bool> MergedLogRecords::DeleteIsOlder(const DeleteRecord& record,
                                                      const RowRef& stored) const {
  const AvroValue& wrapper = record.ordering_value;
  if (wrapper.is_null()) return false;
  ARROW_ASSIGN_OR_RAISE(const AvroValue* value, wrapper.Field("value"));
  // IntWrapper 0 is what deletes without an ordering value carry: always applied.
  if (value->kind() == AvroValue::Kind::kInt && value->int32() == 0 &&
      wrapper.record_name().ends_with(".IntWrapper")) {
    return false;
  }
  const std::string& field = merger_->options().ordering_field;
  int column = stored.batch->schema()->GetFieldIndex(field);
  if (field.empty() || column < 0 ||
      !SameJavaClass(wrapper.record_name(), stored.batch->column(column)->type_id())) {
    return false;
  }
  ARROW_ASSIGN_OR_RAISE(std::optional<OrderingValue> stored_value,
                         ReadOrderingValue(stored, field));
  if (!stored_value) return false;
  ARROW_ASSIGN_OR_RAISE(OrderingValue delete_value, DeleteOrderingValue(wrapper));
  ARROW_ASSIGN_OR_RAISE(int compare, CompareOrderingValues(delete_value, *stored_value));
  return compare < 0;
}

::arrow::Status MergedLogRecords::AddDelete(const DeleteRecord& record) {
  if (!record.record_key) {
    return ::arrow::Status::Invalid("delete block entry without a record key");
  }
  ARROW_ASSIGN_OR_RAISE(const LogRecordEntry* existing,
                         records_->Find(*record.record_key));
  if (existing != nullptr && !existing->deleted) {
    ARROW_ASSIGN_OR_RAISE(bool older, DeleteIsOlder(record, existing->record()));
    if (older) return ::arrow::Status::OK();
  }
  LogRecordEntry entry;
  entry.deleted = true;
  return records_->Put(*record.record_key, std::move(entry));
}

::arrow::Status AddLogFiles(Storage* storage, const std::vector<LogFile>& log_files,
                            const LogScanTimeline& timeline,
                            const LogScanOptions& options, MergedLogRecords* records,
                            LogScanStats* stats) {
  ARROW_ASSIGN_OR_RAISE(std::vector<LogBlock> blocks,
                         ScanLogBlocks(storage, log_files, timeline, options, stats));
  for (LogBlock& block : blocks) {
    ARROW_RETURN_NOT_OK(LoadLogBlockContent(storage, &block));
    ARROW_RETURN_NOT_OK(records->AddBlock(block));
    block.content = std::string();
  }
  return ::arrow::Status::OK();
}

}  // namespace hoodie::internal
