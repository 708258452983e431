// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/cli/timeline_listing.h
/// \brief Turns a table's active timeline into the rows `hoodie timeline show` prints.
#pragma once

#include <arrow/result.h>

#include "hoodie/cli/command.h"
#include "hoodie/table/table_meta_client.h"

namespace hoodie::cli {

struct TimelineListingOptions {
  /// One row per file written (and per partition of replaced file groups) for completed
  /// commits; otherwise one row per instant.
  bool with_files = true;
};

/// Columns: instant, action, state, operation, partition, file, inserts, updates,
/// deletes, records_written, replaced_file_groups, details (a one-line summary of the
/// Avro plan or metadata of rollback, clean, compaction, savepoint and restore instants). Instants in timeline order; for
/// completed commit, deltacommit and replacecommit instants the rows come from the
/// commit metadata (Invalid naming the file if it is malformed).
::arrow::Result<Listing> BuildTimelineListing(const TableMetaClient& client,
                                              const TimelineListingOptions& options);

}  // namespace hoodie::cli
