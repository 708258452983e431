// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/merge/gather_rows.cc
/// \brief GatherRows: the rows of two batches picked in a given order, column by column.
///
/// A merged batch is mostly base rows in their order with a few merged rows in between
/// (a 65,536-row batch of a merge-on-read snapshot carries a few thousand updates). So
/// the picks form runs of consecutive rows of one batch, and each column is put
/// together run by run with one copy of its bytes. Concatenating the two batches and
/// taking from the result (Arrow's Take) copies every value twice, and one at a time.
#include <cstring>
#include <vector>

#include <arrow/array.h>
#include <arrow/array/concatenate.h>
#include <arrow/buffer.h>
#include <arrow/compute/api_vector.h>
#include <arrow/datum.h>
#include <arrow/record_batch.h>
#include <arrow/type.h>
#include <arrow/type_traits.h>
#include <arrow/util/bit_util.h>
#include <arrow/util/bitmap_ops.h>
#include <arrow/util/checked_cast.h>

#include "hoodie/merge/record_merger.h"

namespace hoodie {

namespace {

using ::arrow::ArrayData;
using ::arrow::Status;

// Consecutive rows of one of the two sources: rows [start, start + length) of
// source 0 (base) or 1 (built).
struct Run {
  int source;
  int64_t start;
  int64_t length;
};

::arrow::Result<std::vector<Run>> RunsOf(const ::arrow::Array& sources, int64_t base_rows,
                                        int64_t built_rows) {
  if (sources.type_id() != ::arrow::Type::INT32 || sources.null_count() != 0) {
    return Status::Invalid("row sources must be int32 without nulls");
  }
  const auto& indices = ::arrow::internal::checked_cast<const ::arrow::Int32Array&>(sources);
  std::vector<Run> runs;
  for (int64_t i = 0; i < indices.length(); ++i) {
    const int64_t index = indices.Value(i);
    if (index < 0 || index >= base_rows + built_rows) {
      return Status::IndexError("row source ", index, " out of range for ", base_rows,
                                " + ", built_rows, " rows");
    }
    const int source = index < base_rows ? 0 : 1;
    const int64_t row = source == 0 ? index : index - base_rows;
    if (!runs.empty() && runs.back().source == source &&
        runs.back().start + runs.back().length == row) {
      ++runs.back().length;
    } else {
      runs.push_back(Run{source, row, 1});
    }
  }
  return runs;
}

// Gathers one column of the two sources along the runs.
class ColumnGather {
 public:
  ColumnGather(const std::vector<Run>& runs, int64_t length, ::arrow::MemoryPool* pool)
      : runs_(runs), length_(length), pool_(pool) {}

  ::arrow::Result<std::shared_ptr<ArrayData>> Gather(const ArrayData& base,
                                                     const ArrayData& built) {
    sources_[0] = &base;
    sources_[1] = &built;
    const ::arrow::DataType& type = *base.type;
    auto out = std::make_shared<ArrayData>(base.type, length_);
    out->buffers.resize(type.layout().buffers.size());
    int64_t null_count = 0;
    ARROW_ASSIGN_OR_RAISE(out->buffers[0], Validity(&null_count));
    out->null_count = null_count;
    if (type.id() == ::arrow::Type::BOOL) {
      ARROW_ASSIGN_OR_RAISE(out->buffers[1], Bits());
    } else if (::arrow::is_base_binary_like(type.id())) {
      if (::arrow::is_large_binary_like(type.id())) {
        ARROW_RETURN_NOT_OK(VarBinary<int64_t>(out.get()));
      } else {
        ARROW_RETURN_NOT_OK(VarBinary<int32_t>(out.get()));
      }
    } else {
      ARROW_ASSIGN_OR_RAISE(out->buffers[1], FixedWidth(type.byte_width()));
    }
    return out;
  }

  // Types gathered run by run: fixed-width values without children, booleans, and
  // binaries and strings with offsets. Others (nested, views, dictionaries) are taken.
  static bool Handles(const ::arrow::DataType& type) {
    if (type.num_fields() > 0 || type.id() == ::arrow::Type::DICTIONARY ||
        type.id() == ::arrow::Type::EXTENSION || type.id() == ::arrow::Type::NA) {
      return false;
    }
    if (type.id() == ::arrow::Type::BOOL || ::arrow::is_base_binary_like(type.id())) {
      return true;
    }
    return ::arrow::is_fixed_width(type.id()) && type.byte_width() > 0;
  }

 private:
  ::arrow::Result<std::shared_ptr<::arrow::Buffer>> Validity(int64_t* null_count) {
    if (sources_[0]->GetNullCount() == 0 && sources_[1]->GetNullCount() == 0) {
      *null_count = 0;
      return nullptr;
    }
    ARROW_ASSIGN_OR_RAISE(auto bitmap, ::arrow::AllocateEmptyBitmap(length_, pool_));
    int64_t at = 0;
    for (const Run& run : runs_) {
      const ArrayData& source = *sources_[run.source];
      if (source.buffers[0] == nullptr) {
        ::arrow::bit_util::SetBitsTo(bitmap->mutable_data(), at, run.length, true);
      } else {
        ::arrow::internal::CopyBitmap(source.buffers[0]->data(), source.offset + run.start,
                                      run.length, bitmap->mutable_data(), at);
      }
      at += run.length;
    }
    *null_count = length_ - ::arrow::internal::CountSetBits(bitmap->data(), 0, length_);
    return bitmap;
  }

  ::arrow::Result<std::shared_ptr<::arrow::Buffer>> Bits() {
    ARROW_ASSIGN_OR_RAISE(auto bits, ::arrow::AllocateEmptyBitmap(length_, pool_));
    int64_t at = 0;
    for (const Run& run : runs_) {
      const ArrayData& source = *sources_[run.source];
      ::arrow::internal::CopyBitmap(source.buffers[1]->data(), source.offset + run.start,
                                    run.length, bits->mutable_data(), at);
      at += run.length;
    }
    return bits;
  }

