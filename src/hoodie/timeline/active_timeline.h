// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/timeline/active_timeline.h
/// \brief ActiveTimeline: the instants in `.hoodie/` (layout 1) and their state changes.
#pragma once

#include <atomic>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <arrow/result.h>
#include <arrow/status.h>

#include "hoodie/timeline/commit_metadata.h"
#include "hoodie/timeline/instant.h"
#include "hoodie/timeline/instant_time.h"
#include "hoodie/timeline/timeline.h"
#include "hoodie/visibility.h"

namespace hoodie {

class Storage;

/// \brief The active timeline of a table version 6 (timeline layout 1)
/// (HoodieActiveTimeline).
///
/// A loaded object is an immutable snapshot: the write operations create instant files
/// but do not change the snapshot; call Reload() to see them. Every snapshot knows
/// whether this process has changed its timeline since it was listed (IsCurrent), so
/// that the callers of one command can share one listing (TableMetaClient) until one of
/// them changes the timeline. Safe to share between threads. Every instant state is its own file; state changes only *create* the next
/// state's file with Storage::CreateImmutable, never rename or overwrite.
class HOODIE_EXPORT ActiveTimeline {
 public:
  /// Lists `meta_path` (the table's `.hoodie` folder) non-recursively, plus
  /// `meta_path/.schema` for schemacommit instants, and keeps for each (timestamp,
  /// comparable action) only the file with the highest state.
  /// Files not starting with a digit (hoodie.properties, .DS_Store) and folders are
  /// skipped silently; files starting with digits that are not valid instant files
  /// (e.g. HDFS temp files `T.commit.<uuid>`) are skipped with a warning, as Hudi skips
  /// them.
  /// \return IOError if `meta_path` cannot be listed.
  static ::arrow::Result<ActiveTimeline> Load(
      std::shared_ptr<Storage> storage, std::string meta_path,
      TimelineTimeZone zone = TimelineTimeZone::kLocal);

  /// Loads the timeline again from storage.
  ::arrow::Result<ActiveTimeline> Reload() const;

  /// Whether no state file of this timeline was created or deleted by this process (any
  /// ActiveTimeline of the same `.hoodie` folder) since this snapshot was listed.
  /// Another process's changes are not seen: call Reload() for them.
  bool IsCurrent() const;

  /// All instants of the snapshot (highest state per instant).
  const Timeline& timeline() const { return timeline_; }
  const std::string& meta_path() const { return meta_path_; }
  const std::shared_ptr<Storage>& storage() const { return storage_; }

  /// Every state file on storage, requested and inflight ones next to the completed
  /// one included (Hudi's raw timeline, `new HoodieActiveTimeline(metaClient, false)`),
  /// in instant order.
  const std::vector<Instant>& state_files() const { return state_files_; }
  /// The state files of `instant`'s (timestamp, comparable action), lowest state first:
  /// what archival moves together.
  std::vector<Instant> StateFilesOf(const Instant& instant) const;
  /// When the instant reached its state: the file's modification time formatted as a
  /// local-time instant time (HoodieInstant.stateTransitionTime); nullopt if no such
  /// state file is on the snapshot.
  std::optional<std::string> StateTransitionTime(const Instant& instant) const;

  /// Full path of the file of `instant`'s state (schemacommits live in `.schema/`).
  ::arrow::Result<std::string> InstantPath(const Instant& instant) const;

  /// Creates the first file of a new instant: `instant` must be REQUESTED, or INFLIGHT
  /// for a savepoint (which has no requested state). Hudi writes commit and deltacommit
  /// requested files empty; plans (clean, compaction, ...) carry their Avro bytes.
  /// \return Invalid for a wrong state; kInstantStateConflict (AlreadyExists) if any
  ///   file of this instant already exists; IOError from storage.
  ::arrow::Status CreateRequested(const Instant& instant,
                                  std::string_view content = "") const;

  /// Creates the inflight file of a requested instant (transitionRequestedToInflight).
  /// \return the inflight instant; kInstantStateConflict (Invalid) if the requested file
  ///   is missing or the inflight file exists already.
  ::arrow::Result<Instant> TransitionToInflight(const Instant& requested,
                                                std::string_view content = "") const;

  /// Creates the completed file of an inflight instant (saveAsComplete). This is the
  /// commit point of a write. A compaction completes as a commit and a log compaction
  /// as a deltacommit; the returned instant carries that action.
  /// \return the completed instant; kInstantStateConflict (Invalid) if the inflight file
  ///   is missing or the completed file exists already.
  ::arrow::Result<Instant> TransitionToComplete(const Instant& inflight,
                                                std::string_view content) const;

