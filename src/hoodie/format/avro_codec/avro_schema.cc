// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/format/avro_codec/avro_schema.cc
/// \brief Parses Avro schema JSON into an AvroNode graph (matches org.apache.avro.Schema.Parser).

#include "hoodie/format/avro_codec/avro_schema.h"

#include <map>
#include <utility>

#include <arrow/status.h>

#include "hoodie/common/nesting_limit.h"
#include "hoodie/format/avro/avro_names_internal.h"

namespace hoodie {

using ::arrow::Result;
using ::arrow::Status;
using Json = nlohmann::json;

std::string_view AvroNode::short_name() const {
  const size_t dot = full_name.rfind('.');
  return dot == std::string::npos ? std::string_view(full_name)
                                  : std::string_view(full_name).substr(dot + 1);
}

int AvroNode::FieldIndex(std::string_view name) const {
  for (size_t i = 0; i < fields.size(); ++i) {
    if (fields[i].name == name) return static_cast<int>(i);
  }
  return -1;
}

namespace {

std::optional<AvroType> PrimitiveType(std::string_view name) {
  static const std::map<std::string_view, AvroType> kPrimitives = {
      {"null", AvroType::kNull},     {"boolean", AvroType::kBoolean},
      {"int", AvroType::kInt},       {"long", AvroType::kLong},
      {"float", AvroType::kFloat},   {"double", AvroType::kDouble},
      {"bytes", AvroType::kBytes},   {"string", AvroType::kString}};
  auto it = kPrimitives.find(name);
  if (it == kPrimitives.end()) return std::nullopt;
  return it->second;
}

}  // namespace

/// Walks the JSON once; named types are registered as soon as their name is known
/// so that later (and recursive) references resolve to the same node.
class AvroSchemaParser {
 public:
  explicit AvroSchemaParser(AvroSchema* schema) : schema_(schema) {}

  Result<const AvroNode*> ParseNode(const Json& json, const std::string& ns) {
    if (json.is_string()) return ParseName(json.get<std::string>(), ns);
    if (json.is_array()) return ParseUnion(json, ns);
    if (!json.is_object()) return Status::Invalid("Avro schema: not a type: ", json.dump());
    auto type_it = json.find("type");
    if (type_it == json.end()) {
      return Status::Invalid("Avro schema: object without \"type\": ", json.dump());
    }
    if (!type_it->is_string()) return ParseNode(*type_it, ns);
    const std::string type = type_it->get<std::string>();
    if (type == "record" || type == "error") return ParseRecord(json, ns);
    if (type == "enum") return ParseEnum(json, ns);
    if (type == "fixed") return ParseFixed(json, ns);
    if (type == "array" || type == "map") return ParseContainer(json, type, ns);
    return ParseName(type, ns);
  }

 private:
  AvroNode* NewNode(AvroType type) {
    schema_->nodes_.push_back(std::make_unique<AvroNode>());
    schema_->nodes_.back()->type = type;
    return schema_->nodes_.back().get();
  }

  Result<const AvroNode*> ParseName(const std::string& name, const std::string& ns) {
    if (auto primitive = PrimitiveType(name)) return NewNode(*primitive);
    if (name.find('.') == std::string::npos && !ns.empty()) {
      auto it = named_.find(ns + "." + name);
      if (it != named_.end()) return it->second;
    }
    auto it = named_.find(name);
    if (it != named_.end()) return it->second;
    return Status::Invalid("Avro schema: undefined name: ", name);
  }

  Result<const AvroNode*> ParseUnion(const Json& json, const std::string& ns) {
    AvroNode* node = NewNode(AvroType::kUnion);
    for (const Json& branch : json) {
      ARROW_ASSIGN_OR_RAISE(const AvroNode* parsed, ParseNode(branch, ns));
      if (parsed->type == AvroType::kUnion) {
        return Status::Invalid("Avro schema: union nested in a union: ", json.dump());
      }
      node->branches.push_back(parsed);
    }
    return node;
  }

