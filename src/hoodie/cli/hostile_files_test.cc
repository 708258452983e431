// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/cli/hostile_files_test.cc
/// \brief The `hoodie` binary on damaged and hostile timeline and log files: nesting far
/// past any real file must fail with an error naming the file and the limit (it used
/// to end in SIGSEGV), and every decode error names the file it came from.

#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "hoodie/cli/cli_runner_test_util.h"
#include "hoodie/format/avro_codec/avro_binary.h"
#include "hoodie/format/avro_codec/avro_container.h"
#include "hoodie/format/log/log_block.h"
#include "hoodie/format/log/log_file_reader.h"
#include "hoodie/storage/storage.h"
#include "hoodie/testing/matchers.h"
#include "hoodie/testing/temp_dir.h"

namespace hoodie::cli::testing {
namespace {

namespace fs = std::filesystem;
using ::testing::HasSubstr;

constexpr char kMorConf[] =
    " --hoodie-conf hoodie.table.name=t"
    " --hoodie-conf hoodie.datasource.write.table.type=MERGE_ON_READ"
    " --hoodie-conf hoodie.datasource.write.recordkey.field=id"
    " --hoodie-conf hoodie.datasource.write.partitionpath.field=part"
    " --hoodie-conf hoodie.datasource.write.precombine.field=ts";
constexpr char kCowConf[] =
    " --hoodie-conf hoodie.table.name=t"
    " --hoodie-conf hoodie.datasource.write.recordkey.field=id"
    " --hoodie-conf hoodie.datasource.write.partitionpath.field=part"
    " --hoodie-conf hoodie.datasource.write.precombine.field=ts";

std::string Quote(const std::string& s) { return "'" + s + "'"; }

std::string Slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream buffer;
  buffer << in.rdbuf();
  return buffer.str();
}

void Spit(const std::string& path, const std::string& bytes) {
  std::ofstream(path, std::ios::binary | std::ios::trunc) << bytes;
}

// `{"type":"array","items":` `depth` times around "string".
std::string NestedArraySchema(int depth) {
  std::string out;
  for (int i = 0; i < depth; ++i) out += R"({"type":"array","items":)";
  out += R"("string")";
  out.append(static_cast<size_t>(depth), '}');
  return out;
}

// An Avro container header whose avro.schema is `schema`, and nothing after it: the
// reader must stop at the schema.
std::string ContainerWithSchema(const std::string& schema) {
  std::string out = std::string("Obj\x01", 4);
  AppendAvroLong(1, &out);
  AppendAvroLong(11, &out);
  out += "avro.schema";
  AppendAvroLong(static_cast<int64_t>(schema.size()), &out);
  out += schema;
  AppendAvroLong(0, &out);
  out += std::string(16, '\x5a');
  return out;
}

class HostileFilesTest : public ::testing::Test {
 protected:
  // Writes rows into the table at base_ (creating it), must succeed.
  void Write(const std::string& rows, const char* conf) {
    std::string input = dir_.Join("rows-" + std::to_string(++inputs_) + ".json");
    Spit(input, rows);
    auto result = RunCli("write --table " + Quote(base_) + " --input " + Quote(input) + conf);
    ASSERT_EQ(result.exit_code, 0) << result.err;
  }

  CliResult WriteAgain(const char* conf) {
    std::string input = dir_.Join("again.json");
    Spit(input, "{\"id\":\"c\",\"ts\":9,\"part\":\"p1\"}\n");
    return RunCli("write --table " + Quote(base_) + " --input " + Quote(input) + conf);
  }

  // The files of .hoodie whose names match `pattern`.
  std::vector<std::string> MetaFiles(const std::string& pattern) const {
    std::vector<std::string> out;
    for (const auto& entry : fs::directory_iterator(base_ + "/.hoodie")) {
      if (std::regex_match(entry.path().filename().string(), std::regex(pattern))) {
        out.push_back(entry.path().string());
      }
    }
    std::sort(out.begin(), out.end());
    return out;
  }

