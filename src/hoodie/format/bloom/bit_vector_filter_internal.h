// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/format/bloom/bit_vector_filter_internal.h
/// \brief One standard bloom filter row: header, bit vector, big-endian serialization.
#pragma once

#include <arrow/result.h>
#include <arrow/status.h>

#include <cstdint>
#include <string>
#include <span>
#include <string_view>
#include <vector>

#include "hoodie/format/bloom/hash.h"

namespace hoodie::internal {

/// Reads big-endian values from serialized filter bytes; every shortfall is an Invalid
/// status naming the field and the offset.
class ByteReader {
 public:
  explicit ByteReader(std::string_view bytes) : bytes_(bytes) {}

  ::arrow::Result<int32_t> ReadInt32(std::string_view field);
  ::arrow::Result<int8_t> ReadInt8(std::string_view field);
  ::arrow::Result<std::string_view> ReadBytes(size_t count, std::string_view field);

  size_t offset() const { return offset_; }
  size_t remaining() const { return bytes_.size() - offset_; }

 private:
  ::arrow::Status Need(size_t count, std::string_view field) const;

  std::string_view bytes_;
  size_t offset_ = 0;
};

/// Appends `value` as 4 big-endian bytes (Java DataOutput.writeInt).
void AppendInt32(int32_t value, std::string* out);

/// The fields of the Java InternalFilter header. Serialized as int32 version (-1),
/// int32 nbHash, int8 hashType, int32 vectorSize; a positive first int32 is the legacy
/// unversioned layout, where it is nbHash, the hash is Jenkins and no hashType byte
/// follows.
struct FilterHeader {
  int32_t num_hashes = 0;
  HashType hash_type = HashType::kMurmur;
  int32_t vector_size = 0;

  void Write(std::string* out) const;
  /// Invalid for truncated input, an unknown version or hash type, or non-positive
  /// hash or bit counts (Java's HashFunction refuses those).
  static ::arrow::Result<FilterHeader> Read(ByteReader* reader);
};

/// \brief A classic bloom filter over a fixed bit vector (Java InternalBloomFilter,
/// ported from org.apache.hadoop.util.bloom.BloomFilter).
///
/// Bit i lives in byte i / 8 under mask 1 << (i % 8), which is also the serialized
/// order, so serialization is a copy. Callers reject empty keys before Add/Test.
/// \brief Java's `Math.abs(value % divisor)` for one fixed divisor >= 1, by two
/// multiplications instead of a division (Lemire, Kaser and Kurz, "Faster Remainder by
/// Direct Computation", 2019). Java's `%` truncates toward zero, so the result is
/// |value| mod divisor, with |INT_MIN| = 2^31.
class JavaAbsRemainder {
 public:
  explicit JavaAbsRemainder(int32_t divisor)
      : divisor_(static_cast<uint32_t>(divisor)),
        // ceil(2^64 / d); wraps to 0 for d = 1, where every remainder is 0 anyway.
        magic_(UINT64_MAX / divisor_ + 1) {}

  uint32_t Of(int32_t value) const {
    const uint32_t magnitude =
        value < 0 ? 0u - static_cast<uint32_t>(value) : static_cast<uint32_t>(value);
    const uint64_t low = magic_ * magnitude;
    return static_cast<uint32_t>((static_cast<unsigned __int128>(low) * divisor_) >> 64);
  }

 private:
  uint32_t divisor_;
  uint64_t magic_;
};

class BitVectorFilter {
 public:
  explicit BitVectorFilter(const FilterHeader& header);

  /// Reads a header and its bit vector.
  static ::arrow::Result<BitVectorFilter> Read(ByteReader* reader);

  void Add(std::string_view key);
  /// Add of every key; Murmur chains of several keys are hashed together.
  void AddAll(std::span<const std::string_view> keys);
  bool Test(std::string_view key) const;
  void Write(std::string* out) const;

  const FilterHeader& header() const { return header_; }

 private:
  // Calls fn(bit) for each of the key's num_hashes positions: hash i is seeded with
  // hash i-1 (the first with 0) and the position is abs(hash % vector_size) in Java
  // int arithmetic (Java HashFunction.hash).
  template <typename Fn>
  bool ForEachPosition(std::string_view key, Fn&& fn) const;

  FilterHeader header_;
  // A division per position would cost 30 a key at Hudi's default false positive rate.
  JavaAbsRemainder position_;
  std::vector<uint8_t> bits_;
  // AddAll's hashes, then positions, of a group of keys (kept to reuse its memory).
  std::vector<int32_t> hashes_;
};

}  // namespace hoodie::internal
