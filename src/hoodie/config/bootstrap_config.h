// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/config/bootstrap_config.h
/// \brief Bootstrapping an existing dataset into a Hudi table.
#pragma once

#include <cstdint>
#include <string>

#include "hoodie/config/config_property.h"
#include "hoodie/visibility.h"

namespace hoodie {

class ConfigRegistry;

/// Keys of the "Bootstrap" group. Immutable statics; thread-safe to read.
struct HOODIE_EXPORT BootstrapConfig {
  /// hoodie.bootstrap.base.path
  static const ConfigProperty<std::string> kBasePath;
  /// hoodie.bootstrap.parallelism
  static const ConfigProperty<int32_t> kParallelism;
  /// hoodie.bootstrap.keygen.class
  static const ConfigProperty<std::string> kKeyGenClass;
  /// hoodie.bootstrap.mode.selector
  static const ConfigProperty<std::string> kModeSelector;
  /// hoodie.bootstrap.partitionpath.translator.class
  static const ConfigProperty<std::string> kPartitionPathTranslatorClass;
  /// hoodie.bootstrap.full.input.provider
  static const ConfigProperty<std::string> kFullInputProvider;
  /// hoodie.bootstrap.mode.selector.regex
  static const ConfigProperty<std::string> kModeSelectorRegex;
  /// hoodie.bootstrap.mode.selector.regex.mode
  static const ConfigProperty<std::string> kModeSelectorRegexMode;
  /// hoodie.bootstrap.index.class
  static const ConfigProperty<std::string> kIndexClass;
  /// hoodie.bootstrap.index.enable
  static const ConfigProperty<bool> kIndexEnable;

  /// Adds every key above to `registry`.
  static void Register(ConfigRegistry* registry);
};

}  // namespace hoodie
