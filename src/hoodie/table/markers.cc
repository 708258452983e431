// SPDX-License-Identifier: Apache-2.0
#include "hoodie/table/markers.h"

#include <algorithm>

#include "hoodie/storage/path.h"
#include "hoodie/storage/storage.h"

namespace hoodie {
namespace {

// HoodieTableMetaClient.MARKER_EXTN and MarkerUtils' file names.
constexpr std::string_view kMarkerExtension = ".marker.";
constexpr std::string_view kMarkerTypeFile = "MARKERS.type";
constexpr std::string_view kMarkersFilePrefix = "MARKERS";
constexpr std::string_view kTimelineServerBased = "TIMELINE_SERVER_BASED";
constexpr std::string_view kDirect = "DIRECT";

::arrow::Result<IoType> ParseIoType(std::string_view name, std::string_view context) {
  for (IoType type : {IoType::kMerge, IoType::kCreate, IoType::kAppend}) {
    if (IoTypeName(type) == name) return type;
  }
  return ::arrow::Status::Invalid("unknown marker IO type '", name,
                                  "' (expected MERGE, CREATE or APPEND) in marker ",
                                  context);
}

// Strips a trailing '\r' and surrounding blanks of one MARKERSn line.
std::string_view TrimLine(std::string_view line) {
  while (!line.empty() && (line.back() == '\r' || line.back() == ' '))
    line.remove_suffix(1);
  while (!line.empty() && line.front() == ' ') line.remove_prefix(1);
  return line;
}

}  // namespace

std::string_view IoTypeName(IoType type) {
  switch (type) {
    case IoType::kMerge:
      return "MERGE";
    case IoType::kCreate:
      return "CREATE";
    case IoType::kAppend:
      return "APPEND";
  }
  return "UNKNOWN";
}

std::string Marker::DataFileRelativePath() const {
  return JoinPath(partition_path, file_name);
}

std::string Marker::RelativePath() const {
  return DataFileRelativePath() + std::string(kMarkerExtension) +
         std::string(IoTypeName(io_type));
}

::arrow::Result<Marker> Marker::Parse(std::string_view relative) {
  size_t ext = relative.rfind(kMarkerExtension);
  if (ext == std::string_view::npos || ext == 0) {
    return ::arrow::Status::Invalid(
        "not a marker path (expected <file>.marker.<IOTYPE>): ", relative);
  }
  Marker marker;
  ARROW_ASSIGN_OR_RAISE(
      marker.io_type,
      ParseIoType(relative.substr(ext + kMarkerExtension.size()), relative));
  std::string_view data_path = relative.substr(0, ext);
  size_t slash = data_path.rfind('/');
  if (slash != std::string_view::npos) {
    marker.partition_path = std::string(data_path.substr(0, slash));
    data_path.remove_prefix(slash + 1);
  }
  if (data_path.empty())
    return ::arrow::Status::Invalid("marker names no file: ", relative);
  marker.file_name = std::string(data_path);
  return marker;
}

WriteMarkers::WriteMarkers(std::shared_ptr<Storage> storage, std::string base_path,
                           std::string instant_time)
    : storage_(std::move(storage)),
      folder_(JoinPath(JoinPath(base_path, ".hoodie/.temp"), instant_time)) {}

::arrow::Status WriteMarkers::Create(const Marker& marker) const {
  if (before_create_) ARROW_RETURN_NOT_OK(before_create_(marker));
  // An empty file created only if absent: a second marker for the same data file means
  // two handles would write the same file, which must fail loudly.
  return storage_->CreateImmutable(JoinPath(folder_, marker.RelativePath()), "");
}

::arrow::Result<bool> WriteMarkers::Exists() const { return storage_->Exists(folder_); }

::arrow::Result<std::vector<Marker>> WriteMarkers::List() const {
  ARROW_ASSIGN_OR_RAISE(bool exists, Exists());
  if (!exists) return std::vector<Marker>{};
  std::string type_path = JoinPath(folder_, kMarkerTypeFile);
  ARROW_ASSIGN_OR_RAISE(bool typed, storage_->Exists(type_path));
  if (!typed) return ListDirect();
  ARROW_ASSIGN_OR_RAISE(std::string type, storage_->ReadAll(type_path));
  std::string_view trimmed = TrimLine(type);
  if (trimmed == kTimelineServerBased) return ListTimelineServerBased();
  if (trimmed == kDirect) return ListDirect();
  return ::arrow::Status::Invalid("unknown marker type '", trimmed,
                                  "' (expected DIRECT or TIMELINE_SERVER_BASED) in ",
                                  type_path);
}

::arrow::Result<std::vector<Marker>> WriteMarkers::ListDirect() const {
  ARROW_ASSIGN_OR_RAISE(auto entries, storage_->List(folder_, /*recursive=*/true));
  std::vector<Marker> markers;
  for (const auto& entry : entries) {
    // A marker whose creation was interrupted (kill -9) leaves its temp sibling.
    if (entry.is_directory || IsAtomicCreateTemp(entry.name())) continue;
    std::string_view relative(entry.path);
    relative.remove_prefix(std::min(relative.size(), folder_.size() + 1));
    if (relative.find(kMarkerExtension) == std::string_view::npos) continue;
    ARROW_ASSIGN_OR_RAISE(Marker marker, Marker::Parse(relative));
    markers.push_back(std::move(marker));
  }
  std::sort(markers.begin(), markers.end(), [](const Marker& a, const Marker& b) {
    return a.RelativePath() < b.RelativePath();
  });
  return markers;
}

::arrow::Result<std::vector<Marker>> WriteMarkers::ListTimelineServerBased() const {
  ARROW_ASSIGN_OR_RAISE(auto entries, storage_->List(folder_, /*recursive=*/false));
  std::vector<Marker> markers;
  for (const auto& entry : entries) {
    std::string_view name = entry.name();
    if (entry.is_directory || name == kMarkerTypeFile ||
        name.substr(0, kMarkersFilePrefix.size()) != kMarkersFilePrefix) {
      continue;
    }
    ARROW_ASSIGN_OR_RAISE(std::string content, storage_->ReadAll(entry.path));
    size_t start = 0;
    while (start < content.size()) {
      size_t end = content.find('\n', start);
      if (end == std::string::npos) end = content.size();
      std::string_view line =
          TrimLine(std::string_view(content).substr(start, end - start));
      if (!line.empty()) {
        auto marker = Marker::Parse(line);
        if (!marker.ok())
          return marker.status().WithMessage(marker.status().message(), " (in ",
                                             entry.path, ")");
        markers.push_back(std::move(*marker));
      }
      start = end + 1;
    }
  }
  std::sort(markers.begin(), markers.end(), [](const Marker& a, const Marker& b) {
    return a.RelativePath() < b.RelativePath();
  });
  return markers;
}

::arrow::Status WriteMarkers::DeleteFolder() const {
  ARROW_ASSIGN_OR_RAISE(bool exists, Exists());
  if (!exists) return ::arrow::Status::OK();
  return storage_->DeleteDir(folder_);
}

}  // namespace hoodie
