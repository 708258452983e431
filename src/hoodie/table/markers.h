// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/table/markers.h
/// \brief Write markers: one empty file per data file a write creates, so a failed write
/// can be rolled back by deleting exactly what it wrote (Hudi's WriteMarkers).
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include <arrow/result.h>
#include <arrow/status.h>

#include "hoodie/visibility.h"

namespace hoodie {

class Storage;

/// How a data file came to be (Hudi's IOType; the enum order is Java's).
enum class IoType { kMerge, kCreate, kAppend };

/// "MERGE", "CREATE" or "APPEND".
HOODIE_EXPORT std::string_view IoTypeName(IoType type);

/// One marker: the data file it stands for and how it was written.
struct HOODIE_EXPORT Marker {
  std::string partition_path;  ///< relative; "" for a non-partitioned table
  std::string file_name;       ///< data file name, no folder
  IoType io_type = IoType::kCreate;

  /// `<partition>/<file>.marker.<IOTYPE>` (no partition prefix when non-partitioned):
  /// the path of a direct marker below the instant's marker folder, and a line of a
  /// timeline-server MARKERSn file.
  std::string RelativePath() const;

  /// The data file's path relative to the table base path.
  std::string DataFileRelativePath() const;

  /// Parses RelativePath()'s form; Invalid naming `relative` otherwise.
  static ::arrow::Result<Marker> Parse(std::string_view relative);

  bool operator==(const Marker&) const = default;
};

/// \brief The markers of one write instant, in `<base>/.hoodie/.temp/<instant>/`.
///
/// hoodie writes DIRECT markers (one empty file each). Reading also understands the
/// TIMELINE_SERVER_BASED layout Spark writes by default (`MARKERS.type` plus `MARKERSn`
/// files listing markers one per line), so hoodie can roll back Spark's failed writes.
/// Thread-safe: Create may be called from several writer threads at once.
class HOODIE_EXPORT WriteMarkers {
 public:
  WriteMarkers(std::shared_ptr<Storage> storage, std::string base_path,
               std::string instant_time);

  /// `<base>/.hoodie/.temp/<instant>`.
  const std::string& folder() const { return folder_; }

  /// Creates the direct marker for a data file, before that file is written. Fails with
  /// AlreadyExists if the marker exists (two writers of the same file is a bug), and
  /// with the error of the check before creation, when one is set.
  ::arrow::Status Create(const Marker& marker) const;

  /// A check each marker passes before it is created: early conflict detection
  /// (hoodie.write.concurrency.early.conflict.detection.enable) fails a write as soon as
  /// it is about to write a file group another live writer writes. Set before the write
  /// starts; called from the writer threads at once.
  using BeforeCreate = std::function<::arrow::Status(const Marker& marker)>;
  void SetBeforeCreate(BeforeCreate check) { before_create_ = std::move(check); }

  /// Whether the marker folder exists.
  ::arrow::Result<bool> Exists() const;

  /// Every marker of the instant, sorted by relative path; empty if the folder is absent.
  /// Invalid naming the file for a malformed marker or an unknown MARKERS.type.
  ::arrow::Result<std::vector<Marker>> List() const;

  /// Deletes the marker folder (after the commit completed or the rollback finished);
  /// OK if it does not exist.
  ::arrow::Status DeleteFolder() const;

 private:
  ::arrow::Result<std::vector<Marker>> ListDirect() const;
  ::arrow::Result<std::vector<Marker>> ListTimelineServerBased() const;

  std::shared_ptr<Storage> storage_;
  std::string folder_;
  BeforeCreate before_create_;
};

}  // namespace hoodie
