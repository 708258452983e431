// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/cli/output.cc
/// \brief Listing and description printers shared by every subcommand.
#include <algorithm>
#include <ostream>

#include <nlohmann/json.hpp>

#include "hoodie/cli/command.h"
#include "hoodie/cli/command_error.h"
#include "hoodie/storage/storage_calls.h"

namespace hoodie::cli {

void SetAction(CLI::App* command, CommandBody body) {
  command->callback([body = std::move(body)]() {
    ::arrow::Status st = body();
    if (!st.ok()) throw CommandError(st);
  });
}

namespace {

void PrintTextTable(const Listing& listing, std::ostream& out) {
  std::vector<size_t> widths(listing.header.size(), 0);
  for (size_t i = 0; i < listing.header.size(); ++i) widths[i] = listing.header[i].size();
  for (const auto& row : listing.rows) {
    for (size_t i = 0; i < row.size() && i < widths.size(); ++i) {
      widths[i] = std::max(widths[i], row[i].size());
    }
  }
  auto print_row = [&](const std::vector<std::string>& row) {
    std::string line;
    for (size_t i = 0; i < row.size(); ++i) {
      line += row[i];
      if (i + 1 < row.size()) line += std::string(widths[i] - row[i].size() + 2, ' ');
    }
    out << line << '\n';
  };
  print_row(listing.header);
  for (const auto& row : listing.rows) print_row(row);
}

}  // namespace

void PrintListing(const GlobalOptions& options, const Listing& listing, std::ostream& out) {
  if (options.output == OutputFormat::kTable) {
    PrintTextTable(listing, out);
    return;
  }
  nlohmann::ordered_json array = nlohmann::ordered_json::array();
  for (const auto& row : listing.rows) {
    nlohmann::ordered_json object = nlohmann::ordered_json::object();
    for (size_t i = 0; i < listing.header.size() && i < row.size(); ++i) {
      object[listing.header[i]] = row[i];
    }
    array.push_back(std::move(object));
  }
  out << array.dump(2) << '\n';
}

void PrintKeyValues(const GlobalOptions& options,
                    const std::vector<std::pair<std::string, std::string>>& pairs,
                    std::ostream& out) {
  if (options.output == OutputFormat::kJson) {
    nlohmann::ordered_json object = nlohmann::ordered_json::object();
    for (const auto& [key, value] : pairs) object[key] = value;
    out << object.dump(2) << '\n';
    return;
  }
  size_t width = 0;
  for (const auto& kv : pairs) width = std::max(width, kv.first.size());
  for (const auto& [key, value] : pairs) {
    out << key << std::string(width - key.size() + 2, ' ') << value << '\n';
  }
}

void PrintStorageCalls(const GlobalOptions& options,
                       const std::map<std::string, StorageCallCounts>& by_store,
                       std::ostream& out) {
  auto named = [](const StorageCallCounts& calls) {
    auto counts = calls.Named();
    counts.insert(counts.begin() + 7, {"total", calls.total()});
    return counts;
  };
  if (options.output == OutputFormat::kJson) {
    nlohmann::ordered_json stores = nlohmann::ordered_json::object();
    for (const auto& [store, calls] : by_store) {
      nlohmann::ordered_json object = nlohmann::ordered_json::object();
      for (const auto& [name, count] : named(calls)) object[name] = count;
      stores[store] = std::move(object);
    }
    out << nlohmann::ordered_json{{"storage_calls", std::move(stores)}}.dump() << '\n';
    return;
  }
  for (const auto& [store, calls] : by_store) {
    out << "hoodie: storage calls on " << store << ':';
    for (const auto& [name, count] : named(calls)) out << ' ' << name << '=' << count;
    out << '\n';
  }
}

}  // namespace hoodie::cli
