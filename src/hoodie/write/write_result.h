// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/write/write_result.h
/// \brief What one write operation wrote (WriteResult) and the error of a write whose
/// records failed.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <arrow/status.h>

#include "hoodie/table/commit_hooks.h"
#include "hoodie/timeline/commit_metadata.h"
#include "hoodie/visibility.h"

namespace hoodie {

/// A record that was not written because its key could not be generated.
struct HOODIE_EXPORT FailedWrite {
  int64_t input_row = 0;  ///< position in the operation's input, from 0
  std::string message;
};

/// \brief The error of a write that committed nothing because records failed:
/// "2 of 1000 records failed, nothing was committed: record 5: ...", the first five
/// failures placed by `where` (given the input row, from 0), then `hint` if not empty.
HOODIE_EXPORT
::arrow::Status FailedRecordsError(int64_t input_records,
                                   const std::vector<FailedWrite>& failed,
                                   const std::function<std::string(int64_t)>& where,
                                   std::string_view hint);

/// \brief What one operation wrote: the write stats to commit plus counts.
struct HOODIE_EXPORT WriteResult {
  std::string instant_time;
  WriteOperationType operation = WriteOperationType::kUnknown;
  /// One stat per written base file, with its partition in `partition_path`.
  std::vector<WriteStat> stats;
  /// The Avro schema (no meta fields) the files were written with.
  std::string schema;
  int64_t input_records = 0;
  int64_t inserted = 0;
  int64_t updated = 0;
  int64_t deleted = 0;
  /// Records dropped by de-duplication or insert.drop.duplicates.
  int64_t deduplicated = 0;
  std::vector<FailedWrite> failed;
  /// Whether the instant was committed (auto.commit) or still waits for Commit/Abort.
  bool committed = false;
  /// Entries a caller adds to the commit's extraMetadata before Commit (the streamer's
  /// checkpoint keys, as SparkRDDWriteClient.commit's extraMetadata argument).
  std::vector<std::pair<std::string, std::string>> extra_metadata;
  /// Replace operations: the file groups the instant replaces, per partition, in the
  /// order Hudi writes `partitionToReplaceFileIds`.
  OrderedMap<std::vector<std::string>> replaced_file_ids;
  /// Compactions the inline table services completed after the commit, oldest first.
  std::vector<std::string> compactions;
  /// Cleans completed after the commit (hoodie.clean.automatic), oldest first.
  std::vector<std::string> cleans;
  /// Instants archived after the commit and its clean (hoodie.archive.automatic), oldest
  /// first, one per instant (its state files were archived together).
  std::vector<std::string> archived;
  /// Write commit callbacks that failed after the commit (hoodie.write.commit.callback.on):
  /// each was logged, and the commit stands.
  int64_t failed_commit_callbacks = 0;
  /// Where the records went, for a metadata table keeping record_index
  /// (WriteOptions::track_written_keys); null otherwise. Commit hands it to the
  /// metadata-table step.
  std::shared_ptr<const WrittenKeys> written_keys;

  /// Number of file groups replaced.
  int64_t FilesReplaced() const;
  /// Adds the stats' insert, update and delete counts to the result's.
  void CountStats();
};

}  // namespace hoodie
