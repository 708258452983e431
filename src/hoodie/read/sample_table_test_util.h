// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/read/sample_table_test_util.h
/// \brief Opens a shared hudi-rs sample table in a TempDir and reads rows as text.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include <arrow/result.h>

#include "hoodie/read/table_reader.h"
#include "hoodie/table/file_system_view.h"
#include "hoodie/testing/temp_dir.h"

namespace hoodie::testing {

using TextRows = std::vector<std::vector<std::string>>;

/// An unzipped sample table with its reader.
struct SampleTable {
  TempDir dir;
  std::string base;
  std::shared_ptr<TableMetaClient> client;
  std::unique_ptr<TableReader> reader;

  /// `zip` relative to hudi-rs-tables/, e.g. "sample_table/cow/v6_nonpartitioned.zip".
  static ::arrow::Result<std::unique_ptr<SampleTable>> Open(const std::string& zip);

  ::arrow::Result<std::shared_ptr<const FileSystemView>> View() const;

  /// The rows of `options` restricted to `columns` (in that order), as text, sorted.
  ::arrow::Result<TextRows> Rows(ReadOptions options,
                                 const std::vector<std::string>& columns) const;
};

/// Base file names of `slices`, in order ("" for a slice without base file).
std::vector<std::string> BaseFileNames(const std::vector<FileSlice>& slices);

}  // namespace hoodie::testing
