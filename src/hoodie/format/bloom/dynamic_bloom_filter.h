// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/format/bloom/dynamic_bloom_filter.h
/// \brief DYNAMIC_V0 bloom filter: rows of bit vectors grown up to a bound.
#pragma once

#include <arrow/result.h>

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "hoodie/format/bloom/bit_vector_filter_internal.h"
#include "hoodie/format/bloom/bloom_filter.h"
#include "hoodie/visibility.h"

namespace hoodie {

/// \brief Hudi's bounded dynamic bloom filter (Java HoodieDynamicBoundedBloomFilter over
/// InternalDynamicBloomFilter), the default type (`DYNAMIC_V0`).
///
/// A matrix of rows, each a standard filter sized for `row_capacity` (nr) keys. Keys go
/// into the last row until it holds nr keys; then a row is appended while
/// rows * nr < max_entries. Once that bound is reached, every later key goes to the
/// rows in round-robin order (row 0 twice at the switch, as in Java), and the record
/// count keeps growing past nr. A key might be contained if any row matches.
///
/// Serialized as: outer InternalFilter header, int32 nr, int32 current row records,
/// int32 row count, then each row as a SIMPLE filter. `max_entries` is not serialized;
/// like Java, a deserialized filter has max_entries 0, so adding to a full last row
/// rotates instead of growing. Not thread-safe for Add.
class HOODIE_EXPORT DynamicBloomFilter final : public BloomFilter {
 public:
  /// Rows sized by BloomFilterSizing::Compute(num_entries, fpp); nr = num_entries.
  static ::arrow::Result<std::unique_ptr<DynamicBloomFilter>> Make(
      int32_t num_entries, double fpp, int32_t max_entries,
      HashType hash_type = HashType::kMurmur);

  /// From raw serialized bytes (not Base64); trailing bytes are ignored as in Java.
  /// Invalid for truncated or corrupt input, including a row count below 1.
  static ::arrow::Result<std::unique_ptr<DynamicBloomFilter>> Deserialize(
      std::string_view bytes);

  ::arrow::Status Add(std::string_view key) override;
  ::arrow::Status AddAll(std::span<const std::string_view> keys) override;
  ::arrow::Result<bool> MightContain(std::string_view key) const override;
  std::string Serialize() const override;
  std::string_view type_code() const override { return "DYNAMIC_V0"; }
  bool HasTypeCodeFooter() const override { return true; }

  int32_t bit_size() const { return header_.vector_size; }
  int32_t num_hashes() const { return header_.num_hashes; }
  HashType hash_type() const { return header_.hash_type; }
  /// nr: the keys one row is sized for.
  int32_t row_capacity() const { return row_capacity_; }
  /// Keys added since the last row was appended (Java currentNbRecord).
  int32_t current_row_records() const { return current_row_records_; }
  int32_t max_entries() const { return max_entries_; }
  int32_t num_rows() const { return static_cast<int32_t>(rows_.size()); }
  /// Membership in one row; Invalid for an empty key or a row out of range.
  ::arrow::Result<bool> RowMightContain(int32_t row, std::string_view key) const;

 private:
  // Not exported, as nothing whose signature names an internal type.
  HOODIE_NO_EXPORT DynamicBloomFilter(const internal::FilterHeader& header,
                                      int32_t row_capacity, int32_t max_entries);

  // AddAll once every row is full: the rows take the keys in turn.
  ::arrow::Status AddRotating(std::span<const std::string_view> keys);
  // Java getActiveStandardBF plus the row append of add(); returns the row to add to.
  HOODIE_NO_EXPORT internal::BitVectorFilter& ActiveRow();

  internal::FilterHeader header_;
  int32_t row_capacity_ = 0;
  int32_t current_row_records_ = 0;
  int32_t max_entries_ = 0;
  bool reached_max_ = false;
  int64_t round_robin_index_ = 0;
  // AddRotating's keys of each row, kept to reuse their memory.
  std::vector<std::vector<std::string_view>> row_keys_;
  std::vector<internal::BitVectorFilter> rows_;
};

}  // namespace hoodie
