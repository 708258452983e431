// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/keygen/key_generator_test_util.h
/// \brief Test helpers: record batches from JSON and generator construction from
/// key=value pairs.
#pragma once

#include <arrow/api.h>
#include <arrow/json/from_string.h>

#include <initializer_list>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "hoodie/config/hoodie_config.h"
#include "hoodie/keygen/key_generator.h"

namespace hoodie::testing {

/// A batch of `fields` holding the rows of `json` (a JSON array of objects).
inline ::arrow::Result<std::shared_ptr<::arrow::RecordBatch>> BatchFromJson(
    const ::arrow::FieldVector& fields, const std::string& json) {
  ARROW_ASSIGN_OR_RAISE(
      auto array, ::arrow::json::ArrayFromJSONString(::arrow::struct_(fields), json));
  return ::arrow::RecordBatch::FromStructArray(array);
}

inline HoodieConfig ConfigOf(
    std::initializer_list<std::pair<std::string, std::string>> entries) {
  HoodieConfig config;
  for (const auto& [key, value] : entries) config.Set(key, value);
  return config;
}

/// The strings of `array`, "<null>" for nulls.
inline std::vector<std::string> Strings(const ::arrow::StringArray& array) {
  std::vector<std::string> out;
  for (int64_t i = 0; i < array.length(); ++i) {
    out.push_back(array.IsNull(i) ? "<null>" : array.GetString(i));
  }
  return out;
}

inline std::vector<std::string> Messages(const std::vector<KeyError>& errors) {
  std::vector<std::string> out;
  for (const auto& error : errors) out.push_back(error.message);
  return out;
}

}  // namespace hoodie::testing
