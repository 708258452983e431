// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/format/bloom/base64_internal.h
/// \brief Standard Base64 (RFC 4648) as java.util.Base64's basic encoder and decoder.
#pragma once

#include <arrow/result.h>

#include <string>
#include <string_view>

namespace hoodie::internal {

/// `+/` alphabet, `=` padding, no line breaks (java.util.Base64.getEncoder()).
std::string Base64Encode(std::string_view bytes);

/// Decodes like java.util.Base64.getDecoder(): padding is optional, but any character
/// outside the alphabet, misplaced padding or a dangling single character is Invalid
/// (where Arrow's own decoder would silently stop).
::arrow::Result<std::string> Base64Decode(std::string_view text);

}  // namespace hoodie::internal
