// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/format/avro/meta_fields.cc
/// \brief The five `_hoodie_*` meta fields added before a table's data fields.
#include "hoodie/format/avro/meta_fields.h"

#include <algorithm>

#include <arrow/type.h>
#include <nlohmann/json.hpp>

#include "hoodie/common/macros.h"
#include "hoodie/common/nesting_limit.h"

namespace hoodie {
namespace {

using Json = nlohmann::ordered_json;

::arrow::Result<Json> ParseRecord(std::string_view avro_json) {
  if (::arrow::Status depth = CheckJsonNestingDepth(avro_json); !depth.ok()) {
    return ::arrow::Status::Invalid("Avro schema: ", depth.message());
  }
  Json json = Json::parse(avro_json, nullptr, /*allow_exceptions=*/false);
  if (json.is_discarded() || !json.is_object() || json.value("type", Json()) != "record" ||
      !json.contains("fields") || !json["fields"].is_array()) {
    return ::arrow::Status::Invalid("not an Avro record schema");
  }
  return json;
}

// Field JSON in Avro's Schema.toString key order: name, type, doc, default.
Json MetaField(std::string_view name) {
  Json field;
  field["name"] = name;
  field["type"] = Json::array({"null", "string"});
  field["doc"] = "";
  field["default"] = nullptr;
  return field;
}

bool IsMetaFieldJson(const Json& field) {
  return field.is_object() && field.contains("name") && field["name"].is_string() &&
         IsMetaField(field["name"].get<std::string>());
}

}  // namespace

bool IsMetaField(std::string_view name) {
  return name == kOperationField ||
         std::find(kMetaFields.begin(), kMetaFields.end(), name) != kMetaFields.end();
}

::arrow::Result<std::string> AddMetadataFields(std::string_view avro_json,
                                               bool with_operation_field) {
  ARROW_ASSIGN_OR_RAISE(Json record, ParseRecord(avro_json));
  Json fields = Json::array();
  for (std::string_view name : kMetaFields) fields.push_back(MetaField(name));
  if (with_operation_field) fields.push_back(MetaField(kOperationField));
  for (const Json& field : record["fields"]) {
    if (!IsMetaFieldJson(field)) fields.push_back(field);
  }
  record["fields"] = std::move(fields);
  return record.dump();
}

::arrow::Result<std::string> RemoveMetadataFields(std::string_view avro_json) {
  ARROW_ASSIGN_OR_RAISE(Json record, ParseRecord(avro_json));
  Json fields = Json::array();
  for (const Json& field : record["fields"]) {
    if (!IsMetaFieldJson(field)) fields.push_back(field);
  }
  record["fields"] = std::move(fields);
  return record.dump();
}

std::shared_ptr<::arrow::Schema> AddMetadataFields(const ::arrow::Schema& schema,
                                                   bool with_operation_field) {
  ::arrow::FieldVector fields;
  for (std::string_view name : kMetaFields) {
    fields.push_back(::arrow::field(std::string(name), ::arrow::utf8()));
  }
  if (with_operation_field) {
    fields.push_back(::arrow::field(std::string(kOperationField), ::arrow::utf8()));
  }
  for (const auto& field : schema.fields()) {
    if (!IsMetaField(field->name())) fields.push_back(field);
  }
  return ::arrow::schema(std::move(fields), schema.metadata());
}

std::shared_ptr<::arrow::Schema> RemoveMetadataFields(const ::arrow::Schema& schema) {
  ::arrow::FieldVector fields;
  for (const auto& field : schema.fields()) {
    if (!IsMetaField(field->name())) fields.push_back(field);
  }
  return ::arrow::schema(std::move(fields), schema.metadata());
}

}  // namespace hoodie
