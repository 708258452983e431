// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/storage/storage_conformance_test.cc
/// \brief One behavioural suite every Storage backend must pass: local disk, in-memory,
/// the fault-injecting decorator with no rules, and the object stores on real servers
/// started on 127.0.0.1 (moto for S3, gcp-storage-emulator for GCS, Azurite for Azure),
/// each server once per test binary.
#include <algorithm>
#include <atomic>
#include <chrono>
#include <functional>
#include <memory>
#include <ostream>
#include <string>
#include <thread>
#include <vector>

#include <arrow/filesystem/filesystem.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "hoodie/config/azure_config.h"
#include "hoodie/config/config_registry.h"
#include "hoodie/config/gcs_config.h"
#include "hoodie/config/hoodie_config.h"
#include "hoodie/config/s3a_config.h"
#include "hoodie/storage/fault_injecting_storage.h"
#include "hoodie/storage/storage.h"
#include "hoodie/testing/azure_test_server.h"
#include "hoodie/testing/gcs_test_server.h"
#include "hoodie/testing/matchers.h"
#include "hoodie/testing/s3_test_server.h"
#include "hoodie/testing/temp_dir.h"

namespace hoodie {
namespace {

using ::hoodie::testing::AzureTestServer;
using ::hoodie::testing::GcsTestServer;
using ::hoodie::testing::S3TestServer;
using ::hoodie::testing::SharedServer;
using ::hoodie::testing::StatusMessageHas;
using ::testing::ElementsAre;
using ::testing::ElementsAreArray;

constexpr char kBucket[] = "conformance";

// Arrow's S3 must be finalized before static destructors run.
class FinalizeArrowFileSystems : public ::testing::Environment {
 public:
  void TearDown() override { (void)::arrow::fs::EnsureFinalized(); }
};
::testing::Environment* const kFinalizeArrowFileSystems =
    ::testing::AddGlobalTestEnvironment(new FinalizeArrowFileSystems);

// A folder of its own for the running test inside the shared bucket.
std::string TestFolder() {
  const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
  std::string name = std::string(info->test_suite_name()) + "-" + info->name();
  for (char& c : name) c = (c == '/') ? '-' : c;
  return name;
}

struct Backend {
  std::string name;
  // The storage, and in `root` the folder the test works in; `local_dir` is a fresh
  // local temporary folder.
  std::function<::arrow::Result<std::shared_ptr<Storage>>(const std::string& local_dir,
                                                          std::string* root)>
      make;
  // CreateImmutable excludes racing creators of other processes too: local disk, and S3
  // with its conditional PUT (Storage::creates_exclusively).
  bool exclusive_across_processes = false;
};

// Keeps gtest from printing the struct's raw bytes in test names and failures.
void PrintTo(const Backend& backend, std::ostream* os) { *os << backend.name; }

// The storage of `uri` (a bucket's) with `config`, the bucket made once by `make_bucket`,
// rooted in the test's own folder.
::arrow::Result<std::shared_ptr<Storage>> RemoteStorage(
    const std::string& uri, const HoodieConfig& config, std::string* root,
    const std::function<::arrow::Status(Storage*, const std::string&)>& make_bucket) {
  std::string bucket;
  ARROW_ASSIGN_OR_RAISE(auto storage, Storage::FromUri(uri, &bucket, config));
  static std::vector<std::string> made;
  if (std::find(made.begin(), made.end(), uri) == made.end()) {
    ARROW_RETURN_NOT_OK(make_bucket(storage.get(), bucket));
    made.push_back(uri);
  }
  *root = bucket + "/" + TestFolder();
  return storage;
}

// `conditional`: fs.s3a.create.conditional.enabled (S3's If-None-Match: *, or a HEAD
// then a PUT under the process's lock).
::arrow::Result<std::shared_ptr<Storage>> MotoStorage(std::string* root, bool conditional) {
  ARROW_ASSIGN_OR_RAISE(S3TestServer * server, SharedServer<S3TestServer>());
  server->ExportEnvironment();
  HoodieConfig config;
  config.Set(S3aConfig::kCreateConditional.key, conditional ? "true" : "false");
  return RemoteStorage(std::string("s3://") + kBucket, config, root,
                       [server](Storage*, const std::string& bucket) {
                         return server->CreateBucket(bucket);
                       });
}

::arrow::Result<std::shared_ptr<Storage>> GcsEmulatorStorage(std::string* root) {
  ARROW_ASSIGN_OR_RAISE(GcsTestServer * server, SharedServer<GcsTestServer>());
  HoodieConfig config;
  config.Set(GcsConfig::kStorageRootUrl.key, server->endpoint());
  config.Set(GcsConfig::kProjectId.key, "hoodie-test");  // creating a bucket needs one
  return RemoteStorage(std::string("gs://") + kBucket, config, root,
                       [](Storage* storage, const std::string& bucket) {
                         return storage->CreateDir(bucket);
                       });
}

// The account key through hadoop-azure's key, the endpoint through the connection
// string (without a key), as a user of Azurite would give them.
::arrow::Result<std::shared_ptr<Storage>> AzuriteStorage(std::string* root) {
  ARROW_ASSIGN_OR_RAISE(AzureTestServer * server, SharedServer<AzureTestServer>());
  ::setenv("AZURE_STORAGE_CONNECTION_STRING", server->ConnectionString(false).c_str(), 1);
  HoodieConfig config;
  config.Set(FillTemplateKey(AzureConfig::kAccountKeyDfs.key, {AzureTestServer::kAccount}),
             AzureTestServer::kAccountKey);
  return RemoteStorage(std::string("abfs://") + kBucket + "@" + AzureTestServer::kAccount +
                           ".dfs.core.windows.net",
                       config, root, [](Storage* storage, const std::string& bucket) {
                         return storage->CreateDir(bucket);
                       });
}

std::vector<Backend> AllBackends() {
  auto local = [](const std::string& dir, std::string* root) {
    *root = dir + "/table";
    return ::arrow::Result<std::shared_ptr<Storage>>(Storage::Local());
  };
  return {
      {"Local", local, true},
      {"InMemory",
       [](const std::string&, std::string* root) {
         *root = "/memory/table";
         return ::arrow::Result<std::shared_ptr<Storage>>(Storage::InMemory());
       }},
      {"FaultInjectingLocal",
       [](const std::string& dir, std::string* root) {
         *root = dir + "/table";
         return ::arrow::Result<std::shared_ptr<Storage>>(
             std::make_shared<FaultInjectingStorage>(Storage::Local()));
       },
       true},
      {"Moto",
       [](const std::string&, std::string* root) { return MotoStorage(root, true); },
       true},
      {"MotoWithoutConditionalCreate",
       [](const std::string&, std::string* root) { return MotoStorage(root, false); }},
      {"GcsEmulator",
       [](const std::string&, std::string* root) { return GcsEmulatorStorage(root); }},
      {"Azurite", [](const std::string&, std::string* root) { return AzuriteStorage(root); }},
  };
}

int64_t NowMs() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

// Bytes 0..255 repeated, so every byte value (including NUL) is round-tripped.
std::string BinaryData(size_t size) {
  std::string data(size, '\0');
  for (size_t i = 0; i < size; ++i) data[i] = static_cast<char>(i % 256);
  return data;
}

class StorageConformanceTest : public ::testing::TestWithParam<Backend> {
 protected:
  void SetUp() override {
    start_ms_ = NowMs();
    ASSERT_OK_AND_ASSIGN(storage_, GetParam().make(temp_.path(), &root_));
  }

