// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/client/write_request.cc
/// \brief RunWriteRequest: one write as one instant, retried after lost conflicts.
#include "hoodie/client/write_request.h"

#include <string>
#include <vector>

#include "hoodie/client/rate_limit.h"
#include "hoodie/client/write_client.h"
#include "hoodie/common/error.h"
#include "hoodie/config/datasource_config.h"
#include "hoodie/config/flink_config.h"
#include "hoodie/config/hoodie_config.h"
#include "hoodie/config/lock_config.h"
#include "hoodie/storage/storage.h"

namespace hoodie {
namespace {

// hoodie.datasource.write.partitions.to.delete, split as Java's String.split(",").
std::vector<std::string> PartitionsToDelete(const std::string& value) {
  std::vector<std::string> out;
  size_t start = 0;
  while (start <= value.size()) {
    size_t comma = value.find(',', start);
    if (comma == std::string::npos) comma = value.size();
    out.push_back(value.substr(start, comma - start));
    start = comma + 1;
  }
  while (!out.empty() && out.back().empty()) out.pop_back();
  return out;
}

// The records of one attempt, opened before its instant starts (a bad input leaves
// the timeline untouched), rate-limited; null for delete_partition of listed partitions.
::arrow::Result<std::shared_ptr<::arrow::RecordBatchReader>> OpenInput(
    const HoodieConfig& config, const WriteRequest& request) {
  if (request.operation == WriteOperationType::kDeletePartition &&
      config.GetRaw(DataSourceConfig::kPartitionsToDelete.key)) {
    return nullptr;
  }
  if (!request.open_input) {
    return ::arrow::Status::Invalid(
        "a ", WriteOperationTypeName(request.operation),
        " write needs records (delete_partition may instead list its partitions in "
        "hoodie.datasource.write.partitions.to.delete=a,b)");
  }
  ARROW_ASSIGN_OR_RAISE(std::shared_ptr<::arrow::RecordBatchReader> input,
                        request.open_input());
  ARROW_ASSIGN_OR_RAISE(int64_t rate, config.Get(FlinkConfig::kWriteRateLimit));
  return RateLimited(std::move(input), rate);
}

// HoodieSparkSqlWriter: delete_partition takes the configured partitions, else those of
// the records.
::arrow::Result<WriteResult> Execute(WriteClient* client, const HoodieConfig& config,
                                     const WriteRequest& request, const std::string& instant,
                                     ::arrow::RecordBatchReader* input) {
  if (input == nullptr) {
    return client->DeletePartitions(
        instant, PartitionsToDelete(*config.GetRaw(DataSourceConfig::kPartitionsToDelete.key)));
  }
  return client->Write(instant, request.operation, input);
}

// One attempt: the instant started, written, and committed or aborted.
::arrow::Result<WriteResult> WriteOnce(WriteClient* client, const HoodieConfig& config,
                                       const WriteRequest& request) {
  ARROW_ASSIGN_OR_RAISE(auto input, OpenInput(config, request));
  ARROW_ASSIGN_OR_RAISE(std::string instant, client->StartCommit(request.operation));
  auto result = Execute(client, config, request, instant, input.get());
  if (!result.ok()) {
    // Leave nothing half-written behind: the instant never became visible.
    if (!request.no_commit) (void)client->Abort(instant);
    return result.status();
  }
  if (request.no_commit) return result;
  // write.ignore.failed=true (Flink's), set explicitly: the other records commit and the
  // failed ones are reported, as the streamer's --commit-on-errors.
  bool ignore_failed = false;
  if (config.GetExplicit(FlinkConfig::kWriteIgnoreFailed)) {
    ARROW_ASSIGN_OR_RAISE(ignore_failed, config.Get(FlinkConfig::kWriteIgnoreFailed));
  }
  if (!result->failed.empty() && !ignore_failed) {
    // As Hudi's Spark writer: a write with failed records commits nothing.
    ARROW_RETURN_NOT_OK(client->Abort(instant));
    auto where = request.place ? request.place : [](int64_t row) {
      return "record " + std::to_string(row);
    };
    return FailedRecordsError(result->input_records, result->failed, where, "");
  }
  if (request.before_commit) request.before_commit();
  if (request.recorded_operation) result->operation = *request.recorded_operation;
  ARROW_RETURN_NOT_OK(client->Commit(&*result));
  return result;
}

}  // namespace

::arrow::Result<std::unique_ptr<WriteClient>> OpenWriteRequestClient(
    const std::string& uri, HoodieConfig config, const std::string& caller) {
  ARROW_ASSIGN_OR_RAISE(StorageOptions storage_options, StorageOptions::FromConfig(config));
  std::string path;
  ARROW_ASSIGN_OR_RAISE(auto storage, Storage::FromUri(uri, &path, storage_options));
  ARROW_ASSIGN_OR_RAISE(auto table, WriteClient::OpenOrCreateTable(storage, path, config));
  ARROW_ASSIGN_OR_RAISE(auto client, WriteClient::Make(table, config));
  if (!client->options().auto_commit) {
    return WithErrorCode(
        ::arrow::Status::Invalid("hoodie.auto.commit=false needs a caller that commits; ",
                                 caller, " always commits"),
        ErrorCode::kInvalidOption);
  }
  config.Set("hoodie.auto.commit", "false");
  return WriteClient::Make(table, config);
}

::arrow::Result<WriteResult> RunWriteRequest(WriteClient* client, const HoodieConfig& config,
                                             const WriteRequest& request) {
  int32_t retries = 0;
  if (request.retries_on_conflict) {
    retries = *request.retries_on_conflict;
  } else {
    ARROW_ASSIGN_OR_RAISE(retries, config.Get(LockConfig::kRetriesOnConflict));
  }
  // A write that lost a conflict left nothing behind: it runs again from the table as
  // it is now, its input read afresh (HoodieSparkSqlWriter's retries on conflict).
  for (int32_t attempt = 0;; ++attempt) {
    auto result = WriteOnce(client, config, request);
    if (result.ok() || !HasErrorCode(result.status(), ErrorCode::kWriteConflict) ||
        attempt >= retries) {
      return result;
    }
    if (request.on_retry) request.on_retry(result.status(), attempt + 1, retries);
  }
}

}  // namespace hoodie
