// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/timeline/commit_metadata_test.cc
/// \brief Commit metadata JSON: parsing, Jackson-exact serialisation, sample round trips.
#include "hoodie/timeline/commit_metadata.h"

#include <gtest/gtest.h>

#include <map>
#include <string>
#include <vector>

#include "hoodie/storage/storage.h"
#include "hoodie/testing/matchers.h"
#include "hoodie/testing/temp_dir.h"
#include "hoodie/testing/test_data.h"
#include "hoodie/timeline/active_timeline.h"
#include "hoodie/timeline/jackson_json_internal.h"

namespace hoodie {
namespace {

using testing::StatusMessageHas;

TEST(CommitMetadataTest, EmptyBytesAreEmptyMetadata) {
  ASSERT_OK_AND_ASSIGN(auto metadata, CommitMetadata::FromJson("", "1.commit"));
  EXPECT_TRUE(metadata.partition_to_write_stats.empty());
  EXPECT_EQ(metadata.operation_type, WriteOperationType::kUnknown);
  EXPECT_EQ(metadata.ToJson(),
            "{\n  \"partitionToWriteStats\" : { },\n  \"compacted\" : false,\n"
            "  \"extraMetadata\" : { },\n  \"operationType\" : \"UNKNOWN\"\n}");
}

TEST(CommitMetadataTest, MalformedJsonNamesTheFile) {
  auto bad = CommitMetadata::FromJson("{\"partitionToWriteStats\" : ", "123.commit");
  ASSERT_RAISES(Invalid, bad);
  EXPECT_THAT(bad, StatusMessageHas("123.commit"));
  auto wrong_type = CommitMetadata::FromJson(
      R"({"partitionToWriteStats":{"p":[{"numWrites":"many"}]}})", "124.deltacommit");
  ASSERT_RAISES(Invalid, wrong_type);
  EXPECT_THAT(wrong_type, StatusMessageHas("124.deltacommit"));
  EXPECT_THAT(wrong_type, StatusMessageHas("numWrites"));
  ASSERT_RAISES(Invalid, CommitMetadata::FromJson("[1, 2]", "125.commit"));
}

TEST(CommitMetadataTest, UnknownOperationTypeIsInvalid) {
  auto bad = CommitMetadata::FromJson(R"({"operationType":"MERGE"})", "126.commit");
  ASSERT_RAISES(Invalid, bad);
  EXPECT_THAT(bad, StatusMessageHas("126.commit"));
  EXPECT_THAT(bad, StatusMessageHas("MERGE"));
  for (const char* name :
       {"INSERT", "INSERT_PREPPED", "UPSERT", "UPSERT_PREPPED", "BULK_INSERT",
        "BULK_INSERT_PREPPED", "DELETE", "DELETE_PREPPED", "BOOTSTRAP",
        "INSERT_OVERWRITE", "CLUSTER", "DELETE_PARTITION", "INSERT_OVERWRITE_TABLE",
        "COMPACT", "INDEX", "ALTER_SCHEMA", "LOG_COMPACT", "UNKNOWN"}) {
    ASSERT_OK_AND_ASSIGN(auto type, ParseWriteOperationType(name));
    EXPECT_EQ(WriteOperationTypeName(type), name);
  }
}

TEST(CommitMetadataTest, IgnoresUnknownFields) {
  ASSERT_OK_AND_ASSIGN(auto metadata,
                       CommitMetadata::FromJson(
                           R"({"futureField":[1,{"a":null}],"compacted":true,
                               "partitionToWriteStats":{"p":[{"fileId":"f","newStat":7}]}})",
                           "1.commit"));
  EXPECT_TRUE(metadata.compacted);
  ASSERT_EQ(metadata.partition_to_write_stats.size(), 1u);
  EXPECT_EQ(metadata.partition_to_write_stats[0].second[0].file_id, "f");
  // Missing Java String fields stay null.
  EXPECT_FALSE(metadata.partition_to_write_stats[0].second[0].prev_commit.has_value());
}

