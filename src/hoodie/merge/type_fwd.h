// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/merge/type_fwd.h
/// \brief Forward declarations of the merge module's types.
#pragma once

#include <cstdint>

namespace hoodie {

struct RowRef;
enum class MergeSide : uint8_t;
enum class MergeOutcome : uint8_t;
struct MergeResult;
struct RecordMergerOptions;
class RecordMerger;
class RecordMergerRegistry;
class MergedBatchBuilder;
struct PreCombineSurvivor;

}  // namespace hoodie
