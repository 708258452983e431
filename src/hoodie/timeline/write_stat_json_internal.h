// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/timeline/write_stat_json_internal.h
/// \brief HoodieWriteStat as Jackson writes it, shared by commit metadata and the write
/// commit callback's message.
#pragma once

#include <nlohmann/json.hpp>

#include "hoodie/timeline/commit_metadata.h"

namespace hoodie::internal {

/// `stat`'s fields in HoodieWriteStat's declaration order (HoodieDeltaWriteStat's after
/// them), nulls written, as Hudi 0.15's commit metadata holds them.
nlohmann::ordered_json WriteStatToJson(const WriteStat& stat);

}  // namespace hoodie::internal
