// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/common/enum_choice.h
/// \brief ParseEnum and EnumName: the one way a string becomes a C++ enum and back,
/// over one table of names per enum (config values, hoodie.properties, commit JSON).
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include <arrow/result.h>
#include <arrow/status.h>

#include "hoodie/common/ascii.h"
#include "hoodie/common/string_list.h"

namespace hoodie {

/// One value of an enum: its Hudi (Java) name and the C++ value.
template <typename E>
struct EnumChoice {
  std::string_view name;
  E value;
};

/// How names are matched.
enum class EnumCase {
  /// Ignoring ASCII case, as Hudi's options are read (Java's valueOf(toUpperCase)).
  kIgnored,
  /// Exactly, as Java's valueOf reads what Hudi itself wrote (hoodie.properties, JSON).
  kExact,
};

/// The names of `choices`, in order (for error messages and command-line checks).
template <typename E, size_t N>
std::vector<std::string> EnumNames(const EnumChoice<E> (&choices)[N]) {
  std::vector<std::string> names;
  for (const EnumChoice<E>& choice : choices) names.emplace_back(choice.name);
  return names;
}

/// The enum value `text` names. `what` says where the text came from (a config key, a
/// JSON field) and heads the error message.
/// \return Invalid naming `what`, the value and the accepted names.
template <typename E, size_t N>
::arrow::Result<E> ParseEnum(std::string_view what, std::string_view text,
                             const EnumChoice<E> (&choices)[N],
                             EnumCase match = EnumCase::kIgnored) {
  for (const EnumChoice<E>& choice : choices) {
    if (match == EnumCase::kExact ? choice.name == text
                                  : EqualsIgnoreCase(choice.name, text)) {
      return choice.value;
    }
  }
  return ::arrow::Status::Invalid(what, "=", text, " is not one of ",
                                  Join(EnumNames(choices), ", "),
                                  match == EnumCase::kExact ? " (case matters)" : "");
}

/// The name of `value` in `choices`; `fallback` when it has none.
template <typename E, size_t N>
constexpr std::string_view EnumName(E value, const EnumChoice<E> (&choices)[N],
                                    std::string_view fallback = "") {
  for (const EnumChoice<E>& choice : choices) {
    if (choice.value == value) return choice.name;
  }
  return fallback;
}

}  // namespace hoodie
