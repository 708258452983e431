// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/config/enum_choice.h
/// \brief GetEnum: a string option read once into a C++ enum, its names matched as Hudi's
/// enum options match them (ignoring ASCII case, Java's valueOf(toUpperCase)).
#pragma once

#include <arrow/result.h>

#include "hoodie/common/enum_choice.h"
#include "hoodie/config/config_default.h"
#include "hoodie/config/hoodie_config.h"

namespace hoodie {

/// The enum value `config` sets `property` to (its default when unset).
/// \return Invalid naming the key, the value and the choices.
template <typename E, size_t N>
::arrow::Result<E> GetEnum(const HoodieConfig& config,
                           const ConfigProperty<std::string>& property,
                           const EnumChoice<E> (&choices)[N]) {
  ARROW_ASSIGN_OR_RAISE(std::string text, config.Get(property));
  return ParseEnum(property.key, text, choices);
}

/// The enum value `property`'s declared default names: the in-class default of an
/// options member that FromConfig reads with GetEnum (run time only, as DefaultOf).
template <typename E, size_t N>
E DefaultEnum(const ConfigProperty<std::string>& property,
              const EnumChoice<E> (&choices)[N]) {
  return ParseEnum(property.key, DefaultOf(property), choices).ValueOrDie();
}

}  // namespace hoodie
