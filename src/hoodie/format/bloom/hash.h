// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/format/bloom/hash.h
/// \brief The 32-bit MurmurHash and JenkinsHash that Hudi bloom filters use, bit-exact.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

#include "hoodie/visibility.h"

namespace hoodie {

/// Hash algorithm codes as stored in a serialized bloom filter header (Java
/// org.apache.hudi.common.util.hash.Hash: JENKINS_HASH = 0, MURMUR_HASH = 1).
enum class HashType : int8_t { kJenkins = 0, kMurmur = 1 };

/// \brief Hadoop's MurmurHash 2 variant (Java
/// org.apache.hudi.common.util.hash.MurmurHash, ported from
/// org.apache.hadoop.util.hash.MurmurHash).
///
/// Differs from reference MurmurHash2 in the 1-3 tail bytes, which Java reads as signed
/// bytes: a byte >= 0x80 is sign-extended before it is shifted and xor-ed in.
/// Thread-safe (pure function).
HOODIE_EXPORT int32_t MurmurHash(std::string_view data, int32_t seed);

/// \brief MurmurHash of one byte string under many seeds. A bloom filter hashes each key
/// up to 30 times, each time seeded with the hash before; the mixing of the 4-byte blocks
/// and of the tail does not depend on the seed, so it is done once, here. MurmurHash is
/// this with one seed.
class HOODIE_EXPORT MurmurHasher {
 public:
  explicit MurmurHasher(std::string_view data);
  MurmurHasher(const MurmurHasher&) = delete;
  MurmurHasher& operator=(const MurmurHasher&) = delete;

  int32_t Hash(int32_t seed) const;

  /// The mixed 4-byte blocks (i < data size / 4) and the tail, for hashing in lanes.
  uint32_t block(size_t i) const { return blocks_[i]; }
  uint32_t tail() const { return tail_; }
  bool has_tail() const { return has_tail_; }

 private:
  // Keys are short; longer data keeps its blocks on the heap.
  static constexpr size_t kInlineBlocks = 32;
  std::array<uint32_t, kInlineBlocks> inline_blocks_;
  std::vector<uint32_t> heap_blocks_;
  const uint32_t* blocks_ = nullptr;
  size_t block_count_ = 0;
  uint32_t length_ = 0;
  uint32_t tail_ = 0;  // the 1-3 tail bytes as Java xors them in
  bool has_tail_ = false;
};

/// Most keys MurmurHashChains hashes in lockstep.
constexpr size_t kMurmurChainLanes = 8;

/// The bloom filter hash chains of up to kMurmurChainLanes keys: for key k, hash r of
/// `num_hashes` goes to hashes[k * num_hashes + r]; the first is seeded with 0 and each
/// next with the one before, as MurmurHash gives them. One chain is a sequence of
/// dependent multiplications; the chains of several keys are independent, so they are
/// computed together and the CPU overlaps their multiplications.
HOODIE_EXPORT
void MurmurHashChains(std::span<const std::string_view> keys, int32_t num_hashes,
                      int32_t* hashes);

/// \brief Bob Jenkins' lookup3 `hashlittle` as ported by Hadoop (Java
/// org.apache.hudi.common.util.hash.JenkinsHash). Only filters written by very old
/// Hudi versions use it. Thread-safe (pure function).
HOODIE_EXPORT int32_t JenkinsHash(std::string_view data, int32_t seed);

/// Dispatches on `type`.
HOODIE_EXPORT int32_t HashBytes(HashType type, std::string_view data, int32_t seed);

}  // namespace hoodie
