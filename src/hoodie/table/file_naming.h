// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/table/file_naming.h
/// \brief Base and log file names: write tokens, file ids, making and parsing (spec 6.1,
/// 6.2; FSUtils and HoodieLogFile).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include <arrow/result.h>

#include "hoodie/visibility.h"

namespace hoodie {

/// HoodieLogFormat.UNKNOWN_WRITE_TOKEN, used when no task context exists (rollback,
/// archiver).
inline constexpr std::string_view kUnknownWriteToken = "1-0-1";
/// FSUtils/HoodieTableMetaClient DEFAULT_WRITE_TOKEN.
inline constexpr std::string_view kDefaultWriteToken = "0-0-0";
inline constexpr std::string_view kParquetExtension = ".parquet";
inline constexpr std::string_view kOrcExtension = ".orc";
inline constexpr std::string_view kHFileExtension = ".hfile";
inline constexpr std::string_view kLogExtension = ".log";
/// Suffix of CDC log files (HoodieCDCUtils.CDC_LOGFILE_SUFFIX).
inline constexpr std::string_view kCdcSuffix = ".cdc";

/// The file extension of base file format `format` (HoodieFileFormat.getFileExtension:
/// PARQUET, ORC, HFILE, any case). \return Invalid for another name.
HOODIE_EXPORT ::arrow::Result<std::string_view> BaseFileExtension(std::string_view format);

/// FSUtils.makeWriteToken: `<taskPartitionId>-<stageId>-<taskAttemptId>`.
HOODIE_EXPORT std::string MakeWriteToken(int64_t task_partition_id, int64_t stage_id,
                                         int64_t task_attempt_id);

/// FSUtils.createNewFileIdPfx: a random (version 4) UUID in lower-case text.
/// Thread-safe.
HOODIE_EXPORT std::string NewFileIdPrefix();

/// A new file group id as Spark writers make them: NewFileIdPrefix() + "-0"
/// (WriteHandleFactory.getNextFileId with the first counter value). Thread-safe.
HOODIE_EXPORT std::string NewFileId();

/// FSUtils.makeBaseFileName: `<fileId>_<writeToken>_<instantTime><extension>`.
HOODIE_EXPORT
std::string MakeBaseFileName(std::string_view file_id, std::string_view write_token,
                             std::string_view instant_time,
                             std::string_view extension = kParquetExtension);

/// The parts of a base file name.
struct HOODIE_EXPORT BaseFileName {
  std::string file_id;
  std::string write_token;
  std::string instant_time;
  std::string extension;  ///< with its dot: ".parquet", ".orc" or ".hfile"

  bool operator==(const BaseFileName&) const = default;
};

/// Parses a base file name (a bare name, or a path whose last component is parsed).
/// \return Invalid for names that are not `<fileId>_<a>-<b>-<c>_<digits><ext>` with ext
///   one of .parquet, .orc, .hfile (log files, markers, `.hoodie_partition_metadata`).
HOODIE_EXPORT ::arrow::Result<BaseFileName> ParseBaseFileName(std::string_view file_name);

/// The parts of a log file name `.<fileId>_<baseInstant><ext>.<version>_<token>[.cdc]`.
struct HOODIE_EXPORT LogFileName {
  std::string file_id;
  /// Instant of the file slice the log belongs to (in v6 the base file's instant).
  std::string base_instant_time;
  std::string extension;  ///< ".log", or ".archive" for archived timeline files
  int32_t version = 1;
  /// Empty for names that carry no token (very old writers).
  std::string write_token;
  std::string suffix;  ///< "" or ".cdc"

  bool operator==(const LogFileName&) const = default;
};

/// FSUtils.makeLogFileName: `.<fileId>_<baseInstant><extension>.<version>_<writeToken>`.
HOODIE_EXPORT
std::string MakeLogFileName(std::string_view file_id, std::string_view base_instant_time,
                            int32_t version, std::string_view write_token,
                            std::string_view extension = kLogExtension);

/// Parses a log file name with FSUtils.LOG_FILE_PATTERN
/// `^\.(.+)_(.*)\.(log|archive)\.(\d+)(_((\d+)-(\d+)-(\d+))(.cdc)?)?`.
/// \return Invalid for any other name.
HOODIE_EXPORT ::arrow::Result<LogFileName> ParseLogFileName(std::string_view file_name);

}  // namespace hoodie