  /// Unpublishes a completed instant (HoodieActiveTimeline.revertToInflight), as a
  /// rollback of it does: its requested and inflight files of `pending_action` (the
  /// action its pending states carry: `compaction` for a merge-on-read commit) are
  /// created empty where missing, then its completed file is deleted last, so that a
  /// crash leaves the instant completed or inflight, never without a state.
  /// \return the inflight instant; Invalid for an instant that is not completed.
  ::arrow::Result<Instant> RevertToInflight(const Instant& completed,
                                            Action pending_action) const;

  /// The bytes of `instant`'s state file (commit metadata JSON, Avro plans, ...).
  /// \return IOError naming the file if it cannot be read.
  ::arrow::Result<std::string> ReadDetails(const Instant& instant) const;

  /// Reads `instant`'s state file and decodes it with `T::FromAvroBytes` (a plan or
  /// metadata record of timeline_avro/).
  /// \return IOError naming the file if it cannot be read; the decoder's error, prefixed
  ///   with the file's path, if its bytes are not a `T`.
  template <typename T>
  ::arrow::Result<T> ReadAvro(const Instant& instant) const {
    ARROW_ASSIGN_OR_RAISE(std::string bytes, ReadDetails(instant));
    return InFile(T::FromAvroBytes(bytes), instant);
  }

  /// `status` with the path of `instant`'s state file before its message: what a decode
  /// error of that file says, so that a user knows which file to look at.
  ::arrow::Status InFile(const ::arrow::Status& status, const Instant& instant) const;
  template <typename T>
  ::arrow::Result<T> InFile(::arrow::Result<T> result, const Instant& instant) const {
    if (result.ok()) return result;
    return InFile(result.status(), instant);
  }

  /// Reads and parses the JSON commit metadata of a commit, deltacommit or compaction
  /// instant (any state; requested files are empty and give empty metadata).
  /// \return Invalid naming the instant file for malformed JSON; IOError from storage.
  ::arrow::Result<CommitMetadata> ReadCommitMetadata(const Instant& instant) const;
  /// The Avro schema JSON (without meta fields) of the latest completed commit,
  /// deltacommit or replacecommit that records one (TableSchemaResolver's schema from
  /// the latest commit); with `writes_only`, compaction, clustering and index commits
  /// are passed over. nullopt when no commit records a schema.
  ::arrow::Result<std::optional<std::string>> LatestCommitSchema(bool writes_only = false) const;
  /// As ReadCommitMetadata, for a completed replacecommit.
  ::arrow::Result<ReplaceCommitMetadata> ReadReplaceCommitMetadata(
      const Instant& instant) const;

  /// Deletes the state file of a pending instant (HoodieActiveTimeline.deletePending),
  /// as rollback does with the instant it rolls back: inflight first, then requested.
  /// \return Invalid for a completed instant; IOError if the file cannot be deleted.
  ::arrow::Status DeletePending(const Instant& instant) const;

  /// Deletes the file of `instant`'s state, of any state, if it exists
  /// (deleteInstantFileIfExists): archival removes what it archived.
  /// \return IOError if the file cannot be deleted.
  ::arrow::Status DeleteStateFileIfExists(const Instant& instant) const;
  /// A new instant time, strictly greater than every instant on this snapshot and than
  /// every time generated in this process (createNewInstantTime).
  ::arrow::Result<std::string> CreateNewInstantTime() const;

 private:
  ActiveTimeline(std::shared_ptr<Storage> storage, std::string meta_path,
                 TimelineTimeZone zone)
      : storage_(std::move(storage)), meta_path_(std::move(meta_path)), zone_(zone) {}

  /// Adds the instants of `dir`'s files to `found`; `*has_schema_dir`, when given,
  /// becomes true if `dir` holds the .schema folder.
  ::arrow::Status ListInto(const std::string& dir, bool schema_only,
                           std::map<Instant, int64_t>* found,
                           bool* has_schema_dir = nullptr) const;
  ::arrow::Result<bool> StateFileExists(const Instant& instant) const;
  ::arrow::Status CreateStateFile(const Instant& from, const Instant& to,
                                  std::string_view content) const;
  // Counts a change of the timeline's files when a mutating call ends, whatever its
  // outcome: a failed call may have changed a file, and a needless reload costs less.
  class ChangeNote;

  std::shared_ptr<Storage> storage_;
  std::string meta_path_;
  TimelineTimeZone zone_ = TimelineTimeZone::kLocal;
  Timeline timeline_;
  std::vector<Instant> state_files_;
  std::map<Instant, std::string> transition_times_;
  // This process's count of changes to the timeline in meta_path_, shared by every
  // snapshot of it, and its value when this one was listed.
  std::shared_ptr<std::atomic<uint64_t>> changes_;
  uint64_t listed_at_ = 0;
};

}  // namespace hoodie
