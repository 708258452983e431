// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/table/file_slice.h
/// \brief Base files, log files, file slices and file groups as a reader sees them.
///
/// Matches org.apache.hudi.common.model.{HoodieBaseFile, HoodieLogFile, FileSlice,
/// HoodieFileGroupId}. Plain values; copying is cheap enough for the table sizes a file
/// listing produces.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "hoodie/visibility.h"

namespace hoodie {

/// \brief One base file version of a file group (`<fileId>_<token>_<instant><ext>`).
struct HOODIE_EXPORT BaseFile {
  std::string path;         ///< full path as listed by Storage
  std::string file_name;    ///< last path component
  std::string file_id;      ///< file group id
  std::string write_token;  ///< `<task>-<stage>-<attempt>`
  std::string commit_time;  ///< instant that wrote this version
  int64_t size = 0;         ///< bytes

  bool operator==(const BaseFile&) const = default;
};

/// \brief One log file of a file slice (`.<fileId>_<baseCommitTime>.log.<version>_<token>`).
struct HOODIE_EXPORT LogFile {
  std::string path;
  std::string file_name;
  std::string file_id;
  std::string base_commit_time;  ///< instant of the slice, not of the blocks (v6)
  int version = 0;
  std::string write_token;  ///< empty when the name has none
  int64_t size = 0;

  bool operator==(const LogFile&) const = default;
};

/// Orders log files as Java HoodieLogFile.LogFileComparator: base commit time, version,
/// then write token (empty first).
HOODIE_EXPORT bool LogFileLess(const LogFile& a, const LogFile& b);

/// \brief (partition path, file id): identifies a file group (HoodieFileGroupId).
struct HOODIE_EXPORT FileGroupId {
  std::string partition_path;  ///< relative, "" for a non-partitioned table
  std::string file_id;

  auto operator<=>(const FileGroupId&) const = default;
};

/// \brief One version of a file group: a base instant, its optional base file and the
/// log files appended to it (FileSlice).
struct HOODIE_EXPORT FileSlice {
  FileGroupId group;
  std::string base_instant;
  std::optional<BaseFile> base_file;
  std::vector<LogFile> log_files;  ///< sorted by LogFileLess

  bool HasLogFiles() const { return !log_files.empty(); }
  bool operator==(const FileSlice&) const = default;
};

}  // namespace hoodie
