// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/actions/savepoint.h
/// \brief Savepoints (Hudi 0.15's SavepointActionExecutor and SavepointHelpers): a
/// completed commit's files kept from the cleaner and from archival, for a later
/// restore.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <arrow/result.h>
#include <arrow/status.h>

#include "hoodie/timeline_avro/savepoint_metadata.h"
#include "hoodie/visibility.h"

namespace hoodie {

class TableMetaClient;

/// What to savepoint and who asks.
struct HOODIE_EXPORT SavepointRequest {
  /// The completed commit to savepoint; the latest when empty.
  std::optional<std::string> instant;
  std::string user = "hoodie";
  std::string comment;
  /// Milliseconds since the epoch for savepointedAt; null: the clock.
  std::function<int64_t()> clock;
};

/// Savepoints a completed commit T (savepoint): `T.savepoint.inflight`, then
/// `T.savepoint` with the HoodieSavepointMetadata listing, per partition, the base and
/// log file names of every file group's latest slice as of T, completed through the
/// table's Transaction.
/// \return the savepointed time and metadata. Invalid with Hudi's messages: "Could not
///   savepoint. Commit timeline is empty", "Could not savepoint non-existing commit T",
///   "Could not savepoint commit T as this is beyond the lookup window X" (T older than
///   the last clean's earliest commit to retain); AlreadyExists for a savepoint of T.
HOODIE_EXPORT ::arrow::Result<std::pair<std::string, SavepointMetadata>> CreateSavepoint(
    const std::shared_ptr<TableMetaClient>& table, const SavepointRequest& request);

/// The completed savepoints, oldest first, with their metadata.
HOODIE_EXPORT
::arrow::Result<std::vector<std::pair<std::string, SavepointMetadata>>> ListSavepoints(
    const TableMetaClient& table);

/// Deletes the savepoint of `instant` (SavepointHelpers.deleteSavepoint): its completed
/// then its inflight file. \return whether there was one (Hudi only warns when not).
HOODIE_EXPORT ::arrow::Result<bool> DeleteSavepoint(const TableMetaClient& table,
                                                    const std::string& instant);

}  // namespace hoodie
