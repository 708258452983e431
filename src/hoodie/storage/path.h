// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/storage/path.h
/// \brief Joining and splitting '/'-separated storage paths without touching storage.
#pragma once

#include <string>
#include <string_view>

#include "hoodie/visibility.h"

namespace hoodie {

/// \brief Joins `base` and `relative` with exactly one '/' between them.
///
/// Empty parts are skipped (JoinPath("a", "") is "a", JoinPath("", "b") is "b"), and
/// redundant slashes at the seam are dropped (JoinPath("a/", "/b") is "a/b"), so callers
/// can join partition paths that may be empty (non-partitioned tables). A leading '/'
/// of `base` is kept. Pure function; thread-safe.
HOODIE_EXPORT std::string JoinPath(std::string_view base, std::string_view relative);

/// \brief The folder holding `path`: everything before the last '/', ignoring trailing
/// slashes. ParentPath("/a/b") is "/a", ParentPath("/a") is "/", ParentPath("a") and
/// ParentPath("") are "". Pure function; thread-safe.
HOODIE_EXPORT std::string ParentPath(std::string_view path);

/// \brief The last component of `path`, ignoring trailing slashes: FileName("/a/b.log")
/// is "b.log", FileName("/a/b/") is "b", FileName("/") is "". The view points into
/// `path`. Pure function; thread-safe.
HOODIE_EXPORT std::string_view FileName(std::string_view path);

class Storage;

/// \brief `path` as Hadoop's file status names it: local files get the `file:` scheme
/// (RawLocalFileSystem qualifies every path it lists), other storages keep theirs.
/// Hudi writes these qualified paths where a plan or metadata entry comes from a file
/// status (rollbackLogFiles, clean plans, the log of a 0.14 APPEND marker).
HOODIE_EXPORT std::string QualifiedPath(const Storage& storage, const std::string& path);

/// \brief A path of a plan or metadata entry as a storage path: without the `file:`
/// scheme Hadoop gives local files.
HOODIE_EXPORT std::string StoragePathOf(const std::string& path);

}  // namespace hoodie
