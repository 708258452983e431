// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/format/avro/avro_to_arrow.cc
/// \brief Avro schema JSON -> Arrow schema (the reverse of arrow_to_avro.cc).
#include <algorithm>
#include <map>
#include <string>
#include <utility>

#include <arrow/type.h>
#include <nlohmann/json.hpp>

#include "hoodie/common/macros.h"
#include "hoodie/common/nesting_limit.h"
#include "hoodie/format/avro/avro_names_internal.h"
#include "hoodie/format/avro/avro_schema.h"
#include "hoodie/format/avro/avro_union_internal.h"

namespace hoodie {
namespace {

using Json = nlohmann::json;
using ::arrow::DataType;
using ::arrow::Result;
using ::arrow::Status;

struct ArrowType {
  std::shared_ptr<DataType> type;
  bool nullable = false;
  /// Levels of structs, lists and maps in `type`: a reference to a named record
  /// brings its whole depth, so a schema of shallow JSON can still nest deep.
  int depth = 0;
};

// The type `inner` nests one level into, refused past kMaxNestingDepth: every walk
// over the Arrow type (builders, the log decoder) recurses once a level.
Result<int> NestedDepth(const ArrowType& inner, const std::string& path) {
  if (inner.depth + 1 > kMaxNestingDepth) {
    return Status::Invalid("Avro schema nested deeper than ", kMaxNestingDepth,
                           " levels at field '", path, "'");
  }
  return inner.depth + 1;
}

Result<std::shared_ptr<DataType>> Primitive(const std::string& name) {
  if (name == "null") return ::arrow::null();
  if (name == "boolean") return ::arrow::boolean();
  if (name == "int") return ::arrow::int32();
  if (name == "long") return ::arrow::int64();
  if (name == "float") return ::arrow::float32();
  if (name == "double") return ::arrow::float64();
  if (name == "bytes") return ::arrow::binary();
  if (name == "string") return ::arrow::utf8();
  return nullptr;
}

std::shared_ptr<DataType> DecimalType(int precision, int scale) {
  if (precision <= 38) return ::arrow::decimal128(precision, scale);
  return ::arrow::decimal256(precision, scale);
}

// Avro's rule for logical types: an unknown or mismatched one is ignored and the
// underlying type is used (Schema.parse with LogicalTypes.fromSchemaIgnoreInvalid).
std::shared_ptr<DataType> WithLogicalType(const std::string& base,
                                          const std::string& logical,
                                          std::shared_ptr<DataType> plain) {
  using ::arrow::TimeUnit;
  if (base == "int" && logical == "date") return ::arrow::date32();
  if (base == "int" && logical == "time-millis") return ::arrow::time32(TimeUnit::MILLI);
  if (base == "long") {
    if (logical == "time-micros") return ::arrow::time64(TimeUnit::MICRO);
    if (logical == "timestamp-millis") return ::arrow::timestamp(TimeUnit::MILLI, "UTC");
    if (logical == "timestamp-micros") return ::arrow::timestamp(TimeUnit::MICRO, "UTC");
    if (logical == "timestamp-nanos") return ::arrow::timestamp(TimeUnit::NANO, "UTC");
    if (logical == "local-timestamp-millis") return ::arrow::timestamp(TimeUnit::MILLI);
    if (logical == "local-timestamp-micros") return ::arrow::timestamp(TimeUnit::MICRO);
    if (logical == "local-timestamp-nanos") return ::arrow::timestamp(TimeUnit::NANO);
  }
  return plain;
}

class AvroToArrow {
 public:
  // `path` is the dotted field path used in error messages.
  Result<ArrowType> Convert(const Json& schema, const std::string& name_space,
                            const std::string& path) {
    if (schema.is_string()) return Named(schema.get<std::string>(), name_space, path);
    if (schema.is_array()) return Union(schema, name_space, path);
    if (!schema.is_object() || !schema.contains("type")) {
      return Status::Invalid("malformed Avro schema at field '", path, "'");
    }
    const Json& type = schema["type"];
    if (!type.is_string()) return Convert(type, name_space, path);
    std::string name = type.get<std::string>();
    if (name == "record" || name == "error") return Record(schema, name_space, path);
    if (name == "enum") return Define(schema, name_space, ::arrow::utf8());
    if (name == "fixed") return Fixed(schema, name_space);
    if (name == "array") return Array(schema, name_space, path);
    if (name == "map") return Map(schema, name_space, path);
    ARROW_ASSIGN_OR_RAISE(ArrowType base, Named(name, name_space, path));
    std::string logical = schema.value("logicalType", "");
    if (name == "bytes" && logical == "decimal") {
      return ArrowType{DecimalType(schema.value("precision", 0), schema.value("scale", 0))};
    }
    return ArrowType{WithLogicalType(name, logical, base.type)};
  }

  // The record's struct type; `*nested_depth` is its depth.
  Result<std::shared_ptr<::arrow::StructType>> Fields(const Json& record,
                                                      const std::string& full_name,
                                                      const std::string& path,
                                                      int* nested_depth) {
    const Json& fields = record.value("fields", Json::array());
    if (!fields.is_array()) return Status::Invalid("record fields must be an array");
    // Fields of a record resolve unqualified names in the record's namespace.
    std::string record_space = internal::AvroNamespaceOf(full_name);
    ::arrow::FieldVector out;
    int depth = 0;
    for (const Json& field : fields) {
      if (!field.is_object() || !field.contains("name") || !field.contains("type")) {
        return Status::Invalid("Avro record field without name or type in '", path, "'");
      }
      std::string name = field["name"].get<std::string>();
      std::string field_path = path.empty() ? name : path + "." + name;
      ARROW_ASSIGN_OR_RAISE(ArrowType type,
                             Convert(field["type"], record_space, field_path));
      out.push_back(::arrow::field(name, type.type, type.nullable));
      depth = std::max(depth, type.depth);
    }
    ARROW_ASSIGN_OR_RAISE(*nested_depth, NestedDepth(ArrowType{nullptr, false, depth}, path));
    return std::make_shared<::arrow::StructType>(std::move(out));
  }

