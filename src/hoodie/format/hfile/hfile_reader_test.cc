// SPDX-License-Identifier: Apache-2.0
// The reader against HFiles that HBase 2.4 wrote (hudi-rs' test files, from the pinned
// PyPI package; scripts/setup-testdata.sh): single and multi-level indexes, GZ and NONE,
// shortened index keys, repeated rows, an empty file; and metadata-table HFiles.
#include "hoodie/format/hfile/hfile_reader.h"

#include <cstdio>
#include <string>
#include <vector>

#include <arrow/buffer.h>
#include <gtest/gtest.h>

#include "hoodie/testing/matchers.h"
#include "hoodie/testing/test_data.h"

namespace hoodie {
namespace {

std::string Numbered(const char* format, int i) {
  char text[64];
  std::snprintf(text, sizeof(text), format, i);
  return text;
}

class HFileReaderTest : public ::testing::Test {
 protected:
  void SetUp() override {
    auto dir = testing::HudiRsTestFilesDir();
    ASSERT_TRUE(dir.ok()) << dir.status().ToString();
    dir_ = *dir;
  }

  std::string Bytes(const std::string& relative) { return testing::ReadBinaryFile(dir_ + "/" + relative); }

  std::unique_ptr<HFileReader> Open(const std::string& relative) {
    auto reader =
        HFileReader::Open(::arrow::Buffer::FromString(Bytes(relative)), relative);
    EXPECT_TRUE(reader.ok()) << reader.status().ToString();
    return reader.ok() ? std::move(*reader) : nullptr;
  }

  static std::vector<std::pair<std::string, std::string>> All(HFileReader* reader,
                                                              std::string_view prefix = "") {
    std::vector<std::pair<std::string, std::string>> cells;
    EXPECT_TRUE(reader
                    ->Scan(prefix,
                           [&](std::string_view row, std::string_view value) {
                             cells.emplace_back(row, value);
                             return ::arrow::Status::OK();
                           })
                    .ok());
    return cells;
  }

