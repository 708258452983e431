// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/read/merged_slice_scan_internal.h
/// \brief Merge-on-read snapshot scan: each file slice's base file merged with its log
/// blocks (the role of Spark's RecordMergingFileIterator / SkipMergeIterator).
#pragma once

#include <memory>
#include <vector>

#include <arrow/record_batch.h>

#include "hoodie/merge/record_merger.h"
#include "hoodie/read/base_file_scan_internal.h"
#include "hoodie/read/log_block_scan_internal.h"
#include "hoodie/read/log_scan_options.h"
#include "hoodie/read/read_options.h"
#include "hoodie/table/file_slice.h"

namespace hoodie::internal {

/// \brief Everything a merged scan needs besides the slices.
struct MergedScanSpec {
  ScanSpec scan;
  /// Full rows of the table (the newest base file's schema): what merging produces
  /// before projection and filters.
  std::shared_ptr<::arrow::Schema> table_schema;
  std::shared_ptr<const RecordMerger> merger;
  LogScanTimeline timeline;
  MergeType merge_type = MergeType::kPayloadCombine;
  /// Memory bound of each slice's merge state and block reading order.
  LogScanOptions log_scan;
  /// Flink's changelog read: every log data record as written, unmerged (base rows as
  /// they are), instead of one merged record per key.
  bool emit_changes = false;
};

/// A reader over `slices`: two merge at once on threads of their own and hand out a
/// batch each in turn (slices start in order; the output order depends on the slices
/// alone, not on timing), their log records holding half of `spec.log_scan`'s memory
/// budget each. Per slice, the log blocks chosen by ScanLogBlocks
/// are folded into one record per key (MergedLogRecords), then the base file is read
/// one row group at a time: a base row whose key has a log record is merged with it
/// (payload_combine: the merger's Combine, stored = base; a delete drops the row) or
/// returned unmerged (skip_merge); finally the log records not matched by a base row
/// and not deletes are returned. Rows are shaped by `spec.scan` (filters, projection,
/// limit) after merging.
std::shared_ptr<::arrow::RecordBatchReader> MakeMergedSliceScan(
    std::shared_ptr<Storage> storage, std::vector<FileSlice> slices, MergedScanSpec spec);

}  // namespace hoodie::internal