  std::string Path(const std::string& relative) const { return root_ + "/" + relative; }

  std::vector<std::string> ListedPaths(const std::string& dir, bool recursive) {
    auto listing = storage_->List(dir, recursive);
    EXPECT_TRUE(listing.ok()) << listing.status().ToString();
    std::vector<std::string> paths;
    if (listing.ok()) {
      for (const auto& status : *listing) paths.push_back(status.path);
    }
    return paths;
  }

  ::hoodie::testing::TempDir temp_;
  std::shared_ptr<Storage> storage_;
  std::string root_;
  int64_t start_ms_ = 0;
};

TEST_P(StorageConformanceTest, WriteAllThenReadAllRoundTripsExactBytes) {
  std::string data = BinaryData(70000);
  ASSERT_OK(storage_->WriteAll(Path("p/file.bin"), data, /*overwrite=*/false));
  ASSERT_OK_AND_ASSIGN(std::string read, storage_->ReadAll(Path("p/file.bin")));
  EXPECT_EQ(read, data);
  ASSERT_OK(storage_->WriteAll(Path("empty"), "", /*overwrite=*/false));
  ASSERT_OK_AND_ASSIGN(std::string empty, storage_->ReadAll(Path("empty")));
  EXPECT_EQ(empty, "");
}

TEST_P(StorageConformanceTest, ReadRangeReturnsExactBytesAndShortensOnlyAtEnd) {
  ASSERT_OK(storage_->WriteAll(Path("digits"), "0123456789", false));
  ASSERT_OK_AND_ASSIGN(auto middle, storage_->ReadRange(Path("digits"), 2, 3));
  EXPECT_EQ(middle->ToString(), "234");
  ASSERT_OK_AND_ASSIGN(auto tail, storage_->ReadRange(Path("digits"), 8, 10));
  EXPECT_EQ(tail->ToString(), "89");
  ASSERT_OK_AND_ASSIGN(auto at_end, storage_->ReadRange(Path("digits"), 10, 4));
  EXPECT_EQ(at_end->size(), 0);
  ASSERT_OK_AND_ASSIGN(auto past_end, storage_->ReadRange(Path("digits"), 25, 4));
  EXPECT_EQ(past_end->size(), 0);
  ASSERT_RAISES(Invalid, storage_->ReadRange(Path("digits"), -1, 4));
}

TEST_P(StorageConformanceTest, OpenForReadGivesRandomAccess) {
  ASSERT_OK(storage_->WriteAll(Path("digits"), "0123456789", false));
  ASSERT_OK_AND_ASSIGN(auto file, storage_->OpenForRead(Path("digits")));
  ASSERT_OK_AND_ASSIGN(int64_t size, file->GetSize());
  EXPECT_EQ(size, 10);
  ASSERT_OK_AND_ASSIGN(auto buffer, file->ReadAt(5, 2));
  EXPECT_EQ(buffer->ToString(), "56");
  ASSERT_OK(file->Close());
}

TEST_P(StorageConformanceTest, CreateStreamsContentAndMakesParentFolders) {
  ASSERT_OK_AND_ASSIGN(auto stream, storage_->Create(Path("a/b/c.log"), false));
  ASSERT_OK(stream->Write("hello", 5));
  ASSERT_OK(stream->Write(" world", 6));
  ASSERT_OK(stream->Close());
  ASSERT_OK_AND_ASSIGN(std::string read, storage_->ReadAll(Path("a/b/c.log")));
  EXPECT_EQ(read, "hello world");
  ASSERT_OK_AND_ASSIGN(FileStatus parent, storage_->GetFileStatus(Path("a/b")));
  EXPECT_TRUE(parent.is_directory);
}

TEST_P(StorageConformanceTest, StreamErrorsNameThePath) {
  std::string path = Path("closed.log");
  ASSERT_OK_AND_ASSIGN(auto stream, storage_->Create(path, false));
  ASSERT_OK(stream->Close());
  EXPECT_TRUE(stream->closed());
  ::arrow::Status late = stream->Write("x", 1);
  ASSERT_FALSE(late.ok());
  EXPECT_THAT(late, StatusMessageHas(path));
}

TEST_P(StorageConformanceTest, CreateWithoutOverwriteRefusesAnExistingFile) {
  std::string path = Path("hoodie.properties");
  ASSERT_OK(storage_->WriteAll(path, "first", false));
  auto refused = storage_->Create(path, /*overwrite=*/false);
  ASSERT_RAISES(AlreadyExists, refused);
  EXPECT_THAT(refused, StatusMessageHas(path));
  ASSERT_RAISES(AlreadyExists, storage_->WriteAll(path, "second", false));
  ASSERT_OK_AND_ASSIGN(std::string kept, storage_->ReadAll(path));
  EXPECT_EQ(kept, "first");
  ASSERT_OK(storage_->WriteAll(path, "x", /*overwrite=*/true));
  ASSERT_OK_AND_ASSIGN(std::string replaced, storage_->ReadAll(path));
  EXPECT_EQ(replaced, "x");
}

TEST_P(StorageConformanceTest, CreateImmutableWritesOnceAndLeavesNoTempFiles) {
  std::string path = Path(".hoodie/20240101000000000.commit");
  ASSERT_OK(storage_->CreateImmutable(path, "{\"a\":1}"));
  ASSERT_OK_AND_ASSIGN(std::string read, storage_->ReadAll(path));
  EXPECT_EQ(read, "{\"a\":1}");
  ::arrow::Status second = storage_->CreateImmutable(path, "{\"b\":2}");
  ASSERT_RAISES(AlreadyExists, second);
  EXPECT_THAT(second, StatusMessageHas(path));
  ASSERT_OK_AND_ASSIGN(std::string kept, storage_->ReadAll(path));
  EXPECT_EQ(kept, "{\"a\":1}");
  EXPECT_THAT(ListedPaths(Path(".hoodie"), false), ElementsAre(path));
}

TEST_P(StorageConformanceTest, CreateImmutableRacersSeeExactlyOneWinner) {
  constexpr int kRacers = 8;
  for (int round = 0; round < 5; ++round) {
    std::string path = Path(".hoodie/race" + std::to_string(round) + ".commit");
    std::atomic<bool> go{false};
    std::vector<::arrow::Status> results(kRacers);
    std::vector<std::thread> threads;
    for (int i = 0; i < kRacers; ++i) {
      threads.emplace_back([&, i] {
        while (!go.load()) std::this_thread::yield();
        results[i] = storage_->CreateImmutable(path, std::string(4096, 'A' + i));
      });
    }
    go.store(true);
    for (auto& thread : threads) thread.join();
    int winner = -1;
    int refused = 0;
    for (int i = 0; i < kRacers; ++i) {
      if (results[i].ok()) {
        ASSERT_EQ(winner, -1) << "two winners in round " << round;
        winner = i;
      } else {
        EXPECT_TRUE(results[i].IsAlreadyExists()) << results[i].ToString();
        ++refused;
      }
    }
    ASSERT_NE(winner, -1);
    EXPECT_EQ(refused, kRacers - 1);
    ASSERT_OK_AND_ASSIGN(std::string content, storage_->ReadAll(path));
    EXPECT_EQ(content, std::string(4096, 'A' + winner));
  }
  EXPECT_EQ(ListedPaths(Path(".hoodie"), false).size(), 5u);
}

// The one asserted difference between backends: whether racers in other processes are
// excluded too. Local disk links, S3 puts conditionally (the racers above then hold no
// lock of this process: the server alone picks the winner); GCS, Azure and S3 without
// fs.s3a.create.conditional.enabled check then write under a process-wide lock, as Hudi
// does on S3 without a lock provider.
TEST_P(StorageConformanceTest, WhichBackendsExcludeCreatorsOfOtherProcesses) {
  EXPECT_EQ(storage_->creates_exclusively(), GetParam().exclusive_across_processes);
}

TEST_P(StorageConformanceTest, RenameMovesAndRefusesToReplace) {
  ASSERT_OK(storage_->WriteAll(Path("src"), "S", false));
  ASSERT_OK(storage_->Rename(Path("src"), Path("moved/dst")));
  ASSERT_OK_AND_ASSIGN(bool src_exists, storage_->Exists(Path("src")));
  EXPECT_FALSE(src_exists);
  ASSERT_OK_AND_ASSIGN(std::string moved, storage_->ReadAll(Path("moved/dst")));
  EXPECT_EQ(moved, "S");

  ASSERT_OK(storage_->WriteAll(Path("other"), "O", false));
  ::arrow::Status refused = storage_->Rename(Path("other"), Path("moved/dst"));
  ASSERT_RAISES(AlreadyExists, refused);
  EXPECT_THAT(refused, StatusMessageHas(Path("moved/dst")));
  ASSERT_OK_AND_ASSIGN(std::string kept, storage_->ReadAll(Path("moved/dst")));
  EXPECT_EQ(kept, "S");
  ASSERT_OK_AND_ASSIGN(std::string source, storage_->ReadAll(Path("other")));
  EXPECT_EQ(source, "O");

  ::arrow::Status missing = storage_->Rename(Path("nope"), Path("nope2"));
  ASSERT_RAISES(IOError, missing);
  EXPECT_THAT(missing, StatusMessageHas(Path("nope")));
}

TEST_P(StorageConformanceTest, DeleteFileAndDeleteDirRemoveAndNameMissingPaths) {
  ASSERT_OK(storage_->WriteAll(Path("d/f1"), "1", false));
  ASSERT_OK(storage_->WriteAll(Path("d/sub/f2"), "2", false));
  ASSERT_OK(storage_->DeleteFile(Path("d/f1")));
  ASSERT_OK_AND_ASSIGN(bool f1_exists, storage_->Exists(Path("d/f1")));
  EXPECT_FALSE(f1_exists);
  ::arrow::Status missing_file = storage_->DeleteFile(Path("d/f1"));
  ASSERT_RAISES(IOError, missing_file);
  EXPECT_THAT(missing_file, StatusMessageHas(Path("d/f1")));

  ASSERT_OK(storage_->DeleteDir(Path("d")));
  ASSERT_OK_AND_ASSIGN(bool dir_exists, storage_->Exists(Path("d")));
  EXPECT_FALSE(dir_exists);
  ::arrow::Status missing_dir = storage_->DeleteDir(Path("d"));
  ASSERT_RAISES(IOError, missing_dir);
  EXPECT_THAT(missing_dir, StatusMessageHas(Path("d")));
}

class ListingTest : public StorageConformanceTest {
 protected:
  void MakeTree() {
    ASSERT_OK(storage_->WriteAll(Path("t/b.parquet"), "bbb", false));
    ASSERT_OK(storage_->WriteAll(Path("t/a.parquet"), "a", false));
    ASSERT_OK(storage_->WriteAll(Path("t/sub/c.log"), "ccccc", false));
    ASSERT_OK(storage_->WriteAll(Path("t/sub/deeper/d.log"), "dd", false));
    ASSERT_OK(storage_->CreateDir(Path("t/empty")));
  }
};

TEST_P(ListingTest, FlatListingIsSortedWithSizesAndKinds) {
  MakeTree();
  ASSERT_OK_AND_ASSIGN(auto listing, storage_->List(Path("t"), /*recursive=*/false));
  ASSERT_EQ(listing.size(), 4u);
  std::vector<std::string> names;
  for (const auto& status : listing) names.emplace_back(status.name());
  EXPECT_THAT(names, ElementsAre("a.parquet", "b.parquet", "empty", "sub"));
  EXPECT_EQ(listing[0].path, Path("t/a.parquet"));
  EXPECT_EQ(listing[0].size, 1);
  EXPECT_FALSE(listing[0].is_directory);
  EXPECT_EQ(listing[1].size, 3);
  EXPECT_TRUE(listing[2].is_directory);
  EXPECT_EQ(listing[2].size, 0);
  EXPECT_TRUE(listing[3].is_directory);
}

TEST_P(ListingTest, RecursiveListingReturnsEveryEntrySorted) {
  MakeTree();
  EXPECT_THAT(ListedPaths(Path("t"), /*recursive=*/true),
              ElementsAreArray({Path("t/a.parquet"), Path("t/b.parquet"), Path("t/empty"),
                                Path("t/sub"), Path("t/sub/c.log"), Path("t/sub/deeper"),
                                Path("t/sub/deeper/d.log")}));
  ASSERT_OK_AND_ASSIGN(auto listing, storage_->List(Path("t/sub"), true));
  ASSERT_EQ(listing.size(), 3u);
  EXPECT_EQ(listing[0].size, 5);
  EXPECT_EQ(listing[2].size, 2);
}

TEST_P(ListingTest, TrailingSlashOnTheFolderDoesNotChangeListedPaths) {
  MakeTree();
  EXPECT_EQ(ListedPaths(Path("t/"), true), ListedPaths(Path("t"), true));
}

TEST_P(ListingTest, ListingAMissingFolderIsAnIOErrorNamingIt) {
  auto listing = storage_->List(Path("missing"), false);
  ASSERT_RAISES(IOError, listing);
  EXPECT_THAT(listing, StatusMessageHas(Path("missing")));
}

TEST_P(StorageConformanceTest, GetFileStatusReportsSizeKindAndRecentMtime) {
  ASSERT_OK(storage_->WriteAll(Path("s/file"), "12345", false));
  ASSERT_OK_AND_ASSIGN(FileStatus file, storage_->GetFileStatus(Path("s/file")));
  EXPECT_EQ(file.path, Path("s/file"));
  EXPECT_EQ(file.name(), "file");
  EXPECT_EQ(file.size, 5);
  EXPECT_FALSE(file.is_directory);
  // Generous slack: file-system timestamps may be coarser than the clock.
  EXPECT_GE(file.modification_time_ms, start_ms_ - 2000);
  EXPECT_LE(file.modification_time_ms, NowMs() + 2000);
  ASSERT_OK_AND_ASSIGN(FileStatus dir, storage_->GetFileStatus(Path("s")));
  EXPECT_TRUE(dir.is_directory);
  EXPECT_EQ(dir.size, 0);
  auto missing = storage_->GetFileStatus(Path("s/none"));
  ASSERT_RAISES(IOError, missing);
  EXPECT_THAT(missing, StatusMessageHas(Path("s/none")));
}

TEST_P(StorageConformanceTest, ExistsSeesFilesAndFolders) {
  ASSERT_OK(storage_->CreateDir(Path("x/y/z")));
  ASSERT_OK(storage_->WriteAll(Path("x/f"), "f", false));
  ASSERT_OK_AND_ASSIGN(bool dir, storage_->Exists(Path("x/y/z")));
  ASSERT_OK_AND_ASSIGN(bool file, storage_->Exists(Path("x/f")));
  ASSERT_OK_AND_ASSIGN(bool missing, storage_->Exists(Path("x/g")));
  EXPECT_TRUE(dir);
  EXPECT_TRUE(file);
  EXPECT_FALSE(missing);
}

TEST_P(StorageConformanceTest, SyncSucceedsOnFilesAndFolders) {
  ASSERT_OK(storage_->WriteAll(Path("sync/file"), "data", false));
  ASSERT_OK(storage_->Sync(Path("sync/file")));
  ASSERT_OK(storage_->Sync(Path("sync")));
}

TEST_P(StorageConformanceTest, ReadErrorsNameThePath) {
  std::string path = Path("no/such/file");
  auto read_all = storage_->ReadAll(path);
  ASSERT_RAISES(IOError, read_all);
  EXPECT_THAT(read_all, StatusMessageHas(path));
  EXPECT_THAT(read_all, StatusMessageHas("ReadAll"));
  auto open = storage_->OpenForRead(path);
  ASSERT_RAISES(IOError, open);
  EXPECT_THAT(open, StatusMessageHas(path));
  auto range = storage_->ReadRange(path, 0, 1);
  ASSERT_RAISES(IOError, range);
  EXPECT_THAT(range, StatusMessageHas(path));
}

std::string BackendName(const ::testing::TestParamInfo<Backend>& info) {
  return info.param.name;
}

INSTANTIATE_TEST_SUITE_P(AllBackends, StorageConformanceTest,
                         ::testing::ValuesIn(AllBackends()), BackendName);
INSTANTIATE_TEST_SUITE_P(AllBackends, ListingTest, ::testing::ValuesIn(AllBackends()),
                         BackendName);

}  // namespace
}  // namespace hoodie
