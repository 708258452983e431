// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/storage/storage_calls_test.cc
/// \brief StorageCallsSoFar: each Storage call counted as the requests it costs on an
/// object store (the same calls on S3 are held against moto's log in
/// cli/object_store_requests_test.cc).
#include "hoodie/storage/storage_calls.h"

#include <string>

#include <arrow/util/future.h>
#include <gtest/gtest.h>

#include "hoodie/storage/storage.h"
#include "hoodie/testing/matchers.h"
#include "hoodie/testing/temp_dir.h"

namespace hoodie {
namespace {

// The calls `action` made on local disk.
template <typename Action>
StorageCallCounts CallsOf(Action action) {
  const StorageCallCounts before = StorageCallsByStore()["local"];
  action();
  return StorageCallsByStore()["local"] - before;
}

class StorageCallsTest : public ::testing::Test {
 protected:
  std::shared_ptr<Storage> storage_ = Storage::Local();
  testing::TempDir dir_;
};

TEST_F(StorageCallsTest, AWriteIsOnePutWithItsBytes) {
  const auto calls = CallsOf([&] { ASSERT_OK(storage_->WriteAll(dir_.Join("f"), "hello", true)); });
  EXPECT_EQ(calls.put, 1);
  EXPECT_EQ(calls.bytes_written, 5);
  EXPECT_EQ(calls.total(), 1);
}

TEST_F(StorageCallsTest, ACreateThatMustNotReplaceAsksFirst) {
  const auto calls = CallsOf([&] { ASSERT_OK(storage_->WriteAll(dir_.Join("f"), "hello", false)); });
  EXPECT_EQ(calls.head, 1);
  EXPECT_EQ(calls.put, 1);
  EXPECT_EQ(calls.total(), 2);
}

TEST_F(StorageCallsTest, WholeAndRangedReadsAreToldApart) {
  ASSERT_OK(storage_->WriteAll(dir_.Join("f"), "0123456789", true));
  const auto whole = CallsOf([&] { ASSERT_OK(storage_->ReadAll(dir_.Join("f")).status()); });
  EXPECT_EQ(whole.head, 1);  // the open
  EXPECT_EQ(whole.get, 1);
  EXPECT_EQ(whole.get_ranged, 0);
  EXPECT_EQ(whole.bytes_read, 10);
  const auto ranged =
      CallsOf([&] { ASSERT_OK(storage_->ReadRange(dir_.Join("f"), 2, 3).status()); });
  EXPECT_EQ(ranged.head, 1);
  EXPECT_EQ(ranged.get, 0);
  EXPECT_EQ(ranged.get_ranged, 1);
  EXPECT_EQ(ranged.bytes_read, 3);
  const auto through_file = CallsOf([&] {
    ASSERT_OK_AND_ASSIGN(auto file, storage_->OpenForRead(dir_.Join("f")));
    ASSERT_OK(file->ReadAt(0, 4).status());
    ASSERT_OK(file->ReadAt(4, 6).status());
    ASSERT_OK(file->ReadAsync({}, 0, 10).result().status());
  });
  EXPECT_EQ(through_file.head, 1);
  EXPECT_EQ(through_file.get_ranged, 2);
  EXPECT_EQ(through_file.get, 1);
  EXPECT_EQ(through_file.bytes_read, 20);
}

TEST_F(StorageCallsTest, ListingsStatusesRenamesAndDeletes) {
  for (int i = 0; i < 3; ++i) {
    ASSERT_OK(storage_->WriteAll(dir_.Join("d/" + std::to_string(i)), "x", true));
  }
  const auto list = CallsOf([&] { ASSERT_OK(storage_->List(dir_.Join("d"), false).status()); });
  EXPECT_EQ(list.list, 1);
  EXPECT_EQ(list.total(), 1);
  const auto status =
      CallsOf([&] { ASSERT_OK(storage_->GetFileStatus(dir_.Join("d/0")).status()); });
  EXPECT_EQ(status.head, 1);
  EXPECT_EQ(status.total(), 1);
  const auto rename =
      CallsOf([&] { ASSERT_OK(storage_->Rename(dir_.Join("d/0"), dir_.Join("d/9"))); });
  EXPECT_EQ(rename.put, 1);  // a copy on an object store
  EXPECT_EQ(rename.delete_, 1);
  const auto immutable =
      CallsOf([&] { ASSERT_OK(storage_->CreateImmutable(dir_.Join("d/i"), "abc")); });
  EXPECT_EQ(immutable.put, 1);
  EXPECT_EQ(immutable.bytes_written, 3);
  const auto deleted = CallsOf([&] {
    ASSERT_OK(storage_->DeleteFile(dir_.Join("d/1")));
    ASSERT_OK(storage_->DeleteDir(dir_.Join("d")));
  });
  EXPECT_EQ(deleted.delete_, 2);
  EXPECT_EQ(deleted.list, 1);  // what the folder holds
}

TEST_F(StorageCallsTest, AnAbortedWriteUploadsNothing) {
  const auto calls = CallsOf([&] {
    ASSERT_OK_AND_ASSIGN(auto stream, storage_->Create(dir_.Join("f"), true));
    ASSERT_OK(stream->Write("abc", 3));
    ASSERT_OK(stream->Abort());
  });
  EXPECT_EQ(calls.put, 0);
  EXPECT_EQ(calls.bytes_written, 0);
}

TEST_F(StorageCallsTest, EachStoreCountsItsOwnCalls) {
  auto memory = Storage::InMemory();
  const auto before = StorageCallsByStore();
  ASSERT_OK(memory->WriteAll("m/f", "x", true));
  auto after = StorageCallsByStore();
  EXPECT_EQ(after["mock"].put - (before.contains("mock") ? before.at("mock").put : 0), 1);
  EXPECT_EQ(after["local"].total(), before.at("local").total());
}

TEST(StorageCallCountsTest, NamedGivesEveryCountInOrder) {
  StorageCallCounts counts;
  counts.list = 1;
  counts.head = 2;
  counts.get = 3;
  counts.get_ranged = 4;
  counts.put = 5;
  counts.multipart = 6;
  counts.delete_ = 7;
  counts.bytes_read = 100;
  counts.bytes_written = 200;
  EXPECT_EQ(counts.total(), 28);
  const auto named = counts.Named();
  ASSERT_EQ(named.size(), 9u);
  EXPECT_EQ(named[0], (std::pair<std::string, int64_t>{"list", 1}));
  EXPECT_EQ(named[6], (std::pair<std::string, int64_t>{"delete", 7}));
  EXPECT_EQ(named[8], (std::pair<std::string, int64_t>{"bytes_written", 200}));
}

}  // namespace
}  // namespace hoodie
