// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/storage/file_system_storage_test.cc
/// \brief Backend-specific behaviour of FileSystemStorage: URI resolution and the local
/// temp-file protocol of CreateImmutable.
#include "hoodie/storage/file_system_storage.h"

#include <atomic>
#include <filesystem>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "hoodie/config/hoodie_config.h"
#include "hoodie/storage/remote_file_system_internal.h"
#include "hoodie/testing/matchers.h"
#include "hoodie/testing/temp_dir.h"

namespace hoodie {
namespace {

using ::hoodie::testing::StatusMessageHas;
using ::hoodie::testing::TempDir;

TEST(FileSystemStorageTest, FromUriResolvesFileUrisAndAbsolutePaths) {
  TempDir temp;
  std::string path;
  ASSERT_OK_AND_ASSIGN(auto storage, Storage::FromUri("file://" + temp.Join("t"), &path));
  EXPECT_EQ(path, temp.Join("t"));
  EXPECT_EQ(storage->filesystem()->type_name(), "local");
  ASSERT_OK(storage->WriteAll(path + "/f", "x", false));
  ASSERT_OK_AND_ASSIGN(auto plain, Storage::FromUri(temp.Join("t"), &path));
  EXPECT_EQ(path, temp.Join("t"));
  ASSERT_OK_AND_ASSIGN(std::string read, plain->ReadAll(temp.Join("t/f")));
  EXPECT_EQ(read, "x");
}

TEST(FileSystemStorageTest, FromUriMakesRelativePathsAbsolute) {
  std::string path;
  ASSERT_OK_AND_ASSIGN(auto storage, Storage::FromUri("rel/table", &path));
  EXPECT_EQ(path, (std::filesystem::current_path() / "rel/table").string());
  EXPECT_EQ(storage->filesystem()->type_name(), "local");
}

TEST(FileSystemStorageTest, FromUriRejectsUnknownSchemesNamingTheUri) {
  std::string path;
  auto result = Storage::FromUri("nosuchscheme://bucket/t", &path);
  ASSERT_FALSE(result.ok());
  EXPECT_THAT(result, StatusMessageHas("nosuchscheme://bucket/t"));
}

// The seed's other stores: the S3-compatible ones say how to reach them through the S3
// keys, the others that hoodie has no client for them.
TEST(FileSystemStorageTest, OtherStoresSayHowToReachThemOrThatHoodieCannot) {
  std::string path;
  for (const char* uri : {"oss://b/t", "cosn://b/t", "obs://b/t", "bos://b/t", "cos://b.s/t"}) {
    SCOPED_TRACE(uri);
    auto result = Storage::FromUri(uri, &path);
    ASSERT_FALSE(result.ok());
    EXPECT_TRUE(result.status().IsNotImplemented());
    EXPECT_THAT(result, StatusMessageHas("S3-compatible API"));
    EXPECT_THAT(result, StatusMessageHas("fs.s3a.endpoint="));
    EXPECT_THAT(result, StatusMessageHas(uri));
  }
  EXPECT_THAT(Storage::FromUri("oss://b/t", &path), StatusMessageHas("aliyuncs.com"));
  for (const char* uri : {"alluxio://master:19998/t", "jfs://volume/t"}) {
    SCOPED_TRACE(uri);
    auto result = Storage::FromUri(uri, &path);
    ASSERT_FALSE(result.ok());
    EXPECT_THAT(result, StatusMessageHas("hoodie has no"));
  }
}

// An Azure account without credentials: the SDK throws from opening a file, which
// must come back as an error naming the path and what to configure, on every read.
TEST(FileSystemStorageTest, AzureWithoutCredentialsFailsReadsWithWhatToConfigure) {
  for (const char* name : {"AZURE_STORAGE_ACCOUNT_KEY", "AZURE_STORAGE_CONNECTION_STRING",
                           "AZURE_CLIENT_ID", "AZURE_TENANT_ID", "AZURE_CLIENT_SECRET"}) {
    ::unsetenv(name);
  }
  std::string path;
  ASSERT_OK_AND_ASSIGN(auto storage,
                       Storage::FromUri("abfs://c@account.dfs.core.windows.net/t", &path));
  const std::string file = path + "/.hoodie/hoodie.properties";
  EXPECT_THAT(storage->FileExists(file), StatusMessageHas("AZURE_STORAGE_ACCOUNT_KEY"));
  EXPECT_THAT(storage->ReadAll(file), StatusMessageHas("AZURE_STORAGE_ACCOUNT_KEY"));
  EXPECT_THAT(storage->OpenForRead(file), StatusMessageHas(file));
  EXPECT_THAT(storage->ReadRange(file, 0, 4), StatusMessageHas(file));
}

TEST(FileSystemStorageTest, HadoopS3SchemesAreS3AndOptionsDefaultAsTheRegistry) {
  EXPECT_EQ(internal::CanonicalS3Uri("s3a://bucket/t"), "s3://bucket/t");
  EXPECT_EQ(internal::CanonicalS3Uri("S3N://bucket/t"), "s3://bucket/t");
  EXPECT_EQ(internal::CanonicalS3Uri("s3://bucket/t"), "s3://bucket/t");
  EXPECT_EQ(internal::CanonicalS3Uri("/s3a/local"), "/s3a/local");
  EXPECT_EQ(internal::UriScheme("GS://b/t"), "gs");
  EXPECT_EQ(internal::UriScheme("/plain/path"), "");
  ASSERT_OK_AND_ASSIGN(StorageOptions configured, StorageOptions::FromConfig(HoodieConfig()));
  EXPECT_EQ(configured.timeout_seconds, StorageOptions{}.timeout_seconds);
  HoodieConfig set;
  set.Set("hoodie.storage.timeout.seconds", "3");
  ASSERT_OK_AND_ASSIGN(configured, StorageOptions::FromConfig(set));
  EXPECT_EQ(configured.timeout_seconds, 3);
  EXPECT_EQ(internal::RemoteAccessHint("local"), "");
  EXPECT_NE(internal::RemoteAccessHint("s3").find("AWS_ENDPOINT_URL"), std::string_view::npos);
}

TEST(FileSystemStorageTest, BackendKindFollowsTheFileSystem) {
  EXPECT_TRUE(std::static_pointer_cast<FileSystemStorage>(Storage::Local())->is_local());
  EXPECT_FALSE(
      std::static_pointer_cast<FileSystemStorage>(Storage::InMemory())->is_local());
  EXPECT_EQ(Storage::InMemory()->filesystem()->type_name(), "mock");
  // Only link(2) on local disk excludes creators of other processes (storage.h).
  EXPECT_TRUE(Storage::Local()->creates_exclusively());
  EXPECT_FALSE(Storage::InMemory()->creates_exclusively());
}

TEST(FileSystemStorageTest, LocalCreateImmutableInMissingFolderMakesIt) {
  TempDir temp;
  auto storage = Storage::Local();
  ASSERT_OK(storage->CreateImmutable(temp.Join("a/b/.hoodie/1.commit"), "c"));
  ASSERT_OK_AND_ASSIGN(auto listing, storage->List(temp.Join("a/b/.hoodie"), false));
  ASSERT_EQ(listing.size(), 1u);
  EXPECT_EQ(listing[0].name(), "1.commit");
  EXPECT_EQ(listing[0].size, 1);
}

TEST(FileSystemStorageTest, LocalCreateImmutableTempFileErrorNamesTargetAndTemp) {
  // A 250-byte name is legal, but its temp sibling ".<name>.<16 hex>.tmp" exceeds
  // NAME_MAX, so the temp-file step fails (as root too, unlike a permission test).
  TempDir temp;
  auto storage = Storage::Local();
  std::string path = temp.Join(std::string(250, 'n'));
  auto status = storage->CreateImmutable(path, "c");
  ASSERT_RAISES(IOError, status);
  EXPECT_THAT(status, StatusMessageHas("CreateImmutable failed: open"));
  EXPECT_THAT(status, StatusMessageHas("path: " + path + " (temp file "));
  ASSERT_OK_AND_ASSIGN(auto listing, storage->List(temp.path(), false));
  EXPECT_TRUE(listing.empty());
  // The name itself is fine for a plain write.
  ASSERT_OK(storage->WriteAll(path, "c", false));
}

TEST(FileSystemStorageTest, LocalSyncOfAMissingPathIsAnIOErrorNamingIt) {
  TempDir temp;
  auto status = Storage::Local()->Sync(temp.Join("missing"));
  ASSERT_RAISES(IOError, status);
  EXPECT_THAT(status, StatusMessageHas("Sync failed: open"));
  EXPECT_THAT(status, StatusMessageHas(temp.Join("missing")));
  // Elsewhere there is nothing to flush.
  ASSERT_OK(Storage::InMemory()->Sync("/missing"));
}

TEST(FileSystemStorageTest, RacersThroughSeveralStoragesOnOneFileSystemSeeOneWinner) {
  auto shared_fs = Storage::InMemory()->filesystem();
  std::vector<std::shared_ptr<Storage>> storages = {Storage::Make(shared_fs),
                                                    Storage::Make(shared_fs)};
  constexpr int kRacers = 6;
  std::atomic<bool> go{false};
  std::vector<::arrow::Status> results(kRacers);
  std::vector<std::thread> threads;
  for (int i = 0; i < kRacers; ++i) {
    threads.emplace_back([&, i] {
      while (!go.load()) std::this_thread::yield();
      results[i] = storages[i % 2]->CreateImmutable("/t/.hoodie/1.commit",
                                                    std::string(1000, 'a' + i));
    });
  }
  go.store(true);
  for (auto& thread : threads) thread.join();
  int winners = 0;
  std::string expected;
  for (int i = 0; i < kRacers; ++i) {
    if (results[i].ok()) {
      ++winners;
      expected = std::string(1000, 'a' + i);
    } else {
      EXPECT_TRUE(results[i].IsAlreadyExists()) << results[i].ToString();
    }
  }
  EXPECT_EQ(winners, 1);
  ASSERT_OK_AND_ASSIGN(std::string content, storages[0]->ReadAll("/t/.hoodie/1.commit"));
  EXPECT_EQ(content, expected);
  ASSERT_OK_AND_ASSIGN(auto listing, storages[1]->List("/t/.hoodie", false));
  ASSERT_EQ(listing.size(), 1u);
  EXPECT_EQ(listing[0].path, "/t/.hoodie/1.commit");
}

}  // namespace
}  // namespace hoodie
