// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/table/table_config.cc
/// \brief TableConfig parsing, typed accessors, checksum and text form.
#include "hoodie/table/table_config.h"

#include <zlib.h>

#include <algorithm>
#include <cctype>
#include <charconv>
#include <chrono>
#include <cstdio>
#include <ctime>

#include "hoodie/common/ascii.h"
#include "hoodie/common/macros.h"

namespace hoodie {
namespace {

// Java String.split(",") keeps inner empty strings but drops trailing ones; callers here
// drop all empty entries, as the Java getters filter them or never produce them.
std::vector<std::string> SplitNonEmpty(std::string_view text, char separator) {
  std::vector<std::string> parts;
  size_t start = 0;
  while (start <= text.size()) {
    size_t end = text.find(separator, start);
    if (end == std::string_view::npos) end = text.size();
    if (end > start) parts.emplace_back(text.substr(start, end - start));
    start = end + 1;
  }
  return parts;
}

bool JavaParseBoolean(const std::optional<std::string>& value, bool default_value) {
  if (!value.has_value()) return default_value;
  if (value->size() != 4) return false;
  return EqualsIgnoreCase(*value, "true");
}

// Integer.parseInt: optional sign, decimal digits only, within int32.
::arrow::Result<int> JavaParseInt(std::string_view key, const std::string& value) {
  int parsed = 0;
  const char* begin = value.data();
  const char* end = value.data() + value.size();
  if (begin != end && *begin == '+') ++begin;
  auto [ptr, ec] = std::from_chars(begin, end, parsed);
  if (value.empty() || ec != std::errc() || ptr != end) {
    return ::arrow::Status::Invalid("hoodie.properties value is not an integer: ", key,
                                    "=", value);
  }
  return parsed;
}

}  // namespace

const char* TableTypeName(TableType type) {
  // The names are literals, so the view's data ends with a NUL.
  return EnumName(type, kTableTypeNames).data();
}

::arrow::Result<TableType> ParseTableType(std::string_view name) {
  return ParseEnum(TableConfig::kType, name, kTableTypeNames, EnumCase::kExact);
}

TableConfig::TableConfig(PropertyList entries) : entries_(std::move(entries)) {}

::arrow::Result<TableConfig> TableConfig::Parse(std::string_view text,
                                                std::string_view source) {
  ARROW_ASSIGN_OR_RAISE(PropertyList entries, ParseJavaProperties(text, source));
  return TableConfig(std::move(entries));
}

bool TableConfig::Contains(std::string_view key) const { return Get(key).has_value(); }

std::optional<std::string> TableConfig::Get(std::string_view key) const {
  for (const auto& [k, v] : entries_) {
    if (k == key) return v;
  }
  return std::nullopt;
}

std::string TableConfig::GetOr(std::string_view key,
                               std::string_view default_value) const {
  auto value = Get(key);
  return value.has_value() ? *value : std::string(default_value);
}

void TableConfig::Set(std::string_view key, std::string_view value) {
  for (auto& [k, v] : entries_) {
    if (k == key) {
      v = std::string(value);
      return;
    }
  }
  entries_.emplace_back(std::string(key), std::string(value));
}

void TableConfig::SetDefault(std::string_view key, std::string_view value) {
  if (!Contains(key)) entries_.emplace_back(std::string(key), std::string(value));
}

bool TableConfig::Remove(std::string_view key) {
  auto it = std::find_if(entries_.begin(), entries_.end(),
                         [&](const auto& entry) { return entry.first == key; });
  if (it == entries_.end()) return false;
  entries_.erase(it);
  return true;
}

std::string TableConfig::name() const { return GetOr(kName, ""); }

std::optional<std::string> TableConfig::database_name() const {
  return Get(kDatabaseName);
}

::arrow::Result<TableType> TableConfig::table_type() const {
  auto value = Get(kType);
  if (!value.has_value()) return TableType::kCopyOnWrite;
  return ParseTableType(*value);
}

::arrow::Result<int> TableConfig::table_version() const {
  auto value = Get(kVersion);
  if (!value.has_value()) return 0;
  return JavaParseInt(kVersion, *value);
}

::arrow::Result<std::optional<int>> TableConfig::timeline_layout_version() const {
  auto value = Get(kTimelineLayoutVersion);
  if (!value.has_value()) return std::optional<int>();
  ARROW_ASSIGN_OR_RAISE(int version, JavaParseInt(kTimelineLayoutVersion, *value));
  return std::optional<int>(version);
}

std::vector<std::string> TableConfig::record_key_fields() const {
  return SplitNonEmpty(GetOr(kRecordKeyFields, ""), ',');
}

std::vector<std::string> TableConfig::partition_fields() const {
  std::vector<std::string> fields = SplitNonEmpty(GetOr(kPartitionFields, ""), ',');
  // CustomKeyGenerator entries look like "ts:TIMESTAMP"; the field is before the ':'.
  for (auto& field : fields) field = field.substr(0, field.find(':'));
  return fields;
}

std::optional<std::string> TableConfig::precombine_field() const {
  return Get(kPrecombineField);
}

std::optional<std::string> TableConfig::key_generator_class() const {
  return Get(kKeyGeneratorClass);
}

std::string TableConfig::base_file_format() const {
  if (auto value = Get(kBaseFileFormat)) return *value;
  return GetOr(kBaseFileFormatAlias, "PARQUET");
}

std::string TableConfig::log_file_format() const {
  if (auto value = Get(kLogFileFormat)) return *value;
  return GetOr(kLogFileFormatAlias, "HOODIE_LOG");
}

bool TableConfig::populate_meta_fields() const {
  return JavaParseBoolean(Get(kPopulateMetaFields), true);
}
bool TableConfig::hive_style_partitioning() const {
  return JavaParseBoolean(Get(kHiveStylePartitioning), false);
}
bool TableConfig::url_encode_partitioning() const {
  return JavaParseBoolean(Get(kUrlEncodePartitioning), false);
}
bool TableConfig::drop_partition_columns() const {
  return JavaParseBoolean(Get(kDropPartitionColumns), false);
}
bool TableConfig::partition_metafile_use_base_format() const {
  return JavaParseBoolean(Get(kPartitionMetafileUseBaseFormat), false);
}
bool TableConfig::cdc_enabled() const {
  return JavaParseBoolean(Get(kCdcEnabled), false);
}

::arrow::Result<TimelineTimeZone> TableConfig::timeline_timezone() const {
  auto value = Get(kTimelineTimezone);
  if (!value.has_value()) return TimelineTimeZone::kLocal;
  return ParseTimelineTimeZone(*value);
}

std::string TableConfig::archive_folder() const {
  std::string folder = GetOr(kArchiveFolder, "");
  return folder.empty() ? std::string(kDefaultArchiveFolder) : folder;
}

std::vector<std::string> TableConfig::metadata_partitions() const {
  return SplitNonEmpty(GetOr(kMetadataPartitions, ""), ',');
}
std::vector<std::string> TableConfig::metadata_partitions_inflight() const {
  return SplitNonEmpty(GetOr(kMetadataPartitionsInflight, ""), ',');
}
std::optional<std::string> TableConfig::payload_class() const {
  return Get(kPayloadClass);
}
std::optional<std::string> TableConfig::record_merger_strategy() const {
  return Get(kRecordMergerStrategy);
}
std::optional<std::string> TableConfig::create_schema() const {
  return Get(kCreateSchema);
}
std::optional<std::string> TableConfig::bootstrap_base_path() const {
  return Get(kBootstrapBasePath);
}

std::string TableConfig::ComputeChecksum(std::string_view database,
                                         std::string_view table) {
  // Java: String.format("%s.%s", database, table) -> UTF-8 -> CRC32, as a long.
  std::string input;
  input.reserve(database.size() + 1 + table.size());
  input.append(database).append(".").append(table);
  uLong crc = crc32(0L, Z_NULL, 0);
  crc = crc32(crc, reinterpret_cast<const Bytef*>(input.data()),
              static_cast<uInt>(input.size()));
  return std::to_string(static_cast<uint32_t>(crc));
}

std::string TableConfig::ExpectedChecksum() const {
  return ComputeChecksum(database_name().value_or(""), name());
}

::arrow::Status TableConfig::ValidateChecksum() const {
  auto stored = Get(kChecksum);
  if (!stored.has_value()) return ::arrow::Status::OK();
  if (!Contains(kName)) {
    return ::arrow::Status::Invalid("hoodie.properties has a checksum but no ", kName);
  }
  // Java compares Long.parseLong(stored) with the computed value, so "+1" or "01" would
  // pass there; compare numerically for the same reason.
  int64_t stored_value = 0;
  const char* begin = stored->data();
  const char* end = stored->data() + stored->size();
  if (begin != end && *begin == '+') ++begin;
  auto [ptr, ec] = std::from_chars(begin, end, stored_value);
  if (stored->empty() || ec != std::errc() || ptr != end) {
    return ::arrow::Status::Invalid("hoodie.table.checksum is not a number: ", *stored);
  }
  std::string expected = ExpectedChecksum();
  if (std::to_string(stored_value) != expected) {
    return ::arrow::Status::Invalid("hoodie.table.checksum does not match ",
                                    kDatabaseName, " and ", kName, ": stored ", *stored,
                                    ", expected ", expected);
  }
  return ::arrow::Status::OK();
}

bool TableConfig::HasValidChecksum() const {
  return Contains(kChecksum) && ValidateChecksum().ok();
}

std::string TableConfig::Store(std::string_view instant_text,
                               std::string_view date_line) {
  std::string instant =
      instant_text.empty() ? JavaInstantNow() : std::string(instant_text);
  if (HasValidChecksum()) {
    return FormatJavaProperties(entries_, "Updated at " + instant, date_line);
  }
  // getOrderedPropertiesWithTableChecksum: the entries in order, the checksum last.
  Remove(kChecksum);
  entries_.emplace_back(std::string(kChecksum), ExpectedChecksum());
  return FormatJavaProperties(entries_, "Properties saved on " + instant, date_line);
}

std::string JavaInstantNow() {
  auto now = std::chrono::system_clock::now();
  auto micros =
      std::chrono::duration_cast<std::chrono::microseconds>(now.time_since_epoch())
          .count();
  std::time_t seconds = static_cast<std::time_t>(micros / 1000000);
  int64_t fraction = micros % 1000000;
  std::tm utc{};
  gmtime_r(&seconds, &utc);
  char buffer[64];
  int n = std::snprintf(buffer, sizeof(buffer), "%04d-%02d-%02dT%02d:%02d:%02d",
                        utc.tm_year + 1900, utc.tm_mon + 1, utc.tm_mday, utc.tm_hour,
                        utc.tm_min, utc.tm_sec);
  // ISO_INSTANT prints the nano fraction in groups of three digits, only as needed.
  if (fraction != 0 && fraction % 1000 == 0) {
    std::snprintf(buffer + n, sizeof(buffer) - n, ".%03dZ",
                  static_cast<int>(fraction / 1000));
  } else if (fraction != 0) {
    std::snprintf(buffer + n, sizeof(buffer) - n, ".%06dZ", static_cast<int>(fraction));
  } else {
    std::snprintf(buffer + n, sizeof(buffer) - n, "Z");
  }
  return buffer;
}

}  // namespace hoodie
