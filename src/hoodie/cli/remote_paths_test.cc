// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/cli/remote_paths_test.cc
/// \brief The `hoodie` binary on object-store and HDFS paths: a real S3 server (moto)
/// for s3:// and s3a://, and no server at all for the others. Every command must
/// answer (never hang), exit cleanly (never crash on its way out), and fail with one
/// line saying what to configure.

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <string>

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
using ::testing::Not;

// Generous: the bound under test is hoodie.storage.timeout.seconds (set to 2 below);
// this only keeps a regression from hanging the suite.
constexpr int kHangSeconds = 120;
constexpr char kShortTimeout[] = " --hoodie-conf hoodie.storage.timeout.seconds=2";

size_t Lines(const std::string& text) { return std::count(text.begin(), text.end(), '\n'); }

// What every failed command on a remote path must look like.
void ExpectOneLineError(const CliResult& result, const std::string& hint) {
  EXPECT_EQ(result.exit_code, 1) << result.err;  // not 124 (hung) nor 139 (crashed)
  EXPECT_EQ(Lines(result.err), 1u) << result.err;
  EXPECT_THAT(result.err, HasSubstr("hoodie: error: "));
  EXPECT_THAT(result.err, HasSubstr(hint));
  EXPECT_THAT(result.err, Not(HasSubstr("FinalizeS3")));
}

class S3PathsTest : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_OK_AND_ASSIGN(server_, hoodie::testing::S3TestServer::Start());
    ASSERT_OK(server_->CreateBucket("lake"));
    server_->ExportEnvironment();
  }

  std::string Input(const std::string& text) {
    std::string path = dir_.Join("rows.json");
    std::ofstream(path) << text;
    return path;
  }

  std::unique_ptr<hoodie::testing::S3TestServer> server_;
  hoodie::testing::TempDir dir_;
};

// The write that used to end in SIGSEGV after "FinalizeS3 was not called", and s3a://
// (what Hadoop writers name) read back as the same table.
TEST_F(S3PathsTest, WriteAndQueryOnS3ExitCleanlyAndS3aIsS3) {
  std::string rows = Input(
      "{\"id\":\"a\",\"ts\":1,\"part\":\"p1\"}\n{\"id\":\"b\",\"ts\":2,\"part\":\"p2\"}\n");
  auto write = RunCliWithin(kHangSeconds, "-o json write --table s3://lake/t --input '" +
                                              rows + "'" + kTableConf);
  ASSERT_EQ(write.exit_code, 0) << write.err;
  EXPECT_THAT(write.out, HasSubstr("\"committed\": \"true\""));
  EXPECT_THAT(write.err, Not(HasSubstr("FinalizeS3")));
  for (const char* scheme : {"s3", "s3a", "s3n"}) {
    SCOPED_TRACE(scheme);
    auto query = RunCliWithin(kHangSeconds, std::string("query ") + scheme +
                                                "://lake/t --columns id,part");
    ASSERT_EQ(query.exit_code, 0) << query.err;
    EXPECT_THAT(query.out, HasSubstr("a"));
    EXPECT_THAT(query.out, HasSubstr("p2"));
    EXPECT_THAT(query.err, Not(HasSubstr("FinalizeS3")));
  }
}

