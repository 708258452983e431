// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/storage/endpoint.cc
/// \brief ParseEndpoint and NonEmptyEnv.
#include <cstdlib>

#include "hoodie/common/ascii.h"
#include "hoodie/storage/endpoint_internal.h"

namespace hoodie::internal {

std::optional<std::string> NonEmptyEnv(const char* name) {
  const char* value = std::getenv(name);
  if (value == nullptr || *value == '\0') return std::nullopt;
  return std::string(value);
}

::arrow::Result<Endpoint> ParseEndpoint(std::string_view url,
                                        std::string_view default_scheme,
                                        std::string_view setting) {
  Endpoint endpoint;
  std::string_view rest = url;
  const size_t separator = rest.find("://");
  if (separator == std::string_view::npos) {
    endpoint.scheme = std::string(default_scheme);
  } else {
    endpoint.scheme = ToLowerAscii(rest.substr(0, separator));
    rest.remove_prefix(separator + 3);
  }
  const size_t slash = rest.find('/');
  endpoint.authority = std::string(rest.substr(0, slash));
  std::string_view path = slash == std::string_view::npos ? "" : rest.substr(slash);
  while (!path.empty() && path.front() == '/') path.remove_prefix(1);
  while (!path.empty() && path.back() == '/') path.remove_suffix(1);
  endpoint.path = std::string(path);
  if ((endpoint.scheme != "http" && endpoint.scheme != "https") ||
      endpoint.authority.empty()) {
    return ::arrow::Status::Invalid(setting,
                                    " must be an http:// or https:// URL with a "
                                    "host, got '",
                                    url, "'");
  }
  return endpoint;
}

}  // namespace hoodie::internal
