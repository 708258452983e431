// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/concurrency/concurrency_control.cc
/// \brief ConfigureConcurrency.
#include "hoodie/concurrency/concurrency_control.h"

#include <memory>

#include "hoodie/concurrency/conflict_resolution.h"
#include "hoodie/concurrency/lock_providers.h"
#include "hoodie/config/enum_choice.h"
#include "hoodie/config/hoodie_config.h"
#include "hoodie/config/lock_config.h"
#include "hoodie/table/commit_hooks.h"
#include "hoodie/table/table_meta_client.h"

namespace hoodie {

::arrow::Result<ConcurrencyMode> ConcurrencyModeOf(const HoodieConfig& config) {
  constexpr EnumChoice<ConcurrencyMode> kModes[] = {
      {"SINGLE_WRITER", ConcurrencyMode::kSingleWriter},
      {"OPTIMISTIC_CONCURRENCY_CONTROL", ConcurrencyMode::kOptimistic},
  };
  return GetEnum(config, LockConfig::kConcurrencyMode, kModes);
}

::arrow::Status ConfigureConcurrency(TableMetaClient* table, const HoodieConfig& config) {
  ARROW_ASSIGN_OR_RAISE(ConcurrencyMode mode, ConcurrencyModeOf(config));
  if (mode != ConcurrencyMode::kOptimistic) return ::arrow::Status::OK();
  ARROW_ASSIGN_OR_RAISE(std::string strategy_name,
                        config.Get(LockConfig::kConflictResolutionStrategy));
  auto strategy = ConflictStrategyRegistry::Global()->Make(strategy_name);
  if (!strategy.ok()) {
    return strategy.status().WithMessage(LockConfig::kConflictResolutionStrategy.key, "=",
                                         strategy_name, ": ", strategy.status().message());
  }
  ARROW_ASSIGN_OR_RAISE(
      std::shared_ptr<LockManager> lock,
      MakeLockManager(LockProviderContext{config, table->storage(), table->base_path(),
                                          table->table_config()->name()}));
  auto hooks = std::make_shared<CommitHooks>(*table->commit_hooks());
  hooks->lock = std::move(lock);
  hooks->conflict_check =
      MakeConflictCheck(std::shared_ptr<const ConflictResolutionStrategy>(*std::move(strategy)));
  table->SetCommitHooks(std::move(hooks));
  return ::arrow::Status::OK();
}

}  // namespace hoodie
