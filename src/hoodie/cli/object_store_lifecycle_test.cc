// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/cli/object_store_lifecycle_test.cc
/// \brief A table's whole life on an object store (moto's S3 server): every write
/// operation, every query type, compaction, clean, archival, savepoint, restore and
/// rollback, on copy-on-write and merge-on-read tables, with the rows each step leaves.

#include <algorithm>
#include <chrono>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include <arrow/filesystem/filesystem.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "hoodie/cli/cli_runner_test_util.h"
#include "hoodie/storage/storage.h"
#include "hoodie/testing/matchers.h"
#include "hoodie/testing/s3_test_server.h"
#include "hoodie/testing/temp_dir.h"

namespace hoodie::cli::testing {
namespace {

using ::testing::HasSubstr;

constexpr int kHangSeconds = 120;

// The value of "key" in a JSON object printed by `-o json`.
std::string JsonField(const std::string& json, const std::string& key) {
  const std::string marker = "\"" + key + "\": \"";
  const size_t start = json.find(marker);
  if (start == std::string::npos) return "";
  const size_t begin = start + marker.size();
  return json.substr(begin, json.find('"', begin) - begin);
}

class ObjectStoreLifecycleTest : public ::testing::TestWithParam<const char*> {
 protected:
  void SetUp() override {
    ASSERT_OK_AND_ASSIGN(server_, hoodie::testing::S3TestServer::Start());
    ASSERT_OK(server_->CreateBucket("lake"));
    // Only the keys reach the store, as a Spark user's configuration would.
    server_->ExportEnvironment();
    ::unsetenv("AWS_ENDPOINT_URL");
    ::unsetenv("AWS_ACCESS_KEY_ID");
    ::unsetenv("AWS_SECRET_ACCESS_KEY");
    conf_ = " --hoodie-conf fs.s3a.endpoint=" + server_->endpoint() +
            " --hoodie-conf fs.s3a.path.style.access=true"
            " --hoodie-conf fs.s3a.access.key=testing"
            " --hoodie-conf fs.s3a.secret.key=testing";
    table_ = std::string("s3a://lake/") + GetParam();
  }

  // Runs a command on the table; its exit code must be 0.
  std::string Run(const std::string& command, const std::string& extra = "") {
    auto result = RunCliWithin(kHangSeconds, command + conf_ + extra);
    EXPECT_EQ(result.exit_code, 0) << command << "\n" << result.err;
    return result.out;
  }

  // Writes JSON rows with `op`; returns the instant.
  std::string Write(const std::string& op, const std::string& rows) {
    const std::string input = dir_.Join("in" + std::to_string(++inputs_) + ".json");
    std::ofstream(input) << rows;
    std::string out = Run("-o json write --table " + table_ + " --op " + op + " --input '" +
                              input + "'",
                          std::string(kTableConf) +
                              " --hoodie-conf hoodie.datasource.write.table.type=" +
                              std::string(GetParam()) +
                          " --hoodie-conf hoodie.compact.inline=false"
                          " --hoodie-conf hoodie.clean.automatic=false"
                          " --hoodie-conf hoodie.archive.automatic=false"
                          // The metadata table compacts at every write, so that the
                          // data table's archival, which waits on it, can move.
                          " --hoodie-conf hoodie.metadata.compact.max.delta.commits=1");
    EXPECT_EQ(JsonField(out, "committed"), "true") << out;
    return JsonField(out, "instant");
  }

  // Rows of a query as "id,ts" lines under the header, sorted: the order of file groups
  // follows their random ids.
  std::string Rows(const std::string& options = "") { return RowsOf(table_, options); }
  std::string RowsOf(const std::string& table, const std::string& options = "") {
    std::istringstream csv(Run("query " + table + " --columns id,ts --format csv " + options));
    std::string header;
    std::getline(csv, header);
    std::vector<std::string> rows;
    for (std::string line; std::getline(csv, line);) rows.push_back(line);
    std::sort(rows.begin(), rows.end());
    std::string out = header + "\n";
    for (const std::string& row : rows) out += row + "\n";
    return out;
  }

