// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/cli/streamer_jdbc_kill_test.cc
/// \brief `hoodie streamer --continuous` pulling a PostgreSQL table incrementally with
/// JdbcSource while rows keep arriving, killed with SIGKILL at random points: after
/// every kill the table holds exactly the source rows up to its committed checkpoint
/// (the incremental column's maximum), each once (the rounds insert, so a row read twice
/// would be two rows), and a last run ends with every row.
#include <chrono>
#include <iostream>
#include <map>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include <gtest/gtest.h>

#include "hoodie/cli/cli_runner_test_util.h"
#include "hoodie/cli/streamer_run_test_util.h"
#include "hoodie/jdbc/jdbc_test_util.h"
#include "hoodie/testing/matchers.h"
#include "hoodie/testing/temp_dir.h"

namespace hoodie::cli {
namespace {

using testing::KillAfter;
using testing::QuotedArgs;
using testing::ReadStreamedTable;
using testing::RunCli;
using testing::SpawnQuiet;
using testing::StreamedTable;

constexpr int kWaves = 25;
constexpr int kWaveRows = 12;
constexpr char kTable[] = "kill_trips";
// Rows a round reads: below a wave, so that the streamer lags and kills land mid-stream.
constexpr int kSourceLimit = 5;

// Source row `seq` (1, 2, ...): a unique id, so that a duplicate is a second row.
std::string IdOf(int64_t seq) { return "r" + std::to_string(seq); }
int64_t ValueOf(int64_t seq) { return seq * 7 + 3; }

// The VALUES of wave `wave`: rows with seq wave*kWaveRows+1 .. (wave+1)*kWaveRows.
std::string WaveValues(int wave) {
  std::string out;
  for (int i = 1; i <= kWaveRows; ++i) {
    const int64_t seq = static_cast<int64_t>(wave) * kWaveRows + i;
    out += (out.empty() ? "" : ", ") + std::string("('") + IdOf(seq) + "', 'p" +
           std::to_string(seq % 3) + "', " + std::to_string(seq) + ", " +
           std::to_string(ValueOf(seq)) + ")";
  }
  return out;
}

// id -> value of the rows whose seq is at most `checkpoint` (none before the first).
std::map<std::string, int64_t> Model(const StreamedTable& state) {
  std::map<std::string, int64_t> out;
  if (state.checkpoint_text.empty()) return out;
  for (int64_t seq = 1; seq <= state.checkpoint; ++seq) out[IdOf(seq)] = ValueOf(seq);
  return out;
}

TEST(StreamerJdbcKillTest, KilledAtRandomWhileRowsArriveLosesAndDuplicatesNoRow) {
  hoodie::testing::PostgreSqlTestServer* server = hoodie::testing::PostgreSql();
  ASSERT_NE(server, nullptr);
  hoodie::testing::RunPostgreSql(
      std::string("DROP TABLE IF EXISTS ") + kTable + "; CREATE TABLE " + kTable +
      " (id text NOT NULL, part text, seq bigint, value bigint)");
  hoodie::testing::TempDir dir;
  const std::string base = dir.Join("t");
  const std::vector<std::string> args = {
      HOODIE_CLI_PATH, "streamer", "--continuous", "--target-base-path", base,
      "--target-table", "t", "--table-type", "MERGE_ON_READ", "--op", "INSERT",
      "--source-class", "JdbcSource", "--source-ordering-field", "seq",
      "--source-limit", std::to_string(kSourceLimit),
      "--hoodie-conf", "hoodie.deltastreamer.jdbc.url=" + server->jdbc_url(),
      "--hoodie-conf", "hoodie.deltastreamer.jdbc.user=" + server->user(),
      "--hoodie-conf", "hoodie.deltastreamer.jdbc.password=" + server->password(),
      "--hoodie-conf", "hoodie.deltastreamer.jdbc.driver.class=org.postgresql.Driver",
      "--hoodie-conf", std::string("hoodie.deltastreamer.jdbc.table.name=") + kTable,
      "--hoodie-conf", "hoodie.deltastreamer.jdbc.incr.pull=true",
      "--hoodie-conf", "hoodie.deltastreamer.jdbc.table.incr.column.name=seq",
      "--hoodie-conf", "hoodie.datasource.write.recordkey.field=id",
      "--hoodie-conf", "hoodie.datasource.write.partitionpath.field=part",
      "--hoodie-conf", "hoodie.compact.inline.max.delta.commits=3"};
  std::mt19937 random(20261207);
  std::uniform_int_distribution<int> delay_ms(20, 350);
  int64_t last_checkpoint = 0;
  int advanced = 0;  // kills after which the checkpoint had moved
  for (int wave = 0; wave < kWaves; ++wave) {
    SCOPED_TRACE("kill " + std::to_string(wave));
    // Each wave commits while the streamer runs, so that rounds read tables that grow.
    pid_t pid = SpawnQuiet(args);
    std::this_thread::sleep_for(std::chrono::milliseconds(delay_ms(random)));
    hoodie::testing::RunPostgreSql(std::string("INSERT INTO ") + kTable + " VALUES " +
                                   WaveValues(wave));
    ASSERT_NO_FATAL_FAILURE(KillAfter(pid, std::chrono::milliseconds(delay_ms(random))));
    StreamedTable state = ReadStreamedTable(base);
    const std::map<std::string, int64_t> expected = Model(state);
    if (!state.checkpoint_text.empty()) {
      // The checkpoint never goes back, nor past the rows inserted.
      ASSERT_GE(state.checkpoint, last_checkpoint);
      ASSERT_LE(state.checkpoint, static_cast<int64_t>(wave + 1) * kWaveRows);
      advanced += state.checkpoint > last_checkpoint;
      last_checkpoint = state.checkpoint;
    }
    ASSERT_EQ(state.rows, expected);
    ASSERT_EQ(state.row_count, static_cast<int64_t>(expected.size()))
        << "a row read twice";
  }
  // Rounds committed between the kills (how many depends on the machine's speed).
  EXPECT_GT(last_checkpoint, 0);
  std::cout << last_checkpoint << " of " << kWaves * kWaveRows
            << " rows committed across " << kWaves << " kills; the checkpoint moved in "
            << advanced << " of them" << std::endl;
  const int rounds_left = kWaves * kWaveRows / kSourceLimit + 2;
  auto done = RunCli(QuotedArgs(args) + "--max-rounds " + std::to_string(rounds_left));
  ASSERT_EQ(done.exit_code, 0) << done.err;
  StreamedTable final_state = ReadStreamedTable(base);
  EXPECT_EQ(final_state.checkpoint_text, std::to_string(kWaves * kWaveRows));
  EXPECT_EQ(final_state.rows, Model(final_state));
  EXPECT_EQ(final_state.row_count, kWaves * kWaveRows);
}

}  // namespace
}  // namespace hoodie::cli
