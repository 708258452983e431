// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/streamer/stream_round_test_util.h
/// \brief Test support: streamer rounds from JSON files into a copy-on-write table of
/// trips (the fixture of the streamer's tests and of the sql and http components').
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include <arrow/result.h>
#include <arrow/table.h>
#include <gtest/gtest.h>

#include "hoodie/config/hoodie_config.h"
#include "hoodie/streamer/stream_sync.h"
#include "hoodie/testing/temp_dir.h"

namespace hoodie::testing {

/// Writes `text` to `path`, making its folder.
void WriteText(const std::string& path, const std::string& text);

/// Sets a file's modification time to `ms` epoch milliseconds.
void SetMtime(const std::string& path, int64_t ms);

/// The Avro schema of the trips (id, city, nullable fare, ts).
inline constexpr char kTripSchema[] = R"({"type":"record","name":"trip","fields":[
  {"name":"id","type":"string"},{"name":"city","type":"string"},
  {"name":"fare","type":["null","double"],"default":null},{"name":"ts","type":"long"}]})";

/// \brief A streamer with a JSON DFS source under `in/`, trip.avsc as its schema
/// (FilebasedSchemaProvider) and the table `table/` keyed by id, partitioned by city.
class StreamRoundTest : public ::testing::Test {
 protected:
  void SetUp() override;
  /// Writes input file `name` under `in/` with modification time `mtime`.
  void Input(const std::string& name, const std::string& lines, int64_t mtime);
  /// One round of the streamer as configured.
  ::arrow::Result<RoundResult> Round();
  /// The snapshot of the table, projected to `columns` (all when empty).
  ::arrow::Result<std::shared_ptr<::arrow::Table>> ReadColumns(
      std::vector<std::string> columns);
  /// id -> fare of the table's snapshot (-1 for a null fare).
  std::map<std::string, double> Rows();
  /// The checkpoint the completed commit `instant` carries.
  std::optional<std::string> CommittedCheckpoint(const std::string& instant);
  size_t CompletedCommits();

  TempDir dir_;
  HoodieConfig props_;
  StreamerOptions options_;
};

}  // namespace hoodie::testing
