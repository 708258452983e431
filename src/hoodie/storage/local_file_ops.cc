// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/storage/local_file_ops.cc
/// \brief POSIX primitives for atomic create, no-replace rename and fsync on local disk.
#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>

#include <cerrno>
#include <cstdint>
#include <random>
#include <string>
#include <thread>

#include "hoodie/common/macros.h"
#include "hoodie/storage/local_file_ops_internal.h"
#include "hoodie/storage/path.h"
#include "hoodie/storage/storage_error_internal.h"

namespace hoodie::internal {
namespace {

constexpr std::string_view kCreateImmutable = "CreateImmutable";
constexpr std::string_view kRename = "Rename";

// 64 random bits in hex; each thread seeds its own generator so racing creators in one
// process never pick the same temp name.
std::string RandomSuffix() {
  thread_local std::mt19937_64 generator(
      std::random_device{}() ^ std::hash<std::thread::id>{}(std::this_thread::get_id()));
  static constexpr char kHex[] = "0123456789abcdef";
  uint64_t bits = generator();
  std::string suffix(16, '0');
  for (char& c : suffix) {
    c = kHex[bits & 0xF];
    bits >>= 4;
  }
  return suffix;
}

// `where` names the target and the temp file, so errors carry both.
::arrow::Status WriteFully(int fd, std::string_view data, const std::string& where) {
  while (!data.empty()) {
    ssize_t written = ::write(fd, data.data(), data.size());
    if (written < 0) {
      if (errno == EINTR) continue;
      return ErrnoError(errno, kCreateImmutable, "write", where);
    }
    data.remove_prefix(static_cast<size_t>(written));
  }
  return ::arrow::Status::OK();
}

// Creates `temp` exclusively with `data` and makes it durable before it gets a name
// readers look for; on failure nothing is left behind.
::arrow::Status WriteDurableTempFile(const std::string& temp, const std::string& path,
                                     std::string_view data) {
  std::string where = path + " (temp file " + temp + ")";
  int fd = ::open(temp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
  if (fd < 0) {
    return ErrnoError(errno, kCreateImmutable, "open", where);
  }
  ::arrow::Status st = WriteFully(fd, data, where);
  if (st.ok() && ::fsync(fd) != 0) {
    st = ErrnoError(errno, kCreateImmutable, "fsync", where);
  }
  if (::close(fd) != 0 && st.ok()) {
    st = ErrnoError(errno, kCreateImmutable, "close", where);
  }
  if (!st.ok()) {
    ::unlink(temp.c_str());
  }
  return st;
}

bool IsLinkUnsupported(int error) {
  return error == EPERM || error == EOPNOTSUPP || error == ENOSYS || error == EXDEV;
}

// Publishes `temp` as `path` without replacing an existing file. Returns errno (0 on
// success) so the caller decides what the temp file's fate is.
int PublishNoReplace(const std::string& temp, const std::string& path) {
  if (::link(temp.c_str(), path.c_str()) == 0) {
    ::unlink(temp.c_str());
    return 0;
  }
  int error = errno;
  if (IsLinkUnsupported(error) && ::renameat2(AT_FDCWD, temp.c_str(), AT_FDCWD,
                                              path.c_str(), RENAME_NOREPLACE) == 0) {
    return 0;
  }
  if (IsLinkUnsupported(error)) {
    error = errno;
  }
  ::unlink(temp.c_str());
  return error;
}

}  // namespace

::arrow::Status LocalSync(const std::string& path, std::string_view operation) {
  int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) {
    return ErrnoError(errno, operation, "open", path);
  }
  ::arrow::Status st;
  if (::fsync(fd) != 0) {
    st = ErrnoError(errno, operation, "fsync", path);
  }
  ::close(fd);
  return st;
}

::arrow::Status LocalCreateImmutable(const std::string& path, std::string_view data) {
  std::string dir = ParentPath(path);
  std::string temp =
      JoinPath(dir, "." + std::string(FileName(path)) + "." + RandomSuffix() + ".tmp");
  ARROW_RETURN_NOT_OK(WriteDurableTempFile(temp, path, data));
  int error = PublishNoReplace(temp, path);
  if (error == EEXIST) {
    return ::arrow::Status::AlreadyExists(kCreateImmutable,
                                          " failed: file already exists; path: ", path);
  }
  if (error != 0) {
    return ErrnoError(error, kCreateImmutable, "link", path);
  }
  // The new directory entry is only durable once the folder itself is synced.
  return LocalSync(dir.empty() ? "." : dir, kCreateImmutable);
}

::arrow::Status LocalRenameNoReplace(const std::string& src, const std::string& dst) {
  int error = 0;
  if (::renameat2(AT_FDCWD, src.c_str(), AT_FDCWD, dst.c_str(), RENAME_NOREPLACE) != 0) {
    error = errno;
    if (error == EINVAL || error == ENOSYS) {
      // No RENAME_NOREPLACE on this file system: link + unlink refuses to replace too.
      error = ::link(src.c_str(), dst.c_str()) == 0 ? 0 : errno;
      if (error == 0 && ::unlink(src.c_str()) != 0) {
        return ErrnoError(errno, kRename, "unlink", src);
      }
    }
  }
  if (error == EEXIST) {
    return ::arrow::Status::AlreadyExists(
        kRename, " failed: destination exists; path: ", dst, " (source: ", src, ")");
  }
  if (error != 0) {
    return ErrnoError(error, kRename, "renameat2", src + " -> " + dst);
  }
  std::string dir = ParentPath(dst);
  return LocalSync(dir.empty() ? "." : dir, kRename);
}

}  // namespace hoodie::internal
