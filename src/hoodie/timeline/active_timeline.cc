// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/timeline/active_timeline.cc
/// \brief Loading layout-1 timelines and creating instant state files
/// (HoodieActiveTimeline, TimelineLayout.TimelineLayoutV1).
#include "hoodie/timeline/active_timeline.h"

#include <map>
#include <mutex>
#include <utility>

#include "hoodie/common/error.h"
#include "hoodie/common/logging.h"
#include "hoodie/common/macros.h"
#include "hoodie/storage/storage.h"

namespace hoodie {
namespace {

constexpr std::string_view kSchemaFolder = ".schema";

// Key of TimelineLayoutV1's grouping: a compaction and the commit it completes as are
// one instant.
using InstantKey = std::pair<std::string, Action>;

// The change counter of each `.hoodie` folder this process has loaded, by path: every
// snapshot of one folder shares it, whichever object loaded it.
std::shared_ptr<std::atomic<uint64_t>> ChangeCounterOf(const std::string& meta_path) {
  static std::mutex mutex;
  static std::map<std::string, std::shared_ptr<std::atomic<uint64_t>>> counters;
  std::lock_guard<std::mutex> lock(mutex);
  auto& counter = counters[meta_path];
  if (counter == nullptr) counter = std::make_shared<std::atomic<uint64_t>>(0);
  return counter;
}

::arrow::Status StateConflict(const std::string& message) {
  return WithErrorCode(::arrow::Status::Invalid(message),
                       ErrorCode::kInstantStateConflict);
}

}  // namespace

::arrow::Result<ActiveTimeline> ActiveTimeline::Load(std::shared_ptr<Storage> storage,
                                                     std::string meta_path,
                                                     TimelineTimeZone zone) {
  while (meta_path.size() > 1 && meta_path.back() == '/') meta_path.pop_back();
  ActiveTimeline loaded(std::move(storage), std::move(meta_path), zone);
  // Read before listing: a change made while the listing runs leaves the snapshot stale.
  loaded.changes_ = ChangeCounterOf(loaded.meta_path_);
  loaded.listed_at_ = loaded.changes_->load();
  std::map<Instant, int64_t> found;
  // The listing of .hoodie shows whether .schema exists: on an object store, asking
  // costs two more requests per load.
  bool has_schema_dir = false;
  ARROW_RETURN_NOT_OK(
      loaded.ListInto(loaded.meta_path_, /*schema_only=*/false, &found, &has_schema_dir));
  if (has_schema_dir) {
    const std::string schema_dir = loaded.meta_path_ + "/" + std::string(kSchemaFolder);
    ARROW_RETURN_NOT_OK(loaded.ListInto(schema_dir, /*schema_only=*/true, &found));
  }

  // Layout 1 keeps, per (timestamp, comparable action), only the highest state; the
  // older state files normally stay on storage next to it.
  std::map<InstantKey, std::pair<Instant, int64_t>> highest;
  for (const auto& [instant, mtime] : found) {
    InstantKey key{instant.timestamp, ComparableAction(instant.action)};
    auto it = highest.find(key);
    if (it == highest.end() || it->second.first.state < instant.state) {
      highest[key] = {instant, mtime};
    }
  }
  std::vector<Instant> instants;
  for (const auto& [key, entry] : highest) instants.push_back(entry.first);
  for (const auto& [instant, mtime] : found) {
    loaded.state_files_.push_back(instant);
    // HoodieInstant formats the modification time with HoodieInstantTimeGenerator
    // .formatDate, which uses the JVM zone whatever the timeline zone is.
    loaded.transition_times_[instant] =
        InstantTimeGenerator::FormatMillis(mtime, TimelineTimeZone::kLocal);
  }
  loaded.timeline_ = Timeline(std::move(instants));
  return loaded;
}

class ActiveTimeline::ChangeNote {
 public:
  explicit ChangeNote(const ActiveTimeline* timeline) : timeline_(timeline) {}
  ~ChangeNote() {
    if (timeline_->changes_ != nullptr) timeline_->changes_->fetch_add(1);
  }
  ChangeNote(const ChangeNote&) = delete;
  ChangeNote& operator=(const ChangeNote&) = delete;

