// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/read/log_scan_options.cc
/// \brief LogScanOptions from the memory and compaction configs.
#include "hoodie/read/log_scan_options.h"

#include "hoodie/common/macros.h"
#include "hoodie/config/compaction_config.h"
#include "hoodie/config/hoodie_config.h"
#include "hoodie/config/memory_config.h"

namespace hoodie {

::arrow::Result<LogScanOptions> LogScanOptions::FromConfig(const HoodieConfig& config) {
  LogScanOptions options;
  ARROW_ASSIGN_OR_RAISE(options.memory_budget, config.Get(MemoryConfig::kMergeMaxSize));
  options.spill_directory =
      config.GetRaw(MemoryConfig::kSpillableMapPath.key).value_or("");
  ARROW_ASSIGN_OR_RAISE(options.lazy_block_read,
                         config.Get(CompactionConfig::kLazyBlockRead));
  ARROW_ASSIGN_OR_RAISE(options.reverse_log_read,
                         config.Get(CompactionConfig::kReverseLogRead));
  return options;
}

}  // namespace hoodie
