// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/config/java_properties.cc
/// \brief java.util.Properties load/store text format (see java_properties.h).
#include "hoodie/config/java_properties.h"

#include <arrow/status.h>

#include <ctime>
#include <string>
#include <unordered_map>

namespace hoodie {
namespace {

bool IsPropertiesSpace(char c) { return c == ' ' || c == '\t' || c == '\f'; }

void AppendUtf8(uint32_t cp, std::string* out) {
  if (cp < 0x80) {
    out->push_back(static_cast<char>(cp));
  } else if (cp < 0x800) {
    out->push_back(static_cast<char>(0xC0 | (cp >> 6)));
    out->push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  } else if (cp < 0x10000) {
    out->push_back(static_cast<char>(0xE0 | (cp >> 12)));
    out->push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
    out->push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  } else {
    out->push_back(static_cast<char>(0xF0 | (cp >> 18)));
    out->push_back(static_cast<char>(0x80 | ((cp >> 12) & 0x3F)));
    out->push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
    out->push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  }
}

/// One logical line (continuations joined) and the natural line it started on.
struct LogicalLine {
  std::string text;
  int line_number = 0;
};

// Mirrors java.util.Properties.LineReader: skips blank and comment lines, strips leading
// white space of every natural line, and joins a line ending in an odd number of
// backslashes with the next one. A comment line never continues.
std::vector<LogicalLine> SplitLogicalLines(std::string_view text) {
  std::vector<LogicalLine> lines;
  size_t pos = 0;
  int line_number = 0;
  while (pos < text.size()) {
    LogicalLine current;
    bool continuing = false;
    while (pos < text.size()) {
      size_t end = pos;
      while (end < text.size() && text[end] != '\n' && text[end] != '\r') ++end;
      std::string_view natural = text.substr(pos, end - pos);
      ++line_number;
      pos = end;
      if (pos < text.size()) {
        bool crlf = text[pos] == '\r' && pos + 1 < text.size() && text[pos + 1] == '\n';
        pos += crlf ? 2 : 1;
      }
      size_t start = 0;
      while (start < natural.size() && IsPropertiesSpace(natural[start])) ++start;
      natural.remove_prefix(start);
      if (!continuing) {
        if (natural.empty() || natural[0] == '#' || natural[0] == '!') continue;
        current.line_number = line_number;
      }
      size_t backslashes = 0;
      while (backslashes < natural.size() &&
             natural[natural.size() - 1 - backslashes] == '\\') {
        ++backslashes;
      }
      if (backslashes % 2 == 1) {
        current.text.append(natural.substr(0, natural.size() - 1));
        continuing = true;
        continue;
      }
      current.text.append(natural);
      continuing = false;
      break;
    }
    if (continuing || !current.text.empty()) lines.push_back(std::move(current));
  }
  return lines;
}

int HexValue(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

/// Appends UTF-16 code unit `unit`, pairing a high surrogate kept in `*pending_high`.
void AppendUtf16Unit(uint32_t unit, uint32_t* pending_high, std::string* out) {
  if (*pending_high != 0) {
    if (unit >= 0xDC00 && unit <= 0xDFFF) {
      AppendUtf8(0x10000 + ((*pending_high - 0xD800) << 10) + (unit - 0xDC00), out);
      *pending_high = 0;
      return;
    }
    AppendUtf8(*pending_high, out);
    *pending_high = 0;
  }
  if (unit >= 0xD800 && unit <= 0xDBFF) {
    *pending_high = unit;
  } else {
    AppendUtf8(unit, out);
  }
}

// Properties.loadConvert: resolves backslash escapes; Latin-1 bytes become UTF-8.
::arrow::Result<std::string> LoadConvert(std::string_view in, std::string_view source,
                                         int line_number) {
  std::string out;
  out.reserve(in.size());
  uint32_t pending_high = 0;
  for (size_t i = 0; i < in.size();) {
    unsigned char c = static_cast<unsigned char>(in[i++]);
    uint32_t unit = c;
    if (c == '\\' && i < in.size()) {
      c = static_cast<unsigned char>(in[i++]);
      unit = c;
      if (c == 'u') {
        if (i + 4 > in.size()) {
          return ::arrow::Status::Invalid("Malformed \\uxxxx encoding in ", source,
                                          " at line ", line_number);
        }
        unit = 0;
        for (int k = 0; k < 4; ++k) {
          int h = HexValue(in[i + k]);
          if (h < 0) {
            return ::arrow::Status::Invalid("Malformed \\uxxxx encoding in ", source,
                                            " at line ", line_number);
          }
          unit = unit * 16 + static_cast<uint32_t>(h);
        }
        i += 4;
      } else if (c == 't') {
        unit = '\t';
      } else if (c == 'r') {
        unit = '\r';
      } else if (c == 'n') {
        unit = '\n';
      } else if (c == 'f') {
        unit = '\f';
      }
    }
    AppendUtf16Unit(unit, &pending_high, &out);
  }
  if (pending_high != 0) AppendUtf8(pending_high, &out);
  return out;
}

/// Splits a logical line into raw (still escaped) key and value, as Properties.load0.
std::pair<std::string_view, std::string_view> SplitKeyValue(std::string_view line) {
  size_t key_len = 0;
  size_t value_start = line.size();
  bool has_separator = false;
  bool preceding_backslash = false;
  while (key_len < line.size()) {
    char c = line[key_len];
    if ((c == '=' || c == ':') && !preceding_backslash) {
      value_start = key_len + 1;
      has_separator = true;
      break;
    }
    if (IsPropertiesSpace(c) && !preceding_backslash) {
      value_start = key_len + 1;
      break;
    }
    preceding_backslash = (c == '\\') ? !preceding_backslash : false;
    ++key_len;
  }
  while (value_start < line.size()) {
    char c = line[value_start];
    if (!IsPropertiesSpace(c)) {
      if (!has_separator && (c == '=' || c == ':')) {
        has_separator = true;
      } else {
        break;
      }
    }
    ++value_start;
  }
  return {line.substr(0, key_len), line.substr(value_start)};
}

/// Decodes UTF-8 into code points; a byte that does not start a valid sequence is taken
/// as its Latin-1 code point so no input is lost.
std::vector<uint32_t> DecodeUtf8(std::string_view s) {
  std::vector<uint32_t> cps;
  for (size_t i = 0; i < s.size();) {
    unsigned char c = static_cast<unsigned char>(s[i]);
    size_t extra = (c >= 0xF0 && c < 0xF8)   ? 3
                   : (c >= 0xE0 && c < 0xF0) ? 2
                   : (c >= 0xC0 && c < 0xE0) ? 1
                                             : 0;
    bool valid = extra > 0;
    uint32_t cp = c & (0x3F >> extra);
    for (size_t k = 1; valid && k <= extra; ++k) {
      if (i + k >= s.size() || (static_cast<unsigned char>(s[i + k]) & 0xC0) != 0x80) {
        valid = false;
      } else {
        cp = (cp << 6) | (static_cast<unsigned char>(s[i + k]) & 0x3F);
      }
    }
    if (valid) {
      cps.push_back(cp);
      i += extra + 1;
    } else {
      cps.push_back(c);
      ++i;
    }
  }
  return cps;
}

void AppendUnicodeEscape(uint32_t unit, std::string* out) {
  static const char kHex[] = "0123456789ABCDEF";
  out->append("\\u");
  for (int shift = 12; shift >= 0; shift -= 4)
    out->push_back(kHex[(unit >> shift) & 0xF]);
}

// `cp` as \uXXXX escapes of its UTF-16 code units: Java strings hold UTF-16, so a
// supplementary character is two escapes (its surrogate pair).
void AppendUtf16Escapes(uint32_t cp, std::string* out) {
  if (cp >= 0x10000) {
    AppendUnicodeEscape(0xD800 + ((cp - 0x10000) >> 10), out);
    AppendUnicodeEscape(0xDC00 + ((cp - 0x10000) & 0x3FF), out);
  } else {
    AppendUnicodeEscape(cp, out);
  }
}

// Properties.saveConvert with escUnicode = true.
std::string SaveConvert(std::string_view text, bool escape_space) {
  std::string out;
  bool first = true;
  for (uint32_t cp : DecodeUtf8(text)) {
    bool at_start = first;
    first = false;
    if (cp > 61 && cp < 127) {
      if (cp == '\\') {
        out.append("\\\\");
      } else {
        out.push_back(static_cast<char>(cp));
      }
      continue;
    }
    switch (cp) {
      case ' ':
        out.append((at_start || escape_space) ? "\\ " : " ");
        break;
      case '\t':
        out.append("\\t");
        break;
      case '\n':
        out.append("\\n");
        break;
      case '\r':
        out.append("\\r");
        break;
      case '\f':
        out.append("\\f");
        break;
      case '=':
      case ':':
      case '#':
      case '!':
        out.push_back('\\');
        out.push_back(static_cast<char>(cp));
        break;
      default:
        if (cp < 0x20 || cp > 0x7E) {
          AppendUtf16Escapes(cp, &out);
        } else {
          out.push_back(static_cast<char>(cp));
        }
    }
  }
  return out;
}

// Properties.writeComments: line breaks start a new comment line (adding '#' unless the
// next character already is '#' or '!'); characters above 0xFF become \uXXXX and
// Latin-1 characters are written as single ISO-8859-1 bytes.
std::string FormatComment(std::string_view comment) {
  std::string out = "#";
  std::vector<uint32_t> cps = DecodeUtf8(comment);
  for (size_t i = 0; i < cps.size(); ++i) {
    uint32_t cp = cps[i];
    if (cp == '\r' || cp == '\n') {
      if (cp == '\r' && i + 1 < cps.size() && cps[i + 1] == '\n') ++i;
      out.push_back('\n');
      if (i + 1 >= cps.size() || (cps[i + 1] != '#' && cps[i + 1] != '!')) {
        out.push_back('#');
      }
    } else if (cp > 0xFF) {
      AppendUtf16Escapes(cp, &out);
    } else {
      out.push_back(static_cast<char>(cp));
    }
  }
  out.push_back('\n');
  return out;
}

}  // namespace

::arrow::Result<std::vector<PropertyEntry>> ParseJavaPropertiesEntries(
    std::string_view text, std::string_view source) {
  std::vector<PropertyEntry> entries;
  for (const LogicalLine& line : SplitLogicalLines(text)) {
    auto [raw_key, raw_value] = SplitKeyValue(line.text);
    PropertyEntry entry;
    entry.line = line.line_number;
    ARROW_ASSIGN_OR_RAISE(entry.key, LoadConvert(raw_key, source, line.line_number));
    ARROW_ASSIGN_OR_RAISE(entry.value, LoadConvert(raw_value, source, line.line_number));
    entries.push_back(std::move(entry));
  }
  return entries;
}

::arrow::Result<PropertyList> ParseJavaProperties(std::string_view text,
                                                  std::string_view source) {
  ARROW_ASSIGN_OR_RAISE(std::vector<PropertyEntry> parsed,
                        ParseJavaPropertiesEntries(text, source));
  PropertyList entries;
  std::unordered_map<std::string, size_t> index;
  for (PropertyEntry& entry : parsed) {
    auto it = index.find(entry.key);
    if (it != index.end()) {
      entries[it->second].second = std::move(entry.value);
    } else {
      index.emplace(entry.key, entries.size());
      entries.emplace_back(std::move(entry.key), std::move(entry.value));
    }
  }
  return entries;
}

std::string EscapeJavaPropertiesKey(std::string_view key) {
  return SaveConvert(key, true);
}

std::string EscapeJavaPropertiesValue(std::string_view value) {
  return SaveConvert(value, false);
}

std::string FormatJavaProperties(const PropertyList& entries, std::string_view comment,
                                 std::string_view date_line) {
  std::string out;
  if (!comment.empty()) out.append(FormatComment(comment));
  out.push_back('#');
  out.append(date_line.empty() ? JavaDateNow() : std::string(date_line));
  out.push_back('\n');
  for (const auto& [key, value] : entries) {
    out.append(EscapeJavaPropertiesKey(key));
    out.push_back('=');
    out.append(EscapeJavaPropertiesValue(value));
    out.push_back('\n');
  }
  return out;
}

std::string JavaDateNow() {
  std::time_t now = std::time(nullptr);
  std::tm local{};
  localtime_r(&now, &local);
  // Date.toString() is "EEE MMM dd HH:mm:ss zzz yyyy" with English names.
  static const char* kDays[] = {"Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"};
  static const char* kMonths[] = {"Jan", "Feb", "Mar", "Apr", "May", "Jun",
                                  "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};
  char zone[64] = {0};
  std::strftime(zone, sizeof(zone), "%Z", &local);
  char buffer[128];
  std::snprintf(buffer, sizeof(buffer), "%s %s %02d %02d:%02d:%02d %s %d",
                kDays[local.tm_wday], kMonths[local.tm_mon], local.tm_mday, local.tm_hour,
                local.tm_min, local.tm_sec, zone, local.tm_year + 1900);
  return buffer;
}

}  // namespace hoodie
