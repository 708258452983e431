// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/index/simple_index.h
/// \brief SIMPLE and GLOBAL_SIMPLE: join incoming keys with the record keys of the
/// latest base files (Java HoodieSimpleIndex, HoodieGlobalSimpleIndex).
#pragma once

#include <memory>

#include <arrow/result.h>

#include "hoodie/config/config_default.h"
#include "hoodie/config/index_config.h"
#include "hoodie/index/index.h"
#include "hoodie/visibility.h"

namespace hoodie {

/// Settings of the simple indexes.
struct HOODIE_EXPORT SimpleIndexOptions {
  bool global = false;
  /// hoodie.simple.index.update.partition.path (global only).
  bool update_partition_path = DefaultOf(IndexConfig::kSimpleUpdatePartitionPath);
  /// hoodie.simple.index.parallelism / hoodie.global.simple.index.parallelism: at most
  /// this many files are read at once on the CPU pool (0: no cap beyond the pool).
  int parallelism = 0;

  static SimpleIndexOptions Defaults() { return {}; }
  /// Reads the keys above; Invalid for malformed values.
  static ::arrow::Result<SimpleIndexOptions> FromConfig(const HoodieConfig& config,
                                                        bool global);
};

/// \brief Reads `_hoodie_record_key` of every latest base file in the partitions of the
/// incoming keys (all partitions when global) and matches them. Thread-safe.
class HOODIE_EXPORT SimpleIndex : public Index {
 public:
  explicit SimpleIndex(SimpleIndexOptions options) : options_(options) {}

  using Index::TagLocation;
  ::arrow::Result<TaggedLocations> TagLocation(const KeyViews& keys,
                                               const TableMetaClient& table,
                                               const FileSystemView& view) const override;
  bool IsGlobal() const override { return options_.global; }
  bool CanIndexLogFiles() const override { return false; }
  bool IsImplicitWithStorage() const override { return true; }
  std::string_view name() const override {
    return options_.global ? "GLOBAL_SIMPLE" : "SIMPLE";
  }

 private:
  SimpleIndexOptions options_;
};

}  // namespace hoodie
