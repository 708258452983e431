// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/cli/progress.cc
#include "hoodie/cli/progress.h"

#include <unistd.h>

#include <iostream>
#include <utility>

namespace hoodie::cli {

ProgressLine::ProgressLine(std::ostream* out, Clock::duration interval)
    : out_(out), interval_(interval), start_(Clock::now()) {}

std::ostream* ProgressLine::TerminalStderr() {
  return isatty(STDERR_FILENO) ? &std::cerr : nullptr;
}

void ProgressLine::AddRecords(int64_t rows) {
  records_ += rows;
  Draw(false);
}

void ProgressLine::SetPhase(std::string phase) {
  phase_ = std::move(phase);
  Draw(true);
}

void ProgressLine::Draw(bool force) {
  if (out_ == nullptr) return;
  Clock::time_point now = Clock::now();
  if (!force && drawn_ && now - last_draw_ < interval_) return;
  double seconds = std::chrono::duration<double>(now - start_).count();
  auto rate = static_cast<int64_t>(seconds > 0 ? records_ / seconds : 0);
  // \r returns to the line start, \x1b[K erases what a longer earlier line left.
  *out_ << "\rhoodie: " << phase_ << ": " << records_ << " records read, " << rate
        << " records/s\x1b[K" << std::flush;
  drawn_ = true;
  last_draw_ = now;
}

void ProgressLine::Clear() {
  if (out_ == nullptr || !drawn_) return;
  *out_ << "\r\x1b[K" << std::flush;
  drawn_ = false;
  out_ = nullptr;
}

::arrow::Status ProgressReader::ReadNext(std::shared_ptr<::arrow::RecordBatch>* batch) {
  ARROW_RETURN_NOT_OK(inner_->ReadNext(batch));
  if (*batch != nullptr) {
    progress_->AddRecords((*batch)->num_rows());
  } else {
    progress_->SetPhase("writing files");
  }
  return ::arrow::Status::OK();
}

}  // namespace hoodie::cli