  /// Registers `json`'s name; returns the namespace its children inherit.
  Result<std::string> Register(const Json& json, const std::string& ns, AvroNode* node) {
    auto name_it = json.find("name");
    if (name_it == json.end() || !name_it->is_string()) {
      return Status::Invalid("Avro schema: named type without a name: ", json.dump());
    }
    node->full_name = internal::AvroFullName(json, ns);
    if (!named_.emplace(node->full_name, node).second) {
      return Status::Invalid("Avro schema: name defined twice: ", node->full_name);
    }
    return internal::AvroNamespaceOf(node->full_name);
  }

  Result<const AvroNode*> ParseRecord(const Json& json, const std::string& ns) {
    AvroNode* node = NewNode(AvroType::kRecord);
    ARROW_ASSIGN_OR_RAISE(std::string own_ns, Register(json, ns, node));
    auto fields_it = json.find("fields");
    if (fields_it == json.end() || !fields_it->is_array()) {
      return Status::Invalid("Avro schema: record without fields: ", node->full_name);
    }
    for (const Json& field : *fields_it) {
      if (!field.is_object() || !field.contains("name") || !field.contains("type") ||
          !field["name"].is_string()) {
        return Status::Invalid("Avro schema: bad field in ", node->full_name);
      }
      AvroField parsed;
      parsed.name = field["name"].get<std::string>();
      ARROW_ASSIGN_OR_RAISE(parsed.type, ParseNode(field["type"], own_ns));
      if (auto it = field.find("default"); it != field.end()) parsed.default_json = *it;
      if (node->FieldIndex(parsed.name) >= 0) {
        return Status::Invalid("Avro schema: duplicate field ", parsed.name, " in ",
                               node->full_name);
      }
      node->fields.push_back(std::move(parsed));
    }
    return node;
  }

  Result<const AvroNode*> ParseEnum(const Json& json, const std::string& ns) {
    AvroNode* node = NewNode(AvroType::kEnum);
    ARROW_RETURN_NOT_OK(Register(json, ns, node).status());
    auto symbols_it = json.find("symbols");
    if (symbols_it == json.end() || !symbols_it->is_array()) {
      return Status::Invalid("Avro schema: enum without symbols: ", node->full_name);
    }
    for (const Json& symbol : *symbols_it) {
      if (!symbol.is_string()) return Status::Invalid("Avro schema: bad enum symbol");
      node->symbols.push_back(symbol.get<std::string>());
    }
    if (auto it = json.find("default"); it != json.end() && it->is_string()) {
      node->enum_default = it->get<std::string>();
    }
    return node;
  }

  Result<const AvroNode*> ParseFixed(const Json& json, const std::string& ns) {
    AvroNode* node = NewNode(AvroType::kFixed);
    ARROW_RETURN_NOT_OK(Register(json, ns, node).status());
    auto size_it = json.find("size");
    if (size_it == json.end() || !size_it->is_number_integer() ||
        size_it->get<int64_t>() < 0) {
      return Status::Invalid("Avro schema: fixed without a size: ", node->full_name);
    }
    node->fixed_size = size_it->get<int32_t>();
    return node;
  }

  Result<const AvroNode*> ParseContainer(const Json& json, const std::string& type,
                                         const std::string& ns) {
    const bool is_array = type == "array";
    auto it = json.find(is_array ? "items" : "values");
    if (it == json.end()) return Status::Invalid("Avro schema: ", type, " without element type");
    AvroNode* node = NewNode(is_array ? AvroType::kArray : AvroType::kMap);
    ARROW_ASSIGN_OR_RAISE(const AvroNode* element, ParseNode(*it, ns));
    (is_array ? node->items : node->values) = element;
    return node;
  }

  AvroSchema* schema_;
  std::map<std::string, const AvroNode*> named_;
};

Result<std::shared_ptr<const AvroSchema>> AvroSchema::Parse(std::string_view json) {
  if (Status depth = CheckJsonNestingDepth(json); !depth.ok()) {
    return Status::Invalid("Avro schema: ", depth.message());
  }
  Json parsed = Json::parse(json.begin(), json.end(), nullptr, /*allow_exceptions=*/false);
  if (parsed.is_discarded()) return Status::Invalid("Avro schema: malformed JSON");
  std::shared_ptr<AvroSchema> schema(new AvroSchema());
  schema->json_ = std::string(json);
  AvroSchemaParser parser(schema.get());
  ARROW_ASSIGN_OR_RAISE(schema->root_, parser.ParseNode(parsed, ""));
  return schema;
}

}  // namespace hoodie