 private:
  const ActiveTimeline* timeline_;
};

bool ActiveTimeline::IsCurrent() const {
  return changes_ != nullptr && changes_->load() == listed_at_;
}

::arrow::Status ActiveTimeline::ListInto(const std::string& dir, bool schema_only,
                                         std::map<Instant, int64_t>* found,
                                         bool* has_schema_dir) const {
  ARROW_ASSIGN_OR_RAISE(auto entries, storage_->List(dir, /*recursive=*/false));
  for (const FileStatus& entry : entries) {
    if (entry.is_directory) {
      if (has_schema_dir != nullptr && entry.name() == kSchemaFolder) *has_schema_dir = true;
      continue;
    }
    std::string name(entry.name());
    auto parsed = Instant::FromFileName(name);
    if (!parsed.ok()) {
      // Hudi loads only names with a known instant extension and skips the rest
      // silently; we also say so, since such a file is usually a leftover.
      LogWarning("Skipping timeline file that is not a valid instant: " + dir + "/" +
                 name + " (" + parsed.status().message() + ")");
      continue;
    }
    if (!parsed->has_value()) continue;
    const Instant& instant = **parsed;
    if (schema_only && instant.action != Action::kSchemaCommit) continue;
    (*found)[instant] = entry.modification_time_ms;
  }
  return ::arrow::Status::OK();
}

::arrow::Result<ActiveTimeline> ActiveTimeline::Reload() const {
  return Load(storage_, meta_path_, zone_);
}

std::optional<std::string> ActiveTimeline::StateTransitionTime(
    const Instant& instant) const {
  auto it = transition_times_.find(instant);
  if (it == transition_times_.end()) return std::nullopt;
  return it->second;
}

::arrow::Result<std::string> ActiveTimeline::InstantPath(const Instant& instant) const {
  ARROW_ASSIGN_OR_RAISE(std::string name, instant.FileName());
  if (instant.action == Action::kSchemaCommit) {
    return meta_path_ + "/" + std::string(kSchemaFolder) + "/" + name;
  }
  return meta_path_ + "/" + name;
}

::arrow::Result<bool> ActiveTimeline::StateFileExists(const Instant& instant) const {
  ARROW_ASSIGN_OR_RAISE(std::string path, InstantPath(instant));
  return storage_->FileExists(path);
}

::arrow::Status ActiveTimeline::CreateStateFile(const Instant& from, const Instant& to,
                                                std::string_view content) const {
  ChangeNote note(this);
  ARROW_ASSIGN_OR_RAISE(bool from_exists, StateFileExists(from));
  if (!from_exists) {
    return StateConflict(
        "Cannot transition instant, its current state file is missing: " +
        from.ToString() + " -> " + to.ToString());
  }
  ARROW_ASSIGN_OR_RAISE(bool to_exists, StateFileExists(to));
  if (to_exists) {
    return StateConflict("Cannot transition instant, the target state file exists: " +
                         from.ToString() + " -> " + to.ToString());
  }
  ARROW_ASSIGN_OR_RAISE(std::string path, InstantPath(to));
  ::arrow::Status st = storage_->CreateImmutable(path, content);
  if (st.IsAlreadyExists()) {
    // Another writer created the same state file between our check and our create.
    return WithErrorCode(st, ErrorCode::kInstantStateConflict);
  }
  return st;
}

::arrow::Status ActiveTimeline::CreateRequested(const Instant& instant,
                                                std::string_view content) const {
  ChangeNote note(this);
  const bool first_state = instant.IsRequested() ||
                           (instant.action == Action::kSavepoint && instant.IsInflight());
  if (!first_state) {
    return ::arrow::Status::Invalid(
        "A new instant must be REQUESTED (INFLIGHT for a savepoint): ",
        instant.ToString());
  }
  for (State state : {State::kRequested, State::kInflight, State::kCompleted}) {
    Instant other{instant.timestamp, instant.action, state};
    if (!other.FileName().ok()) continue;  // a savepoint has no requested file
    ARROW_ASSIGN_OR_RAISE(bool exists, StateFileExists(other));
    if (exists) {
      return StateConflict("Cannot create instant, a file of it already exists: " +
                           other.ToString());
    }
  }
  ARROW_ASSIGN_OR_RAISE(std::string path, InstantPath(instant));
  ::arrow::Status st = storage_->CreateImmutable(path, content);
  if (st.IsAlreadyExists()) return WithErrorCode(st, ErrorCode::kInstantStateConflict);
  return st;
}

::arrow::Result<Instant> ActiveTimeline::TransitionToInflight(
    const Instant& requested, std::string_view content) const {
  if (!requested.IsRequested()) {
    return ::arrow::Status::Invalid("Only a REQUESTED instant can become INFLIGHT: ",
                                    requested.ToString());
  }
  Instant inflight{requested.timestamp, requested.action, State::kInflight};
  ARROW_RETURN_NOT_OK(CreateStateFile(requested, inflight, content));
  return inflight;
}

::arrow::Result<Instant> ActiveTimeline::TransitionToComplete(
    const Instant& inflight, std::string_view content) const {
  if (!inflight.IsInflight()) {
    return ::arrow::Status::Invalid("Only an INFLIGHT instant can be completed: ",
                                    inflight.ToString());
  }
  // transitionCompactionInflightToComplete / transitionLogCompactionInflightToComplete
  // complete as a commit / deltacommit.
  Instant completed{inflight.timestamp, ComparableAction(inflight.action),
                    State::kCompleted};
  ARROW_RETURN_NOT_OK(CreateStateFile(inflight, completed, content));
  return completed;
}

::arrow::Result<Instant> ActiveTimeline::RevertToInflight(const Instant& completed,
                                                         Action pending_action) const {
  ChangeNote note(this);
  if (!completed.IsCompleted()) {
    return ::arrow::Status::Invalid("Only a completed instant can be reverted: ",
                                    completed.ToString());
  }
  for (State state : {State::kRequested, State::kInflight}) {
    const Instant pending{completed.timestamp, pending_action, state};
    ARROW_ASSIGN_OR_RAISE(bool exists, StateFileExists(pending));
    if (exists) continue;
    ARROW_ASSIGN_OR_RAISE(std::string path, InstantPath(pending));
    ARROW_RETURN_NOT_OK(storage_->CreateImmutable(path, ""));
  }
  ARROW_ASSIGN_OR_RAISE(std::string path, InstantPath(completed));
  ARROW_RETURN_NOT_OK(storage_->DeleteFile(path));
  return Instant{completed.timestamp, pending_action, State::kInflight};
}

::arrow::Result<std::string> ActiveTimeline::ReadDetails(const Instant& instant) const {
  ARROW_ASSIGN_OR_RAISE(std::string path, InstantPath(instant));
  auto content = storage_->ReadAll(path);
  if (!content.ok()) {
    return content.status().WithMessage("Cannot read instant file ", path, " of ",
                                        instant.ToString(), ": ",
                                        content.status().message());
  }
  return content;
}

::arrow::Status ActiveTimeline::InFile(const ::arrow::Status& status,
                                      const Instant& instant) const {
  if (status.ok()) return status;
  auto path = InstantPath(instant);
  return status.WithMessage(path.ok() ? *path : instant.ToString(), ": ", status.message());
}

::arrow::Result<CommitMetadata> ActiveTimeline::ReadCommitMetadata(
    const Instant& instant) const {
  ARROW_ASSIGN_OR_RAISE(std::string bytes, ReadDetails(instant));
  ARROW_ASSIGN_OR_RAISE(std::string path, InstantPath(instant));
  return CommitMetadata::FromJson(bytes, path);
}

::arrow::Result<std::optional<std::string>> ActiveTimeline::LatestCommitSchema(
    bool writes_only) const {
  const std::vector<Instant> commits = timeline_.GetCommitsTimeline().FilterCompleted().instants();
  for (auto it = commits.rbegin(); it != commits.rend(); ++it) {
    ARROW_ASSIGN_OR_RAISE(CommitMetadata metadata, ReadCommitMetadata(*it));
    switch (metadata.operation_type) {
      case WriteOperationType::kCluster:
      case WriteOperationType::kCompact:
      case WriteOperationType::kIndex:
      case WriteOperationType::kLogCompact:
        if (writes_only) continue;
        break;
      default:
        break;
    }
    if (auto schema = metadata.Schema(); schema && !schema->empty()) return schema;
  }
  return std::nullopt;
}

::arrow::Result<ReplaceCommitMetadata> ActiveTimeline::ReadReplaceCommitMetadata(
    const Instant& instant) const {
  ARROW_ASSIGN_OR_RAISE(std::string bytes, ReadDetails(instant));
  ARROW_ASSIGN_OR_RAISE(std::string path, InstantPath(instant));
  return ReplaceCommitMetadata::FromJson(bytes, path);
}

::arrow::Status ActiveTimeline::DeletePending(const Instant& instant) const {
  ChangeNote note(this);
  if (instant.IsCompleted()) {
    return ::arrow::Status::Invalid("Only a pending instant's file can be deleted: ",
                                    instant.ToString());
  }
  ARROW_ASSIGN_OR_RAISE(std::string path, InstantPath(instant));
  return storage_->DeleteFile(path);
}

std::vector<Instant> ActiveTimeline::StateFilesOf(const Instant& instant) const {
  std::vector<Instant> states;
  const Action comparable = ComparableAction(instant.action);
  for (const Instant& file : state_files_) {
    if (file.timestamp == instant.timestamp && ComparableAction(file.action) == comparable) {
      states.push_back(file);
    }
  }
  return states;
}

::arrow::Status ActiveTimeline::DeleteStateFileIfExists(const Instant& instant) const {
  ChangeNote note(this);
  ARROW_ASSIGN_OR_RAISE(std::string path, InstantPath(instant));
  ARROW_ASSIGN_OR_RAISE(bool exists, storage_->FileExists(path));
  if (!exists) return ::arrow::Status::OK();
  return storage_->DeleteFile(path);
}

::arrow::Result<std::string> ActiveTimeline::CreateNewInstantTime() const {
  // The snapshot is sorted by timestamp string, so its last instant is the greatest.
  std::optional<Instant> last = timeline_.LastInstant();
  return InstantTimeGenerator::CreateNewInstantTime(zone_, last ? last->timestamp : "");
}

}  // namespace hoodie
