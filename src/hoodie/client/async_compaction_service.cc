// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/client/async_compaction_service.cc
/// \brief The background compaction thread (AsyncCompactService).
#include "hoodie/client/async_compaction_service.h"

#include <chrono>
#include <utility>

#include "hoodie/actions/compaction_executor.h"
#include "hoodie/common/logging.h"
#include "hoodie/metadata_writer/metadata_table_writer.h"
#include "hoodie/storage/storage.h"
#include "hoodie/table/table_meta_client.h"
#include "hoodie/timeline/active_timeline.h"
#include "hoodie/timeline_avro/pending_plans.h"

namespace hoodie {

AsyncCompactionService::AsyncCompactionService(std::shared_ptr<Storage> storage,
                                               std::string base_path, HoodieConfig config)
    : storage_(std::move(storage)),
      base_path_(std::move(base_path)),
      config_(std::move(config)),
      thread_([this] { Loop(); }) {}

AsyncCompactionService::~AsyncCompactionService() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    stopping_ = true;
  }
  changed_.notify_all();
  thread_.join();
}

void AsyncCompactionService::Enqueue(const std::string& instant) {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    for (const std::string& queued : queue_) {
      if (queued == instant) return;
    }
    if (instant == running_) return;
    queue_.push_back(instant);
  }
  changed_.notify_all();
}

::arrow::Status AsyncCompactionService::EnqueuePending() {
  ARROW_ASSIGN_OR_RAISE(auto table, TableMetaClient::LoadIfExists(storage_, base_path_));
  if (table == nullptr) return ::arrow::Status::OK();
  ARROW_ASSIGN_OR_RAISE(ActiveTimeline timeline, table->LoadActiveTimeline());
  ARROW_ASSIGN_OR_RAISE(auto pending, PendingCompactionPlans(timeline));
  for (const auto& [instant, plan] : pending) Enqueue(instant.timestamp);
  return ::arrow::Status::OK();
}

int64_t AsyncCompactionService::PendingLocked() const {
  return static_cast<int64_t>(queue_.size()) + (running_.empty() ? 0 : 1);
}

int64_t AsyncCompactionService::Pending() {
  std::lock_guard<std::mutex> lock(mutex_);
  return PendingLocked();
}

int64_t AsyncCompactionService::Completed() {
  std::lock_guard<std::mutex> lock(mutex_);
  return completed_;
}

::arrow::Status AsyncCompactionService::error() {
  std::lock_guard<std::mutex> lock(mutex_);
  return error_;
}

void AsyncCompactionService::WaitBelow(int64_t limit, const std::atomic<bool>* stop) {
  std::unique_lock<std::mutex> lock(mutex_);
  // Polls `stop`, which its setter does not signal through this condition.
  while (PendingLocked() >= limit && error_.ok() && !(stop != nullptr && stop->load())) {
    changed_.wait_for(lock, std::chrono::milliseconds(200));
  }
}

void AsyncCompactionService::Drain(bool finish_queue) {
  std::unique_lock<std::mutex> lock(mutex_);
  if (!finish_queue) queue_.clear();
  while ((!running_.empty() || !queue_.empty()) && error_.ok()) changed_.wait(lock);
}

void AsyncCompactionService::Loop() {
  std::unique_lock<std::mutex> lock(mutex_);
  while (true) {
    changed_.wait(lock, [this] { return stopping_ || (!queue_.empty() && error_.ok()); });
    if (stopping_) return;
    running_ = queue_.front();
    queue_.pop_front();
    std::string instant = running_;
    lock.unlock();
    ::arrow::Status status = RunOne(instant);
    lock.lock();
    running_.clear();
    if (status.ok()) {
      ++completed_;
    } else {
      error_ = status.WithMessage("async compaction ", instant, " failed: ",
                                  status.message());
    }
    changed_.notify_all();
  }
}

::arrow::Status AsyncCompactionService::RunOne(const std::string& instant) {
  ARROW_ASSIGN_OR_RAISE(auto table, TableMetaClient::Load(storage_, base_path_));
  ARROW_RETURN_NOT_OK(ConfigureCommitHooks(table.get(), config_));
  LogInfo("async compaction " + instant + " started");
  ARROW_ASSIGN_OR_RAISE(CompactionResult result, RunCompaction(table, config_, instant));
  LogInfo("async compaction " + result.instant_time + " completed");
  return ::arrow::Status::OK();
}

}  // namespace hoodie
