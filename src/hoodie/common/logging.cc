// SPDX-License-Identifier: Apache-2.0
#include "hoodie/common/logging.h"

#include <cstdlib>
#include <iostream>
#include <mutex>

#include "hoodie/common/enum_choice.h"

namespace hoodie {
namespace {

std::mutex& LogMutex() {
  static std::mutex mutex;
  return mutex;
}

constexpr EnumChoice<LogLevel> kLevelNames[] = {{"debug", LogLevel::kDebug},
                                                {"info", LogLevel::kInfo},
                                                {"warning", LogLevel::kWarning},
                                                {"error", LogLevel::kError}};

std::string_view LevelName(LogLevel level) { return EnumName(level, kLevelNames, "log"); }

// HOODIE_LOG_LEVEL names a level; unset or unknown, warnings and errors are logged.
LogLevel InitialLevel() {
  const char* env = std::getenv("HOODIE_LOG_LEVEL");
  if (env == nullptr) return LogLevel::kWarning;
  return ParseEnum("HOODIE_LOG_LEVEL", env, kLevelNames, EnumCase::kExact)
      .ValueOr(LogLevel::kWarning);
}

LogLevel& CurrentLevel() {
  static LogLevel level = InitialLevel();
  return level;
}

LogSink& CurrentSink() {
  static LogSink sink = [](LogLevel level, std::string_view message) {
    std::cerr << "hoodie: " << LevelName(level) << ": " << message << std::endl;
  };
  return sink;
}

}  // namespace

void SetLogLevel(LogLevel level) {
  std::lock_guard<std::mutex> lock(LogMutex());
  CurrentLevel() = level;
}

LogLevel GetLogLevel() {
  std::lock_guard<std::mutex> lock(LogMutex());
  return CurrentLevel();
}

LogSink SetLogSink(LogSink sink) {
  std::lock_guard<std::mutex> lock(LogMutex());
  LogSink old = std::move(CurrentSink());
  CurrentSink() = std::move(sink);
  return old;
}

void Log(LogLevel level, std::string_view message) {
  std::lock_guard<std::mutex> lock(LogMutex());
  if (level < CurrentLevel() || !CurrentSink()) return;
  CurrentSink()(level, message);
}

}  // namespace hoodie
