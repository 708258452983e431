// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/config/hoodie_config.h
/// \brief String key/value configuration layered from .properties files, --hoodie-conf
/// arguments and code, with typed lookup through ConfigProperty.
#pragma once

#include <arrow/result.h>
#include <arrow/status.h>

#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "hoodie/config/config_property.h"
#include "hoodie/config/config_value.h"
#include "hoodie/config/java_properties.h"
#include "hoodie/visibility.h"

namespace hoodie {

/// One finding of HoodieConfig::Check().
struct HOODIE_EXPORT ConfigProblem {
  enum class Severity { kError, kWarning };
  Severity severity = Severity::kError;
  std::string key;
  std::string message;
};

/// Holds configuration as the strings hoodie.properties and `--hoodie-conf k=v` carry.
/// Every source is a layer: a later Load/Add/Set overrides earlier values of the same
/// key. Not thread-safe for mutation; const methods may be called concurrently.
class HOODIE_EXPORT HoodieConfig {
 public:
  HoodieConfig() = default;

  /// Reads a whole file's text, given its path or URI (local, s3://, ...): how
  /// properties files are read. The config module sits below storage, so the caller
  /// hands one in (storage/storage_text.h makes one that reads through Storage).
  using TextFileReader = std::function<::arrow::Result<std::string>(const std::string&)>;

  /// Loads a .properties file (java.util.Properties syntax), the way Hudi's
  /// DFSPropertiesConfiguration does: entries apply in file order and an
  /// `include=other.properties` entry loads that file at that point, relative to the
  /// including file's folder unless absolute. URIs (s3://...) are read with `read`;
  /// without one, and for plain paths, files are read from local disk. IOError if a file cannot be read; Invalid on an include cycle or
  /// a malformed line, naming the file and line.
  ::arrow::Status LoadPropertiesFile(const std::string& path,
                                     const TextFileReader& read = nullptr);

  /// Applies one `--hoodie-conf key=value` argument (split at the first '=').
  /// Invalid, naming the argument, when there is no '=' or the key is empty.
  ::arrow::Status AddHoodieConf(std::string_view argument);
  ::arrow::Status AddHoodieConfs(const std::vector<std::string>& arguments);

  /// Sets a raw value (any key, registered or not).
  HoodieConfig& Set(std::string_view key, std::string_view value);

  /// Sets a typed value under the property's canonical key.
  template <typename T>
  HoodieConfig& Set(const ConfigProperty<T>& prop, const T& value) {
    return Set(prop.key, FormatConfigValue(value));
  }
  HoodieConfig& Set(const ConfigProperty<std::string>& prop, std::string_view value) {
    return Set(prop.key, value);
  }

  /// The raw value stored under exactly `key`.
  std::optional<std::string> GetRaw(std::string_view key) const;
  bool Contains(std::string_view key) const { return GetRaw(key).has_value(); }

  /// Typed lookup: the key, then its aliases (a deprecated alias logs a warning once per
  /// process), then the default. Invalid, naming key, raw value and what is allowed, if
  /// the value does not parse or validate; KeyError if unset and without default.
  template <typename T>
  ::arrow::Result<T> Get(const ConfigProperty<T>& prop) const {
    std::optional<std::string> raw = GetExplicit(prop);
    if (!raw) {
      if (prop.default_value) return *prop.default_value;
      return ::arrow::Status::KeyError("config '", prop.key, "' is required but not set");
    }
    return ParseConfigProperty(prop, *raw);
  }

  /// The unparsed value set for a preferred alias, the key or, failing that, another alias (a
  /// deprecated alias logs a warning once per process); nullopt when neither is set,
  /// whatever the default: what a user asked for explicitly.
  template <typename T>
  std::optional<std::string> GetExplicit(const ConfigProperty<T>& prop) const {
    std::optional<std::string> raw;
    for (size_t i = 0; !raw && i < prop.aliases.size(); ++i) {
      if (prop.aliases[i].preferred) raw = GetRaw(prop.aliases[i].key);
    }
    if (!raw) raw = GetRaw(prop.key);
    for (size_t i = 0; !raw && i < prop.aliases.size(); ++i) {
      raw = GetRaw(prop.aliases[i].key);
      if (raw && prop.aliases[i].deprecated)
        WarnDeprecatedOnce(prop.aliases[i].key, prop.key);
    }
    return raw;
  }

  /// Which unregistered keys Check reports: only `hoodie.*` ones (a properties file may
  /// carry Spark's and Hadoop's keys too), or every one (a caller whose options are all
  /// hoodie's, such as the Python package's).
  enum class UnknownKeys { kHoodieOnly, kAll };

  /// Checks every set key against the registry: registered keys (or aliases) must parse
  /// and validate; unknown keys (as `unknown` says which, each naming the closest known
  /// key) and deprecated aliases are warnings.
  std::vector<ConfigProblem> Check(UnknownKeys unknown = UnknownKeys::kHoodieOnly) const;

  /// What hoodie does not implement (ConfigSupport in config_property.h): Invalid
  /// naming each key registered as refused that is set to anything but its accepted
  /// value, with why and what it waits for; nothing is written before this passes.
  /// Keys that only tune Spark or the JVM are listed in one warning line (once per
  /// process for the same keys). Call on the caller's own options, not on a table's.
  ::arrow::Status CheckSupported() const;

  /// Logs the warnings of Check() through LogWarning (unknown keys name the closest
  /// known key) and returns Invalid listing every error, or OK.
  ::arrow::Status Validate() const;

  /// Entries in first-set order, each with its latest value.
  const PropertyList& entries() const { return entries_; }
  size_t size() const { return entries_.size(); }

 private:
  ::arrow::Status LoadFile(const std::string& path, const TextFileReader& read,
                           std::vector<std::string>* stack);
  static void WarnDeprecatedOnce(std::string_view alias, std::string_view key);

  PropertyList entries_;
  std::unordered_map<std::string, size_t> index_;
};

}  // namespace hoodie
