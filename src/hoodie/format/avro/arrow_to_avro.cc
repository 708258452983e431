// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/format/avro/arrow_to_avro.cc
/// \brief Arrow schema -> Avro schema JSON, named as Hudi's Spark SchemaConverters does.
#include <cmath>
#include <set>
#include <string>
#include <vector>

#include <arrow/type.h>
#include <arrow/util/checked_cast.h>
#include <nlohmann/json.hpp>

#include "hoodie/common/macros.h"
#include "hoodie/format/avro/avro_names_internal.h"
#include "hoodie/format/avro/avro_schema.h"

namespace hoodie {
namespace {

using Json = nlohmann::ordered_json;
using ::arrow::internal::checked_cast;
using ::arrow::Result;
using ::arrow::Status;

bool IsValidAvroName(std::string_view name) {
  if (name.empty()) return false;
  auto first_ok = [](char c) {
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || c == '_';
  };
  if (!first_ok(name[0])) return false;
  for (char c : name) {
    if (!first_ok(c) && !(c >= '0' && c <= '9')) return false;
  }
  return true;
}

// Spark's SchemaConverters.minBytesForPrecision: the smallest byte count whose signed
// range holds 10^precision - 1.
int MinBytesForPrecision(int precision) {
  int bytes = 1;
  while (std::pow(2.0, 8 * bytes - 1) < std::pow(10.0, precision)) ++bytes;
  return bytes;
}

Json Logical(const char* base, const char* logical) {
  Json j;
  j["type"] = base;
  j["logicalType"] = logical;
  return j;
}

Json Nullable(Json type) { return Json::array({"null", std::move(type)}); }

// Walks the Arrow type tree carrying Spark's (recordName, nameSpace) pair: recordName
// is the field name, nameSpace the enclosing record's full name (toAvroType).
class ArrowToAvro {
 public:
  Result<Json> Record(const ::arrow::FieldVector& fields, const std::string& name,
                      const std::string& name_space, const std::string& path) {
    std::string full_name = internal::JoinAvroName(name_space, name);
    if (!defined_.insert(full_name).second) return Json(full_name);
    Json record;
    record["type"] = "record";
    record["name"] = name;
    if (!name_space.empty()) record["namespace"] = name_space;
    Json out_fields = Json::array();
    for (const auto& field : fields) {
      std::string field_path = path.empty() ? field->name() : path + "." + field->name();
      if (!IsValidAvroName(field->name())) {
        return Status::Invalid("field name is not a valid Avro name: '", field_path, "'");
      }
      ARROW_ASSIGN_OR_RAISE(Json type, Type(*field->type(), field->nullable(),
                                             field->name(), full_name, field_path));
      Json out;
      out["name"] = field->name();
      out["type"] = std::move(type);
      // Hudi's getAvroSchemaWithDefaults gives every nullable field a null default.
      if (field->nullable()) out["default"] = nullptr;
      out_fields.push_back(std::move(out));
    }
    record["fields"] = std::move(out_fields);
    return record;
  }

  Result<Json> Type(const ::arrow::DataType& type, bool nullable, const std::string& name,
                    const std::string& name_space, const std::string& path) {
    ARROW_ASSIGN_OR_RAISE(Json avro, NonNullType(type, name, name_space, path));
    return nullable ? Nullable(std::move(avro)) : avro;
  }

 private:
  Result<Json> NonNullType(const ::arrow::DataType& type, const std::string& name,
                           const std::string& name_space, const std::string& path) {
    using ::arrow::Type;
    switch (type.id()) {
      case Type::BOOL:
        return Json("boolean");
      case Type::INT8:
      case Type::INT16:
      case Type::INT32:
      case Type::UINT8:
      case Type::UINT16:
        return Json("int");
      case Type::INT64:
      case Type::UINT32:
        return Json("long");
      case Type::FLOAT:
        return Json("float");
      case Type::DOUBLE:
        return Json("double");
      case Type::STRING:
      case Type::LARGE_STRING:
      case Type::STRING_VIEW:
        return Json("string");
      case Type::BINARY:
      case Type::LARGE_BINARY:
      case Type::BINARY_VIEW:
      case Type::FIXED_SIZE_BINARY:
        return Json("bytes");
      case Type::DATE32:
        return Logical("int", "date");
      case Type::TIME32:
      case Type::TIME64:
        return Time(checked_cast<const ::arrow::TimeType&>(type), path);
      case Type::TIMESTAMP:
        return Timestamp(checked_cast<const ::arrow::TimestampType&>(type), path);
      case Type::DECIMAL128:
      case Type::DECIMAL256:
        return Decimal(checked_cast<const ::arrow::DecimalType&>(type), name, name_space);
      case Type::STRUCT:
        return Record(type.fields(), name, name_space, path);
      case Type::LIST:
      case Type::LARGE_LIST:
      case Type::FIXED_SIZE_LIST:
      case Type::LIST_VIEW:
      case Type::LARGE_LIST_VIEW:
        return Array(*type.field(0), name, name_space, path);
      case Type::MAP:
        return Map(checked_cast<const ::arrow::MapType&>(type), name, name_space, path);
      default:
        break;
    }
    return Status::Invalid("Arrow type ", type.ToString(),
                           " has no Avro equivalent, field '", path, "'");
  }

