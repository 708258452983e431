// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/client/write_client_test_util.h
/// \brief Helpers of the write tests: in-memory inputs, table configs, row rendering.
#pragma once

#include <memory>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include <arrow/api.h>
#include <gtest/gtest.h>

#include "hoodie/client/write_client.h"
#include "hoodie/config/hoodie_config.h"
#include "hoodie/read/read_options.h"
#include "hoodie/storage/fault_injecting_storage.h"
#include "hoodie/storage/storage.h"
#include "hoodie/table/table_meta_client.h"
#include "hoodie/testing/temp_dir.h"
#include "hoodie/timeline/instant.h"

namespace hoodie::testing {

/// One input row of the test schema {id, name, ts, city}; an empty id becomes null.
struct TripRow {
  std::string id;
  std::string name;
  int64_t ts = 0;
  std::string city;
};

/// A reader over `rows` in batches of `batch_size`.
std::shared_ptr<::arrow::RecordBatchReader> TripReader(const std::vector<TripRow>& rows,
                                                       int64_t batch_size = 1024);

/// Config of table "trips": key id, precombine ts, partitioned by city unless
/// `partitioned` is false (NonpartitionedKeyGenerator).
HoodieConfig TripConfig(bool partitioned);

/// Every row of `table` as "col=value|..." text, sorted.
std::vector<std::string> RenderRows(const ::arrow::Table& table,
                                    const std::vector<std::string>& columns);

/// Snapshot of the table at `base_path` (reloaded), as RenderRows.
::arrow::Result<std::vector<std::string>> SnapshotRows(
    const std::string& base_path, const std::vector<std::string>& columns);

/// The latest records as stored, partition columns included (an incremental read from
/// the beginning, which does not take partition values from partition paths), as
/// RenderRows.
::arrow::Result<std::vector<std::string>> StoredRows(
    const std::string& base_path, const std::vector<std::string>& columns);

/// Every file and folder under `dir` (relative paths, sorted, each with its size for a
/// file), to check that a write left a table exactly as it was.
std::vector<std::string> ListTree(const std::string& dir);

/// A new client on a freshly loaded (or created) table at `base`, as a new writer
/// process has.
::arrow::Result<std::unique_ptr<WriteClient>> NewWriterClient(
    std::shared_ptr<Storage> storage, const std::string& base,
    const HoodieConfig& config);

/// Upserts `rows` with a new client; commits unless `commit` is false (the writer dies
/// before its commit, or the caller commits).
::arrow::Result<WriteResult> UpsertWithNewClient(std::shared_ptr<Storage> storage,
                                                 const std::string& base,
                                                 const HoodieConfig& config,
                                                 const std::vector<TripRow>& rows,
                                                 bool commit = true);

/// The rows a `type` read (incremental: from the beginning) of the table at `base`
/// (reloaded) returns, as RenderRows; one "error: ..." row when the read fails, so a
/// test compares it like any other outcome.
std::vector<std::string> QueryRows(std::shared_ptr<Storage> storage,
                                   const std::string& base,
                                   const std::vector<std::string>& columns,
                                   QueryType type = QueryType::kSnapshot);
/// The rows a read with `options` returns, as QueryRows.
std::vector<std::string> ReadRows(std::shared_ptr<Storage> storage,
                                  const std::string& base,
                                  const std::vector<std::string>& columns,
                                  const ReadOptions& options);
/// Snapshot, read-optimized and incremental rows (QueryRows): what a rollback must
/// leave unchanged.
std::vector<std::vector<std::string>> AllViewRows(
    std::shared_ptr<Storage> storage, const std::string& base,
    const std::vector<std::string>& columns);
/// "key|name|ts|city" of the latest row per key after `writes`, in key order.
std::vector<std::string> LatestTripRows(
    std::initializer_list<std::vector<TripRow>> writes);
/// `rows` without their first column (the commit time), sorted: comparable with
/// LatestTripRows.
std::vector<std::string> WithoutFirstColumn(const std::vector<std::string>& rows);
/// Whether an action may have succeeded despite the fault injected into `storage`: the
/// fault hit the deletion of a marker folder after the commit point, which Hudi's
/// quietDeleteMarkerDir tolerates (the commit is visible; the folder is left behind), or
/// a read of the metadata table by a listing, which then lists storage instead, or the
/// read of hoodie.properties.backup that an update of hoodie.properties makes first,
/// which a missing backup fails anyway.
bool FaultWasToleratedMarkerDeletion(const FaultInjectingStorage& storage);

/// Every instant on the timeline of the table at `base`.
std::vector<Instant> TimelineInstants(std::shared_ptr<Storage> storage,
                                      const std::string& base);

/// Blocks of the log file at `path`: "A<rows>" an Avro data block, "P<rows>" a Parquet
/// data block, "X<keys>" a delete block; command blocks are left out.
::arrow::Result<std::vector<std::string>> LogBlockSummary(Storage* storage,
                                                          const std::string& path);

/// A fixture with a merge-on-read table "trips" (TripConfig, partitioned by city) on
/// local disk in a temporary folder, and a write client on it.
class MorTripTableTest : public ::testing::Test {
 protected:
  /// Creates the table with TripConfig(true), MERGE_ON_READ and then `settings`.
  void Open(const std::vector<std::pair<std::string, std::string>>& settings);
  /// One commit of `op` writing `rows`, read in batches of two rows.
  ::arrow::Result<WriteResult> Write(WriteOperationType op,
                                     const std::vector<TripRow>& rows);
  /// LogBlockSummary of the log file at `relative` (to the base path).
  ::arrow::Result<std::vector<std::string>> Blocks(const std::string& relative);

  TempDir dir_;
  std::string base_;
  HoodieConfig config_;
  std::shared_ptr<Storage> storage_ = Storage::Local();
  std::shared_ptr<TableMetaClient> table_;
  std::unique_ptr<WriteClient> client_;
};

}  // namespace hoodie::testing
