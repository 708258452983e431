// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/read/file_pruner.h
/// \brief Data skipping's seam: which planned file slices may hold rows a read's filters
/// keep, told by an index the reader does not know (the metadata table's column_stats).
#pragma once

#include <cstdint>
#include <vector>

#include <arrow/result.h>

#include "hoodie/read/read_options.h"
#include "hoodie/table/file_slice.h"
#include "hoodie/visibility.h"

namespace arrow {
class Schema;
}  // namespace arrow

namespace hoodie {

/// \brief Decides, from statistics of the slices' files, which slices a read can skip.
/// Thread-safe const methods.
class HOODIE_EXPORT FilePruner {
 public:
  virtual ~FilePruner() = default;
  /// For each of `slices`, whether its files may hold a row on which every one of
  /// `filters` holds (`table_schema` types the filters' literals). A slice whose files
  /// the index does not cover is always kept.
  virtual ::arrow::Result<std::vector<bool>> MayMatch(
      const std::vector<FileSlice>& slices, const std::vector<ColumnFilter>& filters,
      const ::arrow::Schema& table_schema) const = 0;
};

/// \brief What a read planned and read (`hoodie query --explain`).
struct HOODIE_EXPORT ReadExplain {
  /// The latest file slices left after partition pruning.
  int64_t slices_planned = 0;
  /// Those whose files the reader opens (after data skipping).
  int64_t slices_read = 0;
};

}  // namespace hoodie
