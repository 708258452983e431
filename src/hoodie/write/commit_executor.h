// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/write/commit_executor.h
/// \brief CommitExecutor: the one sequence of a write operation, from its records to
/// the files of its instant (Hudi's BaseCommitActionExecutor and its Spark subclasses),
/// called by the write client and, later, by clustering and distributed writers.
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include <arrow/record_batch.h>
#include <arrow/result.h>

#include "hoodie/timeline/commit_metadata.h"
#include "hoodie/timeline/instant.h"
#include "hoodie/visibility.h"
#include "hoodie/write/write_options.h"
#include "hoodie/write/write_result.h"

namespace hoodie {

class ActiveTimeline;
class TableMetaClient;
class WriteMarkers;

/// The instant `operation` commits as: a replacecommit for the replace operations, else
/// a commit (copy-on-write) or deltacommit (merge-on-read).
HOODIE_EXPORT
Instant WriteInstant(const std::string& time, WriteOperationType operation, State state,
                     bool merge_on_read);

/// What Hudi puts in `T.<action>.requested` for `operation`: nothing for a commit; for a
/// replacecommit started by a writer (createRequestedReplaceCommit) an empty
/// HoodieRequestedReplaceMetadata, every field null, `version` included.
HOODIE_EXPORT ::arrow::Result<std::string> RequestedContent(WriteOperationType operation);

/// The partitions of a write's records, for a DELETE_PARTITION given records.
struct HOODIE_EXPORT RecordPartitions {
  /// In the order their first record came.
  std::vector<std::string> partitions;
  int64_t input_records = 0;
  /// The records whose key could not be generated.
  std::vector<FailedWrite> failed;
};

/// \brief Writes operations' records into their instants on one table, and builds the
/// commit metadata of what they wrote. It completes nothing: the caller commits a result
/// through a Transaction with CommitMetadataOf, or gives it up.
///
/// The sequence (Write): the writer schema (the latest commit's, evolved by the input),
/// staging the records (keys generated, payloads spilled past the memory budget),
/// pre-combining, tagging and planning file groups (index lookup, small files), grouping
/// payloads by bucket, marking the instant inflight with its workload profile, writing
/// the buckets' files with the create, merge and append handles, and telling a stateful
/// index where the records went. bulk_insert streams instead (bulk_insert_internal.h).
class HOODIE_EXPORT CommitExecutor {
 public:
  /// An executor writing to `table` with `options`; both must outlive it.
  CommitExecutor(std::shared_ptr<TableMetaClient> table, const WriteOptions& options)
      : table_(std::move(table)), options_(options) {}

  /// Writes `input` as `operation` (not DELETE_PARTITION) into `instant`, REQUESTED on
  /// `timeline`, the timeline the write began on. With hoodie.auto.commit and records
  /// that failed before any file was written, returns them without writing anything.
  ::arrow::Result<WriteResult> Write(const ActiveTimeline& timeline,
                                     const std::string& instant,
                                     WriteOperationType operation,
                                     ::arrow::RecordBatchReader* input) const;

  /// DELETE_PARTITION of `partitions` (wildcards resolved as Spark does) into `instant`:
  /// replaces their file groups and writes no file.
  /// \return Invalid for an empty list or a table without a committed schema.
  ::arrow::Result<WriteResult> DeletePartitions(
      const ActiveTimeline& timeline, const std::string& instant,
      const std::vector<std::string>& partitions) const;

  /// The partitions of `input`'s records (Hudi's delete_partition fallback when
  /// hoodie.datasource.write.partitions.to.delete is unset).
  ::arrow::Result<RecordPartitions> PartitionsOf(::arrow::RecordBatchReader* input) const;

  /// The commit metadata of `result` (CommitUtils.buildMetadata): its write stats, the
  /// schema, hoodie.datasource.write.commitmeta entries, the result's extra metadata,
  /// entries copied from the latest commit (hoodie.write.meta.key.prefixes), the
  /// operation and, for replace operations, the file groups replaced.
  ::arrow::Result<ReplaceCommitMetadata> CommitMetadataOf(const WriteResult& result) const;

 private:
  ::arrow::Result<WriteResult> BulkInsert(const ActiveTimeline& timeline,
                                          const std::string& instant,
                                          ::arrow::RecordBatchReader* input) const;
  ::arrow::Status CopyLatestCommitMetadata(CommitMetadata* metadata) const;
  // `instant`'s requested file -> inflight, holding the workload profile JSON (empty for
  // bulk_insert, whose records are not profiled).
  ::arrow::Status MarkInflight(const ActiveTimeline& timeline, const std::string& instant,
                               WriteOperationType operation, std::string_view profile) const;
  // With early conflict detection on, every marker of `instant` first looks for its file
  // group among the other live writes' markers (concurrency/early_conflict_detection.h).
  void WatchForEarlyConflicts(const ActiveTimeline& timeline, const std::string& instant,
                              WriteMarkers* markers) const;

  std::shared_ptr<TableMetaClient> table_;
  const WriteOptions& options_;
};

}  // namespace hoodie
