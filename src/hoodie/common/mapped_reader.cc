// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/common/mapped_reader.cc
#include "hoodie/common/mapped_reader.h"

#include <utility>

namespace hoodie {
namespace {

class MappedReader : public ::arrow::RecordBatchReader {
 public:
  MappedReader(std::shared_ptr<::arrow::RecordBatchReader> input,
               std::shared_ptr<::arrow::Schema> schema, BatchMapping mapping)
      : input_(std::move(input)), schema_(std::move(schema)), mapping_(std::move(mapping)) {}
  std::shared_ptr<::arrow::Schema> schema() const override { return schema_; }
  ::arrow::Status ReadNext(std::shared_ptr<::arrow::RecordBatch>* batch) override {
    std::shared_ptr<::arrow::RecordBatch> in;
    ARROW_RETURN_NOT_OK(input_->ReadNext(&in));
    if (in == nullptr) {
      batch->reset();
      return ::arrow::Status::OK();
    }
    ARROW_ASSIGN_OR_RAISE(*batch, mapping_(in));
    return ::arrow::Status::OK();
  }

 private:
  std::shared_ptr<::arrow::RecordBatchReader> input_;
  std::shared_ptr<::arrow::Schema> schema_;
  BatchMapping mapping_;
};

}  // namespace

std::shared_ptr<::arrow::RecordBatchReader> MapBatches(
    std::shared_ptr<::arrow::RecordBatchReader> input, std::shared_ptr<::arrow::Schema> schema,
    BatchMapping mapping) {
  return std::make_shared<MappedReader>(std::move(input), std::move(schema), std::move(mapping));
}

}  // namespace hoodie
