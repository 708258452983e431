// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/config/config_registry.cc
/// \brief ConfigRegistry lookup, closest-key search and the global instance.
#include "hoodie/config/config_registry.h"

#include <algorithm>
#include <mutex>

namespace hoodie {
namespace {

size_t EditDistance(std::string_view a, std::string_view b) {
  std::vector<size_t> row(b.size() + 1);
  for (size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (size_t i = 1; i <= a.size(); ++i) {
    size_t diagonal = row[0];
    row[0] = i;
    for (size_t j = 1; j <= b.size(); ++j) {
      size_t above = row[j];
      size_t substitution = diagonal + (a[i - 1] == b[j - 1] ? 0 : 1);
      row[j] = std::min({above + 1, row[j - 1] + 1, substitution});
      diagonal = above;
    }
  }
  return row[b.size()];
}

// Matches `name` against a key whose `<...>` segments stand for one dot-free segment
// each.
bool MatchesTemplate(std::string_view pattern, std::string_view name) {
  while (!pattern.empty()) {
    size_t dot = pattern.find('.');
    std::string_view segment = pattern.substr(0, dot);
    size_t name_dot = name.find('.');
    std::string_view name_segment = name.substr(0, name_dot);
    bool placeholder =
        segment.size() > 2 && segment.front() == '<' && segment.back() == '>';
    if (placeholder ? name_segment.empty() : segment != name_segment) return false;
    if ((dot == std::string_view::npos) != (name_dot == std::string_view::npos))
      return false;
    if (dot == std::string_view::npos) return true;
    pattern.remove_prefix(dot + 1);
    name.remove_prefix(name_dot + 1);
  }
  return name.empty();
}

// Whether `name` is one of the keys the prefix `pattern` documents.
bool MatchesPrefix(std::string_view pattern, std::string_view name) {
  return name.size() > pattern.size() && name.substr(0, pattern.size()) == pattern;
}

// Whether `name` matches the prefix or template key of `entry`, under its own spelling
// or one of its aliases (`spark.hadoop.fs.azure...`).
bool MatchesNamesOf(const ConfigEntry& entry, std::string_view name,
                    bool (*match)(std::string_view, std::string_view)) {
  if (match(entry.key, name)) return true;
  for (const ConfigAlias& alias : entry.aliases) {
    if (match(alias.key, name)) return true;
  }
  return false;
}

}  // namespace

const ConfigRegistry& ConfigRegistry::Global() {
  static ConfigRegistry registry;
  static std::once_flag once;
  std::call_once(once, [] { RegisterAllConfigs(&registry); });
  return registry;
}

void ConfigRegistry::AddEntry(ConfigEntry entry) {
  std::vector<std::string_view> names = {entry.key};
  for (const ConfigAlias& alias : entry.aliases) names.push_back(alias.key);
  for (std::string_view name : names) {
    if (by_name_.count(std::string(name)) > 0) {
      errors_.push_back("config key or alias registered twice: '" + std::string(name) +
                        "' (by '" + std::string(entry.key) + "')");
      return;
    }
  }
  size_t index = entries_.size();
  for (std::string_view name : names) by_name_.emplace(std::string(name), index);
  entries_.push_back(std::move(entry));
}

const ConfigEntry* ConfigRegistry::Find(std::string_view name) const {
  auto it = by_name_.find(std::string(name));
  if (it != by_name_.end()) return &entries_[it->second];
  // A template names fewer keys than a prefix that covers it (the account keys
  // `fs.azure.account.key.<account>...` inside the refused `fs.azure.`), so templates
  // win over prefixes whatever the registration order.
  for (const ConfigEntry& entry : entries_) {
    if (entry.is_template() && MatchesNamesOf(entry, name, MatchesTemplate)) return &entry;
  }
  for (const ConfigEntry& entry : entries_) {
    if (entry.is_prefix() && MatchesNamesOf(entry, name, MatchesPrefix)) return &entry;
  }
  return nullptr;
}

std::string FillTemplateKey(std::string_view key,
                            std::initializer_list<std::string_view> names) {
  std::string filled;
  auto name = names.begin();
  for (size_t i = 0; i < key.size(); ++i) {
    const size_t close = key.find('>', i);
    if (key[i] == '<' && close != std::string_view::npos && name != names.end()) {
      filled += *name++;
      i = close;
    } else {
      filled += key[i];
    }
  }
  return filled;
}

std::string ConfigRegistry::ClosestKey(std::string_view name) const {
  std::string_view best;
  size_t best_distance = std::string_view::npos;
  for (const auto& [candidate, index] : by_name_) {
    size_t distance = EditDistance(name, candidate);
    if (distance < best_distance || (distance == best_distance && candidate < best)) {
      best_distance = distance;
      best = candidate;
    }
  }
  // Beyond about a quarter of the name the suggestion is noise rather than a typo fix.
  size_t limit = std::max<size_t>(3, name.size() / 4);
  if (best.empty() || best_distance > limit) return "";
  return std::string(best);
}

}  // namespace hoodie
