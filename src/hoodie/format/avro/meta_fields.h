// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/format/avro/meta_fields.h
/// \brief The five `_hoodie_*` meta fields added before a table's data fields.
#pragma once

#include <array>
#include <memory>
#include <string>
#include <string_view>

#include <arrow/result.h>
#include <arrow/type_fwd.h>

#include "hoodie/visibility.h"

namespace hoodie {

/// Meta field names in file order (HoodieRecord.HOODIE_META_COLUMNS).
inline constexpr std::string_view kCommitTimeField = "_hoodie_commit_time";
inline constexpr std::string_view kCommitSeqNoField = "_hoodie_commit_seqno";
inline constexpr std::string_view kRecordKeyField = "_hoodie_record_key";
inline constexpr std::string_view kPartitionPathField = "_hoodie_partition_path";
inline constexpr std::string_view kFileNameField = "_hoodie_file_name";
/// Follows the five only with hoodie.allow.operation.metadata.field=true.
inline constexpr std::string_view kOperationField = "_hoodie_operation";

inline constexpr std::array<std::string_view, 5> kMetaFields = {
    kCommitTimeField, kCommitSeqNoField, kRecordKeyField, kPartitionPathField,
    kFileNameField};

/// True for the five meta fields and `_hoodie_operation` (HoodieAvroUtils.isMetadataField).
HOODIE_EXPORT bool IsMetaField(std::string_view name);

/// \brief HoodieAvroUtils.addMetadataFields on Avro schema JSON: a record with the same
/// name, namespace and doc whose fields are the five meta fields (each
/// `["null","string"]` with `doc: ""` and `default: null`), `_hoodie_operation` when
/// `with_operation_field`, then the input's fields except those named like meta fields.
/// \return Invalid if `avro_json` is not a record schema. Thread-safe.
HOODIE_EXPORT
::arrow::Result<std::string> AddMetadataFields(std::string_view avro_json,
                                               bool with_operation_field = false);

/// The Arrow equivalent: nullable utf8 meta fields first, then the other fields of
/// `schema`; schema-level metadata is kept.
HOODIE_EXPORT
std::shared_ptr<::arrow::Schema> AddMetadataFields(const ::arrow::Schema& schema,
                                                   bool with_operation_field = false);

/// `schema` without meta fields (HoodieAvroUtils.removeMetadataFields).
HOODIE_EXPORT
std::shared_ptr<::arrow::Schema> RemoveMetadataFields(const ::arrow::Schema& schema);

/// Avro schema JSON without meta fields.
/// \return Invalid if `avro_json` is not a record schema.
HOODIE_EXPORT
::arrow::Result<std::string> RemoveMetadataFields(std::string_view avro_json);

}  // namespace hoodie
