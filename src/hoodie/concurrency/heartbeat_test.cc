// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/concurrency/heartbeat_test.cc
/// \brief Heartbeats: the file is there from Start, refreshed every interval, gone
/// after Stop, and judged expired by its age as Hudi judges it.
#include "hoodie/concurrency/heartbeat.h"

#include <chrono>
#include <thread>

#include <gtest/gtest.h>

#include "hoodie/common/clock.h"
#include "hoodie/storage/storage.h"
#include "hoodie/testing/matchers.h"
#include "hoodie/testing/temp_dir.h"

namespace hoodie {
namespace {

TEST(HeartbeatTest, BeatsWhileStartedAndIsGoneAfterStop) {
  testing::TempDir dir;
  auto storage = Storage::Local();
  const std::string base = dir.Join("t");
  HeartbeatOptions options{/*interval_ms=*/50, /*tolerable_misses=*/2};
  HeartbeatClient client(storage, base, options);
  ASSERT_OK(client.Start("001"));
  const std::string path = HeartbeatPath(base, "001");
  EXPECT_EQ(path, base + "/.hoodie/.heartbeat/001");
  ASSERT_OK_AND_ASSIGN(FileStatus first, storage->GetFileStatus(path));
  EXPECT_EQ(first.size, 0);
  // Refreshed by the thread: the file stays young well past the tolerance.
  std::this_thread::sleep_for(std::chrono::milliseconds(400));
  ASSERT_OK_AND_ASSIGN(bool expired,
                       IsHeartbeatExpired(*storage, base, "001", options, EpochMillisNow()));
  EXPECT_FALSE(expired);
  EXPECT_FALSE(client.OwnBeatExpired("001", EpochMillisNow()));
  ASSERT_OK(client.Stop("001"));
  ASSERT_OK_AND_ASSIGN(bool exists, storage->Exists(path));
  EXPECT_FALSE(exists);
  std::this_thread::sleep_for(std::chrono::milliseconds(150));
  ASSERT_OK_AND_ASSIGN(exists, storage->Exists(path));
  EXPECT_FALSE(exists);  // no late beat brought it back
}

TEST(HeartbeatTest, ExpiryIsAgeOverIntervalTimesMisses) {
  testing::TempDir dir;
  auto storage = Storage::Local();
  const std::string base = dir.Join("t");
  HeartbeatOptions options{/*interval_ms=*/1000, /*tolerable_misses=*/2};
  // No file: a heartbeat at time 0, so expired (a writer that never beat).
  ASSERT_OK_AND_ASSIGN(bool expired,
                       IsHeartbeatExpired(*storage, base, "001", options, EpochMillisNow()));
  EXPECT_TRUE(expired);
  {
    HeartbeatClient client(storage, base, options);
    ASSERT_OK(client.Start("001"));
  }  // the writer dies: the file stays and ages
  ASSERT_OK_AND_ASSIGN(FileStatus beat, storage->GetFileStatus(HeartbeatPath(base, "001")));
  const int64_t at = beat.modification_time_ms;
  ASSERT_OK_AND_ASSIGN(expired, IsHeartbeatExpired(*storage, base, "001", options, at + 2000));
  EXPECT_FALSE(expired);
  ASSERT_OK_AND_ASSIGN(expired, IsHeartbeatExpired(*storage, base, "001", options, at + 2001));
  EXPECT_TRUE(expired);
}

}  // namespace
}  // namespace hoodie
