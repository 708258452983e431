// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/input/json_text_schema.cc
#include "hoodie/input/json_text_schema.h"

#include <algorithm>

#include <arrow/type.h>

#include "hoodie/input/json_schema_inference_internal.h"

namespace hoodie {
namespace {

// Spark's JsonInferSchema sorts each struct's fields by name (at every depth).
std::shared_ptr<::arrow::DataType> SortedByName(
    const std::shared_ptr<::arrow::DataType>& type) {
  if (type->id() == ::arrow::Type::LIST) {
    return ::arrow::list(SortedByName(type->field(0)->type()));
  }
  if (type->id() != ::arrow::Type::STRUCT) return type;
  ::arrow::FieldVector fields;
  for (const auto& field : type->fields()) {
    fields.push_back(field->WithType(SortedByName(field->type())));
  }
  std::stable_sort(fields.begin(), fields.end(),
                   [](const auto& a, const auto& b) { return a->name() < b->name(); });
  return ::arrow::struct_(std::move(fields));
}

}  // namespace

::arrow::Result<std::shared_ptr<::arrow::Schema>> InferJsonDocumentsSchema(
    const std::vector<std::string>& documents) {
  internal::InferredType rows;
  rows.kind = internal::InferredType::Kind::kStruct;
  simdjson::dom::parser parser;
  for (size_t i = 0; i < documents.size(); ++i) {
    simdjson::dom::element value;
    if (parser.parse(documents[i]).get(value) != simdjson::SUCCESS ||
        !value.is_object()) {
      return ::arrow::Status::Invalid("JSON document ", i, " is not a JSON object");
    }
    rows.MergeValue(value);
  }
  std::shared_ptr<::arrow::DataType> sorted = SortedByName(rows.ToArrow());
  if (sorted->id() != ::arrow::Type::STRUCT) return ::arrow::schema({});
  return ::arrow::schema(sorted->fields());
}

}  // namespace hoodie
