// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/format/avro_codec/avro_schema.h
/// \brief A parsed Avro schema (org.apache.avro.Schema): the node tree the binary codec walks.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <arrow/result.h>
#include <nlohmann/json.hpp>

#include "hoodie/format/avro/avro_types.h"
#include "hoodie/visibility.h"

namespace hoodie {

struct AvroNode;

/// One field of a record schema (Schema.Field). `default_json` keeps the JSON default
/// as written; the resolver turns it into a value when a writer lacks the field.
struct HOODIE_EXPORT AvroField {
  std::string name;
  const AvroNode* type = nullptr;
  std::optional<nlohmann::json> default_json;
};

/// One schema node. Named types (record, enum, fixed) carry their full name; a
/// reference to a named type points at the node that defined it, so nodes form a
/// graph owned by their AvroSchema (recursive records are allowed).
struct HOODIE_EXPORT AvroNode {
  AvroType type = AvroType::kNull;
  std::string full_name;                   // record, enum, fixed
  std::vector<AvroField> fields;           // record
  std::vector<std::string> symbols;        // enum
  std::optional<std::string> enum_default; // enum
  const AvroNode* items = nullptr;         // array
  const AvroNode* values = nullptr;        // map
  std::vector<const AvroNode*> branches;   // union
  int32_t fixed_size = 0;                  // fixed

  /// The name after the last dot of `full_name`.
  std::string_view short_name() const;
  /// Index of the field named `name`, or -1.
  int FieldIndex(std::string_view name) const;
};

/// \brief An immutable parsed Avro schema. Thread-safe to share once made.
class HOODIE_EXPORT AvroSchema {
 public:
  /// Parses Avro schema JSON (Schema.Parser): primitives, records, enums, arrays, maps,
  /// unions, fixed, named references and namespaces. Unknown attributes (`doc`,
  /// `avro.java.string`, logical types) are ignored; logical types decode as their
  /// underlying type.
  /// \return Invalid for malformed JSON, an unknown type name, a duplicate name or a
  ///   union nested directly in a union.
  static ::arrow::Result<std::shared_ptr<const AvroSchema>> Parse(std::string_view json);

  /// The top-level node.
  const AvroNode& root() const { return *root_; }
  /// The JSON text the schema was parsed from (what a container embeds).
  const std::string& json() const { return json_; }

  AvroSchema(const AvroSchema&) = delete;
  AvroSchema& operator=(const AvroSchema&) = delete;

 private:
  AvroSchema() = default;
  friend class AvroSchemaParser;

  std::string json_;
  std::vector<std::unique_ptr<AvroNode>> nodes_;
  const AvroNode* root_ = nullptr;
};

}  // namespace hoodie
