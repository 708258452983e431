// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/merge/string_column_internal.h
/// \brief The one dispatch over the Arrow layouts a string column (an Avro string)
/// arrives in: utf8, large_utf8 and utf8_view.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>
#include <utility>

#include <arrow/array.h>
#include <arrow/type.h>
#include <arrow/util/checked_cast.h>

namespace hoodie::internal {

/// Calls `visit` with `array` cast to the string array class of its type.
/// \return what `visit` returns, or nullopt when `array` does not hold strings.
template <typename Visit>
auto VisitStringArray(const ::arrow::Array& array, Visit&& visit)
    -> std::optional<decltype(visit(std::declval<const ::arrow::StringArray&>()))> {
  using ::arrow::internal::checked_cast;
  switch (array.type_id()) {
    case ::arrow::Type::STRING:
      return visit(checked_cast<const ::arrow::StringArray&>(array));
    case ::arrow::Type::LARGE_STRING:
      return visit(checked_cast<const ::arrow::LargeStringArray&>(array));
    case ::arrow::Type::STRING_VIEW:
      return visit(checked_cast<const ::arrow::StringViewArray&>(array));
    default:
      return std::nullopt;
  }
}

/// The string at `row` (nulls are not checked); nullopt when `array` does not hold
/// strings. The view points into `array`.
inline std::optional<std::string_view> StringAt(const ::arrow::Array& array,
                                               int64_t row) {
  return VisitStringArray(array,
                          [row](const auto& strings) { return strings.GetView(row); });
}

}  // namespace hoodie::internal
