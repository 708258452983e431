// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/testing/quiet_logs.h
/// \brief Silences hoodie's log for a test unless HOODIE_TEST_LOG is set.
#pragma once

#include "hoodie/common/logging.h"

namespace hoodie::testing {

/// While alive, hoodie's log goes nowhere, unless the environment sets HOODIE_TEST_LOG
/// (then it logs at debug level): tests that fail writes on purpose log a warning per
/// failed call, which would bury the test output. The previous sink comes back on
/// destruction. Make it a member of the fixture.
class QuietLogs {
 public:
  QuietLogs();
  ~QuietLogs();
  QuietLogs(const QuietLogs&) = delete;
  QuietLogs& operator=(const QuietLogs&) = delete;

 private:
  LogSink old_sink_;
  bool replaced_ = false;
};

}  // namespace hoodie::testing
