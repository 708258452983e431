// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/format/bloom/bloom_footer_test.cc
/// \brief Footer bloom filters and key ranges of every base file of the v6 sample tables
/// (written by Spark + Hudi), read, checked and rebuilt byte for byte.
#include "hoodie/format/bloom/bloom_footer.h"

#include <arrow/array.h>
#include <arrow/chunked_array.h>
#include <arrow/memory_pool.h>
#include <gtest/gtest.h>
#include <parquet/arrow/reader.h>

#include <algorithm>
#include <cctype>
#include <string>
#include <vector>

#include "hoodie/common/java_compat.h"
#include "hoodie/format/bloom/bloom_filter_factory.h"
#include "hoodie/format/bloom/dynamic_bloom_filter.h"
#include "hoodie/format/bloom/simple_bloom_filter.h"
#include "hoodie/format/parquet/parquet_format.h"
#include "hoodie/storage/storage.h"
#include "hoodie/testing/matchers.h"
#include "hoodie/testing/temp_dir.h"
#include "hoodie/testing/test_data.h"

namespace hoodie {
namespace {

using ::hoodie::testing::StatusMessageHas;

struct SampleTable {
  const char* zip;        // under hudi-rs-tables/
  bool has_bloom_footer;  // false when written without meta fields
  int base_files;
};

std::string PrintTable(const ::testing::TestParamInfo<SampleTable>& info) {
  std::string name = info.param.zip;
  std::replace_if(name.begin(), name.end(), [](char c) { return !std::isalnum(c); }, '_');
  return name;
}

// Non-null `_hoodie_record_key` values in file order.
::arrow::Result<std::vector<std::string>> ReadRecordKeys(Storage& storage,
                                                         const std::string& path) {
  ARROW_ASSIGN_OR_RAISE(auto file, storage.OpenForRead(path));
  ARROW_ASSIGN_OR_RAISE(auto reader,
                        ::parquet::arrow::OpenFile(file, ::arrow::default_memory_pool()));
  std::shared_ptr<::arrow::Schema> schema;
  ARROW_RETURN_NOT_OK(reader->GetSchema(&schema));
  const int index = schema->GetFieldIndex("_hoodie_record_key");
  if (index < 0) return ::arrow::Status::KeyError("no _hoodie_record_key in ", path);
  std::shared_ptr<::arrow::ChunkedArray> column;
  ARROW_RETURN_NOT_OK(reader->ReadColumn(index, &column));
  std::vector<std::string> keys;
  for (const auto& chunk : column->chunks()) {
    if (chunk->type_id() != ::arrow::Type::STRING) {
      return ::arrow::Status::TypeError("unexpected key type ",
                                        chunk->type()->ToString());
    }
    const auto& strings = static_cast<const ::arrow::StringArray&>(*chunk);
    for (int64_t i = 0; i < strings.length(); ++i) {
      if (strings.IsValid(i)) keys.emplace_back(strings.GetView(i));
    }
  }
  return keys;
}

class SampleTableBloomTest : public ::testing::TestWithParam<SampleTable> {
 protected:
  void SetUp() override {
    ASSERT_OK_AND_ASSIGN(
        base_path_, testing::UnzipTable(std::string("hudi-rs-tables/") + GetParam().zip,
                                        temp_.path()));
    ASSERT_OK_AND_ASSIGN(auto entries, storage_->List(base_path_, /*recursive=*/true));
    for (const auto& entry : entries) {
      const bool in_meta_folder = entry.path.find("/.hoodie/") != std::string::npos;
      if (!entry.is_directory && !in_meta_folder && entry.path.ends_with(".parquet")) {
        base_files_.push_back(entry.path);
      }
    }
    ASSERT_EQ(static_cast<int>(base_files_.size()), GetParam().base_files);
  }

  void CheckBaseFile(const std::string& path);

