// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/cli/write_command.h
/// \brief `hoodie write`: insert, upsert, bulk insert or delete records from JSON, CSV
/// or Parquet files into a copy-on-write table, creating it on first write.
#pragma once

#include <CLI/CLI.hpp>

#include "hoodie/cli/command.h"

namespace hoodie::cli {

/// Adds the `write` subcommand to `app`. `options` must outlive parsing.
void AddWriteCommand(CLI::App* app, const GlobalOptions* options);

}  // namespace hoodie::cli
