// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/format/bloom/bloom_filter_test.cc
/// \brief SIMPLE and DYNAMIC_V0 filters against serializations made by Hudi 0.15's Java
/// BloomFilterFactory (hudi-spark3.5-bundle 0.15.0), plus sizing, growth and errors.
#include "hoodie/format/bloom/bloom_filter.h"

#include <gtest/gtest.h>
#include <zlib.h>

#include <algorithm>
#include <random>
#include <span>
#include <string>
#include <vector>

#include "hoodie/format/bloom/base64_internal.h"
#include "hoodie/format/bloom/bloom_filter_factory.h"
#include "hoodie/format/bloom/dynamic_bloom_filter.h"
#include "hoodie/format/bloom/simple_bloom_filter.h"
#include "hoodie/testing/matchers.h"

namespace hoodie {
namespace {

using ::hoodie::testing::StatusMessageHas;

std::string Key(int i) { return "key" + std::to_string(i); }

// The Java generator: createBloomFilter(10, 0.01, 30, type); add key0..key4; print;
// add key5..key46; print; fromString(that, type); add key47..key59; print.
struct JavaGolden {
  const char* type;
  const char* empty;
  const char* five_keys;
  const char* forty_seven_keys;
  const char* reread_plus_thirteen;
};

const JavaGolden kSimpleGolden = {
    "SIMPLE",
    "/////wAAAAcBAAAAYAAAAAAAAAAAAAAAAA==", "/////wAAAAcBAAAAYFhYAXRh6BgoJhVCCA==",
    "/////wAAAAcBAAAAYP///////////////w==", "/////wAAAAcBAAAAYP///////////////w=="};

const JavaGolden kDynamicGolden = {
    "DYNAMIC_V0", "/////wAAAAcBAAAAYAAAAAoAAAAAAAAAAf////8AAAAHAQAAAGAAAAAAAAAAAAAAAAA=",
    "/////wAAAAcBAAAAYAAAAAoAAAAFAAAAAf////8AAAAHAQAAAGBYWAF0YegYKCYVQgg=",
    "/////wAAAAcBAAAAYAAAAAoAAAAbAAAAA/////8AAAAHAQAAAGD6f9X9Z//87753/gv/////AAAABwEAAABg"
    "2/r3358vH8oh89v5/////wAAAAcBAAAAYH08O3u++9/36I78Dw==",
    "/////wAAAAcBAAAAYAAAAAoAAAAoAAAAA/////8AAAAHAQAAAGD6f/X9Z//9/753/ov/////AAAABwEAAABg"
    "//r335+v39oh89v5/////wAAAAcBAAAAYH09/3u++9/36a//Lw=="};

void CheckAgainstJava(const JavaGolden& golden) {
  SCOPED_TRACE(golden.type);
  ASSERT_OK_AND_ASSIGN(auto filter,
                       BloomFilterFactory::Create(golden.type, 10, 0.01, 30));
  EXPECT_EQ(filter->SerializeToString(), golden.empty);
  for (int i = 0; i < 5; ++i) ASSERT_OK(filter->Add(Key(i)));
  EXPECT_EQ(filter->SerializeToString(), golden.five_keys);
  for (int i = 5; i < 47; ++i) ASSERT_OK(filter->Add(Key(i)));
  EXPECT_EQ(filter->SerializeToString(), golden.forty_seven_keys);

  ASSERT_OK_AND_ASSIGN(
      auto reread, BloomFilterFactory::Deserialize(golden.forty_seven_keys, golden.type));
  EXPECT_EQ(reread->SerializeToString(), golden.forty_seven_keys);
  for (int i = 0; i < 47; ++i) {
    ASSERT_OK_AND_ASSIGN(bool contained, reread->MightContain(Key(i)));
    EXPECT_TRUE(contained) << Key(i);
  }
  for (int i = 47; i < 60; ++i) ASSERT_OK(reread->Add(Key(i)));
  EXPECT_EQ(reread->SerializeToString(), golden.reread_plus_thirteen);
}

// Adds keys [from, to) of `key` through AddAll in groups of `group` keys.
template <typename KeyFn>
::arrow::Status AddInGroups(BloomFilter* filter, int from, int to, int group, KeyFn key) {
  std::vector<std::string> keys;
  for (int i = from; i < to; ++i) keys.push_back(key(i));
  std::vector<std::string_view> views(keys.begin(), keys.end());
  for (size_t at = 0; at < views.size(); at += static_cast<size_t>(group)) {
    const size_t count = std::min(views.size() - at, static_cast<size_t>(group));
    ARROW_RETURN_NOT_OK(filter->AddAll(std::span(views).subspan(at, count)));
  }
  return ::arrow::Status::OK();
}

// CheckAgainstJava with the keys added in groups: the same bytes as one Add after
// another, across growth and rotation of the dynamic rows.
void CheckAddAllAgainstJava(const JavaGolden& golden, int group) {
  SCOPED_TRACE(std::string(golden.type) + " groups of " + std::to_string(group));
  ASSERT_OK_AND_ASSIGN(auto filter,
                       BloomFilterFactory::Create(golden.type, 10, 0.01, 30));
  ASSERT_OK(AddInGroups(filter.get(), 0, 5, group, Key));
  EXPECT_EQ(filter->SerializeToString(), golden.five_keys);
  ASSERT_OK(AddInGroups(filter.get(), 5, 47, group, Key));
  EXPECT_EQ(filter->SerializeToString(), golden.forty_seven_keys);
  ASSERT_OK_AND_ASSIGN(
      auto reread, BloomFilterFactory::Deserialize(golden.forty_seven_keys, golden.type));
  ASSERT_OK(AddInGroups(reread.get(), 47, 60, group, Key));
  EXPECT_EQ(reread->SerializeToString(), golden.reread_plus_thirteen);
}

TEST(BloomFilterTest, SimpleSerializesLikeJava) { CheckAgainstJava(kSimpleGolden); }

TEST(BloomFilterTest, AddAllSerializesLikeJava) {
  for (int group : {1, 3, 8, 13, 60}) {
    CheckAddAllAgainstJava(kSimpleGolden, group);
    CheckAddAllAgainstJava(kDynamicGolden, group);
  }
}

TEST(BloomFilterTest, DynamicGrowsRotatesAndSerializesLikeJava) {
  // nr 10, max 30: rows 2 and 3 are added at keys 10 and 20, rotation starts at key 30
  // (row 0 takes keys 30 and 31); currentNbRecord keeps counting (27 after 47 keys).
  // After deserialization max_entries is 0, so the 13 extra keys rotate (count 40).
  CheckAgainstJava(kDynamicGolden);
}

TEST(BloomFilterTest, NonAsciiKeysHashTheirUtf8Bytes) {
  ASSERT_OK_AND_ASSIGN(auto filter, SimpleBloomFilter::Make(10, 0.01));
  ASSERT_OK(filter->Add("\xc3\xa9t\xc3\xa9"));  // "été"
  ASSERT_OK(filter->Add("\xe2\x98\x83"));       // U+2603
  ASSERT_OK(filter->Add("\xf0\x9f\x98\x80x"));  // U+1F600 "x"
  EXPECT_EQ(filter->SerializeToString(), "/////wAAAAcBAAAAYAAAmkSg4iCQAlQgAQ==");
}

TEST(BloomFilterTest, SizingMatchesBloomFilterUtils) {
  ASSERT_OK_AND_ASSIGN(auto defaults, BloomFilterSizing::Compute(60000, 0.000000001));
  EXPECT_EQ(defaults.bit_size, 2587966);
  EXPECT_EQ(defaults.num_hashes, 30);
  ASSERT_OK_AND_ASSIGN(auto small, BloomFilterSizing::Compute(10, 0.01));
  EXPECT_EQ(small.bit_size, 96);
  EXPECT_EQ(small.num_hashes, 7);
  ASSERT_OK_AND_ASSIGN(auto other, BloomFilterSizing::Compute(1000, 0.001));
  EXPECT_EQ(other.bit_size, 14378);
  EXPECT_EQ(other.num_hashes, 10);

  ASSERT_RAISES(Invalid, BloomFilterSizing::Compute(0, 0.01));
  ASSERT_RAISES(Invalid, BloomFilterSizing::Compute(-5, 0.01));
  ASSERT_RAISES(Invalid, BloomFilterSizing::Compute(10, 0.0));
  ASSERT_RAISES(Invalid, BloomFilterSizing::Compute(10, 1.0));
  ASSERT_RAISES(Invalid, BloomFilterSizing::Compute(2000000000, 1e-300));
}

uint32_t Crc32(const std::string& bytes) {
  return static_cast<uint32_t>(crc32(0, reinterpret_cast<const Bytef*>(bytes.data()),
                                     static_cast<uInt>(bytes.size())));
}

TEST(BloomFilterTest, DefaultSizedFiltersMatchJavaBytes) {
  // Java: createBloomFilter(60000, 1e-9, 100000, type), keys "key-<i>"; CRC32 and length
  // of the serialized bytes.
  ASSERT_OK_AND_ASSIGN(auto simple,
                       BloomFilterFactory::Create("simple", 60000, 1e-9, 100000));
  for (int i = 0; i < 1000; ++i) ASSERT_OK(simple->Add("key-" + std::to_string(i)));
  EXPECT_EQ(simple->Serialize().size(), 323509u);
  EXPECT_EQ(Crc32(simple->Serialize()), 0x9e2f5a56u);

  ASSERT_OK_AND_ASSIGN(auto dynamic, DynamicBloomFilter::Make(60000, 1e-9, 100000));
  for (int i = 0; i < 70000; ++i) ASSERT_OK(dynamic->Add("key-" + std::to_string(i)));
  EXPECT_EQ(dynamic->num_rows(), 2);
  EXPECT_EQ(dynamic->current_row_records(), 10000);
  EXPECT_EQ(dynamic->Serialize().size(), 647043u);
  EXPECT_EQ(Crc32(dynamic->Serialize()), 0x87e354c8u);
  // 2 * 60000 >= 100000: no third row; the rows take keys in turn.
  for (int i = 70000; i < 130000; ++i)
    ASSERT_OK(dynamic->Add("key-" + std::to_string(i)));
  EXPECT_EQ(dynamic->num_rows(), 2);
  EXPECT_EQ(dynamic->current_row_records(), 70000);
  EXPECT_EQ(Crc32(dynamic->Serialize()), 0x22bd9096u);
}

TEST(BloomFilterTest, AddAllOfDefaultSizedFiltersMatchesJavaBytes) {
  // The keys and checksums of DefaultSizedFiltersMatchJavaBytes, added in groups of
  // 1,000; some keys long enough (over 128 bytes) to be hashed apart from the lanes.
  auto key = [](int i) { return "key-" + std::to_string(i); };
  ASSERT_OK_AND_ASSIGN(auto simple,
                       BloomFilterFactory::Create("simple", 60000, 1e-9, 100000));
  ASSERT_OK(AddInGroups(simple.get(), 0, 1000, 1000, key));
  EXPECT_EQ(Crc32(simple->Serialize()), 0x9e2f5a56u);
  ASSERT_OK_AND_ASSIGN(auto dynamic, DynamicBloomFilter::Make(60000, 1e-9, 100000));
  ASSERT_OK(AddInGroups(dynamic.get(), 0, 70000, 1000, key));
  EXPECT_EQ(Crc32(dynamic->Serialize()), 0x87e354c8u);
  ASSERT_OK(AddInGroups(dynamic.get(), 70000, 130000, 1000, key));
  EXPECT_EQ(dynamic->current_row_records(), 70000);
  EXPECT_EQ(Crc32(dynamic->Serialize()), 0x22bd9096u);

  auto mixed = [](int i) {
    return i % 5 == 0 ? std::string(120 + i % 40, static_cast<char>('a' + i % 26))
                      : "k" + std::to_string(i * 7919);
  };
  ASSERT_OK_AND_ASSIGN(auto one_by_one, SimpleBloomFilter::Make(5000, 1e-6));
  for (int i = 0; i < 3000; ++i) ASSERT_OK(one_by_one->Add(mixed(i)));
  ASSERT_OK_AND_ASSIGN(auto grouped, SimpleBloomFilter::Make(5000, 1e-6));
  ASSERT_OK(AddInGroups(grouped.get(), 0, 3000, 11, mixed));
  EXPECT_EQ(grouped->Serialize(), one_by_one->Serialize());
}

TEST(BloomFilterTest, DynamicRowsFollowGrowthAndRoundRobin) {
  ASSERT_OK_AND_ASSIGN(auto filter, DynamicBloomFilter::Make(10, 0.01, 30));
  EXPECT_EQ(filter->num_rows(), 1);
  EXPECT_EQ(filter->row_capacity(), 10);
  EXPECT_EQ(filter->max_entries(), 30);
  for (int i = 0; i < 10; ++i) ASSERT_OK(filter->Add(Key(i)));
  EXPECT_EQ(filter->num_rows(), 1);
  EXPECT_EQ(filter->current_row_records(), 10);
  ASSERT_OK(filter->Add(Key(10)));
  EXPECT_EQ(filter->num_rows(), 2);
  EXPECT_EQ(filter->current_row_records(), 1);
  ASSERT_OK_AND_ASSIGN(bool in_row1, filter->RowMightContain(1, Key(10)));
  EXPECT_TRUE(in_row1);
  for (int i = 11; i < 30; ++i) ASSERT_OK(filter->Add(Key(i)));
  EXPECT_EQ(filter->num_rows(), 3);
  EXPECT_EQ(filter->current_row_records(), 10);

  // Bound reached: keys go to rows 0, 0, 1, 2, 0, 1, 2. Only the chosen row's bit
  // vector may change.
  const int expected_rows[] = {0, 0, 1, 2, 0, 1, 2};
  for (int k = 0; k < 7; ++k) {
    const std::string key = "rotating-" + std::to_string(k);
    std::string before = filter->Serialize();
    ASSERT_OK(filter->Add(key));
    std::string after = filter->Serialize();
    // Each row occupies 13 + 12 bytes after the 25-byte outer part.
    for (int row = 0; row < 3; ++row) {
      const size_t offset = 25 + row * 25 + 13;
      const bool changed = before.compare(offset, 12, after, offset, 12) != 0;
      if (row != expected_rows[k]) {
        EXPECT_FALSE(changed) << "key " << k << " row " << row;
      }
    }
    ASSERT_OK_AND_ASSIGN(bool in_row, filter->RowMightContain(expected_rows[k], key));
    EXPECT_TRUE(in_row) << "key " << k;
  }
  EXPECT_EQ(filter->num_rows(), 3);
  EXPECT_EQ(filter->current_row_records(), 17);
  ASSERT_RAISES(Invalid, filter->RowMightContain(3, "x"));
  ASSERT_RAISES(Invalid, filter->RowMightContain(-1, "x"));
}

TEST(BloomFilterTest, NoFalsePositivesAmongRandomKeysAtDefaultSizing) {
  for (const char* type : {"SIMPLE", "DYNAMIC_V0"}) {
    ASSERT_OK_AND_ASSIGN(auto filter,
                         BloomFilterFactory::Create(type, 60000, 1e-9, 100000));
    for (int i = 0; i < 1000; ++i) ASSERT_OK(filter->Add("member-" + std::to_string(i)));
    std::mt19937_64 random(20240601);
    int false_positives = 0;
    for (int i = 0; i < 10000; ++i) {
      ASSERT_OK_AND_ASSIGN(bool hit,
                           filter->MightContain("random-" + std::to_string(random())));
      false_positives += hit ? 1 : 0;
    }
    EXPECT_EQ(false_positives, 0) << type;
    for (int i = 0; i < 1000; ++i) {
      ASSERT_OK_AND_ASSIGN(bool hit, filter->MightContain("member-" + std::to_string(i)));
      EXPECT_TRUE(hit);
    }
  }
}

TEST(BloomFilterTest, LegacyHeaderMeansJenkinsAndIsRewrittenVersioned) {
  // Java: InternalBloomFilter(96, 7, JENKINS) with key0..key4, its header cut to the
  // pre-versioning layout (int32 nbHash, int32 vectorSize). Java's fromString(..,
  // "SIMPLE") reports key0..key4 present, key5..key7 absent, and re-serializes with the
  // version -1 header and hash type 0.
  ASSERT_OK_AND_ASSIGN(auto filter, BloomFilterFactory::Deserialize(
                                        "AAAABwAAAGCoQ2QCUZFIYEDlKCM=", std::nullopt));
  ASSERT_EQ(filter->type_code(), "SIMPLE");
  EXPECT_EQ(static_cast<const SimpleBloomFilter&>(*filter).hash_type(),
            HashType::kJenkins);
  for (int i = 0; i < 8; ++i) {
    ASSERT_OK_AND_ASSIGN(bool hit, filter->MightContain(Key(i)));
    EXPECT_EQ(hit, i < 5) << Key(i);
  }
  EXPECT_EQ(filter->SerializeToString(), "/////wAAAAcAAAAAYKhDZAJRkUhgQOUoIw==");

  ASSERT_OK_AND_ASSIGN(auto jenkins,
                       SimpleBloomFilter::Make(10, 0.01, HashType::kJenkins));
  for (int i = 0; i < 5; ++i) ASSERT_OK(jenkins->Add(Key(i)));
  EXPECT_EQ(jenkins->SerializeToString(), "/////wAAAAcAAAAAYKhDZAJRkUhgQOUoIw==");
}

TEST(BloomFilterTest, EmptyKeyIsRejected) {
  for (const char* type : {"SIMPLE", "DYNAMIC_V0"}) {
    ASSERT_OK_AND_ASSIGN(auto filter, BloomFilterFactory::Create(type, 10, 0.01, 30));
    EXPECT_THAT(filter->Add(""), StatusMessageHas("must not be empty"));
    const std::vector<std::string_view> with_empty = {"a", "b", "", "c"};
    EXPECT_THAT(filter->AddAll(with_empty), StatusMessageHas("must not be empty (key 2 of 4"));
    ASSERT_RAISES(Invalid, filter->MightContain(""));
    // A rejected key leaves the filter untouched.
    ASSERT_OK_AND_ASSIGN(auto fresh, BloomFilterFactory::Create(type, 10, 0.01, 30));
    EXPECT_EQ(filter->Serialize(), fresh->Serialize());
  }
}

TEST(BloomFilterTest, TypeCodesParseIgnoringCase) {
  // Type codes match ignoring case, as Java's equalsIgnoreCase.
  ASSERT_OK_AND_ASSIGN(auto simple, BloomFilterFactory::Create("simple", 10, 0.01, 30));
  EXPECT_EQ(simple->type_code(), "SIMPLE");
  EXPECT_FALSE(simple->HasTypeCodeFooter());
  ASSERT_OK_AND_ASSIGN(auto dynamic, BloomFilterFactory::Create("Dynamic_V0", 10, 0.01, 30));
  EXPECT_EQ(dynamic->type_code(), "DYNAMIC_V0");
  EXPECT_TRUE(dynamic->HasTypeCodeFooter());
  EXPECT_THAT(BloomFilterFactory::Create("DYNAMIC_V1", 10, 0.01, 30),
              StatusMessageHas("unknown bloom filter type 'DYNAMIC_V1'"));
  ASSERT_RAISES(Invalid, BloomFilterFactory::Create("BLOOM", 10, 0.01, 30));
  ASSERT_RAISES(Invalid, BloomFilterFactory::Deserialize(kSimpleGolden.empty, "OTHER"));
}

TEST(BloomFilterTest, CorruptOrTruncatedBytesNameTheProblem) {
  const std::string dynamic =
      internal::Base64Decode(kDynamicGolden.five_keys).ValueOrDie();
  // Every proper prefix fails, naming the field that ran out.
  for (size_t size = 0; size < dynamic.size(); ++size) {
    auto result =
        DynamicBloomFilter::Deserialize(std::string_view(dynamic).substr(0, size));
    ASSERT_RAISES(Invalid, result);
    EXPECT_THAT(result, StatusMessageHas("truncated")) << size;
  }
  EXPECT_THAT(DynamicBloomFilter::Deserialize(dynamic.substr(0, 2)),
              StatusMessageHas("version needs 4 bytes at offset 0, 2 left"));
  EXPECT_THAT(DynamicBloomFilter::Deserialize(dynamic.substr(0, 30)),
              StatusMessageHas("row 0 of 1"));

  std::string bad = dynamic;
  bad[3] = '\xfe';  // version -2
  EXPECT_THAT(DynamicBloomFilter::Deserialize(bad),
              StatusMessageHas("unsupported version: -2"));
  bad = dynamic;
  bad[8] = 7;  // hash type
  EXPECT_THAT(DynamicBloomFilter::Deserialize(bad),
              StatusMessageHas("unknown hash type: 7"));
  bad = dynamic;
  bad[7] = 0;  // nbHash 0
  EXPECT_THAT(DynamicBloomFilter::Deserialize(bad), StatusMessageHas("hash count"));
  bad = dynamic;
  bad[9] = '\x80';  // vectorSize negative
  EXPECT_THAT(DynamicBloomFilter::Deserialize(bad), StatusMessageHas("bit count"));
  bad = dynamic;
  bad[24] = 0;  // row count 0
  EXPECT_THAT(DynamicBloomFilter::Deserialize(bad), StatusMessageHas("row count"));
  bad = dynamic;
  bad[21] = '\x7f';  // row count 2^31-ish: fails on length, allocates nothing big
  EXPECT_THAT(DynamicBloomFilter::Deserialize(bad), StatusMessageHas("truncated"));

  // Java ignores bytes after the filter, and so do we.
  ASSERT_OK_AND_ASSIGN(auto padded, DynamicBloomFilter::Deserialize(dynamic + "xyz"));
  EXPECT_EQ(padded->Serialize(), dynamic);
}

TEST(BloomFilterTest, BadBase64IsInvalid) {
  EXPECT_THAT(BloomFilterFactory::Deserialize("/////wAA*AAc", std::nullopt),
              StatusMessageHas("illegal character at offset 8"));
  EXPECT_THAT(BloomFilterFactory::Deserialize("AAAAB", std::nullopt),
              StatusMessageHas("dangling"));
  EXPECT_THAT(BloomFilterFactory::Deserialize("AAA=A", std::nullopt),
              StatusMessageHas("wrong ending unit"));
  // Padding is optional on input, as in java.util.Base64.
  std::string unpadded = kSimpleGolden.five_keys;
  unpadded.resize(unpadded.find('='));
  ASSERT_OK_AND_ASSIGN(auto filter,
                       BloomFilterFactory::Deserialize(unpadded, std::nullopt));
  EXPECT_EQ(filter->SerializeToString(), kSimpleGolden.five_keys);
}

TEST(BloomFilterTest, Base64RoundTripsAllLengths) {
  std::string bytes;
  for (int i = 0; i < 300; ++i) {
    std::string encoded = internal::Base64Encode(bytes);
    EXPECT_EQ(encoded.size() % 4, 0u);
    ASSERT_OK_AND_ASSIGN(auto decoded, internal::Base64Decode(encoded));
    EXPECT_EQ(decoded, bytes);
    bytes.push_back(static_cast<char>(i * 37));
  }
  EXPECT_EQ(internal::Base64Encode("\xfb\xff"), "+/8=");
}

}  // namespace
}  // namespace hoodie
