// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/cli/instant_description.h
/// \brief One-line summaries of Avro-serialized instants, for `hoodie timeline show`.
#pragma once

#include <string>

#include <arrow/result.h>

#include "hoodie/timeline/active_timeline.h"
#include "hoodie/timeline/instant.h"

namespace hoodie {

/// Describes `instant` in one line from its Avro state file: rollback plans and
/// metadata, clean plans and metadata, compaction / log compaction plans, requested
/// replacecommits, savepoints and restores. A pending instant whose own file is empty
/// (Hudi writes rollback and compaction inflight files empty) is described from its
/// requested plan. Examples:
///   `rollback of 20250126040826878 (deltacommit): 1 file deleted, rollback blocks in 1 log file`
///   `rollback plan for 20250126040826878 (deltacommit): 2 requests, 1 file to delete, 1 log file to roll back`
/// Thread-safe (reads storage only).
/// \return Invalid for an action whose files are not Avro in table version 6
///   (commit, deltacommit, completed/inflight replacecommit, ...) or a corrupt file;
///   IOError from storage.
::arrow::Result<std::string> DescribeAvroInstant(const ActiveTimeline& timeline,
                                                 const Instant& instant);

}  // namespace hoodie
