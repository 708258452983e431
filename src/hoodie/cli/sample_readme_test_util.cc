// SPDX-License-Identifier: Apache-2.0
#include "hoodie/cli/sample_readme_test_util.h"

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
