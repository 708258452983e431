// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/config/config_default.h
/// \brief DefaultOf: a key's declared default, so that the options structs built from a
/// HoodieConfig (WriteOptions, ReadOptions, ...) initialise their members from the
/// declaration instead of repeating its literal.
#pragma once

#include <arrow/util/logging.h>

#include "hoodie/config/config_property.h"

namespace hoodie {

/// The default `property` declares. Call it at run time only (in-class member
/// initialisers, functions), never from a static initialiser: the properties are
/// initialised dynamically themselves, so one read too early aborts here.
template <typename T>
T DefaultOf(const ConfigProperty<T>& property) {
  ARROW_CHECK(property.default_value.has_value())
      << "no default declared for " << property.key;
  return *property.default_value;
}

}  // namespace hoodie
