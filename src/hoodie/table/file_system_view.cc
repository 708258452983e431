// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/table/file_system_view.cc
/// \brief FileSystemView: grouping listed files into file groups and slices, and the
/// visibility rules of AbstractTableFileSystemView / HoodieFileGroup.
#include "hoodie/table/file_system_view.h"

#include <algorithm>
#include <utility>

#include "hoodie/common/macros.h"
#include "hoodie/storage/path.h"
#include "hoodie/storage/storage.h"
#include "hoodie/table/file_name_internal.h"
#include "hoodie/table/partition_metadata.h"
#include "hoodie/table/table_meta_client.h"
#include "hoodie/timeline/active_timeline.h"

namespace hoodie {

bool PartitionMatches(std::string_view partition,
                      const std::vector<std::string>& filters) {
  if (filters.empty()) return true;
  for (std::string_view filter : filters) {
    while (!filter.empty() && filter.back() == '/') filter.remove_suffix(1);
    if (filter.empty() || partition == filter) return true;
    if (partition.size() > filter.size() && partition.substr(0, filter.size()) == filter &&
        partition[filter.size()] == '/') {
      return true;
    }
  }
  return false;
}

struct FileSystemView::Visibility {
  const Timeline* timeline = nullptr;  // every visible instant
  std::optional<std::string> last;     // last instant of `timeline`
  std::optional<std::string> as_of;

