// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/actions/partition_date.cc
/// \brief Lenient `yyyy/MM/dd` partition dates (DayBasedCompactionStrategy).

#include <cctype>
#include <charconv>
#include <ctime>
#include <optional>

#include "hoodie/actions/partition_date_internal.h"
#include "hoodie/common/civil_date.h"

namespace hoodie::internal {
namespace {

int64_t FloorDiv(int64_t a, int64_t b) {
  return a / b - ((a % b != 0) && ((a < 0) != (b < 0)));
}

// One numeric field as SimpleDateFormat.subParse reads it: skip whitespace, then an
// optional sign and at least one digit.
std::optional<int64_t> ReadNumber(std::string_view text, size_t* pos) {
  while (*pos < text.size() && std::isspace(static_cast<unsigned char>(text[*pos]))) {
    ++*pos;
  }
  size_t start = *pos;
  if (*pos < text.size() && text[*pos] == '-') ++*pos;
  size_t digits = *pos;
  while (*pos < text.size() && std::isdigit(static_cast<unsigned char>(text[*pos]))) {
    ++*pos;
  }
  if (*pos == digits) return std::nullopt;
  int64_t value = 0;
  auto [end, error] = std::from_chars(text.data() + start, text.data() + *pos, value);
  if (error != std::errc() || end != text.data() + *pos) return std::nullopt;
  return value;
}

}  // namespace

std::string PartitionPathWithoutKeys(std::string_view partition) {
  size_t first = partition.find('=');
  if (first == std::string_view::npos) return std::string(partition);
  std::string_view rest = partition.substr(first + 1);
  std::string out;
  size_t i = 0;
  while (i < rest.size()) {
    // "/.*?=" matches from a slash to the nearest following '=', across slashes.
    size_t eq = rest[i] == '/' ? rest.find('=', i + 1) : std::string_view::npos;
    if (eq != std::string_view::npos) {
      out += '/';
      i = eq + 1;
    } else {
      out += rest[i++];
    }
  }
  return out;
}

int64_t DayNumber(int64_t year, int64_t month, int64_t day) {
  year += FloorDiv(month - 1, 12);
  month = month - 1 - FloorDiv(month - 1, 12) * 12 + 1;
  return DaysFromCivil(year, month, 1) + day - 1;
}

::arrow::Result<int64_t> ParsePartitionDate(std::string_view partition,
                                            std::string_view strategy) {
  std::string text = PartitionPathWithoutKeys(partition);
  size_t pos = 0;
  std::optional<int64_t> fields[3];
  for (int i = 0; i < 3; ++i) {
    if (i > 0) {
      if (pos >= text.size() || text[pos] != '/') break;
      ++pos;
    }
    fields[i] = ReadNumber(text, &pos);
    if (!fields[i]) break;
  }
  // Keep the numbers small enough that the day arithmetic cannot overflow.
  constexpr int64_t kLimit = 100000000;
  bool valid = fields[2].has_value();
  for (const auto& field : fields) valid = valid && *field > -kLimit && *field < kLimit;
  if (!valid) {
    return ::arrow::Status::Invalid(
        strategy,
        ": Invalid Partition Date Format: the partition is not a yyyy/MM/dd date "
        "(choose a compaction strategy that is not date based for this table): ",
        partition);
  }
  return DayNumber(*fields[0], *fields[1], *fields[2]);
}

int64_t LocalDayNumber(int64_t epoch_millis) {
  std::time_t seconds = static_cast<std::time_t>(FloorDiv(epoch_millis, 1000));
  std::tm local{};
  localtime_r(&seconds, &local);
  return DaysFromCivil(local.tm_year + 1900, local.tm_mon + 1, local.tm_mday);
}

}  // namespace hoodie::internal
