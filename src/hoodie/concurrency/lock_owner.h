// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/concurrency/lock_owner.h
/// \brief How a lock provider names this process as a lock's holder.
#pragma once

#include <string>

namespace hoodie {

/// This machine's host name, as a lock names its holder ("unknown" when the system
/// will not say).
std::string LockOwnerHost();

}  // namespace hoodie
