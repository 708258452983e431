// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/format/bloom/hash.cc
/// \brief MurmurHash and JenkinsHash matching Hudi's Java classes bit for bit.
#include "hoodie/format/bloom/hash.h"

#include <algorithm>
#include <bit>

namespace hoodie {

namespace {

// Java bytes are signed; the Murmur tail depends on that.
int32_t SignedByte(std::string_view data, size_t i) {
  return static_cast<int32_t>(static_cast<int8_t>(data[i]));
}

uint32_t UnsignedByte(std::string_view data, size_t i) {
  return static_cast<uint8_t>(data[i]);
}

}  // namespace

// All arithmetic is on uint32_t so that wrap-around is defined; Java int arithmetic
// wraps the same way and `>>>` is a logical shift.
constexpr uint32_t kMurmurM = 0x5bd1e995;
constexpr int kMurmurR = 24;

namespace {

// Murmur's final avalanche of *h: one hash, or every lane of a LaneWords. Always
// inlined, so that the AVX2 clone of HashRounds runs it with AVX2 too.
template <typename Words>
__attribute__((always_inline)) inline void MurmurFinish(Words* h) {
  *h ^= *h >> 13;
  *h *= kMurmurM;
  *h ^= *h >> 15;
}

}  // namespace

MurmurHasher::MurmurHasher(std::string_view data)
    : length_(static_cast<uint32_t>(data.size())) {
  const size_t length = data.size();
  block_count_ = length >> 2;
  uint32_t* blocks = inline_blocks_.data();
  if (block_count_ > kInlineBlocks) {
    heap_blocks_.resize(block_count_);
    blocks = heap_blocks_.data();
  }
  for (size_t i = 0; i < block_count_; ++i) {
    const size_t i4 = i << 2;
    // The top byte is read signed in Java, but its sign bits are shifted out.
    uint32_t k = UnsignedByte(data, i4) | (UnsignedByte(data, i4 + 1) << 8) |
                 (UnsignedByte(data, i4 + 2) << 16) | (UnsignedByte(data, i4 + 3) << 24);
    k *= kMurmurM;
    k ^= k >> kMurmurR;
    k *= kMurmurM;
    blocks[i] = k;
  }
  blocks_ = blocks;
  const size_t left = length - (block_count_ << 2);
  has_tail_ = left != 0;
  if (left >= 3) tail_ ^= static_cast<uint32_t>(SignedByte(data, length - 3)) << 16;
  if (left >= 2) tail_ ^= static_cast<uint32_t>(SignedByte(data, length - 2)) << 8;
  if (left >= 1) tail_ ^= static_cast<uint32_t>(SignedByte(data, length - 1));
}

int32_t MurmurHasher::Hash(int32_t seed) const {
  uint32_t h = static_cast<uint32_t>(seed) ^ length_;
  for (size_t i = 0; i < block_count_; ++i) {
    h *= kMurmurM;
    h ^= blocks_[i];
  }
  if (has_tail_) {
    h ^= tail_;
    h *= kMurmurM;
  }
  MurmurFinish(&h);
  return static_cast<int32_t>(h);
}

int32_t MurmurHash(std::string_view data, int32_t seed) {
  return MurmurHasher(data).Hash(seed);
}

namespace {

// kMurmurChainLanes 32-bit lanes as one value: GCC keeps it in vector registers and
// does each operation on every lane (two SSE2 halves on baseline x86-64).
typedef uint32_t LaneWords __attribute__((vector_size(4 * kMurmurChainLanes)));

// The chains of up to kMurmurChainLanes keys of at most kMaxBlocks 4-byte blocks each,
// in lockstep. Keys of different lengths are lined up at their ends: a key of fewer
// blocks than the longest first passes steps that multiply by 1 and xor 0, which leave
// h as it is, so every lane runs the same steps and none branches.
class MurmurLanes {
 public:
  static constexpr size_t kMaxBlocks = 32;

  explicit MurmurLanes(std::span<const std::string_view> keys) {
    for (std::string_view key : keys) steps_ = std::max(steps_, key.size() >> 2);
    for (size_t lane = 0; lane < keys.size(); ++lane) Load(lane, keys[lane]);
  }

  // Hash r + 1 of every lane from hash r, in place.
  void Next(LaneWords* seeds) const {
    LaneWords h = *seeds ^ length_;
    for (size_t step = 0; step < steps_; ++step) {
      h = h * multiplier_[step] ^ blocks_[step];
    }
    const LaneWords tailed = (h ^ tail_) * kMurmurM;
    h = (tailed & has_tail_) | (h & ~has_tail_);
    MurmurFinish(&h);
    *seeds = h;
  }

  static bool Fits(std::string_view key) { return (key.size() >> 2) <= kMaxBlocks; }

 private:
  void Load(size_t lane, std::string_view key) {
    const MurmurHasher hasher(key);
    const size_t blocks = key.size() >> 2;
    const size_t start = steps_ - blocks;
    for (size_t step = 0; step < steps_; ++step) {
      multiplier_[step][lane] = step < start ? 1 : kMurmurM;
      blocks_[step][lane] = step < start ? 0 : hasher.block(step - start);
    }
    length_[lane] = static_cast<uint32_t>(key.size());
    tail_[lane] = hasher.tail();
    has_tail_[lane] = hasher.has_tail() ? ~0u : 0u;
  }

