// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/format/avro/avro_types.cc
/// \brief Avro type names, promotions and the Arrow to Avro type mapping.
#include "hoodie/format/avro/avro_types.h"

#include <arrow/type.h>

namespace hoodie {

std::string_view AvroTypeName(AvroType type) {
  switch (type) {
    case AvroType::kNull: return "null";
    case AvroType::kBoolean: return "boolean";
    case AvroType::kInt: return "int";
    case AvroType::kLong: return "long";
    case AvroType::kFloat: return "float";
    case AvroType::kDouble: return "double";
    case AvroType::kBytes: return "bytes";
    case AvroType::kString: return "string";
    case AvroType::kRecord: return "record";
    case AvroType::kEnum: return "enum";
    case AvroType::kArray: return "array";
    case AvroType::kMap: return "map";
    case AvroType::kUnion: return "union";
    case AvroType::kFixed: return "fixed";
  }
  return "unknown";
}

bool AvroPromotes(AvroType writer, AvroType reader) {
  if (writer == reader) return true;
  switch (writer) {
    case AvroType::kInt:
      return reader == AvroType::kLong || reader == AvroType::kFloat ||
             reader == AvroType::kDouble;
    case AvroType::kLong:
      return reader == AvroType::kFloat || reader == AvroType::kDouble;
    case AvroType::kFloat:
      return reader == AvroType::kDouble;
    case AvroType::kString:
      return reader == AvroType::kBytes;
    case AvroType::kBytes:
      return reader == AvroType::kString;
    default:
      return false;
  }
}

std::optional<AvroType> AvroTypeOfArrow(const ::arrow::DataType& type) {
  using T = ::arrow::Type;
  switch (type.id()) {
    case T::NA:
      return AvroType::kNull;
    case T::BOOL:
      return AvroType::kBoolean;
    case T::INT8:
    case T::INT16:
    case T::INT32:
    case T::UINT8:
    case T::UINT16:
    case T::DATE32:
    case T::TIME32:
      return AvroType::kInt;
    case T::INT64:
    case T::UINT32:
    case T::DATE64:
    case T::TIME64:
    case T::TIMESTAMP:
      return AvroType::kLong;
    case T::FLOAT:
      return AvroType::kFloat;
    case T::DOUBLE:
      return AvroType::kDouble;
    case T::STRING:
    case T::LARGE_STRING:
    case T::STRING_VIEW:
    case T::DICTIONARY:
      return AvroType::kString;
    case T::BINARY:
    case T::LARGE_BINARY:
    case T::BINARY_VIEW:
    case T::DECIMAL128:
    case T::DECIMAL256:
      return AvroType::kBytes;
    case T::FIXED_SIZE_BINARY:
      return AvroType::kFixed;
    case T::STRUCT:
      return AvroType::kRecord;
    case T::LIST:
    case T::LARGE_LIST:
      return AvroType::kArray;
    case T::MAP:
      return AvroType::kMap;
    default:
      return std::nullopt;
  }
}

bool IsAvroLogicalType(const ::arrow::DataType& type) {
  using T = ::arrow::Type;
  switch (type.id()) {
    case T::DATE32:
    case T::DATE64:
    case T::TIME32:
    case T::TIME64:
    case T::TIMESTAMP:
    case T::DECIMAL128:
    case T::DECIMAL256:
      return true;
    default:
      return false;
  }
}

}  // namespace hoodie