// Input files go through Storage like every other byte: `write --input s3://...` and a
// JsonDFSSource whose root is on S3 read them there (their tables are local here).
TEST_F(S3PathsTest, InputFilesAndDfsSourcesAreReadFromS3) {
  std::string key;
  ASSERT_OK_AND_ASSIGN(auto storage, hoodie::Storage::FromUri("s3://lake/in/rows.json", &key));
  ASSERT_OK(storage->WriteAll(
      key, "{\"id\":\"a\",\"ts\":1,\"part\":\"p1\"}\n{\"id\":\"b\",\"ts\":2,\"part\":\"p2\"}\n",
      false));
  // The streamer's schema file is on S3 as well.
  ASSERT_OK(storage->WriteAll(
      "lake/schemas/rows.avsc",
      R"({"type":"record","name":"r","fields":[{"name":"id","type":"string"},)"
      R"({"name":"ts","type":"long"},{"name":"part","type":"string"}]})",
      false));
  const std::string table = dir_.Join("t");
  auto write = RunCliWithin(kHangSeconds, "-o json write --table '" + table +
                                              "' --input s3://lake/in/rows.json" + kTableConf);
  ASSERT_EQ(write.exit_code, 0) << write.err;
  EXPECT_THAT(write.out, HasSubstr("\"committed\": \"true\""));
  auto query = RunCliWithin(kHangSeconds,
                            "query '" + table + "' --columns id,part --format json");
  ASSERT_EQ(query.exit_code, 0) << query.err;
  EXPECT_THAT(query.out, HasSubstr("{\"id\": \"a\", \"part\": \"p1\"}\n"));
  EXPECT_THAT(query.out, HasSubstr("{\"id\": \"b\", \"part\": \"p2\"}\n"));

  const std::string streamed = dir_.Join("s");
  auto stream = RunCliWithin(
      kHangSeconds, "streamer --target-base-path '" + streamed +
                        "' --target-table s --table-type COPY_ON_WRITE"
                        " --source-class JsonDFSSource"
                        " --schemaprovider-class FilebasedSchemaProvider"
                        " --hoodie-conf hoodie.deltastreamer.schemaprovider.source.schema.file="
                        "s3://lake/schemas/rows.avsc"
                        " --hoodie-conf hoodie.deltastreamer.source.dfs.root=s3://lake/in" +
                        std::string(kTableConf));
  ASSERT_EQ(stream.exit_code, 0) << stream.err;
  EXPECT_THAT(stream.err, HasSubstr("1 json files"));
  auto rows = RunCliWithin(kHangSeconds,
                           "query '" + streamed + "' --columns id,part --format json");
  ASSERT_EQ(rows.exit_code, 0) << rows.err;
  EXPECT_EQ(rows.out, query.out);
}

// Properties files, their includes and schema files are read through Storage too.
TEST_F(S3PathsTest, PropsIncludesAndSchemaFilesAreReadFromS3) {
  std::string key;
  ASSERT_OK_AND_ASSIGN(auto storage, hoodie::Storage::FromUri("s3://lake/conf/w.properties", &key));
  ASSERT_OK(storage->WriteAll("lake/conf/keys.properties",
                              "hoodie.datasource.write.recordkey.field=id\n"
                              "hoodie.datasource.write.partitionpath.field=part\n"
                              "hoodie.datasource.write.precombine.field=ts\n",
                              false));
  ASSERT_OK(storage->WriteAll(key, "include=keys.properties\nhoodie.table.name=t\n", false));
  ASSERT_OK(storage->WriteAll(
      "lake/conf/rows.avsc",
      R"({"type":"record","name":"r","fields":[{"name":"id","type":"string"},)"
      R"({"name":"ts","type":"long"},{"name":"part","type":"string"}]})",
      false));
  // A JSON key the schema lacks is dropped: the schema file was read.
  std::string rows = Input("{\"id\":\"a\",\"ts\":1,\"part\":\"p1\",\"extra\":5}\n");
  const std::string table = dir_.Join("t");
  auto write = RunCliWithin(kHangSeconds, "write --table '" + table + "' --input '" + rows +
                                              "' --props s3://lake/conf/w.properties"
                                              " --schema-file s3://lake/conf/rows.avsc");
  ASSERT_EQ(write.exit_code, 0) << write.err;
  auto query = RunCliWithin(kHangSeconds, "query '" + table + "' --format json");
  ASSERT_EQ(query.exit_code, 0) << query.err;
  EXPECT_THAT(query.out, HasSubstr("\"id\": \"a\", \"ts\": 1, \"part\": \"p1\"}\n"));
  EXPECT_THAT(query.out, Not(HasSubstr("extra")));
  auto missing = RunCliWithin(kHangSeconds, "write --table '" + table + "' --input '" + rows +
                                                "' --props s3://lake/conf/none.properties");
  EXPECT_EQ(missing.exit_code, 1);
  EXPECT_THAT(missing.err, HasSubstr("s3://lake/conf/none.properties"));
}

