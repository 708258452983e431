// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/read/partition_values.cc
/// \brief Partition values from partition paths (SparkHoodieTableFileIndex,
/// HoodieSparkUtils.parsePartitionColumnValues, Spark's PartitioningUtils).
#include <algorithm>
#include <cctype>
#include <charconv>
#include <cstdint>
#include <limits>

#include <arrow/scalar.h>
#include <arrow/util/decimal.h>

#include "hoodie/common/ascii.h"
#include "hoodie/common/civil_date.h"
#include "hoodie/common/macros.h"
#include "hoodie/config/config_value.h"
#include "hoodie/read/partition_values_internal.h"
#include "hoodie/table/table_config.h"

namespace hoodie::internal {

namespace {

constexpr std::string_view kDefaultPartitionName = "__HIVE_DEFAULT_PARTITION__";

bool IsTimestampKeyGenerator(const TableConfig& config) {
  std::optional<std::string> name = config.key_generator_class();
  return name &&
         (EqualsIgnoreCase(*name, "org.apache.hudi.keygen.TimestampBasedKeyGenerator") ||
          EqualsIgnoreCase(*name,
                           "org.apache.hudi.keygen.TimestampBasedAvroKeyGenerator"));
}

// CustomKeyGenerator fields typed TIMESTAMP hold formatted dates that Spark 0.15 can
// neither parse back into the column's type nor present as text (its reader fails on
// their slashes). hoodie.properties records the fields without their types, as Spark's
// writer does (tables hoodie wrote before kept ":TIMESTAMP"), so any field of a custom
// generator may be one: its values come from the data files.
bool HasCustomTimestampField(const TableConfig& config) {
  std::string raw = ToUpperAscii(config.GetOr(TableConfig::kPartitionFields, ""));
  std::optional<std::string> name = config.key_generator_class();
  return raw.find(":TIMESTAMP") != std::string::npos ||
         (name && (EqualsIgnoreCase(*name, "org.apache.hudi.keygen.CustomKeyGenerator") ||
                   EqualsIgnoreCase(*name, "org.apache.hudi.keygen.CustomAvroKeyGenerator")));
}

// java.lang.String.split("/"): trailing empty strings are removed.
std::vector<std::string_view> JavaSplit(std::string_view text) {
  std::vector<std::string_view> parts;
  size_t start = 0;
  while (true) {
    size_t slash = text.find('/', start);
    parts.push_back(text.substr(
        start, slash == std::string_view::npos ? std::string_view::npos : slash - start));
    if (slash == std::string_view::npos) break;
    start = slash + 1;
  }
  while (parts.size() > 1 && parts.back().empty()) parts.pop_back();
  return parts;
}

int HexDigit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

// Integer.parseInt(two chars, 16): two hex digits, or a sign and one hex digit.
int ParseEscapeCode(char a, char b) {
  if (a == '+' || a == '-') {
    int digit = HexDigit(b);
    return digit < 0 ? -1 : (a == '-' ? -digit : digit);
  }
  int high = HexDigit(a);
  int low = HexDigit(b);
  return high < 0 || low < 0 ? -1 : high * 16 + low;
}

void AppendUtf8(uint32_t code_point, std::string* out) {
  if (code_point < 0x80) {
    out->push_back(static_cast<char>(code_point));
  } else {
    out->push_back(static_cast<char>(0xC0 | (code_point >> 6)));
    out->push_back(static_cast<char>(0x80 | (code_point & 0x3F)));
  }
}

// Integer.parseInt / Long.parseLong: an optional sign, then at least one decimal digit.
std::optional<int64_t> JavaParseInteger(std::string_view text, int64_t min, int64_t max) {
  size_t i = 0;
  bool negative = false;
  if (!text.empty() && (text[0] == '+' || text[0] == '-')) {
    negative = text[0] == '-';
    i = 1;
  }
  if (i == text.size()) return std::nullopt;
  // Accumulate negatively so that the minimum value does not overflow.
  int64_t value = 0;
  for (; i < text.size(); ++i) {
    if (text[i] < '0' || text[i] > '9') return std::nullopt;
    int digit = text[i] - '0';
    if (value < (std::numeric_limits<int64_t>::min() + digit) / 10) return std::nullopt;
    value = value * 10 - digit;
  }
  if (!negative) {
    if (value == std::numeric_limits<int64_t>::min()) return std::nullopt;
    value = -value;
  }
  if (value < min || value > max) return std::nullopt;
  return value;
}

// Double.parseDouble for decimal forms: surrounding whitespace, a sign, NaN, Infinity,
// digits with an optional exponent and an optional f/F/d/D suffix.
std::optional<double> JavaParseDouble(std::string_view text) {
  while (!text.empty() && static_cast<unsigned char>(text.front()) <= ' ')
    text.remove_prefix(1);
  while (!text.empty() && static_cast<unsigned char>(text.back()) <= ' ')
    text.remove_suffix(1);
  bool negative = !text.empty() && text[0] == '-';
  std::string_view body = text;
  if (!body.empty() && (body[0] == '+' || body[0] == '-')) body.remove_prefix(1);
  if (body == "NaN") return std::numeric_limits<double>::quiet_NaN();
  if (body == "Infinity") {
    return negative ? -std::numeric_limits<double>::infinity()
                    : std::numeric_limits<double>::infinity();
  }
  if (!body.empty() &&
      std::string_view("fFdD").find(body.back()) != std::string_view::npos) {
    body.remove_suffix(1);
  }
  if (body.empty() ||
      !(std::isdigit(static_cast<unsigned char>(body[0])) || body[0] == '.')) {
    return std::nullopt;
  }
  double value = 0;
  auto [end, error] = std::from_chars(body.data(), body.data() + body.size(), value,
                                      std::chars_format::general);
  if (error != std::errc() || end != body.data() + body.size()) return std::nullopt;
  return negative ? -value : value;
}

// Spark's DateTimeUtils.stringToDate (Cast of a string to DATE, ANSI off): trimmed,
// `[+-]yyyy[-[m]m[-[d]d]]`, a full date may be followed by ' ' or 'T' and anything.
std::optional<int32_t> SparkStringToDate(std::string_view text) {
  while (!text.empty() && static_cast<unsigned char>(text.front()) <= ' ')
    text.remove_prefix(1);
  while (!text.empty() && static_cast<unsigned char>(text.back()) <= ' ')
    text.remove_suffix(1);
  if (text.empty()) return std::nullopt;
  auto valid_digits = [](int segment, int digits) {
    return (segment == 0 && digits >= 4 && digits <= 7) ||
           (segment != 0 && digits > 0 && digits <= 2);
  };
  int64_t segments[3] = {1, 1, 1};
  int sign = 1;
  size_t j = 0;
  if (text[0] == '-' || text[0] == '+') {
    sign = text[0] == '-' ? -1 : 1;
    j = 1;
  }
  int i = 0;
  int64_t value = 0;
  int digits = 0;
  while (j < text.size() && i < 3 && !(text[j] == ' ' || text[j] == 'T')) {
    char c = text[j];
    if (i < 2 && c == '-') {
      if (!valid_digits(i, digits)) return std::nullopt;
      segments[i++] = value;
      value = 0;
      digits = 0;
    } else {
      if (c < '0' || c > '9') return std::nullopt;
      value = value * 10 + (c - '0');
      ++digits;
    }
    ++j;
  }
  if (!valid_digits(i, digits)) return std::nullopt;
  if (i < 2 && j < text.size()) return std::nullopt;
  segments[i] = value;
  int64_t year = sign * segments[0];
  int64_t month = segments[1];
  int64_t day = segments[2];
  if (month < 1 || month > 12 || day < 1) return std::nullopt;
  if (day > DaysInMonth(year, month)) return std::nullopt;
  return static_cast<int32_t>(DaysFromCivil(year, month, day));
}

::arrow::Status CastFailure(std::string_view raw, const ::arrow::Field& field) {
  return ::arrow::Status::Invalid("Failed to cast value `", raw, "` to ",
                                  field.type()->ToString(), " for partition column `",
                                  field.name(), "`, as Spark's reader does");
}

::arrow::Result<std::shared_ptr<::arrow::Scalar>> ParseDecimal(
    std::string_view raw, const ::arrow::Field& field) {
  const auto& type = static_cast<const ::arrow::DecimalType&>(*field.type());
  ::arrow::Decimal128 value;
  int32_t precision = 0;
  int32_t scale = 0;
  if (!::arrow::Decimal128::FromString(raw, &value, &precision, &scale).ok()) {
    return CastFailure(raw, field);
  }
  auto rescaled = value.Rescale(scale, type.scale());
  if (!rescaled.ok() || !rescaled->FitsInPrecision(type.precision())) {
    return CastFailure(raw, field);
  }
  if (field.type()->id() == ::arrow::Type::DECIMAL256) {
    return ::arrow::MakeScalar(field.type(), ::arrow::Decimal256(*rescaled));
  }
  return ::arrow::MakeScalar(field.type(), *rescaled);
}

// Spark's castPartValueToDesiredType for a value present in the path.
::arrow::Result<std::shared_ptr<::arrow::Scalar>> CastPartValue(
    std::string_view raw, const ::arrow::Field& field) {
  const auto& type = field.type();
  if (raw == kDefaultPartitionName) return ::arrow::MakeNullScalar(type);
  auto integer = [&](int64_t min, int64_t max) -> ::arrow::Result<int64_t> {
    std::optional<int64_t> parsed = JavaParseInteger(raw, min, max);
    if (!parsed) return CastFailure(raw, field);
    return *parsed;
  };
  constexpr int64_t kIntMin = std::numeric_limits<int32_t>::min();
  constexpr int64_t kIntMax = std::numeric_limits<int32_t>::max();
  switch (type->id()) {
    case ::arrow::Type::STRING:
    case ::arrow::Type::LARGE_STRING:
      return ::arrow::MakeScalar(type, UnescapePathName(raw));
    case ::arrow::Type::INT8: {
      // Integer.parseInt(value).toByte wraps around.
      ARROW_ASSIGN_OR_RAISE(int64_t value, integer(kIntMin, kIntMax));
      return ::arrow::MakeScalar(type, static_cast<int8_t>(value));
    }
    case ::arrow::Type::INT16: {
      ARROW_ASSIGN_OR_RAISE(int64_t value, integer(kIntMin, kIntMax));
      return ::arrow::MakeScalar(type, static_cast<int16_t>(value));
    }
    case ::arrow::Type::INT32: {
      ARROW_ASSIGN_OR_RAISE(int64_t value, integer(kIntMin, kIntMax));
      return ::arrow::MakeScalar(type, static_cast<int32_t>(value));
    }
    case ::arrow::Type::INT64: {
      ARROW_ASSIGN_OR_RAISE(int64_t value, integer(std::numeric_limits<int64_t>::min(),
                                                    std::numeric_limits<int64_t>::max()));
      return ::arrow::MakeScalar(type, value);
    }
    case ::arrow::Type::FLOAT:
    case ::arrow::Type::DOUBLE: {
      std::optional<double> value = JavaParseDouble(raw);
      if (!value) return CastFailure(raw, field);
      if (type->id() == ::arrow::Type::FLOAT) {
        return ::arrow::MakeScalar(type, static_cast<float>(*value));
      }
      return ::arrow::MakeScalar(type, *value);
    }
    case ::arrow::Type::DECIMAL128:
    case ::arrow::Type::DECIMAL256:
      return ParseDecimal(raw, field);
    case ::arrow::Type::DATE32: {
      std::optional<int32_t> days = SparkStringToDate(raw);
      if (!days) return CastFailure(raw, field);
      return ::arrow::MakeScalar(type, *days);
    }
    case ::arrow::Type::BOOL:
      if (EqualsIgnoreCase(raw, "true")) return ::arrow::MakeScalar(type, true);
      if (EqualsIgnoreCase(raw, "false")) return ::arrow::MakeScalar(type, false);
      return CastFailure(raw, field);
    case ::arrow::Type::BINARY:
    case ::arrow::Type::LARGE_BINARY:
      return ::arrow::MakeScalar(type, std::string(raw));
    default:
      return ::arrow::Status::NotImplemented(
          "partition column `", field.name(), "` of type ", type->ToString(),
          " cannot be read from its partition path yet (value `", raw, "`)");
  }
}

// A value Spark hands over as a UTF8String without casting or unescaping; only a
// string column can hold it (Spark fails on the row otherwise).
::arrow::Result<std::shared_ptr<::arrow::Scalar>> RawText(std::optional<std::string> text,
                                                          const ::arrow::Field& field,
                                                          std::string_view path) {
  if (!text) return ::arrow::MakeNullScalar(field.type());
  if (field.type()->id() != ::arrow::Type::STRING) {
    return ::arrow::Status::Invalid(
        "partition path '", path,
        "' does not split into one value per partition column, "
        "and its text cannot fill partition column `",
        field.name(), "` of type ", field.type()->ToString(),
        " (Spark's reader fails on it too)");
  }
  return ::arrow::MakeScalar(field.type(), *text);
}

}  // namespace

std::string UnescapePathName(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  size_t i = 0;
  while (i < text.size()) {
    if (text[i] == '%' && i + 2 < text.size()) {
      int code = ParseEscapeCode(text[i + 1], text[i + 2]);
      if (code >= 0) {
        AppendUtf8(static_cast<uint32_t>(code), &out);
        i += 3;
        continue;
      }
    }
    out.push_back(text[i++]);
  }
  return out;
}

::arrow::Result<std::optional<PathPartitionColumns>> PathValuedPartitionColumns(
    const TableConfig& config, const ::arrow::Schema& table_schema) {
  std::vector<std::string> names = config.partition_fields();
  if (names.empty() || HasCustomTimestampField(config)) return std::nullopt;
  PathPartitionColumns columns;
  if (IsTimestampKeyGenerator(config)) {
    columns.path_text = true;
    for (const std::string& name : names) {
      columns.fields.push_back(::arrow::field(name, ::arrow::utf8()));
    }
    return columns;
  }
  for (const std::string& name : names) {
    std::shared_ptr<::arrow::Field> field = table_schema.GetFieldByName(name);
    if (name.find('.') != std::string::npos || field == nullptr) return std::nullopt;
    columns.fields.push_back(field);
  }
  return columns;
}

std::shared_ptr<::arrow::Schema> WithPartitionTypes(const ::arrow::Schema& table_schema,
                                                    const PathPartitionColumns& columns) {
  std::vector<std::shared_ptr<::arrow::Field>> fields = table_schema.fields();
  for (auto& field : fields) {
    for (const auto& partition : columns.fields) {
      if (partition->name() == field->name()) field = field->WithType(partition->type());
    }
  }
  return ::arrow::schema(std::move(fields));
}

::arrow::Result<PartitionConstants> ParsePartitionPath(
    const PathPartitionColumns& columns, std::string_view partition_path) {
  const auto& fields = columns.fields;
  const size_t n = fields.size();
  std::vector<std::string_view> segments = JavaSplit(partition_path);
  PartitionConstants out;
  if (segments.size() == n) {
    for (size_t i = 0; i < n; ++i) {
      std::string_view segment = segments[i];
      size_t eq = segment.find('=');
      if (eq == 0) {
        return ::arrow::Status::Invalid("Empty partition column name in '", segment,
                                        "' of partition path '", partition_path, "'");
      }
      std::string_view raw =
          eq == std::string_view::npos ? segment : segment.substr(eq + 1);
      if (raw.empty()) {
        return ::arrow::Status::Invalid("Empty partition column value in '", segment,
                                        "' of partition path '", partition_path, "'");
      }
      ARROW_ASSIGN_OR_RAISE(auto value, CastPartValue(raw, *fields[i]));
      out.emplace_back(fields[i]->name(), std::move(value));
    }
    return out;
  }
  std::string prefix = fields[0]->name() + "=";
  bool hive = partition_path.substr(0, prefix.size()) == prefix;
  if (n == 1) {
    std::string text(hive ? partition_path.substr(prefix.size()) : partition_path);
    ARROW_ASSIGN_OR_RAISE(auto value, RawText(text, *fields[0], partition_path));
    out.emplace_back(fields[0]->name(), std::move(value));
    return out;
  }
  if (!hive) {
    return ::arrow::Status::Invalid(
        "Failed to parse partition column values from the partition path '",
        partition_path, "': ", segments.size(), " path segments for ", n,
        " partition columns, likely a '/' inside a value (write with "
        "hoodie.datasource.write.partitionpath.urlencode=true); Spark's reader fails "
        "too");
  }
  // splitHiveSlashPartitions: a segment with '=' starts the next value.
  std::vector<std::optional<std::string>> values(n);
  size_t index = 0;
  bool first = true;
  for (std::string_view segment : segments) {
    size_t eq = segment.find('=');
    if (eq != std::string_view::npos) {
      if (!first) ++index;
      first = false;
      if (index >= n) {
        return ::arrow::Status::Invalid("partition path '", partition_path,
                                        "' holds more values than its ", n,
                                        " partition columns");
      }
      values[index] = std::string(segment.substr(eq + 1));
    } else {
      values[index] = values[index].value_or("null") + "/" + std::string(segment);
    }
  }
  for (size_t i = 0; i < n; ++i) {
    ARROW_ASSIGN_OR_RAISE(auto value, RawText(values[i], *fields[i], partition_path));
    out.emplace_back(fields[i]->name(), std::move(value));
  }
  return out;
}

}  // namespace hoodie::internal
