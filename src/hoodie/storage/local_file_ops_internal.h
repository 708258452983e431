// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/storage/local_file_ops_internal.h
/// \brief POSIX primitives behind the local-disk guarantees of Storage (atomic create,
/// no-replace rename, fsync) that arrow::fs::LocalFileSystem does not offer.
#pragma once

#include <string>
#include <string_view>

#include <arrow/status.h>

namespace hoodie::internal {

/// Writes `data` to a fresh temp file "<dir>/.<name>.<random>.tmp" beside `path`, fsyncs
/// it, link(2)s it to `path`, unlinks the temp file and fsyncs the folder. The folder
/// must exist. AlreadyExists if `path` exists; IOError (with errno) otherwise. Where the
/// file system has no hard links, renameat2(RENAME_NOREPLACE) does the same job.
/// Thread-safe and safe across processes.
::arrow::Status LocalCreateImmutable(const std::string& path, std::string_view data);

/// Renames `src` to `dst`, refusing to replace `dst` (AlreadyExists), then fsyncs the
/// destination folder. Uses renameat2(RENAME_NOREPLACE), which is atomic; on file
/// systems without it (EINVAL/ENOSYS) falls back to link(2) + unlink(2), which is also
/// atomic against a racing creator of `dst` but only works for files.
::arrow::Status LocalRenameNoReplace(const std::string& src, const std::string& dst);

/// fsync(2)s a file or folder (opened O_RDONLY). IOError naming the path on failure.
::arrow::Status LocalSync(const std::string& path, std::string_view operation);

}  // namespace hoodie::internal
