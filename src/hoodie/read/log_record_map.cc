// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/read/log_record_map.cc
/// \brief The LogRecordMap: records in memory up to a byte budget, the rest spilled.
#include <cstdint>
#include <deque>
#include <limits>
#include <unordered_map>

#include <arrow/util/byte_size.h>

#include "hoodie/common/key_filter.h"
#include "hoodie/common/macros.h"
#include "hoodie/read/log_record_map_internal.h"
#include "hoodie/read/row_spill_file_internal.h"

namespace hoodie::internal {

namespace {

struct StringViewHash {
  size_t operator()(std::string_view s) const { return std::hash<std::string_view>()(s); }
};

// What the map knows about one key. A record is in memory (`batch` set), spilled
// (`spilled` set) or absent (a delete).
struct Slot {
  std::string key;
  std::shared_ptr<::arrow::RecordBatch> batch;
  int64_t row = 0;
  SpilledRow spill;
  bool spilled = false;
  bool deleted = false;
  bool merged_with_base = false;
};

// A batch kept alive by entries in memory, and what it is charged.
struct RetainedBatch {
  int64_t entries = 0;
  int64_t bytes = 0;
};

// Buffers plus a fixed charge for the batch and array objects themselves.
int64_t BatchCost(const ::arrow::RecordBatch& batch) {
  return ::arrow::util::TotalBufferSize(batch) + 128 + 64 * batch.num_columns();
}

class SpillableLogRecordMap : public LogRecordMap {
 public:
  SpillableLogRecordMap(int64_t budget, std::string spill_directory)
      : budget_(budget), spill_directory_(std::move(spill_directory)) {}

  ::arrow::Result<const LogRecordEntry*> Find(std::string_view key) override {
    auto it = index_.find(key);
    if (it == index_.end()) return nullptr;
    return Load(slots_[it->second]);
  }

  ::arrow::Status FindAll(const std::vector<std::string_view>& keys,
                          std::vector<const LogRecordEntry*>* entries) override {
    if (filter_keys_ != index_.size()) BuildFilter();
    wanted_.clear();
    for (std::string_view key : keys) {
      if (!filter_.MayHold(key)) {
        wanted_.push_back(nullptr);
        continue;
      }
      auto it = index_.find(key);
      wanted_.push_back(it == index_.end() ? nullptr : &slots_[it->second]);
    }
    return LoadAll(entries);
  }

  ::arrow::Status EntriesAt(size_t first, size_t count,
                            std::vector<std::string_view>* keys,
                            std::vector<const LogRecordEntry*>* entries) override {
    wanted_.clear();
    keys->clear();
    for (size_t i = first; i < slots_.size() && i - first < count; ++i) {
      wanted_.push_back(&slots_[i]);
      keys->push_back(slots_[i].key);
    }
    return LoadAll(entries);
  }

  ::arrow::Status Put(std::string_view key, LogRecordEntry entry) override {
    Slot* slot = nullptr;
    auto it = index_.find(key);
    if (it == index_.end()) {
      slots_.emplace_back();
      slot = &slots_.back();
      slot->key = std::string(key);
      index_.emplace(slot->key, slots_.size() - 1);
    } else {
      slot = &slots_[it->second];
      Release(slot);
    }
    slot->deleted = entry.deleted;
    slot->merged_with_base = entry.merged_with_base;
    slot->spilled = false;
    if (entry.batch == nullptr) return ::arrow::Status::OK();
    if (Retain(entry.batch)) {
      slot->batch = std::move(entry.batch);
      slot->row = entry.row;
      return ::arrow::Status::OK();
    }
    if (spill_ == nullptr) {
      ARROW_ASSIGN_OR_RAISE(spill_, RowSpillFile::Create(spill_directory_));
    }
    ARROW_ASSIGN_OR_RAISE(slot->spill, spill_->Append(*entry.batch, entry.row));
    slot->spilled = true;
    ++spilled_records_;
    return ::arrow::Status::OK();
  }

  ::arrow::Status MarkMergedWithBase(std::string_view key) override {
    auto it = index_.find(key);
    if (it == index_.end()) {
      return ::arrow::Status::KeyError("no log record for key ", key);
    }
    slots_[it->second].merged_with_base = true;
    return ::arrow::Status::OK();
  }

  ::arrow::Result<const LogRecordEntry*> EntryAt(size_t position,
                                                 std::string_view* key) override {
    if (position >= slots_.size()) {
      return ::arrow::Status::IndexError("log record position ", position, " of ",
                                         slots_.size());
    }
    *key = slots_[position].key;
    return Load(slots_[position]);
  }

  size_t size() const override { return slots_.size(); }

  LogRecordMapStats stats() const override {
    return {memory_bytes_, spilled_records_, spill_ ? spill_->size() : 0};
  }

