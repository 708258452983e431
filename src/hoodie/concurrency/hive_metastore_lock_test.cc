// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/concurrency/hive_metastore_lock_test.cc
/// \brief The Hive Metastore lock provider against a real Hive Metastore: exclusion, the
/// holder named, the waiter that gets the lock once it is released, a withdrawn request,
/// the heartbeat that keeps a held lock past the Metastore's timeout, a dead holder's
/// lock timed out, an unreachable Metastore, and the keys.
#include "hoodie/concurrency/hive_metastore_lock.h"

#include <chrono>
#include <string>
#include <thread>
#include <vector>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "hoodie/common/error.h"
#include "hoodie/concurrency/lock_providers.h"
#include "hoodie/config/hoodie_config.h"
#include "hoodie/hive_metastore/metastore_client.h"
#include "hoodie/storage/storage.h"
#include "hoodie/testing/hive_metastore_test_server.h"
#include "hoodie/testing/matchers.h"
#include "hoodie/timeline/instant.h"

namespace hoodie {
namespace {

using ::hoodie::testing::HasErrorCode;
using ::hoodie::testing::HiveMetastoreTestServer;
using ::hoodie::testing::StatusMessageHas;
using ::testing::HasSubstr;
using ::testing::IsEmpty;

constexpr std::chrono::milliseconds kNoWait{0};

// A Metastore whose locks time out after 2 s without a heartbeat.
struct ShortTimeoutServer {
  static ::arrow::Result<std::unique_ptr<ShortTimeoutServer>> Start() {
    ARROW_ASSIGN_OR_RAISE(auto server, HiveMetastoreTestServer::StartWithTxnTimeout("2s"));
    auto out = std::make_unique<ShortTimeoutServer>();
    out->server = std::move(server);
    return out;
  }
  std::unique_ptr<HiveMetastoreTestServer> server;
};

class HiveMetastoreLockTest : public ::testing::Test {
 protected:
  void SetUp() override {
    auto server = ::hoodie::testing::SharedServer<HiveMetastoreTestServer>();
    ASSERT_OK(server.status());
    uri_ = (*server)->uri();
    // Each test locks a table of its own.
    table_ = ::testing::UnitTest::GetInstance()->current_test_info()->name();
  }

  HiveMetastoreLockOptions Options() const {
    HiveMetastoreLockOptions options;
    options.uris = uri_;
    options.database = "default";
    options.table = table_;
    return options;
  }

  // The locks the Metastore has on the test's table.
  std::vector<MetastoreLockInfo> Locks(const std::string& uri) const {
    auto client = MetastoreClient::Connect(uri, std::chrono::milliseconds(10000));
    EXPECT_OK(client.status());
    auto locks = (*client)->ShowLocks("default", table_);
    EXPECT_OK(locks.status());
    return locks.ok() ? *locks : std::vector<MetastoreLockInfo>{};
  }

