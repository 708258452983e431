// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/timeline_avro/archived_timeline.h
/// \brief The archived timeline of a table version 6 (HoodieArchivedTimeline, Hudi
/// 0.15): log files `.hoodie/archived/.commits_.archive.N_<token>` whose Avro data
/// blocks hold HoodieArchivedMetaEntry records.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <arrow/result.h>

#include "hoodie/format/log/log_block.h"
#include "hoodie/timeline/timeline.h"
#include "hoodie/timeline_avro/archived_meta_entry.h"
#include "hoodie/visibility.h"

namespace hoodie {

class Storage;

/// The write token of archive files: HoodieLogFormat's UNKNOWN_WRITE_TOKEN, which the
/// archiver's writer uses since it is given none.
inline constexpr std::string_view kArchiveWriteToken = "1-0-1";

/// `.commits_.archive.<version>_1-0-1`.
HOODIE_EXPORT std::string ArchiveFileName(int32_t version);

/// The version of an archive file name (`^\.commits_\.archive\.([0-9]+).*`); nullopt
/// for other names (the merge plan, foreign files).
HOODIE_EXPORT std::optional<int32_t> ArchiveFileVersion(std::string_view name);

/// The highest archive file version in `archive_dir`; 0 when there is none (or no
/// folder). \return IOError from storage.
HOODIE_EXPORT
::arrow::Result<int32_t> LatestArchiveVersion(const std::shared_ptr<Storage>& storage,
                                              const std::string& archive_dir);

/// One AVRO_DATA_BLOCK of `entries` whose header holds only SCHEMA, as the archiver's
/// writeToFile makes it.
HOODIE_EXPORT
::arrow::Result<LogBlock> MakeArchiveLogBlock(const std::vector<ArchivedMetaEntry>& entries);

/// \brief Every record of a table's archive folder. An immutable snapshot; thread-safe
/// to share.
class HOODIE_EXPORT ArchivedTimeline {
 public:
  /// Reads every `.commits_.archive*` file of `archive_dir`, newest version first as
  /// HoodieArchivedTimeline does, and every Avro data block of each, decoding records
  /// with the block's SCHEMA as writer schema. A missing folder is an empty timeline.
  /// Corrupt blocks (a truncated last block, after a crash) are skipped with a warning,
  /// as Hudi's reader skips them.
  /// \return IOError from storage; Invalid naming the file for a record that does not
  ///   decode.
  static ::arrow::Result<ArchivedTimeline> Load(const std::shared_ptr<Storage>& storage,
                                                const std::string& archive_dir);

  /// Records in read order: files newest first, blocks and records in file order.
  const std::vector<ArchivedMetaEntry>& entries() const { return entries_; }
  /// The archive files read, newest first.
  const std::vector<std::string>& files() const { return files_; }
  /// Corrupt blocks skipped, as "file at offset N".
  const std::vector<std::string>& skipped_blocks() const { return skipped_; }
  /// The archived instants (one per (time, action, state); duplicates left by an
  /// archival that crashed before deleting what it archived count once), sorted.
  ::arrow::Result<Timeline> ToTimeline() const;
  /// The highest version present, 0 when there is no archive file.
  int32_t latest_version() const { return latest_version_; }

 private:
  std::vector<ArchivedMetaEntry> entries_;
  std::vector<std::string> files_;
  std::vector<std::string> skipped_;
  int32_t latest_version_ = 0;
};

}  // namespace hoodie