  std::unique_ptr<hoodie::testing::S3TestServer> server_;
  hoodie::testing::TempDir dir_;
  std::string conf_;
  std::string table_;
  int inputs_ = 0;
};

std::string Row(const char* id, int ts, const char* part) {
  return std::string("{\"id\":\"") + id + "\",\"ts\":" + std::to_string(ts) +
         ",\"part\":\"" + part + "\"}\n";
}

TEST_P(ObjectStoreLifecycleTest, EveryActionLeavesTheRowsHudiWould) {
  const std::string t1 = Write("insert", Row("a", 1, "p1") + Row("b", 1, "p2") + Row("c", 1, "p1"));
  const std::string t2 = Write("upsert", Row("a", 2, "p1") + Row("d", 2, "p2"));
  const std::string t3 = Write("delete", Row("b", 3, "p2"));
  EXPECT_EQ(Rows(), "id,ts\na,2\nc,1\nd,2\n");
  EXPECT_EQ(Rows("--as-of " + t1), "id,ts\na,1\nb,1\nc,1\n");
  EXPECT_EQ(Rows("--query-type incremental --begin " + t1 + " --end " + t2), "id,ts\na,2\nd,2\n");

  // Savepoint the upsert, move on, restore to it.
  EXPECT_THAT(Run("-o json savepoint create --table " + table_ + " --instant " + t2),
              HasSubstr(t2));
  Write("upsert", Row("e", 4, "p1"));
  Run("-o json restore --table " + table_ + " --instant " + t2);
  EXPECT_EQ(Rows(), "id,ts\na,2\nb,1\nc,1\nd,2\n");
  Run("savepoint delete --table " + table_ + " --instant " + t2);

  // A write rolled back leaves the table as before it.
  const std::string t5 = Write("upsert", Row("f", 5, "p2"));
  Run("-o json rollback --table " + table_ + " --instant " + t5);
  EXPECT_EQ(Rows(), "id,ts\na,2\nb,1\nc,1\nd,2\n");

  // Merge-on-read: updates go to log files, which the read-optimized view does not
  // see until compaction folds them into base files (inserts make base files).
  Write("upsert", Row("a", 6, "p1") + Row("g", 6, "p2"));
  if (std::string(GetParam()) == "MERGE_ON_READ") {
    EXPECT_EQ(Rows("--query-type read_optimized"), "id,ts\na,1\nb,1\nc,1\nd,2\ng,6\n");
    Run("compaction schedule --table " + table_,
        " --hoodie-conf hoodie.compact.inline.max.delta.commits=1");
    Run("compaction run --table " + table_);
  }
  EXPECT_EQ(Rows("--query-type read_optimized"), "id,ts\na,6\nb,1\nc,1\nd,2\ng,6\n");
  EXPECT_EQ(Rows(), "id,ts\na,6\nb,1\nc,1\nd,2\ng,6\n");

  // Two more commits, so that archival (at most 3 kept) has something to move.
  Write("upsert", Row("c", 7, "p1"));
  Write("upsert", Row("d", 8, "p2"));
  // Clean to the last commit, then archive all but the last two instants.
  Run("clean --table " + table_, " --hoodie-conf hoodie.cleaner.commits.retained=1");
  const std::string archival = Run("-o json archive --table " + table_,
      " --hoodie-conf hoodie.keep.min.commits=2 --hoodie-conf hoodie.keep.max.commits=3"
      " --hoodie-conf hoodie.cleaner.commits.retained=1");
  std::string bucket_path;
  server_->ExportEnvironment();
  ASSERT_OK_AND_ASSIGN(auto storage, hoodie::Storage::FromUri("s3://lake", &bucket_path));
  const std::string archived = "lake/" + std::string(GetParam()) + "/.hoodie/archived";
  ASSERT_OK_AND_ASSIGN(auto archive_files, storage->List(archived, false));
  EXPECT_FALSE(archive_files.empty()) << archival;
  EXPECT_EQ(Rows(), "id,ts\na,6\nb,1\nc,7\nd,8\ng,6\n");
  EXPECT_THAT(Run("-o json timeline show " + table_), Not(HasSubstr("\"" + t3 + "\"")));
}

// The streamer with everything on the store: its DFS source folder, its schema file,
// its target table, and a second streamer pulling that table with HoodieIncrSource
// into another table on the store. Each round's checkpoint is honoured there.
TEST_P(ObjectStoreLifecycleTest, StreamerRoundsReadAndWriteTheStore) {
  server_->ExportEnvironment();
  std::string path;
  ASSERT_OK_AND_ASSIGN(auto storage, hoodie::Storage::FromUri("s3://lake", &path));
  ASSERT_OK(storage->WriteAll(
      "lake/schemas/rows.avsc",
      R"({"type":"record","name":"r","fields":[{"name":"id","type":"string"},)"
      R"({"name":"ts","type":"long"},{"name":"part","type":"string"}]})",
      false));
  ASSERT_OK(storage->WriteAll("lake/in/1.json", Row("a", 1, "p1") + Row("b", 1, "p2"), false));
  ::unsetenv("AWS_ENDPOINT_URL");
  ::unsetenv("AWS_ACCESS_KEY_ID");
  ::unsetenv("AWS_SECRET_ACCESS_KEY");
  const std::string keys =
      " --hoodie-conf hoodie.datasource.write.recordkey.field=id"
      " --hoodie-conf hoodie.datasource.write.partitionpath.field=part"
      " --hoodie-conf hoodie.datasource.write.precombine.field=ts";
  const std::string dfs =
      "streamer --target-base-path " + table_ + " --target-table t --table-type " +
      GetParam() + " --source-class JsonDFSSource --source-ordering-field ts"
      " --schemaprovider-class FilebasedSchemaProvider"
      " --hoodie-conf hoodie.deltastreamer.schemaprovider.source.schema.file="
      "s3a://lake/schemas/rows.avsc"
      " --hoodie-conf hoodie.deltastreamer.source.dfs.root=s3a://lake/in" + keys;
  const std::string incr =
      "streamer --target-base-path s3a://lake/derived_" + std::string(GetParam()) +
      " --target-table d --table-type COPY_ON_WRITE --source-class HoodieIncrSource"
      " --source-ordering-field ts"
      " --hoodie-conf hoodie.deltastreamer.source.hoodieincr.path=" + table_ +
      " --hoodie-conf hoodie.deltastreamer.source.hoodieincr.missing.checkpoint.strategy="
      "READ_UPTO_LATEST_COMMIT" + keys;
  Run(dfs);
  Run(incr);
  EXPECT_EQ(Rows(), "id,ts\na,1\nb,1\n");
  // A second file: only it is read in the next round, and only its rows move on. S3's
  // Last-Modified has whole seconds, and Hudi's DFS source reads only files newer than
  // its checkpoint (the newest time it read), so the file must land in a later second.
  std::this_thread::sleep_for(std::chrono::milliseconds(1100));
  server_->ExportEnvironment();
  ASSERT_OK(storage->WriteAll("lake/in/2.json", Row("a", 2, "p1") + Row("c", 2, "p1"), false));
  ::unsetenv("AWS_ENDPOINT_URL");
  Run(dfs);
  Run(incr);
  EXPECT_EQ(Rows(), "id,ts\na,2\nb,1\nc,2\n");
  const std::string derived = RowsOf("s3a://lake/derived_" + std::string(GetParam()));
  EXPECT_EQ(derived, "id,ts\na,2\nb,1\nc,2\n");
}

INSTANTIATE_TEST_SUITE_P(Tables, ObjectStoreLifecycleTest,
                         ::testing::Values("COPY_ON_WRITE", "MERGE_ON_READ"));

}  // namespace
}  // namespace hoodie::cli::testing
