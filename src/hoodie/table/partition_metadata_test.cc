// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/table/partition_metadata_test.cc
/// \brief Tests of .hoodie_partition_metadata and partition discovery.
#include "hoodie/table/partition_metadata.h"

#include <string>
#include <vector>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "hoodie/storage/storage.h"
#include "hoodie/testing/matchers.h"
#include "hoodie/testing/temp_dir.h"
#include "hoodie/testing/test_data.h"

namespace hoodie {
namespace {

using ::hoodie::testing::StatusMessageHas;
using ::testing::ElementsAre;
using ::testing::IsEmpty;

std::string AfterDateLine(const std::string& text) {
  return text.substr(text.find('\n', text.find('\n') + 1) + 1);
}

TEST(PartitionMetadataTest, ToTextMatchesHudiBytes) {
  PartitionMetadata metadata{"20240418173213674", 2};
  EXPECT_EQ(metadata.ToText("Thu Apr 18 17:32:14 CDT 2024"),
            "#partition metadata\n"
            "#Thu Apr 18 17:32:14 CDT 2024\n"
            "commitTime=20240418173213674\n"
            "partitionDepth=2\n");
}

TEST(PartitionMetadataTest, PartitionDepthCountsComponents) {
  EXPECT_EQ(PartitionMetadata::PartitionDepth(""), 0);
  EXPECT_EQ(PartitionMetadata::PartitionDepth("10"), 1);
  EXPECT_EQ(PartitionMetadata::PartitionDepth("byteField=10/shortField=300"), 2);
  EXPECT_EQ(PartitionMetadata::PartitionDepth("2023/04/01/12"), 4);
  EXPECT_EQ(PartitionMetadata::PartitionDepth("/2023//04/"), 2);
}

TEST(PartitionMetadataTest, ParseRejectsMissingOrBadDepth) {
  ASSERT_OK_AND_ASSIGN(PartitionMetadata metadata,
                       PartitionMetadata::Parse("#c\ncommitTime=1\npartitionDepth=3\n"));
  EXPECT_EQ(metadata.commit_time, "1");
  EXPECT_EQ(metadata.partition_depth, 3);
  EXPECT_THAT(PartitionMetadata::Parse("commitTime=1\n", "p/.hoodie_partition_metadata"),
              StatusMessageHas("could not find partitionDepth in partition metafile "
                               "p/.hoodie_partition_metadata"));
  ASSERT_RAISES(Invalid, PartitionMetadata::Parse("partitionDepth=x\n"));
  ASSERT_RAISES(Invalid, PartitionMetadata::Parse("partitionDepth=-1\n"));
}

TEST(PartitionMetadataTest, WriteCreatesOnceWithExactContent) {
  testing::TempDir dir;
  auto storage = Storage::Local();
  ASSERT_OK(PartitionMetadata::Write(storage.get(), dir.path(),
                                     "byteField=10/shortField=300", "20240418173213674"));
  std::string path = dir.Join("byteField=10/shortField=300/.hoodie_partition_metadata");
  ASSERT_OK_AND_ASSIGN(std::string text, storage->ReadAll(path));
  EXPECT_EQ(text.substr(0, text.find('\n') + 1), "#partition metadata\n");
  EXPECT_EQ(AfterDateLine(text), "commitTime=20240418173213674\npartitionDepth=2\n");

  // Write-once: a later writer leaves the first copy alone.
  ASSERT_OK(PartitionMetadata::Write(storage.get(), dir.path(),
                                     "byteField=10/shortField=300", "20250101000000000"));
  ASSERT_OK_AND_ASSIGN(std::string again, storage->ReadAll(path));
  EXPECT_EQ(again, text);

  // Non-partitioned: the file sits in the base path with depth 0.
  ASSERT_OK(PartitionMetadata::Write(storage.get(), dir.path(), "", "20240418173213674"));
  ASSERT_OK_AND_ASSIGN(PartitionMetadata root,
                       PartitionMetadata::Read(storage.get(), dir.path()));
  EXPECT_EQ(root.partition_depth, 0);
  EXPECT_EQ(root.commit_time, "20240418173213674");
}

TEST(PartitionMetadataTest, BaseFormatVariantsAreDetectedButNotRead) {
  testing::TempDir dir;
  auto storage = Storage::Local();
  ASSERT_OK_AND_ASSIGN(bool before, HasPartitionMetadata(storage.get(), dir.path()));
  EXPECT_FALSE(before);
  ASSERT_RAISES(IOError, PartitionMetadata::Read(storage.get(), dir.path()));
  ASSERT_OK(
      storage->WriteAll(dir.Join(".hoodie_partition_metadata.parquet"), "PAR1", false));
  ASSERT_OK_AND_ASSIGN(bool after, HasPartitionMetadata(storage.get(), dir.path()));
  EXPECT_TRUE(after);
  auto read = PartitionMetadata::Read(storage.get(), dir.path());
  ASSERT_RAISES(NotImplemented, read);
  EXPECT_THAT(read, StatusMessageHas(".hoodie_partition_metadata.parquet"));
  // Write sees the variant and adds no text file.
  ASSERT_OK(PartitionMetadata::Write(storage.get(), dir.path(), "", "1"));
  ASSERT_OK_AND_ASSIGN(bool text,
                       storage->Exists(dir.Join(".hoodie_partition_metadata")));
  EXPECT_FALSE(text);
}

TEST(PartitionMetadataTest, ReadsSampleFile) {
  testing::TempDir dir;
  ASSERT_OK_AND_ASSIGN(
      std::string base,
      testing::UnzipTable(
          "hudi-rs-tables/sample_table/cow/v6_complexkeygen_hivestyle.zip", dir.path()));
  ASSERT_OK_AND_ASSIGN(PartitionMetadata metadata,
                       PartitionMetadata::Read(Storage::Local().get(),
                                               base + "/byteField=10/shortField=300"));
  EXPECT_EQ(metadata.commit_time, "20240418173213674");
  EXPECT_EQ(metadata.partition_depth, 2);
}

struct DiscoveryCase {
  std::string zip;
  std::vector<std::string> partitions;
};

class PartitionDiscoveryTest : public ::testing::TestWithParam<DiscoveryCase> {};

TEST_P(PartitionDiscoveryTest, FindsExactlyTheSamplePartitions) {
  testing::TempDir dir;
  ASSERT_OK_AND_ASSIGN(
      std::string base,
      testing::UnzipTable("hudi-rs-tables/" + GetParam().zip, dir.path()));
  auto storage = Storage::Local();
  ASSERT_OK_AND_ASSIGN(std::vector<std::string> partitions,
                       ListAllPartitionPaths(storage.get(), base));
  EXPECT_EQ(partitions, GetParam().partitions);
  // Every discovered partition's depth is what its metadata file records.
  for (const auto& partition : partitions) {
    ASSERT_OK_AND_ASSIGN(
        PartitionMetadata metadata,
        PartitionMetadata::Read(storage.get(),
                                partition.empty() ? base : base + "/" + partition));
    EXPECT_EQ(metadata.partition_depth, PartitionMetadata::PartitionDepth(partition));
  }
}

INSTANTIATE_TEST_SUITE_P(
    SampleTables, PartitionDiscoveryTest,
    ::testing::Values(
        DiscoveryCase{"sample_table/cow/v6_complexkeygen_hivestyle.zip",
                      {"byteField=10/shortField=300", "byteField=20/shortField=100",
                       "byteField=30/shortField=100"}},
        DiscoveryCase{"sample_table/cow/v6_empty.zip", {}},
        DiscoveryCase{"sample_table/cow/v6_nonpartitioned.zip", {""}},
        DiscoveryCase{"sample_table/cow/v6_simplekeygen_hivestyle_no_metafields.zip",
                      {"byteField=10", "byteField=20", "byteField=30"}},
        DiscoveryCase{"sample_table/cow/v6_simplekeygen_nonhivestyle.zip",
                      {"10", "20", "30"}},
        DiscoveryCase{
            "sample_table/cow/v6_timebasedkeygen_nonhivestyle.zip",
            {"2023/04/01/12", "2023/04/02/12", "2023/04/03/12", "2023/04/04/13"}},
        DiscoveryCase{"quickstart_trips_table/mor/avro/v6_trips_8i1u.zip",
                      {"city=chennai", "city=san_francisco", "city=sao_paulo"}},
        DiscoveryCase{"sample_table/mor/parquet/v6_nonpartitioned_rollback.zip", {""}},
        DiscoveryCase{"sample_table/mor/parquet/v6_simplekeygen_nonhivestyle.zip",
                      {"10", "20", "30"}}));

TEST(PartitionWalkTest, SkipsHiddenFoldersAndFoldersWithoutMetadata) {
  testing::TempDir dir;
  auto storage = Storage::Local();
  ASSERT_OK(PartitionMetadata::Write(storage.get(), dir.path(), "a=1", "1"));
  ASSERT_OK(PartitionMetadata::Write(storage.get(), dir.path(), ".staging/a=2", "1"));
  ASSERT_OK(
      PartitionMetadata::Write(storage.get(), dir.path(), ".hoodie/metadata/files", "1"));
  ASSERT_OK(storage->CreateDir(dir.Join("not_a_partition/deeper")));
  // A nested marker below a partition is not walked into.
  ASSERT_OK(PartitionMetadata::Write(storage.get(), dir.path(), "a=1/b=2", "1"));
  ASSERT_OK_AND_ASSIGN(std::vector<std::string> partitions,
                       ListAllPartitionPaths(storage.get(), dir.path() + "/"));
  EXPECT_THAT(partitions, ElementsAre("a=1"));
  ASSERT_OK_AND_ASSIGN(std::vector<std::string> none,
                       ListAllPartitionPaths(storage.get(), dir.Join("not_a_partition")));
  EXPECT_THAT(none, IsEmpty());
}

}  // namespace
}  // namespace hoodie
