// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/config/config_property.h
/// \brief Typed declaration of one configuration key (Java Hudi's ConfigProperty).
#pragma once

#include <arrow/status.h>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "hoodie/visibility.h"

namespace hoodie {

/// Another name under which a key may be given: a legacy key, or the short name an
/// engine documents (Flink's `write.operation` for `hoodie.datasource.write.operation`).
struct HOODIE_EXPORT ConfigAlias {
  std::string_view key = {};
  /// A deprecated alias is still honoured, with a one-time warning naming the new key.
  bool deprecated = false;
  /// The default the seed documentation gives under this alias when it differs from the
  /// canonical key's (Flink's `compaction.delta_commits` documents 5, Spark's key 10).
  std::string_view documented_default = {};
  /// Hudi reads this alias before the key: 0.15's `hoodie.streamer.*` names are its main
  /// keys, the seed's `hoodie.deltastreamer.*` ones (our keys) its alternatives, so when
  /// both are set the `streamer` spelling wins, as ConfigUtils.getStringWithAltKeys does.
  bool preferred = false;
};

/// ConfigProperty::accepted_value of a refused key that no value makes honest (a lock
/// provider names locks hoodie would never take, whichever it is).
inline constexpr std::string_view kRefusedWhenSet = "(refused when set)";

/// What hoodie does with a key (docs/configuration.md's status column).
enum class ConfigSupport {
  /// It works as Hudi documents it.
  kHonoured,
  /// Not implemented yet: a value other than `accepted_value` (the default, unless
  /// given) fails the command before anything is written, naming the key and the note.
  kRefused,
  /// It only tunes Spark or the JVM (parallelism, storage levels, heap fractions): any
  /// value is accepted, and one warning line lists the keys that were set.
  kNoEffect,
  /// Honoured, but it only decides how hoodie spends its own threads and batches: the
  /// outcome is the same whatever its value, so no test can observe more than that it
  /// is read (the note says what it tunes).
  kTuning,
};

HOODIE_EXPORT const char* ConfigSupportName(ConfigSupport support);

/// The value types a key can have; kBytes is an int64 count of bytes.
enum class ConfigType { kBool, kInt32, kInt64, kBytes, kDouble, kString };

HOODIE_EXPORT const char* ConfigTypeName(ConfigType type);

/// One configuration key. Declared as a static member of a per-area struct (for example
/// CleanConfig::kCommitsRetained) and registered explicitly; see config_registry.h.
/// Immutable after static initialisation, so safe to read from any thread.
template <typename T>
struct ConfigProperty {
  /// The Java key, unchanged.
  std::string_view key = {};
  /// Empty means the key is required (or has no default at all).
  std::optional<T> default_value = std::nullopt;
  std::string_view doc = {};
  /// Hudi release that introduced the key, as far as known.
  std::string_view since = {};
  std::vector<ConfigAlias> aliases = {};
  /// For strings and enums: the accepted values (compared case-insensitively).
  std::vector<std::string_view> allowed_values = {};
  /// Extra check on a parsed value (non-negative size, positive parallelism...).
  ::arrow::Status (*validate)(const T&) = nullptr;
  bool advanced = false;
  /// Section of the reference docs ("Write Client", "Flink SQL", ...).
  std::string_view group = {};
  /// Hudi 0.15's default when it differs from the one we register (the seed's).
  std::string_view hudi_0_15_default = {};
  /// Why the registered default differs from a default the seed documentation gives
  /// (an example value, a doc error, or a value that would break compatibility).
  std::string_view override_reason = {};
  /// For kBytes keys declared as int64.
  bool is_bytes = false;
  ConfigSupport support = ConfigSupport::kHonoured;
  /// kRefused: why, and the feature it waits for; kNoEffect: what it tunes.
  std::string_view support_note = {};
  /// kRefused: the one value accepted, when not the default (hoodie.clean.automatic is
  /// true by default, but hoodie does not clean yet, so only false is honest).
  std::string_view accepted_value = {};
  /// A credential (an access key's secret, a session token, an account key): its value
  /// never appears in output, logs, errors or files; kRedactedValue stands in for it.
  bool secret = false;
};

/// What is shown instead of a secret's value.
inline constexpr std::string_view kRedactedValue = "<redacted>";

/// Validators shared by the per-area declarations.
namespace config_validators {
HOODIE_EXPORT ::arrow::Status NonNegativeInt32(const int32_t& value);
HOODIE_EXPORT ::arrow::Status NonNegativeInt64(const int64_t& value);
HOODIE_EXPORT ::arrow::Status PositiveInt32(const int32_t& value);
HOODIE_EXPORT ::arrow::Status PositiveInt64(const int64_t& value);
HOODIE_EXPORT ::arrow::Status Fraction(const double& value);
HOODIE_EXPORT ::arrow::Status NonNegativeDouble(const double& value);
HOODIE_EXPORT ::arrow::Status PortNumber(const int32_t& value);
}  // namespace config_validators

}  // namespace hoodie
