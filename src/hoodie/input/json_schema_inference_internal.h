// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/input/json_schema_inference_internal.h
/// \brief Spark's JSON schema inference (JsonInferSchema): a type per value, merged
/// across values with Spark's compatibleType.
#pragma once

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include <arrow/result.h>
#include <arrow/type_fwd.h>
#include <simdjson.h>

namespace hoodie::internal {

/// A Spark type as inference builds it.
struct InferredType {
  enum class Kind { kNull, kBoolean, kLong, kDouble, kDecimal, kString, kArray, kStruct };
  Kind kind = Kind::kNull;
  int precision = 0;  ///< kDecimal
  int scale = 0;      ///< kDecimal
  std::vector<std::pair<std::string, InferredType>> fields;  ///< kStruct, first-seen order
  std::vector<InferredType> element;                         ///< kArray: one entry

  /// This type widened to hold `value` too, without building the value's own type
  /// tree first (inference runs over every line of the file).
  void MergeValue(simdjson::dom::element value);
  /// Spark's compatibleType: this type widened to hold `other` too.
  void Merge(const InferredType& other);
  /// The Arrow type Spark's type maps to (null becomes string, as Spark canonicalizes).
  std::shared_ptr<::arrow::DataType> ToArrow() const;
};

}  // namespace hoodie::internal
