// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/cli/query_command.h
/// \brief `hoodie query`: snapshot, time-travel, read-optimized and incremental reads
/// printed as a table, JSON lines, CSV, or written to a Parquet file.
#pragma once

#include <CLI/CLI.hpp>

#include "hoodie/cli/command.h"

namespace hoodie::cli {

/// Adds the `query` subcommand to `app`. `options` must outlive parsing.
void AddQueryCommand(CLI::App* app, const GlobalOptions* options);

}  // namespace hoodie::cli
