// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/read/log_record_map.cc
/// \brief The in-memory LogRecordMap.
#include <unordered_map>
#include <vector>

#include "hoodie/read/log_record_map_internal.h"

namespace hoodie::internal {

namespace {

struct StringHash {
  using is_transparent = void;
  size_t operator()(std::string_view s) const { return std::hash<std::string_view>()(s); }
};

class InMemoryLogRecordMap : public LogRecordMap {
 public:
  LogRecordEntry* Find(std::string_view key) override {
    auto it = index_.find(key);
    return it == index_.end() ? nullptr : &entries_[it->second].second;
  }

  ::arrow::Status Put(std::string_view key, LogRecordEntry entry) override {
    auto it = index_.find(key);
    if (it != index_.end()) {
      entries_[it->second].second = entry;
      return ::arrow::Status::OK();
    }
    index_.emplace(std::string(key), entries_.size());
    entries_.emplace_back(std::string(key), entry);
    return ::arrow::Status::OK();
  }

  ::arrow::Status ForEach(
      const std::function<::arrow::Status(const std::string&, LogRecordEntry&)>& visit)
      override {
    for (auto& [key, entry] : entries_) {
      ARROW_RETURN_NOT_OK(visit(key, entry));
    }
    return ::arrow::Status::OK();
  }

  size_t size() const override { return entries_.size(); }

 private:
  std::unordered_map<std::string, size_t, StringHash, std::equal_to<>> index_;
  std::vector<std::pair<std::string, LogRecordEntry>> entries_;
};

}  // namespace

std::unique_ptr<LogRecordMap> MakeInMemoryLogRecordMap() {
  return std::make_unique<InMemoryLogRecordMap>();
}

}  // namespace hoodie::internal