  size_t steps_ = 0;
  LaneWords multiplier_[kMaxBlocks] = {};
  LaneWords blocks_[kMaxBlocks] = {};
  LaneWords length_ = {};
  LaneWords tail_ = {};
  LaneWords has_tail_ = {};  // all ones where the key has 1-3 tail bytes
};

// The next `count` hashes of the chains from `seeds`: hash r of each lane into
// rounds[r]. Compiled for AVX2 and for baseline x86-64, the loader picking the one the
// CPU runs: with AVX2 a lane multiplication is one instruction for all eight lanes,
// SSE2 emulates it with five for each half.
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__)
__attribute__((target_clones("avx2", "default")))
#endif
void HashRounds(const MurmurLanes& chains, int32_t count, LaneWords* seeds,
                LaneWords* rounds) {
  for (int32_t r = 0; r < count; ++r) {
    chains.Next(seeds);
    rounds[r] = *seeds;
  }
}

}  // namespace

void MurmurHashChains(std::span<const std::string_view> keys, int32_t num_hashes,
                      int32_t* hashes) {
  // Longer keys (rare: record keys are short) take the one-key path.
  std::string_view lane_keys[kMurmurChainLanes];
  size_t lane_of[kMurmurChainLanes];
  size_t lanes = 0;
  for (size_t k = 0; k < keys.size(); ++k) {
    if (MurmurLanes::Fits(keys[k])) {
      lane_keys[lanes] = keys[k];
      lane_of[lanes++] = k;
      continue;
    }
    const MurmurHasher hasher(keys[k]);
    int32_t seed = 0;
    for (int32_t r = 0; r < num_hashes; ++r) {
      seed = hasher.Hash(seed);
      hashes[k * static_cast<size_t>(num_hashes) + static_cast<size_t>(r)] = seed;
    }
  }
  if (lanes == 0) return;
  const MurmurLanes chains(std::span<const std::string_view>(lane_keys, lanes));
  constexpr int32_t kRoundsAtOnce = 32;  // 30 at Hudi's default false positive rate
  LaneWords rounds[kRoundsAtOnce];
  LaneWords seeds = {};
  for (int32_t first = 0; first < num_hashes; first += kRoundsAtOnce) {
    const int32_t count = std::min(kRoundsAtOnce, num_hashes - first);
    HashRounds(chains, count, &seeds, rounds);
    for (size_t lane = 0; lane < lanes; ++lane) {
      int32_t* out = hashes + lane_of[lane] * static_cast<size_t>(num_hashes) + first;
      for (int32_t r = 0; r < count; ++r) out[r] = static_cast<int32_t>(rounds[r][lane]);
    }
  }
}

namespace {

// lookup3 mix() and final(), on 32-bit unsigned values as the Java port's masked longs.
// clang-format off
void JenkinsMix(uint32_t& a, uint32_t& b, uint32_t& c) {
  a -= c; a ^= std::rotl(c, 4);  c += b;
  b -= a; b ^= std::rotl(a, 6);  a += c;
  c -= b; c ^= std::rotl(b, 8);  b += a;
  a -= c; a ^= std::rotl(c, 16); c += b;
  b -= a; b ^= std::rotl(a, 19); a += c;
  c -= b; c ^= std::rotl(b, 4);  b += a;
}

void JenkinsFinal(uint32_t& a, uint32_t& b, uint32_t& c) {
  c ^= b; c -= std::rotl(b, 14);
  a ^= c; a -= std::rotl(c, 11);
  b ^= a; b -= std::rotl(a, 25);
  c ^= b; c -= std::rotl(b, 16);
  a ^= c; a -= std::rotl(c, 4);
  b ^= a; b -= std::rotl(a, 14);
  c ^= b; c -= std::rotl(b, 24);
}
// clang-format on

// Little-endian word from up to 4 bytes starting at `offset` (fewer at the tail).
uint32_t LittleEndianWord(std::string_view data, size_t offset, size_t count) {
  uint32_t word = 0;
  for (size_t i = 0; i < count; ++i) word |= UnsignedByte(data, offset + i) << (8 * i);
  return word;
}

}  // namespace

int32_t JenkinsHash(std::string_view data, int32_t seed) {
  size_t length = data.size();
  uint32_t a = 0xdeadbeefU + static_cast<uint32_t>(length) + static_cast<uint32_t>(seed);
  uint32_t b = a;
  uint32_t c = a;
  size_t offset = 0;
  for (; length > 12; offset += 12, length -= 12) {
    a += LittleEndianWord(data, offset, 4);
    b += LittleEndianWord(data, offset + 4, 4);
    c += LittleEndianWord(data, offset + 8, 4);
    JenkinsMix(a, b, c);
  }
  // The last 1-12 bytes are added byte-wise (the Java switch falls through); an empty
  // input returns c without the final mix.
  if (length == 0) return static_cast<int32_t>(c);
  a += LittleEndianWord(data, offset, length < 4 ? length : 4);
  if (length > 4) b += LittleEndianWord(data, offset + 4, length < 8 ? length - 4 : 4);
  if (length > 8) c += LittleEndianWord(data, offset + 8, length - 8);
  JenkinsFinal(a, b, c);
  return static_cast<int32_t>(c);
}

int32_t HashBytes(HashType type, std::string_view data, int32_t seed) {
  return type == HashType::kJenkins ? JenkinsHash(data, seed) : MurmurHash(data, seed);
}

}  // namespace hoodie
