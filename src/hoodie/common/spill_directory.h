// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/common/spill_directory.h
/// \brief Where writers and readers spill what does not fit their memory bound.
#pragma once

#include <cstdlib>
#include <string>

namespace hoodie {

/// The local folder spill files go to: `configured` (hoodie.memory.spillable.map.path)
/// when set, else $TMPDIR, else /tmp.
inline std::string SpillDirectory(const std::string& configured) {
  if (!configured.empty()) return configured;
  const char* tmp = std::getenv("TMPDIR");
  return tmp != nullptr && *tmp != '\0' ? tmp : "/tmp";
}

}  // namespace hoodie
