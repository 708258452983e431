// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/write/rollback_options.cc
/// \brief RollbackOptions::FromConfig.

#include "hoodie/write/rollback_options.h"

#include <string>

#include "hoodie/concurrency/concurrency_control.h"
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
  ARROW_ASSIGN_OR_RAISE(ConcurrencyMode mode, ConcurrencyModeOf(config));
  if (mode == ConcurrencyMode::kOptimistic) {
    // HoodieWriteConfig.autoAdjustConfigsForConcurrencyMode sets LAZY under OCC.
    if (!config.GetExplicit(CleanConfig::kFailedWritesPolicy)) {
      out.failed_writes_policy = FailedWritesPolicy::kLazy;
    } else if (out.failed_writes_policy == FailedWritesPolicy::kEager) {
      return ::arrow::Status::Invalid(
          "hoodie.write.concurrency.mode=OPTIMISTIC_CONCURRENCY_CONTROL needs "
          "hoodie.cleaner.policy.failed.writes=LAZY (EAGER rolls back every pending "
          "write before each write, other writers' running ones too): set it to LAZY, "
          "or leave it unset");
    }
  }
  ARROW_ASSIGN_OR_RAISE(out.heartbeat, HeartbeatOptions::FromConfig(config));
  ARROW_ASSIGN_OR_RAISE(out.using_markers,
                        config.Get(WriteConfig::kRollbackUsingMarkers));
  return out;
}

}  // namespace hoodie