TEST(CommitMetadataTest, WritesLikeJacksonDefaultPrettyPrinter) {
  CommitMetadata m;
  WriteStat stat;
  stat.file_id = "f1-0";
  stat.path = "p1/f1-0_0-1-2_001.parquet";
  stat.partition_path = "p1";
  stat.num_writes = 3;
  stat.num_inserts = 3;
  stat.runtime_stats = RuntimeStats{0, 0, 85};
  stat.delta = DeltaWriteStat{};
  stat.delta->log_files = {".a.log.1_0-1-2", ".a.log.2_0-1-2"};
  stat.cdc_stats = OrderedMap<int64_t>{};
  m.AddWriteStat("p1", stat);
  m.AddMetadata("schema", "{\"type\":\"record\"}\n\t\x01\xC3\xA9/");
  m.operation_type = WriteOperationType::kUpsert;
  EXPECT_EQ(m.ToJson(), R"({
  "partitionToWriteStats" : {
    "p1" : [ {
      "fileId" : "f1-0",
      "path" : "p1/f1-0_0-1-2_001.parquet",
      "cdcStats" : { },
      "prevCommit" : "null",
      "numWrites" : 3,
      "numDeletes" : 0,
      "numUpdateWrites" : 0,
      "numInserts" : 3,
      "totalWriteBytes" : 0,
      "totalWriteErrors" : 0,
      "tempPath" : null,
      "partitionPath" : "p1",
      "totalLogRecords" : 0,
      "totalLogFilesCompacted" : 0,
      "totalLogSizeCompacted" : 0,
      "totalUpdatedRecordsCompacted" : 0,
      "totalLogBlocks" : 0,
      "totalCorruptLogBlock" : 0,
      "totalRollbackBlocks" : 0,
      "fileSizeInBytes" : 0,
      "minEventTime" : null,
      "maxEventTime" : null,
      "runtimeStats" : {
        "totalScanTime" : 0,
        "totalUpsertTime" : 0,
        "totalCreateTime" : 85
      },
      "logVersion" : 0,
      "logOffset" : 0,
      "baseFile" : null,
      "logFiles" : [ ".a.log.1_0-1-2", ".a.log.2_0-1-2" ],
      "recordsStats" : {
        "val" : null
      }
    } ]
  },
  "compacted" : false,
  "extraMetadata" : {
    "schema" : "{\"type\":\"record\"}\n\t\u0001)"
                        "\xC3\xA9"
                        R"(/"
  },
  "operationType" : "UPSERT"
})");
  ASSERT_OK_AND_ASSIGN(auto back, CommitMetadata::FromJson(m.ToJson(), "x"));
  EXPECT_EQ(back, m);
}

