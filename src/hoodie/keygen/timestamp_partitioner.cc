// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/keygen/timestamp_partitioner.cc
/// \brief Partition paths from time values (Java TimestampBasedAvroKeyGenerator with
/// HoodieDateTimeParser, Hudi 0.15).
#include <arrow/api.h>
#include <arrow/compute/api.h>

#include <cmath>
#include <limits>
#include <map>
#include <regex>

#include "hoodie/common/enum_choice.h"
#include "hoodie/config/hoodie_config.h"
#include "hoodie/config/keygen_config.h"
#include "hoodie/keygen/field_value_internal.h"
#include "hoodie/keygen/joda_date_format_internal.h"
#include "hoodie/keygen/key_generator_internal.h"
#include "hoodie/keygen/partition_path_encoding.h"
#include "hoodie/keygen/time_zone_internal.h"

namespace hoodie::internal {

namespace {

enum class TimestampType {
  kUnixTimestamp,
  kDateString,
  kMixed,
  kEpochMillis,
  kEpochMicros,
  kScalar
};

// java.util.concurrent.TimeUnit expressed against milliseconds.
struct MillisScale {
  bool finer = false;  // true: divide by factor; false: multiply (saturating)
  int64_t factor = 1;
};

constexpr EnumChoice<TimestampType> kTimestampTypes[] = {
    {"UNIX_TIMESTAMP", TimestampType::kUnixTimestamp},
    {"DATE_STRING", TimestampType::kDateString},
    {"MIXED", TimestampType::kMixed},
    {"EPOCHMILLISECONDS", TimestampType::kEpochMillis},
    {"EPOCHMICROSECONDS", TimestampType::kEpochMicros},
    {"SCALAR", TimestampType::kScalar}};

constexpr EnumChoice<MillisScale> kTimeUnits[] = {
    {"NANOSECONDS", {true, 1000000}}, {"MICROSECONDS", {true, 1000}},
    {"MILLISECONDS", {false, 1}},     {"SECONDS", {false, 1000}},
    {"MINUTES", {false, 60000}},      {"HOURS", {false, 3600000}},
    {"DAYS", {false, 86400000}}};

// A key without a default: nullopt when neither it nor an alias is set.
::arrow::Result<std::optional<std::string>> GetOptional(
    const HoodieConfig& config, const ConfigProperty<std::string>& prop) {
  auto result = config.Get(prop);
  if (result.ok()) return std::optional<std::string>(*result);
  if (result.status().IsKeyError()) return std::optional<std::string>();
  return result.status();
}

// HoodieDateTimeParser: the deprecated `timezone` key, when set, decides both zones;
// an empty value means "no zone".
::arrow::Result<std::optional<TimeZone>> ZoneOption(
    const HoodieConfig& config, const ConfigProperty<std::string>& prop) {
  ARROW_ASSIGN_OR_RAISE(auto both, GetOptional(config, KeyGeneratorConfig::kTimezone));
  std::optional<std::string> id = both;
  if (!both) {
    ARROW_ASSIGN_OR_RAISE(id, GetOptional(config, prop));
  }
  if (!id) return std::optional<TimeZone>();
  std::string trimmed = *id;
  trimmed.erase(0, trimmed.find_first_not_of(" \t"));
  trimmed.erase(trimmed.find_last_not_of(" \t") + 1);
  if (trimmed.empty()) return std::optional<TimeZone>();
  ARROW_ASSIGN_OR_RAISE(auto zone, ParseJavaTimeZone(trimmed));
  return std::optional<TimeZone>(zone);
}

// String.split(regex) followed by trim, as HoodieDateTimeParser builds its parsers.
::arrow::Result<std::vector<JodaDateFormat>> CompileInputFormats(
    const std::string& list, const std::string& regex) {
  std::vector<std::string> parts;
  try {
    std::regex delimiter(regex);
    std::sregex_token_iterator it(list.begin(), list.end(), delimiter, -1), end;
    for (; it != end; ++it) parts.push_back(*it);
  } catch (const std::regex_error& e) {
    return ::arrow::Status::Invalid(
        "hoodie.keygen.timebased.input.dateformat.list.delimiter.regex '", regex,
        "' is not a valid regular expression: ", e.what());
  }
  while (!parts.empty() && parts.back().empty()) parts.pop_back();
  std::vector<JodaDateFormat> formats;
  for (auto& part : parts) {
    part.erase(0, part.find_first_not_of(" \t"));
    part.erase(part.find_last_not_of(" \t") + 1);
    auto format = JodaDateFormat::Compile(part);
    if (!format.ok()) {
      return ::arrow::Status::Invalid("hoodie.keygen.timebased.input.dateformat: ",
                                      format.status().message());
    }
    formats.push_back(std::move(*format));
  }
  if (formats.empty()) {
    return ::arrow::Status::Invalid(
        "hoodie.keygen.timebased.input.dateformat is required when the timestamp type is "
        "DATE_STRING or MIXED");
  }
  return formats;
}

// Java's (long) cast of a double: truncation, NaN -> 0, saturation.
int64_t JavaLongValue(double value) {
  if (std::isnan(value)) return 0;
  if (value >= 9.2233720368547758e18) return std::numeric_limits<int64_t>::max();
  if (value <= -9.2233720368547758e18) return std::numeric_limits<int64_t>::min();
  return static_cast<int64_t>(value);
}

template <typename ArrayType, typename Convert>
std::vector<std::optional<int64_t>> Longs(const ::arrow::Array& array, Convert convert) {
  const auto& typed = static_cast<const ArrayType&>(array);
  std::vector<std::optional<int64_t>> out(typed.length());
  for (int64_t i = 0; i < typed.length(); ++i) {
    if (typed.IsValid(i)) out[i] = convert(typed, i);
  }
  return out;
}

// The Long that TimestampBasedAvroKeyGenerator derives from a numeric Avro value:
// Integer/Long as is, Float/Double/BigDecimal via longValue(), LocalDate as its epoch
// day, timestamp-millis/micros as the raw long.
::arrow::Result<std::vector<std::optional<int64_t>>> NumericValues(
    const ::arrow::Array& array, std::string_view field) {
  using ::arrow::Type;
  auto raw = [](const auto& a, int64_t i) { return static_cast<int64_t>(a.Value(i)); };
  switch (array.type_id()) {
    case Type::INT8:
      return Longs<::arrow::Int8Array>(array, raw);
    case Type::INT16:
      return Longs<::arrow::Int16Array>(array, raw);
    case Type::INT32:
      return Longs<::arrow::Int32Array>(array, raw);
    case Type::INT64:
      return Longs<::arrow::Int64Array>(array, raw);
    case Type::DATE32:
      return Longs<::arrow::Date32Array>(array, raw);
    case Type::FLOAT:
    case Type::DOUBLE: {
      auto as_double = [](const auto& a, int64_t i) {
        return JavaLongValue(static_cast<double>(a.Value(i)));
      };
      if (array.type_id() == Type::FLOAT)
        return Longs<::arrow::FloatArray>(array, as_double);
      return Longs<::arrow::DoubleArray>(array, as_double);
    }
    case Type::DECIMAL128: {
      int32_t scale = static_cast<const ::arrow::Decimal128Type&>(*array.type()).scale();
      return Longs<::arrow::Decimal128Array>(array, [scale](const auto& a, int64_t i) {
        ::arrow::Decimal128 value(a.GetValue(i));
        // BigDecimal.longValue: drop the fraction, keep the low 64 bits.
        if (scale > 0) value = value.ReduceScaleBy(scale, /*round=*/false);
        return static_cast<int64_t>(value.low_bits());
      });
    }
    case Type::TIMESTAMP: {
      auto unit = static_cast<const ::arrow::TimestampType&>(*array.type()).unit();
      if (unit == ::arrow::TimeUnit::MILLI || unit == ::arrow::TimeUnit::MICRO) {
        return Longs<::arrow::TimestampArray>(array, raw);
      }
      break;
    }
    default:
      break;
  }
  return ::arrow::Status::Invalid(
      "partition field '", field, "' has type ", array.type()->ToString(),
      ", which the timestamp key generator cannot read (Hudi: unexpected type for "
      "partition field)");
}

bool IsStringType(const ::arrow::DataType& type) {
  return type.id() == ::arrow::Type::STRING || type.id() == ::arrow::Type::LARGE_STRING ||
         type.id() == ::arrow::Type::STRING_VIEW;
}

// A row's instant and the zone its path is printed in (index into a zone table).
struct RowTime {
  int64_t utc_millis = 0;
  size_t zone = 0;
};

class TimestampPartitionerImpl : public TimestampPartitioner {
 public:
  TimestampPartitionerImpl(std::string field, bool hive, bool encode, TimestampType type,
                           std::optional<MillisScale> unit, JodaDateFormat output_format)
      : field_(std::move(field)),
        hive_(hive),
        encode_(encode),
        type_(type),
        unit_(unit),
        output_format_(std::move(output_format)) {}

