// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/write/spillable_stream_test.cc
/// \brief Scratch streams keep their head in memory within the shared budget and their
/// tail on disk, read back byte for byte, and give memory and disk back.

#include <filesystem>
#include <string>

#include <arrow/buffer.h>
#include <arrow/io/interfaces.h>
#include <gtest/gtest.h>

#include "hoodie/testing/matchers.h"
#include "hoodie/testing/temp_dir.h"
#include "hoodie/write/spillable_stream_internal.h"

namespace hoodie::internal {
namespace {

std::string Pattern(size_t size, int seed) {
  std::string out(size, '\0');
  for (size_t i = 0; i < size; ++i) out[i] = static_cast<char>((i * 31 + seed) % 251);
  return out;
}

// Writes `data` in uneven pieces, so writes cross chunk boundaries.
void WriteInPieces(SpillableStream* stream, const std::string& data) {
  size_t at = 0, piece = 1;
  while (at < data.size()) {
    size_t take = std::min(piece, data.size() - at);
    ASSERT_OK(stream->Write(data.data() + at, static_cast<int64_t>(take)));
    at += take;
    piece = piece * 3 + 5;
  }
}

std::string ReadAll(SpillableStream* stream, bool release, int64_t piece) {
  auto input = stream->Open(release).ValueOrDie();
  std::string out;
  while (true) {
    auto buffer = input->Read(piece).ValueOrDie();
    if (buffer->size() == 0) break;
    out.append(reinterpret_cast<const char*>(buffer->data()),
               static_cast<size_t>(buffer->size()));
  }
  EXPECT_OK(input->Close());
  return out;
}

TEST(SpillableStreamTest, WithinTheBudgetEverythingStaysInMemory) {
  testing::TempDir dir;
  auto space = std::make_shared<SpillSpace>(64 << 20, dir.path());
  std::string data = Pattern(3 << 20, 1);
  {
    SpillableStream stream(space, "a");
    WriteInPieces(&stream, data);
    ASSERT_OK(stream.Close());
    EXPECT_EQ(*stream.Tell(), static_cast<int64_t>(data.size()));
    EXPECT_FALSE(space->spilled());
    EXPECT_GE(space->used(), static_cast<int64_t>(data.size()));
    EXPECT_EQ(ReadAll(&stream, false, 1000), data);
    EXPECT_EQ(ReadAll(&stream, false, 1 << 20), data);  // again, in other pieces
    EXPECT_EQ(ReadAll(&stream, true, 4096), data);
    // A releasing read gave every chunk back and cannot be repeated.
    EXPECT_EQ(space->used(), 0);
    EXPECT_THAT(stream.Open(false).status(), testing::StatusMessageHas("is gone"));
  }
  EXPECT_TRUE(std::filesystem::is_empty(dir.path()));
}

TEST(SpillableStreamTest, PastTheBudgetTheTailGoesToDiskAndReadsBackTheSame) {
  testing::TempDir dir;
  auto space = std::make_shared<SpillSpace>(100 << 10, dir.path());
  std::string first = Pattern(1 << 20, 2), second = Pattern(300 << 10, 3);
  {
    SpillableStream a(space, "a"), b(space, "b");
    WriteInPieces(&a, first);
    WriteInPieces(&b, second);
    ASSERT_OK(a.Close());
    ASSERT_OK(b.Close());
    EXPECT_TRUE(space->spilled());
    EXPECT_LE(space->used(), 100 << 10);
    EXPECT_FALSE(std::filesystem::is_empty(dir.path()));
    EXPECT_EQ(ReadAll(&a, false, 777), first);
    EXPECT_EQ(ReadAll(&b, true, 65536), second);
    EXPECT_THAT(a.Write("x", 1), testing::StatusMessageHas("closed"));
    EXPECT_THAT(SpillableStream(space, "c").Open(false).status(),
                testing::StatusMessageHas("once closed"));
  }
  EXPECT_EQ(space->used(), 0);
  space.reset();
  EXPECT_TRUE(std::filesystem::is_empty(dir.path()));
}

}  // namespace
}  // namespace hoodie::internal
