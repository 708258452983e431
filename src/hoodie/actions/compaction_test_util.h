// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/actions/compaction_test_util.h
/// \brief A merge-on-read trips table with log files to compact, for the services tests.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <arrow/result.h>

#include "hoodie/client/write_client.h"
#include "hoodie/read/read_options.h"
#include "hoodie/storage/storage.h"
#include "hoodie/table/table_meta_client.h"
#include "hoodie/client/write_client_test_util.h"

namespace hoodie::testing {

/// Config of a MERGE_ON_READ "trips" table partitioned by city.
HoodieConfig MorTripConfig();

/// A config whose compaction trigger is due after every deltacommit
/// (hoodie.compact.inline.max.delta.commits=1), as a Hudi user sets it to schedule a
/// compaction of a table with fewer deltacommits than the default trigger wants.
HoodieConfig CompactEveryDeltaCommit();

/// Every column of a read of the table, meta columns included.
inline const std::vector<std::string> kAllColumns = {"_hoodie_commit_time",
                                                     "_hoodie_commit_seqno",
                                                     "_hoodie_record_key",
                                                     "_hoodie_partition_path",
                                                     "id",
                                                     "name",
                                                     "ts",
                                                     "city"};

/// \brief A MOR table at `base` on `storage` and a write client for it.
class MorTable {
 public:
  static ::arrow::Result<MorTable> Create(std::shared_ptr<Storage> storage,
                                          std::string base);

  /// One deltacommit (upsert, or delete of the rows' keys); returns its instant.
  ::arrow::Result<std::string> Upsert(const std::vector<TripRow>& rows);
  ::arrow::Result<std::string> Delete(const std::vector<TripRow>& rows);

  /// A read of `columns` (meta columns included by default; empty: every column but
  /// `_hoodie_file_name`), rows rendered sorted.
  ::arrow::Result<std::vector<std::string>> Rows(
      QueryType type = QueryType::kSnapshot, std::optional<std::string> as_of = {},
      const std::vector<std::string>& columns = kAllColumns) const;
  ::arrow::Result<std::vector<std::string>> Incremental(const std::string& begin,
                                                        const std::string& end) const;

  /// The table reloaded from storage.
  ::arrow::Result<std::shared_ptr<TableMetaClient>> Reload() const;

  std::shared_ptr<Storage> storage;
  std::string base;
  std::shared_ptr<TableMetaClient> table;
  std::shared_ptr<WriteClient> client;
};

/// Three partitions: base files (1,2 in sf; 3 in la; 5 in ny), then deltacommits:
/// updates of 1 and 3 and an insert of 4 (sf), a delete of 2, an update of 1 again.
/// Returns the instants, oldest first.
::arrow::Result<std::vector<std::string>> WriteHistory(MorTable* table);

}  // namespace hoodie::testing