 private:
  // The entry of `slot` in `found_`, reading a spilled record back.
  ::arrow::Result<const LogRecordEntry*> Load(const Slot& slot) {
    found_ = LogRecordEntry{nullptr, 0, slot.deleted, slot.merged_with_base};
    // A spilled record already merged with its base row is never used again: not read.
    if (slot.spilled && !slot.merged_with_base) {
      ARROW_ASSIGN_OR_RAISE(found_.batch, spill_->Read(slot.spill));
    } else {
      found_.batch = slot.batch;
      found_.row = slot.row;
    }
    return &found_;
  }

  // The entries of wanted_ (null slots: nullptr) in found_all_, spilled records that
  // will be used read back in one RowSpillFile::ReadMany.
  ::arrow::Status LoadAll(std::vector<const LogRecordEntry*>* entries) {
    found_all_.assign(wanted_.size(), LogRecordEntry{});
    spilled_rows_.clear();
    spilled_positions_.clear();
    entries->assign(wanted_.size(), nullptr);
    for (size_t i = 0; i < wanted_.size(); ++i) {
      const Slot* slot = wanted_[i];
      if (slot == nullptr) continue;
      LogRecordEntry& entry = found_all_[i];
      entry.deleted = slot->deleted;
      entry.merged_with_base = slot->merged_with_base;
      if (slot->spilled && !slot->merged_with_base) {
        spilled_rows_.push_back(slot->spill);
        spilled_positions_.push_back(i);
      } else {
        entry.batch = slot->batch;
        entry.row = slot->row;
      }
      (*entries)[i] = &entry;
    }
    if (spilled_rows_.empty()) return ::arrow::Status::OK();
    ARROW_RETURN_NOT_OK(spill_->ReadMany(spilled_rows_, &read_back_));
    for (size_t k = 0; k < spilled_positions_.size(); ++k) {
      LogRecordEntry& entry = found_all_[spilled_positions_[k]];
      entry.batch = std::move(read_back_[k].batch);
      entry.row = read_back_[k].row;
    }
    return ::arrow::Status::OK();
  }

  // What keeping `batch` in memory costs; the last batch that did not fit is
  // remembered, so spilling its rows one by one does not measure it each time.
  int64_t CostOf(const std::shared_ptr<::arrow::RecordBatch>& batch) {
    if (last_costed_.lock() == batch) return last_cost_;
    last_costed_ = batch;
    last_cost_ = BatchCost(*batch);
    return last_cost_;
  }

  // Charges `batch` to memory unless it is already kept; false when over budget.
  bool Retain(const std::shared_ptr<::arrow::RecordBatch>& batch) {
    auto it = retained_.find(batch.get());
    if (it == retained_.end()) {
      int64_t cost = CostOf(batch);
      if (cost > budget_ - memory_bytes_) return false;
      it = retained_.emplace(batch.get(), RetainedBatch{0, cost}).first;
      memory_bytes_ += cost;
    }
    ++it->second.entries;
    return true;
  }

  // A merged scan looks up every base row's key and most have no log record: at
  // 50,000 keys a slice, the index's buckets and nodes cost more than a tenth of the
  // snapshot's time without the filter.
  void BuildFilter() {
    filter_.Reset(index_.size());
    for (const auto& [key, slot] : index_) filter_.Add(key);
    filter_keys_ = index_.size();
  }

  // Drops the slot's record; its batch is uncharged when no other entry keeps it.
  void Release(Slot* slot) {
    if (slot->batch != nullptr) {
      auto it = retained_.find(slot->batch.get());
      if (it != retained_.end() && --it->second.entries == 0) {
        memory_bytes_ -= it->second.bytes;
        retained_.erase(it);
      }
      slot->batch.reset();
    }
    slot->spilled = false;
  }

  int64_t budget_;
  std::string spill_directory_;
  // A deque keeps each key's address, so the index can view it.
  std::deque<Slot> slots_;
  std::unordered_map<std::string_view, size_t, StringViewHash> index_;
  std::unordered_map<const ::arrow::RecordBatch*, RetainedBatch> retained_;
  int64_t memory_bytes_ = 0;
  int64_t spilled_records_ = 0;
  std::unique_ptr<RowSpillFile> spill_;
  LogRecordEntry found_;
  std::weak_ptr<::arrow::RecordBatch> last_costed_;
  int64_t last_cost_ = 0;
  // FindAll / EntriesAt state, kept to reuse its memory.
  std::vector<const Slot*> wanted_;
  std::vector<LogRecordEntry> found_all_;
  std::vector<SpilledRow> spilled_rows_;
  std::vector<size_t> spilled_positions_;
  std::vector<ReadBackRow> read_back_;
  // FindAll's filter of the index's keys, and how many keys it was built from.
  KeyFilter filter_;
  size_t filter_keys_ = SIZE_MAX;
};

}  // namespace

std::unique_ptr<LogRecordMap> MakeInMemoryLogRecordMap() {
  return std::make_unique<SpillableLogRecordMap>(std::numeric_limits<int64_t>::max(),
                                                 std::string());
}

std::unique_ptr<LogRecordMap> MakeSpillableLogRecordMap(int64_t memory_budget,
                                                        std::string spill_directory) {
  return std::make_unique<SpillableLogRecordMap>(memory_budget,
                                                 std::move(spill_directory));
}

}  // namespace hoodie::internal
