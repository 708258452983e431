// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/config/keygen_config.cc
/// \brief Declarations of the key generator keys (Java TimestampKeyGeneratorConfig).
#include "hoodie/config/keygen_config.h"

#include "hoodie/config/config_registry.h"

namespace hoodie {

namespace {
constexpr std::string_view kGroup = "Key Generator";
}  // namespace

const ConfigProperty<std::string> KeyGeneratorConfig::kKeyGeneratorType{
    .key = "hoodie.datasource.write.keygenerator.type",
    .doc =
        "Key generator type, used when no key generator class is set: SIMPLE, "
        "COMPLEX, TIMESTAMP, CUSTOM, NON_PARTITION or GLOBAL_DELETE.",
    .since = "0.9.0",
    .allowed_values = {"SIMPLE", "COMPLEX", "TIMESTAMP", "CUSTOM", "NON_PARTITION",
                       "GLOBAL_DELETE"},
    .group = kGroup};

const ConfigProperty<bool> KeyGeneratorConfig::kConsistentLogicalTimestamp{
    .key = "hoodie.datasource.write.keygenerator.consistent.logical.timestamp.enabled",
    .default_value = false,
    .doc =
        "Render timestamp-millis/micros key values as java.sql.Timestamp text instead "
        "of the raw long. hoodie rejects true: that text depends on the JVM zone.",
    .since = "0.10.1",
    .advanced = true,
    .group = kGroup};

const ConfigProperty<std::string> KeyGeneratorConfig::kTimestampType{
    .key = "hoodie.keygen.timebased.timestamp.type",
    .doc =
        "Timestamp type of the partition field: UNIX_TIMESTAMP, DATE_STRING, MIXED, "
        "EPOCHMILLISECONDS, EPOCHMICROSECONDS or SCALAR. Required by the timestamp "
        "key generator.",
    .aliases = {{.key = "hoodie.deltastreamer.keygen.timebased.timestamp.type",
                 .deprecated = true}},
    .allowed_values = {"UNIX_TIMESTAMP", "DATE_STRING", "MIXED", "EPOCHMILLISECONDS",
                       "EPOCHMICROSECONDS", "SCALAR"},
    .advanced = true,
    .group = kGroup};

const ConfigProperty<std::string> KeyGeneratorConfig::kScalarTimeUnit{
    .key = "hoodie.keygen.timebased.timestamp.scalar.time.unit",
    .default_value = std::string("SECONDS"),
    .doc =
        "Time unit of SCALAR values: NANOSECONDS, MICROSECONDS, MILLISECONDS, SECONDS, "
        "MINUTES, HOURS or DAYS.",
    .aliases = {{.key =
                     "hoodie.deltastreamer.keygen.timebased.timestamp.scalar.time.unit",
                 .deprecated = true}},
    .allowed_values = {"NANOSECONDS", "MICROSECONDS", "MILLISECONDS", "SECONDS",
                       "MINUTES", "HOURS", "DAYS"},
    .advanced = true,
    .group = kGroup};

const ConfigProperty<std::string> KeyGeneratorConfig::kInputDateFormat{
    .key = "hoodie.keygen.timebased.input.dateformat",
    .default_value = std::string(""),
    .doc =
        "Joda pattern(s) of DATE_STRING/MIXED values, e.g. yyyy-MM-dd'T'HH:mm:ss.SSSZ; "
        "several are separated by the list delimiter.",
    .aliases = {{.key = "hoodie.deltastreamer.keygen.timebased.input.dateformat",
                 .deprecated = true}},
    .advanced = true,
    .group = kGroup};

const ConfigProperty<std::string> KeyGeneratorConfig::kInputDateFormatListDelimiterRegex{
    .key = "hoodie.keygen.timebased.input.dateformat.list.delimiter.regex",
    .default_value = std::string(","),
    .doc = "Regular expression separating the input date formats.",
    .aliases = {{.key = "hoodie.deltastreamer.keygen.timebased.input.dateformat.list."
                        "delimiter.regex",
                 .deprecated = true}},
    .advanced = true,
    .group = kGroup};

const ConfigProperty<std::string> KeyGeneratorConfig::kInputTimezone{
    .key = "hoodie.keygen.timebased.input.timezone",
    .doc =
        "Zone of input date strings without an offset (UTC, GMT+08:00, an IANA name). "
        "Unset: the offset parsed from the value.",
    .aliases = {{.key = "hoodie.deltastreamer.keygen.timebased.input.timezone",
                 .deprecated = true}},
    .advanced = true,
    .group = kGroup};

const ConfigProperty<std::string> KeyGeneratorConfig::kOutputDateFormat{
    .key = "hoodie.keygen.timebased.output.dateformat",
    .default_value = std::string(""),
    .doc = "Joda pattern of the partition path, e.g. yyyy/MM/dd.",
    .aliases = {{.key = "hoodie.deltastreamer.keygen.timebased.output.dateformat",
                 .deprecated = true}},
    .advanced = true,
    .group = kGroup};

const ConfigProperty<std::string> KeyGeneratorConfig::kOutputTimezone{
    .key = "hoodie.keygen.timebased.output.timezone",
    .doc =
        "Zone the partition path is formatted in. Unset: the zone parsed from a date "
        "string, else UTC.",
    .aliases = {{.key = "hoodie.deltastreamer.keygen.timebased.output.timezone",
                 .deprecated = true}},
    .advanced = true,
    .group = kGroup};

const ConfigProperty<std::string> KeyGeneratorConfig::kTimezone{
    .key = "hoodie.keygen.timebased.timezone",
    .doc =
        "Deprecated: input and output zone together; when set it overrides both "
        "input.timezone and output.timezone.",
    .aliases = {{.key = "hoodie.deltastreamer.keygen.timebased.timezone",
                 .deprecated = true}},
    .advanced = true,
    .group = kGroup};

const ConfigProperty<std::string> KeyGeneratorConfig::kDateTimeParserClass{
    .key = "hoodie.keygen.datetime.parser.class",
    .default_value = std::string("org.apache.hudi.keygen.parser.HoodieDateTimeParser"),
    .doc = "Date time parser; only Hudi's HoodieDateTimeParser is available.",
    .aliases = {{.key = "hoodie.deltastreamer.keygen.datetime.parser.class",
                 .deprecated = true}},
    .allowed_values = {"org.apache.hudi.keygen.parser.HoodieDateTimeParser"},
    .advanced = true,
    .group = kGroup};

void KeyGeneratorConfig::Register(ConfigRegistry* registry) {
  registry->Add(kKeyGeneratorType);
  registry->Add(kConsistentLogicalTimestamp);
  registry->Add(kTimestampType);
  registry->Add(kScalarTimeUnit);
  registry->Add(kInputDateFormat);
  registry->Add(kInputDateFormatListDelimiterRegex);
  registry->Add(kInputTimezone);
  registry->Add(kOutputDateFormat);
  registry->Add(kOutputTimezone);
  registry->Add(kTimezone);
  registry->Add(kDateTimeParserClass);
}

}  // namespace hoodie
