// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/timeline/jackson_json_internal.h
/// \brief Writes JSON the way Hudi's Jackson ObjectMapper does (maps in Java HashMap
/// order, common/java_compat.h).
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "hoodie/common/java_compat.h"

namespace hoodie::internal {

/// Serialises `value` like Jackson's DefaultPrettyPrinter: two-space object indent,
/// `"key" : value`, arrays inline as `[ a, b ]`, empty containers `{ }` / `[ ]`,
/// no trailing newline, non-ASCII written as UTF-8 and control characters escaped.
std::string ToJacksonPrettyJson(const nlohmann::ordered_json& value);

}  // namespace hoodie::internal
