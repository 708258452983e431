// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/actions/clean_executor.h
/// \brief Runs cleans (Hudi 0.15's BaseHoodieTableServiceClient.clean,
/// CleanActionExecutor): every pending clean first, then a new plan, each going
/// `T.clean.requested` -> `T.clean.inflight` -> deletes -> `T.clean` through the
/// table's Transaction.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include <arrow/result.h>

#include "hoodie/actions/clean_planner.h"
#include "hoodie/timeline_avro/clean_metadata.h"
#include "hoodie/visibility.h"

namespace hoodie {

class TableMetaClient;

/// What one clean pass did.
struct HOODIE_EXPORT CleanOutcome {
  /// The completed cleans, oldest first: pending ones finished, then the new one.
  std::vector<std::pair<std::string, CleanMetadata>> completed;
  /// Why no new clean was planned (empty when one ran).
  std::string why_not;
};

/// Finishes every pending clean from its stored plan (deletes are idempotent), then,
/// unless one was pending (hoodie.clean.allow.multiple is false in Hudi 0.15), plans a
/// clean at a new instant time and runs it. A file already gone counts as not deleted,
/// not as an error.
/// \return IOError from storage (the clean stays pending for the next pass); errors of
///   the planner.
HOODIE_EXPORT
::arrow::Result<CleanOutcome> RunClean(const std::shared_ptr<TableMetaClient>& table,
                                       const CleanOptions& options);

/// Runs the clean planned as `requested` (a REQUESTED or INFLIGHT clean instant) to
/// completion. \return the metadata written as `T.clean`.
HOODIE_EXPORT
::arrow::Result<CleanMetadata> ExecuteClean(const std::shared_ptr<TableMetaClient>& table,
                                            const Instant& pending);

}  // namespace hoodie
