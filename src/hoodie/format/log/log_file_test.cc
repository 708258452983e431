// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/format/log/log_file_test.cc
/// \brief Log block framing, corrupt and truncated blocks, and the writer.
#include <arrow/array.h>
#include <arrow/buffer.h>
#include <arrow/io/memory.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "hoodie/format/log/data_block.h"
#include "hoodie/format/log/log_file_reader.h"
#include "hoodie/format/log/log_writer.h"
#include "hoodie/storage/storage.h"
#include "hoodie/testing/matchers.h"

namespace hoodie {
namespace {

using ::testing::HasSubstr;

constexpr std::string_view kSchema =
    R"({"type":"record","name":"t_record","namespace":"hoodie.t","fields":[)"
    R"({"name":"_hoodie_record_key","type":["null","string"],"default":null},)"
    R"({"name":"ts","type":["null","long"],"default":null}]})";

std::string Bytes(std::initializer_list<int> values) {
  std::string out;
  for (int v : values) out.push_back(static_cast<char>(v));
  return out;
}

// Avro binary of {"_hoodie_record_key": key, "ts": ts} (ts < 64).
std::string Record(const std::string& key, int ts) {
  return Bytes({2, static_cast<int>(key.size() * 2)}) + key + Bytes({2, ts * 2});
}

LogBlock DataBlock(const std::string& instant, std::vector<std::string> records) {
  return MakeAvroDataLogBlock(instant, std::string(kSchema), records);
}

TEST(LogBlockTest, RollbackBlockFraming) {
  ASSERT_OK_AND_ASSIGN(std::string bytes,
                       EncodeLogBlock(MakeRollbackLogBlock("002", "001")));
  // magic, N = 4 + 4 + header + 8 + 0 + 4 + 8, header = 4 + 3 * 8 + 3 + 3 + 1.
  int64_t header = 4 + 3 * 8 + 3 + 3 + 1;
  int64_t n = 4 + 4 + header + 8 + 4 + 8;
  ASSERT_EQ(static_cast<int64_t>(bytes.size()), n + 14);
  EXPECT_EQ(bytes.substr(0, 6), "#HUDI#");
  EXPECT_EQ(bytes.substr(6, 8), Bytes({0, 0, 0, 0, 0, 0, 0, static_cast<int>(n)}));
  EXPECT_EQ(bytes.substr(14, 8), Bytes({0, 0, 0, 1, 0, 0, 0, 0}));
  EXPECT_EQ(bytes.substr(bytes.size() - 8),
            Bytes({0, 0, 0, 0, 0, 0, 0, static_cast<int>(n + 6)}));
  ASSERT_OK_AND_ASSIGN(auto blocks, ParseLogBlocks(bytes, "mem"));
  ASSERT_EQ(blocks.size(), 1u);
  EXPECT_TRUE(blocks[0].is_rollback());
  EXPECT_EQ(blocks[0].instant_time(), "002");
  EXPECT_EQ(FindLogMetadata(blocks[0].header, LogHeaderKey::kTargetInstantTime), "001");
}

TEST(LogBlockTest, AvroDataBlockRoundTripAndRows) {
  LogBlock block = DataBlock("001", {Record("a", 1), Record("b", 2)});
  ASSERT_OK_AND_ASSIGN(std::string bytes, EncodeLogBlock(block));
  ASSERT_OK_AND_ASSIGN(auto blocks, ParseLogBlocks(bytes, "mem"));
  ASSERT_EQ(blocks.size(), 1u);
  EXPECT_EQ(blocks[0].content, block.content);
  EXPECT_EQ(blocks[0].header, block.header);
  ASSERT_OK_AND_ASSIGN(auto batch, ReadDataBlock(blocks[0]));
  ASSERT_EQ(batch->num_rows(), 2);
  EXPECT_EQ(batch->column(0)->ToString(), "[\n  \"a\",\n  \"b\"\n]");
  EXPECT_EQ(batch->column(1)->ToString(), "[\n  1,\n  2\n]");
}

TEST(LogBlockTest, DeleteBlockRoundTrip) {
  std::vector<DeleteRecord> records = {
      {"k1", "p", WrapOrderingValue(kIntWrapper, AvroValue::Int(0))},
      {"k2", std::nullopt, WrapOrderingValue(kLongWrapper, AvroValue::Long(7))},
      {"k3", "", AvroValue::Null()}};
  ASSERT_OK_AND_ASSIGN(LogBlock block,
                       MakeDeleteLogBlock("003", std::string(kSchema), records));
  // version 3, length, then array count 3 ... items ... 0.
  EXPECT_EQ(block.content.substr(0, 4), Bytes({0, 0, 0, 3}));
  EXPECT_EQ(block.content.substr(8, 6), Bytes({6, 2, 4, 'k', '1', 2}));
  EXPECT_EQ(block.content.back(), 0);
  ASSERT_OK_AND_ASSIGN(auto decoded, DecodeDeleteBlock(block.content));
  EXPECT_EQ(decoded, records);
  ASSERT_RAISES(NotImplemented, DecodeDeleteBlock(Bytes({0, 0, 0, 2, 0, 0, 0, 0})));
}

class CorruptLogTest : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_OK_AND_ASSIGN(first_, EncodeLogBlock(DataBlock("001", {Record("a", 1)})));
    ASSERT_OK_AND_ASSIGN(second_, EncodeLogBlock(DataBlock("002", {Record("b", 2)})));
  }
  std::string first_;
  std::string second_;
};

