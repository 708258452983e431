// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/write/log_append_internal.h
/// \brief Merge-on-read records of one file group appended as log blocks
/// (HoodieAppendHandle over HoodieLogFormatWriter).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include <arrow/status.h>

#include "hoodie/timeline/commit_metadata.h"
#include "hoodie/write/file_group_writer_internal.h"
#include "hoodie/write/incoming_records_internal.h"
#include "hoodie/write/write_plan_internal.h"

namespace hoodie::internal {

/// How many records a data block holds: HoodieAppendHandle.flushToDiskIfRequired over
/// the estimated sizes of the records in write order (data records and deletes alike).
/// The first record's size seeds the average; every 100th record (and every record
/// once the block is full) moves it 20% toward the current record's size; a block is
/// flushed once it holds max_block_size / average records. Returns, per record, whether
/// the data records buffered before it are flushed first. Hudi sizes records by their
/// Java heap footprint; hoodie by the bytes they add to the block (design.md).
std::vector<bool> FlushPoints(const std::vector<int64_t>& estimated_sizes,
                              int64_t max_block_size);

/// Appends the records of `bucket` to the latest slice of its file group (a merge-on-read
/// table): a new log file `.<fileId>_<sliceInstant>.log.<v>_<token>`, v one above the
/// slice's highest version (hoodie never appends to an existing file, as Hudi does on
/// file systems without append), or version 1 for a slice without logs. Data blocks
/// (AVRO_DATA_BLOCK, or PARQUET_DATA_BLOCK with hoodie.logfile.data.block.format=parquet;
/// meta columns set, `_hoodie_file_name` the file id) are flushed as FlushPoints says,
/// whatever their format (Hudi sizes the records, not the encoded block); the deletes
/// follow as one DELETE_BLOCK with the last data block. After each append the file rolls
/// over to the next version once it is larger than hoodie.logfile.max.size. Each log file
/// gets its APPEND marker before it is written and its own HoodieDeltaWriteStat (counts
/// of the records appended to it), as HoodieAppendHandle.processAppendResult reports
/// rolled-over files. A bucket without an existing file group (`bucket.file` unset)
/// creates the log-only file group `<prefix>-0` whose slice instant is this instant
/// (inserts of an index that can index log files).
::arrow::Status AppendToFileGroup(const WriteContext& context,
                                  const IncomingRecords& records, const Bucket& bucket,
                                  int64_t task, std::vector<WriteStat>* stats);

}  // namespace hoodie::internal
