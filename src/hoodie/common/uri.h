// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/common/uri.h
/// \brief The one rule for telling a URI (s3://bucket/key, file:///x) from a plain path.
#pragma once

#include <string_view>

namespace hoodie {

/// Whether `location` names its scheme ("s3://...", "file://..."); a plain path (local,
/// absolute or relative) does not.
inline bool HasScheme(std::string_view location) {
  return location.find("://") != std::string_view::npos;
}

}  // namespace hoodie