  std::string uri_;
  std::string table_;
};

TEST_F(HiveMetastoreLockTest, OneHolderAtATimeAndTheOtherNamesIt) {
  HiveMetastoreLockProvider first(Options());
  HiveMetastoreLockProvider second(Options());
  ASSERT_OK_AND_ASSIGN(bool taken, first.TryLock(kNoWait));
  EXPECT_TRUE(taken);
  ASSERT_EQ(Locks(uri_).size(), 1u);
  EXPECT_EQ(Locks(uri_)[0].state, MetastoreLockState::kAcquired);
  EXPECT_EQ(Locks(uri_)[0].agent_info, "hoodie");
  ASSERT_OK_AND_ASSIGN(taken, second.TryLock(std::chrono::milliseconds(300)));
  EXPECT_FALSE(taken);
  EXPECT_THAT(second.CurrentOwner(), ::testing::MatchesRegex("lock [0-9]+ of .+@.+ \\(hoodie\\)"));
  // The request that was not granted was withdrawn: only the holder's lock is left.
  EXPECT_EQ(Locks(uri_).size(), 1u);
  ASSERT_OK(first.Unlock());
  EXPECT_THAT(Locks(uri_), IsEmpty());
  ASSERT_OK_AND_ASSIGN(taken, second.TryLock(kNoWait));
  EXPECT_TRUE(taken);
  ASSERT_OK(second.Unlock());
  EXPECT_EQ(first.LockName(),
            "default." + table_ + " (Hive Metastore " + uri_ + ")");
}

TEST_F(HiveMetastoreLockTest, WaiterGetsTheLockOnceReleased) {
  HiveMetastoreLockProvider first(Options());
  HiveMetastoreLockProvider second(Options());
  ASSERT_TRUE(*first.TryLock(kNoWait));
  ::arrow::Result<bool> waited = false;
  std::thread waiter([&] { waited = second.TryLock(std::chrono::milliseconds(30000)); });
  while (Locks(uri_).size() < 2) std::this_thread::sleep_for(std::chrono::milliseconds(20));
  ASSERT_OK(first.Unlock());
  waiter.join();
  ASSERT_OK_AND_ASSIGN(bool taken, waited);
  EXPECT_TRUE(taken);
  ASSERT_OK(second.Unlock());
}

TEST_F(HiveMetastoreLockTest, UnreachableMetastoreIsReportedWithTheKey) {
  ASSERT_OK_AND_ASSIGN(int port, ::hoodie::testing::FreeLocalPort());
  HiveMetastoreLockOptions options = Options();
  options.uris = "thrift://127.0.0.1:" + std::to_string(port);
  options.call_timeout = std::chrono::milliseconds(1000);
  HiveMetastoreLockProvider provider(options);
  EXPECT_THAT(provider.TryLock(kNoWait),
              StatusMessageHas("cannot reach the Hive Metastore "
                               "(hoodie.write.lock.hivemetastore.uris=thrift://127.0.0.1:" +
                               std::to_string(port) + ")"));
  options.uris = "127.0.0.1:9083";
  HiveMetastoreLockProvider bare(options);
  EXPECT_THAT(bare.TryLock(kNoWait), StatusMessageHas("is not thrift://host:port"));
}

class HiveMetastoreLockKeysTest : public HiveMetastoreLockTest {
 protected:
  HoodieConfig Config() const {
    HoodieConfig config;
    config.Set("hoodie.write.lock.provider",
               "org.apache.hudi.hive.transaction.lock.HiveMetastoreBasedLockProvider");
    config.Set("hoodie.write.lock.hivemetastore.uris", uri_);
    config.Set("hoodie.write.lock.hivemetastore.database", "default");
    config.Set("hoodie.write.lock.hivemetastore.table", table_);
    config.Set("hoodie.write.lock.wait_time_ms", "300");
    return config;
  }
  ::arrow::Result<std::shared_ptr<LockManager>> Manager(const HoodieConfig& config) const {
    return MakeLockManager(LockProviderContext{config, Storage::Local(), "/t", "t"});
  }
};

// The Metastore times out a lock that is not heartbeated (metastore.txn.timeout): a held
// lock stays held past it while its holder beats, and a dead holder's lock goes.
TEST_F(HiveMetastoreLockKeysTest, HeartbeatKeepsTheLockAndADeadHoldersLockTimesOut) {
  auto server = ::hoodie::testing::SharedServer<ShortTimeoutServer>();
  ASSERT_OK(server.status());
  HiveMetastoreLockOptions options = Options();
  options.uris = (*server)->server->uri();
  // The holder beats every 500 ms by hoodie.write.lock.heartbeat_interval_ms; without
  // the key (60 s) its lock would time out after 2 s.
  HoodieConfig config = Config();
  config.Set("hoodie.write.lock.hivemetastore.uris", options.uris);
  config.Set("hoodie.write.lock.heartbeat_interval_ms", "500");
  ASSERT_OK_AND_ASSIGN(auto holder, Manager(config));
  const Instant owner{"001", Action::kCommit, State::kRequested};
  ASSERT_OK(holder->Lock(owner));
  HiveMetastoreLockProvider other(options);
  std::this_thread::sleep_for(std::chrono::milliseconds(4000));
  ASSERT_OK_AND_ASSIGN(bool taken, other.TryLock(std::chrono::milliseconds(500)));
  EXPECT_FALSE(taken);
  ASSERT_OK(holder->Unlock(owner));

  // A holder that dies takes no heartbeat and no unlock with it.
  {
    auto dead = MetastoreClient::Connect(options.uris, std::chrono::milliseconds(10000));
    ASSERT_OK(dead.status());
    ASSERT_OK_AND_ASSIGN(MetastoreLock lock,
                         (*dead)->LockTable("default", table_, "dead", "gone"));
    EXPECT_EQ(lock.state, MetastoreLockState::kAcquired);
  }
  ASSERT_OK_AND_ASSIGN(taken, other.TryLock(std::chrono::milliseconds(30000)));
  EXPECT_TRUE(taken);
  ASSERT_OK(other.Unlock());
}

TEST_F(HiveMetastoreLockKeysTest, ManagersOfOneTableExcludeEachOther) {
  const Instant owner{"001", Action::kCommit, State::kRequested};
  ASSERT_OK_AND_ASSIGN(auto manager, Manager(Config()));
  ASSERT_OK_AND_ASSIGN(auto other, Manager(Config()));
  ASSERT_OK(manager->Lock(owner));
  auto blocked = other->Lock(Instant{"002", Action::kCommit, State::kRequested});
  EXPECT_THAT(blocked, HasErrorCode(ErrorCode::kLockTimeout));
  EXPECT_THAT(blocked, StatusMessageHas("could not acquire the lock default." + table_ +
                                        " (Hive Metastore " + uri_ + ")"));
  EXPECT_THAT(blocked, StatusMessageHas("(hoodie)"));
  ASSERT_OK(manager->Unlock(owner));
}

TEST_F(HiveMetastoreLockKeysTest, MissingKeysAreRefusedNamingThem) {
  for (const char* key : {"hoodie.write.lock.hivemetastore.database",
                          "hoodie.write.lock.hivemetastore.table",
                          "hoodie.write.lock.hivemetastore.uris"}) {
    SCOPED_TRACE(key);
    HoodieConfig config = Config();
    config.Set(key, "");
    EXPECT_THAT(Manager(config), StatusMessageHas(std::string(key) +
                                                  " is required by the Hive Metastore lock "
                                                  "provider"));
  }
}

}  // namespace
}  // namespace hoodie