// The store's keys alone (as Spark users give them) reach it, and override an
// environment that points elsewhere: AWS_ENDPOINT_URL names a port nobody answers and
// there are no AWS_* credentials.
TEST_F(S3PathsTest, HadoopKeysAloneReachTheStoreAndOverrideTheEnvironment) {
  ASSERT_OK_AND_ASSIGN(int dead_port, hoodie::testing::FreeLocalPort());
  ::setenv("AWS_ENDPOINT_URL", ("http://127.0.0.1:" + std::to_string(dead_port)).c_str(), 1);
  ::unsetenv("AWS_ACCESS_KEY_ID");
  ::unsetenv("AWS_SECRET_ACCESS_KEY");
  ::unsetenv("AWS_REGION");
  const std::string keys = " --hoodie-conf fs.s3a.endpoint=" + server_->endpoint() +
                           " --hoodie-conf fs.s3a.path.style.access=true"
                           " --hoodie-conf fs.s3a.access.key=testing"
                           " --hoodie-conf fs.s3a.secret.key=testing";
  std::string rows = Input(
      "{\"id\":\"a\",\"ts\":1,\"part\":\"p1\"}\n{\"id\":\"b\",\"ts\":2,\"part\":\"p2\"}\n");
  auto write = RunCliWithin(kHangSeconds, "write --table s3a://lake/keys --input '" + rows +
                                              "'" + kTableConf + keys);
  ASSERT_EQ(write.exit_code, 0) << write.err;
  // Spark's spelling, from a properties file; the endpoint without a scheme is http
  // because SSL is off.
  const std::string props = dir_.Join("spark.properties");
  std::ofstream(props) << "spark.hadoop.fs.s3a.endpoint=127.0.0.1:" << server_->port()
                       << "\nspark.hadoop.fs.s3a.connection.ssl.enabled=false"
                          "\nspark.hadoop.fs.s3a.path.style.access=true"
                          "\nspark.hadoop.fs.s3a.aws.credentials.provider="
                          "org.apache.hadoop.fs.s3a.SimpleAWSCredentialsProvider"
                          "\nspark.hadoop.fs.s3a.access.key=testing"
                          "\nspark.hadoop.fs.s3a.secret.key=testing\n";
  auto query = RunCliWithin(kHangSeconds, "query s3a://lake/keys --columns id,part "
                                          "--format json --props " + props);
  ASSERT_EQ(query.exit_code, 0) << query.err;
  EXPECT_EQ(query.out, "{\"id\": \"a\", \"part\": \"p1\"}\n{\"id\": \"b\", \"part\": \"p2\"}\n");
  // Without the keys, the environment decides: the dead port, within the timeout.
  ExpectOneLineError(RunCliWithin(kHangSeconds, "query s3a://lake/keys" +
                                                    std::string(kShortTimeout)),
                     "fs.s3a.endpoint");
}

