// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/config/enum_choice.h
/// \brief GetEnum: a string option read once into a C++ enum, its names matched as Hudi's
/// enum options match them (ignoring ASCII case, Java's valueOf(toUpperCase)).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include <arrow/result.h>
#include <arrow/status.h>

#include "hoodie/common/ascii.h"
#include "hoodie/common/string_list.h"
#include "hoodie/config/hoodie_config.h"

namespace hoodie {

/// One value of an enum option: its Hudi name and the C++ value.
template <typename E>
struct EnumChoice {
  std::string_view name;
  E value;
};

/// The enum value `text` names. \return Invalid naming `key`, the value and the choices.
template <typename E, size_t N>
::arrow::Result<E> ParseEnum(std::string_view key, std::string_view text,
                             const EnumChoice<E> (&choices)[N]) {
  for (const EnumChoice<E>& choice : choices) {
    if (EqualsIgnoreCase(choice.name, text)) return choice.value;
  }
  std::vector<std::string> names;
  for (const EnumChoice<E>& choice : choices) names.emplace_back(choice.name);
  return ::arrow::Status::Invalid(key, "=", text, " is not one of ", Join(names, ", "));
}

/// The enum value `config` sets `property` to (its default when unset).
template <typename E, size_t N>
::arrow::Result<E> GetEnum(const HoodieConfig& config,
                           const ConfigProperty<std::string>& property,
                           const EnumChoice<E> (&choices)[N]) {
  ARROW_ASSIGN_OR_RAISE(std::string text, config.Get(property));
  return ParseEnum(property.key, text, choices);
}

}  // namespace hoodie
