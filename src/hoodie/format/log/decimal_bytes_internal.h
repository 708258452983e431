// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/format/log/decimal_bytes_internal.h
/// \brief Decimals as the big-endian two's-complement bytes Avro and parquet-avro store.
#pragma once

#include <cstdint>
#include <string>

#include <arrow/util/decimal.h>

namespace hoodie::internal {

/// Java BigInteger.toByteArray of the unscaled value: the shortest big-endian
/// two's-complement form (Avro's bytes-backed decimals).
std::string MinimalTwosComplement(const ::arrow::Decimal128& value);

/// The unscaled value sign-extended to `size` bytes (Avro's fixed-backed decimals);
/// empty when it needs more than `size` bytes.
std::string FixedTwosComplement(const ::arrow::Decimal128& value, int32_t size);

}  // namespace hoodie::internal
