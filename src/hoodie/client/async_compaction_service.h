// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/client/async_compaction_service.h
/// \brief AsyncCompactService: a background thread that runs a table's scheduled
/// compactions while its writer goes on, beside the table-service client's inline and
/// asynchronous clean and archive (table_services.h).
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <memory>
#include <mutex>
#include <string>
#include <thread>

#include <arrow/status.h>

#include "hoodie/config/hoodie_config.h"
#include "hoodie/visibility.h"

namespace hoodie {

class Storage;

/// \brief One thread running the compactions handed to it, oldest first, each through
/// the same executor as `hoodie compaction run`, on a table loaded afresh for each.
/// The first failure stops it: later compactions stay queued (and requested on the
/// timeline) and error() reports it. Thread-safe.
class HOODIE_EXPORT AsyncCompactionService {
 public:
  /// Starts the thread for the table at `base_path`; `config` is the writer's.
  AsyncCompactionService(std::shared_ptr<Storage> storage, std::string base_path,
                         HoodieConfig config);
  /// Stops after the compaction under way; queued ones stay requested.
  ~AsyncCompactionService();

  AsyncCompactionService(const AsyncCompactionService&) = delete;
  AsyncCompactionService& operator=(const AsyncCompactionService&) = delete;

  /// Queues the compaction requested at `instant` unless it is queued or running.
  void Enqueue(const std::string& instant);
  /// Queues every compaction the table's timeline holds pending (what an earlier run
  /// left, as HoodieStreamer resumes them); nothing when there is no table yet.
  ::arrow::Status EnqueuePending();

  /// Compactions queued or running.
  int64_t Pending();
  /// Compactions completed so far.
  int64_t Completed();
  /// The first failure, naming the compaction; OK while none failed.
  ::arrow::Status error();

  /// Waits until fewer than `limit` compactions are pending, the service fails, or
  /// `stop` is set.
  void WaitBelow(int64_t limit, const std::atomic<bool>* stop);
  /// Waits for the running compaction and, with `finish_queue`, for the queued ones;
  /// without, they are dropped and stay requested on the timeline for the next run.
  void Drain(bool finish_queue);

 private:
  void Loop();
  ::arrow::Status RunOne(const std::string& instant);
  int64_t PendingLocked() const;

  std::shared_ptr<Storage> storage_;
  std::string base_path_;
  HoodieConfig config_;
  std::mutex mutex_;
  std::condition_variable changed_;
  std::deque<std::string> queue_;
  std::string running_;
  int64_t completed_ = 0;
  bool stopping_ = false;
  ::arrow::Status error_;
  std::thread thread_;  // last: starts once the rest is made
};

}  // namespace hoodie
