// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/format/bloom/dynamic_bloom_filter.cc
/// \brief DYNAMIC_V0 bloom filter (Java InternalDynamicBloomFilter semantics).
#include "hoodie/format/bloom/dynamic_bloom_filter.h"

#include <algorithm>

#include "hoodie/format/bloom/bloom_key_internal.h"

namespace hoodie {

namespace {

// Java evaluates `matrix.length * nr` in int arithmetic, which wraps on overflow.
int32_t JavaIntProduct(int32_t a, int32_t b) {
  return static_cast<int32_t>(static_cast<uint32_t>(a) * static_cast<uint32_t>(b));
}

}  // namespace

DynamicBloomFilter::DynamicBloomFilter(const internal::FilterHeader& header,
                                       int32_t row_capacity, int32_t max_entries)
    : header_(header), row_capacity_(row_capacity), max_entries_(max_entries) {}

::arrow::Result<std::unique_ptr<DynamicBloomFilter>> DynamicBloomFilter::Make(
    int32_t num_entries, double fpp, int32_t max_entries, HashType hash_type) {
  ARROW_ASSIGN_OR_RAISE(auto sizing, BloomFilterSizing::Compute(num_entries, fpp));
  internal::FilterHeader header{sizing.num_hashes, hash_type, sizing.bit_size};
  std::unique_ptr<DynamicBloomFilter> filter(
      new DynamicBloomFilter(header, num_entries, max_entries));
  filter->rows_.emplace_back(header);
  return filter;
}

::arrow::Result<std::unique_ptr<DynamicBloomFilter>> DynamicBloomFilter::Deserialize(
    std::string_view bytes) {
  internal::ByteReader reader(bytes);
  ARROW_ASSIGN_OR_RAISE(auto header, internal::FilterHeader::Read(&reader));
  ARROW_ASSIGN_OR_RAISE(int32_t row_capacity, reader.ReadInt32("nr"));
  ARROW_ASSIGN_OR_RAISE(int32_t current_row_records, reader.ReadInt32("currentNbRecord"));
  ARROW_ASSIGN_OR_RAISE(int32_t num_rows, reader.ReadInt32("row count"));
  if (num_rows < 1) {
    // Java fails on such input too (a negative array size, or no row to add to).
    return ::arrow::Status::Invalid("Dynamic bloom filter row count must be >= 1: ",
                                    num_rows, " at offset ", reader.offset() - 4);
  }
  std::unique_ptr<DynamicBloomFilter> filter(
      new DynamicBloomFilter(header, row_capacity, /*max_entries=*/0));
  filter->current_row_records_ = current_row_records;
  // Rows are read one at a time, each checked against the bytes left, so a corrupt
  // count cannot make us reserve more than the input holds.
  for (int32_t i = 0; i < num_rows; ++i) {
    auto row = internal::BitVectorFilter::Read(&reader);
    if (!row.ok()) {
      return row.status().WithMessage("Dynamic bloom filter row ", i, " of ", num_rows,
                                      ": ", row.status().message());
    }
    filter->rows_.push_back(std::move(row).ValueUnsafe());
  }
  return filter;
}

internal::BitVectorFilter& DynamicBloomFilter::ActiveRow() {
  if (reached_max_) {
    return rows_[static_cast<size_t>(round_robin_index_++ % num_rows())];
  }
  if (current_row_records_ >= row_capacity_) {
    if (JavaIntProduct(num_rows(), row_capacity_) < max_entries_) {
      rows_.emplace_back(header_);
      current_row_records_ = 0;
      return rows_.back();
    }
    // Java returns row 0 here without advancing the round-robin index, so row 0 also
    // takes the next key.
    reached_max_ = true;
    return rows_.front();
  }
  return rows_.back();
}

::arrow::Status DynamicBloomFilter::Add(std::string_view key) {
  ARROW_RETURN_NOT_OK(internal::CheckBloomKey(key));
  ActiveRow().Add(key);
  // Java's int increment wraps silently (only after 2^31 keys); keep it defined here.
  current_row_records_ =
      static_cast<int32_t>(static_cast<uint32_t>(current_row_records_) + 1u);
  return ::arrow::Status::OK();
}

::arrow::Status DynamicBloomFilter::AddAll(std::span<const std::string_view> keys) {
  ARROW_RETURN_NOT_OK(internal::CheckBloomKeys(keys));
  while (!keys.empty()) {
    if (reached_max_) return AddRotating(keys);
    // Keys up to the last row's capacity go to that row together; the key that fills
    // it goes alone through Add (which picks the next row as Java does).
    if (current_row_records_ >= row_capacity_) {
      ARROW_RETURN_NOT_OK(Add(keys.front()));
      keys = keys.subspan(1);
      continue;
    }
    const size_t room = static_cast<size_t>(row_capacity_ - current_row_records_);
    const size_t count = std::min(keys.size(), room);
    rows_.back().AddAll(keys.first(count));
    current_row_records_ += static_cast<int32_t>(count);
    keys = keys.subspan(count);
  }
  return ::arrow::Status::OK();
}

::arrow::Status DynamicBloomFilter::AddRotating(std::span<const std::string_view> keys) {
  // Key j goes to row (round_robin_index_ + j) % rows as in Add; setting bits commutes,
  // so each row takes its keys together.
  const size_t rows = rows_.size();
  row_keys_.resize(rows);
  for (auto& row : row_keys_) row.clear();
  for (size_t j = 0; j < keys.size(); ++j) {
    row_keys_[static_cast<size_t>((round_robin_index_ + static_cast<int64_t>(j)) %
                                  static_cast<int64_t>(rows))]
        .push_back(keys[j]);
  }
  round_robin_index_ += static_cast<int64_t>(keys.size());
  for (size_t row = 0; row < rows; ++row) rows_[row].AddAll(row_keys_[row]);
  current_row_records_ = static_cast<int32_t>(static_cast<uint32_t>(current_row_records_) +
                                              static_cast<uint32_t>(keys.size()));
  return ::arrow::Status::OK();
}

::arrow::Result<bool> DynamicBloomFilter::MightContain(std::string_view key) const {
  ARROW_RETURN_NOT_OK(internal::CheckBloomKey(key));
  for (const auto& row : rows_) {
    if (row.Test(key)) return true;
  }
  return false;
}

::arrow::Result<bool> DynamicBloomFilter::RowMightContain(int32_t row,
                                                          std::string_view key) const {
  ARROW_RETURN_NOT_OK(internal::CheckBloomKey(key));
  if (row < 0 || row >= num_rows()) {
    return ::arrow::Status::Invalid("Dynamic bloom filter row out of range: ", row,
                                    " of ", num_rows());
  }
  return rows_[static_cast<size_t>(row)].Test(key);
}

std::string DynamicBloomFilter::Serialize() const {
  std::string out;
  header_.Write(&out);
  internal::AppendInt32(row_capacity_, &out);
  internal::AppendInt32(current_row_records_, &out);
  internal::AppendInt32(num_rows(), &out);
  for (const auto& row : rows_) row.Write(&out);
  return out;
}

}  // namespace hoodie
