// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/cli/sample_readme_test_util.h
/// \brief Reads the expectations that shared/testdata/hudi-rs-tables/README.md states for
/// each real Hudi table: its hoodie.properties and its timeline.
#pragma once

#include <map>
#include <string>
#include <vector>

namespace hoodie::cli::testing {

struct ExpectedTable {
  std::string archive;  ///< relative to hudi-rs-tables/, e.g. "sample_table/cow/v6_empty.zip"
  int version = 0;
  /// "key=value" lines of the Properties block (the schema line is omitted there).
  std::map<std::string, std::string> properties;
  /// Timeline in the README's words, normalised: one line per instant
  /// ("<ts> <action> COMPLETED[, operation OP]"), one per file
  /// ("  <path>: inserts a, updates b, deletes c, records written d") and one per
  /// partition of replaced file groups ("  replaces <partition>: <id>,<id>").
  std::vector<std::string> timeline;
};

/// Parses every table section of the README; empty if the file is missing.
std::vector<ExpectedTable> LoadExpectedTables(const std::string& readme_path);

}  // namespace hoodie::cli::testing
