// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/timeline/type_fwd.h
/// \brief Forward declarations of the timeline module's types.
#pragma once

namespace hoodie {

enum class Action;
enum class State;
enum class TimelineTimeZone;
enum class WriteOperationType;
struct Instant;
class InstantTimeGenerator;
class Timeline;
class ActiveTimeline;
struct RuntimeStats;
struct DeltaWriteStat;
struct WriteStat;
struct CommitMetadata;
struct ReplaceCommitMetadata;

}  // namespace hoodie
