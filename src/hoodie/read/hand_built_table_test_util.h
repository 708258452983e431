// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/read/hand_built_table_test_util.h
/// \brief A tiny table written by the test itself: Parquet base files with the five meta
/// columns plus `key`/`name`, empty log files, and timeline instants in any state.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <arrow/status.h>

#include "hoodie/format/log/log_block.h"
#include "hoodie/read/table_reader.h"
#include "hoodie/table/table_config.h"
#include "hoodie/testing/temp_dir.h"
#include "hoodie/timeline/instant.h"

namespace hoodie {

class Storage;
class TableMetaClient;

namespace testing {

/// One row: record key, name, commit time.
struct Row {
  std::string key;
  std::string name;
  std::string commit_time;
};

class HandBuiltTable {
 public:
  explicit HandBuiltTable(TableType type = TableType::kCopyOnWrite);

  ::arrow::Status Init();

  /// Writes `<partition>/<file_id>_0-1-1_<instant>.parquet` with `rows`; the footer min /
  /// max record keys are the rows' keys unless `key_range` overrides them. Returns the
  /// file name.
  ::arrow::Result<std::string> WriteBase(
      const std::string& partition, const std::string& file_id,
      const std::string& instant, const std::vector<Row>& rows,
      std::optional<std::pair<std::string, std::string>> key_range = std::nullopt);

  /// Writes a log file `.<file_id>_<base_instant>.log.<version>_0-1-1` holding only a
  /// magic: a block cut short, which readers skip as corrupt.
  ::arrow::Result<std::string> WriteLog(const std::string& partition,
                                        const std::string& file_id,
                                        const std::string& base_instant, int version);

  /// Writes the log file `.<file_id>_<base_instant>.log.<version>_0-1-1` holding
  /// `blocks`, then the raw bytes `tail` (e.g. a block cut short). Returns its name.
  ::arrow::Result<std::string> WriteLogBlocks(const std::string& partition,
                                              const std::string& file_id,
                                              const std::string& base_instant,
                                              int version,
                                              const std::vector<LogBlock>& blocks,
                                              const std::string& tail = "");

  /// An Avro data block of `rows` (their commit times as given) written at `instant`,
  /// with the schema and meta columns of WriteBase's files.
  static ::arrow::Result<LogBlock> DataBlock(const std::string& instant,
                                             const std::string& partition,
                                             const std::string& file_id,
                                             const std::vector<Row>& rows);

  /// Writes the instant up to `state`; completed instants carry commit metadata naming
  /// `written` (partition, file id) and, for replacecommits, `replaced`.
  ::arrow::Status AddInstant(
      const std::string& instant, Action action, State state,
      const std::vector<std::pair<std::string, std::string>>& written,
      const std::vector<std::pair<std::string, std::string>>& replaced = {});

  ::arrow::Result<std::unique_ptr<TableReader>> Reader() const;
  ::arrow::Result<std::shared_ptr<TableMetaClient>> Client() const;
  const std::string& base() const { return base_; }

 private:
  TableType type_;
  TempDir dir_;
  std::shared_ptr<Storage> storage_;
  std::string base_;
};

/// Rows of `options` (columns _hoodie_record_key, name, _hoodie_commit_time), sorted.
::arrow::Result<std::vector<std::vector<std::string>>> ReadKeyRows(
    const TableReader& reader, ReadOptions options);

}  // namespace testing
}  // namespace hoodie
