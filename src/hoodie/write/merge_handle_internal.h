// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/write/merge_handle_internal.h
/// \brief Rewrites one file group's base file with the incoming records of its bucket
/// (HoodieMergeHandle), streamed batch by batch.
#pragma once

#include <vector>

#include <arrow/status.h>

#include "hoodie/timeline/commit_metadata.h"
#include "hoodie/write/file_group_writer_internal.h"
#include "hoodie/write/incoming_records_internal.h"
#include "hoodie/write/write_plan_internal.h"

namespace hoodie::internal {

/// Writes the next version of `bucket.file` (same file id) as task `task` and appends
/// its stat: each stored row with an incoming record of its key is merged by the
/// payload (RecordMerger::Combine), the other stored rows are copied with their meta
/// columns, keys a global index moves away are dropped, stored rows that won such a
/// move are restamped, then the incoming records the file did not hold are appended
/// (writeIncomingRecords; with allow.duplicate.on.inserts every insert is, as
/// HoodieConcatHandle does). The base file is read a batch at a time and only merged
/// rows go through a row builder, so memory holds one batch, not the file.
::arrow::Status MergeFileGroup(const WriteContext& context, const IncomingRecords& records,
                               const Bucket& bucket, int64_t task,
                               std::vector<WriteStat>* stats);

}  // namespace hoodie::internal
