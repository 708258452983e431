// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/concurrency/concurrency_control.h
/// \brief hoodie.write.concurrency.mode and what it sets on a table: under
/// OPTIMISTIC_CONCURRENCY_CONTROL, the lock of hoodie.write.lock.provider and the
/// conflict check of hoodie.write.lock.conflict.resolution.strategy become the table's
/// commit hooks (Transaction takes them for every instant).
#pragma once

#include <arrow/result.h>
#include <arrow/status.h>

#include "hoodie/visibility.h"

namespace hoodie {

class HoodieConfig;
class TableMetaClient;

/// hoodie.write.concurrency.mode (WriteConcurrencyMode).
enum class ConcurrencyMode {
  kSingleWriter,
  kOptimistic,
};

/// \return Invalid naming the key for an unknown mode.
HOODIE_EXPORT ::arrow::Result<ConcurrencyMode> ConcurrencyModeOf(const HoodieConfig& config);

/// Under optimistic concurrency control, sets the table's lock and conflict check
/// from `config`; under a single writer, leaves the hooks as they are.
/// \return the refusal of a lock provider or strategy that cannot be made (an unknown
///   class, a provider without its keys, a storage that cannot hold a lock file).
HOODIE_EXPORT ::arrow::Status ConfigureConcurrency(TableMetaClient* table,
                                                   const HoodieConfig& config);

}  // namespace hoodie
