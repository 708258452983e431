// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/read/log_schema_resolution.cc
/// \brief Avro schema resolution rules over the Arrow types hoodie decodes Avro into.
#include <string>

#include <arrow/type.h>
#include <arrow/util/checked_cast.h>

#include "hoodie/common/macros.h"
#include "hoodie/read/log_schema_resolution_internal.h"

namespace hoodie::internal {

namespace {

using ::arrow::internal::checked_cast;

// The Avro type an Arrow type was decoded from, logical types by their base type.
enum class AvroKind {
  kNull,
  kBoolean,
  kInt,
  kLong,
  kFloat,
  kDouble,
  kString,
  kBytes,
  kFixed,
  kDecimal,
  kRecord,
  kArray,
  kMap,
  kOther
};

AvroKind KindOf(const ::arrow::DataType& type) {
  using T = ::arrow::Type;
  switch (type.id()) {
    case T::NA:
      return AvroKind::kNull;
    case T::BOOL:
      return AvroKind::kBoolean;
    case T::INT8:
    case T::INT16:
    case T::INT32:
    case T::UINT8:
    case T::UINT16:
    case T::DATE32:
    case T::TIME32:
      return AvroKind::kInt;
    case T::INT64:
    case T::UINT32:
    case T::DATE64:
    case T::TIME64:
    case T::TIMESTAMP:
      return AvroKind::kLong;
    case T::FLOAT:
      return AvroKind::kFloat;
    case T::DOUBLE:
      return AvroKind::kDouble;
    case T::STRING:
    case T::LARGE_STRING:
    case T::DICTIONARY:
      return AvroKind::kString;
    case T::BINARY:
    case T::LARGE_BINARY:
      return AvroKind::kBytes;
    case T::FIXED_SIZE_BINARY:
      return AvroKind::kFixed;
    case T::DECIMAL128:
    case T::DECIMAL256:
      return AvroKind::kDecimal;
    case T::STRUCT:
      return AvroKind::kRecord;
    case T::LIST:
    case T::LARGE_LIST:
      return AvroKind::kArray;
    case T::MAP:
      return AvroKind::kMap;
    default:
      return AvroKind::kOther;
  }
}

// Avro's promotions (Schema Resolution, "the writer's schema may be promoted").
bool Promotes(AvroKind writer, AvroKind reader) {
  if (writer == reader) return true;
  switch (writer) {
    case AvroKind::kInt:
      return reader == AvroKind::kLong || reader == AvroKind::kFloat ||
             reader == AvroKind::kDouble;
    case AvroKind::kLong:
      return reader == AvroKind::kFloat || reader == AvroKind::kDouble;
    case AvroKind::kFloat:
      return reader == AvroKind::kDouble;
    case AvroKind::kString:
      return reader == AvroKind::kBytes;
    case AvroKind::kBytes:
      return reader == AvroKind::kString;
    default:
      return false;
  }
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
  AvroKind w = KindOf(writer);
  AvroKind r = KindOf(reader);
  // A null-only writer field resolves into any nullable reader field.
  if (w == AvroKind::kNull) return ::arrow::Status::OK();
  if (!Promotes(w, r)) return Mismatch(path, writer, reader);
  switch (r) {
    case AvroKind::kFixed:
      if (checked_cast<const ::arrow::FixedSizeBinaryType&>(writer).byte_width() !=
          checked_cast<const ::arrow::FixedSizeBinaryType&>(reader).byte_width()) {
        return Mismatch(path, writer, reader);
      }
      return ::arrow::Status::OK();
    case AvroKind::kRecord:
      return CheckFields(writer.fields(), reader.fields(), path + ".");
    case AvroKind::kArray:
      return CheckType(path + ".element", *writer.field(0)->type(),
                       *reader.field(0)->type());
    case AvroKind::kMap: {
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
    HOODIE_RETURN_NOT_OK(CheckType(path, *written->type(), *field->type()));
  }
  return ::arrow::Status::OK();
}

}  // namespace

::arrow::Status CheckAvroResolution(const ::arrow::Schema& writer,
                                    const ::arrow::Schema& reader) {
  return CheckFields(writer.fields(), reader.fields(), "");
}

}  // namespace hoodie::internal
