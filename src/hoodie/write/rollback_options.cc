// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/write/rollback_options.cc
/// \brief RollbackOptions::FromConfig.

#include "hoodie/write/rollback_options.h"

#include <algorithm>
#include <string>

#include "hoodie/common/ascii.h"
#include "hoodie/config/clean_config.h"
#include "hoodie/config/hoodie_config.h"
#include "hoodie/config/write_config.h"

namespace hoodie {

::arrow::Result<RollbackOptions> RollbackOptions::FromConfig(const HoodieConfig& config) {
  RollbackOptions out;
  ARROW_ASSIGN_OR_RAISE(std::string policy, config.Get(CleanConfig::kFailedWritesPolicy));
  policy = ToUpperAscii(policy);
  if (policy == "EAGER") {
    out.failed_writes_policy = FailedWritesPolicy::kEager;
  } else if (policy == "NEVER") {
    out.failed_writes_policy = FailedWritesPolicy::kNever;
  } else {
    return ::arrow::Status::NotImplemented(
        "hoodie.cleaner.policy.failed.writes=", policy,
        " is not implemented: LAZY needs heartbeat files that hoodie does not write, "
        "so other LAZY writers would roll back hoodie's running writes; use EAGER "
        "(single writer) or NEVER");
  }
  ARROW_ASSIGN_OR_RAISE(out.using_markers,
                        config.Get(WriteConfig::kRollbackUsingMarkers));
  return out;
}

}  // namespace hoodie