// A secret given through the keys appears nowhere: not in any command's output or
// debug log, not in an error (a refused key's value included), not in commit metadata
// (even when the commit-metadata prefix would catch it), not in any file of the table.
TEST_F(S3PathsTest, NoSecretReachesOutputLogsErrorsOrTheTable) {
  const std::string secret = "hoodie-secret-7f3a9c";
  const std::string token = "hoodie-token-41d2e8";
  ::unsetenv("AWS_ACCESS_KEY_ID");
  ::unsetenv("AWS_SECRET_ACCESS_KEY");
  ::setenv("HOODIE_LOG_LEVEL", "debug", 1);
  const std::string keys = " --hoodie-conf fs.s3a.endpoint=" + server_->endpoint() +
                           " --hoodie-conf fs.s3a.path.style.access=true"
                           " --hoodie-conf fs.s3a.access.key=testing"
                           " --hoodie-conf fs.s3a.secret.key=" + secret +
                           " --hoodie-conf fs.s3a.session.token=" + token;
  std::string rows = Input("{\"id\":\"a\",\"ts\":1,\"part\":\"p1\"}\n");
  std::string everything;
  auto run = [&](const std::string& args, int expected_exit) {
    auto result = RunCliWithin(kHangSeconds, args);
    EXPECT_EQ(result.exit_code, expected_exit) << args << "\n" << result.err;
    everything += result.out + result.err;
  };
  const std::string mor = kTableConf + std::string(" --hoodie-conf hoodie.datasource.write.table.type=MERGE_ON_READ");
  for (int round = 0; round < 2; ++round) {
    run("-o json write --table s3://lake/secret --input '" + rows + "'" + kTableConf + keys +
            " --hoodie-conf hoodie.datasource.write.commitmeta.key.prefix=fs.",
        0);
    run("-o json write --table s3://lake/secret_mor --input '" + rows + "'" + mor + keys, 0);
  }
  run("compaction schedule --table s3://lake/secret_mor" + keys, 0);
  run("compaction run --table s3://lake/secret_mor" + keys, 0);
  run("query s3://lake/secret" + keys, 0);
  run("-o json timeline show s3://lake/secret" + keys, 0);
  run("table describe s3://lake/secret" + keys, 0);
  run("clean --table s3://lake/secret" + keys, 0);
  // Refused: an S3A key hoodie does not honour, set to a secret.
  run("query s3://lake/secret" + keys + " --hoodie-conf fs.s3a.encryption.key=" + secret, 1);
  // Failing: the store cannot be reached (a dead port), or a provider finds nothing.
  ASSERT_OK_AND_ASSIGN(int dead_port, hoodie::testing::FreeLocalPort());
  run("query s3://lake/secret" + keys + kShortTimeout +
          " --hoodie-conf fs.s3a.endpoint=http://127.0.0.1:" + std::to_string(dead_port),
      1);
  run("query s3://lake/secret" + keys +
          " --hoodie-conf fs.s3a.aws.credentials.provider="
          "com.amazonaws.auth.EnvironmentVariableCredentialsProvider",
      1);
  ::unsetenv("HOODIE_LOG_LEVEL");
  EXPECT_THAT(everything, HasSubstr("\"committed\": \"true\""));  // the runs did run
  EXPECT_THAT(everything, Not(HasSubstr(secret)));
  EXPECT_THAT(everything, Not(HasSubstr(token)));
  server_->ExportEnvironment();
  std::string key;
  ASSERT_OK_AND_ASSIGN(auto storage, hoodie::Storage::FromUri("s3://lake", &key));
  ASSERT_OK_AND_ASSIGN(auto files, storage->List("lake", /*recursive=*/true));
  size_t read = 0;
  for (const auto& file : files) {
    if (file.is_directory) continue;
    ASSERT_OK_AND_ASSIGN(std::string bytes, storage->ReadAll(file.path));
    EXPECT_THAT(bytes, Not(HasSubstr(secret))) << file.path;
    EXPECT_THAT(bytes, Not(HasSubstr(token))) << file.path;
    ++read;
  }
  EXPECT_GT(read, 10u);  // hoodie.properties, instants, base and log files of both tables
}

TEST_F(S3PathsTest, AMissingTableOnS3IsOneLine) {
  auto query = RunCliWithin(kHangSeconds, "query s3://lake/missing");
  EXPECT_EQ(query.exit_code, 1) << query.err;
  EXPECT_EQ(Lines(query.err), 1u) << query.err;
  EXPECT_THAT(query.err, HasSubstr("lake/missing"));
  EXPECT_THAT(query.err, Not(HasSubstr("FinalizeS3")));
}

