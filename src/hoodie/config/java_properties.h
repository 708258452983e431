// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/config/java_properties.h
/// \brief Reads and writes the text format of java.util.Properties (load / store).
///
/// Both hoodie.properties and user .properties files use it, so the semantics follow
/// java.util.Properties exactly: '#'/'!' comments, '=', ':' or white space as separator,
/// backslash escapes (\t \n \r \f \uXXXX, any other escaped char stands for itself),
/// line continuation with a trailing odd backslash, leading white space skipped.
#pragma once

#include <arrow/result.h>

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "hoodie/visibility.h"

namespace hoodie {

/// Entries in file order. A key that appears twice keeps its last value, at the
/// position of its first appearance (what java.util.Properties ends up holding).
using PropertyList = std::vector<std::pair<std::string, std::string>>;

/// Parses Properties.load text. `text` is ISO-8859-1 per Java; bytes >= 0x80 are kept
/// as the UTF-8 encoding of that Latin-1 code point, and \uXXXX escapes become UTF-8.
/// Invalid on a malformed \u escape, naming `source` and the line number.
HOODIE_EXPORT
::arrow::Result<PropertyList> ParseJavaProperties(std::string_view text,
                                                  std::string_view source = "<input>");

/// One entry as it appears in the text, with the line its logical line starts on.
struct HOODIE_EXPORT PropertyEntry {
  std::string key;
  std::string value;
  int line = 0;
};

/// Like ParseJavaProperties but keeps every entry in file order, duplicates included,
/// so callers can act on entries positionally (include= in HoodieConfig).
HOODIE_EXPORT ::arrow::Result<std::vector<PropertyEntry>> ParseJavaPropertiesEntries(
    std::string_view text, std::string_view source = "<input>");

/// Writes Properties.store text: "#<comment>\n#<date>\n" then "key=value\n" lines, with
/// Java's escaping (=, :, #, ! and backslash escaped; \t\n\r\f; leading space in value
/// and any space in key as "\ "; characters outside 0x20-0x7E as \uXXXX, uppercase hex).
/// `date_line` is what Java's Date.toString() would print; empty means "now" in that
/// form.
HOODIE_EXPORT
std::string FormatJavaProperties(const PropertyList& entries, std::string_view comment,
                                 std::string_view date_line = "");

/// Escapes one key or value as Properties.store does.
HOODIE_EXPORT std::string EscapeJavaPropertiesKey(std::string_view key);
HOODIE_EXPORT std::string EscapeJavaPropertiesValue(std::string_view value);

/// Date.toString() of the current time in the local zone: "Thu Apr 18 18:13:56 CDT 2024".
HOODIE_EXPORT std::string JavaDateNow();

}  // namespace hoodie
