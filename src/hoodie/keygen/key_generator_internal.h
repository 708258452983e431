// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/keygen/key_generator_internal.h
/// \brief Record key and partition path building blocks shared by the builtin key
/// generators (Java KeyGenUtils), and the timestamp partitioner behind the timestamp and
/// custom generators.
#pragma once

#include <arrow/result.h>
#include <arrow/type_fwd.h>

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "hoodie/keygen/key_generator.h"

namespace hoodie {
class HoodieConfig;
}  // namespace hoodie

namespace hoodie::internal {

using KeyColumn = std::vector<std::optional<std::string>>;

/// KeyGenUtils.getRecordKey(record, field): the value itself; a null or empty value is
/// an error for that row.
::arrow::Result<KeyColumn> SingleFieldRecordKeys(const ::arrow::RecordBatch& batch,
                                                 const std::string& field,
                                                 std::vector<KeyError>* errors);

/// KeyGenUtils.getRecordKey(record, fields): `f1:v1,f2:v2`, `__null__` / `__empty__`
/// for null / empty values; an error when every value is null or empty.
::arrow::Result<KeyColumn> MultiFieldRecordKeys(const ::arrow::RecordBatch& batch,
                                                const std::vector<std::string>& fields,
                                                std::vector<KeyError>* errors);

/// Hudi 0.15 Complex/NonPartitioned/Custom rule: one field -> SingleFieldRecordKeys,
/// several -> MultiFieldRecordKeys.
::arrow::Result<KeyColumn> ComplexRecordKeys(const ::arrow::RecordBatch& batch,
                                             const std::vector<std::string>& fields,
                                             std::vector<KeyError>* errors);

/// KeyGenUtils.getPartitionPath for one field: null/empty -> default partition, then
/// escaping, then the `field=` prefix.
::arrow::Result<KeyColumn> SingleFieldPartitionPaths(const ::arrow::RecordBatch& batch,
                                                     const std::string& field, bool hive,
                                                     bool encode);

/// KeyGenUtils.getRecordPartitionPath: one component per field joined by '/'; a null or
/// empty value gives `[field=]__HIVE_DEFAULT_PARTITION__` unescaped. No fields -> "".
::arrow::Result<KeyColumn> MultiFieldPartitionPaths(
    const ::arrow::RecordBatch& batch, const std::vector<std::string>& fields, bool hive,
    bool encode);

/// Invalid unless there is at least one record key field.
::arrow::Status RequireRecordKeyFields(const KeyGeneratorOptions& options,
                                       std::string_view generator);

/// \brief The partition path of TimestampBasedAvroKeyGenerator for one field.
/// Immutable; thread-safe.
class TimestampPartitioner {
 public:
  virtual ~TimestampPartitioner() = default;
  /// Reads the hoodie.keygen.timebased.* options. Invalid for a missing or unknown
  /// timestamp type, a missing or unsupported date format, or an unknown time zone.
  static ::arrow::Result<std::unique_ptr<TimestampPartitioner>> Make(
      const HoodieConfig& config, std::string field, bool hive, bool encode);
  /// One path per row; rows whose value cannot be converted get an error instead.
  virtual ::arrow::Result<KeyColumn> PartitionPaths(
      const ::arrow::RecordBatch& batch, std::vector<KeyError>* errors) const = 0;
};

}  // namespace hoodie::internal
