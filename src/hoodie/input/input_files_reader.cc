// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/input/input_files_reader.cc
#include "hoodie/input/input_files_reader.h"

#include <utility>

namespace hoodie {

::arrow::Result<std::shared_ptr<InputFilesReader>> InputFilesReader::Open(
    std::vector<std::string> paths, std::unique_ptr<InputFormat> format,
    InputOptions options) {
  if (paths.empty()) return ::arrow::Status::Invalid("no input files to read");
  auto out = std::shared_ptr<InputFilesReader>(new InputFilesReader());
  out->paths_ = std::move(paths);
  out->format_ = std::move(format);
  out->options_ = std::move(options);
  ARROW_RETURN_NOT_OK(out->OpenCurrent());
  out->schema_ = out->current_->schema();
  return out;
}

::arrow::Status InputFilesReader::ReadNext(std::shared_ptr<::arrow::RecordBatch>* batch) {
  batch->reset();
  while (current_ != nullptr) {
    ARROW_RETURN_NOT_OK(Locate(current_->ReadNext(batch)));
    if (*batch != nullptr) {
      rows_ += (*batch)->num_rows();
      return ::arrow::Status::OK();
    }
    current_.reset();
    if (++index_ < paths_.size()) ARROW_RETURN_NOT_OK(OpenCurrent());
  }
  return ::arrow::Status::OK();
}

std::string InputFilesReader::Place(int64_t row) const {
  size_t file = 0;
  while (file + 1 < starts_.size() && starts_[file + 1] <= row) ++file;
  return format_->Where(paths_[file], row - starts_[file], options_);
}

::arrow::Status InputFilesReader::OpenCurrent() {
  starts_.push_back(rows_);
  auto opened = format_->Open(paths_[index_], options_);
  if (!opened.ok()) return Locate(opened.status());
  current_ = *std::move(opened);
  return ::arrow::Status::OK();
}

::arrow::Status InputFilesReader::Locate(::arrow::Status status) const {
  if (status.ok() || format_->LocatesErrors()) return status;
  return status.WithMessage(paths_[index_], ": ", status.message());
}

}  // namespace hoodie
