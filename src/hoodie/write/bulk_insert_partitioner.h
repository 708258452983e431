// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/write/bulk_insert_partitioner.h
/// \brief The user-defined partitioner hook of bulk_insert (Java's BulkInsertPartitioner,
/// chosen by hoodie.bulkinsert.user.defined.partitioner.class).
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include <arrow/result.h>
#include <arrow/status.h>
#include <arrow/type_fwd.h>

#include "hoodie/common/plugin_registry.h"
#include "hoodie/visibility.h"

namespace hoodie {

/// \brief One chunk of a bulk_insert's input as a partitioner sees it: one input batch
/// whose keys were generated (records whose key failed are already removed).
struct HOODIE_EXPORT BulkInsertChunk {
  /// The rows, aligned to the table's data schema (no meta columns).
  std::shared_ptr<::arrow::RecordBatch> data;
  /// `_hoodie_record_key` and `_hoodie_partition_path` of each row.
  std::shared_ptr<::arrow::StringArray> record_keys;
  std::shared_ptr<::arrow::StringArray> partition_paths;
  /// Position of the chunk in the input, from 0.
  int64_t chunk_index = 0;
};

/// \brief Where the rows of a chunk are written.
struct HOODIE_EXPORT BulkInsertLayout {
  /// Rows of the chunk in the order they are written; each row exactly once.
  std::vector<int64_t> order;
  /// The output task of each entry of `order`, >= 0 (Hudi's Spark partition after
  /// repartitionRecords). Each task writes its own files: its own file id prefix, and
  /// its number in the write token and in `_hoodie_commit_seqno`. Within a task the
  /// rows of one partition path go to one file (rolled at hoodie.parquet.max.file.size).
  std::vector<int32_t> tasks;
};

/// \brief Decides the layout of bulk_insert's output, chunk by chunk.
///
/// Implementations are registered by name and created once per bulk_insert; a
/// partitioner sees the chunks in input order, so it may keep state across them. It
/// replaces hoodie.bulkinsert.sort.mode, as in Hudi.
class HOODIE_EXPORT BulkInsertPartitioner {
 public:
  virtual ~BulkInsertPartitioner() = default;

  /// The layout of `chunk`. \return an error to fail the write (nothing is committed).
  virtual ::arrow::Result<BulkInsertLayout> Repartition(const BulkInsertChunk& chunk) = 0;

  /// BulkInsertPartitioner.arePartitionRecordsSorted: when true a task's rows arrive
  /// grouped by partition path, so a task closes its file of one partition path as soon
  /// as it moves to another (fewer open files); when false every file stays open until
  /// the end of the write.
  virtual bool ArePartitionRecordsSorted() const { return false; }
};

/// \brief The user-defined bulk insert partitioners by name (common/plugin_registry.h):
/// the value of hoodie.bulkinsert.user.defined.partitioner.class that selects one (any
/// string, e.g. a Java class name).
class HOODIE_EXPORT BulkInsertPartitionerRegistry
    : public PluginRegistry<BulkInsertPartitioner> {
 public:
  /// An empty registry of its own (tests, embedders); most callers use Global().
  BulkInsertPartitionerRegistry() : PluginRegistry("bulk insert partitioner") {}

  /// The process-wide registry (hoodie registers none of its own: Hudi's sort modes are
  /// hoodie.bulkinsert.sort.mode, BulkInsertSortMode).
  static BulkInsertPartitionerRegistry* Global();
};

/// hoodie.bulkinsert.sort.mode (Hudi's BulkInsertSortMode).
enum class BulkInsertSortMode {
  kNone,
  kGlobalSort,
  kPartitionSort,
  kPartitionPathRepartition,
  kPartitionPathRepartitionAndSort,
};

}  // namespace hoodie
