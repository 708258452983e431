// SPDX-License-Identifier: Apache-2.0
#include "hoodie/metadata_writer/metadata_writer_options.h"

#include "hoodie/config/hoodie_config.h"

namespace hoodie {

::arrow::Result<MetadataWriterOptions> MetadataWriterOptions::FromConfig(
    const HoodieConfig& config) {
  MetadataWriterOptions options;
  ARROW_ASSIGN_OR_RAISE(options.compact_max_delta_commits,
                        config.Get(MetadataConfig::kCompactMaxDeltaCommits));
  if (options.compact_max_delta_commits < 1) {
    return ::arrow::Status::Invalid(MetadataConfig::kCompactMaxDeltaCommits.key,
                                    " must be at least 1, got ",
                                    options.compact_max_delta_commits);
  }
  return options;
}

}  // namespace hoodie
