// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/cli/value_text.h
/// \brief Renders Arrow values as text or JSON for tools (the `hoodie query` output).
///
/// Text form, chosen to read like pyarrow's printing: null -> `null`; integers in
/// decimal; floats in shortest round-trip form (`1`, `3.14159`); booleans `true` /
/// `false`; strings as is; binary as upper-case hex (`62696E617279`, as pyarrow's
/// array printing); decimals exact with their scale (`12345.67890`); dates
/// `2023-04-01`; timestamps ISO 8601 in UTC with the unit's fraction digits
/// (`2023-04-01T17:01:00.000000Z`; no `Z` for a timestamp without time zone); lists
/// `[a, b]`, structs `{"f": v}`, maps `{"k": v}` with nested strings JSON-quoted.
/// JSON form: the same, but strings, binaries, dates and timestamps quoted, and
/// non-finite floats as null.
#pragma once

#include <cstdint>
#include <string>

#include <arrow/array.h>

namespace hoodie {

/// Text of row `row` of `array` (see the file comment). Thread-safe.
std::string ValueToText(const ::arrow::Array& array, int64_t row);

/// JSON value of row `row` of `array`. Thread-safe.
std::string ValueToJson(const ::arrow::Array& array, int64_t row);

/// `text` as a JSON string literal, with quotes.
std::string JsonQuote(std::string_view text);

}  // namespace hoodie
