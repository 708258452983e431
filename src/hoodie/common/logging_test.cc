// SPDX-License-Identifier: Apache-2.0
#include "hoodie/common/logging.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace hoodie {

TEST(LoggingTest, SinkReceivesMessagesAtOrAboveLevel) {
  std::vector<std::string> seen;
  auto old = SetLogSink([&](LogLevel, std::string_view m) { seen.emplace_back(m); });
  LogLevel old_level = GetLogLevel();
  SetLogLevel(LogLevel::kWarning);
  LogInfo("hidden");
  LogWarning("shown");
  LogError("also shown");
  SetLogSink(old);
  SetLogLevel(old_level);
  EXPECT_EQ(seen, (std::vector<std::string>{"shown", "also shown"}));
}

}  // namespace hoodie
