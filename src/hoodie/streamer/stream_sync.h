// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/streamer/stream_sync.h
/// \brief StreamSync: one streamer round — resume checkpoint, fetch, transform, write and
/// commit records and checkpoint together (Hudi 0.15's StreamSync.syncOnce).
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <arrow/result.h>
#include <arrow/status.h>

#include "hoodie/config/hoodie_config.h"
#include "hoodie/streamer/checkpoint.h"
#include "hoodie/streamer/source.h"
#include "hoodie/timeline/commit_metadata.h"
#include "hoodie/visibility.h"

namespace hoodie {

class SchemaProvider;
class Storage;
class Transformer;

/// The streamer's command-line options (HoodieStreamer.Config), with Hudi's defaults.
struct HOODIE_EXPORT StreamerOptions {
  std::string target_base_path;
  std::string target_table;
  /// COPY_ON_WRITE or MERGE_ON_READ.
  std::string table_type;
  std::string base_file_format = "PARQUET";
  std::string source_class = "org.apache.hudi.utilities.sources.JsonDFSSource";
  std::string source_ordering_field = "ts";
  int64_t source_limit = kNoSourceLimit;
  std::string schema_provider_class;
  std::string transformer_class;
  std::string payload_class = "org.apache.hudi.common.model.OverwriteWithLatestAvroPayload";
  WriteOperationType operation = WriteOperationType::kUpsert;
  bool filter_dupes = false;
  CheckpointFlags checkpoint;
  bool commit_on_errors = false;
  bool allow_commit_on_no_checkpoint_change = false;
  bool continuous = false;
  int64_t min_sync_interval_seconds = 0;
  int32_t max_pending_compactions = 5;
  bool disable_compaction = false;

  bool merge_on_read() const { return table_type == "MERGE_ON_READ"; }
  /// HoodieStreamer.Config.isInlineCompactionEnabled / isAsyncCompactionEnabled.
  bool inline_compaction() const {
    return !continuous && !disable_compaction && merge_on_read();
  }
  bool async_compaction() const { return continuous && !disable_compaction && merge_on_read(); }
};

/// What one round did.
struct HOODIE_EXPORT RoundResult {
  /// The checkpoint the round resumed from.
  std::optional<std::string> resumed_from;
  /// The checkpoint after it (the source's).
  std::optional<std::string> checkpoint;
  /// The instant committed; empty when nothing was ("no new data").
  std::string instant;
  /// Why nothing was committed, when nothing was.
  std::string skipped;
  int64_t source_size = 0;
  std::string source_description;
  /// What the source still holds after this round (SourceBatch::backlog): the lag.
  int64_t backlog = 0;
  std::string backlog_description;
  int64_t records_read = 0;
  int64_t records_written = 0;
  int64_t inserted = 0;
  int64_t updated = 0;
  int64_t deleted = 0;
  /// Records that failed and were left out (--commit-on-errors), with where they were.
  std::vector<std::string> failed;
  /// Services run after the commit.
  std::vector<std::string> compactions;
  std::vector<std::string> cleans;
  std::vector<std::string> archived;
  /// A compaction scheduled after the commit for the background compactor.
  std::optional<std::string> scheduled_compaction;
  /// Write commit callbacks that failed after the commit (logged; the commit stands).
  int64_t failed_commit_callbacks = 0;
};

/// \brief Runs rounds into one table. Not thread-safe: one round at a time.
class HOODIE_EXPORT StreamSync {
 public:
  /// `props` holds the --props file and --hoodie-conf values. Validates the options as
  /// HoodieStreamer does and makes the source, schema provider and transformers.
  static ::arrow::Result<std::unique_ptr<StreamSync>> Make(StreamerOptions options,
                                                          HoodieConfig props);
  ~StreamSync();

  /// One round (StreamSync.syncOnce). A round that fails commits nothing: the instant
  /// it started is rolled back (aborted) before the error returns.
  ::arrow::Result<RoundResult> SyncOnce();

  /// The write configuration rounds use (props plus what the options set).
  const HoodieConfig& write_config() const { return config_; }
  const StreamerOptions& options() const { return options_; }

 private:
  StreamSync() = default;

  ::arrow::Status WriteRound(SourceBatch batch, RoundResult* round);

  StreamerOptions options_;
  HoodieConfig config_;
  std::shared_ptr<Storage> storage_;
  std::string base_path_;
  std::shared_ptr<SchemaProvider> schema_provider_;
  std::unique_ptr<Source> source_;
  std::unique_ptr<Transformer> transformer_;
};

/// The write configuration of a streamer (StreamSync.getHoodieClientConfig): `props`
/// with the table name, type, ordering field, payload, operation, filter-dupes and
/// compaction mode of `options`. \return Invalid where `props` contradicts what the
/// streamer needs (auto commit, inline compaction), as Hudi's checks refuse it.
HOODIE_EXPORT
::arrow::Result<HoodieConfig> StreamerWriteConfig(const StreamerOptions& options,
                                                  HoodieConfig props);

}  // namespace hoodie
