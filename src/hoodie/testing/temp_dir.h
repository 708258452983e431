// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/testing/temp_dir.h
/// \brief A temporary folder on local disk, removed with everything in it on destruction.
#pragma once

#include <string>

namespace hoodie::testing {

/// Not thread-safe; one per test.
class TempDir {
 public:
  TempDir();
  ~TempDir();
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;

  /// Absolute path, without a trailing slash.
  const std::string& path() const { return path_; }
  /// `path()` + "/" + `relative`.
  std::string Join(const std::string& relative) const { return path_ + "/" + relative; }

 private:
  std::string path_;
};

}  // namespace hoodie::testing
