// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/timeline_avro/model_container_internal.h
/// \brief Reads and writes a model struct as a one-record Avro container of its schema
/// (TimelineMetadataUtils.deserializeAvroMetadata / serializeAvroMetadata).
#pragma once

#include <string>
#include <string_view>

#include <arrow/result.h>

#include "hoodie/format/avro_codec/avro_container.h"
#include "hoodie/timeline_avro/avro_fields_internal.h"
#include "hoodie/timeline_avro/hudi_avro_schemas_internal.h"

namespace hoodie::internal {

/// Decodes `bytes` with the reader schema of `kind`, then `T::FromAvroValue`; errors
/// name `what` (the Hudi record name).
template <typename T>
::arrow::Result<T> ModelFromContainer(std::string_view bytes, HudiAvroRecord kind,
                                      std::string_view what) {
  ARROW_ASSIGN_OR_RAISE(auto schema, HudiAvroSchema(kind));
  auto value = ReadSingleRecordContainer(bytes, *schema);
  if (!value.ok()) return WithContext(value.status(), what);
  auto decoded = T::FromAvroValue(*value);
  if (!decoded.ok()) return WithContext(decoded.status(), what);
  return decoded;
}

/// Writes `value` with the schema of `kind` embedded as the writer schema.
inline ::arrow::Result<std::string> ModelToContainer(const AvroValue& value,
                                                     HudiAvroRecord kind) {
  ARROW_ASSIGN_OR_RAISE(auto schema, HudiAvroSchema(kind));
  return WriteSingleRecordContainer(*schema, value);
}

/// "org.apache.hudi.avro.model." + `name`.
inline std::string HudiRecordName(std::string_view name) {
  return "org.apache.hudi.avro.model." + std::string(name);
}

}  // namespace hoodie::internal