  Result<Json> Time(const ::arrow::TimeType& type, const std::string& path) {
    if (type.unit() == ::arrow::TimeUnit::MILLI) return Logical("int", "time-millis");
    if (type.unit() == ::arrow::TimeUnit::MICRO) return Logical("long", "time-micros");
    return Status::Invalid("Avro times are millis or micros, got ", type.ToString(),
                           " in field '", path, "'");
  }

  Result<Json> Timestamp(const ::arrow::TimestampType& type, const std::string& path) {
    bool utc = !type.timezone().empty();
    switch (type.unit()) {
      case ::arrow::TimeUnit::MILLI:
        return Logical("long", utc ? "timestamp-millis" : "local-timestamp-millis");
      case ::arrow::TimeUnit::MICRO:
        return Logical("long", utc ? "timestamp-micros" : "local-timestamp-micros");
      default:
        return Status::Invalid("Avro timestamps are millis or micros, got ",
                               type.ToString(), " in field '", path, "'");
    }
  }

  // Spark names the fixed "<nameSpace>.<recordName>.fixed" to avoid clashes; Avro splits
  // that full name into namespace "<nameSpace>.<recordName>" and name "fixed".
  Result<Json> Decimal(const ::arrow::DecimalType& type, const std::string& name,
                       const std::string& name_space) {
    std::string fixed_space = internal::JoinAvroName(name_space, name);
    std::string full_name = fixed_space + ".fixed";
    if (!defined_.insert(full_name).second) return Json(full_name);
    Json fixed;
    fixed["type"] = "fixed";
    fixed["name"] = "fixed";
    fixed["namespace"] = fixed_space;
    fixed["size"] = MinBytesForPrecision(type.precision());
    fixed["logicalType"] = "decimal";
    fixed["precision"] = type.precision();
    fixed["scale"] = type.scale();
    return fixed;
  }

  Result<Json> Array(const ::arrow::Field& element, const std::string& name,
                     const std::string& name_space, const std::string& path) {
    ARROW_ASSIGN_OR_RAISE(Json items, Type(*element.type(), element.nullable(), name,
                                            name_space, path + ".element"));
    Json array;
    array["type"] = "array";
    array["items"] = std::move(items);
    return array;
  }

  Result<Json> Map(const ::arrow::MapType& type, const std::string& name,
                   const std::string& name_space, const std::string& path) {
    ::arrow::Type::type key = type.key_type()->id();
    if (key != ::arrow::Type::STRING && key != ::arrow::Type::LARGE_STRING &&
        key != ::arrow::Type::STRING_VIEW) {
      return Status::Invalid("Avro map keys must be strings, got ",
                             type.key_type()->ToString(), " in field '", path, "'");
    }
    ARROW_ASSIGN_OR_RAISE(Json values,
                           Type(*type.item_type(), type.item_field()->nullable(), name,
                                name_space, path + ".value"));
    Json map;
    map["type"] = "map";
    map["values"] = std::move(values);
    return map;
  }

  std::set<std::string> defined_;
};

}  // namespace

AvroRecordName AvroRecordName::ForTable(std::string_view table_name) {
  std::string name = SanitizeAvroName(table_name);
  return AvroRecordName{name + "_record", "hoodie." + name};
}

std::string SanitizeAvroName(std::string_view name) {
  std::string out;
  for (size_t i = 0; i < name.size(); ++i) {
    char c = name[i];
    // Java masks per character; skip UTF-8 continuation bytes so a multi-byte
    // character becomes one mask, as it does there.
    if ((static_cast<unsigned char>(c) & 0xC0) == 0x80) continue;
    bool letter = (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || c == '_';
    bool digit = c >= '0' && c <= '9';
    if (letter || (digit && i > 0)) {
      out.push_back(c);
    } else {
      out.append("__");
    }
  }
  return out;
}

Result<std::string> ArrowSchemaToAvroJson(const ::arrow::Schema& schema,
                                          std::string_view table_name) {
  return ArrowSchemaToAvroJson(schema, AvroRecordName::ForTable(table_name));
}

Result<std::string> ArrowSchemaToAvroJson(const ::arrow::Schema& schema,
                                          const AvroRecordName& record) {
  ArrowToAvro converter;
  ARROW_ASSIGN_OR_RAISE(Json json, converter.Record(schema.fields(), record.name,
                                                     record.name_space, ""));
  return json.dump();
}

}  // namespace hoodie