  ::arrow::Status Init(const HoodieConfig& config);

  ::arrow::Result<KeyColumn> PartitionPaths(const ::arrow::RecordBatch& batch,
                                            std::vector<KeyError>* errors) const override;

 private:
  using Times = std::vector<std::optional<RowTime>>;
  struct ZoneTable {
    std::vector<TimeZone> zones;
    std::map<std::string, size_t> index;
    size_t Add(const TimeZone& zone) {
      auto [it, added] = index.emplace(zone.key(), zones.size());
      if (added) zones.push_back(zone);
      return it->second;
    }
  };

  std::optional<int64_t> ToMillis(int64_t value) const;
  void Fail(int64_t row, std::string_view value, std::string_view why,
            std::vector<KeyError>* errors) const;
  ::arrow::Status NumericTimes(const ::arrow::Array& array, Times* times,
                               std::vector<KeyError>* errors) const;
  ::arrow::Status StringTimes(const ::arrow::Array& array, Times* times, ZoneTable* zones,
                              std::vector<KeyError>* errors) const;
  ::arrow::Result<KeyColumn> Render(const Times& times, const ZoneTable& zones) const;

  std::string field_;
  bool hive_;
  bool encode_;
  TimestampType type_;
  std::optional<MillisScale> unit_;  // none for DATE_STRING and MIXED
  JodaDateFormat output_format_;
  std::vector<JodaDateFormat> input_formats_;  // DATE_STRING and MIXED only
  std::optional<TimeZone> input_zone_;
  std::optional<TimeZone> output_zone_;
  std::string null_text_;  // what a null DATE_STRING/MIXED value is replaced with
};

::arrow::Status TimestampPartitionerImpl::Init(const HoodieConfig& config) {
  ARROW_ASSIGN_OR_RAISE(input_zone_,
                        ZoneOption(config, KeyGeneratorConfig::kInputTimezone));
  ARROW_ASSIGN_OR_RAISE(output_zone_,
                        ZoneOption(config, KeyGeneratorConfig::kOutputTimezone));
  if (type_ != TimestampType::kDateString && type_ != TimestampType::kMixed) {
    return ::arrow::Status::OK();
  }
  ARROW_ASSIGN_OR_RAISE(auto list, config.Get(KeyGeneratorConfig::kInputDateFormat));
  ARROW_ASSIGN_OR_RAISE(
      auto regex, config.Get(KeyGeneratorConfig::kInputDateFormatListDelimiterRegex));
  ARROW_ASSIGN_OR_RAISE(input_formats_, CompileInputFormats(list, regex));
  // getDefaultPartitionVal: epoch + 1 ms printed with the first input format in the
  // input zone, else the output zone, else GMT.
  TimeZone zone = input_zone_.value_or(output_zone_.value_or(TimeZone::Utc()));
  ARROW_ASSIGN_OR_RAISE(auto local, UtcToLocalMillis(zone, {1}));
  null_text_ =
      input_formats_[0].Format(local[0], static_cast<int32_t>((local[0] - 1) / 1000));
  return ::arrow::Status::OK();
}

std::optional<int64_t> TimestampPartitionerImpl::ToMillis(int64_t value) const {
  if (!unit_) return std::nullopt;
  if (unit_->finer) return value / unit_->factor;
  // TimeUnit.convert saturates instead of overflowing.
  constexpr int64_t kMax = std::numeric_limits<int64_t>::max();
  if (value > kMax / unit_->factor) return kMax;
  if (value < -(kMax / unit_->factor)) return std::numeric_limits<int64_t>::min();
  return value * unit_->factor;
}

void TimestampPartitionerImpl::Fail(int64_t row, std::string_view value,
                                    std::string_view why,
                                    std::vector<KeyError>* errors) const {
  // The HoodieKeyGeneratorException text, with the cause appended.
  errors->push_back({row, "row " + std::to_string(row) +
                              ": Unable to parse input partition field: " +
                              std::string(value) + " (" + std::string(why) + ")"});
}

::arrow::Status TimestampPartitionerImpl::NumericTimes(
    const ::arrow::Array& array, Times* times, std::vector<KeyError>* errors) const {
  ARROW_ASSIGN_OR_RAISE(auto values, NumericValues(array, field_));
  for (size_t row = 0; row < values.size(); ++row) {
    // A null value becomes 1L (getDefaultPartitionVal for numeric types).
    int64_t value = values[row].value_or(1);
    auto millis = ToMillis(value);
    if (!millis) {
      Fail(static_cast<int64_t>(row), std::to_string(value),
           "hoodie.keygen.timebased.timestamp.scalar.time.unit is not specified but "
           "scalar "
           "it supplied as time value",
           errors);
      continue;
    }
    (*times)[row] = RowTime{*millis, 0};
  }
  return ::arrow::Status::OK();
}

::arrow::Status TimestampPartitionerImpl::StringTimes(
    const ::arrow::Array& array, Times* times, ZoneTable* zones,
    std::vector<KeyError>* errors) const {
  ARROW_ASSIGN_OR_RAISE(auto texts, FieldValuesAsStrings(array, field_));
  const TimeZone local_zone = input_zone_.value_or(TimeZone::Utc());
  const size_t local_zone_index = output_zone_ ? 0 : zones->Add(local_zone);
  std::vector<size_t> pending_rows;
  std::vector<int64_t> pending_locals;
  for (size_t row = 0; row < texts.size(); ++row) {
    const auto& text = texts[row];
    if (input_formats_.empty()) {
      // Numeric types: a null value still becomes 1L; a string cannot be read.
      if (!text) {
        (*times)[row] = RowTime{ToMillis(1).value_or(0), 0};
      } else {
        Fail(static_cast<int64_t>(row), *text,
             "Missing input formatter. Ensure hoodie.keygen.timebased.input.dateformat "
             "config is set when timestampType is DATE_STRING or MIXED!",
             errors);
      }
      continue;
    }
    const std::string& value = text ? *text : null_text_;
    ::arrow::Result<ParsedDateTime> parsed = ::arrow::Status::Invalid("no input format");
    for (const auto& format : input_formats_) {
      parsed = format.Parse(value);
      if (parsed.ok()) break;
    }
    if (!parsed.ok()) {
      Fail(static_cast<int64_t>(row), value, parsed.status().message(), errors);
      continue;
    }
    if (parsed->offset_seconds) {
      size_t zone = output_zone_  ? 0
                    : input_zone_ ? zones->Add(*input_zone_)
                                  : zones->Add(TimeZone::Fixed(*parsed->offset_seconds));
      (*times)[row] =
          RowTime{parsed->local_millis - *parsed->offset_seconds * 1000LL, zone};
    } else {
      pending_rows.push_back(row);
      pending_locals.push_back(parsed->local_millis);
    }
  }
  ARROW_ASSIGN_OR_RAISE(auto instants, LocalToUtcMillis(local_zone, pending_locals));
  for (size_t i = 0; i < pending_rows.size(); ++i) {
    if (!instants[i]) {
      Fail(static_cast<int64_t>(pending_rows[i]), *texts[pending_rows[i]],
           "Illegal instant due to time zone offset transition", errors);
      continue;
    }
    (*times)[pending_rows[i]] = RowTime{*instants[i], local_zone_index};
  }
  return ::arrow::Status::OK();
}

::arrow::Result<KeyColumn> TimestampPartitionerImpl::Render(
    const Times& times, const ZoneTable& zones) const {
  KeyColumn out(times.size());
  for (size_t zone = 0; zone < zones.zones.size(); ++zone) {
    std::vector<size_t> rows;
    std::vector<int64_t> utc;
    for (size_t row = 0; row < times.size(); ++row) {
      if (times[row] && times[row]->zone == zone) {
        rows.push_back(row);
        utc.push_back(times[row]->utc_millis);
      }
    }
    if (rows.empty()) continue;
    ARROW_ASSIGN_OR_RAISE(auto local, UtcToLocalMillis(zones.zones[zone], utc));
    for (size_t i = 0; i < rows.size(); ++i) {
      auto offset = static_cast<int32_t>((local[i] - utc[i]) / 1000);
      std::string path = output_format_.Format(local[i], offset);
      if (encode_) path = EscapePartitionPathValue(path);
      out[rows[i]] = hive_ ? field_ + "=" + path : std::move(path);
    }
  }
  return out;
}

::arrow::Result<KeyColumn> TimestampPartitionerImpl::PartitionPaths(
    const ::arrow::RecordBatch& batch, std::vector<KeyError>* errors) const {
  ARROW_ASSIGN_OR_RAISE(auto array, ResolveFieldPath(batch, field_));
  if (array->type_id() == ::arrow::Type::DICTIONARY) {
    const auto& type = static_cast<const ::arrow::DictionaryType&>(*array->type());
    ARROW_RETURN_NOT_OK(EnsureComputeInitialized());
    ARROW_ASSIGN_OR_RAISE(array, ::arrow::compute::Cast(*array, type.value_type()));
  }
  Times times(array->length());
  ZoneTable zones;
  // Zone 0 prints every row that has no zone of its own: the output zone, else UTC
  // (Hudi would use the JVM default zone there).
  zones.Add(output_zone_.value_or(TimeZone::Utc()));
  if (IsStringType(*array->type())) {
    ARROW_RETURN_NOT_OK(StringTimes(*array, &times, &zones, errors));
  } else {
    ARROW_RETURN_NOT_OK(NumericTimes(*array, &times, errors));
  }
  return Render(times, zones);
}

}  // namespace

::arrow::Result<std::unique_ptr<TimestampPartitioner>> TimestampPartitioner::Make(
    const HoodieConfig& config, std::string field, bool hive, bool encode) {
  ARROW_ASSIGN_OR_RAISE(auto parser,
                        config.Get(KeyGeneratorConfig::kDateTimeParserClass));
  (void)parser;  // allowed_values admits only HoodieDateTimeParser.
  auto type_name = config.Get(KeyGeneratorConfig::kTimestampType);
  if (!type_name.ok()) {
    if (!type_name.status().IsKeyError()) return type_name.status();
    return ::arrow::Status::Invalid(
        "hoodie.keygen.timebased.timestamp.type is required by the timestamp key "
        "generator (partition field '",
        field, "')");
  }
  ARROW_ASSIGN_OR_RAISE(auto type, ParseEnum(KeyGeneratorConfig::kTimestampType.key,
                                             *type_name, kTimestampTypes));
  std::optional<MillisScale> unit;
  switch (type) {
    case TimestampType::kEpochMillis:
      unit = MillisScale{false, 1};
      break;
    case TimestampType::kEpochMicros:
      unit = MillisScale{true, 1000};
      break;
    case TimestampType::kUnixTimestamp:
      unit = MillisScale{false, 1000};
      break;
    case TimestampType::kScalar: {
      ARROW_ASSIGN_OR_RAISE(auto unit_name,
                            config.Get(KeyGeneratorConfig::kScalarTimeUnit));
      ARROW_ASSIGN_OR_RAISE(
          unit, ParseEnum(KeyGeneratorConfig::kScalarTimeUnit.key, unit_name, kTimeUnits));
      break;
    }
    default:
      break;
  }
  ARROW_ASSIGN_OR_RAISE(auto output_text,
                        config.Get(KeyGeneratorConfig::kOutputDateFormat));
  auto output = JodaDateFormat::Compile(output_text);
  if (!output.ok()) {
    return ::arrow::Status::Invalid("hoodie.keygen.timebased.output.dateformat: ",
                                    output.status().message());
  }
  auto partitioner = std::make_unique<TimestampPartitionerImpl>(
      std::move(field), hive, encode, type, unit, std::move(*output));
  ARROW_RETURN_NOT_OK(partitioner->Init(config));
  return std::unique_ptr<TimestampPartitioner>(std::move(partitioner));
}

}  // namespace hoodie::internal
