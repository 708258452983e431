// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/format/avro_codec/avro_binary.cc
/// \brief Avro binary encoder and resolving decoder over AvroValue.

#include "hoodie/format/avro_codec/avro_binary.h"

#include <cstring>
#include <utility>
#include <vector>

namespace hoodie {

using ::arrow::Result;
using ::arrow::Status;
using Kind = AvroValue::Kind;

void AppendAvroLong(int64_t value, std::string* out) {
  uint64_t n = (static_cast<uint64_t>(value) << 1) ^ static_cast<uint64_t>(value >> 63);
  while (n >= 0x80) {
    out->push_back(static_cast<char>((n & 0x7F) | 0x80));
    n >>= 7;
  }
  out->push_back(static_cast<char>(n));
}

Result<int64_t> ReadAvroLong(std::string_view* input) {
  uint64_t n = 0;
  for (int shift = 0; shift < 70; shift += 7) {
    if (input->empty()) return Status::Invalid("Avro binary: truncated varint");
    const auto byte = static_cast<uint8_t>(input->front());
    input->remove_prefix(1);
    n |= static_cast<uint64_t>(byte & 0x7F) << shift;
    if ((byte & 0x80) == 0) {
      return static_cast<int64_t>((n >> 1) ^ (~(n & 1) + 1));
    }
  }
  return Status::Invalid("Avro binary: varint longer than 10 bytes");
}

Result<std::string_view> ReadAvroBytesView(std::string_view* input) {
  ARROW_ASSIGN_OR_RAISE(int64_t length, ReadAvroLong(input));
  if (length < 0 || static_cast<uint64_t>(length) > input->size()) {
    return Status::Invalid("Avro binary: byte length ", length, " exceeds the ",
                           input->size(), " bytes left");
  }
  std::string_view bytes = input->substr(0, static_cast<size_t>(length));
  input->remove_prefix(static_cast<size_t>(length));
  return bytes;
}

Result<std::string> ReadAvroBytes(std::string_view* input) {
  ARROW_ASSIGN_OR_RAISE(std::string_view bytes, ReadAvroBytesView(input));
  return std::string(bytes);
}

namespace {

template <typename T>
void AppendLittleEndian(T value, std::string* out) {
  char bytes[sizeof(T)];
  std::memcpy(bytes, &value, sizeof(T));  // Avro floats are IEEE 754 little-endian
  out->append(bytes, sizeof(T));
}

bool NamedFits(const AvroValue& value, const AvroNode& branch) {
  return value.record_name().empty() || value.record_name() == branch.full_name ||
         value.record_name() == branch.short_name();
}

/// Whether `value` can be written as `branch` (GenericData.resolveUnion).
bool Fits(const AvroValue& value, const AvroNode& branch) {
  switch (value.kind()) {
    case Kind::kNull: return branch.type == AvroType::kNull;
    case Kind::kBoolean: return branch.type == AvroType::kBoolean;
    case Kind::kInt: return branch.type == AvroType::kInt;
    case Kind::kLong: return branch.type == AvroType::kLong;
    case Kind::kFloat: return branch.type == AvroType::kFloat;
    case Kind::kDouble: return branch.type == AvroType::kDouble;
    case Kind::kBytes: return branch.type == AvroType::kBytes;
    case Kind::kString: return branch.type == AvroType::kString;
    case Kind::kArray: return branch.type == AvroType::kArray;
    case Kind::kMap: return branch.type == AvroType::kMap;
    case Kind::kEnum: return branch.type == AvroType::kEnum && NamedFits(value, branch);
    case Kind::kFixed: return branch.type == AvroType::kFixed && NamedFits(value, branch);
    case Kind::kRecord: return branch.type == AvroType::kRecord && NamedFits(value, branch);
  }
  return false;
}

Status TypeError(const AvroValue& value, const AvroNode& schema) {
  return Status::Invalid("Avro binary: cannot write a ", AvroValueKindName(value.kind()),
                         " value as ", AvroTypeName(schema.type), " ", schema.full_name);
}

Status EncodeUnion(const AvroValue& value, const AvroNode& schema, std::string* out) {
  int chosen = -1;
  for (size_t i = 0; i < schema.branches.size() && chosen < 0; ++i) {
    if (Fits(value, *schema.branches[i])) chosen = static_cast<int>(i);
  }
  for (size_t i = 0; i < schema.branches.size() && chosen < 0; ++i) {
    if (value.kind() == Kind::kInt && schema.branches[i]->type == AvroType::kLong) {
      chosen = static_cast<int>(i);
    }
  }
  if (chosen < 0) return TypeError(value, schema);
  AppendAvroLong(chosen, out);
  return EncodeAvroBinary(value, *schema.branches[chosen], out);
}

Status EncodeRecord(const AvroValue& value, const AvroNode& schema, std::string* out) {
  if (value.kind() != Kind::kRecord) return TypeError(value, schema);
  for (const AvroField& field : schema.fields) {
    auto found = value.Field(field.name);
    if (found.ok()) {
      ARROW_RETURN_NOT_OK(EncodeAvroBinary(**found, *field.type, out));
      continue;
    }
    if (!field.default_json) {
      return Status::Invalid("Avro binary: record ", schema.full_name,
                             " lacks field without default: ", field.name);
    }
    ARROW_ASSIGN_OR_RAISE(AvroValue fallback,
                          AvroValueFromDefault(*field.default_json, *field.type));
    ARROW_RETURN_NOT_OK(EncodeAvroBinary(fallback, *field.type, out));
  }
  return Status::OK();
}

Status EncodeCollection(const AvroValue& value, const AvroNode& schema, std::string* out) {
  const bool is_array = schema.type == AvroType::kArray;
  if (value.kind() != (is_array ? Kind::kArray : Kind::kMap)) return TypeError(value, schema);
  const size_t count = is_array ? value.items().size() : value.entries().size();
  if (count > 0) {
    AppendAvroLong(static_cast<int64_t>(count), out);
    for (size_t i = 0; i < count; ++i) {
      if (is_array) {
        ARROW_RETURN_NOT_OK(EncodeAvroBinary(value.items()[i], *schema.items, out));
      } else {
        const auto& [key, element] = value.entries()[i];
        AppendAvroLong(static_cast<int64_t>(key.size()), out);
        out->append(key);
        ARROW_RETURN_NOT_OK(EncodeAvroBinary(element, *schema.values, out));
      }
    }
  }
  AppendAvroLong(0, out);
  return Status::OK();
}

Status EncodeEnum(const AvroValue& value, const AvroNode& schema, std::string* out) {
  if (value.kind() != Kind::kEnum && value.kind() != Kind::kString) {
    return TypeError(value, schema);
  }
  for (size_t i = 0; i < schema.symbols.size(); ++i) {
    if (schema.symbols[i] == value.text()) {
      AppendAvroLong(static_cast<int64_t>(i), out);
      return Status::OK();
    }
  }
  return Status::Invalid("Avro binary: ", value.text(), " is not a symbol of enum ",
                         schema.full_name);
}

}  // namespace

Status EncodeAvroBinary(const AvroValue& value, const AvroNode& schema, std::string* out) {
  const Kind kind = value.kind();
  switch (schema.type) {
    case AvroType::kNull:
      return kind == Kind::kNull ? Status::OK() : TypeError(value, schema);
    case AvroType::kBoolean:
      if (kind != Kind::kBoolean) return TypeError(value, schema);
      out->push_back(value.boolean() ? 1 : 0);
      return Status::OK();
    case AvroType::kInt:
      if (kind != Kind::kInt) return TypeError(value, schema);
      AppendAvroLong(value.int32(), out);
      return Status::OK();
    case AvroType::kLong:
      if (kind != Kind::kLong && kind != Kind::kInt) return TypeError(value, schema);
      AppendAvroLong(kind == Kind::kInt ? value.int32() : value.int64(), out);
      return Status::OK();
    case AvroType::kFloat:
      if (kind != Kind::kFloat) return TypeError(value, schema);
      AppendLittleEndian(value.float32(), out);
      return Status::OK();
    case AvroType::kDouble:
      if (kind != Kind::kDouble) return TypeError(value, schema);
      AppendLittleEndian(value.float64(), out);
      return Status::OK();
    case AvroType::kBytes:
    case AvroType::kString:
      if (kind != Kind::kString && kind != Kind::kBytes) return TypeError(value, schema);
      AppendAvroLong(static_cast<int64_t>(value.text().size()), out);
      out->append(value.text());
      return Status::OK();
    case AvroType::kFixed:
      if (kind != Kind::kFixed && kind != Kind::kBytes) return TypeError(value, schema);
      if (value.text().size() != static_cast<size_t>(schema.fixed_size)) {
        return Status::Invalid("Avro binary: fixed ", schema.full_name, " needs ",
                               schema.fixed_size, " bytes, got ", value.text().size());
      }
      out->append(value.text());
      return Status::OK();
    case AvroType::kEnum: return EncodeEnum(value, schema, out);
    case AvroType::kArray:
    case AvroType::kMap: return EncodeCollection(value, schema, out);
    case AvroType::kRecord: return EncodeRecord(value, schema, out);
    case AvroType::kUnion: return EncodeUnion(value, schema, out);
  }
  return TypeError(value, schema);
}

}  // namespace hoodie
