// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/timeline_avro/archived_timeline.cc
/// \brief Reading the archived timeline and making its blocks.

#include "hoodie/timeline_avro/archived_timeline.h"

#include <algorithm>
#include <set>
#include <string>
#include <utility>

#include "hoodie/common/logging.h"
#include "hoodie/format/avro_codec/avro_binary.h"
#include "hoodie/format/log/data_block.h"
#include "hoodie/format/log/log_file_reader.h"
#include "hoodie/storage/storage.h"

namespace hoodie {
namespace {

constexpr std::string_view kArchivePrefix = ".commits_.archive.";

::arrow::Status ReadDataBlock(const LogBlock& block, const std::string& path,
                              const AvroSchema& reader,
                              std::vector<ArchivedMetaEntry>* out) {
  std::optional<std::string> schema_json = FindLogMetadata(block.header, LogHeaderKey::kSchema);
  if (!schema_json) {
    return ::arrow::Status::Invalid("archive file ", path, ": the data block at offset ",
                                    block.offset, " has no SCHEMA header");
  }
  ARROW_ASSIGN_OR_RAISE(auto writer, AvroSchema::Parse(*schema_json));
  ARROW_ASSIGN_OR_RAISE(std::vector<std::string_view> records,
                        SplitAvroDataBlock(block.content));
  for (std::string_view record : records) {
    auto value = DecodeAvroBinary(&record, writer->root(), reader.root());
    if (!value.ok()) {
      return ::arrow::Status::Invalid("archive file ", path, ": a record of the block at offset ",
                                      block.offset, " does not decode as HoodieArchivedMetaEntry: ",
                                      value.status().message());
    }
    ARROW_ASSIGN_OR_RAISE(ArchivedMetaEntry entry, ArchivedMetaEntry::FromAvroValue(*value));
    out->push_back(std::move(entry));
  }
  return ::arrow::Status::OK();
}

}  // namespace

std::string ArchiveFileName(int32_t version) {
  return std::string(kArchivePrefix) + std::to_string(version) + "_" +
         std::string(kArchiveWriteToken);
}

std::optional<int32_t> ArchiveFileVersion(std::string_view name) {
  if (name.substr(0, kArchivePrefix.size()) != kArchivePrefix) return std::nullopt;
  std::string_view rest = name.substr(kArchivePrefix.size());
  size_t digits = 0;
  while (digits < rest.size() && rest[digits] >= '0' && rest[digits] <= '9') ++digits;
  if (digits == 0 || digits > 9) return std::nullopt;
  return std::stoi(std::string(rest.substr(0, digits)));
}

::arrow::Result<LogBlock> MakeArchiveLogBlock(const std::vector<ArchivedMetaEntry>& entries) {
  ARROW_ASSIGN_OR_RAISE(auto schema, ArchivedMetaEntrySchema());
  std::vector<std::string> records;
  records.reserve(entries.size());
  for (const ArchivedMetaEntry& entry : entries) {
    ARROW_ASSIGN_OR_RAISE(std::string record, EncodeArchivedMetaEntry(entry));
    records.push_back(std::move(record));
  }
  LogBlock block;
  block.type = LogBlockType::kAvroData;
  block.header = {{LogHeaderKey::kSchema, schema->json()}};
  block.content = MakeAvroDataBlockContent(records);
  return block;
}

namespace {

// The archive files of `archive_dir` (version, path), newest version first
// (ArchiveFileVersionComparator).
::arrow::Result<std::vector<std::pair<int32_t, std::string>>> ListArchiveFiles(
    const std::shared_ptr<Storage>& storage, const std::string& archive_dir) {
  std::vector<std::pair<int32_t, std::string>> files;
  ARROW_ASSIGN_OR_RAISE(bool exists, storage->Exists(archive_dir));
  if (!exists) return files;
  ARROW_ASSIGN_OR_RAISE(auto listing, storage->List(archive_dir, /*recursive=*/false));
  for (const FileStatus& status : listing) {
    if (status.is_directory) continue;
    std::optional<int32_t> version = ArchiveFileVersion(status.name());
    if (version) files.emplace_back(*version, archive_dir + "/" + std::string(status.name()));
  }
  std::sort(files.begin(), files.end(),
            [](const auto& a, const auto& b) { return a.first > b.first; });
  return files;
}

}  // namespace

::arrow::Result<int32_t> LatestArchiveVersion(const std::shared_ptr<Storage>& storage,
                                              const std::string& archive_dir) {
  ARROW_ASSIGN_OR_RAISE(auto files, ListArchiveFiles(storage, archive_dir));
  return files.empty() ? 0 : files.front().first;
}

::arrow::Result<ArchivedTimeline> ArchivedTimeline::Load(
    const std::shared_ptr<Storage>& storage, const std::string& archive_dir) {
  ArchivedTimeline loaded;
  ARROW_ASSIGN_OR_RAISE(auto files, ListArchiveFiles(storage, archive_dir));
  ARROW_ASSIGN_OR_RAISE(auto reader_schema, ArchivedMetaEntrySchema());
  for (const auto& [version, path] : files) {
    loaded.latest_version_ = std::max(loaded.latest_version_, version);
    loaded.files_.push_back(path);
    ARROW_ASSIGN_OR_RAISE(auto reader, LogFileReader::Open(storage.get(), path));
    ARROW_ASSIGN_OR_RAISE(std::vector<LogBlock> blocks, reader->ReadAll(LogReadOptions{}));
    for (const LogBlock& block : blocks) {
      if (block.type == LogBlockType::kCorrupt) {
        std::string where = path + " at offset " + std::to_string(block.offset);
        LogWarning("Skipping a corrupt block of the archived timeline: " + where);
        loaded.skipped_.push_back(std::move(where));
        continue;
      }
      if (block.type != LogBlockType::kAvroData) continue;
      ARROW_RETURN_NOT_OK(ReadDataBlock(block, path, *reader_schema, &loaded.entries_));
    }
  }
  return loaded;
}

::arrow::Result<Timeline> ArchivedTimeline::ToTimeline() const {
  std::set<Instant> instants;
  for (const ArchivedMetaEntry& entry : entries_) {
    ARROW_ASSIGN_OR_RAISE(Instant instant, entry.ToInstant());
    instants.insert(std::move(instant));
  }
  return Timeline(std::vector<Instant>(instants.begin(), instants.end()));
}

}  // namespace hoodie
