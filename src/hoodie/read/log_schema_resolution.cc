// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/read/log_schema_resolution.cc
/// \brief Avro schema resolution rules over the Arrow types hoodie decodes Avro into.
#include <string>

#include <arrow/type.h>
#include <arrow/util/checked_cast.h>

#include "hoodie/common/macros.h"
#include "hoodie/format/avro/avro_types.h"
#include "hoodie/read/log_schema_resolution_internal.h"

namespace hoodie::internal {

namespace {

using ::arrow::internal::checked_cast;

bool IsDecimal(const ::arrow::DataType& type) {
  return type.id() == ::arrow::Type::DECIMAL128 || type.id() == ::arrow::Type::DECIMAL256;
}

::arrow::Status Mismatch(const std::string& path, const ::arrow::DataType& writer,
                         const ::arrow::DataType& reader) {
  return ::arrow::Status::Invalid("field '", path, "' cannot be read: written as ",
                                  writer.ToString(), ", the table schema has ",
                                  reader.ToString(), " (no Avro promotion between them)");
}

::arrow::Status CheckFields(const ::arrow::FieldVector& writer,
                            const ::arrow::FieldVector& reader,
                            const std::string& prefix);

::arrow::Status CheckType(const std::string& path, const ::arrow::DataType& writer,
                          const ::arrow::DataType& reader) {
  if (writer.Equals(reader)) return ::arrow::Status::OK();
  std::optional<AvroType> w = AvroTypeOfArrow(writer);
  std::optional<AvroType> r = AvroTypeOfArrow(reader);
  // A null-only writer field resolves into any nullable reader field.
  if (w == AvroType::kNull) return ::arrow::Status::OK();
  // Types Avro cannot hold resolve only among themselves; decimals only to decimals
  // (of any precision), though both are Avro bytes.
  if (w.has_value() != r.has_value() || IsDecimal(writer) != IsDecimal(reader)) {
    return Mismatch(path, writer, reader);
  }
  if (!w || IsDecimal(writer)) return ::arrow::Status::OK();
  if (!AvroPromotes(*w, *r)) return Mismatch(path, writer, reader);
  switch (*r) {
    case AvroType::kFixed:
      if (checked_cast<const ::arrow::FixedSizeBinaryType&>(writer).byte_width() !=
          checked_cast<const ::arrow::FixedSizeBinaryType&>(reader).byte_width()) {
        return Mismatch(path, writer, reader);
      }
      return ::arrow::Status::OK();
    case AvroType::kRecord:
      return CheckFields(writer.fields(), reader.fields(), path + ".");
    case AvroType::kArray:
      return CheckType(path + ".element", *writer.field(0)->type(),
                       *reader.field(0)->type());
    case AvroType::kMap: {
      const auto& w_map = checked_cast<const ::arrow::MapType&>(writer);
      const auto& r_map = checked_cast<const ::arrow::MapType&>(reader);
      return CheckType(path + ".value", *w_map.item_type(), *r_map.item_type());
    }
    default:
      return ::arrow::Status::OK();
  }
}

::arrow::Status CheckFields(const ::arrow::FieldVector& writer,
                            const ::arrow::FieldVector& reader,
                            const std::string& prefix) {
  for (const auto& field : reader) {
    std::string path = prefix + field->name();
    const ::arrow::Field* written = nullptr;
    for (const auto& candidate : writer) {
      if (candidate->name() == field->name()) written = candidate.get();
    }
    if (written == nullptr) {
      if (!field->nullable()) {
        return ::arrow::Status::Invalid(
            "field '", path,
            "' of the table schema is missing from the block's schema "
            "and has no null default (Avro: missing required field)");
      }
      continue;
    }
    ARROW_RETURN_NOT_OK(CheckType(path, *written->type(), *field->type()));
  }
  return ::arrow::Status::OK();
}

}  // namespace

::arrow::Status CheckAvroResolution(const ::arrow::Schema& writer,
                                    const ::arrow::Schema& reader) {
  return CheckFields(writer.fields(), reader.fields(), "");
}

}  // namespace hoodie::internal
