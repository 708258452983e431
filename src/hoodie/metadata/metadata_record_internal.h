// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/metadata/metadata_record_internal.h
/// \brief What the decoders of HoodieMetadataRecord share.
#pragma once

#include <initializer_list>
#include <string>
#include <string_view>

#include <arrow/status.h>

#include "hoodie/format/avro_codec/avro_value.h"
#include "hoodie/metadata/files_record.h"

namespace hoodie::internal {

/// OK when `record`'s `type` is one of `expected`; Invalid naming the type and what the
/// `partition` holds otherwise.
inline ::arrow::Status ExpectMetadataRecordType(const AvroValue& record,
                                                std::initializer_list<MetadataRecordType> expected,
                                                std::string_view partition) {
  ARROW_ASSIGN_OR_RAISE(const AvroValue* type, record.Field("type"));
  ARROW_ASSIGN_OR_RAISE(int32_t code, type->AsInt());
  std::string holds;
  for (MetadataRecordType wanted : expected) {
    if (code == static_cast<int32_t>(wanted)) return ::arrow::Status::OK();
    holds += (holds.empty() ? "" : " and ") + std::to_string(static_cast<int32_t>(wanted));
  }
  return ::arrow::Status::Invalid("a metadata record of type ", code, " where ", partition,
                                  " holds type ", holds);
}

/// The field `name` of `record`, which must be set. \return Invalid naming the field
/// when it is null (KeyError when the record has no such field).
inline ::arrow::Result<const AvroValue*> NonNullField(const AvroValue& record,
                                                      std::string_view name) {
  ARROW_ASSIGN_OR_RAISE(const AvroValue* field, record.Field(name));
  if (field->is_null()) {
    return ::arrow::Status::Invalid("a metadata record whose ", name, " is null");
  }
  return field;
}

/// A HoodieMetadataRecord of `type` whose payload field `payload_field` holds `payload`:
/// meta fields null, `key` blank (the HFile row holds it), the other payloads null.
AvroValue MetadataRecordValue(MetadataRecordType type, std::string_view payload_field,
                              AvroValue payload);

}  // namespace hoodie::internal