  testing::TempDir temp_;
  std::shared_ptr<Storage> storage_ = Storage::Local();
  std::string base_path_;
  std::vector<std::string> base_files_;
};

void SampleTableBloomTest::CheckBaseFile(const std::string& path) {
  SCOPED_TRACE(path);
  ASSERT_OK_AND_ASSIGN(BaseFileFooter footer,
                       ParquetBaseFileFormat().ReadFooter(*storage_, path, -1));
  ASSERT_OK_AND_ASSIGN(auto keys, ReadRecordKeys(*storage_, path));
  ASSERT_FALSE(keys.empty());

  ASSERT_OK_AND_ASSIGN(auto filter, ReadBloomFilterFromFooter(footer.entries));
  ASSERT_EQ(filter->type_code(), "DYNAMIC_V0");
  const auto& dynamic = static_cast<const DynamicBloomFilter&>(*filter);
  // The verified header: version -1, 30 Murmur hashes, 2587966 bits, nr 60000, 1 row.
  const std::string bytes = filter->Serialize();
  const std::string expected_head(
      "\xff\xff\xff\xff\x00\x00\x00\x1e\x01\x00\x27\x7d\x3e"
      "\x00\x00\xea\x60",
      17);
  EXPECT_EQ(bytes.substr(0, 17), expected_head);
  EXPECT_EQ(bytes.size(), 25u + 13u + 323496u);
  EXPECT_EQ(dynamic.num_hashes(), 30);
  EXPECT_EQ(dynamic.hash_type(), HashType::kMurmur);
  EXPECT_EQ(dynamic.bit_size(), 2587966);
  EXPECT_EQ(dynamic.row_capacity(), 60000);
  EXPECT_EQ(dynamic.num_rows(), 1);
  EXPECT_EQ(dynamic.current_row_records(), static_cast<int32_t>(keys.size()));

  for (const auto& key : keys) {
    ASSERT_OK_AND_ASSIGN(bool hit, filter->MightContain(key));
    EXPECT_TRUE(hit) << key;
  }
  ASSERT_OK_AND_ASSIGN(bool stranger, filter->MightContain("not-a-key-of-this-file"));
  EXPECT_FALSE(stranger);

  // Re-serializing gives the stored string exactly.
  const std::string stored = footer.Value(kBloomFilterFooterKey).value_or("");
  EXPECT_EQ(filter->SerializeToString(), stored);

  // The min/max footer keys are the extremes of the column (ASCII keys: byte order is
  // Java String order).
  ASSERT_OK_AND_ASSIGN(auto range, ReadMinMaxRecordKeys(footer.entries));
  EXPECT_EQ(range.min_key, *std::min_element(keys.begin(), keys.end()));
  EXPECT_EQ(range.max_key, *std::max_element(keys.begin(), keys.end()));

  // A filter built by us from the file's keys is byte-identical to Hudi's, and so are
  // the footer entries a writer would add.
  ASSERT_OK_AND_ASSIGN(
      auto rebuilt, BloomFilterFactory::Create("DYNAMIC_V0", 60000, 0.000000001, 100000));
  BloomFilterWriteSupport write_support(std::move(rebuilt));
  for (const auto& key : keys) ASSERT_OK(write_support.AddKey(key));
  EXPECT_EQ(write_support.filter().SerializeToString(), stored);
  for (const auto& [key, value] : write_support.FinalizeMetadata()) {
    EXPECT_EQ(value, footer.Value(key).value_or("")) << key;
  }
  EXPECT_EQ(write_support.FinalizeMetadata().size(), 4u);
}

TEST_P(SampleTableBloomTest, EveryBaseFileFooterMatchesItsKeys) {
  for (const auto& path : base_files_) {
    if (GetParam().has_bloom_footer) {
      CheckBaseFile(path);
      continue;
    }
    ASSERT_OK_AND_ASSIGN(BaseFileFooter footer,
                       ParquetBaseFileFormat().ReadFooter(*storage_, path, -1));
    auto filter = ReadBloomFilterFromFooter(footer.entries);
    ASSERT_RAISES(KeyError, filter);
    EXPECT_THAT(filter, StatusMessageHas("org.apache.hudi.bloomfilter"));
    EXPECT_THAT(ReadMinMaxRecordKeys(footer.entries),
                StatusMessageHas("hoodie_min_record_key and hoodie_max_record_key"));
  }
}

INSTANTIATE_TEST_SUITE_P(
    V6, SampleTableBloomTest,
    ::testing::Values(
        SampleTable{"sample_table/cow/v6_complexkeygen_hivestyle.zip", true, 4},
        SampleTable{"sample_table/cow/v6_empty.zip", true, 0},
        SampleTable{"sample_table/cow/v6_nonpartitioned.zip", true, 2},
        SampleTable{"sample_table/cow/v6_simplekeygen_hivestyle_no_metafields.zip", false,
                    3},
        SampleTable{"sample_table/cow/v6_simplekeygen_nonhivestyle.zip", true, 4},
        SampleTable{"sample_table/cow/v6_timebasedkeygen_nonhivestyle.zip", true, 5},
        SampleTable{"sample_table/mor/parquet/v6_empty.zip", true, 0},
        SampleTable{"sample_table/mor/parquet/v6_nonpartitioned.zip", true, 2},
        SampleTable{"sample_table/mor/parquet/v6_nonpartitioned_rollback.zip", true, 1},
        SampleTable{"sample_table/mor/parquet/v6_simplekeygen_nonhivestyle.zip", true, 3},
        SampleTable{
            "sample_table/mor/parquet/v6_simplekeygen_nonhivestyle_overwritetable.zip",
            true, 4},
        SampleTable{"quickstart_trips_table/mor/avro/v6_trips_8i1u.zip", true, 3}),
    PrintTable);

// A footer carrying only the legacy key and no type code: SIMPLE, found under the old
// key, as Java reads it.
TEST(BloomFooterTest, LegacyKeyWithoutTypeCodeReadsSimple) {
  testing::TempDir temp;
  ASSERT_OK_AND_ASSIGN(auto simple, SimpleBloomFilter::Make(10, 0.01));
  ASSERT_OK(simple->Add("k1"));
  const std::vector<FooterEntry> footer = {
      {"com.uber.hoodie.bloomfilter", simple->SerializeToString()}};
  ASSERT_OK_AND_ASSIGN(auto filter, ReadBloomFilterFromFooter(footer));
  EXPECT_EQ(filter->type_code(), "SIMPLE");
  EXPECT_EQ(filter->SerializeToString(), simple->SerializeToString());
  EXPECT_THAT(ReadMinMaxRecordKeys(footer), StatusMessageHas("missing"));
}

TEST(BloomFooterTest, EntriesCarryTypeCodeOnlyForDynamic) {
  ASSERT_OK_AND_ASSIGN(auto simple, BloomFilterFactory::Create("SIMPLE", 10, 0.01, 30));
  auto entries = BloomFooterEntries(*simple, std::string("a"), std::string("b"));
  ASSERT_EQ(entries.size(), 3u);
  EXPECT_EQ(entries[0], FooterEntry("org.apache.hudi.bloomfilter",
                                    "/////wAAAAcBAAAAYAAAAAAAAAAAAAAAAA=="));
  EXPECT_EQ(entries[1], FooterEntry("hoodie_min_record_key", "a"));
  EXPECT_EQ(entries[2], FooterEntry("hoodie_max_record_key", "b"));

  ASSERT_OK_AND_ASSIGN(auto dynamic,
                       BloomFilterFactory::Create("DYNAMIC_V0", 10, 0.01, 30));
  entries = BloomFooterEntries(*dynamic, std::nullopt, std::nullopt);
  ASSERT_EQ(entries.size(), 2u);
  EXPECT_EQ(entries[1], FooterEntry("hoodie_bloom_filter_type_code", "DYNAMIC_V0"));
}

TEST(BloomFooterTest, JavaStringOrderIsUtf16Order) {
  EXPECT_LT(CompareJavaStrings("a", "ab"), 0);
  EXPECT_GT(CompareJavaStrings("b", "ab"), 0);
  EXPECT_EQ(CompareJavaStrings("id:1", "id:1"), 0);
  // U+FFFF vs U+1F600: UTF-8 bytes say U+FFFF is smaller, Java (UTF-16, surrogate 0xD83D)
  // says it is larger ("\uffff".compareTo("\ud83d\ude00") is 10178 > 0 in Java).
  const std::string ffff = "\xef\xbf\xbf";
  const std::string emoji = "\xf0\x9f\x98\x80";
  EXPECT_LT(ffff.compare(emoji), 0);
  EXPECT_GT(CompareJavaStrings(ffff, emoji), 0);
  EXPECT_LT(CompareJavaStrings("\xc3\xa9", "\xe2\x98\x83"), 0);  // U+00E9 < U+2603
  // Malformed UTF-8 compares as U+FFFD, one per bad byte.
  EXPECT_EQ(CompareJavaStrings("a\xff", "a\xef\xbf\xbd"), 0);
  EXPECT_EQ(CompareJavaStrings("\xe2\x98", "\xef\xbf\xbd\xef\xbf\xbd"), 0);

  ASSERT_OK_AND_ASSIGN(auto filter, BloomFilterFactory::Create("SIMPLE", 10, 0.01, 30));
  BloomFilterWriteSupport java_order(std::move(filter));
  ASSERT_OK(java_order.AddKey(emoji));
  ASSERT_OK(java_order.AddKey(ffff));
  ASSERT_OK(java_order.AddKey("z"));
  EXPECT_EQ(*java_order.min_record_key(), "z");
  EXPECT_EQ(*java_order.max_record_key(), ffff);

  ASSERT_OK_AND_ASSIGN(filter, BloomFilterFactory::Create("SIMPLE", 10, 0.01, 30));
  BloomFilterWriteSupport byte_order(std::move(filter), RecordKeyOrder::kUtf8Bytes);
  ASSERT_OK(byte_order.AddKey(emoji));
  ASSERT_OK(byte_order.AddKey(ffff));
  ASSERT_OK(byte_order.AddKey("z"));
  EXPECT_EQ(*byte_order.max_record_key(), emoji);
  ASSERT_RAISES(Invalid, byte_order.AddKey(""));
}

TEST(BloomFooterTest, NonParquetFileIsInvalidNamingThePath) {
  testing::TempDir temp;
  auto storage = Storage::Local();
  ASSERT_OK(storage->WriteAll(temp.Join("x.parquet"), "not parquet at all", true));
  auto footer = ParquetBaseFileFormat().ReadFooter(*storage, temp.Join("x.parquet"), -1);
  ASSERT_RAISES(Invalid, footer);
  EXPECT_THAT(footer, StatusMessageHas("x.parquet"));
  ASSERT_RAISES(IOError, ParquetBaseFileFormat().ReadFooter(*storage, temp.Join("missing.parquet"), -1));
}

}  // namespace
}  // namespace hoodie
