// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/write/rollback_options.cc
/// \brief RollbackOptions::FromConfig.

#include "hoodie/write/rollback_options.h"

#include <string>

#include "hoodie/config/clean_config.h"
#include "hoodie/config/enum_choice.h"
#include "hoodie/config/hoodie_config.h"
#include "hoodie/config/write_config.h"

namespace hoodie {

::arrow::Result<RollbackOptions> RollbackOptions::FromConfig(const HoodieConfig& config) {
  RollbackOptions out;
  constexpr EnumChoice<FailedWritesPolicy> kPolicies[] = {
      {"EAGER", FailedWritesPolicy::kEager},
      {"LAZY", FailedWritesPolicy::kLazy},
      {"NEVER", FailedWritesPolicy::kNever},
  };
  ARROW_ASSIGN_OR_RAISE(out.failed_writes_policy,
                        GetEnum(config, CleanConfig::kFailedWritesPolicy, kPolicies));
  if (out.failed_writes_policy == FailedWritesPolicy::kLazy) {
    return ::arrow::Status::NotImplemented(
        "hoodie.cleaner.policy.failed.writes=LAZY is not implemented: LAZY needs heartbeat "
        "files that hoodie does not write, so other LAZY writers would roll back hoodie's "
        "running writes; use EAGER (single writer) or NEVER");
  }
  ARROW_ASSIGN_OR_RAISE(out.using_markers,
                        config.Get(WriteConfig::kRollbackUsingMarkers));
  return out;
}

}  // namespace hoodie