  std::string dir_;
};

TEST_F(HFileReaderTest, EveryCellOfAnUncompressedFileInOrder) {
  auto reader = Open("hfile/hudi_1_0_hbase_2_4_9_16KB_NONE_5000.hfile");
  ASSERT_NE(reader, nullptr);
  EXPECT_EQ(reader->entry_count(), 5000);
  EXPECT_EQ(reader->compression(), HFileCompression::kNone);
  auto cells = All(reader.get());
  ASSERT_EQ(cells.size(), 5000u);
  for (int i = 0; i < 5000; ++i) {
    ASSERT_EQ(cells[i].first, Numbered("hudi-key-%09d", i));
    ASSERT_EQ(cells[i].second, Numbered("hudi-value-%09d", i));
  }
}

TEST_F(HFileReaderTest, PointLookupsInGzipFilesOfEveryBlockSize) {
  for (const char* file : {"hfile/hudi_1_0_hbase_2_4_9_16KB_GZ_20000.hfile",
                           "hfile/hudi_1_0_hbase_2_4_9_512KB_GZ_20000.hfile"}) {
    auto reader = Open(file);
    ASSERT_NE(reader, nullptr);
    EXPECT_EQ(reader->compression(), HFileCompression::kGz);
    EXPECT_EQ(reader->entry_count(), 20000);
    for (int i : {0, 1, 4095, 10000, 19999}) {
      ASSERT_OK_AND_ASSIGN(auto value, reader->Get(Numbered("hudi-key-%09d", i)));
      ASSERT_TRUE(value.has_value()) << file << " " << i;
      EXPECT_EQ(*value, Numbered("hudi-value-%09d", i));
    }
    for (const char* absent : {"aaa", "hudi-key-000000000x", "hudi-key-999999999", "zzz"}) {
      ASSERT_OK_AND_ASSIGN(auto value, reader->Get(absent));
      EXPECT_FALSE(value.has_value()) << file << " " << absent;
    }
    EXPECT_EQ(All(reader.get()).size(), 20000u);
  }
}

TEST_F(HFileReaderTest, PrefixScansStopWhereThePrefixEnds) {
  auto reader = Open("hfile/hudi_1_0_hbase_2_4_9_64KB_NONE_5000.hfile");
  ASSERT_NE(reader, nullptr);
  auto cells = All(reader.get(), "hudi-key-00000012");
  ASSERT_EQ(cells.size(), 10u);
  EXPECT_EQ(cells.front().first, "hudi-key-000000120");
  EXPECT_EQ(cells.back().second, "hudi-value-000000129");
  EXPECT_TRUE(All(reader.get(), "hudi-key-1").empty());
}

TEST_F(HFileReaderTest, ShortenedIndexKeysOnlyBoundTheirBlocks) {
  // HBase 2.4.13 indexes a block by a key between the last of the block before and its
  // first, shorter than either.
  auto reader = Open("hfile/hudi_1_0_hbase_2_4_13_16KB_GZ_20000_fake_first_key.hfile");
  ASSERT_NE(reader, nullptr);
  for (int i : {0, 469, 470, 471, 19999}) {
    ASSERT_OK_AND_ASSIGN(auto value, reader->Get(Numbered("hudi-key-%09d-abcdefghij", i)));
    ASSERT_TRUE(value.has_value()) << i;
    EXPECT_EQ(*value, Numbered("hudi-value-%09d", i));
  }
  ASSERT_OK_AND_ASSIGN(auto fake, reader->Get("hudi-key-00000047"));
  EXPECT_FALSE(fake.has_value());
  EXPECT_EQ(All(reader.get(), "hudi-key-00000047").size(), 10u);
}

TEST_F(HFileReaderTest, RepeatedRowsAreAllScannedAndTheFirstIsGot) {
  auto reader = Open("hfile/hudi_1_0_hbase_2_4_9_16KB_GZ_200_20_non_unique.hfile");
  ASSERT_NE(reader, nullptr);
  EXPECT_EQ(reader->entry_count(), 4200);
  ASSERT_OK_AND_ASSIGN(auto value, reader->Get("hudi-key-000000005"));
  ASSERT_TRUE(value.has_value());
  EXPECT_EQ(*value, "hudi-value-000000005");
  auto cells = All(reader.get(), "hudi-key-000000005");
  ASSERT_EQ(cells.size(), 21u);
  EXPECT_EQ(cells[1].second, "hudi-value-000000005_0");
  EXPECT_EQ(cells[20].second, "hudi-value-000000005_19");
  EXPECT_EQ(All(reader.get()).size(), 4200u);
}

TEST_F(HFileReaderTest, LargeKeysAndAMultiLevelIndex) {
  for (const char* file : {"hfile/hudi_1_0_hbase_2_4_13_1KB_GZ_20000_large_keys.hfile",
                           "hfile/hudi_1_0_hbase_2_4_13_1KB_GZ_10000_large_keys_deep_index.hfile"}) {
    auto reader = Open(file);
    ASSERT_NE(reader, nullptr);
    auto cells = All(reader.get());
    ASSERT_EQ(static_cast<int64_t>(cells.size()), reader->entry_count()) << file;
    for (size_t i = 0; i < cells.size(); i += 997) {
      if (i > 0) {
        ASSERT_LT(cells[i - 1].first, cells[i].first);
      }
      ASSERT_EQ(cells[i].second, Numbered("hudi-value-%09d", static_cast<int>(i)));
      ASSERT_OK_AND_ASSIGN(auto value, reader->Get(cells[i].first));
      ASSERT_TRUE(value.has_value()) << file << " " << cells[i].first;
      EXPECT_EQ(*value, cells[i].second);
    }
  }
}

TEST_F(HFileReaderTest, AFileWithoutCells) {
  auto reader = Open("hfile/hudi_1_0_hbase_2_4_9_no_entry.hfile");
  ASSERT_NE(reader, nullptr);
  EXPECT_EQ(reader->entry_count(), 0);
  EXPECT_TRUE(All(reader.get()).empty());
  ASSERT_OK_AND_ASSIGN(auto value, reader->Get("hudi-key-000000000"));
  EXPECT_FALSE(value.has_value());
}

TEST_F(HFileReaderTest, MetadataTableFilesCarryTheirSchemaInTheFileInfo) {
  auto reader = Open("metadata_slices/files-live.hfile");
  ASSERT_NE(reader, nullptr);
  auto schema = reader->FileInfo("schema");
  ASSERT_TRUE(schema.has_value());
  EXPECT_EQ(*schema, Bytes("metadata_slices/metadata-record.avsc"));
  auto cells = All(reader.get());
  ASSERT_EQ(cells.size(), 1u);
  EXPECT_EQ(cells[0].first, "city=p00000000");

  auto multi = Open("metadata_slices/files-multiblock.hfile");
  ASSERT_NE(multi, nullptr);
  auto rows = All(multi.get(), "city=p0000001");
  ASSERT_EQ(rows.size(), 10u);
  EXPECT_EQ(rows.front().first, "city=p00000010");
  EXPECT_EQ(All(multi.get()).size(), 50u);
}

TEST_F(HFileReaderTest, ACorruptBlockFailsItsChecksumNamingTheFile) {
  std::string bytes = Bytes("hfile/hudi_1_0_hbase_2_4_9_16KB_NONE_5000.hfile");
  bytes[100] ^= 0x01;  // inside the first data block's cells
  ASSERT_OK_AND_ASSIGN(auto reader,
                       HFileReader::Open(::arrow::Buffer::FromString(bytes), "bad.hfile"));
  auto value = reader->Get("hudi-key-000000001");
  ASSERT_FALSE(value.ok());
  EXPECT_NE(value.status().message().find("bad.hfile"), std::string::npos);
  EXPECT_NE(value.status().message().find("checksum"), std::string::npos)
      << value.status().ToString();
}

TEST_F(HFileReaderTest, TruncatedFilesAreNotHFiles) {
  std::string bytes = Bytes("hfile/hudi_1_0_hbase_2_4_9_16KB_NONE_5000.hfile");
  for (size_t keep : {size_t{10}, bytes.size() - 100}) {
    auto reader =
        HFileReader::Open(::arrow::Buffer::FromString(bytes.substr(0, keep)), "cut.hfile");
    ASSERT_FALSE(reader.ok()) << keep;
    EXPECT_TRUE(reader.status().IsInvalid()) << reader.status().ToString();
    EXPECT_NE(reader.status().message().find("cut.hfile"), std::string::npos);
  }
}

}  // namespace
}  // namespace hoodie
