// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/format/parquet/parquet_errors.h
/// \brief The one adapter from Parquet C++'s exceptions to arrow::Status: parquet-cpp
/// throws ParquetException from footers, page decoding and writers even behind its
/// Status APIs, and no exception may cross hoodie's API.
#pragma once

#include <string>
#include <string_view>
#include <type_traits>

#include <arrow/result.h>
#include <arrow/status.h>
#include <parquet/exception.h>

namespace hoodie {

/// Runs `body` (returning arrow::Status or arrow::Result<T>) and turns a
/// ParquetException it throws into a Status of `code`: "<failed>: <exception text>",
/// then ": <path>" when `path` is not empty.
template <typename Body>
auto CatchParquetErrors(::arrow::StatusCode code, std::string_view failed,
                        std::string_view path, Body&& body) -> decltype(body()) {
  try {
    return body();
  } catch (const ::parquet::ParquetException& e) {
    std::string message = std::string(failed) + ": " + e.what();
    if (!path.empty()) message += ": " + std::string(path);
    return ::arrow::Status(code, std::move(message));
  }
}

}  // namespace hoodie
