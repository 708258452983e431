// SPDX-License-Identifier: Apache-2.0
#include "hoodie/cli/sample_readme_test_util.h"

#include <algorithm>
#include <cctype>
#include <fstream>
#include <regex>

#include "hoodie/config/java_properties.h"

namespace hoodie::cli::testing {
namespace {

std::vector<std::string> Backticked(const std::string& line) {
  std::vector<std::string> out;
  static const std::regex re("`([^`]*)`");
  for (auto it = std::sregex_iterator(line.begin(), line.end(), re);
       it != std::sregex_iterator(); ++it) {
    out.push_back((*it)[1]);
  }
  return out;
}

// Turns one README timeline bullet into the normalised form; empty if it is a detail
// line we do not compare (rollback details, index notes).
std::string NormaliseTimelineLine(const std::string& line) {
  static const std::regex instant_re(R"(^- `(\d+)` (\w+) COMPLETED(?: \(completed `\d+`\))?(, operation \w+)?$)");
  static const std::regex file_re(R"(^  - `([^`]+)`: (inserts \d+, updates \d+, deletes \d+, records written \d+)$)");
  std::smatch m;
  if (std::regex_match(line, m, instant_re)) {
    return m[1].str() + " " + m[2].str() + " COMPLETED" + m[3].str();
  }
  if (std::regex_match(line, m, file_re)) return "  " + m[1].str() + ": " + m[2].str();
  if (line.rfind("  - replaces file groups in ", 0) == 0) {
    auto ticks = Backticked(line);
    std::string ids;
    for (size_t i = 1; i < ticks.size(); ++i) ids += (i > 1 ? "," : "") + ticks[i];
    return "  replaces " + (ticks.empty() ? "" : ticks[0]) + ": " + ids;
  }
  return "";
}

}  // namespace

std::vector<ExpectedTable> LoadExpectedTables(const std::string& readme_path) {
  std::vector<ExpectedTable> tables;
  std::ifstream in(readme_path);
  std::string line;
  enum class Block { kNone, kProperties, kTimeline } block = Block::kNone;
  bool in_fence = false;
  static const std::regex heading_re(R"(^### `(.+\.zip)`$)");
  static const std::regex version_re(R"(^Table version (\d+) )");
  std::smatch m;
  while (std::getline(in, line)) {
    if (std::regex_match(line, m, heading_re)) {
      tables.push_back(ExpectedTable{m[1].str(), 0, {}, {}});
      block = Block::kNone;
      continue;
    }
    if (tables.empty()) continue;
    ExpectedTable& table = tables.back();
    if (table.version == 0 && std::regex_search(line, m, version_re)) {
      table.version = std::stoi(m[1].str());
    }
    if (line.rfind("Properties (", 0) == 0) block = Block::kProperties;
    if (line.rfind("Timeline (", 0) == 0) block = Block::kTimeline;
    if (line.rfind("Data files", 0) == 0) block = Block::kNone;
    if (block == Block::kProperties && line.rfind("```", 0) == 0) {
      if (in_fence) block = Block::kNone;
      in_fence = !in_fence;
      continue;
    }
    if (block == Block::kProperties && in_fence) {
      // The block is hoodie.properties text as stored, so unescape it the Java way.
      auto parsed = ParseJavaProperties(line, readme_path);
      if (parsed.ok()) {
        for (auto& [key, value] : *parsed) table.properties[key] = value;
      }
    }
    if (block == Block::kTimeline) {
      std::string normalised = NormaliseTimelineLine(line);
      if (!normalised.empty()) table.timeline.push_back(normalised);
    }
  }
  return tables;
}

}  // namespace hoodie::cli::testing

