// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/format/parquet/avro_parquet_schema.cc
/// \brief Avro schema JSON -> Parquet schema, as parquet-avro's AvroSchemaConverter.
#include "hoodie/format/parquet/avro_parquet_schema.h"

#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>
#include <parquet/exception.h>
#include <parquet/schema.h>
#include <parquet/types.h>

#include "hoodie/common/macros.h"
#include "hoodie/common/nesting_limit.h"
#include "hoodie/format/avro/avro_names_internal.h"
#include "hoodie/format/avro/avro_union_internal.h"
#include "hoodie/format/parquet/parquet_errors.h"

namespace hoodie {
namespace {

using Json = nlohmann::json;
using ::arrow::Result;
using ::arrow::Status;
using ::parquet::LogicalType;
using ::parquet::Repetition;
using ::parquet::schema::GroupNode;
using ::parquet::schema::NodePtr;
using ::parquet::schema::NodeVector;
using ::parquet::schema::PrimitiveNode;
using PhysicalType = ::parquet::Type;

NodePtr Primitive(const std::string& name, Repetition::type repetition,
                  PhysicalType::type type,
                  std::shared_ptr<const LogicalType> logical = nullptr, int length = -1) {
  return PrimitiveNode::Make(name, repetition, std::move(logical), type, length);
}

// AvroSchemaConverter.convertLogicalType (parquet-avro 1.13); nullptr when the Avro
// logical type does not apply to `base` (Avro ignores such a logical type too).
std::shared_ptr<const LogicalType> LogicalOf(const std::string& base,
                                             const Json& schema) {
  std::string logical = schema.value("logicalType", "");
  using Unit = LogicalType::TimeUnit;
  if (logical == "decimal" && (base == "bytes" || base == "fixed")) {
    return ::parquet::DecimalLogicalType::Make(schema.value("precision", 0),
                                               schema.value("scale", 0));
  }
  if (base == "int" && logical == "date") return ::parquet::DateLogicalType::Make();
  if (base == "int" && logical == "time-millis") {
    return ::parquet::TimeLogicalType::Make(true, Unit::MILLIS);
  }
  if (base != "long") return nullptr;
  if (logical == "time-micros")
    return ::parquet::TimeLogicalType::Make(true, Unit::MICROS);
  if (logical == "timestamp-millis") {
    return ::parquet::TimestampLogicalType::Make(true, Unit::MILLIS);
  }
  if (logical == "timestamp-micros") {
    return ::parquet::TimestampLogicalType::Make(true, Unit::MICROS);
  }
  if (logical == "local-timestamp-millis") {
    return ::parquet::TimestampLogicalType::Make(false, Unit::MILLIS);
  }
  if (logical == "local-timestamp-micros") {
    return ::parquet::TimestampLogicalType::Make(false, Unit::MICROS);
  }
  return nullptr;
}

class AvroToParquet {
 public:
  // convertField(name, schema, repetition); `path` names the field in errors.
  Result<NodePtr> Convert(const std::string& name, const Json& schema,
                          Repetition::type repetition, const std::string& name_space,
                          const std::string& path) {
    if (schema.is_array()) return Union(name, schema, repetition, name_space, path);
    if (schema.is_string()) {
      return Named(name, schema.get<std::string>(), Json::object(), repetition,
                   name_space, path);
    }
    if (!schema.is_object() || !schema.contains("type")) {
      return Status::Invalid("malformed Avro schema at field '", path, "'");
    }
    const Json& type = schema["type"];
    if (!type.is_string()) return Convert(name, type, repetition, name_space, path);
    std::string kind = type.get<std::string>();
    if (kind == "record" || kind == "error" || kind == "enum" || kind == "fixed") {
      std::string full_name = internal::AvroFullName(schema, name_space);
      definitions_[full_name] = schema;
      return Definition(name, full_name, schema, repetition, path);
    }
    if (kind == "array") return Array(name, schema, repetition, name_space, path);
    if (kind == "map") return Map(name, schema, repetition, name_space, path);
    return Named(name, kind, schema, repetition, name_space, path);
  }

  Result<NodeVector> Fields(const Json& record, const std::string& full_name,
                            const std::string& path) {
    const Json& fields = record.value("fields", Json::array());
    if (!fields.is_array()) return Status::Invalid("record fields must be an array");
    if (!in_progress_.insert(full_name).second) {
      return Status::NotImplemented("recursive Avro record '", full_name,
                                    "' has no Parquet schema, field '", path, "'");
    }
    NodeVector out;
    for (const Json& field : fields) {
      if (!field.is_object() || !field.contains("name") || !field.contains("type")) {
        return Status::Invalid("Avro record field without name or type in '", path, "'");
      }
      std::string name = field["name"].get<std::string>();
      std::string field_path = path.empty() ? name : path + "." + name;
      ARROW_ASSIGN_OR_RAISE(NodePtr node,
                             Convert(name, field["type"], Repetition::REQUIRED,
                                     internal::AvroNamespaceOf(full_name), field_path));
      out.push_back(std::move(node));
    }
    in_progress_.erase(full_name);
    return out;
  }