TEST_F(CorruptLogTest, TruncatedLastBlockIsCorrupt) {
  // A writer killed mid-block: the second block lacks its last 10 bytes.
  std::string bytes = first_ + second_.substr(0, second_.size() - 10);
  ASSERT_OK_AND_ASSIGN(auto blocks, ParseLogBlocks(bytes, "mem"));
  ASSERT_EQ(blocks.size(), 2u);
  EXPECT_EQ(blocks[0].type, LogBlockType::kAvroData);
  EXPECT_EQ(blocks[1].type, LogBlockType::kCorrupt);
  EXPECT_EQ(blocks[1].offset, static_cast<int64_t>(first_.size()));
  EXPECT_EQ(blocks[1].content, second_.substr(6, second_.size() - 16));
  // Cut inside the block-size field as well.
  ASSERT_OK_AND_ASSIGN(blocks, ParseLogBlocks(first_ + second_.substr(0, 9), "mem"));
  ASSERT_EQ(blocks.size(), 2u);
  EXPECT_EQ(blocks[1].type, LogBlockType::kCorrupt);
}

TEST_F(CorruptLogTest, BadLengthScansToNextMagic) {
  // A partial block followed by a complete one: the reverse pointer check fails and the
  // reader resumes at the next magic.
  std::string partial = first_.substr(0, first_.size() / 2);
  ASSERT_OK_AND_ASSIGN(auto blocks, ParseLogBlocks(partial + second_, "mem"));
  ASSERT_EQ(blocks.size(), 2u);
  EXPECT_EQ(blocks[0].type, LogBlockType::kCorrupt);
  EXPECT_EQ(blocks[0].size, static_cast<int64_t>(partial.size()));
  EXPECT_EQ(blocks[1].type, LogBlockType::kAvroData);
  EXPECT_EQ(blocks[1].instant_time(), "002");
  // A wrong block size with intact bytes after it.
  std::string wrong = first_;
  wrong[13] = static_cast<char>(wrong[13] + 1);
  ASSERT_OK_AND_ASSIGN(blocks, ParseLogBlocks(wrong + second_, "mem"));
  ASSERT_EQ(blocks.size(), 2u);
  EXPECT_EQ(blocks[0].type, LogBlockType::kCorrupt);
  EXPECT_EQ(blocks[1].instant_time(), "002");
}

TEST_F(CorruptLogTest, BadMagicAndUnknownVersionFail) {
  std::string bytes = first_;
  bytes[1] = 'X';
  auto bad_magic = ParseLogBlocks(bytes, "/t/.f_1.log.1_0-0-0");
  ASSERT_RAISES(Invalid, bad_magic);
  EXPECT_THAT(bad_magic.status().message(), HasSubstr("magic"));
  EXPECT_THAT(bad_magic.status().message(), HasSubstr("/t/.f_1.log.1_0-0-0"));
  bytes = first_;
  bytes[17] = 2;  // log format version 2
  auto bad_version = ParseLogBlocks(bytes, "mem");
  ASSERT_RAISES(Invalid, bad_version);
  EXPECT_THAT(bad_version.status().message(), HasSubstr("log format version 2"));
  // A trailing partial magic is a clean end of file.
  ASSERT_OK_AND_ASSIGN(auto blocks, ParseLogBlocks(first_ + "#HU", "mem"));
  EXPECT_EQ(blocks.size(), 1u);
  ASSERT_OK_AND_ASSIGN(blocks, ParseLogBlocks("", "mem"));
  EXPECT_TRUE(blocks.empty());
}

// The blocks of `bytes` read with `options`, lazily read contents filled in.
::arrow::Result<std::vector<LogBlock>> ReadWith(const std::string& bytes,
                                                LogReadOptions options) {
  auto storage = Storage::InMemory();
  const std::string path = "t/.f-0_001.log.1_0-0-0";
  ARROW_RETURN_NOT_OK(storage->WriteAll(path, bytes, /*overwrite=*/true));
  ARROW_ASSIGN_OR_RAISE(auto blocks, ReadLogFile(storage.get(), path, options));
  for (LogBlock& block : blocks) {
    if (options.lazy && block.content_length > 0 && block.content_loaded) {
      return ::arrow::Status::Invalid("lazy read loaded the content at ", block.offset);
    }
    ARROW_RETURN_NOT_OK(LoadLogBlockContent(storage.get(), &block));
  }
  return blocks;
}

