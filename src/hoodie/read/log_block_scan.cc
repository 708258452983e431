// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/read/log_block_scan.cc
/// \brief The block selection of AbstractHoodieLogRecordReader.scanInternalV1.
#include <algorithm>

#include "hoodie/common/logging.h"
#include "hoodie/common/macros.h"
#include "hoodie/format/avro/avro_schema.h"
#include "hoodie/format/log/log_file_reader.h"
#include "hoodie/read/log_block_scan_internal.h"
#include "hoodie/storage/storage.h"

namespace hoodie::internal {

bool LogScanTimeline::IsCommitted(const std::string& instant) const {
  if (completed.ContainsTimestamp(instant)) return true;
  std::optional<Instant> first = completed.FirstNonSavepointCommit();
  return first && instant < first->timestamp;
}

LogScanTimeline SnapshotLogScanTimeline(const Timeline& timeline,
                                        const std::optional<std::string>& as_of) {
  LogScanTimeline out;
  Timeline commits = timeline.GetCommitsTimeline();
  out.completed = commits.FilterCompleted();
  out.inflight = commits.FilterInflight();
  if (as_of) {
    out.latest_instant = *as_of;
  } else if (std::optional<Instant> last = out.completed.LastInstant()) {
    out.latest_instant = last->timestamp;
  }
  return out;
}

namespace {

// On a remote store a log file up to this size is read in one request: its frames,
// headers and (eagerly read) contents sit next to each other. The bytes are held only
// while the file is read.
constexpr int64_t kRemoteLogReadAhead = 8 << 20;
// The most block content a scan keeps from its read-aheads until the blocks are merged.
constexpr int64_t kKeptReadAhead = 16 << 20;

int64_t LogReadAhead(const Storage& storage) {
  return storage.is_remote() ? kRemoteLogReadAhead : 0;
}

// The size of `file` when a listing gave it (file-system view); -1 when unknown (slices
// built from a compaction plan, whose sizes are not set).
int64_t ListedSize(const LogFile& file) { return file.size > 0 ? file.size : -1; }

// What one block does to the stack of blocks read so far; false stops the scan.
bool ApplyBlock(LogBlock block, const LogScanTimeline& timeline, const LogFile& file,
                std::vector<LogBlock>* stack, LogScanStats* stats) {
  ++stats->blocks;
  if (block.type == LogBlockType::kCorrupt) {
    ++stats->corrupt_blocks;
    LogWarning("corrupt log block at offset " + std::to_string(block.offset) + " of " +
               file.path + " (" + std::to_string(block.size) +
               " bytes); it is skipped unless a rollback block removes it");
    stack->push_back(std::move(block));
    return true;
  }
  std::string instant = block.instant_time();
  // Blocks after the query instant end the scan (Java `break`, not `continue`).
  if (instant > timeline.latest_instant) return false;
  if (block.type == LogBlockType::kCommand) {
    if (!block.is_rollback()) return true;
    ++stats->rollback_blocks;
    std::string target =
        FindLogMetadata(block.header, LogHeaderKey::kTargetInstantTime).value_or("");
    std::erase_if(*stack, [&](const LogBlock& older) {
      return older.type == LogBlockType::kCorrupt || older.instant_time() == target;
    });
    return true;
  }
  if (!timeline.IsCommitted(instant) || timeline.inflight.ContainsTimestamp(instant)) {
    return true;  // a block of a failed or still running write
  }
  if (timeline.valid_instants && !timeline.valid_instants->contains(instant)) return true;
  stack->push_back(std::move(block));
  return true;
}

}  // namespace

::arrow::Result<std::vector<LogBlock>> ScanLogBlocks(
    Storage* storage, const std::vector<LogFile>& log_files,
    const LogScanTimeline& timeline, const LogScanOptions& options,
    LogScanStats* stats) {
  LogScanStats ignored;
  if (stats == nullptr) stats = &ignored;
  LogReadOptions read;
  read.lazy = options.lazy_block_read;
  read.reverse = options.reverse_log_read;
  read.read_ahead = LogReadAhead(*storage);
  // Contents the read-ahead fetched anyway are kept within a bound, so that merging the
  // blocks does not request them again.
  int64_t keep = read.lazy && read.read_ahead > 0
                     ? std::min(kKeptReadAhead, options.memory_budget / 4)
                     : 0;
  std::vector<LogBlock> stack;
  for (const LogFile& file : log_files) {
    read.keep_read_ahead = std::max<int64_t>(0, keep);
    ARROW_ASSIGN_OR_RAISE(std::vector<LogBlock> blocks,
                           ReadLogFile(storage, file.path, read, ListedSize(file)));
    for (const LogBlock& block : blocks) {
      if (block.content_loaded) keep -= static_cast<int64_t>(block.content.size());
    }
    if (!blocks.empty()) ++stats->log_files;
    for (LogBlock& block : blocks) {
      if (!ApplyBlock(std::move(block), timeline, file, &stack, stats)) {
        std::erase_if(stack,
                      [](const LogBlock& b) { return b.type == LogBlockType::kCorrupt; });
        return stack;
      }
    }
  }
  std::erase_if(stack,
                [](const LogBlock& b) { return b.type == LogBlockType::kCorrupt; });
  return stack;
}

::arrow::Result<std::shared_ptr<::arrow::Schema>> NewestLogSchema(
    Storage* storage, const std::vector<FileSlice>& slices) {
  std::vector<const LogFile*> logs;
  for (const FileSlice& slice : slices) {
    for (const LogFile& file : slice.log_files) logs.push_back(&file);
  }
  std::sort(logs.begin(), logs.end(),
            [](const LogFile* a, const LogFile* b) { return LogFileLess(*b, *a); });
  for (const LogFile* file : logs) {
    LogReadOptions lazy;
    lazy.lazy = true;  // only the headers are needed
    lazy.read_ahead = LogReadAhead(*storage);
    ARROW_ASSIGN_OR_RAISE(std::vector<LogBlock> blocks,
                           ReadLogFile(storage, file->path, lazy, ListedSize(*file)));
    for (auto it = blocks.rbegin(); it != blocks.rend(); ++it) {
      bool data =
          it->type == LogBlockType::kAvroData || it->type == LogBlockType::kParquetData;
      std::optional<std::string> schema =
          FindLogMetadata(it->header, LogHeaderKey::kSchema);
      if (data && schema) return AvroJsonToArrowSchema(*schema);
    }
  }
  return nullptr;
}

}  // namespace hoodie::internal
