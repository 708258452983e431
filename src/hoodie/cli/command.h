// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/cli/command.h
/// \brief How `hoodie` subcommands are declared, run and print their results.
///
/// Every command group has one Add*Commands function that adds its subcommands to the
/// CLI11 app. A subcommand body is a CommandBody returning arrow::Status; a failed Status is
/// printed as one line "hoodie: error: <message>" on stderr and exits 1. Usage errors
/// (bad flags) exit 2. Listings honour the global `--output table|json`.
#pragma once

#include <functional>
#include <iosfwd>
#include <map>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>
#include <arrow/status.h>

namespace hoodie {
struct StorageCallCounts;
}  // namespace hoodie

namespace hoodie::cli {

enum class OutputFormat { kTable, kJson };

/// Options every subcommand sees; filled by the top-level parser before actions run.
struct GlobalOptions {
  OutputFormat output = OutputFormat::kTable;
};

/// Body of a subcommand.
using CommandBody = std::function<::arrow::Status()>;

/// Makes `body` the body of `command`.
void SetAction(CLI::App* command, CommandBody body);

/// Rows of a listing: printed as aligned text columns or as a JSON array of objects
/// keyed by the header names.
struct Listing {
  std::vector<std::string> header;
  std::vector<std::vector<std::string>> rows;
};

/// Prints `listing` in the format `options.output` asks for, to `out`.
void PrintListing(const GlobalOptions& options, const Listing& listing, std::ostream& out);

/// Prints key/value pairs (a description) in the chosen format: "key  value" lines, or
/// one JSON object.
void PrintKeyValues(const GlobalOptions& options,
                    const std::vector<std::pair<std::string, std::string>>& pairs,
                    std::ostream& out);

/// Prints the storage calls a command made (--stats), by store: a line "hoodie: storage
/// calls on <store>: list=N head=N ..." per store or, for JSON output, one line
/// {"storage_calls": {"<store>": {"list": N, ...}, ...}}.
void PrintStorageCalls(const GlobalOptions& options,
                       const std::map<std::string, StorageCallCounts>& by_store,
                       std::ostream& out);

// Command groups. Each lives in its own <group>_command.cc.
void AddConfigCommands(CLI::App* app, const GlobalOptions* options);
void AddTableCommands(CLI::App* app, const GlobalOptions* options);
void AddTimelineCommands(CLI::App* app, const GlobalOptions* options);
void AddDemoCommand(CLI::App* app, const GlobalOptions* options);
void AddRollbackCommand(CLI::App* app, const GlobalOptions* options);
void AddCompactionCommands(CLI::App* app, const GlobalOptions* options);
void AddCleanCommand(CLI::App* app, const GlobalOptions* options);
void AddArchiveCommand(CLI::App* app, const GlobalOptions* options);
void AddSavepointCommands(CLI::App* app, const GlobalOptions* options);
void AddMetadataCommands(CLI::App* app, const GlobalOptions* options);
void AddStreamerCommand(CLI::App* app, const GlobalOptions* options);
void AddSqlCommand(CLI::App* app, const GlobalOptions* options);

}  // namespace hoodie::cli
