// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/concurrency/lock_owner.cc
/// \brief LockOwnerHost.
#include "hoodie/concurrency/lock_owner.h"

#include <unistd.h>

namespace hoodie {

std::string LockOwnerHost() {
  char name[256] = {0};
  if (gethostname(name, sizeof(name) - 1) != 0) return "unknown";
  return name;
}

}  // namespace hoodie
