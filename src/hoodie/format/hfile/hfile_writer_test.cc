// SPDX-License-Identifier: Apache-2.0
// The writer: what it writes reads back through the reader, its data blocks are the
// bytes HBase 2.4 writes for the same cells, and bad appends are refused.
#include "hoodie/format/hfile/hfile_writer.h"

#include <cstdio>

#include <arrow/buffer.h>
#include <arrow/io/memory.h>
#include <gtest/gtest.h>

#include "hoodie/format/hfile/hfile_reader.h"
#include "hoodie/testing/matchers.h"
#include "hoodie/testing/test_data.h"

namespace hoodie {
namespace {

std::string Numbered(const char* format, int i) {
  char text[64];
  std::snprintf(text, sizeof(text), format, i);
  return text;
}

std::vector<std::pair<std::string, std::string>> Cells(int count) {
  std::vector<std::pair<std::string, std::string>> cells;
  for (int i = 0; i < count; ++i) {
    cells.emplace_back(Numbered("hudi-key-%09d", i), Numbered("hudi-value-%09d", i));
  }
  return cells;
}

std::unique_ptr<HFileReader> Read(const std::string& bytes) {
  auto reader = HFileReader::Open(::arrow::Buffer::FromString(bytes), "written.hfile");
  EXPECT_TRUE(reader.ok()) << reader.status().ToString();
  return reader.ok() ? std::move(*reader) : nullptr;
}

TEST(HFileWriterTest, WhatItWritesReadsBackWithEveryCodec) {
  for (HFileCompression codec : {HFileCompression::kGz, HFileCompression::kNone}) {
    HFileWriterOptions options{.block_size = 4096, .compression = codec};
    const auto cells = Cells(10000);
    ASSERT_OK_AND_ASSIGN(std::string bytes,
                         WriteHFileToString(cells, {{"schema", "{\"type\":\"record\"}"}}, options));
    auto reader = Read(bytes);
    ASSERT_NE(reader, nullptr);
    EXPECT_EQ(reader->entry_count(), 10000);
    EXPECT_EQ(reader->compression(), codec);
    EXPECT_EQ(reader->FileInfo("schema"), std::optional<std::string_view>("{\"type\":\"record\"}"));
    EXPECT_EQ(reader->FileInfo("KEY_VALUE_VERSION"),
              std::optional<std::string_view>(std::string_view("\0\0\0\1", 4)));
    std::vector<std::pair<std::string, std::string>> read;
    ASSERT_OK(reader->Scan("", [&](std::string_view row, std::string_view value) {
      read.emplace_back(row, value);
      return ::arrow::Status::OK();
    }));
    EXPECT_EQ(read, cells);
    for (int i : {0, 1, 77, 5000, 9999}) {
      ASSERT_OK_AND_ASSIGN(auto value, reader->Get(Numbered("hudi-key-%09d", i)));
      EXPECT_EQ(value, std::optional<std::string>(Numbered("hudi-value-%09d", i)));
    }
  }
}

TEST(HFileWriterTest, MetaBlocksAndAnEmptyFile) {
  ASSERT_OK_AND_ASSIGN(auto sink, ::arrow::io::BufferOutputStream::Create());
  HFileWriter writer(sink.get(), {});
  writer.AddMetaBlock("bloomFilter", std::string(100000, 'b'));
  ASSERT_OK(writer.Finish());
  ASSERT_OK_AND_ASSIGN(auto buffer, sink->Finish());
  auto reader = Read(buffer->ToString());
  ASSERT_NE(reader, nullptr);
  EXPECT_EQ(reader->entry_count(), 0);
  EXPECT_EQ(reader->MetaBlockNames(), std::vector<std::string>{"bloomFilter"});
  ASSERT_OK_AND_ASSIGN(auto bloom, reader->MetaBlock("bloomFilter"));
  EXPECT_EQ(bloom, std::optional<std::string>(std::string(100000, 'b')));
  ASSERT_OK_AND_ASSIGN(auto missing, reader->MetaBlock("other"));
  EXPECT_FALSE(missing.has_value());
}

TEST(HFileWriterTest, DataBlocksAreTheBytesHBaseWrites) {
  // HBase 2.4.9 wrote these 5000 cells in 16 KiB blocks without compression: the same
  // cells through hoodie's writer give the same data blocks, checksums included.
  auto dir = testing::HudiRsTestFilesDir();
  ASSERT_TRUE(dir.ok()) << dir.status().ToString();
  const std::string hbase =
      testing::ReadBinaryFile(*dir + "/hfile/hudi_1_0_hbase_2_4_9_16KB_NONE_5000.hfile");
  HFileWriterOptions options{.block_size = 16 * 1024, .compression = HFileCompression::kNone};
  ASSERT_OK_AND_ASSIGN(std::string ours, WriteHFileToString(Cells(5000), {}, options));
  const size_t data_end = ours.find("IDXROOT2");
  ASSERT_NE(data_end, std::string::npos);
  EXPECT_EQ(ours.substr(0, data_end), hbase.substr(0, data_end));
  // Where hoodie's data blocks end, HBase's do too (its file has a meta block next).
  EXPECT_EQ(hbase.substr(data_end, 8), "METABLKc");
}

TEST(HFileWriterTest, RowsMustAscendWithoutRepeats) {
  ASSERT_OK_AND_ASSIGN(auto sink, ::arrow::io::BufferOutputStream::Create());
  HFileWriter writer(sink.get(), {});
  ASSERT_OK(writer.Append("b", "1"));
  EXPECT_TRUE(writer.Append("b", "2").IsInvalid());
  EXPECT_TRUE(writer.Append("a", "3").IsInvalid());
  EXPECT_TRUE(writer.Append(std::string(40000, 'c'), "4").IsInvalid());
  ASSERT_OK(writer.Append("c", "5"));
  EXPECT_EQ(writer.entry_count(), 2);
}

}  // namespace
}  // namespace hoodie