  ::arrow::Result<std::shared_ptr<::arrow::Buffer>> FixedWidth(int width) {
    ARROW_ASSIGN_OR_RAISE(auto values, ::arrow::AllocateBuffer(length_ * width, pool_));
    uint8_t* out = values->mutable_data();
    for (const Run& run : runs_) {
      const ArrayData& source = *sources_[run.source];
      const uint8_t* in = source.buffers[1]->data() + (source.offset + run.start) * width;
      std::memcpy(out, in, static_cast<size_t>(run.length * width));
      out += run.length * width;
    }
    return std::shared_ptr<::arrow::Buffer>(std::move(values));
  }

  template <typename Offset>
  Status VarBinary(ArrayData* out) {
    // The value bytes first, so the data buffer is allocated once at its size.
    int64_t bytes = 0;
    for (const Run& run : runs_) {
      const Offset* offsets = OffsetsOf<Offset>(run);
      bytes += offsets[run.length] - offsets[0];
    }
    if (sizeof(Offset) == sizeof(int32_t) && bytes > INT32_MAX) {
      return Status::CapacityError("gathered binary column exceeds 2 GiB");
    }
    ARROW_ASSIGN_OR_RAISE(auto offsets_buffer,
                          ::arrow::AllocateBuffer((length_ + 1) * sizeof(Offset), pool_));
    ARROW_ASSIGN_OR_RAISE(auto data_buffer, ::arrow::AllocateBuffer(bytes, pool_));
    auto* out_offsets = reinterpret_cast<Offset*>(offsets_buffer->mutable_data());
    uint8_t* out_data = data_buffer->mutable_data();
    Offset position = 0;
    for (const Run& run : runs_) {
      const Offset* offsets = OffsetsOf<Offset>(run);
      const Offset shift = position - offsets[0];
      for (int64_t i = 0; i < run.length; ++i) *out_offsets++ = offsets[i] + shift;
      const Offset size = offsets[run.length] - offsets[0];
      if (size > 0) {
        std::memcpy(out_data + position, sources_[run.source]->buffers[2]->data() + offsets[0],
                    static_cast<size_t>(size));
      }
      position += size;
    }
    *out_offsets = position;
    out->buffers[1] = std::move(offsets_buffer);
    out->buffers[2] = std::move(data_buffer);
    return Status::OK();
  }

  template <typename Offset>
  const Offset* OffsetsOf(const Run& run) const {
    const ArrayData& source = *sources_[run.source];
    return source.GetValues<Offset>(1) + run.start;
  }

  const std::vector<Run>& runs_;
  const int64_t length_;
  ::arrow::MemoryPool* pool_;
  const ArrayData* sources_[2] = {nullptr, nullptr};
};

// A column of a type ColumnGather does not handle: concatenated and taken.
::arrow::Result<std::shared_ptr<::arrow::Array>> TakeColumn(
    const std::shared_ptr<::arrow::Array>& base,
    const std::shared_ptr<::arrow::Array>& built, const ::arrow::Array& sources) {
  std::shared_ptr<::arrow::Array> joined = base;
  if (built->length() > 0) {
    ARROW_ASSIGN_OR_RAISE(joined, ::arrow::Concatenate({base, built}));
  }
  ARROW_ASSIGN_OR_RAISE(::arrow::Datum taken,
                        ::arrow::compute::Take(::arrow::Datum(joined),
                                               ::arrow::Datum(sources.data())));
  return taken.make_array();
}

}  // namespace

::arrow::Result<std::shared_ptr<::arrow::RecordBatch>> GatherRows(
    const std::shared_ptr<::arrow::RecordBatch>& base,
    const std::shared_ptr<::arrow::RecordBatch>& built, const ::arrow::Array& sources) {
  std::shared_ptr<::arrow::RecordBatch> second = built;
  if (second == nullptr) {
    ARROW_ASSIGN_OR_RAISE(second, ::arrow::RecordBatch::MakeEmpty(base->schema()));
  }
  if (second->num_columns() != base->num_columns()) {
    return Status::Invalid("cannot gather rows of batches with ", base->num_columns(),
                           " and ", second->num_columns(), " columns");
  }
  ARROW_ASSIGN_OR_RAISE(std::vector<Run> runs,
                        RunsOf(sources, base->num_rows(), second->num_rows()));
  ColumnGather gather(runs, sources.length(), ::arrow::default_memory_pool());
  std::vector<std::shared_ptr<::arrow::Array>> columns;
  columns.reserve(static_cast<size_t>(base->num_columns()));
  for (int i = 0; i < base->num_columns(); ++i) {
    const std::shared_ptr<::arrow::Array>& column = base->column(i);
    if (!column->type()->Equals(*second->column(i)->type())) {
      return Status::Invalid("cannot gather column ", base->schema()->field(i)->name(),
                             " of types ", column->type()->ToString(), " and ",
                             second->column(i)->type()->ToString());
    }
    if (ColumnGather::Handles(*column->type())) {
      ARROW_ASSIGN_OR_RAISE(auto data,
                            gather.Gather(*column->data(), *second->column(i)->data()));
      columns.push_back(::arrow::MakeArray(std::move(data)));
    } else {
      ARROW_ASSIGN_OR_RAISE(auto taken, TakeColumn(column, second->column(i), sources));
      columns.push_back(std::move(taken));
    }
  }
  return ::arrow::RecordBatch::Make(base->schema(), sources.length(), std::move(columns));
}

}  // namespace hoodie
