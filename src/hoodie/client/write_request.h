// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/client/write_request.h
/// \brief One write of records as one instant, the way Hudi's Spark writer
/// (HoodieSparkSqlWriter) makes it: started, written, aborted when records failed,
/// committed, and run again from the table as it is now after a lost write conflict.
/// The one path of `hoodie write` and of the Python package's `hoodie.write`.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>

#include <arrow/record_batch.h>
#include <arrow/result.h>

#include "hoodie/config/hoodie_config.h"
#include "hoodie/timeline/commit_metadata.h"
#include "hoodie/visibility.h"
#include "hoodie/write/write_result.h"

namespace hoodie {

class HoodieConfig;
class WriteClient;

/// \brief What to write and how to report it. A value.
struct HOODIE_EXPORT WriteRequest {
  WriteOperationType operation = WriteOperationType::kUpsert;
  /// Opens the records afresh for each attempt; null only for delete_partition with
  /// hoodie.datasource.write.partitions.to.delete set.
  std::function<::arrow::Result<std::shared_ptr<::arrow::RecordBatchReader>>()> open_input;
  /// Where input row n (from 0) came from, for the error of failed records
  /// ("file:line"); null: "record n".
  std::function<std::string(int64_t)> place;
  /// Attempts after a lost write conflict; unset:
  /// hoodie.write.num.retries.on.conflict.failures.
  std::optional<int32_t> retries_on_conflict;
  /// The operation the commit records when it is not `operation`: Spark SQL's UPDATE,
  /// DELETE and MERGE record UPSERT_PREPPED and DELETE_PREPPED for the upsert or delete
  /// they run, ALTER TABLE records ALTER_SCHEMA for its empty write.
  std::optional<WriteOperationType> recorded_operation;
  /// Leaves the instant inflight, uncommitted (tests of rollback).
  bool no_commit = false;
  /// Called before each commit (tests hold a writer there); may be null.
  std::function<void()> before_commit;
  /// Called after an attempt lost a write conflict and before the next one, with the
  /// conflict, the attempt that follows (from 1) and the number allowed; may be null.
  std::function<void(const ::arrow::Status&, int32_t, int32_t)> on_retry;
};

/// \brief The table at `uri` (created from `config` when it has none, as Hudi's writer
/// creates it) and the write client RunWriteRequest commits with: `config` with
/// hoodie.auto.commit=false, since the request commits.
/// \return Invalid when `config` sets hoodie.auto.commit=false: `caller` commits every
///   write it makes itself; errors of the storage and the configuration.
HOODIE_EXPORT ::arrow::Result<std::unique_ptr<WriteClient>> OpenWriteRequestClient(
    const std::string& uri, HoodieConfig config, const std::string& caller);

/// \brief Runs `request` with `client`, which must be made with hoodie.auto.commit=false
/// from `config` (this call commits): StartCommit, the operation (delete_partition takes
/// hoodie.datasource.write.partitions.to.delete when set), write.rate.limit on the
/// input, then Commit, unless records failed: then the instant is aborted and the error
/// places the first failures, as Hudi's writer commits nothing (write.ignore.failed=true,
/// set explicitly, commits the others and leaves the failures in the result).
/// \return WriteConflict (ErrorCode::kWriteConflict) when the last attempt lost; any
///   error of an attempt after its instant was aborted, so that nothing is visible.
HOODIE_EXPORT ::arrow::Result<WriteResult> RunWriteRequest(WriteClient* client,
                                                           const HoodieConfig& config,
                                                           const WriteRequest& request);

}  // namespace hoodie
