// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/concurrency/zookeeper_lock_test.cc
/// \brief The ZooKeeper lock provider against a real ZooKeeper server: Curator's node
/// layout, exclusion, the waiter woken by a release, a foreign (Curator-written) holder,
/// a dead holder's session, an unreachable server, and the keys.
#include "hoodie/concurrency/zookeeper_lock.h"

#include <chrono>
#include <string>
#include <thread>
#include <vector>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "hoodie/common/error.h"
#include "hoodie/common/logging.h"
#include "hoodie/concurrency/lock_providers.h"
#include "hoodie/config/hoodie_config.h"
#include "hoodie/storage/storage.h"
#include "hoodie/testing/matchers.h"
#include "hoodie/testing/zookeeper_test_server.h"
#include "hoodie/timeline/instant.h"

namespace hoodie {
namespace {

using ::hoodie::testing::HasErrorCode;
using ::hoodie::testing::StatusMessageHas;
using ::hoodie::testing::ZooKeeperTestServer;
using ::testing::ElementsAre;
using ::testing::IsEmpty;
using ::testing::MatchesRegex;
using ::testing::SizeIs;

constexpr std::chrono::milliseconds kNoWait{0};
constexpr std::chrono::milliseconds kLongWait{30000};

class ZookeeperLockTest : public ::testing::Test {
 protected:
  void SetUp() override {
    auto server = ::hoodie::testing::SharedServer<ZooKeeperTestServer>();
    ASSERT_OK(server.status());
    server_ = *server;
    // Each test locks its own path, so that a test's leftovers never meet another's.
    lock_path_ = "/hudi/locks/" +
                 std::string(::testing::UnitTest::GetInstance()->current_test_info()->name());
  }

  ZooKeeperOptions Options(std::chrono::milliseconds session = kLongWait) const {
    ZooKeeperOptions options;
    options.connect_string = server_->connect_string();
    options.session_timeout = session;
    // Generous: the tests run beside others on two cores.
    options.connection_timeout = std::chrono::milliseconds(30000);
    return options;
  }

  std::unique_ptr<ZookeeperLockProvider> Provider() const {
    auto made = ZookeeperLockProvider::Make(Options(), lock_path_);
    EXPECT_OK(made.status());
    return made.ok() ? *std::move(made) : nullptr;
  }

  std::vector<std::string> Children() const {
    auto session = ZooKeeperSession::Connect(Options());
    EXPECT_OK(session.status());
    if (!session.ok()) return {};
    auto children = (*session)->Children(lock_path_);
    EXPECT_OK(children.status());
    return children.ok() ? *children : std::vector<std::string>{};
  }

