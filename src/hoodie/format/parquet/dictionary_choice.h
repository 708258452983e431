// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/format/parquet/dictionary_choice.h
/// \brief Which columns of a base file dictionary encoding would not shrink: parquet-mr's
/// first-page check, decided ahead from the file's first rows.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include <arrow/type_fwd.h>

#include "hoodie/visibility.h"

namespace hoodie {

/// Rows of a file's first batch that DictionaryWouldNotPay looks at.
inline constexpr int64_t kDictionarySampleRows = 8192;

/// \brief The top-level columns of `batch` whose first `kDictionarySampleRows` rows a
/// dictionary would not encode in fewer bytes than plain encoding does: the distinct
/// values' plain bytes plus a bit-packed index per value reach the values' own plain
/// bytes.
///
/// parquet-mr (Hudi's writer) starts every column with a dictionary and falls back to
/// plain encoding when, at the end of the first page, the dictionary did not shrink it
/// (DictionaryValuesWriter.isCompressionSatisfying). Arrow's writer keeps a dictionary
/// until it outgrows its page size, so in a file of 100,000 rows a column of unique keys
/// or timestamps is hashed row by row for nothing. Deciding from the first rows, as
/// parquet-mr decides from its first page, gives those columns plain encoding from the
/// start. Covered: 32- and 64-bit integers and floats, dates, timestamps, strings and
/// binaries (what the interop suite proves Spark reads plain); every other column
/// (nested, boolean, decimal, 8/16-bit integers, dictionary-typed) is left to Arrow.
HOODIE_EXPORT
std::vector<std::string> DictionaryWouldNotPay(const ::arrow::RecordBatch& batch);

}  // namespace hoodie
