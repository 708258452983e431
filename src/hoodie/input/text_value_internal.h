// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/input/text_value_internal.h
/// \brief One text value (a CSV cell, a JSON string) appended to an Arrow builder of the
/// target type, parsed as Spark's CSV and JSON readers parse text for that type.
#pragma once

#include <string>
#include <string_view>

#include <arrow/status.h>
#include <arrow/type_fwd.h>

namespace hoodie::internal {

/// Appends `text` to `builder`, whose type is a primitive of the target schema: string
/// and binary as they are; booleans "true"/"false" in any case; integers and decimals
/// in decimal notation; floats also "NaN", "Infinity", "-Infinity" (and "Inf"); dates
/// "yyyy-MM-dd" (a time part ignored); timestamps ISO 8601 with ' ' or 'T', fractions to
/// the type's unit and an optional offset, UTC when it has none (Spark with its session
/// time zone at UTC). Invalid, saying what `text` should look like, when it does not
/// parse or fit; the caller adds where the value was.
::arrow::Status AppendText(std::string_view text, ::arrow::ArrayBuilder* builder);

/// True for the types AppendText parses.
bool IsTextParsable(const ::arrow::DataType& type);

/// Spark's catalog name of `type` ("bigint", "timestamp", "decimal(10,2)", ...), for
/// messages.
std::string SparkTypeName(const ::arrow::DataType& type);

}  // namespace hoodie::internal
