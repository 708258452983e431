// SPDX-License-Identifier: Apache-2.0
// Files records decoded from metadata-table HFiles (hudi-rs' test files, written by
// Hudi's own HFile writer with the schema of a real metadata table) and merged as
// Hudi 0.15 merges them.
#include "hoodie/metadata/files_record.h"

#include <map>
#include <string>
#include <vector>

#include <arrow/buffer.h>
#include <gtest/gtest.h>

#include "hoodie/format/avro_codec/avro_binary.h"
#include "hoodie/format/avro_codec/avro_schema.h"
#include "hoodie/format/hfile/hfile_reader.h"
#include "hoodie/metadata/files_partition_records.h"
#include "hoodie/metadata/metadata_keys.h"
#include "hoodie/testing/matchers.h"
#include "hoodie/testing/test_data.h"

namespace hoodie {
namespace {

using Live = std::vector<std::pair<std::string, int64_t>>;

// The records of a slice file: key, then the decoded files record.
std::vector<std::pair<std::string, FilesRecord>> Slice(const std::string& name) {
  auto dir = testing::HudiRsTestFilesDir();
  EXPECT_TRUE(dir.ok()) << dir.status().ToString();
  const std::string bytes = testing::ReadBinaryFile(*dir + "/metadata_slices/" + name);
  std::vector<std::pair<std::string, FilesRecord>> out;
  auto reader = HFileReader::Open(::arrow::Buffer::FromString(bytes), name);
  EXPECT_TRUE(reader.ok()) << reader.status().ToString();
  if (!reader.ok()) return out;
  auto schema = AvroSchema::Parse(std::string(*(*reader)->FileInfo("schema")));
  EXPECT_TRUE(schema.ok());
  EXPECT_TRUE((*reader)
                  ->Scan("",
                         [&](std::string_view key, std::string_view value) {
                           ARROW_ASSIGN_OR_RAISE(AvroValue record,
                                                 DecodeAvroBinary(&value, (*schema)->root(),
                                                                  (*schema)->root()));
                           ARROW_ASSIGN_OR_RAISE(FilesRecord files, FilesRecordOf(record));
                           out.emplace_back(key, std::move(files));
                           return ::arrow::Status::OK();
                         })
                  .ok());
  return out;
}

const std::string kFile = "f00000000-0_0-1-1_20250101000000000.parquet";

TEST(FilesRecordTest, DecodesPartitionAndFileLists) {
  auto all = Slice("allpartitions-dot.hfile");
  ASSERT_EQ(all.size(), 1u);
  EXPECT_EQ(all[0].first, kAllPartitionsKey);
  EXPECT_EQ(all[0].second.type, MetadataRecordType::kPartitionList);
  EXPECT_EQ(all[0].second.Live(), (Live{{".", 0}}));

  auto multi = Slice("files-multiblock.hfile");
  ASSERT_EQ(multi.size(), 50u);
  EXPECT_EQ(multi[7].first, "city=p00000007");
  ASSERT_EQ(multi[7].second.Live().size(), 1u);
  EXPECT_EQ(multi[7].second.Live()[0].second, 1024 + 7);
}

TEST(FilesRecordTest, MergesAsHudiDoes) {
  FilesRecord live = Slice("files-live.hfile").at(0).second;
  FilesRecord tombstone = Slice("files-tombstone.hfile").at(0).second;
  EXPECT_EQ(live.Live(), (Live{{kFile, 1024}}));
  EXPECT_TRUE(tombstone.Live().empty());
  // A tombstone over the file removes it, tombstone and all.
  EXPECT_TRUE(CombineFilesRecords(live, tombstone).entries.empty());
  // A tombstone with nothing older to remove is kept, for the base record merged later.
  FilesRecord empty;
  EXPECT_EQ(CombineFilesRecords(empty, tombstone).entries, tombstone.entries);
  EXPECT_TRUE(CombineFilesRecords(CombineFilesRecords(empty, tombstone), live).Live() ==
              (Live{{kFile, 1024}}));
  // A log file appended to again: the larger size wins, whatever the order.
  FilesRecord bigger = live;
  bigger.entries[kFile].size = 4096;
  EXPECT_EQ(CombineFilesRecords(live, bigger).Live(), (Live{{kFile, 4096}}));
  EXPECT_EQ(CombineFilesRecords(bigger, live).Live(), (Live{{kFile, 4096}}));
  // Files of the two sides add up.
  FilesRecord other = Slice("nonpartitioned-log.hfile").at(0).second;
  EXPECT_EQ(CombineFilesRecords(Slice("nonpartitioned-base.hfile").at(0).second, other).Live().size(),
            2u);
}

TEST(FilesRecordTest, OtherRecordTypesAreRefused) {
  AvroEntries fields;
  fields.emplace_back("type", AvroValue::Int(5));
  auto refused = FilesRecordOf(AvroValue::Record("HoodieMetadataRecord", std::move(fields)));
  ASSERT_FALSE(refused.ok());
  EXPECT_NE(refused.status().message().find("type 5"), std::string::npos);
}

}  // namespace
}  // namespace hoodie

namespace hoodie {
namespace {

// A restore's sync: files storage no longer holds are deleted, files it holds that the
// metadata table does not list are added with their sizes, a partition gone from storage
// leaves the partition list, and a partition only on storage is left alone.
TEST(FilesRecordsOfOutOfSyncTest, DeletesWhatIsGoneAndAddsWhatIsMissing) {
  using Listing = std::map<std::string, std::vector<FileStatus>>;
  auto file = [](const std::string& path, int64_t size) { return FileStatus{path, size}; };
  const Listing listed = {{"", {file("/t/a.parquet", 10), file("/t/b.parquet", 20)}},
                          {"gone", {file("/t/gone/c.parquet", 30)}},
                          {"same", {file("/t/same/d.parquet", 40)}}};
  const Listing on_storage = {{"", {file("/t/b.parquet", 21), file("/t/e.log.1_0-0-0", 5)}},
                              {"same", {file("/t/same/d.parquet", 40)}},
                              {"new", {file("/t/new/f.parquet", 50)}}};
  FilesRecords records = FilesRecordsOfOutOfSync(listed, on_storage);
  ASSERT_EQ(records.size(), 3u);
  EXPECT_EQ(records["."].entries,
            (std::map<std::string, MetadataFileInfo>{{"a.parquet", {0, true}},
                                                     {"e.log.1_0-0-0", {5, false}}}));
  EXPECT_EQ(records["gone"].entries,
            (std::map<std::string, MetadataFileInfo>{{"c.parquet", {0, true}}}));
  EXPECT_EQ(records[std::string(kAllPartitionsKey)].type, MetadataRecordType::kPartitionList);
  EXPECT_EQ(records[std::string(kAllPartitionsKey)].entries,
            (std::map<std::string, MetadataFileInfo>{{"gone", {0, true}}}));
}

}  // namespace
}  // namespace hoodie
