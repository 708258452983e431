// SPDX-License-Identifier: Apache-2.0
#include "hoodie/testing/quiet_logs.h"

#include <cstdlib>
#include <string_view>

namespace hoodie::testing {

QuietLogs::QuietLogs() {
  if (std::getenv("HOODIE_TEST_LOG") != nullptr) {
    SetLogLevel(LogLevel::kDebug);
    return;
  }
  old_sink_ = SetLogSink([](LogLevel, std::string_view) {});
  replaced_ = true;
}

QuietLogs::~QuietLogs() {
  if (replaced_) SetLogSink(old_sink_);
}

}  // namespace hoodie::testing