TEST(RemotePathsTest, S3WithoutAServerAnswersWithWhatToConfigure) {
  ASSERT_OK_AND_ASSIGN(int port, hoodie::testing::FreeLocalPort());  // nothing listens
  ::setenv("AWS_ENDPOINT_URL", ("http://127.0.0.1:" + std::to_string(port)).c_str(), 1);
  ::setenv("AWS_ACCESS_KEY_ID", "testing", 1);
  ::setenv("AWS_SECRET_ACCESS_KEY", "testing", 1);
  ::setenv("AWS_EC2_METADATA_DISABLED", "true", 1);
  // Every command that takes a table takes the storage keys through --hoodie-conf.
  for (const char* command :
       {"query s3://lake/t", "timeline show s3a://lake/t", "table describe s3://lake/t",
        "savepoint create --table s3://lake/t", "savepoint show --table s3://lake/t",
        "savepoint delete --table s3://lake/t --instant 20240101000000000",
        "compaction show --table s3://lake/t",
        "table set-property --path s3://lake/t "
        "hoodie.compaction.payload.class=org.apache.hudi.common.model.DefaultHoodieRecordPayload"}) {
    SCOPED_TRACE(command);
    ExpectOneLineError(RunCliWithin(kHangSeconds, std::string(command) + kShortTimeout),
                       "AWS_ENDPOINT_URL");
  }
  ::unsetenv("AWS_ENDPOINT_URL");
}

// Every command that takes a table reads its storage keys from --props as well: a bad
// value in the file fails the command naming the key.
TEST(RemotePathsTest, EveryTableCommandReadsItsPropsFile) {
  hoodie::testing::TempDir dir;
  const std::string props = dir.Join("store.properties");
  std::ofstream(props) << "hoodie.storage.timeout.seconds=0\n";
  const std::string table = dir.Join("t");
  for (const std::string command :
       {"query " + table, "timeline show " + table, "table describe " + table,
        "savepoint create --table " + table, "savepoint show --table " + table,
        "savepoint delete --table " + table + " --instant 20240101000000000",
        "restore --table " + table + " --instant 20240101000000000",
        "compaction show --table " + table, "compaction schedule --table " + table,
        "compaction run --table " + table, "clean --table " + table,
        "archive --table " + table, "rollback --table " + table,
        "table set-property --path " + table +
            " hoodie.compaction.payload.class=org.apache.hudi.common.model."
            "DefaultHoodieRecordPayload"}) {
    SCOPED_TRACE(command);
    ExpectOneLineError(RunCliWithin(kHangSeconds, command + " --props " + props),
                       "hoodie.storage.timeout.seconds");
  }
}

// Arrow's GCS client retries for 15 minutes by default: this hung.
TEST(RemotePathsTest, GcsWithoutCredentialsAnswersWithWhatToConfigure) {
  ::unsetenv("GOOGLE_APPLICATION_CREDENTIALS");
  ExpectOneLineError(RunCliWithin(kHangSeconds, std::string("query gs://lake/t") + kShortTimeout),
                     "GOOGLE_APPLICATION_CREDENTIALS");
}

TEST(RemotePathsTest, AzureAndHdfsSayWhatToConfigure) {
  ExpectOneLineError(
      RunCliWithin(kHangSeconds,
                   std::string("query abfs://c@account.dfs.core.windows.net/t") + kShortTimeout),
      "AZURE_STORAGE_ACCOUNT_KEY");
  ExpectOneLineError(
      RunCliWithin(kHangSeconds, std::string("query hdfs://127.0.0.1:1/t") + kShortTimeout),
      "libhdfs");
}

}  // namespace
}  // namespace hoodie::cli::testing