TEST(CommitMetadataTest, DeltaStatWithoutRecordsStatsRoundTrips) {
  // Hudi 0.14 writers do not have recordsStats; the field must stay absent.
  const std::string json = R"({
  "partitionToWriteStats" : {
    "" : [ {
      "fileId" : "f",
      "path" : ".f_1.log.1_0-1-1",
      "cdcStats" : {
        "cdc/a.cdc" : 12,
        "cdc/b.cdc" : 7
      },
      "prevCommit" : "1",
      "numWrites" : 1,
      "numDeletes" : 0,
      "numUpdateWrites" : 1,
      "numInserts" : 0,
      "totalWriteBytes" : 10,
      "totalWriteErrors" : 0,
      "tempPath" : null,
      "partitionPath" : "",
      "totalLogRecords" : 0,
      "totalLogFilesCompacted" : 0,
      "totalLogSizeCompacted" : 0,
      "totalUpdatedRecordsCompacted" : 0,
      "totalLogBlocks" : 0,
      "totalCorruptLogBlock" : 0,
      "totalRollbackBlocks" : 0,
      "fileSizeInBytes" : 10,
      "minEventTime" : 1700000000000,
      "maxEventTime" : 1700000000001,
      "runtimeStats" : null,
      "logVersion" : 1,
      "logOffset" : 0,
      "baseFile" : "",
      "logFiles" : [ ]
    } ]
  },
  "compacted" : true,
  "extraMetadata" : { },
  "operationType" : "LOG_COMPACT"
})";
  ASSERT_OK_AND_ASSIGN(auto m, CommitMetadata::FromJson(json, "2.deltacommit"));
  const WriteStat& stat = m.partition_to_write_stats[0].second[0];
  ASSERT_TRUE(stat.delta.has_value());
  EXPECT_FALSE(stat.delta->records_stats_json.has_value());
  EXPECT_EQ(stat.min_event_time, 1700000000000);
  ASSERT_TRUE(stat.cdc_stats.has_value());
  EXPECT_EQ(stat.cdc_stats->at(1), (std::pair<std::string, int64_t>{"cdc/b.cdc", 7}));
  EXPECT_EQ(m.operation_type, WriteOperationType::kLogCompact);
  EXPECT_EQ(m.ToJson(), json);
}

TEST(CommitMetadataTest, MapsIterateInJavaHashMapOrder) {
  // "30", "20", "10" is the order Hudi wrote in the overwrite-table sample.
  ReplaceCommitMetadata m;
  m.AddReplaceFileIds("10", {"a"});
  m.AddReplaceFileIds("20", {"b"});
  m.AddReplaceFileIds("30", {"c"});
  std::vector<std::string> order;
  for (const auto& entry : m.partition_to_replace_file_ids) order.push_back(entry.first);
  EXPECT_EQ(order, (std::vector<std::string>{"30", "20", "10"}));
  EXPECT_EQ(JavaStringHashCode("10"), 1567);
  // Java: "hoodie".hashCode() == -1211618504 (31-based, wrapping int arithmetic).
  EXPECT_EQ(JavaStringHashCode("hoodie"), -1211618504);
  EXPECT_EQ(JavaStringHashCode(""), 0);
  // "é" is one UTF-16 unit (0xE9); "😀" is a surrogate pair.
  EXPECT_EQ(JavaStringHashCode("\xC3\xA9"), 0xE9);
  EXPECT_EQ(JavaStringHashCode("\xF0\x9F\x98\x80"), 0xD83D * 31 + 0xDE00);
  EXPECT_EQ(JavaHashMapCapacity(12), 16u);
  EXPECT_EQ(JavaHashMapCapacity(13), 32u);
}

TEST(CommitMetadataTest, Helpers) {
  CommitMetadata m;
  WriteStat a;
  a.file_id = "fa";
  a.path = "p/fa_1.parquet";
  a.num_writes = 5;
  a.num_inserts = 2;
  a.num_update_writes = 3;
  a.total_write_bytes = 100;
  WriteStat b;
  b.file_id = "fb";
  b.path = "fb_1.parquet";
  b.num_writes = 1;
  b.num_deletes = 4;
  b.total_write_bytes = 10;
  WriteStat profile;  // a workload-profile entry without a path
  profile.file_id = "";
  m.AddWriteStat("p", a);
  m.AddWriteStat("", b);
  m.AddWriteStat("", profile);
  EXPECT_EQ(m.TotalRecordsWritten(), 6);
  EXPECT_EQ(m.TotalInsertRecordsWritten(), 2);
  EXPECT_EQ(m.TotalUpdateRecordsWritten(), 3);
  EXPECT_EQ(m.TotalRecordsDeleted(), 4);
  EXPECT_EQ(m.TotalBytesWritten(), 110);
  EXPECT_EQ(m.AllWriteStats().size(), 3u);
  // "p" and "" share HashMap bucket 0, so insertion order decides.
  EXPECT_EQ(m.PartitionsWritten(), (std::vector<std::string>{"p", ""}));
  EXPECT_EQ(m.FilesWritten(),
            (std::vector<std::string>{"p/fa_1.parquet", "fb_1.parquet"}));
  EXPECT_EQ(m.FileIdToFullPath("/t/"),
            (std::map<std::string, std::string>{{"fa", "/t/p/fa_1.parquet"},
                                                {"fb", "/t/fb_1.parquet"}}));
  m.AddMetadata("schema", "s1");
  m.AddMetadata("schema", "s2");
  EXPECT_EQ(m.Schema(), "s2");
  EXPECT_FALSE(m.GetMetadata("nope").has_value());
}

