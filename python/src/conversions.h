// SPDX-License-Identifier: Apache-2.0
/// \file python/src/conversions.h
/// \brief hoodie's result values as Python dicts, for the package's result objects.
#pragma once

#include <nanobind/nanobind.h>

#include "hoodie/table/file_slice.h"
#include "hoodie/timeline/instant.h"
#include "hoodie/timeline/commit_metadata.h"
#include "hoodie/write/write_result.h"

namespace hoodie::python {

/// One write stat: partition, file_id, path, num_writes, num_inserts,
/// num_update_writes, num_deletes, total_write_bytes, file_size_in_bytes, and the log
/// counts of a merge-on-read write or compaction.
nanobind::dict WriteStatDict(const WriteStat& stat);

/// The stats of `metadata`, partition by partition, as WriteStatDict lists.
nanobind::list WriteStatsOf(const CommitMetadata& metadata);

/// What one write did: instant, operation, committed, the record counts, the failed
/// records, the files written and replaced, the services run after the commit.
nanobind::dict WriteResultDict(const WriteResult& result);

/// One instant: instant, action and state (COMPLETED, INFLIGHT or REQUESTED).
nanobind::dict InstantDict(const Instant& instant);

/// One file slice: partition, file_id, base_instant, base_file (path or None),
/// base_file_size, log_files (paths), log_files_size.
nanobind::dict FileSliceDict(const FileSlice& slice);

}  // namespace hoodie::python
