// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/storage/fault_injecting_storage_test.cc
/// \brief Rules, crash semantics and counters of FaultInjectingStorage.
#include "hoodie/storage/fault_injecting_storage.h"

#include <memory>
#include <string>
#include <thread>
#include <vector>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "hoodie/testing/matchers.h"
#include "hoodie/testing/temp_dir.h"

namespace hoodie {
namespace {

using ::hoodie::testing::HasErrorCode;
using ::hoodie::testing::StatusMessageHas;
using ::testing::Not;

class FaultInjectingStorageTest : public ::testing::TestWithParam<bool> {
 protected:
  void SetUp() override {
    bool local = GetParam();
    base_ = local ? Storage::Local() : Storage::InMemory();
    root_ = local ? temp_.path() : std::string("/memory");
    storage_ = std::make_shared<FaultInjectingStorage>(base_);
  }
  std::string Path(const std::string& relative) const { return root_ + "/" + relative; }

  ::hoodie::testing::TempDir temp_;
  std::shared_ptr<Storage> base_;
  std::shared_ptr<FaultInjectingStorage> storage_;
  std::string root_;
};

TEST_P(FaultInjectingStorageTest, FailsOnlyTheNthCallOfAnOperation) {
  ASSERT_OK(storage_->WriteAll(Path("f"), "data", false));
  storage_->FailNthCall(StorageOperation::kReadAll, 2);
  ASSERT_OK(storage_->ReadAll(Path("f")));
  auto second = storage_->ReadAll(Path("f"));
  ASSERT_RAISES(IOError, second);
  EXPECT_THAT(second, HasErrorCode(ErrorCode::kFaultInjected));
  EXPECT_THAT(second, StatusMessageHas("ReadAll"));
  EXPECT_THAT(second, StatusMessageHas(Path("f")));
  ASSERT_OK_AND_ASSIGN(std::string third, storage_->ReadAll(Path("f")));
  EXPECT_EQ(third, "data");
  EXPECT_EQ(storage_->call_count(StorageOperation::kReadAll), 3);
  EXPECT_EQ(storage_->call_count(StorageOperation::kWriteAll), 1);
  EXPECT_EQ(storage_->call_count(StorageOperation::kList), 0);
  EXPECT_EQ(storage_->injected_fault_count(), 1);
}

TEST_P(FaultInjectingStorageTest, PathRuleFailsMatchingCallsWithoutReachingBase) {
  storage_->FailPathsContaining(".hoodie/", StorageOperation::kCreateImmutable);
  auto refused = storage_->CreateImmutable(Path(".hoodie/001.commit"), "x");
  EXPECT_THAT(refused, HasErrorCode(ErrorCode::kFaultInjected));
  ASSERT_OK_AND_ASSIGN(bool reached_base, base_->Exists(Path(".hoodie/001.commit")));
  EXPECT_FALSE(reached_base);
  // Other operations on the path and the same operation elsewhere are untouched.
  ASSERT_OK(storage_->WriteAll(Path(".hoodie/hoodie.properties"), "p", false));
  ASSERT_OK(storage_->CreateImmutable(Path("data/001.commit"), "x"));
}

TEST_P(FaultInjectingStorageTest, SuffixRuleFailsEveryOperationAndBothRenamePaths) {
  ASSERT_OK(storage_->WriteAll(Path("001.inflight"), "i", false));
  storage_->FailPathsEndingWith(".commit");
  EXPECT_THAT(storage_->WriteAll(Path("001.commit"), "c", false),
              HasErrorCode(ErrorCode::kFaultInjected));
  EXPECT_THAT(storage_->Exists(Path("001.commit")),
              HasErrorCode(ErrorCode::kFaultInjected));
  auto rename = storage_->Rename(Path("001.inflight"), Path("001.commit"));
  EXPECT_THAT(rename, HasErrorCode(ErrorCode::kFaultInjected));
  EXPECT_THAT(rename, StatusMessageHas(Path("001.commit")));
  ASSERT_OK_AND_ASSIGN(std::string untouched, base_->ReadAll(Path("001.inflight")));
  EXPECT_EQ(untouched, "i");
  EXPECT_THAT(storage_->Exists(Path("001.commit.tmp")),
              Not(HasErrorCode(ErrorCode::kFaultInjected)));
  storage_->ClearFaults();
  ASSERT_OK(storage_->Rename(Path("001.inflight"), Path("001.commit")));
}

TEST_P(FaultInjectingStorageTest, CrashDuringWriteAllLeavesExactlyKBytes) {
  storage_->CrashAfterBytes("001.commit", 7);
  auto crash = storage_->WriteAll(Path(".hoodie/001.commit"), "0123456789abcdef", false);
  ASSERT_RAISES(IOError, crash);
  EXPECT_THAT(crash, HasErrorCode(ErrorCode::kFaultInjected));
  EXPECT_THAT(crash, StatusMessageHas("after 7 bytes"));
  ASSERT_OK_AND_ASSIGN(std::string partial, base_->ReadAll(Path(".hoodie/001.commit")));
  EXPECT_EQ(partial, "0123456");
  // The process is dead: nothing else gets through until it restarts.
  EXPECT_TRUE(storage_->crashed());
  EXPECT_THAT(storage_->ReadAll(Path(".hoodie/001.commit")),
              HasErrorCode(ErrorCode::kFaultInjected));
  storage_->Restart();
  ASSERT_OK_AND_ASSIGN(std::string after_restart,
                       storage_->ReadAll(Path(".hoodie/001.commit")));
  EXPECT_EQ(after_restart, "0123456");
  // The rule fired once and is gone.
  ASSERT_OK(storage_->WriteAll(Path(".hoodie/001.commit"), "whole", true));
}

TEST_P(FaultInjectingStorageTest, CrashDuringStreamLeavesExactlyKBytes) {
  storage_->CrashAfterBytes("log.1", 6);
  ASSERT_OK_AND_ASSIGN(auto stream, storage_->Create(Path("p/.f1.log.1"), false));
  ASSERT_OK(stream->Write("abcd", 4));
  auto killed = stream->Write("efgh", 4);
  EXPECT_THAT(killed, HasErrorCode(ErrorCode::kFaultInjected));
  EXPECT_THAT(stream->Write("ijkl", 4), HasErrorCode(ErrorCode::kFaultInjected));
  EXPECT_THAT(stream->Close(), HasErrorCode(ErrorCode::kFaultInjected));
  ASSERT_OK_AND_ASSIGN(std::string partial, base_->ReadAll(Path("p/.f1.log.1")));
  EXPECT_EQ(partial, "abcdef");
}

TEST_P(FaultInjectingStorageTest, WriterKilledBeforeCloseKeepsWhatItWrote) {
  storage_->CrashAfterBytes("short", 100);
  ASSERT_OK_AND_ASSIGN(auto stream, storage_->Create(Path("short"), false));
  ASSERT_OK(stream->Write("abc", 3));
  EXPECT_THAT(stream->Close(), HasErrorCode(ErrorCode::kFaultInjected));
  ASSERT_OK_AND_ASSIGN(std::string partial, base_->ReadAll(Path("short")));
  EXPECT_EQ(partial, "abc");
}

TEST_P(FaultInjectingStorageTest, CrashDuringCreateImmutablePublishesNothing) {
  storage_->CrashAfterBytes(".commit", 3);
  EXPECT_THAT(storage_->CreateImmutable(Path(".hoodie/002.commit"), "content"),
              HasErrorCode(ErrorCode::kFaultInjected));
  ASSERT_OK_AND_ASSIGN(bool exists, base_->Exists(Path(".hoodie/002.commit")));
  EXPECT_FALSE(exists);
  EXPECT_TRUE(storage_->crashed());
}

TEST_P(FaultInjectingStorageTest, StreamsOpenedBeforeACrashStopWorking) {
  ASSERT_OK_AND_ASSIGN(auto survivor, storage_->Create(Path("other"), false));
  ASSERT_OK(survivor->Write("ok", 2));
  storage_->CrashAfterBytes("victim", 0);
  EXPECT_THAT(storage_->WriteAll(Path("victim"), "v", false),
              HasErrorCode(ErrorCode::kFaultInjected));
  EXPECT_THAT(survivor->Write("more", 4), HasErrorCode(ErrorCode::kFaultInjected));
  EXPECT_THAT(survivor->Close(), HasErrorCode(ErrorCode::kFaultInjected));
  ASSERT_OK_AND_ASSIGN(std::string victim, base_->ReadAll(Path("victim")));
  EXPECT_EQ(victim, "");
}

TEST_P(FaultInjectingStorageTest, CountersAreExactUnderConcurrentCalls) {
  ASSERT_OK(storage_->WriteAll(Path("f"), "x", false));
  storage_->ResetCounts();
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t) {
    threads.emplace_back([this] {
      for (int i = 0; i < 100; ++i) {
        EXPECT_OK(storage_->Exists(Path("f")));
      }
    });
  }
  for (auto& thread : threads) thread.join();
  EXPECT_EQ(storage_->call_count(StorageOperation::kExists), 400);
  EXPECT_EQ(storage_->call_count(StorageOperation::kWriteAll), 0);
}

TEST_P(FaultInjectingStorageTest, ClearFaultsRemovesRulesButKeepsCounts) {
  storage_->FailPathsContaining("f");
  EXPECT_THAT(storage_->Exists(Path("f")), HasErrorCode(ErrorCode::kFaultInjected));
  storage_->ClearFaults();
  ASSERT_OK(storage_->Exists(Path("f")));
  EXPECT_EQ(storage_->call_count(StorageOperation::kExists), 2);
  EXPECT_EQ(storage_->injected_fault_count(), 1);
}

TEST(StorageOperationTest, NamesMatchTheMethods) {
  EXPECT_STREQ(StorageOperationName(StorageOperation::kCreateImmutable),
               "CreateImmutable");
  EXPECT_STREQ(StorageOperationName(StorageOperation::kList), "List");
}

INSTANTIATE_TEST_SUITE_P(Backends, FaultInjectingStorageTest, ::testing::Bool(),
                         [](const ::testing::TestParamInfo<bool>& info) {
                           return std::string(info.param ? "Local" : "InMemory");
                         });

}  // namespace
}  // namespace hoodie
