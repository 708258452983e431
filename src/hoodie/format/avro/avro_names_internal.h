// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/format/avro/avro_names_internal.h
/// \brief Avro's name resolution in schema JSON (Avro specification, "Names"): the one
/// copy every schema reader and writer of hoodie uses.
#pragma once

#include <string>

#include <nlohmann/json.hpp>

namespace hoodie::internal {

/// `name` qualified by `name_space` ("" leaves it alone).
inline std::string JoinAvroName(const std::string& name_space, const std::string& name) {
  return name_space.empty() ? name : name_space + "." + name;
}

/// The namespace of a full name: everything before its last dot ("" without one).
inline std::string AvroNamespaceOf(const std::string& full_name) {
  size_t dot = full_name.rfind('.');
  return dot == std::string::npos ? "" : full_name.substr(0, dot);
}

/// The full name of the named type `schema`: a dotted name is full; otherwise its
/// namespace attribute, else the enclosing `name_space`, qualifies it.
inline std::string AvroFullName(const nlohmann::json& schema,
                                const std::string& name_space) {
  std::string name = schema.value("name", "");
  if (name.find('.') != std::string::npos) return name;
  if (schema.contains("namespace") && schema["namespace"].is_string()) {
    return JoinAvroName(schema["namespace"].get<std::string>(), name);
  }
  return JoinAvroName(name_space, name);
}

}  // namespace hoodie::internal
