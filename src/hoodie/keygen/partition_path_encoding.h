// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/keygen/partition_path_encoding.h
/// \brief Hive-style escaping of partition path values (Java PartitionPathEncodeUtils).
#pragma once

#include <string>
#include <string_view>

#include "hoodie/visibility.h"

namespace hoodie {

/// The folder of records whose partition value is null or empty
/// (PartitionPathEncodeUtils.DEFAULT_PARTITION_PATH).
inline constexpr std::string_view kDefaultPartitionPath = "__HIVE_DEFAULT_PARTITION__";

/// Escapes `value` as PartitionPathEncodeUtils.escapePathName does: every control char
/// below 0x20, `"`, `#`, `%`, `'`, `*`, `/`, `:`, `=`, `?`, `\`, 0x7F, `{`, `[`, `]` and
/// `^` becomes `%` plus two upper-case hex digits; everything else (including UTF-8
/// bytes of non-ASCII characters) is kept. An empty value gives kDefaultPartitionPath,
/// as in Java. Pure function; thread-safe.
HOODIE_EXPORT std::string EscapePartitionPathValue(std::string_view value);

/// Reverses EscapePartitionPathValue (PartitionPathEncodeUtils.unescapePathName): each
/// `%XX` with two hex digits becomes that byte; a malformed `%` sequence is kept as is.
HOODIE_EXPORT std::string UnescapePartitionPathValue(std::string_view value);

}  // namespace hoodie
