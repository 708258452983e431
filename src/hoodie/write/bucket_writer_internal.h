// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/write/bucket_writer_internal.h
/// \brief Executes the buckets of a write plan: new file groups (HoodieCreateHandle with
/// CopyOnWriteInsertHandler's rollover) and file group rewrites (HoodieMergeHandle).
#pragma once

#include <cstdint>
#include <vector>

#include <arrow/result.h>

#include "hoodie/timeline/commit_metadata.h"
#include "hoodie/write/file_group_writer_internal.h"
#include "hoodie/write/incoming_records_internal.h"
#include "hoodie/write/write_plan_internal.h"

namespace hoodie::internal {

/// Writes `bucket` as task `task`; appends one stat per file written.
/// New file groups: `<prefix>-0`, rolled over to `<prefix>-1`, ... when a file reaches
/// hoodie.parquet.max.file.size. Existing file groups: reads the latest base file and
/// writes its next version (same file id): stored records keep their meta columns,
/// updated ones get the new instant, deletes are dropped, small-file inserts appended.
::arrow::Status WriteBucket(const WriteContext& context, const IncomingRecords& records,
                            const Bucket& bucket, int64_t task,
                            std::vector<WriteStat>* stats);

/// Writes every bucket of a plan, bucket i as task i, on the CPU thread pool: buckets
/// are distinct file groups, so they encode in parallel (as Spark's tasks do), as many
/// at once as the pool has threads. `stats[i]` holds bucket i's stats, so the commit
/// lists them in plan order whatever the timing. The first error wins; files already
/// written stay behind their markers for the rollback.
::arrow::Result<std::vector<std::vector<WriteStat>>> WriteBuckets(
    const WriteContext& context, const IncomingRecords& records,
    const std::vector<Bucket>& buckets);

}  // namespace hoodie::internal
