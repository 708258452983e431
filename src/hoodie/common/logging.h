// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/common/logging.h
/// \brief Minimal leveled logging to stderr, with a hook so tests can capture warnings.
#pragma once

#include <functional>
#include <string>
#include <string_view>

#include "hoodie/visibility.h"

namespace hoodie {

enum class LogLevel { kDebug = 0, kInfo = 1, kWarning = 2, kError = 3 };

/// Receives every message at or above the current level. Thread-safe to call.
using LogSink = std::function<void(LogLevel, std::string_view)>;

/// Sets the minimum level that is emitted (default kWarning, or HOODIE_LOG_LEVEL).
HOODIE_EXPORT void SetLogLevel(LogLevel level);
HOODIE_EXPORT LogLevel GetLogLevel();

/// Replaces the sink (default: "hoodie: warning: ..." lines on stderr); returns the old one.
HOODIE_EXPORT LogSink SetLogSink(LogSink sink);

HOODIE_EXPORT void Log(LogLevel level, std::string_view message);
inline void LogDebug(std::string_view m) { Log(LogLevel::kDebug, m); }
inline void LogInfo(std::string_view m) { Log(LogLevel::kInfo, m); }
inline void LogWarning(std::string_view m) { Log(LogLevel::kWarning, m); }
inline void LogError(std::string_view m) { Log(LogLevel::kError, m); }

}  // namespace hoodie
