// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/cli/query_command.h
/// \brief `hoodie query`: snapshot, time-travel, read-optimized and incremental reads
/// printed as a table, JSON lines, CSV, or written to a Parquet file.
#pragma once

#include <ostream>
#include <string>

#include <CLI/CLI.hpp>
#include <arrow/record_batch.h>
#include <arrow/status.h>

#include "hoodie/cli/command.h"

namespace hoodie::cli {

/// Adds the `query` subcommand to `app`. `options` must outlive parsing.
void AddQueryCommand(CLI::App* app, const GlobalOptions* options);

/// Prints the rows of `reader` as `format` says: "table" (aligned text), "json" (one
/// object per line) or "csv" (with a header line); the output of `hoodie query` and
/// `hoodie sql`.
::arrow::Status PrintRows(::arrow::RecordBatchReader* reader, const std::string& format,
                          std::ostream& out);

}  // namespace hoodie::cli