 private:
  Result<ArrowType> Named(const std::string& name, const std::string& name_space,
                          const std::string& path) {
    ARROW_ASSIGN_OR_RAISE(auto primitive, Primitive(name));
    if (primitive) return ArrowType{primitive, name == "null"};
    auto it = named_.find(internal::JoinAvroName(name_space, name));
    if (it == named_.end()) it = named_.find(name);
    if (it == named_.end()) {
      return Status::Invalid("unknown Avro type '", name, "' in field '", path, "'");
    }
    return it->second;
  }

  Result<ArrowType> Define(const Json& schema, const std::string& name_space,
                           std::shared_ptr<DataType> type) {
    ArrowType defined{std::move(type)};
    named_[internal::AvroFullName(schema, name_space)] = defined;
    return defined;
  }

  Result<ArrowType> Record(const Json& schema, const std::string& name_space,
                           const std::string& path) {
    std::string full_name = internal::AvroFullName(schema, name_space);
    ArrowType record;
    ARROW_ASSIGN_OR_RAISE(record.type, Fields(schema, full_name, path, &record.depth));
    named_[full_name] = record;
    return record;
  }

  Result<ArrowType> Fixed(const Json& schema, const std::string& name_space) {
    if (schema.value("logicalType", "") == "decimal") {
      return Define(schema, name_space,
                    DecimalType(schema.value("precision", 0), schema.value("scale", 0)));
    }
    return Define(schema, name_space, ::arrow::fixed_size_binary(schema.value("size", 0)));
  }

  Result<ArrowType> Array(const Json& schema, const std::string& name_space,
                          const std::string& path) {
    if (!schema.contains("items")) return Status::Invalid("array without items");
    ARROW_ASSIGN_OR_RAISE(ArrowType items,
                           Convert(schema["items"], name_space, path + ".element"));
    ARROW_ASSIGN_OR_RAISE(int depth, NestedDepth(items, path));
    return ArrowType{::arrow::list(::arrow::field("element", items.type, items.nullable)),
                     false, depth};
  }

  Result<ArrowType> Map(const Json& schema, const std::string& name_space,
                        const std::string& path) {
    if (!schema.contains("values")) return Status::Invalid("map without values");
    ARROW_ASSIGN_OR_RAISE(ArrowType values,
                           Convert(schema["values"], name_space, path + ".value"));
    ARROW_ASSIGN_OR_RAISE(int depth, NestedDepth(values, path));
    return ArrowType{std::make_shared<::arrow::MapType>(
                         ::arrow::field("key", ::arrow::utf8(), false),
                         ::arrow::field("value", values.type, values.nullable)),
                     false, depth};
  }

  Result<ArrowType> Union(const Json& branches, const std::string& name_space,
                          const std::string& path) {
    auto [has_null, others] = internal::SplitAvroUnion(branches);
    if (others.empty()) return ArrowType{::arrow::null(), true};
    if (others.size() > 1) {
      return Status::NotImplemented("Avro unions other than null plus one type are not ",
                                    "supported, field '", path, "'");
    }
    ARROW_ASSIGN_OR_RAISE(ArrowType type, Convert(*others[0], name_space, path));
    type.nullable = type.nullable || has_null;
    return type;
  }

  std::map<std::string, ArrowType> named_;
};

Result<Json> ParseRecord(std::string_view avro_json) {
  if (Status depth = CheckJsonNestingDepth(avro_json); !depth.ok()) {
    return Status::Invalid("Avro schema: ", depth.message());
  }
  Json json = Json::parse(avro_json, nullptr, /*allow_exceptions=*/false);
  if (json.is_discarded()) return Status::Invalid("malformed Avro schema JSON");
  if (!json.is_object() || json.value("type", Json()) != "record") {
    return Status::Invalid("Avro schema is not a record");
  }
  return json;
}

}  // namespace

Result<std::shared_ptr<::arrow::Schema>> AvroJsonToArrowSchema(
    std::string_view avro_json) {
  ARROW_ASSIGN_OR_RAISE(Json json, ParseRecord(avro_json));
  try {
    AvroToArrow converter;
    std::string full_name = internal::AvroFullName(json, "");
    int depth = 0;
    ARROW_ASSIGN_OR_RAISE(auto record, converter.Fields(json, full_name, "", &depth));
    return ::arrow::schema(record->fields());
  } catch (const nlohmann::json::exception& e) {
    // Wrong JSON value types (a number where a name belongs) surface as type_error.
    return Status::Invalid("malformed Avro schema JSON: ", e.what());
  }
}

Result<AvroRecordName> AvroRecordNameOf(std::string_view avro_json) {
  ARROW_ASSIGN_OR_RAISE(Json json, ParseRecord(avro_json));
  try {
    std::string full_name = internal::AvroFullName(json, "");
    std::string name_space = internal::AvroNamespaceOf(full_name);
    std::string name = name_space.empty() ? full_name : full_name.substr(name_space.size() + 1);
    return AvroRecordName{name, name_space};
  } catch (const nlohmann::json::exception& e) {
    return Status::Invalid("malformed Avro schema JSON: ", e.what());
  }
}

}  // namespace hoodie
