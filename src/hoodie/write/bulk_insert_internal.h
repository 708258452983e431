// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/write/bulk_insert_internal.h
/// \brief bulk_insert as a stream: input batches are keyed, laid out by the sort mode or
/// the user partitioner, and written to rolling new base files (Hudi's
/// BulkInsertHelper + BulkInsertPartitioner + CopyOnWriteInsertHandler).
#pragma once

#include <cstdint>
#include <vector>

#include <arrow/result.h>
#include <arrow/type_fwd.h>

#include "hoodie/index/index.h"
#include "hoodie/timeline/commit_metadata.h"
#include "hoodie/write/file_group_writer_internal.h"
#include "hoodie/write/incoming_records_internal.h"

namespace hoodie {

class KeyGenerator;

namespace internal {

/// Where each written record went, for indexes that keep their own state (INMEMORY, user
/// indexes): Index::UpdateLocation's arguments.
struct WrittenLocations {
  std::vector<HoodieKey> keys;
  TaggedLocations locations;
};

/// What a streamed bulk_insert wrote.
struct BulkInsertOutcome {
  /// One stat per base file, in the order the files were closed.
  std::vector<WriteStat> stats;
  std::vector<FailedRecord> failed;
  int64_t input_records = 0;
  /// Records dropped by de-duplication (hoodie.combine.before.insert).
  int64_t deduplicated = 0;
  /// Records not written because `_hoodie_is_deleted` was true.
  int64_t deleted = 0;
  /// Sorted runs the sort spilled to disk.
  int64_t spilled_runs = 0;
};

/// Reads `input` to the end and writes its records as new file groups of
/// `context.instant_time`, holding at most about the memory budget of records
/// (hoodie.memory.merge.max.size) plus one open file per (task, partition path).
///
/// Layout (`context.options`): a registered user partitioner when set; else
/// NONE and PARTITION_PATH_REPARTITION write the input order, one open file per
/// partition path; GLOBAL_SORT sorts all records by (partition path, record key) with
/// an external sort and PARTITION_PATH_REPARTITION_AND_SORT by partition path, closing
/// each file when the partition path changes; PARTITION_SORT sorts each chunk of
/// memory-budget size in memory and writes it as its own task. `deduplicate` keeps one
/// record per (partition path, key), pre-combined by `context.merger` in input order,
/// and requires a sort by key first, whatever the mode. `written`, when set, receives
/// every written record's key and location.
::arrow::Result<BulkInsertOutcome> StreamBulkInsert(const WriteContext& context,
                                                    const KeyGenerator& key_generator,
                                                    ::arrow::RecordBatchReader* input,
                                                    bool deduplicate,
                                                    bool ordering_required,
                                                    WrittenLocations* written = nullptr);

}  // namespace internal
}  // namespace hoodie