  // HoodieFileGroup.isFileSliceCommitted over the whole visible timeline, then, when
  // time travelling, getLatestMergedFileSlicesBeforeOrOn's bound: Spark's file index
  // builds its view from the whole timeline, so a slice of an archived instant before
  // `as_of` still counts. An empty timeline makes nothing visible.
  bool IsCommitted(const std::string& base_instant) const {
    return last.has_value() && base_instant <= *last &&
           (!as_of || base_instant <= *as_of) &&
           timeline->ContainsOrBeforeTimelineStarts(base_instant);
  }
};

::arrow::Result<std::shared_ptr<const FileSystemView>> FileSystemView::Load(
    const TableMetaClient& table, const FileSystemViewOptions& options) {
  ARROW_ASSIGN_OR_RAISE(ActiveTimeline timeline, table.LoadActiveTimeline());
  return Make(table, timeline, options);
}

::arrow::Result<std::shared_ptr<const FileSystemView>> FileSystemView::Make(
    const TableMetaClient& table, const ActiveTimeline& timeline,
    const FileSystemViewOptions& options) {
  std::shared_ptr<FileSystemView> view(new FileSystemView());
  Timeline writes = timeline.timeline().GetCommitsAndCompactionTimeline();
  view->visible_timeline_ = writes.FilterCompletedAndCompaction();
  for (const Instant& instant : view->visible_timeline_.instants()) {
    bool compaction = instant.action == Action::kCompaction ||
                      instant.action == Action::kLogCompaction;
    if (compaction && !instant.IsCompleted()) {
      view->pending_compactions_.insert(instant.timestamp);
    }
  }
  std::shared_ptr<TableListing> listing = options.listing;
  if (listing == nullptr && table.listing_factory()) {
    ARROW_ASSIGN_OR_RAISE(listing, table.listing_factory()(table, timeline));
  }
  if (listing == nullptr) listing = StorageTableListing::Of(table);
  std::vector<std::string> all_partitions;
  if (options.partitions) {
    for (const std::string& partition : *options.partitions) {
      ARROW_ASSIGN_OR_RAISE(bool exists, listing->PartitionExists(partition));
      if (exists) all_partitions.push_back(partition);
    }
  } else {
    ARROW_ASSIGN_OR_RAISE(all_partitions, listing->AllPartitionPaths());
  }
  for (const std::string& partition : all_partitions) {
    if (PartitionMatches(partition, options.partition_filters)) {
      view->partitions_.push_back(partition);
    }
  }
  ARROW_ASSIGN_OR_RAISE(std::vector<std::vector<FileStatus>> files,
                        listing->FilesInPartitions(view->partitions_));
  for (size_t i = 0; i < files.size(); ++i) {
    view->AddPartition(view->partitions_[i], files[i]);
  }
  ARROW_RETURN_NOT_OK(view->LoadReplacements(timeline));
  return std::shared_ptr<const FileSystemView>(std::move(view));
}

void FileSystemView::AddPartition(const std::string& partition,
                                  const std::vector<FileStatus>& entries) {
  for (const FileStatus& entry : entries) {
    std::string_view name = entry.name();
    // Anything that is neither a base nor a log file (partition metadata, .DS_Store,
    // marker leftovers) is not part of the table, as in Java's file filters.
    if (std::optional<BaseFile> base = internal::ParseBaseFileName(name)) {
      base->path = entry.path;
      base->size = entry.size;
      FileSlice& slice = groups_[{partition, base->file_id}][base->commit_time];
      slice.group = {partition, base->file_id};
      slice.base_instant = base->commit_time;
      slice.base_file = std::move(*base);
    } else if (std::optional<LogFile> log = internal::ParseLogFileName(name)) {
      log->path = entry.path;
      log->size = entry.size;
      FileSlice& slice = groups_[{partition, log->file_id}][log->base_commit_time];
      slice.group = {partition, log->file_id};
      slice.base_instant = log->base_commit_time;
      slice.log_files.push_back(std::move(*log));
    }
  }
  // Only this partition's groups got files: sorting every group seen so far made
  // listing quadratic in the number of partitions.
  for (auto it = groups_.lower_bound(FileGroupId{partition, ""});
       it != groups_.end() && it->first.partition_path == partition; ++it) {
    for (auto& [instant, slice] : it->second) {
      std::sort(slice.log_files.begin(), slice.log_files.end(), LogFileLess);
    }
  }
}

::arrow::Status FileSystemView::LoadReplacements(const ActiveTimeline& timeline) {
  Timeline replaces = timeline.timeline().GetCompletedReplaceTimeline();
  for (const Instant& instant : replaces.instants()) {
    ARROW_ASSIGN_OR_RAISE(ReplaceCommitMetadata metadata,
                           timeline.ReadReplaceCommitMetadata(instant));
    for (const auto& [partition, file_ids] : metadata.partition_to_replace_file_ids) {
      for (const std::string& file_id : file_ids) {
        auto [it, inserted] =
            replaced_by_.emplace(FileGroupId{partition, file_id}, instant.timestamp);
        if (!inserted && instant.timestamp < it->second) it->second = instant.timestamp;
      }
    }
  }
  return ::arrow::Status::OK();
}

FileSystemView::Visibility FileSystemView::MakeVisibility(
    std::optional<std::string_view> as_of) const {
  Visibility visibility;
  visibility.timeline = &visible_timeline_;
  if (std::optional<Instant> last = visible_timeline_.LastInstant()) {
    visibility.last = last->timestamp;
  }
  if (as_of) visibility.as_of = std::string(*as_of);
  return visibility;
}

bool FileSystemView::IsReplaced(const FileGroupId& id,
                                std::optional<std::string_view> as_of) const {
  auto it = replaced_by_.find(id);
  return it != replaced_by_.end() && (!as_of || it->second <= *as_of);
}

std::optional<FileSlice> FileSystemView::LatestMergedSlice(
    const SliceMap& slices, const Visibility& visibility) const {
  const FileSlice* latest = nullptr;
  for (const auto& [instant, slice] : slices) {
    if (!visibility.IsCommitted(instant)) continue;
    if (latest == nullptr) {
      latest = &slice;
      if (pending_compactions_.count(instant) == 0) return slice;
      continue;
    }
    // `latest` sits on a pending compaction: its base file (if any) is still being
    // written, so read the previous slice plus the logs of both (Java
    // mergeCompactionPendingFileSlices).
    FileSlice merged = slice;
    merged.log_files.insert(merged.log_files.end(), latest->log_files.begin(),
                            latest->log_files.end());
    std::sort(merged.log_files.begin(), merged.log_files.end(), LogFileLess);
    return merged;
  }
  if (latest == nullptr) return std::nullopt;
  FileSlice only = *latest;
  only.base_file.reset();
  return only;
}

std::vector<FileSlice> FileSystemView::LatestFileSlicesInPartition(
    std::string_view partition, std::optional<std::string_view> as_of) const {
  Visibility visibility = MakeVisibility(as_of);
  std::vector<FileSlice> out;
  for (const auto& [id, slices] : groups_) {
    if (id.partition_path != partition || IsReplaced(id, as_of)) continue;
    if (std::optional<FileSlice> slice = LatestMergedSlice(slices, visibility)) {
      out.push_back(std::move(*slice));
    }
  }
  return out;
}

std::vector<FileGroupSlices> FileSystemView::FileGroupsInPartition(
    std::string_view partition) const {
  Visibility visibility = MakeVisibility(std::nullopt);
  std::vector<FileGroupSlices> out;
  for (auto it = groups_.lower_bound(FileGroupId{std::string(partition), ""});
       it != groups_.end() && it->first.partition_path == partition; ++it) {
    FileGroupSlices group{it->first, {}, std::nullopt};
    for (const auto& [instant, slice] : it->second) {
      if (visibility.IsCommitted(instant)) group.slices.push_back(slice);
    }
    if (auto replaced = replaced_by_.find(it->first); replaced != replaced_by_.end()) {
      group.replaced_by = replaced->second;
    }
    if (!group.slices.empty()) out.push_back(std::move(group));
  }
  return out;
}

std::vector<FileSlice> FileSystemView::LatestFileSlices(
    std::optional<std::string_view> as_of) const {
  Visibility visibility = MakeVisibility(as_of);
  std::vector<FileSlice> out;
  for (const auto& [id, slices] : groups_) {
    if (IsReplaced(id, as_of)) continue;
    if (std::optional<FileSlice> slice = LatestMergedSlice(slices, visibility)) {
      out.push_back(std::move(*slice));
    }
  }
  return out;
}

std::vector<FileSlice> FileSystemView::LatestBaseFileSlices(
    std::optional<std::string_view> as_of) const {
  Visibility visibility = MakeVisibility(as_of);
  std::vector<FileSlice> out;
  for (const auto& [id, slices] : groups_) {
    if (IsReplaced(id, as_of)) continue;
    for (const auto& [instant, slice] : slices) {
      if (!slice.base_file || !visibility.IsCommitted(instant) ||
          pending_compactions_.count(instant) != 0) {
        continue;
      }
      FileSlice base_only = slice;
      base_only.log_files.clear();
      out.push_back(std::move(base_only));
      break;
    }
  }
  return out;
}

std::vector<BaseFile> FileSystemView::LatestBaseFiles(
    std::optional<std::string_view> as_of) const {
  std::vector<BaseFile> out;
  for (FileSlice& slice : LatestBaseFileSlices(as_of)) {
    out.push_back(std::move(*slice.base_file));
  }
  return out;
}

}  // namespace hoodie