// -- Hudi-written samples ---------------------------------------------------------------

struct ExpectedCommit {
  const char* file;  // instant file in .hoodie
  WriteOperationType operation;
  std::vector<std::string> files;  // paths, from testdata/hudi-rs-tables/README.md
  std::vector<std::pair<std::string, std::vector<std::string>>> replaced = {};
};

struct SampleCommits {
  const char* zip;
  std::vector<ExpectedCommit> commits;
};

std::vector<SampleCommits> Samples() {
  using W = WriteOperationType;
  return {
      {"sample_table/cow/v6_complexkeygen_hivestyle.zip",
       {{"20240418173213674.commit",
         W::kUpsert,
         {"byteField=20/shortField=100/"
          "bb7c3a45-387f-490d-aab2-981c3f1a8ada-0_0-140-198_20240418173213674.parquet",
          "byteField=10/shortField=300/"
          "a22e8257-e249-45e9-ba46-115bc85adcba-0_1-140-199_20240418173213674.parquet"}},
        {"20240418173235694.commit",
         W::kUpsert,
         {"byteField=10/shortField=300/"
          "a22e8257-e249-45e9-ba46-115bc85adcba-0_0-161-223_20240418173235694.parquet",
          "byteField=30/shortField=100/"
          "4668e35e-bff8-4be9-9ff2-e7fb17ecb1a7-0_1-161-224_20240418173235694."
          "parquet"}}}},
      {"sample_table/cow/v6_nonpartitioned.zip",
       {{"20240418173550988.commit",
         W::kUpsert,
         {"a079bdb3-731c-4894-b855-abfcd6921007-0_0-182-253_20240418173550988.parquet"}},
        {"20240418173551906.commit",
         W::kUpsert,
         {"a079bdb3-731c-4894-b855-abfcd6921007-0_0-203-274_20240418173551906."
          "parquet"}}}},
      {"sample_table/cow/v6_simplekeygen_hivestyle_no_metafields.zip",
       {{"20240426205419518.commit",
         W::kUpsert,
         {"byteField=10/"
          "1ebfc908-fcc7-4229-b368-664440f7663c-0_0-35-78_20240426205419518.parquet",
          "byteField=20/"
          "3345afaa-7014-49b3-bfd7-8b89385e6c87-0_1-35-79_20240426205419518.parquet",
          "byteField=30/"
          "6b107d08-e901-4d2c-96e0-d0ae9d2cbd94-0_2-35-80_20240426205419518.parquet"}}}},
      {"sample_table/cow/v6_simplekeygen_nonhivestyle.zip",
       {{"20240418172802262.commit",
         W::kUpsert,
         {"10/97de74b1-2a8e-4bb7-874c-0a74e1f42a77-0_1-98-142_20240418172802262.parquet",
          "20/"
          "76e0556b-390d-4249-b7ad-9059e2bc2cbd-0_0-98-141_20240418172802262.parquet"}},
        {"20240418172804498.commit",
         W::kUpsert,
         {"10/97de74b1-2a8e-4bb7-874c-0a74e1f42a77-0_0-119-166_20240418172804498.parquet",
          "30/"
          "6db57019-98ee-480e-8eb1-fb3de48e1c24-0_1-119-167_20240418172804498."
          "parquet"}}}},
      {"sample_table/cow/v6_timebasedkeygen_nonhivestyle.zip",
       {{"20240418181355771.commit",
         W::kUpsert,
         {"2023/04/01/12/"
          "588ea1e6-aee4-45d1-8303-007f25bb56af-0_0-249-342_20240418181355771.parquet",
          "2023/04/02/12/"
          "8975fc0c-2535-44aa-9e1f-78d3956364ac-0_1-249-343_20240418181355771.parquet",
          "2023/04/03/12/"
          "9c5da42f-b8ed-42c4-9bf2-339b946768db-0_2-249-344_20240418181355771.parquet"}},
        {"20240418181357522.commit",
         W::kUpsert,
         {"2023/04/04/13/"
          "556f4fe8-2358-4746-81c7-ac0449d09bbf-0_1-270-370_20240418181357522.parquet",
          "2023/04/01/12/"
          "588ea1e6-aee4-45d1-8303-007f25bb56af-0_0-270-369_20240418181357522."
          "parquet"}}}},
      {"quickstart_trips_table/mor/avro/v6_trips_8i1u.zip",
       {{"20250331030642808.deltacommit",
         W::kUpsert,
         {"city=san_francisco/"
          "d0304c53-6fd2-4b7a-a9d6-5ff632f79224-0_0-13-60_20250331030642808.parquet",
          "city=sao_paulo/"
          "061498b3-e8ef-42f9-9d17-a509b2779501-0_1-13-61_20250331030642808.parquet",
          "city=chennai/"
          "84e82649-b1ee-4a25-a316-17cc6872616b-0_2-13-62_20250331030642808.parquet"}},
        {"20250331030645735.deltacommit",
         W::kUpsertPrepped,
         {"city=san_francisco/"
          ".d0304c53-6fd2-4b7a-a9d6-5ff632f79224-0_20250331030642808.log.1_0-26-85"}}}},
      {"sample_table/mor/parquet/v6_nonpartitioned.zip",
       {{"20250117083125837.deltacommit",
         W::kUpsert,
         {"d206069c-22c8-4532-b9ea-3cf4282342c4-0_0-13-23_20250117083125837.parquet"}},
        {"20250117083136333.deltacommit",
         W::kUpsert,
         {".d206069c-22c8-4532-b9ea-3cf4282342c4-0_20250117083125837.log.1_0-33-43",
          "d5c0b12d-088d-48e8-9683-3f0c1eabcaf0-0_1-33-44_20250117083136333.parquet"}}}},
      {"sample_table/mor/parquet/v6_nonpartitioned_rollback.zip",
       {{"20250126040823628.deltacommit",
         W::kUpsert,
         {"0712b9f9-d2d5-4cae-bcf4-8fd7146af503-0_0-13-23_20250126040823628.parquet"}},
        {"20250126060846931.deltacommit",
         W::kUpsert,
         {".0712b9f9-d2d5-4cae-bcf4-8fd7146af503-0_20250126040823628.log.3_0-13-9"}}}},
      {"sample_table/mor/parquet/v6_simplekeygen_nonhivestyle.zip",
       {{"20250121000547796.deltacommit",
         W::kUpsert,
         {"10/26e33b7b-aa9f-4f2e-b683-a90ef0d5861d-0_1-13-25_20250121000547796.parquet",
          "20/b2506c0e-8ddb-48c0-a683-a1d7d13cae0f-0_0-13-24_20250121000547796.parquet"}},
        {"20250121000557095.deltacommit",
         W::kUpsert,
         {"10/.26e33b7b-aa9f-4f2e-b683-a90ef0d5861d-0_20250121000547796.log.1_0-33-47",
          "30/"
          "a3ecc652-e61d-4fec-b219-7acbc16ec864-0_1-33-48_20250121000557095.parquet"}}}},
      {"sample_table/mor/parquet/v6_simplekeygen_nonhivestyle_overwritetable.zip",
       {{"20250121000647668.deltacommit",
         W::kUpsert,
         {"10/92e64357-e4d1-4639-a9d3-c3535829d0aa-0_1-53-79_20250121000647668.parquet",
          "20/d49ae379-4f20-4549-8e23-a5f9604412c0-0_0-53-78_20250121000647668.parquet"}},
        {"20250121000656060.deltacommit",
         W::kUpsert,
         {"10/.92e64357-e4d1-4639-a9d3-c3535829d0aa-0_20250121000647668.log.1_0-73-101",
          "30/"
          "de3550df-e12c-4591-9335-92ff992258a2-0_1-73-102_20250121000656060.parquet"}},
        {"20250121000702475.replacecommit",
         W::kInsertOverwriteTable,
         {"30/1c6b76d7-67cd-4b69-8da9-6e5122db91cb-0_0-88-119_20250121000702475.parquet"},
         {{"30", {"de3550df-e12c-4591-9335-92ff992258a2-0"}},
          {"20", {"d49ae379-4f20-4549-8e23-a5f9604412c0-0"}},
          {"10", {"92e64357-e4d1-4639-a9d3-c3535829d0aa-0"}}}}}},
  };
}