 private:
  // A primitive type name, or a reference to a named type defined earlier.
  Result<NodePtr> Named(const std::string& name, const std::string& type,
                        const Json& schema, Repetition::type repetition,
                        const std::string& name_space, const std::string& path) {
    auto logical = LogicalOf(type, schema);
    if (type == "boolean") return Primitive(name, repetition, PhysicalType::BOOLEAN);
    if (type == "int") return Primitive(name, repetition, PhysicalType::INT32, logical);
    if (type == "long") return Primitive(name, repetition, PhysicalType::INT64, logical);
    if (type == "float") return Primitive(name, repetition, PhysicalType::FLOAT);
    if (type == "double") return Primitive(name, repetition, PhysicalType::DOUBLE);
    if (type == "bytes") {
      return Primitive(name, repetition, PhysicalType::BYTE_ARRAY, logical);
    }
    if (type == "string") {
      // A uuid string stays a string: parquet.avro.write-parquet-uuid is off by default.
      return Primitive(name, repetition, PhysicalType::BYTE_ARRAY,
                       ::parquet::StringLogicalType::Make());
    }
    if (type == "null") {
      return Status::NotImplemented("Avro null type outside a union has no Parquet ",
                                    "schema in parquet-avro, field '", path, "'");
    }
    auto it = definitions_.find(internal::JoinAvroName(name_space, type));
    if (it == definitions_.end()) it = definitions_.find(type);
    if (it == definitions_.end()) {
      return Status::Invalid("unknown Avro type '", type, "' in field '", path, "'");
    }
    return Definition(name, it->first, it->second, repetition, path);
  }

  Result<NodePtr> Definition(const std::string& name, const std::string& full_name,
                             const Json& schema, Repetition::type repetition,
                             const std::string& path) {
    std::string kind = schema["type"].get<std::string>();
    if (kind == "enum") {
      return Primitive(name, repetition, PhysicalType::BYTE_ARRAY,
                       ::parquet::EnumLogicalType::Make());
    }
    if (kind == "fixed") {
      return Primitive(name, repetition, PhysicalType::FIXED_LEN_BYTE_ARRAY,
                       LogicalOf("fixed", schema), schema.value("size", 0));
    }
    ARROW_ASSIGN_OR_RAISE(NodeVector fields, Fields(schema, full_name, path));
    return GroupNode::Make(name, repetition, fields);
  }

  // ConversionPatterns.listType with the element converted as the repeated "array".
  Result<NodePtr> Array(const std::string& name, const Json& schema,
                        Repetition::type repetition, const std::string& name_space,
                        const std::string& path) {
    if (!schema.contains("items")) return Status::Invalid("array without items");
    ARROW_ASSIGN_OR_RAISE(NodePtr element,
                           Convert("array", schema["items"], Repetition::REPEATED,
                                   name_space, path + ".array"));
    return GroupNode::Make(name, repetition, {element},
                           ::parquet::ListLogicalType::Make());
  }

  // ConversionPatterns.stringKeyMapType.
  Result<NodePtr> Map(const std::string& name, const Json& schema,
                      Repetition::type repetition, const std::string& name_space,
                      const std::string& path) {
    if (!schema.contains("values")) return Status::Invalid("map without values");
    ARROW_ASSIGN_OR_RAISE(NodePtr value,
                           Convert("value", schema["values"], Repetition::REQUIRED,
                                   name_space, path + ".value"));
    NodePtr key = Primitive("key", Repetition::REQUIRED, PhysicalType::BYTE_ARRAY,
                            ::parquet::StringLogicalType::Make());
    NodePtr key_value = GroupNode::Make("key_value", Repetition::REPEATED, {key, value},
                                        ::parquet::ConvertedType::MAP_KEY_VALUE);
    return GroupNode::Make(name, repetition, {key_value},
                           ::parquet::MapLogicalType::Make());
  }

  // convertUnion: null makes a required field optional (a repeated one stays repeated).
  Result<NodePtr> Union(const std::string& name, const Json& branches,
                        Repetition::type repetition, const std::string& name_space,
                        const std::string& path) {
    auto [has_null, others] = internal::SplitAvroUnion(branches);
    if (!has_null || others.size() != 1) {
      return Status::NotImplemented(
          "Avro unions other than null plus one type are not supported in Parquet log "
          "blocks, field '",
          path, "'");
    }
    if (repetition == Repetition::REQUIRED) repetition = Repetition::OPTIONAL;
    return Convert(name, *others[0], repetition, name_space, path);
  }

  std::map<std::string, Json> definitions_;
  std::set<std::string> in_progress_;
};

}  // namespace

Result<std::shared_ptr<GroupNode>> AvroJsonToParquetSchema(std::string_view avro_json) {
  if (Status depth = CheckJsonNestingDepth(avro_json); !depth.ok()) {
    return Status::Invalid("Avro schema: ", depth.message());
  }
  Json json = Json::parse(avro_json, nullptr, /*allow_exceptions=*/false);
  if (json.is_discarded()) return Status::Invalid("malformed Avro schema JSON");
  if (!json.is_object() || json.value("type", Json()) != "record") {
    return Status::Invalid("Avro schema is not a record");
  }
  return CatchParquetErrors(
      ::arrow::StatusCode::Invalid, "Avro schema has no valid Parquet schema", "",
      [&]() -> Result<std::shared_ptr<GroupNode>> {
        try {
          AvroToParquet converter;
          std::string full_name = internal::AvroFullName(json, "");
          ARROW_ASSIGN_OR_RAISE(NodeVector fields, converter.Fields(json, full_name, ""));
          // parquet-avro names the message type by the record's full name.
          return std::static_pointer_cast<GroupNode>(
              GroupNode::Make(full_name, Repetition::REQUIRED, fields));
        } catch (const nlohmann::json::exception& e) {
          return Status::Invalid("malformed Avro schema JSON: ", e.what());
        }
      });
}

}  // namespace hoodie
