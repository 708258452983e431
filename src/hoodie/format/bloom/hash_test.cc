// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/format/bloom/hash_test.cc
/// \brief MurmurHash and JenkinsHash against values computed by Hudi 0.15's own Java
/// classes (org.apache.hudi.common.util.hash.{MurmurHash,JenkinsHash} from the
/// hudi-spark3.5-bundle 0.15.0 jar, called with `hash(bytes, seed)`).
#include "hoodie/format/bloom/hash.h"

#include <gtest/gtest.h>

#include <climits>
#include <cstdlib>
#include <string>
#include <vector>

#include "hoodie/format/bloom/bit_vector_filter_internal.h"

namespace hoodie {
namespace {

struct HashVector {
  std::string data;
  int32_t seed;
  int32_t murmur;
  int32_t jenkins;
};

std::vector<HashVector> JavaVectors() {
  return {
      {"", 0, 0, -559038737},
      {"a", 0, -1838653602, 1490454280},
      {"ab", 0, 1525573013, -72111905},
      {"abc", 0, 1775488903, 238646833},
      {"abcd", 0, 646393889, -1242265444},
      {"abcde", 0, 1594468574, 40727262},
      {"hello", 42, 2013460684, 573323739},
      {"hello", -1, -1816943331, -920016695},
      {"0123456789abcdef", 0, -811927782, 1752713775},
      {"thirteen_byte", 7, 1138836441, 2121317586},
      {"abcdefghijklmnopqrstuvwx", 0, -1525354098, 459481066},
      // UTF-8 of U+00E9: two tail bytes >= 0x80, so Java's sign extension shows.
      {"\xc3\xa9", 0, -384040333, -382074372},
      {"\x80\x81\xff", 0, 1762451270, 985574002},
      {"\x01\xfe", 123456789, 1940581679, 1703902337},
      {"\xff", -123456789, 538989770, -492120505},
      {"\xff\xff\xff\xff\xff", 0, -390137413, -572681434},
      {"4cda6a5c-1a3e-4b20-8f1c-3c6f3b1e4d2a", 0, 1344032630, -1416659210},
      // U+2603 U+1F600 in UTF-8.
      {"\xe2\x98\x83\xf0\x9f\x98\x80", 0, -241362975, 1510463880},
  };
}

TEST(HashTest, MurmurMatchesJavaIncludingSignExtendedTail) {
  for (const auto& v : JavaVectors()) {
    EXPECT_EQ(MurmurHash(v.data, v.seed), v.murmur) << "data size " << v.data.size();
    EXPECT_EQ(HashBytes(HashType::kMurmur, v.data, v.seed), v.murmur);
  }
}

TEST(HashTest, JenkinsMatchesJava) {
  for (const auto& v : JavaVectors()) {
    EXPECT_EQ(JenkinsHash(v.data, v.seed), v.jenkins) << "data size " << v.data.size();
    EXPECT_EQ(HashBytes(HashType::kJenkins, v.data, v.seed), v.jenkins);
  }
}

TEST(HashTest, SeedChainGivesJavaBitPositions) {
  // Java HashFunction.hash for key "key1", 2587966 bits, 30 hashes: each hash seeds the
  // next and the position is Math.abs(h % 2587966).
  const std::vector<int32_t> expected = {
      206483,  672710,  2383509, 1486808, 2434692, 1284694, 1084021, 1792746,
      2586343, 468127,  619895,  1958833, 2507890, 2474902, 2508064, 1675980,
      1742098, 1927482, 791040,  2414740, 480661,  2337356, 2261190, 486858,
      517304,  2569437, 1993614, 2090430, 560708,  2587424};
  int32_t seed = 0;
  std::vector<int32_t> positions;
  for (int i = 0; i < 30; ++i) {
    seed = MurmurHash("key1", seed);
    positions.push_back(std::abs(seed % 2587966));
  }
  EXPECT_EQ(positions, expected);
}

// The hasher mixes a key's blocks once for every seed; keys past its inline blocks (128
// bytes) take the heap. Each seed gives MurmurHash's value.
TEST(HashTest, MurmurHasherGivesMurmurHashForEverySeed) {
  std::vector<std::string> keys;
  for (const auto& v : JavaVectors()) keys.push_back(v.data);
  keys.push_back(std::string(128, 'x'));
  keys.push_back(std::string(131, '\xfe'));
  keys.push_back(std::string(1000, 'k'));
  for (const std::string& key : keys) {
    const MurmurHasher hasher(key);
    for (int32_t seed : {0, 1, -1, 42, INT_MIN, INT_MAX, 123456789}) {
      EXPECT_EQ(hasher.Hash(seed), MurmurHash(key, seed)) << key.size() << " " << seed;
    }
  }
  for (const auto& v : JavaVectors()) {
    EXPECT_EQ(MurmurHasher(v.data).Hash(v.seed), v.murmur);
  }
}

// Java's abs(h % d) without a division, at the edges: INT_MIN (whose magnitude 2^31 no
// int32 holds), INT_MAX, -1 and 0, for divisors from 1 to INT_MAX.
TEST(HashTest, JavaAbsRemainderMatchesTheDivisionAtTheEdges) {
  for (int32_t divisor : {1, 2, 3, 7, 64, 1000003, 2587966, INT_MAX - 1, INT_MAX}) {
    const internal::JavaAbsRemainder remainder(divisor);
    for (int32_t value : {INT_MIN, INT_MIN + 1, -2587967, -1, 0, 1, 2587966, INT_MAX - 1,
                          INT_MAX}) {
      EXPECT_EQ(remainder.Of(value), static_cast<uint32_t>(std::abs(value % divisor)))
          << value << " % " << divisor;
    }
  }
}

// The filter's positions are Java's abs(h % vectorSize): every hash of many keys against
// the plain formula, for divisors from 1 (every position 0) to INT_MAX, with both hash
// types.
TEST(HashTest, FilterPositionsAreJavasRemainderForEveryDivisor) {
  for (HashType type : {HashType::kMurmur, HashType::kJenkins}) {
    for (int32_t divisor : {1, 2, 3, 7, 64, 1000003, 2587966, INT_MAX - 1, INT_MAX}) {
      internal::FilterHeader header;
      header.num_hashes = 30;
      header.hash_type = type;
      header.vector_size = divisor;
      internal::BitVectorFilter filter(header);
      // A reference vector built with the plain formula, for small divisors only.
      std::vector<bool> expected(divisor <= 1000003 ? divisor : 0, false);
      for (int k = 0; k < 300; ++k) {
        const std::string key = "key-" + std::to_string(k * 7919);
        filter.Add(key);
        int32_t seed = 0;
        for (int i = 0; i < 30; ++i) {
          seed = HashBytes(type, key, seed);
          const int32_t position = std::abs(seed % divisor);
          ASSERT_GE(position, 0);
          ASSERT_LT(position, divisor);
          if (!expected.empty()) expected[position] = true;
        }
        ASSERT_TRUE(filter.Test(key));
      }
      if (expected.empty()) continue;
      std::string written;
      filter.Write(&written);
      std::string bits = written.substr(written.size() - (divisor + 7) / 8);
      for (int32_t p = 0; p < divisor; ++p) {
        const bool set = (static_cast<uint8_t>(bits[p >> 3]) >> (p & 7)) & 1;
        ASSERT_EQ(set, expected[p]) << "divisor " << divisor << " position " << p;
      }
    }
  }
}

// Lanes of keys of every length up to past the lanes' 128 bytes, in groups of one to
// kMurmurChainLanes, each chain equal to MurmurHash seeded by the hash before.
TEST(HashTest, MurmurHashChainsEqualOneChainAtATime) {
  std::vector<std::string> keys;
  for (size_t length = 1; length <= 140; ++length) {
    std::string key;
    for (size_t i = 0; i < length; ++i) key.push_back(static_cast<char>(i * 37 + length));
    keys.push_back(key);
  }
  constexpr int32_t kHashes = 30;
  for (size_t group = 1; group <= kMurmurChainLanes; ++group) {
    for (size_t first = 0; first + group <= keys.size(); first += group) {
      std::vector<std::string_view> views(keys.begin() + first,
                                          keys.begin() + first + group);
      std::vector<int32_t> hashes(group * kHashes);
      MurmurHashChains(views, kHashes, hashes.data());
      for (size_t k = 0; k < group; ++k) {
        int32_t seed = 0;
        for (int32_t r = 0; r < kHashes; ++r) {
          seed = MurmurHash(views[k], seed);
          ASSERT_EQ(hashes[k * kHashes + r], seed)
              << "key of " << views[k].size() << " bytes, hash " << r << ", group "
              << group;
        }
      }
    }
  }
}

}  // namespace
}  // namespace hoodie
