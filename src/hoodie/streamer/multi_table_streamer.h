// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/streamer/multi_table_streamer.h
/// \brief The multi-table streamer (HoodieMultiTableDeltaStreamer): one round into each
/// of several tables, in sequence, each with its own properties file.
#pragma once

#include <string>
#include <vector>

#include <arrow/result.h>

#include "hoodie/config/hoodie_config.h"
#include "hoodie/streamer/stream_sync.h"
#include "hoodie/visibility.h"

namespace hoodie {

/// The multi-table streamer's own options; the rest of StreamerOptions applies to every
/// table.
struct HOODIE_EXPORT MultiTableOptions {
  /// --config-folder: where `<database>_<table>_config.properties` live by default.
  std::string config_folder;
  /// --base-path-prefix: tables go to `<prefix>/<database>/<table>` unless their
  /// properties set hoodie.deltastreamer.ingestion.targetBasePath.
  std::string base_path_prefix;
};

/// One table's place and properties.
struct HOODIE_EXPORT IngestedTable {
  std::string database;
  std::string table;
  std::string config_file;
  std::string target_base_path;
  /// The common properties overlaid with the table's file.
  HoodieConfig props;
};

/// HoodieMultiTableDeltaStreamer.populateTableExecutionContextList: the tables of
/// hoodie.deltastreamer.ingestion.tablesToBeIngested (`db.table`, or `table` in
/// database `default`), each with its config file
/// (hoodie.deltastreamer.ingestion.<db>.<table>.configFile, else
/// `<config folder>/<db>_<table>_config.properties`) and base path.
/// \return Invalid naming what is missing (the list, a config file, a base path).
HOODIE_EXPORT
::arrow::Result<std::vector<IngestedTable>> TablesToIngest(const MultiTableOptions& options,
                                                          const HoodieConfig& common);

/// One table's round.
struct HOODIE_EXPORT TableRound {
  IngestedTable table;
  RoundResult round;
};

/// Runs one round into each table in order (copy-on-write only, as Hudi's multi-table
/// streamer), the table named `<database>.<table>`. Stops at the first failed table.
HOODIE_EXPORT
::arrow::Result<std::vector<TableRound>> RunMultiTable(const MultiTableOptions& multi,
                                                        const StreamerOptions& options,
                                                        const HoodieConfig& common);

}  // namespace hoodie
