// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/config/config_registry.h
/// \brief Type-erased catalogue of every known configuration key, for lookup and docs.
#pragma once

#include <arrow/status.h>

#include <functional>
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "hoodie/config/config_property.h"
#include "hoodie/config/config_value.h"
#include "hoodie/visibility.h"

namespace hoodie {

/// One registered key with its metadata as strings.
struct HOODIE_EXPORT ConfigEntry {
  std::string_view key;
  std::vector<ConfigAlias> aliases;
  ConfigType type = ConfigType::kString;
  std::optional<std::string> default_value;
  std::vector<std::string_view> allowed_values;
  std::string_view group;
  std::string_view doc;
  std::string_view since;
  bool advanced = false;
  std::string_view hudi_0_15_default;
  std::string_view override_reason;
  ConfigSupport support = ConfigSupport::kHonoured;
  std::string_view support_note;
  std::string_view accepted_value;
  bool secret = false;
  /// Parses and validates a raw value as the key's type; the error names key and value.
  std::function<::arrow::Status(std::string_view)> check;

  /// A key ending in '.' documents a prefix (`hoodie.deltastreamer.jdbc.extra.options.`).
  bool is_prefix() const { return !key.empty() && key.back() == '.'; }
  /// A key with `<name>` segments is a template
  /// (`hoodie.deltastreamer.ingestion.<database>.<table>.configFile`).
  bool is_template() const { return key.find('<') != std::string_view::npos; }
};

/// The catalogue. Filled once by RegisterAllConfigs(); read-only afterwards, so lookups
/// are thread-safe once Global() has returned.
class HOODIE_EXPORT ConfigRegistry {
 public:
  /// The process-wide registry, filled by RegisterAllConfigs() on first use. It reads
  /// the per-area static ConfigProperty objects, so never call it from a static
  /// initialiser.
  static const ConfigRegistry& Global();

  /// Adds `prop`. A key or alias that is already taken is recorded in errors() (a
  /// programming mistake the registry sanity test catches) and the entry is skipped.
  template <typename T>
  void Add(const ConfigProperty<T>& prop) {
    ConfigEntry entry;
    entry.key = prop.key;
    entry.aliases = prop.aliases;
    entry.type = ConfigTypeOf<T>(prop.is_bytes);
    if (prop.default_value) entry.default_value = FormatConfigValue(*prop.default_value);
    entry.allowed_values = prop.allowed_values;
    entry.group = prop.group;
    entry.doc = prop.doc;
    entry.since = prop.since;
    entry.advanced = prop.advanced;
    entry.hudi_0_15_default = prop.hudi_0_15_default;
    entry.override_reason = prop.override_reason;
    entry.support = prop.support;
    entry.support_note = prop.support_note;
    entry.accepted_value = prop.accepted_value;
    entry.secret = prop.secret;
    const ConfigProperty<T>* p = &prop;
    entry.check = [p](std::string_view raw) {
      return ParseConfigProperty(*p, raw).status();
    };
    AddEntry(std::move(entry));
  }

  /// The entry whose key or alias is `name` (also matching prefix and template keys),
  /// or nullptr.
  const ConfigEntry* Find(std::string_view name) const;

  /// The registered key or alias closest to `name` by edit distance, or "" when nothing
  /// is reasonably close.
  std::string ClosestKey(std::string_view name) const;

  /// Entries in registration order.
  const std::vector<ConfigEntry>& entries() const { return entries_; }
  /// Duplicate keys or aliases met while registering.
  const std::vector<std::string>& errors() const { return errors_; }

 private:
  void AddEntry(ConfigEntry entry);

  std::vector<ConfigEntry> entries_;
  std::unordered_map<std::string, size_t> by_name_;
  std::vector<std::string> errors_;
};

/// A template key (ConfigEntry::is_template) with its `<...>` segments replaced by
/// `names` in order: ("fs.azure.account.key.<account>.dfs.core.windows.net", {"acc"})
/// gives "fs.azure.account.key.acc.dfs.core.windows.net".
HOODIE_EXPORT std::string FillTemplateKey(std::string_view key,
                                          std::initializer_list<std::string_view> names);

/// Registers every area's keys into `registry`; each area has one Register function.
HOODIE_EXPORT void RegisterAllConfigs(ConfigRegistry* registry);

}  // namespace hoodie
