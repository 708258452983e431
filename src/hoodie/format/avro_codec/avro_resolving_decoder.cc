// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/format/avro_codec/avro_resolving_decoder.cc
/// \brief DecodeAvroBinary: reads writer-schema bytes into reader-schema values
/// (org.apache.avro.io.ResolvingDecoder), and JSON defaults (Schema.Field.defaultVal).

#include <cstring>
#include <utility>
#include <vector>

#include "hoodie/common/nesting_limit.h"
#include "hoodie/format/avro_codec/avro_binary.h"

namespace hoodie {

using ::arrow::Result;
using ::arrow::Status;
using Json = nlohmann::json;

namespace {

bool NamesMatch(const AvroNode& a, const AvroNode& b) {
  return a.full_name == b.full_name || a.short_name() == b.short_name();
}

/// Whether data written as `writer` can be read as `reader` without looking deeper
/// than names (the branch test of ResolvingGrammarGenerator.bestBranch).
bool Matches(const AvroNode& writer, const AvroNode& reader, bool allow_promotion) {
  if (writer.type == reader.type) {
    switch (writer.type) {
      case AvroType::kRecord:
      case AvroType::kEnum:
      case AvroType::kFixed: return NamesMatch(writer, reader);
      default: return true;
    }
  }
  return allow_promotion && AvroPromotes(writer.type, reader.type);
}

Status Incompatible(const AvroNode& writer, const AvroNode& reader) {
  return Status::Invalid("Avro resolution: writer ", AvroTypeName(writer.type), " ",
                         writer.full_name, " cannot be read as ",
                         AvroTypeName(reader.type), " ", reader.full_name);
}

/// Reads a primitive written as `writer` and promotes it to `reader`'s type.
Result<AvroValue> DecodePrimitive(std::string_view* in, const AvroNode& writer,
                                  const AvroNode& reader) {
  switch (writer.type) {
    case AvroType::kNull: return AvroValue::Null();
    case AvroType::kBoolean: {
      if (in->empty()) return Status::Invalid("Avro binary: truncated boolean");
      const char byte = in->front();
      in->remove_prefix(1);
      return AvroValue::Boolean(byte != 0);
    }
    case AvroType::kInt: {
      ARROW_ASSIGN_OR_RAISE(int64_t v, ReadAvroLong(in));
      if (v < INT32_MIN || v > INT32_MAX) return Status::Invalid("Avro binary: int overflow");
      if (reader.type == AvroType::kLong) return AvroValue::Long(v);
      if (reader.type == AvroType::kFloat) return AvroValue::Float(static_cast<float>(v));
      if (reader.type == AvroType::kDouble) return AvroValue::Double(static_cast<double>(v));
      return AvroValue::Int(static_cast<int32_t>(v));
    }
    case AvroType::kLong: {
      ARROW_ASSIGN_OR_RAISE(int64_t v, ReadAvroLong(in));
      if (reader.type == AvroType::kFloat) return AvroValue::Float(static_cast<float>(v));
      if (reader.type == AvroType::kDouble) return AvroValue::Double(static_cast<double>(v));
      return AvroValue::Long(v);
    }
    case AvroType::kFloat: {
      ARROW_ASSIGN_OR_RAISE(float v, ReadAvroLittleEndian<float>(in));
      if (reader.type == AvroType::kDouble) return AvroValue::Double(v);
      return AvroValue::Float(v);
    }
    case AvroType::kDouble: {
      ARROW_ASSIGN_OR_RAISE(double v, ReadAvroLittleEndian<double>(in));
      return AvroValue::Double(v);
    }
    default: {  // bytes, string
      ARROW_ASSIGN_OR_RAISE(std::string v, ReadAvroBytes(in));
      if (reader.type == AvroType::kBytes) return AvroValue::Bytes(std::move(v));
      return AvroValue::String(std::move(v));
    }
  }
}

Result<AvroValue> Decode(std::string_view* in, const AvroNode& writer,
                         const AvroNode& reader, int depth);

Result<AvroValue> DecodeRecord(std::string_view* in, const AvroNode& writer,
                               const AvroNode& reader, int depth) {
  std::vector<std::optional<AvroValue>> slots(reader.fields.size());
  for (const AvroField& field : writer.fields) {
    const int index = reader.FieldIndex(field.name);
    if (index < 0) {  // a field the reader dropped: decode and discard
      ARROW_RETURN_NOT_OK(Decode(in, *field.type, *field.type, depth + 1).status());
      continue;
    }
    ARROW_ASSIGN_OR_RAISE(slots[index],
                          Decode(in, *field.type, *reader.fields[index].type, depth + 1));
  }
  AvroEntries fields;
  fields.reserve(reader.fields.size());
  for (size_t i = 0; i < reader.fields.size(); ++i) {
    const AvroField& field = reader.fields[i];
    if (!slots[i]) {
      if (!field.default_json) {
        return Status::Invalid("Avro resolution: reader field ", reader.full_name, ".",
                               field.name, " is missing from the writer and has no default");
      }
      ARROW_ASSIGN_OR_RAISE(slots[i], AvroValueFromDefault(*field.default_json, *field.type));
    }
    fields.emplace_back(field.name, std::move(*slots[i]));
  }
  return AvroValue::Record(reader.full_name, std::move(fields));
}

Result<AvroValue> DecodeEnum(std::string_view* in, const AvroNode& writer,
                             const AvroNode& reader) {
  ARROW_ASSIGN_OR_RAISE(int64_t index, ReadAvroLong(in));
  if (index < 0 || static_cast<size_t>(index) >= writer.symbols.size()) {
    return Status::Invalid("Avro binary: enum index ", index, " out of range for ",
                           writer.full_name);
  }
  const std::string& symbol = writer.symbols[index];
  for (const std::string& known : reader.symbols) {
    if (known == symbol) return AvroValue::Enum(symbol);
  }
  if (reader.enum_default) return AvroValue::Enum(*reader.enum_default);
  return Status::Invalid("Avro resolution: symbol ", symbol, " unknown to enum ",
                         reader.full_name);
}

Result<AvroValue> DecodeFixed(std::string_view* in, const AvroNode& writer,
                              const AvroNode& reader) {
  if (writer.fixed_size != reader.fixed_size) return Incompatible(writer, reader);
  if (in->size() < static_cast<size_t>(writer.fixed_size)) {
    return Status::Invalid("Avro binary: truncated fixed ", writer.full_name);
  }
  std::string bytes(in->substr(0, writer.fixed_size));
  in->remove_prefix(writer.fixed_size);
  return AvroValue::Fixed(std::move(bytes));
}

Result<AvroValue> DecodeCollection(std::string_view* in, const AvroNode& writer,
                                   const AvroNode& reader, int depth) {
  if (writer.type == AvroType::kArray) {
    std::vector<AvroValue> items;
    ARROW_RETURN_NOT_OK(ReadAvroBlocks(in, [&]() -> Status {
      ARROW_ASSIGN_OR_RAISE(AvroValue item,
                            Decode(in, *writer.items, *reader.items, depth + 1));
      items.push_back(std::move(item));
      return Status::OK();
    }));
    return AvroValue::Array(std::move(items));
  }
  AvroEntries entries;
  ARROW_RETURN_NOT_OK(ReadAvroBlocks(in, [&]() -> Status {
    ARROW_ASSIGN_OR_RAISE(std::string key, ReadAvroBytes(in));
    ARROW_ASSIGN_OR_RAISE(AvroValue value,
                          Decode(in, *writer.values, *reader.values, depth + 1));
    entries.emplace_back(std::move(key), std::move(value));
    return Status::OK();
  }));
  return AvroValue::Map(std::move(entries));
}

/// The reader branch a non-union writer type resolves to: an exact match first, then
/// a promotion (ResolvingGrammarGenerator.bestBranch).
Result<const AvroNode*> ReaderBranch(const AvroNode& writer, const AvroNode& reader) {
  for (bool promote : {false, true}) {
    for (const AvroNode* branch : reader.branches) {
      if (Matches(writer, *branch, promote)) return branch;
    }
  }
  return Incompatible(writer, reader);
}

// The recursion of DecodeAvroBinary. `depth` counts the records, arrays and maps
// around the value: a recursive schema (a linked list) lets hostile bytes nest without
// end, and each level is a stack frame.
Result<AvroValue> Decode(std::string_view* in, const AvroNode& writer,
                         const AvroNode& reader, int depth) {
  if (depth > kMaxNestingDepth) {
    return Status::Invalid("Avro binary: value nested deeper than ", kMaxNestingDepth,
                           " levels");
  }
  if (writer.type == AvroType::kUnion) {
    ARROW_ASSIGN_OR_RAISE(int64_t index, ReadAvroLong(in));
    if (index < 0 || static_cast<size_t>(index) >= writer.branches.size()) {
      return Status::Invalid("Avro binary: union index ", index, " out of range");
    }
    return Decode(in, *writer.branches[index], reader, depth);
  }
  if (reader.type == AvroType::kUnion) {
    ARROW_ASSIGN_OR_RAISE(const AvroNode* branch, ReaderBranch(writer, reader));
    return Decode(in, writer, *branch, depth);
  }
  if (!Matches(writer, reader, /*allow_promotion=*/true)) return Incompatible(writer, reader);
  switch (writer.type) {
    case AvroType::kRecord: return DecodeRecord(in, writer, reader, depth);
    case AvroType::kEnum: return DecodeEnum(in, writer, reader);
    case AvroType::kFixed: return DecodeFixed(in, writer, reader);
    case AvroType::kArray:
    case AvroType::kMap: return DecodeCollection(in, writer, reader, depth);
    default: return DecodePrimitive(in, writer, reader);
  }
}

}  // namespace

Result<AvroValue> DecodeAvroBinary(std::string_view* in, const AvroNode& writer,
                                   const AvroNode& reader) {
  return Decode(in, writer, reader, 0);
}

namespace {

Status BadDefault(const Json& json, const AvroNode& schema) {
  return Status::Invalid("Avro schema: default ", json.dump(), " does not fit ",
                         AvroTypeName(schema.type), " ", schema.full_name);
}

/// ISO-8859-1 code points of a JSON string's characters, as Avro reads bytes defaults.
Result<std::string> Latin1Bytes(const Json& json, const AvroNode& schema) {
  if (!json.is_string()) return BadDefault(json, schema);
  const std::string utf8 = json.get<std::string>();
  std::string bytes;
  for (size_t i = 0; i < utf8.size(); ++i) {
    const auto c = static_cast<uint8_t>(utf8[i]);
    if (c < 0x80) {
      bytes.push_back(static_cast<char>(c));
    } else if ((c & 0xE0) == 0xC0 && i + 1 < utf8.size() && c <= 0xC3) {
      bytes.push_back(static_cast<char>(((c & 0x03) << 6) | (utf8[++i] & 0x3F)));
    } else {
      return BadDefault(json, schema);
    }
  }
  return bytes;
}

/// Array, map and record defaults: JSON arrays and objects, element by element.
Result<AvroValue> CompositeFromDefault(const Json& json, const AvroNode& schema) {
  if (schema.type == AvroType::kArray) {
    if (!json.is_array()) return BadDefault(json, schema);
    std::vector<AvroValue> items;
    for (const Json& item : json) {
      ARROW_ASSIGN_OR_RAISE(AvroValue value, AvroValueFromDefault(item, *schema.items));
      items.push_back(std::move(value));
    }
    return AvroValue::Array(std::move(items));
  }
  if (!json.is_object()) return BadDefault(json, schema);
  AvroEntries entries;
  if (schema.type == AvroType::kMap) {
    for (const auto& [key, item] : json.items()) {
      ARROW_ASSIGN_OR_RAISE(AvroValue value, AvroValueFromDefault(item, *schema.values));
      entries.emplace_back(key, std::move(value));
    }
    return AvroValue::Map(std::move(entries));
  }
  for (const AvroField& field : schema.fields) {
    const Json* source = nullptr;
    if (auto it = json.find(field.name); it != json.end()) source = &*it;
    if (source == nullptr && field.default_json) source = &*field.default_json;
    if (source == nullptr) return BadDefault(json, schema);
    ARROW_ASSIGN_OR_RAISE(AvroValue value, AvroValueFromDefault(*source, *field.type));
    entries.emplace_back(field.name, std::move(value));
  }
  return AvroValue::Record(schema.full_name, std::move(entries));
}

}  // namespace

Result<AvroValue> AvroValueFromDefault(const Json& json, const AvroNode& schema) {
  switch (schema.type) {
    case AvroType::kNull:
      if (!json.is_null()) return BadDefault(json, schema);
      return AvroValue::Null();
    case AvroType::kBoolean:
      if (!json.is_boolean()) return BadDefault(json, schema);
      return AvroValue::Boolean(json.get<bool>());
    case AvroType::kInt:
      if (!json.is_number_integer()) return BadDefault(json, schema);
      return AvroValue::Int(json.get<int32_t>());
    case AvroType::kLong:
      if (!json.is_number_integer()) return BadDefault(json, schema);
      return AvroValue::Long(json.get<int64_t>());
    case AvroType::kFloat:
      if (!json.is_number()) return BadDefault(json, schema);
      return AvroValue::Float(json.get<float>());
    case AvroType::kDouble:
      if (!json.is_number()) return BadDefault(json, schema);
      return AvroValue::Double(json.get<double>());
    case AvroType::kString:
      if (!json.is_string()) return BadDefault(json, schema);
      return AvroValue::String(json.get<std::string>());
    case AvroType::kBytes: {
      ARROW_ASSIGN_OR_RAISE(std::string bytes, Latin1Bytes(json, schema));
      return AvroValue::Bytes(std::move(bytes));
    }
    case AvroType::kFixed: {
      ARROW_ASSIGN_OR_RAISE(std::string bytes, Latin1Bytes(json, schema));
      if (bytes.size() != static_cast<size_t>(schema.fixed_size)) {
        return BadDefault(json, schema);
      }
      return AvroValue::Fixed(std::move(bytes));
    }
    case AvroType::kEnum:
      if (!json.is_string()) return BadDefault(json, schema);
      return AvroValue::Enum(json.get<std::string>());
    case AvroType::kUnion:
      if (schema.branches.empty()) return BadDefault(json, schema);
      return AvroValueFromDefault(json, *schema.branches.front());
    case AvroType::kArray:
    case AvroType::kMap:
    case AvroType::kRecord: return CompositeFromDefault(json, schema);
  }
  return BadDefault(json, schema);
}

}  // namespace hoodie
