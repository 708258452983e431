// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/table/partition_metadata.h
/// \brief The .hoodie_partition_metadata marker of every partition folder, and partition
/// discovery by walking folders that hold it (HoodiePartitionMetadata and
/// FileSystemBackedTableMetadata in Java).
#pragma once

#include <map>
#include <mutex>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include <arrow/result.h>
#include <arrow/status.h>

#include "hoodie/storage/storage.h"
#include "hoodie/visibility.h"

namespace hoodie {

class Storage;

/// \brief The content of a partition's metadata file: the instant that created the
/// partition and its depth below the base path. A value type.
struct HOODIE_EXPORT PartitionMetadata {
  /// The text-format file name, and the base-file-format variants readers also accept.
  static constexpr std::string_view kFileName = ".hoodie_partition_metadata";
  static constexpr std::string_view kParquetFileName =
      ".hoodie_partition_metadata.parquet";
  static constexpr std::string_view kOrcFileName = ".hoodie_partition_metadata.orc";
  static constexpr std::string_view kCommitTimeKey = "commitTime";
  static constexpr std::string_view kPartitionDepthKey = "partitionDepth";

  std::string commit_time;
  int partition_depth = 0;

  /// The text file as Hudi writes it: "#partition metadata", the Java Date line
  /// (`date_line` empty means now), "commitTime=<t>", "partitionDepth=<n>".
  std::string ToText(std::string_view date_line = "") const;
  /// Parses the text file; Invalid (naming `source`) when partitionDepth is missing or
  /// not an integer. A missing commitTime reads as empty, as Java tolerates it.
  static ::arrow::Result<PartitionMetadata> Parse(std::string_view text,
                                                  std::string_view source = "<input>");

  /// Number of '/'-separated components of a partition path relative to the base path:
  /// "" -> 0, "2023/04/01" -> 3, "byteField=10/shortField=300" -> 2.
  static int PartitionDepth(std::string_view relative_partition_path);

  /// Creates `<base>/<partition>/.hoodie_partition_metadata` if no variant of the file
  /// exists yet (HoodiePartitionMetadata.trySave). The file is made with
  /// Storage::CreateImmutable, so a racing writer that creates it first is fine
  /// (AlreadyExists is success). Only the text format is written; IOError from storage.
  static ::arrow::Status Write(Storage* storage, const std::string& base_path,
                               std::string_view partition_path,
                               std::string_view commit_time);

  /// Reads the metadata of the partition folder `partition_dir` (absolute storage path):
  /// the text file if present; NotImplemented for the Parquet/ORC variants; IOError when
  /// the folder has none.
  static ::arrow::Result<PartitionMetadata> Read(Storage* storage,
                                                 const std::string& partition_dir);
};

/// \brief PartitionMetadata::Write at most once per partition for one write, whose file
/// handles share it: Hudi's handles each check for the file (trySave), one status
/// request per handle, where one per partition is enough. Thread-safe.
class HOODIE_EXPORT PartitionMetadataOnce {
 public:
  ::arrow::Status Write(Storage* storage, const std::string& base_path,
                        std::string_view partition_path, std::string_view commit_time);

 private:
  std::mutex mutex_;
  std::set<std::string, std::less<>> written_;
};

/// True when `partition_dir` holds the text, Parquet or ORC partition metadata file
/// (checked in that order, as HoodiePartitionMetadata.hasPartitionMetadata does).
/// IOError from storage.
HOODIE_EXPORT
::arrow::Result<bool> HasPartitionMetadata(Storage* storage,
                                           const std::string& partition_dir);

/// \brief All partitions of the table at `base_path`, as relative paths sorted
/// ascending; "" stands for the base path itself (a non-partitioned table).
///
/// Walks the folders as FileSystemBackedTableMetadata does when the metadata table is
/// not used: a folder holding a partition metadata file is a partition and is not
/// descended into (except the base path, whose sub-folders are still walked); `.hoodie`
/// and other hidden folders (name starting with '.') are skipped. IOError from storage.
HOODIE_EXPORT ::arrow::Result<std::vector<std::string>> ListAllPartitionPaths(
    Storage* storage, const std::string& base_path);

/// LISTs a walk of a table's folders keeps in flight: each waits on the store (Hudi lists
/// partitions in a Spark job of hoodie.file.listing.parallelism tasks).
inline constexpr int kPartitionListingThreads = 16;

/// The same walk, keeping what each partition's folder lists (its files and folders, by
/// relative partition path), and listing the folders of one depth `threads` at a time.
HOODIE_EXPORT ::arrow::Result<std::map<std::string, std::vector<FileStatus>>>
ListPartitionFolders(Storage* storage, const std::string& base_path,
                     int threads = kPartitionListingThreads);

}  // namespace hoodie