namespace hoodie::cli::testing {
namespace {

std::string Trim(const std::string& text) {
  size_t begin = text.find_first_not_of(' ');
  size_t end = text.find_last_not_of(' ');
  return begin == std::string::npos ? "" : text.substr(begin, end - begin + 1);
}

std::vector<std::string> SplitTrimmed(const std::string& text, char separator) {
  std::vector<std::string> parts;
  std::string current;
  for (char c : text + separator) {
    if (c == separator) {
      parts.push_back(Trim(current));
      current.clear();
    } else if (c != '*') {  // bold markers
      current.push_back(c);
    }
  }
  return parts;
}

// `hoodie query` options for a read described in words.
std::string QueryArgs(const std::string& description) {
  std::string lower = description;
  for (char& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  std::vector<std::string> ticks = Backticked(description);
  std::string args;
  if (lower.find("incremental") != std::string::npos) {
    args = "--query-type incremental";
    if (!ticks.empty()) args += " --begin " + ticks[0];
    if (ticks.size() > 1) args += " --end " + ticks[1];
    return args;
  }
  args = lower.find("read-optimized") != std::string::npos ? "--query-type read_optimized"
                                                           : "--query-type snapshot";
  static const std::regex as_of_re("as of `(\\d+)`");
  static const std::regex filter_re("filter `(\\w+) = (\\w+)`");
  std::smatch m;
  if (std::regex_search(description, m, as_of_re)) args += " --as-of " + m[1].str();
  if (std::regex_search(description, m, filter_re)) {
    args += " --where " + m[1].str() + "=" + m[2].str();
  }
  return args;
}

// Row tuples of at least three values starting with a digit, e.g. (1, Alice, **true**).
std::vector<std::vector<std::string>> Tuples(const std::string& text) {
  static const std::regex tuple_re(R"(\((\d[^()`]*)\))");
  std::vector<std::vector<std::string>> rows;
  for (auto it = std::sregex_iterator(text.begin(), text.end(), tuple_re);
       it != std::sregex_iterator(); ++it) {
    std::vector<std::string> values = SplitTrimmed((*it)[1], ',');
    if (values.size() >= 3) rows.push_back(std::move(values));
  }
  std::sort(rows.begin(), rows.end());
  return rows;
}

}  // namespace

std::vector<ExpectedRead> LoadExpectedReads(const std::string& readme_path) {
  std::vector<ExpectedRead> reads;
  // Bullets wrap onto lines indented by two spaces: join them first.
  std::vector<std::string> lines;
  {
    std::ifstream in(readme_path);
    std::string text;
    while (std::getline(in, text)) {
      if (text.rfind("  ", 0) == 0 && !lines.empty() && lines.back().rfind("* ", 0) == 0) {
        lines.back() += " " + Trim(text);
      } else {
        lines.push_back(text);
      }
    }
  }
  std::string archive;
  bool in_results = false;
  std::vector<std::string> columns;
  static const std::regex heading_re(R"(^### `(.+\.zip)`$)");
  static const std::regex header_re(R"(^\| read \| rows \(([^)]*)\) \|)");
  std::smatch m;
  for (const std::string& line : lines) {
    if (std::regex_match(line, m, heading_re)) {
      archive = m[1].str();
      in_results = false;
      continue;
    }
    if (line.find("Expected results") != std::string::npos) {
      in_results = true;
      columns = {"id", "name", "isActive"};
      continue;
    }
    if (!in_results || archive.empty()) continue;
    if (line.rfind("Data columns", 0) == 0) {
      in_results = false;
      continue;
    }
    if (std::regex_search(line, m, header_re)) {
      columns = SplitTrimmed(m[1].str(), ',');
      continue;
    }
    std::string description;
    std::string rows_text;
    if (line.rfind("| ", 0) == 0 && line.rfind("|---", 0) != 0) {
      std::vector<std::string> cells = SplitTrimmed(line, '|');
      if (cells.size() < 3) continue;
      description = cells[1];
      rows_text = cells[2];
    } else if (line.rfind("* ", 0) == 0) {
      description = line;
      rows_text = line;
    } else {
      continue;
    }
    ExpectedRead read{archive, line, QueryArgs(description), columns, Tuples(rows_text)};
    bool no_rows = rows_text.find("no rows") != std::string::npos;
    if (read.rows.empty() && !no_rows) continue;
    if (!read.rows.empty()) read.columns.resize(read.rows[0].size());
    reads.push_back(std::move(read));
  }
  return reads;
}

}  // namespace hoodie::cli::testing
