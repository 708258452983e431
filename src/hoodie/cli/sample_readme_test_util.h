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

/// One read the README's "Expected results" states with its rows: a row of a
/// `| read | rows (cols) | source |` table, or a bullet, naming the read in words
/// ("snapshot as of `T`", "read-optimized, filter `byteField = 10`",
/// "Incremental (`S`, `E`]") followed by row tuples `(1, Alice, false)` or "no rows".
struct ExpectedRead {
  std::string archive;
  std::string line;  ///< the README line, for failure messages
  /// `hoodie query` options for the read, e.g. "--query-type incremental --begin S".
  std::string query_args;
  /// The columns the tuples list (the table header's, else id, name, isActive).
  std::vector<std::string> columns;
  /// Tuple values (bold markers removed), sorted.
  std::vector<std::vector<std::string>> rows;
};

/// Every expected read of every table section; empty if the file is missing.
std::vector<ExpectedRead> LoadExpectedReads(const std::string& readme_path);

}  // namespace hoodie::cli::testing