void ExpectSameBlocks(const std::vector<LogBlock>& actual,
                      const std::vector<LogBlock>& expected) {
  ASSERT_EQ(actual.size(), expected.size());
  for (size_t i = 0; i < actual.size(); ++i) {
    EXPECT_EQ(actual[i].type, expected[i].type) << i;
    EXPECT_EQ(actual[i].offset, expected[i].offset) << i;
    EXPECT_EQ(actual[i].size, expected[i].size) << i;
    EXPECT_EQ(actual[i].header, expected[i].header) << i;
    EXPECT_EQ(actual[i].footer, expected[i].footer) << i;
    EXPECT_EQ(actual[i].content, expected[i].content) << i;
  }
}

TEST_F(CorruptLogTest, LazyAndReverseReadsReturnTheEagerForwardBlocks) {
  ASSERT_OK_AND_ASSIGN(std::string rollback,
                       EncodeLogBlock(MakeRollbackLogBlock("003", "002")));
  // A schema header far beyond the lazy reader's first read.
  std::string big_schema(200 * 1024, ' ');
  big_schema += kSchema;
  ASSERT_OK_AND_ASSIGN(std::string big, EncodeLogBlock(MakeAvroDataLogBlock(
                                            "004", big_schema, {Record("c", 3)})));
  std::string clean = first_ + second_ + rollback + big;
  ASSERT_OK_AND_ASSIGN(auto expected, ParseLogBlocks(clean, "mem"));
  ASSERT_EQ(expected.size(), 4u);
  for (bool lazy : {false, true}) {
    for (bool reverse : {false, true}) {
      SCOPED_TRACE(::testing::Message() << "lazy=" << lazy << " reverse=" << reverse);
      ASSERT_OK_AND_ASSIGN(auto blocks, ReadWith(clean, {lazy, reverse}));
      ExpectSameBlocks(blocks, expected);
    }
  }
  // A corrupt block in the middle breaks the reverse chain: forward reading takes
  // over and returns the same blocks, the corrupt one included; a truncated last
  // block likewise.
  std::string corrupt = first_ + second_.substr(0, 30) + rollback + big +
                        first_.substr(0, first_.size() - 3);
  ASSERT_OK_AND_ASSIGN(expected, ParseLogBlocks(corrupt, "mem"));
  ASSERT_EQ(expected.size(), 5u);
  EXPECT_EQ(expected[1].type, LogBlockType::kCorrupt);
  EXPECT_EQ(expected[4].type, LogBlockType::kCorrupt);
  for (bool lazy : {false, true}) {
    for (bool reverse : {false, true}) {
      SCOPED_TRACE(::testing::Message() << "lazy=" << lazy << " reverse=" << reverse);
      ASSERT_OK_AND_ASSIGN(auto blocks, ReadWith(corrupt, {lazy, reverse}));
      ExpectSameBlocks(blocks, expected);
    }
  }
}

TEST_F(CorruptLogTest, ReverseReadingFollowsTheReversePointers) {
  std::string bytes = first_ + second_;
  auto file =
      std::make_shared<::arrow::io::BufferReader>(::arrow::Buffer::FromString(bytes));
  ASSERT_OK_AND_ASSIGN(auto reader, LogFileReader::Open(file, "mem"));
  ASSERT_OK_AND_ASSIGN(auto blocks, reader->ReadReverse(/*lazy=*/true));
  ASSERT_TRUE(blocks.has_value());
  ASSERT_EQ(blocks->size(), 2u);
  EXPECT_EQ((*blocks)[1].offset, static_cast<int64_t>(first_.size()));
  EXPECT_FALSE((*blocks)[1].content_loaded);
  ASSERT_OK(reader->ReadContent(&(*blocks)[1]));
  EXPECT_EQ((*blocks)[1].instant_time(), "002");
  // Garbage before the first block: the chain does not end at offset 0.
  file = std::make_shared<::arrow::io::BufferReader>(
      ::arrow::Buffer::FromString("xx" + bytes));
  ASSERT_OK_AND_ASSIGN(reader, LogFileReader::Open(file, "mem"));
  ASSERT_OK_AND_ASSIGN(blocks, reader->ReadReverse(true));
  EXPECT_FALSE(blocks.has_value());
}

TEST(LogWriterTest, WritesNewFilesOnly) {
  auto storage = Storage::InMemory();
  std::vector<LogBlock> blocks = {DataBlock("001", {Record("a", 1)}),
                                  MakeRollbackLogBlock("002", "001")};
  ASSERT_OK(WriteLogFile(storage.get(), "t/.f-0_001.log.1_0-0-0", blocks));
  ASSERT_OK_AND_ASSIGN(auto read, ReadLogFile(storage.get(), "t/.f-0_001.log.1_0-0-0"));
  ASSERT_EQ(read.size(), 2u);
  EXPECT_EQ(read[0].content, blocks[0].content);
  EXPECT_TRUE(read[1].is_rollback());
  EXPECT_FALSE(WriteLogFile(storage.get(), "t/.f-0_001.log.1_0-0-0", blocks).ok());
}

}  // namespace
}  // namespace hoodie