std::vector<std::string> Sorted(std::vector<std::string> v) {
  std::sort(v.begin(), v.end());
  return v;
}

// Parses one sample commit file, checks it against the README and re-serialises it.
void CheckSampleCommit(const std::string& meta, const ExpectedCommit& expected) {
  SCOPED_TRACE(expected.file);
  ASSERT_OK_AND_ASSIGN(std::string bytes,
                       Storage::Local()->ReadAll(meta + "/" + expected.file));
  const bool is_replace = std::string(expected.file).ends_with(".replacecommit");
  if (is_replace) {
    ASSERT_OK_AND_ASSIGN(auto m, ReplaceCommitMetadata::FromJson(bytes, expected.file));
    EXPECT_EQ(m.operation_type, expected.operation);
    EXPECT_EQ(Sorted(m.FilesWritten()), Sorted(expected.files));
    EXPECT_EQ(m.partition_to_replace_file_ids, expected.replaced);
    auto reordered = m.partition_to_replace_file_ids;
    OrderLikeJavaHashMap(&reordered);
    EXPECT_EQ(reordered, m.partition_to_replace_file_ids);
    EXPECT_EQ(m.ToJson(), bytes);
    return;
  }
  ASSERT_OK_AND_ASSIGN(auto m, CommitMetadata::FromJson(bytes, expected.file));
  // Hudi wrote its maps in java.util.HashMap order, which AddWriteStat reproduces.
  auto reordered = m.partition_to_write_stats;
  OrderLikeJavaHashMap(&reordered);
  EXPECT_EQ(reordered, m.partition_to_write_stats);
  EXPECT_EQ(m.operation_type, expected.operation);
  EXPECT_FALSE(m.compacted);
  EXPECT_EQ(Sorted(m.FilesWritten()), Sorted(expected.files));
  ASSERT_TRUE(m.Schema().has_value());
  EXPECT_TRUE(m.Schema()->starts_with("{\"type\":\"record\""));
  EXPECT_EQ(m.ToJson(), bytes);
}

