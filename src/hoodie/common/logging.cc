// SPDX-License-Identifier: Apache-2.0
#include "hoodie/common/logging.h"

#include <cstdlib>
#include <iostream>
#include <mutex>

namespace hoodie {
namespace {

std::mutex& LogMutex() {
  static std::mutex mutex;
  return mutex;
}

const char* LevelName(LogLevel level) {
  switch (level) {
    case LogLevel::kDebug: return "debug";
    case LogLevel::kInfo: return "info";
    case LogLevel::kWarning: return "warning";
    case LogLevel::kError: return "error";
  }
  return "log";
}

LogLevel InitialLevel() {
  const char* env = std::getenv("HOODIE_LOG_LEVEL");
  if (env == nullptr) return LogLevel::kWarning;
  std::string_view v(env);
  if (v == "debug") return LogLevel::kDebug;
  if (v == "info") return LogLevel::kInfo;
  if (v == "error") return LogLevel::kError;
  return LogLevel::kWarning;
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
