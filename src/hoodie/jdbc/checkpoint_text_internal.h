// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/jdbc/checkpoint_text_internal.h
/// \brief The JDBC source's checkpoint: the incremental column's maximum as Spark casts
/// it to a string (JdbcSource.checkpoint: max(col).cast(StringType)).
#pragma once

#include <string>

#include <arrow/result.h>
#include <arrow/type_fwd.h>

namespace hoodie::internal {

/// `value` (not null) as Spark's Cast to StringType writes it with a UTC session:
/// integers and decimals in plain notation (decimals with their scale), dates
/// yyyy-MM-dd, timestamps yyyy-MM-dd HH:mm:ss with the fraction's trailing zeros cut,
/// booleans true/false, strings as they are, floating point in Java's notation.
/// \return NotImplemented for other types.
::arrow::Result<std::string> SparkStringOf(const ::arrow::Scalar& value);

}  // namespace hoodie::internal
