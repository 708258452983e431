// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/format/bloom/hash.cc
/// \brief MurmurHash and JenkinsHash matching Hudi's Java classes bit for bit.
#include "hoodie/format/bloom/hash.h"

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
  h ^= h >> 13;
  h *= kMurmurM;
  h ^= h >> 15;
  return static_cast<int32_t>(h);
}

int32_t MurmurHash(std::string_view data, int32_t seed) {
  return MurmurHasher(data).Hash(seed);
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
