// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/cli/progress.h
/// \brief A one-line progress display for long CLI writes (records read, rate, phase).
#pragma once

#include <chrono>
#include <cstdint>
#include <memory>
#include <ostream>
#include <string>

#include <arrow/record_batch.h>

namespace hoodie::cli {

/// \brief Redraws one status line ("reading input: 1200000 records, 350000 records/s")
/// on `out`, at most once per `interval`, and clears it at the end. Disabled (every call
/// a no-op) when `out` is null: the CLI passes stderr only when it is a terminal, so
/// pipes, logs and tests never see carriage returns. Not thread-safe.
class ProgressLine {
 public:
  using Clock = std::chrono::steady_clock;

  explicit ProgressLine(std::ostream* out,
                        Clock::duration interval = std::chrono::milliseconds(250));
  /// Stderr when it is a terminal, else null.
  static std::ostream* TerminalStderr();

  /// Counts `rows` more records read; redraws if the interval has passed.
  void AddRecords(int64_t rows);
  /// Names the current phase ("reading input", "writing files") and redraws.
  void SetPhase(std::string phase);
  /// Erases the line (once; later calls do nothing).
  void Clear();
  ~ProgressLine() { Clear(); }

  int64_t records() const { return records_; }

 private:
  void Draw(bool force);

  std::ostream* out_;
  Clock::duration interval_;
  Clock::time_point start_;
  Clock::time_point last_draw_;
  bool drawn_ = false;
  int64_t records_ = 0;
  std::string phase_ = "reading input";
};

/// \brief Passes `inner`'s batches through, counting them on `progress` and switching
/// it to the "writing files" phase when the input ends.
class ProgressReader : public ::arrow::RecordBatchReader {
 public:
  ProgressReader(std::shared_ptr<::arrow::RecordBatchReader> inner,
                 ProgressLine* progress)
      : inner_(std::move(inner)), progress_(progress) {}
  std::shared_ptr<::arrow::Schema> schema() const override { return inner_->schema(); }
  ::arrow::Status ReadNext(std::shared_ptr<::arrow::RecordBatch>* batch) override;

 private:
  std::shared_ptr<::arrow::RecordBatchReader> inner_;
  ProgressLine* progress_;
};

}  // namespace hoodie::cli
