// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/merge/record_merger.cc
/// \brief Delete detection, merger options from config, the merger registry and
/// MakeRecordMerger.
#include "hoodie/merge/record_merger.h"

#include <algorithm>
#include <optional>

#include <arrow/array.h>
#include <arrow/record_batch.h>
#include <arrow/type.h>
#include <arrow/util/checked_cast.h>

#include "hoodie/config/datasource_config.h"
#include "hoodie/config/hoodie_config.h"
#include "hoodie/config/payload_config.h"
#include "hoodie/config/table_config_keys.h"
#include "hoodie/merge/string_column_internal.h"

namespace hoodie {

namespace {

using ::arrow::internal::checked_cast;

// DefaultHoodieRecordPayload.DELETE_KEY; not declared in hoodie_config.
constexpr std::string_view kPayloadDeleteFieldKey = "hoodie.payload.delete.field";

}  // namespace

// Java BaseAvroPayload.isDeleteRecord: `_hoodie_is_deleted` decides when the schema has
// it (only a non-null boolean true deletes); otherwise `_hoodie_operation` equal to
// HoodieOperation.DELETE's name "D".
bool RecordMerger::IsDelete(const RowRef& record) const {
  if (record.empty()) return true;
  const ::arrow::Schema& schema = *record.batch->schema();
  int is_deleted = schema.GetFieldIndex("_hoodie_is_deleted");
  if (is_deleted >= 0) {
    const ::arrow::Array& array = *record.batch->column(is_deleted);
    return array.type_id() == ::arrow::Type::BOOL && array.IsValid(record.row) &&
           checked_cast<const ::arrow::BooleanArray&>(array).Value(record.row);
  }
  int operation = schema.GetFieldIndex("_hoodie_operation");
  if (operation >= 0) {
    const ::arrow::Array& array = *record.batch->column(operation);
    if (array.IsNull(record.row)) return false;
    std::optional<std::string_view> value = internal::StringAt(array, record.row);
    return value && *value == "D";
  }
  return false;
}

::arrow::Result<RecordMergerOptions> RecordMergerOptions::FromConfig(
    const HoodieConfig& config) {
  if (std::optional<std::string> delete_field = config.GetRaw(kPayloadDeleteFieldKey);
      delete_field && !delete_field->empty()) {
    return ::arrow::Status::NotImplemented(
        "custom delete markers of DefaultHoodieRecordPayload are not supported: ",
        kPayloadDeleteFieldKey, "=", *delete_field);
  }
  RecordMergerOptions options;
  // Hudi's Spark writer passes the precombine field as the payload ordering field
  // (DataSourceUtils.createHoodieConfig), so it takes precedence.
  if (config.GetExplicit(DataSourceConfig::kPrecombineField)) {
    ARROW_ASSIGN_OR_RAISE(options.ordering_field,
                          config.Get(DataSourceConfig::kPrecombineField));
  } else if (config.GetExplicit(PayloadConfig::kOrderingField)) {
    ARROW_ASSIGN_OR_RAISE(options.ordering_field,
                          config.Get(PayloadConfig::kOrderingField));
  } else if (config.GetExplicit(TableConfigKeys::kPrecombineField)) {
    ARROW_ASSIGN_OR_RAISE(options.ordering_field,
                          config.Get(TableConfigKeys::kPrecombineField));
  } else {
    ARROW_ASSIGN_OR_RAISE(options.ordering_field,
                          config.Get(PayloadConfig::kOrderingField));
  }
  return options;
}

RecordMergerRegistry* RecordMergerRegistry::Global() {
  static RecordMergerRegistry registry;
  return &registry;
}

::arrow::Result<std::string> PayloadClassName(const HoodieConfig& config) {
  if (config.GetExplicit(DataSourceConfig::kPayloadClass)) {
    return config.Get(DataSourceConfig::kPayloadClass);
  }
  return config.Get(TableConfigKeys::kPayloadClass);
}

::arrow::Result<std::unique_ptr<RecordMerger>> MakeRecordMerger(
    const HoodieConfig& config) {
  RegisterBuiltinRecordMergers();
  ARROW_ASSIGN_OR_RAISE(std::string payload_class, PayloadClassName(config));
  ARROW_ASSIGN_OR_RAISE(RecordMergerOptions options,
                        RecordMergerOptions::FromConfig(config));
  return RecordMergerRegistry::Global()->Make(payload_class, options);
}

}  // namespace hoodie
