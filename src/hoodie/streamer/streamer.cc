// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/streamer/streamer.cc
#include "hoodie/streamer/streamer.h"

#include <chrono>
#include <condition_variable>
#include <deque>
#include <mutex>
#include <thread>
#include <utility>

#include "hoodie/actions/compaction_executor.h"
#include "hoodie/actions/compaction_scheduler.h"
#include "hoodie/common/logging.h"
#include "hoodie/storage/storage.h"
#include "hoodie/table/table_meta_client.h"
#include "hoodie/timeline/active_timeline.h"

namespace hoodie {

// AsyncCompactService: one thread running the compactions handed to it, oldest first,
// each through the same executor as `hoodie compaction run`.
class Streamer::Compactor {
 public:
  Compactor(std::shared_ptr<Storage> storage, std::string base_path, HoodieConfig config)
      : storage_(std::move(storage)),
        base_path_(std::move(base_path)),
        config_(std::move(config)),
        thread_([this] { Loop(); }) {}

  ~Compactor() {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      stopping_ = true;
    }
    changed_.notify_all();
    thread_.join();
  }

  void Enqueue(const std::string& instant) {
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

  /// Compactions queued or running.
  int64_t Pending() {
    std::lock_guard<std::mutex> lock(mutex_);
    return static_cast<int64_t>(queue_.size()) + (running_.empty() ? 0 : 1);
  }
  int64_t Completed() {
    std::lock_guard<std::mutex> lock(mutex_);
    return completed_;
  }
  ::arrow::Status error() {
    std::lock_guard<std::mutex> lock(mutex_);
    return error_;
  }

  /// Waits until fewer than `limit` compactions are pending, the compactor fails, or
  /// `stop` is set.
  void WaitBelow(int64_t limit, const std::atomic<bool>* stop) {
    std::unique_lock<std::mutex> lock(mutex_);
    while (static_cast<int64_t>(queue_.size()) + (running_.empty() ? 0 : 1) >= limit &&
           error_.ok() && !(stop != nullptr && stop->load())) {
      changed_.wait_for(lock, std::chrono::milliseconds(200));
    }
  }

  /// Waits for the running compaction and, with `finish_queue`, for the queued ones;
  /// without, they are dropped and stay requested on the timeline for the next run.
  void Drain(bool finish_queue) {
    std::unique_lock<std::mutex> lock(mutex_);
    if (!finish_queue) queue_.clear();
    while ((!running_.empty() || !queue_.empty()) && error_.ok()) changed_.wait(lock);
  }

 private:
  void Loop() {
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
        error_ = status.WithMessage("async compaction ", instant, " failed: ", status.message());
      }
      changed_.notify_all();
    }
  }

  ::arrow::Status RunOne(const std::string& instant) {
    ARROW_ASSIGN_OR_RAISE(auto table, TableMetaClient::Load(storage_, base_path_));
    LogInfo("async compaction " + instant + " started");
    ARROW_ASSIGN_OR_RAISE(CompactionResult result, RunCompaction(table, config_, instant));
    LogInfo("async compaction " + result.instant_time + " completed");
    return ::arrow::Status::OK();
  }

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

Streamer::~Streamer() = default;

::arrow::Result<std::unique_ptr<Streamer>> Streamer::Make(StreamerOptions options,
                                                          HoodieConfig props) {
  auto out = std::unique_ptr<Streamer>(new Streamer());
  ARROW_ASSIGN_OR_RAISE(out->sync_, StreamSync::Make(std::move(options), std::move(props)));
  return out;
}

namespace {

bool Stopped(const RunControl& control) {
  return control.stop != nullptr && control.stop->load();
}

// Sleeps up to `seconds`, waking early when the run is stopped.
void SleepUnlessStopped(int64_t seconds, const RunControl& control) {
  auto until = std::chrono::steady_clock::now() + std::chrono::seconds(seconds);
  while (!Stopped(control) && std::chrono::steady_clock::now() < until) {
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
}

}  // namespace

::arrow::Result<StreamerTotals> Streamer::Run(const RunControl& control) {
  const StreamerOptions& options = sync_->options();
  StreamerTotals totals;
  if (options.async_compaction()) {
    std::string base_path;
    ARROW_ASSIGN_OR_RAISE(StorageOptions storage_options,
                          StorageOptions::FromConfig(sync_->write_config()));
    ARROW_ASSIGN_OR_RAISE(auto storage,
                          Storage::FromUri(options.target_base_path, &base_path, storage_options));
    compactor_ = std::make_unique<Compactor>(storage, base_path, sync_->write_config());
    // HoodieStreamer resumes the compactions an earlier run left pending.
    ARROW_ASSIGN_OR_RAISE(auto table, TableMetaClient::LoadIfExists(storage, base_path));
    if (table != nullptr) {
      ARROW_ASSIGN_OR_RAISE(ActiveTimeline timeline, table->LoadActiveTimeline());
      ARROW_ASSIGN_OR_RAISE(auto pending, PendingCompactionPlans(timeline));
      for (const auto& [instant, plan] : pending) compactor_->Enqueue(instant.timestamp);
    }
  }
  int64_t limit = options.continuous ? control.max_rounds : 1;
  ::arrow::Status failed;
  while (!Stopped(control) && (limit == 0 || totals.rounds < limit)) {
    auto started = std::chrono::steady_clock::now();
    if (compactor_ != nullptr) {
      compactor_->WaitBelow(options.max_pending_compactions, control.stop);
      if (!compactor_->error().ok()) break;
      if (Stopped(control)) break;
    }
    auto round = sync_->SyncOnce();
    if (!round.ok()) {
      failed = round.status();
      break;
    }
    ++totals.rounds;
    if (!round->instant.empty()) ++totals.commits;
    totals.records_read += round->records_read;
    totals.source_size += round->source_size;
    totals.records_written += round->records_written;
    totals.compactions += static_cast<int64_t>(round->compactions.size());
    if (round->scheduled_compaction) compactor_->Enqueue(*round->scheduled_compaction);
    if (compactor_ != nullptr) {
      totals.pending_compactions = compactor_->Pending();
      totals.compactions = compactor_->Completed();
    }
    if (control.on_round) control.on_round(*round, totals);
    if (!options.continuous) break;
    auto spent = std::chrono::steady_clock::now() - started;
    int64_t wait = options.min_sync_interval_seconds -
                   std::chrono::duration_cast<std::chrono::seconds>(spent).count();
    if (wait > 0 && (limit == 0 || totals.rounds < limit)) SleepUnlessStopped(wait, control);
  }
  if (compactor_ != nullptr) {
    // A run that ended by its round limit lets its compactions finish; a stopped or
    // failed one only the compaction under way.
    compactor_->Drain(failed.ok() && !Stopped(control));
    totals.compactions = compactor_->Completed();
    totals.pending_compactions = 0;
    ::arrow::Status compaction = compactor_->error();
    compactor_.reset();
    if (failed.ok() && !compaction.ok()) failed = compaction;
  }
  if (!failed.ok()) return failed;
  return totals;
}

}  // namespace hoodie
