// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/keygen/key_generator_internal.cc
/// \brief Record key and partition path building blocks (Java KeyGenUtils, Hudi 0.15).
#include "hoodie/keygen/key_generator_internal.h"

#include <arrow/api.h>

#include "hoodie/keygen/field_value_internal.h"
#include "hoodie/keygen/partition_path_encoding.h"

namespace hoodie::internal {

namespace {

// KeyGenerator.NULL_RECORDKEY_PLACEHOLDER / EMPTY_RECORDKEY_PLACEHOLDER.
constexpr std::string_view kNullPlaceholder = "__null__";
constexpr std::string_view kEmptyPlaceholder = "__empty__";

::arrow::Result<KeyColumn> FieldValues(const ::arrow::RecordBatch& batch,
                                       const std::string& field) {
  ARROW_ASSIGN_OR_RAISE(auto array, ResolveFieldPath(batch, field));
  return FieldValuesAsStrings(*array, field);
}

std::string RowPrefix(int64_t row) { return "row " + std::to_string(row) + ": "; }

std::string FieldListText(const std::vector<std::string>& fields) {
  // java.util.List.toString.
  std::string out = "[";
  for (size_t i = 0; i < fields.size(); ++i) out += (i ? ", " : "") + fields[i];
  return out + "]";
}

}  // namespace

::arrow::Result<KeyColumn> SingleFieldRecordKeys(const ::arrow::RecordBatch& batch,
                                                 const std::string& field,
                                                 std::vector<KeyError>* errors) {
  ARROW_ASSIGN_OR_RAISE(KeyColumn values, FieldValues(batch, field));
  for (size_t row = 0; row < values.size(); ++row) {
    if (values[row] && !values[row]->empty()) continue;
    // The HoodieKeyException text of KeyGenUtils.getRecordKey.
    std::string shown = values[row] ? "" : "null";
    errors->push_back({static_cast<int64_t>(row), RowPrefix(row) + "recordKey value: \"" +
                                                      shown + "\" for field: \"" + field +
                                                      "\" cannot be null or empty."});
    values[row].reset();
  }
  return values;
}

::arrow::Result<KeyColumn> MultiFieldRecordKeys(const ::arrow::RecordBatch& batch,
                                                const std::vector<std::string>& fields,
                                                std::vector<KeyError>* errors) {
  std::vector<KeyColumn> columns;
  for (const auto& field : fields) {
    ARROW_ASSIGN_OR_RAISE(auto values, FieldValues(batch, field));
    columns.push_back(std::move(values));
  }
  KeyColumn out(batch.num_rows());
  for (int64_t row = 0; row < batch.num_rows(); ++row) {
    std::string key;
    bool all_null_or_empty = true;
    for (size_t i = 0; i < fields.size(); ++i) {
      const auto& value = columns[i][row];
      if (i > 0) key += ',';
      key += fields[i] + ":";
      if (!value) {
        key += kNullPlaceholder;
      } else if (value->empty()) {
        key += kEmptyPlaceholder;
      } else {
        key += *value;
        all_null_or_empty = false;
      }
    }
    if (all_null_or_empty) {
      errors->push_back({row, RowPrefix(row) + "recordKey values: \"" + key +
                                  "\" for fields: " + FieldListText(fields) +
                                  " cannot be entirely null or empty."});
    } else {
      out[row] = std::move(key);
    }
  }
  return out;
}

::arrow::Result<KeyColumn> ComplexRecordKeys(const ::arrow::RecordBatch& batch,
                                             const std::vector<std::string>& fields,
                                             std::vector<KeyError>* errors) {
  // Hudi 0.14.1-1.0 write the bare value for a single field (the "known regression" of
  // the 0.15 release notes); older and newer releases write `field:value`.
  if (fields.size() == 1) return SingleFieldRecordKeys(batch, fields[0], errors);
  return MultiFieldRecordKeys(batch, fields, errors);
}

::arrow::Result<KeyColumn> SingleFieldPartitionPaths(const ::arrow::RecordBatch& batch,
                                                     const std::string& field, bool hive,
                                                     bool encode) {
  ARROW_ASSIGN_OR_RAISE(KeyColumn values, FieldValues(batch, field));
  for (auto& value : values) {
    std::string path =
        value && !value->empty() ? std::move(*value) : std::string(kDefaultPartitionPath);
    if (encode) path = EscapePartitionPathValue(path);
    value = hive ? field + "=" + path : std::move(path);
  }
  return values;
}

::arrow::Result<KeyColumn> MultiFieldPartitionPaths(
    const ::arrow::RecordBatch& batch, const std::vector<std::string>& fields, bool hive,
    bool encode) {
  KeyColumn out(batch.num_rows(), std::string());
  for (size_t i = 0; i < fields.size(); ++i) {
    ARROW_ASSIGN_OR_RAISE(KeyColumn values, FieldValues(batch, fields[i]));
    for (int64_t row = 0; row < batch.num_rows(); ++row) {
      std::string& path = *out[row];
      if (i > 0) path += '/';
      if (hive) path += fields[i] + "=";
      const auto& value = values[row];
      if (!value || value->empty()) {
        path += kDefaultPartitionPath;
      } else {
        path += encode ? EscapePartitionPathValue(*value) : *value;
      }
    }
  }
  return out;
}

::arrow::Status RequireRecordKeyFields(const KeyGeneratorOptions& options,
                                       std::string_view generator) {
  if (!options.record_key_fields.empty()) return ::arrow::Status::OK();
  return ::arrow::Status::Invalid(
      generator,
      " needs at least one record key field (hoodie.datasource.write.recordkey.field); "
      "auto-generated record keys are not supported");
}

}  // namespace hoodie::internal
