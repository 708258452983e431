// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/index/record_index.h
/// \brief RECORD_INDEX: tags incoming keys from the metadata table's record_index
/// partition (Java SparkMetadataTableRecordIndex), a global index.
#pragma once

#include <memory>

#include <arrow/result.h>

#include "hoodie/config/config_default.h"
#include "hoodie/config/index_config.h"
#include "hoodie/index/index.h"
#include "hoodie/visibility.h"

namespace hoodie {

/// Settings of the record index.
struct HOODIE_EXPORT RecordIndexOptions {
  /// hoodie.record.index.update.partition.path.
  bool update_partition_path = DefaultOf(IndexConfig::kRecordIndexUpdatePartitionPath);

  static RecordIndexOptions Defaults() { return {}; }
  /// Reads the key above; Invalid for a malformed value.
  static ::arrow::Result<RecordIndexOptions> FromConfig(const HoodieConfig& config);
};

/// \brief Looks each distinct incoming key up in the record_index file group its hash
/// routes it to (point lookups in the base HFile, then the log blocks of completed
/// instants), and resolves the locations found as a global index does
/// (tagGlobalLocationBackToRecords). While the table's metadata table has no
/// record_index partition (the first write, or hoodie.metadata.record.index.enable
/// off) it tags with `fallback` instead, GLOBAL_SIMPLE, with a warning, as Hudi does.
/// The metadata table keeps the partition itself: UpdateLocation has nothing to do.
/// Thread-safe.
class HOODIE_EXPORT RecordIndex : public Index {
 public:
  RecordIndex(RecordIndexOptions options, std::unique_ptr<Index> fallback)
      : options_(options), fallback_(std::move(fallback)) {}

  using Index::TagLocation;
  ::arrow::Result<TaggedLocations> TagLocation(const KeyViews& keys,
                                               const TableMetaClient& table,
                                               const FileSystemView& view) const override;
  bool IsGlobal() const override { return true; }
  bool CanIndexLogFiles() const override { return false; }
  // The metadata table's writer learns the locations from the write itself.
  bool IsImplicitWithStorage() const override { return true; }
  std::string_view name() const override { return "RECORD_INDEX"; }

 private:
  RecordIndexOptions options_;
  std::unique_ptr<Index> fallback_;
};

}  // namespace hoodie
