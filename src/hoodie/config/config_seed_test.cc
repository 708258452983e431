// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/config/config_seed_test.cc
/// \brief Every configuration key the seed documentation names is registered, with the
/// documented default (or a recorded reason why not).
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
#include <regex>
#include <set>
#include <sstream>

#include "hoodie/config/config_registry.h"
#include "hoodie/testing/temp_dir.h"
#include "hoodie/testing/test_data.h"

namespace hoodie {
namespace {
namespace fs = std::filesystem;

/// One key found in a seed document.
struct SeedKey {
  std::string key;
  std::optional<std::string> default_value;
  bool required = false;
  std::string where;  // "000_x.md:39"
};

std::string Trim(std::string s) {
  // U+00A0 (no-break space, C2 A0) separates key and marker in the Chinese edition.
  for (size_t pos; (pos = s.find("\xC2\xA0")) != std::string::npos;)
    s.replace(pos, 2, " ");
  size_t begin = s.find_first_not_of(" \t\r");
  size_t end = s.find_last_not_of(" \t\r");
  return begin == std::string::npos ? "" : s.substr(begin, end - begin + 1);
}

bool StartsWith(const std::string& s, std::string_view prefix) {
  return s.rfind(prefix, 0) == 0;
}

std::string StripQuotes(std::string v) {
  v = Trim(v);
  for (auto [open, close] : {std::pair<std::string, std::string>{"\"", "\""},
                             {"\xE2\x80\x9C", "\xE2\x80\x9D"}}) {
    if (v.size() >= open.size() + close.size() && StartsWith(v, open) &&
        v.compare(v.size() - close.size(), close.size(), close) == 0) {
      return v.substr(open.size(), v.size() - open.size() - close.size());
    }
  }
  return v;
}

// A default written as prose ("latest instant (i.e ...)", Chinese text) is not a value.
bool IsLiteralDefault(const std::string& v) {
  if (v == "N/A") return false;
  return std::none_of(v.begin(), v.end(), [](char c) {
    return c == ' ' || static_cast<unsigned char>(c) >= 0x80;
  });
}

bool LooksLikeKey(const std::string& s, bool need_dot) {
  static const std::regex kKey(
      R"(^[A-Za-z][A-Za-z0-9_\-]*(\.{1,3}[A-Za-z0-9_\-]+)*\.?$)");
  return std::regex_match(s, kKey) && (!need_dot || s.find('.') != std::string::npos);
}

std::vector<std::string> Split(const std::string& s, char separator) {
  std::vector<std::string> parts;
  std::stringstream in(s);
  for (std::string part; std::getline(in, part, separator);) parts.push_back(Trim(part));
  return parts;
}

/// Heading `## name(a = 1, b = 2) [Required]`: per-argument literal defaults.
std::vector<std::optional<std::string>> HeadingDefaults(const std::string& heading) {
  std::vector<std::optional<std::string>> out;
  size_t open = heading.find('(');
  size_t close = heading.find(')', open == std::string::npos ? 0 : open);
  if (open == std::string::npos || close == std::string::npos) return out;
  static const std::regex kLiteral(R"(^(true|false|-?[0-9.]+)$)");
  for (const std::string& arg : Split(heading.substr(open + 1, close - open - 1), ',')) {
    size_t eq = arg.find('=');
    if (eq != std::string::npos) {
      out.push_back(StripQuotes(arg.substr(eq + 1)));
    } else if (std::regex_match(arg, kLiteral)) {
      out.push_back(arg);
    } else {
      out.push_back(std::nullopt);
    }
  }
  return out;
}

bool MarksRequired(const std::string& s) {
  return s.find("[Required") != std::string::npos ||
         s.find("[\xE5\xBF\x85\xE9\xA1\xBB") != std::string::npos ||  // [必须
         s.find("\xE5\xBF\x85\xE9\xA1\xBB]") != std::string::npos;    // 必须]
}

/// "X by default" / "Default to X" in the prose that follows a property line.
std::optional<std::string> ProseDefault(const std::vector<std::string>& lines,
                                        size_t from) {
  static const std::regex kByDefault(R"((\S+) by default)");
  static const std::regex kDefaultTo(R"(Default to (\S+))");
  for (size_t i = from; i < lines.size() && !StartsWith(Trim(lines[i]), "## "); ++i) {
    std::smatch m;
    if (std::regex_search(lines[i], m, kByDefault) ||
        std::regex_search(lines[i], m, kDefaultTo)) {
      std::string v = m[1].str();
      while (!v.empty() && (v.back() == '.' || v.back() == ',')) v.pop_back();
      return v;
    }
  }
  return std::nullopt;
}

/// Parses "key[, key2] [, Default: v | [Required]]" (English or Chinese markers).
void ParsePropertyLine(const std::string& rest, const std::string& heading,
                       const std::vector<std::string>& lines, size_t index,
                       const std::string& where, std::vector<SeedKey>* out) {
  std::string keys_part = rest;
  std::optional<std::string> explicit_default;
  for (std::string_view marker :
       {"Default:", "\xE9\xBB\x98\xE8\xAE\xA4\xE5\x80\xBC\xEF\xBC\x9A"}) {
    size_t pos = rest.find(marker);  // "默认值："
    if (pos != std::string::npos) {
      keys_part = rest.substr(0, pos);
      explicit_default = Trim(rest.substr(pos + marker.size()));
    }
  }
  bool required = MarksRequired(rest) || MarksRequired(heading);
  keys_part = keys_part.substr(0, keys_part.find('['));
  std::vector<std::string> keys;
  for (std::string token : Split(keys_part, ',')) {
    if (LooksLikeKey(token, true)) keys.push_back(token);
  }
  std::vector<std::optional<std::string>> heading_defaults = HeadingDefaults(heading);
  for (size_t k = 0; k < keys.size(); ++k) {
    SeedKey seed{keys[k], std::nullopt, required, where};
    if (explicit_default) {
      if (IsLiteralDefault(*explicit_default)) seed.default_value = *explicit_default;
    } else if (!required && heading_defaults.size() == keys.size() &&
               heading_defaults[k]) {
      seed.default_value = heading_defaults[k];
    } else if (!required && keys.size() == 1) {
      seed.default_value = ProseDefault(lines, index + 1);
    }
    out->push_back(std::move(seed));
  }
}

/// Rows " | key | Y/N | default | remarks" (Flink) and " | key | description | example".
void ParseTableRow(const std::string& line, bool flink, const std::string& where,
                   std::vector<SeedKey>* out) {
  std::vector<std::string> cells = Split(line.substr(line.find('|') + 1), '|');
  if (cells.size() < 3 || !LooksLikeKey(cells[0], !flink)) return;
  SeedKey seed{cells[0], std::nullopt, false, where};
  if (flink) {
    if (IsLiteralDefault(cells[2])) {
      seed.default_value = cells[2];
    } else {
      seed.required = cells[1] == "Y" || cells[1] == "true";
    }
  } else {
    static const std::regex kDefaultsTo(R"(defaults to (\S+?)\.?$)");
    std::smatch m;
    if (StartsWith(cells[2], "Default = ")) {
      seed.default_value = Trim(cells[2].substr(10));
    } else if (std::regex_search(cells[1], m, kDefaultsTo)) {
      seed.default_value = m[1].str();
    }
  }
  out->push_back(std::move(seed));
}

/// A Flink table row whose cells ran together in text extraction, such as
/// "write.operationNupsertThe write operation...": the key runs up to the Required flag
/// (Y, N, true or false), the default up to the first capitalised word of the remarks.
void ParseRunTogetherRow(const std::string& line, const std::string& where,
                         std::vector<SeedKey>* out) {
  static const std::regex kRow(R"(^([a-z][A-Za-z0-9_.\-]*?)(Y|N|true|false)(.+)$)");
  static const std::regex kDefault(R"(^(.+?)(?=[A-Z][a-z]+ ))");
  std::smatch m;
  if (!std::regex_match(line, m, kRow) || !LooksLikeKey(m[1].str(), false)) return;
  std::string rest = m[3].str();
  std::smatch d;
  std::string value = std::regex_search(rest, d, kDefault) ? d[1].str() : rest;
  SeedKey seed{m[1].str(), std::nullopt, false, where};
  if (IsLiteralDefault(value)) {
    seed.default_value = value;
  } else {
    seed.required = m[2].str() == "Y" || m[2].str() == "true";
  }
  out->push_back(std::move(seed));
}

/// hoodie.* keys mentioned in running text; `hoodie.[a|b].x` expands to each choice.
void ScanProse(const std::string& line, const std::string& where,
               std::vector<SeedKey>* out) {
  static const std::regex kMention(R"(hoodie\.[A-Za-z0-9_.\[\]|]+)");
  for (std::sregex_iterator it(line.begin(), line.end(), kMention), end; it != end;
       ++it) {
    std::string key = it->str();
    while (!key.empty() && key.back() == '.') key.pop_back();
    size_t open = key.find('[');
    size_t close = key.find(']');
    std::vector<std::string> expanded;
    if (open != std::string::npos && close != std::string::npos && close > open) {
      for (const std::string& choice :
           Split(key.substr(open + 1, close - open - 1), '|')) {
        expanded.push_back(key.substr(0, open) + choice + key.substr(close + 1));
      }
    } else {
      expanded.push_back(key);
    }
    for (const std::string& k : expanded) {
      if (LooksLikeKey(k, true)) out->push_back({k, std::nullopt, false, where});
    }
  }
}

std::vector<SeedKey> ExtractSeedKeys(const fs::path& file) {
  std::ifstream in(file);
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  std::vector<SeedKey> out;
  enum class Table { kNone, kFlink, kConfigDescriptionExample } table = Table::kNone;
  std::string heading;
  size_t heading_index = 0;
  static const std::regex kPropertyLine(
      "^(Property|\xE5\xB1\x9E\xE6\x80\xA7)\\s*(:|\xEF\xBC\x9A)\\s*(.*)$");  // 属性, ：
  static const std::regex kBareKey(R"(^hoodie\.[A-Za-z0-9_.]+$)");
  for (size_t i = 0; i < lines.size(); ++i) {
    std::string s = Trim(lines[i]);
    std::string where = file.filename().string() + ":" + std::to_string(i + 1);
    std::smatch m;
    if (StartsWith(s, "## ")) {
      heading = s;
      heading_index = i;
      table = Table::kNone;
    } else if (s.find("Option NameRequiredDefaultRemarks") != std::string::npos) {
      table = Table::kFlink;
    } else if (StartsWith(s, "ConfigDescriptionExample")) {
      table = Table::kConfigDescriptionExample;
    } else if (StartsWith(s, "|") && table != Table::kNone) {
      ParseTableRow(s, table == Table::kFlink, where, &out);
    } else if (table == Table::kFlink) {
      ParseRunTogetherRow(s, where, &out);
    } else if (std::regex_match(s, m, kPropertyLine)) {
      ParsePropertyLine(Trim(m[3].str()), heading, lines, i, where, &out);
      continue;
    } else if (std::regex_match(s, kBareKey) && i <= heading_index + 2 &&
               heading.find('(') != std::string::npos) {
      // "## on(metricsOn = false)" followed by the bare key line.
      ParsePropertyLine(s, heading, lines, i, where, &out);
      continue;
    }
    ScanProse(s, where, &out);
  }
  return out;
}

/// Normalises a documented default for comparison: quotes, enum-class prefixes
/// (BulkInsertSortMode.GLOBAL_SORT), sizes (120MB, 2Gb) and boolean case.
std::string Normalise(std::string v) {
  v = StripQuotes(v);
  static const std::regex kEnum(R"(^[A-Z][A-Za-z0-9]*\.([A-Z][A-Z0-9_]*)$)");
  static const std::regex kSize(R"(^([0-9]+)\s*([KkMmGg])[Bb]$)");
  std::smatch m;
  if (std::regex_match(v, m, kEnum)) return m[1].str();
  if (std::regex_match(v, m, kSize)) {
    int64_t value = std::stoll(m[1].str());
    char unit = static_cast<char>(std::toupper(m[2].str()[0]));
    int shift = unit == 'K' ? 10 : unit == 'M' ? 20 : 30;
    return std::to_string(value << shift);
  }
  std::string lower = v;
  std::transform(lower.begin(), lower.end(), lower.begin(), ::tolower);
  if (lower == "true" || lower == "false") return lower;
  return v;
}

bool SameValue(const std::string& a, const std::string& b) {
  std::string x = Normalise(a);
  std::string y = Normalise(b);
  if (x == y) return true;
  char* end_x = nullptr;
  char* end_y = nullptr;
  double dx = std::strtod(x.c_str(), &end_x);
  double dy = std::strtod(y.c_str(), &end_y);
  return !x.empty() && !y.empty() && *end_x == '\0' && *end_y == '\0' &&
         std::fabs(dx - dy) <= 1e-12 * std::max(1.0, std::fabs(dx));
}

/// Finds the registered entry for a seed key. Keys whose placeholders were lost in the
/// text extraction ("hoodie.deltastreamer.ingestion...configFile") match a template key
/// with its <...> segments removed.
const ConfigEntry* FindSeedKey(const ConfigRegistry& registry, const std::string& key,
                               const ConfigAlias** alias) {
  *alias = nullptr;
  if (key.find("..") != std::string::npos) {
    static const std::regex kPlaceholder("<[^>]*>");
    for (const ConfigEntry& entry : registry.entries()) {
      if (std::regex_replace(std::string(entry.key), kPlaceholder, "") == key)
        return &entry;
    }
    return nullptr;
  }
  const ConfigEntry* entry = registry.Find(key);
  // The streamer page names the prefix key "hoodie.deltastreamer.jdbc.extra.options." in
  // prose too, where the sentence's full stop is indistinguishable from the key's.
  if (entry == nullptr) entry = registry.Find(key + ".");
  if (entry == nullptr) return nullptr;
  for (const ConfigAlias& a : entry->aliases) {
    if (a.key == key) *alias = &a;
  }
  return entry;
}

std::vector<SeedKey> ExtractAllSeeds(const fs::path& dir) {
  std::vector<fs::path> files;
  for (const auto& item : fs::directory_iterator(dir)) {
    if (item.path().extension() == ".md") files.push_back(item.path());
  }
  std::sort(files.begin(), files.end());
  std::vector<SeedKey> all;
  for (const fs::path& file : files) {
    std::vector<SeedKey> keys = ExtractSeedKeys(file);
    all.insert(all.end(), keys.begin(), keys.end());
  }
  return all;
}

class ConfigSeedTest : public ::testing::Test {
 protected:
  void SetUp() override {
    fs::path dir = hoodie::testing::SeedsDir();
    if (!fs::is_directory(dir)) GTEST_SKIP() << "seed folder missing: " << dir;
    seeds_ = ExtractAllSeeds(dir);
  }
  std::vector<SeedKey> seeds_;
};

TEST(SeedExtractorTest, ReadsPropertyBlocksTablesAndProse) {
  hoodie::testing::TempDir dir;
  std::ofstream(dir.Join("x.md"))
      << "## OPERATION_OPT_KEY\n Property: hoodie.a.op, Default: upsert \n\n"
      << "## withParallelism(x = 1500, y=7)\nProperty: hoodie.b.x, hoodie.b.y\n\n"
      << "## limitFileSize (size = 120MB)\nProperty: hoodie.c.size\n\n"
      << "## on(metricsOn = false)\nhoodie.d.on \n\n"
      << "## hbaseZkPort(port) [Required]\nProperty: hoodie.e.port\n\n"
      << "## withCallbackClass(callbackClass)\nProperty: hoodie.f.class\n\n"
      << "Full class, org.x.Http by default\n"
      << "## Write Options\nOption NameRequiredDefaultRemarks\n"
      << " | write.tasks | N | 4 | Parallelism\n"
      << "write.operationNupsertThe write operation, that this write should do\n"
      << "write.payload.classNOverwriteWithLatestAvroPayload.classPayload class used.\n"
      << "pathYN/ABase path for the target hoodie table.\n"
      << "read.start-commitfalsethe latest commitStart commit time\n"
      << "## Other\nSee hoodie.[insert|upsert].shuffle.parallelism here.\n";
  std::vector<SeedKey> keys = ExtractSeedKeys(dir.Join("x.md"));
  std::vector<std::string> rendered;
  for (const SeedKey& k : keys) {
    rendered.push_back(k.key + "=" +
                       k.default_value.value_or(k.required ? "<required>" : "<none>"));
  }
  EXPECT_THAT(
      rendered,
      ::testing::ElementsAre(
          "hoodie.a.op=upsert", "hoodie.b.x=1500", "hoodie.b.y=7", "hoodie.c.size=120MB",
          "hoodie.d.on=false", "hoodie.e.port=<required>", "hoodie.f.class=org.x.Http",
          "write.tasks=4", "write.operation=upsert",
          "write.payload.class=OverwriteWithLatestAvroPayload.class", "path=<required>",
          "read.start-commit=<none>", "hoodie.insert.shuffle.parallelism=<none>",
          "hoodie.upsert.shuffle.parallelism=<none>"));
  EXPECT_EQ(Normalise("120MB"), "125829120");
  EXPECT_EQ(Normalise("BulkInsertSortMode.GLOBAL_SORT"), "GLOBAL_SORT");
  EXPECT_TRUE(SameValue("0.000000001", "1e-09"));
  EXPECT_FALSE(SameValue("24", "10"));
}

TEST_F(ConfigSeedTest, ExtractsEnoughKeysToMeanSomething) {
  std::set<std::string> distinct;
  size_t with_default = 0;
  for (const SeedKey& seed : seeds_) {
    distinct.insert(seed.key);
    if (seed.default_value) ++with_default;
  }
  std::cout << distinct.size() << " distinct keys, " << seeds_.size() << " mentions, "
            << with_default << " with a default\n";
  // Measured on the seed set: 239 distinct keys, 373 mentions, 260 with a default.
  EXPECT_GE(distinct.size(), 235u);
  EXPECT_GE(with_default, 255u);
}

TEST_F(ConfigSeedTest, EverySeedKeyIsRegistered) {
  const ConfigRegistry& registry = ConfigRegistry::Global();
  std::set<std::string> missing;
  for (const SeedKey& seed : seeds_) {
    const ConfigAlias* alias = nullptr;
    if (FindSeedKey(registry, seed.key, &alias) == nullptr) {
      missing.insert(seed.key + " (" + seed.where + ")");
    }
  }
  std::string list;
  for (const std::string& key : missing) list += "\n  " + key;
  EXPECT_TRUE(missing.empty()) << missing.size()
                               << " seed keys are not registered:" << list;
}

TEST_F(ConfigSeedTest, RegisteredDefaultsMatchTheSeed) {
  const ConfigRegistry& registry = ConfigRegistry::Global();
  std::vector<std::string> mismatches;
  std::set<std::string> accepted;
  for (const SeedKey& seed : seeds_) {
    const ConfigAlias* alias = nullptr;
    const ConfigEntry* entry = FindSeedKey(registry, seed.key, &alias);
    if (entry == nullptr) continue;  // reported by EverySeedKeyIsRegistered
    std::optional<std::string> registered = entry->default_value;
    if (alias != nullptr && !alias->documented_default.empty()) {
      registered = std::string(alias->documented_default);
    }
    bool same = seed.default_value
                    ? registered && SameValue(*registered, *seed.default_value)
                    : !(seed.required && registered);
    if (same) continue;
    if (!entry->override_reason.empty()) {
      accepted.insert(std::string(entry->key));
      continue;
    }
    mismatches.push_back(
        seed.key + " (" + seed.where + "): seed " +
        (seed.default_value ? "'" + *seed.default_value + "'" : "required") +
        ", registered " + (registered ? "'" + *registered + "'" : "none"));
  }
  std::string list;
  for (const std::string& m : mismatches) list += "\n  " + m;
  EXPECT_TRUE(mismatches.empty()) << mismatches.size() << " default mismatches:" << list;
  std::cout << accepted.size()
            << " keys differ from a seed default for a recorded reason\n";
}

}  // namespace
}  // namespace hoodie