TEST(CommitMetadataSampleTest, V6SamplesParseAndReserialiseByteForByte) {
  for (const SampleCommits& sample : Samples()) {
    SCOPED_TRACE(sample.zip);
    testing::TempDir dir;
    ASSERT_OK_AND_ASSIGN(
        std::string base,
        testing::UnzipTable(std::string("hudi-rs-tables/") + sample.zip, dir.path()));
    const std::string meta = base + "/.hoodie";
    for (const ExpectedCommit& commit : sample.commits) CheckSampleCommit(meta, commit);

    // Every JSON state file (workload profiles in inflight files included) round-trips.
    ASSERT_OK_AND_ASSIGN(auto timeline, ActiveTimeline::Load(Storage::Local(), meta));
    ASSERT_OK_AND_ASSIGN(auto entries, Storage::Local()->List(meta, false));
    for (const auto& entry : entries) {
      std::string name(entry.name());
      ASSERT_OK_AND_ASSIGN(auto instant, Instant::FromFileName(name));
      if (!instant || instant->action == Action::kRollback) continue;  // Avro
      if (instant->action == Action::kReplaceCommit && instant->IsRequested()) continue;
      SCOPED_TRACE(name);
      ASSERT_OK_AND_ASSIGN(std::string bytes, timeline.ReadDetails(*instant));
      if (bytes.empty()) continue;
      if (instant->action == Action::kReplaceCommit && instant->IsCompleted()) {
        ASSERT_OK_AND_ASSIGN(auto m, ReplaceCommitMetadata::FromJson(bytes, name));
        EXPECT_EQ(m.ToJson(), bytes);
      } else {
        ASSERT_OK_AND_ASSIGN(auto m, CommitMetadata::FromJson(bytes, name));
        EXPECT_EQ(m.ToJson(), bytes);
      }
    }
  }
}

