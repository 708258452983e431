// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/streamer/source.h
/// \brief Streamer sources as plug-ins: each fetches what is new after a checkpoint as a
/// stream of Arrow batches, with the checkpoint of the next round (Hudi's
/// org.apache.hudi.utilities.sources.Source).
#pragma once

#include <cstdint>
#include <functional>
#include <limits>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <arrow/record_batch.h>
#include <arrow/result.h>
#include <arrow/status.h>

#include "hoodie/common/plugin_registry.h"
#include "hoodie/visibility.h"

namespace hoodie {

class HoodieConfig;
class SchemaProvider;

/// What a source is made with.
struct HOODIE_EXPORT SourceContext {
  const HoodieConfig* config = nullptr;
  /// The --schemaprovider-class provider, or null.
  std::shared_ptr<SchemaProvider> schema_provider;
  /// --commit-on-errors: a record the source cannot decode (a malformed message) is left
  /// out and reported in SourceBatch::skipped rather than failing the round.
  bool skip_bad_records = false;
};

/// One round's input.
struct HOODIE_EXPORT SourceBatch {
  /// The records, read lazily batch by batch; null when there is nothing new.
  std::shared_ptr<::arrow::RecordBatchReader> records;
  /// The checkpoint the round commits (None: the source keeps none, as SqlSource).
  std::optional<std::string> checkpoint;
  /// Bytes (files), instants (Hudi tables) or records (streams) the batch takes from the
  /// source.
  int64_t source_size = 0;
  /// What the batch reads, for the progress line ("3 files").
  std::string description;
  /// What the source holds beyond this batch, in source_size's units: the lag behind it.
  int64_t backlog = 0;
  /// The backlog for the progress line ("2 files, 10240 bytes").
  std::string backlog_description;
  /// Where input row `row` (from 0) came from, for messages; null: "record N".
  std::function<std::string(int64_t)> where;
  /// The records left out under SourceContext::skip_bad_records, each saying where it
  /// was and why, filled as `records` is read; null when the source leaves none out.
  std::shared_ptr<std::vector<std::string>> skipped;
};

/// \brief One source of a streamer.
class HOODIE_EXPORT Source {
 public:
  virtual ~Source() = default;

  /// What is new after `checkpoint` (None: from the start), at most about
  /// `source_limit` (bytes for DFS sources, records for streams).
  virtual ::arrow::Result<SourceBatch> FetchNext(const std::optional<std::string>& checkpoint,
                                                 int64_t source_limit) = 0;

  /// Called after the round's commit (Kafka commits its offsets here).
  virtual ::arrow::Status OnCommit(const std::optional<std::string>& checkpoint) {
    return ::arrow::Status::OK();
  }

  /// The schema provider the streamer writes this source's rounds with when the source
  /// changes the schemas of the one it was made with (Hudi's Source.getSchemaProvider: a
  /// Kafka source appending offset columns); null keeps the streamer's own.
  virtual std::shared_ptr<SchemaProvider> schema_provider() const { return nullptr; }
};

/// --source-limit's default: no limit (Long.MAX_VALUE).
inline constexpr int64_t kNoSourceLimit = std::numeric_limits<int64_t>::max();

/// \brief Sources by Hudi class name (both the `deltastreamer` and 0.15's `streamer`
/// package spellings are the same class: org.apache.hudi.utilities.sources.X) or short
/// name (JsonDFSSource, json-dfs).
class HOODIE_EXPORT SourceRegistry : public PluginRegistry<Source, const SourceContext&> {
 public:
  SourceRegistry() : PluginRegistry("source") {}
  /// The process-wide registry, with the built-in sources registered.
  static SourceRegistry* Global();
};

/// The source `class_name` names, made from `context`.
HOODIE_EXPORT
::arrow::Result<std::unique_ptr<Source>> MakeSource(const std::string& class_name,
                                                    const SourceContext& context);

/// `batch` with the columns of `target`, in its order: each taken by name and cast to the
/// target type where it differs; a nullable target column the batch lacks is null (Avro
/// default null); other columns are dropped. Invalid naming the column when a
/// non-nullable column is missing or a value does not cast.
HOODIE_EXPORT ::arrow::Result<std::shared_ptr<::arrow::RecordBatch>> ConformBatch(
    const ::arrow::RecordBatch& batch, const std::shared_ptr<::arrow::Schema>& target);

/// `records` without Hudi's meta columns but `_hoodie_partition_path` (without any with
/// `all`), as HoodieIncrSource and SqlSource drop them from the rows of a Hudi table.
HOODIE_EXPORT std::shared_ptr<::arrow::RecordBatchReader> WithoutMetaColumns(
    std::shared_ptr<::arrow::RecordBatchReader> records, bool all);

}  // namespace hoodie
