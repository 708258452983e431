// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/table/file_name.cc
/// \brief Base and log file name parsing (FSUtils.getFileId / getCommitTime,
/// HoodieLogFile) and the Java log file order.
#include <tuple>

#include "hoodie/table/file_naming.h"
#include "hoodie/table/file_name_internal.h"
#include "hoodie/table/file_slice.h"

namespace hoodie {

bool LogFileLess(const LogFile& a, const LogFile& b) {
  return std::tie(a.base_commit_time, a.version, a.write_token) <
         std::tie(b.base_commit_time, b.version, b.write_token);
}

namespace internal {

// Both parsers adapt file_naming.h's (the one place Hudi's file name patterns live) to
// the read path's types; names that are not base or log files are simply not ours.
std::optional<BaseFile> ParseBaseFileName(std::string_view name) {
  auto parsed = hoodie::ParseBaseFileName(name);
  if (!parsed.ok() || name.find('/') != std::string_view::npos) return std::nullopt;
  BaseFile file;
  file.file_name = std::string(name);
  file.file_id = std::move(parsed->file_id);
  file.write_token = std::move(parsed->write_token);
  file.commit_time = std::move(parsed->instant_time);
  return file;
}

std::optional<LogFile> ParseLogFileName(std::string_view name) {
  // Hadoop's local file system writes a checksum file `.<name>.crc` beside each file and
  // hides it from listings, so Java never sees one; the log pattern (matched at the
  // start only) would take `..<fileId>_<instant>.log.1_0-1-1.crc` for a log file.
  if (name.ends_with(".crc")) return std::nullopt;
  auto parsed = hoodie::ParseLogFileName(name);
  // Archived-timeline logs and CDC logs are not data logs of a file slice.
  if (!parsed.ok() || name.find('/') != std::string_view::npos ||
      parsed->extension != ".log" || !parsed->suffix.empty()) {
    return std::nullopt;
  }
  LogFile file;
  file.file_name = std::string(name);
  file.file_id = std::move(parsed->file_id);
  file.base_commit_time = std::move(parsed->base_instant_time);
  file.version = parsed->version;
  file.write_token = std::move(parsed->write_token);
  return file;
}

}  // namespace internal
}  // namespace hoodie
