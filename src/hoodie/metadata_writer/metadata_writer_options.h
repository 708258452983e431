// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/metadata_writer/metadata_writer_options.h
/// \brief How hoodie keeps a table's metadata table: the hoodie.metadata.* keys and the
/// HFile settings of its files.
#pragma once

#include <cstdint>

#include <arrow/result.h>

#include "hoodie/config/config_default.h"
#include "hoodie/config/metadata_config.h"
#include "hoodie/format/hfile/hfile.h"
#include "hoodie/visibility.h"

namespace hoodie {

class HoodieConfig;

struct HOODIE_EXPORT MetadataWriterOptions {
  /// hoodie.metadata.compact.max.delta.commits: the deltacommits after the last
  /// compaction of the metadata table that make the next one.
  int32_t compact_max_delta_commits = DefaultOf(MetadataConfig::kCompactMaxDeltaCommits);
  /// HFile blocks and compression of its base files and log blocks (Hudi's defaults
  /// for the metadata table: 1 MiB, GZ).
  int64_t hfile_block_size = 1024 * 1024;
  HFileCompression compression = HFileCompression::kGz;

  static MetadataWriterOptions Defaults() { return MetadataWriterOptions(); }
  /// Invalid when a value does not parse or is out of range.
  static ::arrow::Result<MetadataWriterOptions> FromConfig(const HoodieConfig& config);
};

}  // namespace hoodie
