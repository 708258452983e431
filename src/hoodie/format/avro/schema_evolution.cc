// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/format/avro/schema_evolution.cc
/// \brief Whether a new writer schema can still read a table's existing data.
#include "hoodie/format/avro/schema_evolution.h"

#include <optional>
#include <string>

#include <arrow/type.h>

#include "hoodie/common/error.h"
#include "hoodie/common/macros.h"
#include "hoodie/format/avro/avro_schema.h"
#include "hoodie/format/avro/avro_types.h"
#include "hoodie/format/avro/meta_fields.h"

namespace hoodie {
namespace {

using ::arrow::DataType;
using ::arrow::Status;
using ::arrow::Type;

Status Incompatible(const std::string& what, const std::string& path) {
  return WithErrorCode(
      Status::Invalid("schema change is not backward compatible: ", what, ", field '",
                      path, "'"),
      ErrorCode::kSchemaIncompatible);
}

// The Avro type of a non-logical primitive Arrow type that promotion rules apply to
// (int, long, float, double, string, bytes); nullopt for any other type, which must
// stay as it is.
std::optional<AvroType> PromotableType(const DataType& type) {
  if (IsAvroLogicalType(type)) return std::nullopt;
  std::optional<AvroType> avro = AvroTypeOfArrow(type);
  if (!avro) return std::nullopt;
  switch (*avro) {
    case AvroType::kInt:
    case AvroType::kLong:
    case AvroType::kFloat:
    case AvroType::kDouble:
    case AvroType::kString:
    case AvroType::kBytes:
      return avro;
    default:
      return std::nullopt;
  }
}

bool IsList(const DataType& type) {
  return type.id() == Type::LIST || type.id() == Type::LARGE_LIST ||
         type.id() == Type::FIXED_SIZE_LIST;
}

class EvolutionChecker {
 public:
  explicit EvolutionChecker(const SchemaEvolutionOptions& options) : options_(options) {}

  Status Fields(const ::arrow::FieldVector& old_fields,
                const ::arrow::FieldVector& new_fields, const std::string& prefix) {
    ::arrow::Schema old_schema(old_fields);
    ::arrow::Schema new_schema(new_fields);
    for (const auto& old_field : old_fields) {
      std::string path = prefix + old_field->name();
      auto new_field = new_schema.GetFieldByName(old_field->name());
      if (new_field == nullptr) {
        if (!old_field->nullable()) return Incompatible("required field dropped", path);
        if (!options_.allow_column_drop) return Incompatible("field dropped", path);
        continue;
      }
      ARROW_RETURN_NOT_OK(Field(*old_field, *new_field, path));
    }
    for (const auto& new_field : new_fields) {
      if (old_schema.GetFieldByName(new_field->name()) == nullptr &&
          !new_field->nullable()) {
        return Incompatible("required field added", prefix + new_field->name());
      }
    }
    return Status::OK();
  }

 private:
  Status Field(const ::arrow::Field& old_field, const ::arrow::Field& new_field,
               const std::string& path) {
    if (old_field.nullable() && !new_field.nullable()) {
      return Incompatible("nullable field made required", path);
    }
    return Types(*old_field.type(), *new_field.type(), path);
  }

  Status Types(const DataType& old_type, const DataType& new_type,
               const std::string& path) {
    if (old_type.id() == Type::STRUCT && new_type.id() == Type::STRUCT) {
      return Fields(old_type.fields(), new_type.fields(), path + ".");
    }
    if (IsList(old_type) && IsList(new_type)) {
      return Field(*old_type.field(0), *new_type.field(0), path + ".element");
    }
    if (old_type.id() == Type::MAP && new_type.id() == Type::MAP) {
      const auto& old_map = static_cast<const ::arrow::MapType&>(old_type);
      const auto& new_map = static_cast<const ::arrow::MapType&>(new_type);
      return Field(*old_map.item_field(), *new_map.item_field(), path + ".value");
    }
    std::optional<AvroType> old_avro = PromotableType(old_type);
    std::optional<AvroType> new_avro = PromotableType(new_type);
    if (old_avro && new_avro) {
      if (AvroPromotes(*old_avro, *new_avro)) return Status::OK();
      return Incompatible("type " + old_type.ToString() + " cannot be read as " +
                              new_type.ToString(),
                          path);
    }
    if (old_type.Equals(new_type)) return Status::OK();
    return Incompatible(
        "type " + old_type.ToString() + " changed to " + new_type.ToString(), path);
  }

  const SchemaEvolutionOptions& options_;
};

}  // namespace

Status CheckSchemaEvolution(const ::arrow::Schema& old_schema,
                            const ::arrow::Schema& new_schema,
                            const SchemaEvolutionOptions& options) {
  EvolutionChecker checker(options);
  return checker.Fields(RemoveMetadataFields(old_schema)->fields(),
                        RemoveMetadataFields(new_schema)->fields(), "");
}

Status CheckSchemaEvolution(std::string_view old_avro_json,
                            std::string_view new_avro_json,
                            const SchemaEvolutionOptions& options) {
  ARROW_ASSIGN_OR_RAISE(auto old_schema, AvroJsonToArrowSchema(old_avro_json));
  ARROW_ASSIGN_OR_RAISE(auto new_schema, AvroJsonToArrowSchema(new_avro_json));
  return CheckSchemaEvolution(*old_schema, *new_schema, options);
}

}  // namespace hoodie
