// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/format/avro_codec/avro_value.cc
/// \brief Typed views and the text rendering of AvroValue.

#include "hoodie/format/avro_codec/avro_value.h"

#include <sstream>

#include <arrow/status.h>

namespace hoodie {

using ::arrow::Result;
using ::arrow::Status;

std::string_view AvroValueKindName(AvroValue::Kind kind) {
  using K = AvroValue::Kind;
  switch (kind) {
    case K::kNull: return "null";
    case K::kBoolean: return "boolean";
    case K::kInt: return "int";
    case K::kLong: return "long";
    case K::kFloat: return "float";
    case K::kDouble: return "double";
    case K::kBytes: return "bytes";
    case K::kString: return "string";
    case K::kEnum: return "enum";
    case K::kFixed: return "fixed";
    case K::kArray: return "array";
    case K::kMap: return "map";
    case K::kRecord: return "record";
  }
  return "unknown";
}

namespace {

Status Mismatch(std::string_view expected, AvroValue::Kind actual) {
  return Status::Invalid("Avro value: expected ", expected, " but found ",
                         AvroValueKindName(actual));
}

}  // namespace

Result<bool> AvroValue::AsBoolean() const {
  if (kind_ != Kind::kBoolean) return Mismatch("boolean", kind_);
  return boolean();
}

Result<int32_t> AvroValue::AsInt() const {
  if (kind_ != Kind::kInt) return Mismatch("int", kind_);
  return int32();
}

Result<int64_t> AvroValue::AsLong() const {
  if (kind_ != Kind::kLong) return Mismatch("long", kind_);
  return int64();
}

Result<float> AvroValue::AsFloat() const {
  if (kind_ != Kind::kFloat) return Mismatch("float", kind_);
  return float32();
}

Result<double> AvroValue::AsDouble() const {
  if (kind_ != Kind::kDouble) return Mismatch("double", kind_);
  return float64();
}

Result<std::string_view> AvroValue::AsString() const {
  if (kind_ != Kind::kString && kind_ != Kind::kBytes && kind_ != Kind::kEnum &&
      kind_ != Kind::kFixed) {
    return Mismatch("string", kind_);
  }
  return std::string_view(text());
}

Result<const std::vector<AvroValue>*> AvroValue::AsArray() const {
  if (kind_ != Kind::kArray) return Mismatch("array", kind_);
  return &items();
}

Result<const AvroEntries*> AvroValue::AsEntries() const {
  if (kind_ != Kind::kMap && kind_ != Kind::kRecord) return Mismatch("map or record", kind_);
  return &entries();
}

Result<const AvroValue*> AvroValue::Field(std::string_view name) const {
  if (kind_ != Kind::kRecord) return Mismatch("record", kind_);
  for (const auto& [field_name, value] : entries()) {
    if (field_name == name) return &value;
  }
  return Status::KeyError("Avro record ", name_, " has no field ", name);
}

namespace {

void Render(const AvroValue& value, std::ostringstream* out) {
  using K = AvroValue::Kind;
  switch (value.kind()) {
    case K::kNull: *out << "null"; return;
    case K::kBoolean: *out << (value.boolean() ? "true" : "false"); return;
    case K::kInt: *out << value.int32(); return;
    case K::kLong: *out << value.int64(); return;
    case K::kFloat: *out << value.float32(); return;
    case K::kDouble: *out << value.float64(); return;
    case K::kArray: {
      *out << "[";
      for (size_t i = 0; i < value.items().size(); ++i) {
        if (i > 0) *out << ", ";
        Render(value.items()[i], out);
      }
      *out << "]";
      return;
    }
    case K::kMap:
    case K::kRecord: {
      *out << "{";
      for (size_t i = 0; i < value.entries().size(); ++i) {
        if (i > 0) *out << ", ";
        *out << '"' << value.entries()[i].first << "\": ";
        Render(value.entries()[i].second, out);
      }
      *out << "}";
      return;
    }
    default: *out << '"' << value.text() << '"'; return;
  }
}

}  // namespace

std::string AvroValue::ToString() const {
  std::ostringstream out;
  Render(*this, &out);
  return out.str();
}

}  // namespace hoodie