  ZooKeeperTestServer* server_ = nullptr;
  std::string lock_path_;
};

TEST_F(ZookeeperLockTest, HolderIsCuratorsProtectedEphemeralSequentialNode) {
  auto provider = Provider();
  ASSERT_OK_AND_ASSIGN(bool taken, provider->TryLock(kNoWait));
  EXPECT_TRUE(taken);
  // InterProcessMutex's node: "_c_" + a UUID + "-lock-" + ZooKeeper's 10-digit sequence.
  EXPECT_THAT(Children(),
              ElementsAre(MatchesRegex("_c_[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[0-9a-f]{4}-"
                                       "[0-9a-f]{12}-lock-[0-9]{10}")));
  ASSERT_OK(provider->Unlock());
  EXPECT_THAT(Children(), IsEmpty());
  EXPECT_EQ(provider->LockName(), lock_path_ + " on ZooKeeper " + server_->connect_string());
}

TEST_F(ZookeeperLockTest, SecondWriterWaitsThenGivesUpNamingTheHolder) {
  auto first = Provider();
  auto second = Provider();
  ASSERT_TRUE(*first->TryLock(kNoWait));
  ASSERT_OK_AND_ASSIGN(bool taken, second->TryLock(std::chrono::milliseconds(200)));
  EXPECT_FALSE(taken);
  EXPECT_THAT(second->CurrentOwner(), MatchesRegex("_c_.*-lock-[0-9]{10} \\(hoodie on .* pid "
                                                   "[0-9]+\\)"));
  // Giving up removed the waiter's node: only the holder's is left.
  EXPECT_THAT(Children(), SizeIs(1));
  ASSERT_OK(first->Unlock());
  ASSERT_OK_AND_ASSIGN(taken, second->TryLock(kNoWait));
  EXPECT_TRUE(taken);
  ASSERT_OK(second->Unlock());
}

TEST_F(ZookeeperLockTest, ReleaseWakesTheWaiterInLine) {
  auto first = Provider();
  auto second = Provider();
  ASSERT_TRUE(*first->TryLock(kNoWait));
  ::arrow::Result<bool> waited = false;
  std::thread waiter([&] { waited = second->TryLock(kLongWait); });
  // The waiter is in line once its node is there.
  while (Children().size() < 2) std::this_thread::sleep_for(std::chrono::milliseconds(10));
  ASSERT_OK(first->Unlock());
  waiter.join();
  ASSERT_OK_AND_ASSIGN(bool taken, waited);
  EXPECT_TRUE(taken);
  ASSERT_OK_AND_ASSIGN(taken, first->TryLock(kNoWait));
  EXPECT_FALSE(taken);
  ASSERT_OK(second->Unlock());
}

TEST_F(ZookeeperLockTest, CuratorHolderExcludesUntilItsSessionEnds) {
  // A Spark writer's InterProcessMutex node, as Curator makes it: its data is the
  // holder's IP address. Closing its session without a release is a dead writer.
  auto curator = ZooKeeperSession::Connect(Options());
  ASSERT_OK(curator.status());
  ASSERT_OK((*curator)->CreateParents(lock_path_ + "/x"));
  ASSERT_OK((*curator)
                ->Create(lock_path_ + "/_c_0f1e2d3c-4b5a-4968-8776-a5b4c3d2e1f0-lock-",
                         "172.17.0.2", true)
                .status());
  auto provider = Provider();
  ASSERT_OK_AND_ASSIGN(bool taken, provider->TryLock(std::chrono::milliseconds(100)));
  EXPECT_FALSE(taken);
  EXPECT_THAT(provider->CurrentOwner(),
              MatchesRegex("_c_0f1e2d3c-4b5a-4968-8776-a5b4c3d2e1f0-lock-[0-9]{10} "
                           "\\(172\\.17\\.0\\.2\\)"));
  std::thread dies([&] {
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    curator->reset();
  });
  ASSERT_OK_AND_ASSIGN(taken, provider->TryLock(kLongWait));
  dies.join();
  EXPECT_TRUE(taken);
  ASSERT_OK(provider->Unlock());
}

TEST_F(ZookeeperLockTest, LockOrderFollowsSequenceNotName) {
  // Curator sorts by the text after "lock-", so a later node whose UUID sorts first
  // still waits for the earlier one.
  auto curator = ZooKeeperSession::Connect(Options());
  ASSERT_OK(curator.status());
  ASSERT_OK((*curator)->CreateParents(lock_path_ + "/x"));
  ASSERT_OK((*curator)->Create(lock_path_ + "/_c_ffffffff-lock-", "first", true).status());
  auto provider = Provider();
  ASSERT_OK_AND_ASSIGN(bool taken, provider->TryLock(kNoWait));
  EXPECT_FALSE(taken);
  EXPECT_EQ(LockChildSortKey("_c_ffffffff-lock-0000000007"), "0000000007");
  EXPECT_EQ(LockChildSortKey("other"), "other");
}

TEST_F(ZookeeperLockTest, UnreachableServerIsReportedWithTheKeys) {
  ASSERT_OK_AND_ASSIGN(int port, ::hoodie::testing::FreeLocalPort());
  ZooKeeperOptions options = Options();
  options.connect_string = "127.0.0.1:" + std::to_string(port);
  options.connection_timeout = std::chrono::milliseconds(300);
  ASSERT_OK_AND_ASSIGN(auto provider, ZookeeperLockProvider::Make(options, lock_path_));
  auto taken = provider->TryLock(kNoWait);
  EXPECT_THAT(taken, StatusMessageHas("cannot reach ZooKeeper at 127.0.0.1:" +
                                      std::to_string(port) +
                                      " (hoodie.write.lock.zookeeper.url) within 300 ms "
                                      "(hoodie.write.lock.zookeeper.connection_timeout_ms)"));
}

TEST_F(ZookeeperLockTest, RelativeLockPathIsRefused) {
  EXPECT_THAT(ZookeeperLockProvider::Make(Options(), "hudi/locks/t"),
              StatusMessageHas("set hoodie.write.lock.zookeeper.base_path to a path like "
                               "/hudi/locks"));
  EXPECT_THAT(ZookeeperLockProvider::Make(Options(), "/hudi//t"),
              StatusMessageHas("is not an absolute znode path"));
}

// The keys, through the registry and a LockManager as a writer makes them.
class ZookeeperLockKeysTest : public ZookeeperLockTest {
 protected:
  HoodieConfig Config() const {
    HoodieConfig config;
    config.Set("hoodie.write.lock.provider",
               "org.apache.hudi.client.transaction.lock.ZookeeperBasedLockProvider");
    config.Set("hoodie.write.lock.zookeeper.url", server_->connect_string());
    config.Set("hoodie.write.lock.zookeeper.base_path", "/hudi/keys");
    config.Set("hoodie.write.lock.wait_time_ms", "100");
    return config;
  }
  ::arrow::Result<std::shared_ptr<LockManager>> Manager(const HoodieConfig& config,
                                                        const std::string& table) const {
    return MakeLockManager(LockProviderContext{config, Storage::Local(), "/t", table});
  }
};

TEST_F(ZookeeperLockKeysTest, LockKeyIsTheTableNameUnlessSet) {
  const Instant owner{"001", Action::kCommit, State::kRequested};
  ASSERT_OK_AND_ASSIGN(auto manager, Manager(Config(), "trips"));
  ASSERT_OK(manager->Lock(owner));
  lock_path_ = "/hudi/keys/trips";
  EXPECT_THAT(Children(), SizeIs(1));
  // A second writer of the table times out, naming the lock and its holder.
  ASSERT_OK_AND_ASSIGN(auto other, Manager(Config(), "trips"));
  auto blocked = other->Lock(Instant{"002", Action::kCommit, State::kRequested});
  EXPECT_THAT(blocked, HasErrorCode(ErrorCode::kLockTimeout));
  EXPECT_THAT(blocked, StatusMessageHas("could not acquire the lock /hudi/keys/trips on "
                                        "ZooKeeper " + server_->connect_string()));
  EXPECT_THAT(blocked, StatusMessageHas("it is held by _c_"));
  ASSERT_OK(manager->Unlock(owner));
  HoodieConfig keyed = Config();
  keyed.Set("hoodie.write.lock.zookeeper.lock_key", "other_key");
  ASSERT_OK_AND_ASSIGN(auto keyed_manager, Manager(keyed, "trips"));
  ASSERT_OK(keyed_manager->Lock(owner));
  lock_path_ = "/hudi/keys/other_key";
  EXPECT_THAT(Children(), SizeIs(1));
  ASSERT_OK(keyed_manager->Unlock(owner));
}

TEST_F(ZookeeperLockKeysTest, PortKeyCompletesServersWithoutOne) {
  HoodieConfig config = Config();
  config.Set("hoodie.write.lock.zookeeper.url", "127.0.0.1");
  config.Set("hoodie.write.lock.zookeeper.port", std::to_string(server_->port()));
  ASSERT_OK_AND_ASSIGN(auto manager, Manager(config, "ported"));
  const Instant owner{"001", Action::kCommit, State::kRequested};
  ASSERT_OK(manager->Lock(owner));
  ASSERT_OK(manager->Unlock(owner));
}

TEST_F(ZookeeperLockKeysTest, UnreachableServerTimesOutAfterConnectionTimeoutMs) {
  ASSERT_OK_AND_ASSIGN(int port, ::hoodie::testing::FreeLocalPort());
  HoodieConfig config = Config();
  config.Set("hoodie.write.lock.zookeeper.url", "127.0.0.1:" + std::to_string(port));
  config.Set("hoodie.write.lock.zookeeper.connection_timeout_ms", "200");
  ASSERT_OK_AND_ASSIGN(auto manager, Manager(config, "t"));
  auto locked = manager->Lock(Instant{"001", Action::kCommit, State::kRequested});
  EXPECT_THAT(locked, HasErrorCode(ErrorCode::kLockTimeout));
  EXPECT_THAT(locked, StatusMessageHas("the last try failed: cannot reach ZooKeeper at "
                                       "127.0.0.1:" + std::to_string(port) +
                                       " (hoodie.write.lock.zookeeper.url) within 200 ms"));
}

// A call that loses its connection is retried hoodie.write.lock.num_retries times,
// hoodie.write.lock.wait_time_ms_between_retry apart and doubling, then reported.
TEST_F(ZookeeperLockKeysTest, LostConnectionIsRetriedNumRetriesTimes) {
  ASSERT_OK_AND_ASSIGN(auto own_server, ZooKeeperTestServer::Start());
  HoodieConfig config = Config();
  config.Set("hoodie.write.lock.zookeeper.url", own_server->connect_string());
  config.Set("hoodie.write.lock.num_retries", "2");
  config.Set("hoodie.write.lock.wait_time_ms_between_retry", "50");
  ASSERT_OK_AND_ASSIGN(auto manager, Manager(config, "t"));
  const Instant owner{"001", Action::kCommit, State::kRequested};
  ASSERT_OK(manager->Lock(owner));  // the session is open
  std::vector<std::string> retries;
  LogSink previous = SetLogSink([&](LogLevel level, std::string_view message) {
    if (message.find("retrying in") != std::string_view::npos) retries.emplace_back(message);
  });
  SetLogLevel(LogLevel::kInfo);
  own_server.reset();  // the server goes away under the held lock
  ::arrow::Status released = manager->Unlock(owner);
  SetLogLevel(LogLevel::kWarning);
  SetLogSink(previous);
  EXPECT_THAT(released, StatusMessageHas("after 2 retries (hoodie.write.lock.num_retries)"));
  EXPECT_THAT(retries, ElementsAre(::testing::HasSubstr("retrying in 50 ms"),
                                   ::testing::HasSubstr("retrying in 100 ms")));
}

TEST_F(ZookeeperLockKeysTest, MissingKeysAreRefusedNamingThem) {
  HoodieConfig no_url = Config();
  no_url.Set("hoodie.write.lock.zookeeper.url", "");
  EXPECT_THAT(Manager(no_url, "t"),
              StatusMessageHas("hoodie.write.lock.zookeeper.url is required by the "
                               "ZooKeeper lock provider"));
  HoodieConfig no_base = Config();
  no_base.Set("hoodie.write.lock.zookeeper.base_path", "");
  EXPECT_THAT(Manager(no_base, "t"),
              StatusMessageHas("hoodie.write.lock.zookeeper.base_path is required"));
  EXPECT_THAT(Manager(Config(), ""),
              StatusMessageHas("hoodie.write.lock.zookeeper.lock_key is required by the "
                               "ZooKeeper lock provider when the table has no name"));
}

}  // namespace
}  // namespace hoodie
