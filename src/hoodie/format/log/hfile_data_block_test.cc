// SPDX-License-Identifier: Apache-2.0
// HFile data blocks: written and read back through the log framing, keys put back into
// the records' `key` field, and metadata-table HFiles (hudi-rs' test files) read as
// block content.
#include "hoodie/format/log/hfile_data_block.h"


#include <arrow/array.h>
#include <gtest/gtest.h>

#include "hoodie/format/log/data_block.h"
#include "hoodie/format/log/log_block.h"
#include "hoodie/format/log/log_file_reader.h"
#include "hoodie/format/log/log_writer.h"
#include "hoodie/testing/matchers.h"
#include "hoodie/testing/test_data.h"

namespace hoodie {
namespace {

constexpr std::string_view kSchema =
    R"({"type":"record","name":"r","fields":[{"name":"key","type":"string"},)"
    R"({"name":"n","type":"long"}]})";

// Avro binary of {"key": "", "n": n} (n < 64): the key blanked, as Hudi writes it.
std::string Value(int n) { return std::string("\0", 1) + static_cast<char>(n * 2); }

TEST(HFileDataBlockTest, RecordsComeBackSortedWithTheirKeys) {
  for (HFileCompression codec : {HFileCompression::kGz, HFileCompression::kNone}) {
    ASSERT_OK_AND_ASSIGN(LogBlock block,
                         MakeHFileDataLogBlock("001", std::string(kSchema),
                                               {{"p2", Value(2)}, {"p1", Value(1)},
                                                {"__all_partitions__", Value(0)}},
                                               codec));
    ASSERT_OK_AND_ASSIGN(std::string bytes, EncodeLogBlock(block));
    ASSERT_OK_AND_ASSIGN(auto blocks, ParseLogBlocks(bytes, "mem"));
    ASSERT_EQ(blocks.size(), 1u);
    EXPECT_EQ(blocks[0].type, LogBlockType::kHFileData);
    EXPECT_EQ(LogBlockTypeName(blocks[0].type), "HFILE_DATA_BLOCK");
    ASSERT_OK_AND_ASSIGN(auto records, ReadHFileDataBlockRecords(blocks[0].content, "mem"));
    ASSERT_EQ(records.size(), 3u);
    EXPECT_EQ(records[0], HFileRecord("__all_partitions__", Value(0)));
    EXPECT_EQ(records[2], HFileRecord("p2", Value(2)));
    ASSERT_OK_AND_ASSIGN(auto batch, ReadDataBlock(blocks[0]));
    EXPECT_EQ(batch->column(0)->ToString(),
              "[\n  \"__all_partitions__\",\n  \"p1\",\n  \"p2\"\n]");
    EXPECT_EQ(batch->column(1)->ToString(), "[\n  0,\n  1,\n  2\n]");
  }
}

TEST(HFileDataBlockTest, OneRecordPerKey) {
  auto block = MakeHFileDataLogBlock("001", std::string(kSchema),
                                     {{"k", Value(1)}, {"k", Value(2)}},
                                     HFileCompression::kGz);
  ASSERT_FALSE(block.ok());
  EXPECT_NE(block.status().message().find("'k' is there twice"), std::string::npos);
}

TEST(HFileDataBlockTest, MetadataTableHFilesAreBlockContent) {
  auto dir = testing::HudiRsTestFilesDir();
  ASSERT_TRUE(dir.ok()) << dir.status().ToString();
  const std::string content =
      testing::ReadBinaryFile(*dir + "/metadata_slices/files-multiblock.hfile");
  ASSERT_OK_AND_ASSIGN(auto records, ReadHFileDataBlockRecords(content, "slice"));
  ASSERT_EQ(records.size(), 50u);
  EXPECT_EQ(records[0].first, "city=p00000000");
  EXPECT_EQ(records[49].first, "city=p00000049");
  // A corrupt content is an error naming the block.
  auto bad = ReadHFileDataBlockRecords(content.substr(0, 5000), "the block at 7");
  ASSERT_FALSE(bad.ok());
  EXPECT_NE(bad.status().message().find("the block at 7"), std::string::npos);
}

}  // namespace
}  // namespace hoodie
