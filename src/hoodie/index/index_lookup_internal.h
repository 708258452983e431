// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/index/index_lookup_internal.h
/// \brief Steps shared by the file-based indexes: choosing base files, parallel probing,
/// confirming keys against a file and turning matches into tags.
#pragma once

#include <cstddef>
#include <functional>
#include <map>
#include <set>
#include <string>
#include <vector>

#include <arrow/result.h>
#include <arrow/status.h>

#include "hoodie/common/parallel_for_each.h"
#include "hoodie/index/index.h"

namespace hoodie {

class Storage;

namespace internal {

/// \brief A latest committed base file an index may probe.
struct IndexedFile {
  std::string partition_path;
  std::string file_id;
  std::string instant_time;  ///< commit time of the base file
  std::string path;          ///< full path for Storage
  int64_t size = 0;          ///< bytes, as the file-system view listed them
};

/// How a file-based index resolves its matches.
struct TagOptions {
  bool global = false;
  /// Global only: move records whose partition changed (delete old + insert new).
  bool update_partition_path = false;
};

/// Latest committed base files of the partitions of `keys` (every partition of `view`
/// when `global`), sorted by (partition, file id) so ties resolve deterministically:
/// where a file-based index looks. None for no keys; empty, every key is new.
/// \return NotImplemented when the table does not write `_hoodie_record_key`
///   (hoodie.populate.meta.fields=false): the file-based indexes read keys only there.
::arrow::Result<std::vector<IndexedFile>> FilesToProbe(const KeyViews& keys,
                                                       const TableMetaClient& table,
                                                       const FileSystemView& view,
                                                       bool global);

/// The distinct record keys to look for, sorted, per partition; a global index looks
/// for every key everywhere and uses the single entry "" -> all keys. The views point
/// into `keys`.
std::map<std::string_view, std::vector<std::string_view>> KeysByPartition(
    const KeyViews& keys, bool global);

/// Reads the `_hoodie_record_key` column of `file` and returns the keys of
/// `sorted_candidates` it holds, sorted (Java HoodieKeyLookupHandle /
/// HoodieIndexUtils.filterKeysFromFile). IOError from storage; Invalid for a file
/// without the column or with null keys.
::arrow::Result<std::vector<std::string>> FindKeysInFile(
    const std::shared_ptr<Storage>& storage, const IndexedFile& file,
    const std::vector<std::string_view>& sorted_candidates);

/// Builds one tag per incoming key from `found[i]`, the keys confirmed in `files[i]`.
/// Non-global: the newest file (by base instant) of the key's partition holding it.
/// Global: the newest such file of the key's own partition, else the newest one; a
/// location in another
/// partition is an update there, or with `update_partition_path` a move
/// (HoodieIndexUtils.tagGlobalLocationBackToRecords).
TaggedLocations ResolveTags(const KeyViews& keys,
                            const std::vector<IndexedFile>& files,
                            const std::vector<std::vector<std::string>>& found,
                            const TagOptions& options);

}  // namespace internal
}  // namespace hoodie
