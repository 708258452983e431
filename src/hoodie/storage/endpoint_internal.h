// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/storage/endpoint_internal.h
/// \brief Endpoint URLs as the stores' settings give them ("http://127.0.0.1:4443",
/// "storage.googleapis.com", "https://acc.blob.core.windows.net/"), split the way
/// Arrow's store options take them.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include <arrow/result.h>

namespace hoodie::internal {

/// An endpoint split into what Arrow's options take.
struct Endpoint {
  std::string scheme;     ///< "http" or "https"
  std::string authority;  ///< host[:port]
  std::string path;       ///< what follows the authority, without leading or trailing '/'
};

/// The value of environment variable `name`; nullopt when unset or empty, as the
/// stores' own clients treat an empty variable.
std::optional<std::string> NonEmptyEnv(const char* name);

/// Parses `url`; without a scheme, `default_scheme` applies. Invalid, naming `setting`
/// (the key or variable it came from) and the URL, for another scheme or no host.
::arrow::Result<Endpoint> ParseEndpoint(std::string_view url,
                                        std::string_view default_scheme,
                                        std::string_view setting);

}  // namespace hoodie::internal
