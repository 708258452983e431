// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/config/keygen_config.h
/// \brief Key generator keys: the generator type and the timestamp-based generator's
/// options (Java TimestampKeyGeneratorConfig and KeyGeneratorOptions).
#pragma once

#include <string>

#include "hoodie/config/config_property.h"
#include "hoodie/visibility.h"

namespace hoodie {

class ConfigRegistry;

/// Keys of the "Key Generator" group. Immutable statics; thread-safe to read.
///
/// The time zone keys deliberately have no default: Hudi 0.15 reads them with an empty
/// fallback, and an unset zone means "take the zone parsed from the value" (strings) or
/// the JVM default zone (numbers), which hoodie takes to be UTC.
struct HOODIE_EXPORT KeyGeneratorConfig {
  /// hoodie.datasource.write.keygenerator.type (SIMPLE, COMPLEX, TIMESTAMP, CUSTOM,
  /// NON_PARTITION, GLOBAL_DELETE); the class key wins when both are set.
  static const ConfigProperty<std::string> kKeyGeneratorType;
  /// hoodie.datasource.write.keygenerator.consistent.logical.timestamp.enabled
  static const ConfigProperty<bool> kConsistentLogicalTimestamp;
  /// hoodie.keygen.timebased.timestamp.type
  static const ConfigProperty<std::string> kTimestampType;
  /// hoodie.keygen.timebased.timestamp.scalar.time.unit
  static const ConfigProperty<std::string> kScalarTimeUnit;
  /// hoodie.keygen.timebased.input.dateformat
  static const ConfigProperty<std::string> kInputDateFormat;
  /// hoodie.keygen.timebased.input.dateformat.list.delimiter.regex
  static const ConfigProperty<std::string> kInputDateFormatListDelimiterRegex;
  /// hoodie.keygen.timebased.input.timezone
  static const ConfigProperty<std::string> kInputTimezone;
  /// hoodie.keygen.timebased.output.dateformat
  static const ConfigProperty<std::string> kOutputDateFormat;
  /// hoodie.keygen.timebased.output.timezone
  static const ConfigProperty<std::string> kOutputTimezone;
  /// hoodie.keygen.timebased.timezone (deprecated; input and output zone together)
  static const ConfigProperty<std::string> kTimezone;
  /// hoodie.keygen.datetime.parser.class
  static const ConfigProperty<std::string> kDateTimeParserClass;

  /// Adds every key above to `registry`.
  static void Register(ConfigRegistry* registry);
};

}  // namespace hoodie
