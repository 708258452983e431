// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/streamer/cloud_object_selection_internal.h
/// \brief Which objects of an S3 events meta table a round of S3EventsHoodieIncrSource
/// reads: the key filters (CloudObjectsSelectorCommon.generateFilter), the checkpoint
/// "commit#key" (CloudObjectIncrCheckpoint) and the cut at the source limit
/// (IncrSourceHelper.filterAndGenerateCheckpointBasedOnSourceLimit).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <arrow/result.h>

namespace hoodie {
class HoodieConfig;
namespace internal {

/// SQL LIKE of `text` against `pattern` (% any run, _ any one character, \ escapes).
bool SqlLike(std::string_view text, std::string_view pattern);

/// \brief The filter of the meta table's rows: size > 0 and the key conditions.
struct CloudObjectFilter {
  std::optional<std::string> select_prefix;
  std::optional<std::string> ignore_prefix;
  std::optional<std::string> ignore_substring;
  /// Keys must end with this; unset: they must contain `format`.
  std::optional<std::string> extension;
  /// The objects' format (parquet, json, csv, avro, orc).
  std::string format = "parquet";

  /// The cloud.data keys, else their deprecated s3incr spellings; the format from
  /// cloud.data.datafile.format, else hoodieincr.file.format.
  static ::arrow::Result<CloudObjectFilter> FromConfig(const HoodieConfig& config);
  bool Matches(std::string_view key, int64_t size) const;
};

/// One row of the meta table: an object and the commit that recorded it.
struct CloudObject {
  std::string commit;
  std::string bucket;
  std::string key;
  int64_t size = 0;
};

/// \brief CloudObjectIncrCheckpoint: the last commit read and, when a round stopped
/// inside it, the last key read ("commit#key", split at the first '#').
struct CloudCheckpoint {
  std::optional<std::string> commit;
  std::optional<std::string> key;

  static CloudCheckpoint Parse(const std::optional<std::string>& text);
  /// "commit#key", "commit", or "000" when empty.
  std::string ToString() const;
};

/// What a round reads.
struct CloudSelection {
  /// Ordered by (commit, key).
  std::vector<CloudObject> objects;
  CloudCheckpoint checkpoint;
  int64_t bytes = 0;
  /// What the rows held beyond the cut.
  int64_t objects_left = 0;
  int64_t bytes_left = 0;
};

/// filterAndGenerateCheckpointBasedOnSourceLimit over the filtered `rows` of the range
/// ending at `end_instant`: those after `last` (commit + key, compared as one string),
/// ordered by (commit, key), up to a running size of `source_limit` bytes (at least
/// one); the checkpoint is the last one's commit#key, or with nothing to read `last`
/// when the range ends at its commit, else `end_instant`.
CloudSelection SelectWithinSourceLimit(std::vector<CloudObject> rows,
                                       int64_t source_limit,
                                       const std::string& end_instant,
                                       const CloudCheckpoint& last);

}  // namespace internal
}  // namespace hoodie
