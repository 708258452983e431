// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/concurrency/file_system_lock_test.cc
/// \brief The lock file and the LockManager's retries: exclusion, the owner named when
/// the lock is not acquired, expiry, the content Hudi writes, and the refusals.
#include "hoodie/concurrency/file_system_lock.h"

#include <fcntl.h>
#include <sys/stat.h>

#include <chrono>
#include <ctime>
#include <thread>
#include <string>
#include <vector>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "hoodie/common/error.h"
#include "hoodie/concurrency/lock_providers.h"
#include "hoodie/config/hoodie_config.h"
#include "hoodie/storage/path.h"
#include "hoodie/storage/storage.h"
#include "hoodie/table/in_process_lock.h"
#include "hoodie/testing/matchers.h"
#include "hoodie/testing/temp_dir.h"
#include "hoodie/timeline/instant.h"

namespace hoodie {
namespace {

using ::hoodie::testing::HasErrorCode;
using ::hoodie::testing::StatusMessageHas;
using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::MatchesRegex;

constexpr std::chrono::milliseconds kNoWait{0};

class FileSystemLockTest : public ::testing::Test {
 protected:
  ::arrow::Result<std::shared_ptr<LockManager>> Manager(HoodieConfig config) {
    config.Set("hoodie.write.lock.provider",
               "org.apache.hudi.client.transaction.lock.FileSystemBasedLockProvider");
    return MakeLockManager(LockProviderContext{config, storage_, base_});
  }

