// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/config/memory_config.h
/// \brief Memory used by merges and compaction.
#pragma once

#include <cstdint>
#include <string>

#include "hoodie/config/config_property.h"
#include "hoodie/visibility.h"

namespace hoodie {

class ConfigRegistry;

/// Keys of the "Memory" group. Immutable statics; thread-safe to read.
struct HOODIE_EXPORT MemoryConfig {
  /// hoodie.memory.merge.fraction
  static const ConfigProperty<double> kMergeFraction;
  /// hoodie.memory.compaction.fraction
  static const ConfigProperty<double> kCompactionFraction;
  /// hoodie.memory.writestatus.failure.fraction
  static const ConfigProperty<double> kWriteStatusFailureFraction;
  /// hoodie.memory.merge.max.size (bytes)
  static const ConfigProperty<int64_t> kMergeMaxSize;
  /// hoodie.memory.spillable.map.path
  static const ConfigProperty<std::string> kSpillableMapPath;
  /// hoodie.memory.parquet.buffer.max.size (bytes; hoodie only)
  static const ConfigProperty<int64_t> kParquetBufferMaxSize;

  /// Adds every key above to `registry`.
  static void Register(ConfigRegistry* registry);
};

}  // namespace hoodie
