// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/table/file_name_internal.h
/// \brief Base and log file names as the read path's BaseFile / LogFile, parsed by
/// hoodie/table/file_naming.h (the one home of Hudi's file name patterns).
#pragma once

#include <optional>
#include <string_view>

#include "hoodie/table/file_slice.h"

namespace hoodie::internal {

/// Parses `<fileId>_<writeToken>_<instantTime>.<ext>` where ext is parquet, orc or
/// hfile. Returns nullopt for any other name (for example `.hoodie_partition_metadata`
/// or `.DS_Store`); path and size are left for the caller.
std::optional<BaseFile> ParseBaseFileName(std::string_view name);

/// Parses `.<fileId>_<baseCommitTime>.log.<version>[_<writeToken>]` (the Java regex
/// `^\.(.+)_(.*)\.(log|archive)\.(\d+)(_((\d+)-(\d+)-(\d+))(.cdc)?)?`, restricted to
/// `log`; CDC logs are not data logs and are rejected). Returns nullopt otherwise.
std::optional<LogFile> ParseLogFileName(std::string_view name);

}  // namespace hoodie::internal
