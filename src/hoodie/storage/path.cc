// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/storage/path.cc
/// \brief Joining and splitting '/'-separated storage paths.
#include "hoodie/storage/path.h"

#include "hoodie/storage/storage.h"

namespace hoodie {
namespace {

// Drops trailing slashes but keeps a lone root "/" so "/" stays the root.
std::string_view TrimTrailingSlashes(std::string_view path) {
  while (path.size() > 1 && path.back() == '/') {
    path.remove_suffix(1);
  }
  return path;
}

}  // namespace

std::string JoinPath(std::string_view base, std::string_view relative) {
  while (!relative.empty() && relative.front() == '/') {
    relative.remove_prefix(1);
  }
  base = TrimTrailingSlashes(base);
  if (relative.empty()) {
    return std::string(base);
  }
  if (base.empty()) {
    return std::string(relative);
  }
  std::string joined;
  joined.reserve(base.size() + 1 + relative.size());
  joined.append(base);
  if (joined.back() != '/') {
    joined.push_back('/');
  }
  joined.append(relative);
  return joined;
}

std::string ParentPath(std::string_view path) {
  path = TrimTrailingSlashes(path);
  size_t slash = path.rfind('/');
  if (slash == std::string_view::npos || path == "/") {
    return "";
  }
  if (slash == 0) {
    return "/";
  }
  return std::string(TrimTrailingSlashes(path.substr(0, slash)));
}

std::string_view FileName(std::string_view path) {
  path = TrimTrailingSlashes(path);
  if (path == "/") {
    return "";
  }
  size_t slash = path.rfind('/');
  return slash == std::string_view::npos ? path : path.substr(slash + 1);
}

std::string QualifiedPath(const Storage& storage, const std::string& path) {
  if (storage.filesystem()->type_name() == "local" && path.starts_with("/")) {
    return "file:" + path;
  }
  return path;
}

std::string StoragePathOf(const std::string& path) {
  constexpr std::string_view kFileScheme = "file:";
  if (path.starts_with(kFileScheme)) return path.substr(kFileScheme.size());
  return path;
}

}  // namespace hoodie