  hoodie::testing::TempDir dir_;
  std::string base_ = dir_.Join("t");
  int inputs_ = 0;
};

// The depth that crashed (200,000) and one just past the limit both name the file and
// the limit; timeline show and write alike.
TEST_F(HostileFilesTest, DeeplyNestedCommitJsonNamesTheFileAndTheLimit) {
  Write("{\"id\":\"a\",\"ts\":1,\"part\":\"p1\"}\n", kCowConf);
  const std::vector<std::string> commits = MetaFiles(R"(\d+\.commit)");
  ASSERT_EQ(commits.size(), 1u);
  for (int depth : {1001, 200000}) {
    SCOPED_TRACE(depth);
    Spit(commits[0], "{\"partitionToWriteStats\": {\"p0\": " + std::string(depth, '[') +
                         std::string(depth, ']') + "}, \"compacted\": false}");
    for (const CliResult& result :
         {RunCli("timeline show " + Quote(base_)), WriteAgain(kCowConf)}) {
      EXPECT_EQ(result.exit_code, 1) << result.err;
      EXPECT_THAT(result.err, HasSubstr("Malformed commit metadata JSON in " + commits[0]));
      EXPECT_THAT(result.err, HasSubstr("JSON nested deeper than 1000 levels"));
    }
  }
}

// A log block whose header SCHEMA nests 100,000 arrays, its block size and reverse
// pointer fixed up so that the block is intact.
TEST_F(HostileFilesTest, DeeplyNestedLogBlockSchemaNamesTheLogFile) {
  Write("{\"id\":\"a\",\"ts\":1,\"part\":\"p1\"}\n", kMorConf);
  Write("{\"id\":\"a\",\"ts\":2,\"part\":\"p1\"}\n", kMorConf);
  std::vector<std::string> logs;
  for (const auto& entry : fs::directory_iterator(base_ + "/p1")) {
    if (entry.path().filename().string().find(".log.") != std::string::npos) {
      logs.push_back(entry.path().string());
    }
  }
  ASSERT_EQ(logs.size(), 1u);
  ASSERT_OK_AND_ASSIGN(auto reader, LogFileReader::Open(Storage::Local().get(), logs[0]));
  ASSERT_OK_AND_ASSIGN(std::vector<LogBlock> blocks, reader->ReadAll({}));
  ASSERT_EQ(blocks.size(), 1u);
  for (auto& [key, value] : blocks[0].header) {
    if (key == LogHeaderKey::kSchema) value = NestedArraySchema(100000);
  }
  ASSERT_OK_AND_ASSIGN(std::string bytes, EncodeLogBlock(blocks[0]));
  Spit(logs[0], bytes);
  auto result = RunCli("query " + Quote(base_));
  EXPECT_EQ(result.exit_code, 1) << result.err;
  EXPECT_THAT(result.err, HasSubstr(logs[0]));
  EXPECT_THAT(result.err, HasSubstr("nested deeper than 1000 levels"));
}

// A pending compaction plan whose container declares the nested schema, then garbage,
// a truncated plan and a record of another schema: every command names the plan file.
TEST_F(HostileFilesTest, BadCompactionPlansNameTheirFile) {
  Write("{\"id\":\"a\",\"ts\":1,\"part\":\"p1\"}\n", kMorConf);
  const std::string plan = base_ + "/.hoodie/20000101000000000.compaction.requested";
  ASSERT_OK_AND_ASSIGN(std::string other_schema,
                       WriteSingleRecordContainer(R"("string")", AvroValue::String("x")));
  const std::vector<std::pair<std::string, std::string>> cases = {
      {ContainerWithSchema(NestedArraySchema(100000)), "nested deeper than 1000 levels"},
      {"garbage", "does not start with the magic"},
      {ContainerWithSchema(R"("string")").substr(0, 10), ""},
      {other_schema, ""}};
  for (const auto& [bytes, cause] : cases) {
    SCOPED_TRACE(cause);
    Spit(plan, bytes);
    // The listing goes on, showing what it could not read and where.
    auto listing = RunCli("timeline show " + Quote(base_));
    EXPECT_EQ(listing.exit_code, 0) << listing.err;
    EXPECT_THAT(listing.out, HasSubstr("unreadable: " + plan + ": "));
    EXPECT_THAT(listing.out, HasSubstr(cause));
    for (const CliResult& result :
         {WriteAgain(kMorConf), RunCli("compaction show --table " + Quote(base_))}) {
      EXPECT_EQ(result.exit_code, 1) << result.err;
      EXPECT_THAT(result.err, HasSubstr("hoodie: error: " + plan + ": "));
      EXPECT_THAT(result.err, HasSubstr(cause));
    }
  }
}

// A completed clean that is not a HoodieCleanMetadata: the write commits (the clean
// runs after it, as in Hudi), and the error of the clean names the .clean file.
TEST_F(HostileFilesTest, GarbageCleanMetadataNamesItsFile) {
  Write("{\"id\":\"a\",\"ts\":1,\"part\":\"p1\"}\n", kCowConf);
  const std::string clean = base_ + "/.hoodie/20000101000000000.clean";
  Spit(clean, "garbage");
  auto result = WriteAgain(kCowConf);
  EXPECT_EQ(result.exit_code, 1) << result.err;
  EXPECT_THAT(result.err, HasSubstr("is committed, but"));
  EXPECT_THAT(result.err, HasSubstr(clean + ": Decoding HoodieCleanMetadata"));
}

}  // namespace
}  // namespace hoodie::cli::testing
