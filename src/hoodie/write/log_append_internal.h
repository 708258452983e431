// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/write/log_append_internal.h
/// \brief Merge-on-read updates and deletes of one file group appended as log blocks
/// (HoodieAppendHandle).
#pragma once

#include <cstdint>
#include <vector>

#include <arrow/status.h>

#include "hoodie/timeline/commit_metadata.h"
#include "hoodie/write/file_group_writer_internal.h"
#include "hoodie/write/incoming_records_internal.h"
#include "hoodie/write/write_plan_internal.h"

namespace hoodie::internal {

/// Writes the records of `bucket` (an existing file group of a merge-on-read table) as
/// a new log file of its latest slice, `.<fileId>_<baseInstant>.log.<v>_<token>` with v
/// one above the slice's highest version (hoodie never appends to an existing file, as
/// Hudi does on file systems without append): an AVRO_DATA_BLOCK of the updates (meta
/// columns set, `_hoodie_file_name` = the file id) and then a DELETE_BLOCK of the
/// deletes (ordering value int 0: applied whatever the stored ordering), both with
/// header INSTANT_TIME and SCHEMA (writer schema with meta fields). The APPEND marker
/// is created first. Appends one HoodieDeltaWriteStat.
::arrow::Status AppendToFileGroup(const WriteContext& context,
                                  const IncomingRecords& records, const Bucket& bucket,
                                  int64_t task, std::vector<WriteStat>* stats);

}  // namespace hoodie::internal