TEST(CommitMetadataSampleTest, ReadsDeltaWriteStatFields) {
  testing::TempDir dir;
  ASSERT_OK_AND_ASSIGN(
      std::string base,
      testing::UnzipTable(
          "hudi-rs-tables/sample_table/mor/parquet/v6_nonpartitioned_rollback.zip",
          dir.path()));
  ASSERT_OK_AND_ASSIGN(
      std::string bytes,
      Storage::Local()->ReadAll(base + "/.hoodie/20250126060846931.deltacommit"));
  ASSERT_OK_AND_ASSIGN(auto m,
                       CommitMetadata::FromJson(bytes, "20250126060846931.deltacommit"));
  ASSERT_EQ(m.AllWriteStats().size(), 1u);
  const WriteStat stat = m.AllWriteStats()[0];
  EXPECT_EQ(stat.file_id, "0712b9f9-d2d5-4cae-bcf4-8fd7146af503-0");
  EXPECT_EQ(stat.prev_commit, "20250126040823628");
  EXPECT_EQ(stat.partition_path, "");
  EXPECT_EQ(stat.num_update_writes, 1);
  EXPECT_EQ(stat.file_size_in_bytes, 11835);
  EXPECT_EQ(stat.runtime_stats, (RuntimeStats{0, 462, 0}));
  ASSERT_TRUE(stat.delta.has_value());
  EXPECT_EQ(stat.delta->log_version, 3);
  EXPECT_EQ(stat.delta->log_offset, 0);
  EXPECT_EQ(stat.delta->base_file,
            "0712b9f9-d2d5-4cae-bcf4-8fd7146af503-0_0-13-23_20250126040823628.parquet");
  EXPECT_EQ(
      stat.delta->log_files,
      (std::vector<std::string>{
          ".0712b9f9-d2d5-4cae-bcf4-8fd7146af503-0_20250126040823628.log.2_1-0-1",
          ".0712b9f9-d2d5-4cae-bcf4-8fd7146af503-0_20250126040823628.log.1_0-33-43",
          ".0712b9f9-d2d5-4cae-bcf4-8fd7146af503-0_20250126040823628.log.3_0-13-9"}));
  EXPECT_EQ(stat.delta->records_stats_json, R"({"val":null})");
  EXPECT_EQ(m.FileIdToFullPath(base),
            (std::map<std::string, std::string>{
                {"0712b9f9-d2d5-4cae-bcf4-8fd7146af503-0",
                 base + "/.0712b9f9-d2d5-4cae-bcf4-8fd7146af503-0_20250126040823628.log."
                        "3_0-13-9"}}));
}

}  // namespace
}  // namespace hoodie
