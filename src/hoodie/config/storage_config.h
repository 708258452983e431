// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/config/storage_config.h
/// \brief Sizing and compression of parquet base files and log files.
#pragma once

#include <cstdint>
#include <string>

#include "hoodie/config/config_property.h"
#include "hoodie/visibility.h"

namespace hoodie {

class ConfigRegistry;

/// Keys of the "Storage" group. Immutable statics; thread-safe to read.
struct HOODIE_EXPORT StorageConfig {
  /// hoodie.parquet.max.file.size
  static const ConfigProperty<int64_t> kParquetMaxFileSize;
  /// hoodie.parquet.block.size
  static const ConfigProperty<int64_t> kParquetBlockSize;
  /// hoodie.parquet.page.size
  static const ConfigProperty<int64_t> kParquetPageSize;
  /// hoodie.parquet.compression.ratio
  static const ConfigProperty<double> kParquetCompressionRatio;
  /// hoodie.parquet.compression.codec
  static const ConfigProperty<std::string> kParquetCompressionCodec;
  /// hoodie.parquet.dictionary.enabled
  static const ConfigProperty<bool> kParquetDictionaryEnabled;
  /// hoodie.logfile.max.size
  static const ConfigProperty<int64_t> kLogFileMaxSize;
  /// hoodie.logfile.data.block.max.size
  static const ConfigProperty<int64_t> kLogFileDataBlockMaxSize;
  /// hoodie.logfile.data.block.format: "avro" or "parquet" (no default).
  static const ConfigProperty<std::string> kLogFileDataBlockFormat;
  /// hoodie.logfile.to.parquet.compression.ratio
  static const ConfigProperty<double> kLogFileToParquetCompressionRatio;
  /// hoodie.storage.timeout.seconds (hoodie only): how long one request to an object
  /// store or HDFS may take, retries included.
  static const ConfigProperty<int32_t> kStorageTimeoutSeconds;

  /// Adds every key above to `registry`.
  static void Register(ConfigRegistry* registry);
};

}  // namespace hoodie
