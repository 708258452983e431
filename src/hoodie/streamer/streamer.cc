// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/streamer/streamer.cc
#include "hoodie/streamer/streamer.h"

#include <chrono>
#include <thread>
#include <utility>

#include "hoodie/client/async_compaction_service.h"
#include "hoodie/storage/storage.h"

namespace hoodie {

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
    ARROW_ASSIGN_OR_RAISE(auto storage, Storage::FromUri(options.target_base_path, &base_path,
                                                         sync_->write_config()));
    compactor_ = std::make_unique<AsyncCompactionService>(storage, base_path,
                                                          sync_->write_config());
    // HoodieStreamer resumes the compactions an earlier run left pending.
    ARROW_RETURN_NOT_OK(compactor_->EnqueuePending());
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
