// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/cli/concurrent_writers_test.cc
/// \brief Several `hoodie write` processes on one table under optimistic concurrency
/// control: a conflict is reported as retryable (exit code 3) and a retry succeeds (the
/// loser held before its commit by the hidden --pause-before-commit, so that no timing
/// decides the race); and, with the file-system lock and with ZooKeeper, a stress run
/// of 4 writer processes, half of their commits on file groups of their own and half on
/// shared ones, after which the table equals a model of the commits that reported
/// success and nothing else is left behind, and the same with writers killed at random.
///
/// HOODIE_STRESS_COMMITS sets the commits per writer (default 8; the long run of
/// scripts/stress-concurrency.sh uses 250).
#include <signal.h>
#include <sys/wait.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "hoodie/cli/cli_runner_test_util.h"
#include "hoodie/cli/streamer_run_test_util.h"
#include "hoodie/testing/temp_dir.h"
#include "hoodie/testing/zookeeper_test_server.h"

namespace hoodie::cli {
namespace {

using ::hoodie::cli::testing::CliResult;
using ::hoodie::cli::testing::kTableConf;
using ::hoodie::cli::testing::RunCli;
using ::testing::HasSubstr;
namespace fs = std::filesystem;

constexpr char kOcc[] =
    " --hoodie-conf hoodie.write.concurrency.mode=optimistic_concurrency_control"
    " --hoodie-conf hoodie.write.lock.client.num_retries=2000"
    " --hoodie-conf hoodie.write.lock.client.wait_time_ms_between_retry=20";
constexpr char kFileLock[] =
    " --hoodie-conf hoodie.write.lock.provider="
    "org.apache.hudi.client.transaction.lock.FileSystemBasedLockProvider";

struct Row {
  std::string id;
  std::string part;
  std::string v;
};

void WriteJson(const std::string& path, const std::vector<Row>& rows) {
  std::ofstream out(path);
  for (const Row& row : rows) {
    out << R"({"id":")" << row.id << R"(","part":")" << row.part << R"(","ts":1,"v":")"
        << row.v << "\"}\n";
  }
}

CliResult Write(const std::string& table, const std::string& input,
                const std::string& extra) {
  return RunCli("-o json write --table '" + table + "' --input '" + input + "'" +
                kTableConf + kOcc + extra);
}

// id -> v of a snapshot read.
std::map<std::string, std::string> Snapshot(const std::string& table) {
  CliResult read = RunCli("query '" + table + "' --columns id,v --format csv");
  EXPECT_EQ(read.exit_code, 0) << read.err;
  std::map<std::string, std::string> out;
  std::istringstream lines(read.out);
  std::string line;
  std::getline(lines, line);  // header
  while (std::getline(lines, line)) {
    auto comma = line.find(',');
    EXPECT_EQ(out.count(line.substr(0, comma)), 0u) << "duplicate key " << line;
    out[line.substr(0, comma)] = line.substr(comma + 1);
  }
  return out;
}

bool Exists(const std::string& path) { return fs::exists(path); }

TEST(ConcurrentWritersTest, AConflictIsRetryableAndARetrySucceeds) {
  hoodie::testing::TempDir dir;
  const std::string table = dir.Join("t");
  WriteJson(dir.Join("seed.json"), {{"k", "p", "seed"}});
  CliResult seed = Write(table, dir.Join("seed.json"), kFileLock);
  ASSERT_EQ(seed.exit_code, 0) << seed.err;
  WriteJson(dir.Join("a.json"), {{"k", "p", "a"}});
  WriteJson(dir.Join("b.json"), {{"k", "p", "b"}});

  // Writer A writes, then waits before its commit while B, which began after A, commits
  // an update of the same file group: A's commit finds B's and loses.
  int round = 0;
  auto race = [&](const std::string& retries) {
    const std::string go = dir.Join("go-" + std::to_string(++round));
    CliResult a;
    std::thread writer([&] {
      a = Write(table, dir.Join("a.json"),
                std::string(kFileLock) + retries + " --pause-before-commit '" + go + "'");
    });
    // A has written once its instant is inflight and its markers are there.
    auto written = [&] {
      for (const auto& entry : fs::directory_iterator(table + "/.hoodie")) {
        const std::string name = entry.path().filename().string();
        if (!name.ends_with(".inflight")) continue;
        const std::string instant = name.substr(0, name.find('.'));
        if (!Exists(table + "/.hoodie/" + instant + ".commit") &&
            Exists(table + "/.hoodie/.temp/" + instant)) {
          return true;
        }
      }
      return false;
    };
    for (int i = 0; i < 6000 && !written(); ++i) {
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    EXPECT_TRUE(written());
    CliResult b = Write(table, dir.Join("b.json"), kFileLock);
    EXPECT_EQ(b.exit_code, 0) << b.err;
    { std::ofstream(go) << "go"; }
    writer.join();
    return a;
  };

  CliResult lost = race(" --retry-on-conflict 0");
  EXPECT_EQ(lost.exit_code, 3) << lost.err;
  EXPECT_THAT(lost.err, HasSubstr("write conflict: instant"));
  EXPECT_THAT(lost.err, HasSubstr("in partition 'p'"));
  EXPECT_EQ(Snapshot(table)["k"], "b");

  CliResult retried = race(" --retry-on-conflict 1");
  EXPECT_EQ(retried.exit_code, 0) << retried.err;
  EXPECT_THAT(retried.err, HasSubstr("write conflict: instant"));
  EXPECT_THAT(retried.err, HasSubstr("retrying (1 of 1)"));
  EXPECT_EQ(Snapshot(table)["k"], "a");
  EXPECT_FALSE(Exists(table + "/.hoodie/lock"));

  // Hudi's key does the same when the option is not given.
  WriteJson(dir.Join("b.json"), {{"k", "p", "b2"}});
  WriteJson(dir.Join("a.json"), {{"k", "p", "a2"}});
  CliResult by_key =
      race(" --hoodie-conf hoodie.write.num.retries.on.conflict.failures=1");
  EXPECT_EQ(by_key.exit_code, 0) << by_key.err;
  EXPECT_THAT(by_key.err, HasSubstr("retrying (1 of 1)"));
  EXPECT_EQ(Snapshot(table)["k"], "a2");
}

// Writers killed between their write and their commit leave pending instants whose
// heartbeats stop. The others carry on; once the dead heartbeats are older than the
// tolerance, the next clean rolls back exactly the dead instants (LAZY), and a live
// writer's pending instant is left alone.
TEST(ConcurrentWritersTest, DeadWritersAreRolledBackOnceTheirHeartbeatsExpire) {
  hoodie::testing::TempDir dir;
  const std::string table = dir.Join("t");
  const std::string beats =
      " --hoodie-conf hoodie.client.heartbeat.interval_in_ms=1000"
      " --hoodie-conf hoodie.client.heartbeat.tolerable.misses=1";
  WriteJson(dir.Join("seed.json"), {{"k", "p", "seed"}});
  ASSERT_EQ(Write(table, dir.Join("seed.json"), std::string(kFileLock) + beats).exit_code, 0);

  auto pending = [&] {
    std::set<std::string> out;
    for (const auto& entry : fs::directory_iterator(table + "/.hoodie")) {
      const std::string name = entry.path().filename().string();
      const std::string instant = name.substr(0, name.find('.'));
      if (name.ends_with(".inflight") && !Exists(table + "/.hoodie/" + instant + ".commit") &&
          Exists(table + "/.hoodie/.temp/" + instant)) {
        out.insert(instant);
      }
    }
    return out;
  };
  auto writer = [&](const std::string& name, const std::string& go) {
    WriteJson(dir.Join(name + ".json"), {{name, name, name}});
    std::string args = "write --table " + table + " --input " + dir.Join(name + ".json") +
                       kTableConf + kOcc + kFileLock + beats + " --pause-before-commit " + go;
    std::vector<std::string> argv = {HOODIE_CLI_PATH};
    std::istringstream words(args);
    for (std::string word; words >> word;) argv.push_back(word);
    return testing::SpawnQuiet(argv);
  };
  auto wait_pending = [&](size_t count) {
    for (int i = 0; i < 6000 && pending().size() < count; ++i) {
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    return pending();
  };
  // Two writers die after writing; a third is alive, held before its commit.
  for (const char* name : {"dead1", "dead2"}) {
    const size_t before = pending().size();
    pid_t pid = writer(name, dir.Join("never"));
    ASSERT_EQ(wait_pending(before + 1).size(), before + 1);
    kill(pid, SIGKILL);
    waitpid(pid, nullptr, 0);
  }
  const std::set<std::string> dead = pending();
  pid_t live = writer("live", dir.Join("go"));
  std::set<std::string> all = wait_pending(3);
  ASSERT_EQ(all.size(), 3u);
  std::string live_instant;
  for (const std::string& instant : all) {
    if (dead.count(instant) == 0) live_instant = instant;
  }
  // Another writer commits meanwhile, then the dead heartbeats expire and a clean runs.
  WriteJson(dir.Join("other.json"), {{"other", "p", "other"}});
  ASSERT_EQ(Write(table, dir.Join("other.json"), std::string(kFileLock) + beats).exit_code, 0);
  // An explicit rollback of failed writes before the heartbeats expire rolls back none.
  CliResult early = RunCli("rollback --table '" + table + "'" + kTableConf + kOcc + kFileLock +
                           " --hoodie-conf hoodie.client.heartbeat.interval_in_ms=60000");
  ASSERT_EQ(early.exit_code, 0) << early.err;
  EXPECT_EQ(pending(), all);
  std::this_thread::sleep_for(std::chrono::milliseconds(2500));
  CliResult clean = RunCli("clean --table '" + table + "'" + kTableConf + kOcc + kFileLock + beats);
  ASSERT_EQ(clean.exit_code, 0) << clean.err;
  EXPECT_EQ(pending(), std::set<std::string>{live_instant});
  for (const std::string& instant : dead) {
    EXPECT_FALSE(Exists(table + "/.hoodie/" + instant + ".inflight")) << instant;
    EXPECT_FALSE(Exists(table + "/.hoodie/.heartbeat/" + instant)) << instant;
  }
  { std::ofstream(dir.Join("go")) << "go"; }
  int status = 0;
  waitpid(live, &status, 0);
  EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << status;
  const std::map<std::string, std::string> expected = {
      {"k", "seed"}, {"other", "other"}, {"live", "live"}};
  EXPECT_EQ(Snapshot(table), expected);
}

struct Outcome {
  int writer = 0;
  int index = 0;
  int exit_code = -1;  // -1: killed
  std::string instant;
  int conflicts = 0;  // "retrying" lines: conflicts lost before the last attempt
  std::string err;
};

int CommitsPerWriter() {
  const char* value = std::getenv("HOODIE_STRESS_COMMITS");
  return value != nullptr ? std::atoi(value) : 8;
}

// The stress runs, once per lock provider that excludes processes.
enum class Provider { kFileSystem, kZooKeeper };

std::string ProviderName(const ::testing::TestParamInfo<Provider>& info) {
  return info.param == Provider::kFileSystem ? "FileSystem" : "ZooKeeper";
}

class StressTest : public ::testing::TestWithParam<Provider> {
 protected:
  void SetUp() override {
    if (GetParam() == Provider::kFileSystem) {
      lock_ = kFileLock;
      return;
    }
    auto server = hoodie::testing::SharedServer<hoodie::testing::ZooKeeperTestServer>();
    ASSERT_TRUE(server.ok()) << server.status().ToString();
    // Each test locks under a base path of its own; a killed holder's node goes with
    // its session, 2 s after the kill.
    lock_ = std::string(
                " --hoodie-conf hoodie.write.lock.provider="
                "org.apache.hudi.client.transaction.lock.ZookeeperBasedLockProvider"
                " --hoodie-conf hoodie.write.lock.zookeeper.url=") +
            (*server)->connect_string() +
            " --hoodie-conf hoodie.write.lock.zookeeper.base_path=/hoodie-test/" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name() + "-" +
            std::to_string(getpid()) +
            " --hoodie-conf hoodie.write.lock.zookeeper.session_timeout_ms=2000";
  }

  // One writer's commit `index`: even ones to its own partition, odd ones to the shared
  // one, where every writer updates the same keys. Returns the input file.
  std::string Input(int writer, int index) {
    const std::string v = "w" + std::to_string(writer) + "-" + std::to_string(index);
    std::vector<Row> rows = {{v, index % 2 == 0 ? "own" + std::to_string(writer) : "shared", v}};
    if (index % 2 == 1) {
      for (int k = 0; k < 3; ++k) rows.push_back({"s" + std::to_string(k), "shared", v});
    }
    const std::string input = dir_.Join(v + ".json");
    WriteJson(input, rows);
    return input;
  }

  // The table equals the model: every commit in `committed` (writer-index -> instant)
  // with its rows, the shared keys holding the value of the last shared commit by
  // instant time (two shared commits that overlapped in time conflict, so the
  // successful ones are serial).
  void ExpectTableIsTheModel(const std::map<std::string, std::string>& committed) {
    std::map<std::string, std::string> model = {{"s0", "seed"}};
    std::map<std::string, std::string> last_shared;  // instant -> v
    for (const auto& [v, instant] : committed) {
      model[v] = v;
      const int index = std::stoi(v.substr(v.find('-') + 1));
      if (index % 2 == 1) last_shared[instant] = v;
    }
    if (!last_shared.empty()) {
      for (int k = 0; k < 3; ++k) model["s" + std::to_string(k)] = last_shared.rbegin()->second;
    }
    const std::map<std::string, std::string> read = Snapshot(table_);
    for (const auto& [key, value] : model) {
      auto it = read.find(key);
      EXPECT_TRUE(it != read.end() && it->second == value)
          << key << ": model " << value << ", table "
          << (it == read.end() ? std::string("(missing)") : it->second);
    }
    for (const auto& [key, value] : read) {
      EXPECT_EQ(model.count(key), 1u) << key << "=" << value << " is not in the model";
    }
  }

  // Nothing outside a completed instant: no pending instant, heartbeat or lock file,
  // and every data file written by a completed commit.
  void ExpectNothingLeftBehind() {
    std::set<std::string> completed;  // commits
    std::set<std::string> done;       // every completed instant
    std::set<std::string> pending;    // every requested or inflight state file
    for (const auto& entry : fs::directory_iterator(table_ + "/.hoodie")) {
      const std::string name = entry.path().filename().string();
      if (!entry.is_regular_file() || name.starts_with(".") || name == "hoodie.properties") {
        continue;
      }
      const std::string instant = name.substr(0, name.find('.'));
      if (name.ends_with(".inflight") || name.ends_with(".requested")) {
        pending.insert(instant);
      } else {
        done.insert(instant);
      }
      if (name.ends_with(".commit")) completed.insert(instant);
    }
    for (const std::string& instant : pending) EXPECT_EQ(done.count(instant), 1u) << instant;
    EXPECT_FALSE(Exists(table_ + "/.hoodie/lock"));
    if (Exists(table_ + "/.hoodie/.heartbeat")) {
      EXPECT_TRUE(fs::is_empty(table_ + "/.hoodie/.heartbeat"));
    }
    for (const auto& entry : fs::recursive_directory_iterator(table_)) {
      const std::string name = entry.path().filename().string();
      if (!name.ends_with(".parquet") ||
          entry.path().string().find("/.hoodie/") != std::string::npos) {
        continue;
      }
      const std::string instant =
          name.substr(name.rfind('_') + 1, name.find('.') - name.rfind('_') - 1);
      EXPECT_EQ(completed.count(instant), 1u) << entry.path();
    }
  }

  hoodie::testing::TempDir dir_;
  std::string table_ = dir_.Join("t");
  std::string lock_;
};

TEST_P(StressTest, FourWritersLoseNoCommittedUpdate) {
  WriteJson(dir_.Join("seed.json"), {{"s0", "shared", "seed"}});
  ASSERT_EQ(Write(table_, dir_.Join("seed.json"), lock_).exit_code, 0);
  const int writers = 4;
  const int commits = CommitsPerWriter();
  std::vector<std::vector<Outcome>> outcomes(writers);
  std::vector<std::thread> threads;
  for (int w = 0; w < writers; ++w) {
    threads.emplace_back([&, w] {
      for (int i = 0; i < commits; ++i) {
        CliResult run = Write(table_, Input(w, i), lock_ + " --retry-on-conflict 30");
        Outcome outcome{w, i, run.exit_code, "", 0, run.err};
        if (run.exit_code == 0) {
          outcome.instant = nlohmann::json::parse(run.out).at("instant").get<std::string>();
        }
        for (size_t at = run.err.find("retrying ("); at != std::string::npos;
             at = run.err.find("retrying (", at + 1)) {
          ++outcome.conflicts;
        }
        outcomes[w].push_back(outcome);
      }
    });
  }
  for (std::thread& thread : threads) thread.join();

  std::map<std::string, std::string> committed;  // v -> instant
  int conflicts = 0;
  for (const auto& per_writer : outcomes) {
    for (const Outcome& outcome : per_writer) {
      const std::string v =
          "w" + std::to_string(outcome.writer) + "-" + std::to_string(outcome.index);
      conflicts += outcome.conflicts;
      // Only a conflict may fail a writer, and it says so (exit code 3).
      ASSERT_TRUE(outcome.exit_code == 0 || outcome.exit_code == 3)
          << v << ": " << outcome.exit_code << " " << outcome.err;
      if (outcome.exit_code == 3) {
        EXPECT_THAT(outcome.err, HasSubstr("write conflict"));
        continue;
      }
      committed[v] = outcome.instant;
    }
  }
  std::cerr << "stress: " << writers << " writers x " << commits << " commits: "
            << committed.size() << " committed, " << conflicts << " conflicts retried\n";
  ExpectTableIsTheModel(committed);
  ExpectNothingLeftBehind();
}

// Writers are killed at random moments (seeded: HOODIE_STRESS_SEED) while the others go
// on. A killed write either completed or left a pending instant with a stopped
// heartbeat; once the heartbeats are older than the tolerance, a clean rolls back
// exactly those (LAZY), and the table equals the model of the writes that completed.
TEST_P(StressTest, KilledWritersAreRolledBackAndTheOthersCarryOn) {
  std::string beats =
      " --hoodie-conf hoodie.client.heartbeat.interval_in_ms=1000"
      " --hoodie-conf hoodie.client.heartbeat.tolerable.misses=1";
  if (GetParam() == Provider::kFileSystem) {
    // A killed holder of the lock file blocks every writer until the file is older
    // than hoodie.write.lock.filesystem.expire minutes (Hudi's rule, whose unit is the
    // minute): only the long run (scripts/stress-concurrency.sh) waits for that.
    if (std::getenv("HOODIE_STRESS_COMMITS") == nullptr) {
      GTEST_SKIP() << "the lock file's expiry takes a minute; "
                      "scripts/stress-concurrency.sh runs this case";
    }
    beats += " --hoodie-conf hoodie.write.lock.filesystem.expire=1"
             " --hoodie-conf hoodie.write.lock.client.num_retries=10000";
  }
  WriteJson(dir_.Join("seed.json"), {{"s0", "shared", "seed"}});
  ASSERT_EQ(Write(table_, dir_.Join("seed.json"), lock_ + beats).exit_code, 0);
  const int writers = 4;
  const int commits = std::max(4, CommitsPerWriter() / 2);
  const char* seed_env = std::getenv("HOODIE_STRESS_SEED");
  const unsigned seed = seed_env != nullptr ? std::atoi(seed_env) : 20261207;
  std::vector<std::map<std::string, int>> exits(writers);  // v -> exit code, -1 killed
  std::vector<std::thread> threads;
  for (int w = 0; w < writers; ++w) {
    threads.emplace_back([&, w] {
      std::mt19937 random(seed + w);
      for (int i = 0; i < commits; ++i) {
        std::vector<std::string> argv = {HOODIE_CLI_PATH, "-o", "json", "write", "--table",
                                         table_, "--input", Input(w, i), "--retry-on-conflict",
                                         "30"};
        std::istringstream words(std::string(kTableConf) + kOcc + lock_ + beats);
        for (std::string word; words >> word;) argv.push_back(word);
        const pid_t pid = testing::SpawnQuiet(argv);
        // One write in three is killed, anywhere from its start to about its end.
        const bool kill_it = random() % 3 == 0;
        const auto kill_after = std::chrono::milliseconds(random() % 250);
        const auto start = std::chrono::steady_clock::now();
        int status = 0;
        while (waitpid(pid, &status, WNOHANG) == 0) {
          if (kill_it && std::chrono::steady_clock::now() - start >= kill_after) {
            kill(pid, SIGKILL);
            waitpid(pid, &status, 0);
            break;
          }
          std::this_thread::sleep_for(std::chrono::milliseconds(5));
        }
        const std::string v = "w" + std::to_string(w) + "-" + std::to_string(i);
        exits[w][v] = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
      }
    });
  }
  for (std::thread& thread : threads) thread.join();

  // Let the killed writers' heartbeats expire, then clean: the LAZY rollback.
  std::this_thread::sleep_for(std::chrono::milliseconds(2500));
  CliResult clean = RunCli("clean --table '" + table_ + "'" + kTableConf + kOcc + lock_ + beats);
  ASSERT_EQ(clean.exit_code, 0) << clean.err;

  // A killed write is in the table, whole, or not at all; the instant of one that is
  // comes from its rows' commit time.
  CliResult read =
      RunCli("query '" + table_ + "' --columns _hoodie_commit_time,id --format csv");
  ASSERT_EQ(read.exit_code, 0) << read.err;
  std::map<std::string, std::string> commit_time;  // id -> commit time
  std::istringstream lines(read.out);
  std::string line;
  std::getline(lines, line);
  ASSERT_EQ(line, "_hoodie_commit_time,id");
  while (std::getline(lines, line)) {
    commit_time[line.substr(line.find(',') + 1)] = line.substr(0, line.find(','));
  }
  std::map<std::string, std::string> committed;  // v -> instant
  int killed = 0;
  for (const auto& per_writer : exits) {
    for (const auto& [v, exit_code] : per_writer) {
      ASSERT_TRUE(exit_code == 0 || exit_code == 3 || exit_code == -1) << v << ": " << exit_code;
      killed += exit_code == -1;
      const bool present = commit_time.count(v) == 1;
      if (exit_code == 0) EXPECT_TRUE(present) << v << " reported success";
      if (exit_code == 3) EXPECT_FALSE(present) << v << " reported a conflict";
      if (present) committed[v] = commit_time[v];
    }
  }
  std::cerr << "kills: " << writers << " writers x " << commits << " writes, " << killed
            << " killed, " << committed.size() << " in the table\n";
  EXPECT_GT(killed, 0);
  ExpectTableIsTheModel(committed);
  ExpectNothingLeftBehind();
}

INSTANTIATE_TEST_SUITE_P(Locks, StressTest,
                         ::testing::Values(Provider::kFileSystem, Provider::kZooKeeper),
                         ProviderName);

}  // namespace
}  // namespace hoodie::cli
