// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/config/payload_config.h
/// \brief Settings read by record payload implementations.
#pragma once

#include <cstdint>
#include <string>

#include "hoodie/config/config_property.h"
#include "hoodie/visibility.h"

namespace hoodie {

class ConfigRegistry;

/// Keys of the "Payload" group. Immutable statics; thread-safe to read.
struct HOODIE_EXPORT PayloadConfig {
  /// hoodie.payload.ordering.field
  static const ConfigProperty<std::string> kOrderingField;

  /// Adds every key above to `registry`.
  static void Register(ConfigRegistry* registry);
};

}  // namespace hoodie