  testing::TempDir dir_;
  std::shared_ptr<Storage> storage_ = Storage::Local();
  std::string base_ = dir_.Join("t");
  std::string lock_file_ = JoinPath(base_, ".hoodie/lock");
};

TEST_F(FileSystemLockTest, OneHolderAtATimeAndTheFileNamesIt) {
  ASSERT_OK_AND_ASSIGN(auto first, FileSystemLockProvider::Make(storage_, JoinPath(base_, ".hoodie"), 0));
  ASSERT_OK_AND_ASSIGN(auto second, FileSystemLockProvider::Make(storage_, JoinPath(base_, ".hoodie"), 0));
  ASSERT_OK_AND_ASSIGN(bool taken, first->TryLock(kNoWait));
  EXPECT_TRUE(taken);
  ASSERT_OK_AND_ASSIGN(std::string content, storage_->ReadAll(lock_file_));
  // LockInfo as Hudi's Jackson pretty printer writes it.
  EXPECT_THAT(content, MatchesRegex("\\{\n  \"lockCreateTime\" : \"[0-9]{4}-[0-9]{2}-[0-9]{2} "
                                    "[0-9]{2}:[0-9]{2}:[0-9]{2}\\.[0-9]{3}\",\n  "
                                    "\"lockThreadName\" : \"hoodie-[0-9]+\",\n  "
                                    "\"lockStacksInfo\" : \\[ \"hoodie pid [0-9]+ on .*\" \\]\n\\}"));
  ASSERT_OK_AND_ASSIGN(taken, second->TryLock(kNoWait));
  EXPECT_FALSE(taken);
  EXPECT_THAT(second->CurrentOwner(), HasSubstr("lockCreateTime"));
  ASSERT_OK(first->Unlock());
  ASSERT_OK_AND_ASSIGN(bool exists, storage_->Exists(lock_file_));
  EXPECT_FALSE(exists);
  ASSERT_OK_AND_ASSIGN(taken, second->TryLock(kNoWait));
  EXPECT_TRUE(taken);
  ASSERT_OK(second->Unlock());
}

TEST_F(FileSystemLockTest, ManagerRetriesThenTimesOutNamingTheHolder) {
  ASSERT_OK(storage_->WriteAll(lock_file_, "{\"lockCreateTime\" : \"by spark\"}", false));
  HoodieConfig config;
  config.Set("hoodie.write.lock.client.num_retries", "2");
  config.Set("hoodie.write.lock.client.wait_time_ms_between_retry", "1");
  ASSERT_OK_AND_ASSIGN(auto manager, Manager(config));
  auto locked = manager->Lock(Instant{"001", Action::kCommit, State::kInflight});
  EXPECT_THAT(locked, HasErrorCode(ErrorCode::kLockTimeout));
  EXPECT_THAT(locked, StatusMessageHas("could not acquire the lock " + lock_file_));
  EXPECT_THAT(locked, StatusMessageHas("in 3 tries"));
  EXPECT_THAT(locked, StatusMessageHas("by spark"));
  // A lock file a killed writer left: the message says how to clear it.
  EXPECT_THAT(locked, StatusMessageHas("hoodie.write.lock.filesystem.expire"));
  // The holder's file is untouched.
  ASSERT_OK_AND_ASSIGN(std::string content, storage_->ReadAll(lock_file_));
  EXPECT_THAT(content, HasSubstr("by spark"));
}

TEST_F(FileSystemLockTest, ExpiredLockFileIsTakenOver) {
  ASSERT_OK(storage_->WriteAll(lock_file_, "left by a killed writer", false));
  HoodieConfig config;
  config.Set("hoodie.write.lock.filesystem.expire", "1");
  ASSERT_OK_AND_ASSIGN(auto manager, Manager(config));
  const Instant owner{"001", Action::kCommit, State::kInflight};
  // Fresh: not expired yet.
  EXPECT_THAT(manager->Lock(owner), HasErrorCode(ErrorCode::kLockTimeout));
  // Two minutes old: deleted, and the lock is this writer's.
  ASSERT_OK(storage_->filesystem()->Move(lock_file_, lock_file_ + ".old"));
  ASSERT_OK(storage_->WriteAll(lock_file_, "left by a killed writer", false));
  struct timespec times[2];
  times[0].tv_sec = times[1].tv_sec = time(nullptr) - 120;
  times[0].tv_nsec = times[1].tv_nsec = 0;
  ASSERT_EQ(utimensat(AT_FDCWD, lock_file_.c_str(), times, 0), 0);
  ASSERT_OK(manager->Lock(owner));
  ASSERT_OK_AND_ASSIGN(std::string content, storage_->ReadAll(lock_file_));
  EXPECT_THAT(content, HasSubstr("lockCreateTime"));
  ASSERT_OK(manager->Unlock(owner));
}

TEST_F(FileSystemLockTest, LockPathKeyMovesTheFile) {
  // A path, or a URI as Spark's configuration gives it.
  for (const std::string& path : {dir_.Join("locks"), "file://" + dir_.Join("uri-locks")}) {
    SCOPED_TRACE(path);
    HoodieConfig config;
    config.Set("hoodie.write.lock.filesystem.path", path);
    ASSERT_OK_AND_ASSIGN(auto manager, Manager(config));
    const std::string file = dir_.Join(path.starts_with("file:") ? "uri-locks/lock" : "locks/lock");
    const Instant owner{"001", Action::kCommit, State::kInflight};
    ASSERT_OK(manager->Lock(owner));
    ASSERT_OK_AND_ASSIGN(bool exists, storage_->Exists(file));
    EXPECT_TRUE(exists);
    EXPECT_EQ(manager->provider_name(),
              "org.apache.hudi.client.transaction.lock.FileSystemBasedLockProvider");
    ASSERT_OK(manager->Unlock(owner));
    ASSERT_OK_AND_ASSIGN(exists, storage_->Exists(file));
    EXPECT_FALSE(exists);
  }
}

TEST_F(FileSystemLockTest, UnlockByAnotherOwnerReleasesNothing) {
  ASSERT_OK_AND_ASSIGN(auto manager, Manager(HoodieConfig()));
  const Instant owner{"001", Action::kCommit, State::kInflight};
  ASSERT_OK(manager->Lock(owner));
  ASSERT_OK(manager->Unlock(Instant{"002", Action::kCommit, State::kInflight}));
  ASSERT_OK_AND_ASSIGN(bool exists, storage_->Exists(lock_file_));
  EXPECT_TRUE(exists);
  ASSERT_OK(manager->Unlock(owner));
}

TEST(LockProvidersTest, ALockFileNeedsAStoreThatCreatesExclusively) {
  // The in-memory store, like an object store without conditional PUT, excludes racing
  // creators of one process only: a lock file there would not exclude other writers.
  auto refused = FileSystemLockProvider::Make(Storage::InMemory(), "/t/.hoodie", 0);
  ASSERT_TRUE(refused.status().IsNotImplemented());
  EXPECT_THAT(refused, StatusMessageHas("FileSystemBasedLockProvider needs a storage that "
                                        "creates a file only if it is absent"));
  EXPECT_THAT(refused, StatusMessageHas("fs.s3a.create.conditional.enabled"));
}

TEST(LockProvidersTest, UnknownProvidersAreRefusedNamingTheKeyAndTheProviders) {
  testing::TempDir dir;
  HoodieConfig config;
  config.Set("hoodie.write.lock.provider", "com.example.MyLock");
  auto unknown = MakeLockManager(LockProviderContext{config, Storage::Local(), dir.path()});
  EXPECT_THAT(unknown, StatusMessageHas("hoodie.write.lock.provider=com.example.MyLock"));
  for (const char* provider : {"FileSystemBasedLockProvider", "ZookeeperBasedLockProvider",
                               "HiveMetastoreBasedLockProvider", "InProcessLockProvider"}) {
    EXPECT_THAT(unknown, StatusMessageHas(provider));
  }
}

TEST(InProcessLockTest, ManagerWaitsWaitTimeMsPerTry) {
  HoodieConfig config;
  config.Set("hoodie.write.lock.provider", "InProcessLockProvider");
  config.Set("hoodie.write.lock.wait_time_ms", "10");
  auto manager = MakeLockManager(LockProviderContext{config, Storage::Local(), "/wait-test"});
  ASSERT_OK(manager.status());
  InProcessLockProvider holder("/wait-test");
  ::arrow::Status locked;
  std::thread([&] {
    ASSERT_TRUE(*holder.TryLock(kNoWait));
    locked = (*manager)->Lock(Instant{"001", Action::kCommit, State::kInflight});
    ASSERT_OK(holder.Unlock());
  }).join();
  EXPECT_THAT(locked, HasErrorCode(ErrorCode::kLockTimeout));
  EXPECT_THAT(locked, StatusMessageHas("in-process lock of /wait-test"));
}

TEST(InProcessLockTest, ExcludesOtherThreadsAndRefusesReentry) {
  InProcessLockProvider first("/in-process-test");
  InProcessLockProvider second("/in-process-test");
  ASSERT_OK_AND_ASSIGN(bool taken, first.TryLock(kNoWait));
  EXPECT_TRUE(taken);
  EXPECT_THAT(second.TryLock(kNoWait), StatusMessageHas("already held by this thread"));
  bool other_thread_took = true;
  std::thread([&] { other_thread_took = *second.TryLock(std::chrono::milliseconds(20)); })
      .join();
  EXPECT_FALSE(other_thread_took);
  ASSERT_OK(first.Unlock());
  std::thread([&] {
    other_thread_took = *second.TryLock(kNoWait);
    (void)second.Unlock();
  }).join();
  EXPECT_TRUE(other_thread_took);
}

}  // namespace
}  // namespace hoodie
