// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/table/file_naming.cc
/// \brief Base and log file names (FSUtils, HoodieLogFile).
#include "hoodie/table/file_naming.h"

#include <charconv>
#include <cstdio>
#include <mutex>
#include <random>
#include <regex>

#include <arrow/status.h>

#include "hoodie/common/ascii.h"

namespace hoodie {
namespace {

bool AllDigits(std::string_view s) {
  if (s.empty()) return false;
  for (char c : s) {
    if (c < '0' || c > '9') return false;
  }
  return true;
}

bool IsWriteToken(std::string_view token) {
  size_t first = token.find('-');
  if (first == std::string_view::npos) return false;
  size_t second = token.find('-', first + 1);
  if (second == std::string_view::npos) return false;
  return AllDigits(token.substr(0, first)) &&
         AllDigits(token.substr(first + 1, second - first - 1)) &&
         AllDigits(token.substr(second + 1));
}

std::string_view LastComponent(std::string_view path) {
  size_t slash = path.rfind('/');
  return slash == std::string_view::npos ? path : path.substr(slash + 1);
}

}  // namespace

::arrow::Result<std::string_view> BaseFileExtension(std::string_view format) {
  if (EqualsIgnoreCase(format, "PARQUET")) return kParquetExtension;
  if (EqualsIgnoreCase(format, "ORC")) return kOrcExtension;
  if (EqualsIgnoreCase(format, "HFILE")) return kHFileExtension;
  return ::arrow::Status::Invalid("unknown base file format '", format,
                                  "' (Hudi's are PARQUET, ORC and HFILE)");
}

std::string MakeWriteToken(int64_t task_partition_id, int64_t stage_id,
                           int64_t task_attempt_id) {
  return std::to_string(task_partition_id) + "-" + std::to_string(stage_id) + "-" +
         std::to_string(task_attempt_id);
}

std::string NewFileIdPrefix() {
  // One seeded engine shared by all threads; UUID generation is rare (once per file).
  static std::mutex mutex;
  static std::mt19937_64 engine{std::random_device{}()};
  uint64_t high;
  uint64_t low;
  {
    std::lock_guard<std::mutex> lock(mutex);
    high = engine();
    low = engine();
  }
  // RFC 4122 version 4: version nibble 4, variant bits 10 (java.util.UUID.randomUUID).
  high = (high & 0xFFFFFFFFFFFF0FFFULL) | 0x0000000000004000ULL;
  low = (low & 0x3FFFFFFFFFFFFFFFULL) | 0x8000000000000000ULL;
  char buffer[37];
  std::snprintf(buffer, sizeof(buffer), "%08x-%04x-%04x-%04x-%012llx",
                static_cast<unsigned>(high >> 32), static_cast<unsigned>((high >> 16) & 0xFFFF),
                static_cast<unsigned>(high & 0xFFFF), static_cast<unsigned>(low >> 48),
                static_cast<unsigned long long>(low & 0xFFFFFFFFFFFFULL));
  return buffer;
}

std::string NewFileId() { return NewFileIdPrefix() + "-0"; }

std::string MakeBaseFileName(std::string_view file_id, std::string_view write_token,
                             std::string_view instant_time, std::string_view extension) {
  std::string name(file_id);
  name.append("_").append(write_token).append("_").append(instant_time).append(extension);
  return name;
}

::arrow::Result<BaseFileName> ParseBaseFileName(std::string_view file_name) {
  std::string_view name = LastComponent(file_name);
  auto invalid = [&] {
    return ::arrow::Status::Invalid("not a base file name: '", std::string(name), "'");
  };
  if (name.empty() || name[0] == '.') return invalid();
  // FSUtils.getFileId / getCommitTime split on '_': fileId, write token, instant+ext.
  size_t first = name.find('_');
  if (first == std::string_view::npos || first == 0) return invalid();
  size_t second = name.find('_', first + 1);
  if (second == std::string_view::npos) return invalid();
  if (name.find('_', second + 1) != std::string_view::npos) return invalid();
  std::string_view token = name.substr(first + 1, second - first - 1);
  std::string_view rest = name.substr(second + 1);
  size_t dot = rest.find('.');
  if (dot == std::string_view::npos) return invalid();
  std::string_view instant = rest.substr(0, dot);
  std::string_view extension = rest.substr(dot);
  if (!IsWriteToken(token) || !AllDigits(instant)) return invalid();
  if (extension != kParquetExtension && extension != kOrcExtension &&
      extension != kHFileExtension) {
    return invalid();
  }
  return BaseFileName{std::string(name.substr(0, first)), std::string(token),
                      std::string(instant), std::string(extension)};
}

std::string MakeLogFileName(std::string_view file_id, std::string_view base_instant_time,
                            int32_t version, std::string_view write_token,
                            std::string_view extension) {
  std::string name(".");
  name.append(file_id).append("_").append(base_instant_time).append(extension);
  name.append(".").append(std::to_string(version)).append("_").append(write_token);
  return name;
}

::arrow::Result<LogFileName> ParseLogFileName(std::string_view file_name) {
  // FSUtils.LOG_FILE_PATTERN, matched with find() at the start as Java does.
  static const std::regex kPattern(
      R"(^\.(.+)_(.*)\.(log|archive)\.(\d+)(_((\d+)-(\d+)-(\d+))(.cdc)?)?)");
  std::string name(LastComponent(file_name));
  std::smatch match;
  if (!std::regex_search(name, match, kPattern)) {
    return ::arrow::Status::Invalid("not a log file name: '", name, "'");
  }
  LogFileName out;
  out.file_id = match[1].str();
  out.base_instant_time = match[2].str();
  out.extension = "." + match[3].str();
  std::string version = match[4].str();
  auto [ptr, ec] = std::from_chars(version.data(), version.data() + version.size(),
                                   out.version);
  if (ec != std::errc()) {
    return ::arrow::Status::Invalid("log file version out of range: '", name, "'");
  }
  out.write_token = match[6].str();
  out.suffix = match[10].str();
  return out;
}

}  // namespace hoodie
