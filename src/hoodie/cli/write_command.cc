// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/cli/write_command.cc
/// \brief `hoodie write --table PATH --op OP --input FILE... --format F`: the
/// command-line face of Spark's `df.write.format("hudi")` for copy-on-write tables.
#include "hoodie/cli/write_command.h"
#include "hoodie/common/string_list.h"

#include <chrono>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>
#include <memory>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include <arrow/filesystem/filesystem.h>
#include <arrow/record_batch.h>

#include "hoodie/cli/progress.h"
#include "hoodie/cli/table_loader.h"
#include "hoodie/common/uri.h"
#include "hoodie/client/write_client.h"
#include "hoodie/client/write_request.h"
#include "hoodie/config/clean_config.h"
#include "hoodie/common/error.h"
#include "hoodie/config/datasource_config.h"
#include "hoodie/config/flink_config.h"
#include "hoodie/config/lock_config.h"
#include "hoodie/config/hoodie_config.h"
#include "hoodie/format/avro/avro_schema.h"
#include "hoodie/format/avro/meta_fields.h"
#include "hoodie/input/input_files_reader.h"
#include "hoodie/input/input_format.h"
#include "hoodie/storage/storage.h"
#include "hoodie/storage/storage_text.h"
#include "hoodie/table/commit_hooks.h"
#include "hoodie/table/table_meta_client.h"

namespace hoodie::cli {
namespace {

struct WriteArgs {
  std::string table;
  std::string op = "upsert";
  std::vector<std::string> inputs;
  std::string format = "json";
  std::string props;
  std::vector<std::string> hoodie_conf;
  std::string schema_file;
  bool no_commit = false;
  // --retry-on-conflict; unset: hoodie.write.num.retries.on.conflict.failures.
  std::optional<int32_t> retry_on_conflict;
  // Test-only: wait for this file before committing (a writer overtaken by another).
  std::string pause_before_commit;
  std::string pause_holding_lock;
};

constexpr char kDescription[] =
    R"(Write records into a table (table version 6).

The table is created on the first write from hoodie.table.name,
hoodie.datasource.write.recordkey.field, .partitionpath.field, .precombine.field and
.keygenerator.class (set them with --props FILE or --hoodie-conf k=v); it is
MERGE_ON_READ when hoodie.datasource.write.table.type says so. On MERGE_ON_READ tables each
write is a deltacommit: updates and deletes are appended to the file group's log as Avro
data and delete blocks (a new log version per write), inserts go to new base files.
Input files are read in order: json (one object per line) and csv (header first) are
converted to the table's schema, or to the Avro schema of --schema-file; before a
table has one they are typed as Spark's readers type them (json: bigint, double,
string, struct, array, dates and times staying strings; csv: every column a string).
parquet, avro (object container files, codec null, deflate or snappy) and orc carry
their own types; zoned timestamps are stored in microseconds as Spark stores them, and
nanosecond or zone-less ones are refused, as Spark with Hudi 0.15 refuses them. All
files must have the same columns. When stderr is a terminal a progress line shows the
records read so far. A record whose key (or ordering value) is missing
fails the write: nothing is committed, the table is left as it was, and the error
names the input file and line of the first failed records (a row for parquet and avro).

insert_overwrite replaces the file groups of the partitions the input writes,
insert_overwrite_table those of every partition, and delete_partition those of the
partitions in hoodie.datasource.write.partitions.to.delete (comma-separated, `*` as a
wildcard) or, when unset, of the input records; each commits a replacecommit.
)";

// What automatic archival did: "off" when hoodie.archive.automatic is false, else the
// instants it archived (often none).
std::string ArchivalRun(const HoodieConfig& config, const WriteResult& result) {
  if (!config.Get(CleanConfig::kAutoArchive).ValueOr(true)) return "off";
  return JoinWithCommas(result.archived);
}

void PrintSummary(const GlobalOptions& options, const HoodieConfig& config,
                  const WriteResult& result, const InputFilesReader* input) {
  std::vector<std::pair<std::string, std::string>> pairs = {
      {"instant", result.instant_time},
      {"operation", std::string(WriteOperationTypeName(result.operation))},
      {"committed", result.committed ? "true" : "false"},
      {"input_records", std::to_string(result.input_records)},
      {"inserted", std::to_string(result.inserted)},
      {"updated", std::to_string(result.updated)},
      {"deleted", std::to_string(result.deleted)},
      {"deduplicated", std::to_string(result.deduplicated)},
      {"failed", std::to_string(result.failed.size())},
      {"files_written", std::to_string(result.stats.size())},
      {"files_replaced", std::to_string(result.FilesReplaced())},
      {"compactions", JoinWithCommas(result.compactions)},
      {"cleans", JoinWithCommas(result.cleans)},
      {"archived", ArchivalRun(config, result)},
      {"failed_commit_callbacks", std::to_string(result.failed_commit_callbacks)},
  };
  PrintKeyValues(options, pairs, std::cout);
  for (size_t i = 0; i < result.failed.size() && i < 10; ++i) {
    std::string where = input != nullptr
                            ? input->Place(result.failed[i].input_row)
                            : "record " + std::to_string(result.failed[i].input_row);
    std::cerr << "hoodie: " << where << ": record failed: " << result.failed[i].message
              << "\n";
  }
}

// The store of the --input files and their paths in it. Plain paths are local and kept
// as given (messages name them so); URIs (s3://, gs://, ...) are resolved to their store.
// Every input must be on the first one's store.
::arrow::Status ResolveInputs(const std::vector<std::string>& uris, const HoodieConfig& config,
                              std::vector<std::string>* paths, InputOptions* options) {
  ARROW_ASSIGN_OR_RAISE(StorageOptions storage_options, StorageOptions::FromConfig(config));
  for (const std::string& uri : uris) {
    std::shared_ptr<Storage> storage;  // null: local
    std::string path = uri;
    if (HasScheme(uri)) {
      ARROW_ASSIGN_OR_RAISE(storage, Storage::FromUri(uri, &path, storage_options));
    }
    const std::shared_ptr<Storage>& first = options->storage;
    const bool same = paths->empty() ||
                      (storage == nullptr ? first == nullptr
                                          : first != nullptr && storage->filesystem()->Equals(
                                                                    *first->filesystem()));
    if (!same) {
      return ::arrow::Status::Invalid("--input files must all be on one file system: ",
                                      uris.front(), " and ", uri,
                                      " are not; write them in separate commands");
    }
    if (paths->empty()) options->storage = std::move(storage);
    paths->push_back(std::move(path));
  }
  return ::arrow::Status::OK();
}

// What text input is converted to: the --schema-file schema (whose missing fields JSON
// input drops, as Spark's reader does under a user schema), else the table's; none
// before the table has one, when the input is typed as Spark's readers type it.
::arrow::Result<InputOptions> ReadInputOptions(const WriteArgs& args,
                                               const InputFormat& format,
                                               const WriteClient& client,
                                               const StorageOptions& storage_options) {
  InputOptions options;
  if (!args.schema_file.empty()) {
    if (!format.TakesSchema()) {
      return ::arrow::Status::Invalid("--schema-file applies to json and csv input; ",
                                      args.format, " files carry their own schema");
    }
    // Local or on an object store, as the inputs may be.
    auto text = ReadTextFile(args.schema_file, storage_options);
    if (!text.ok()) {
      // ReadTextFile names the file; say which option gave it.
      return text.status().WithMessage("--schema-file: ", text.status().message());
    }
    auto schema = AvroJsonToArrowSchema(*text);
    if (!schema.ok()) {
      return schema.status().WithMessage(args.schema_file, ": ", schema.status().message());
    }
    options.schema = RemoveMetadataFields(**schema);
    options.drop_unknown_fields = true;
    return options;
  }
  if (format.TakesSchema()) {
    ARROW_ASSIGN_OR_RAISE(options.schema, client.TableSchema());
  }
  return options;
}

// The input of one attempt, opened afresh: the --input files, typed, with a progress
// line; null when the command has none (delete_partition of listed partitions).
::arrow::Result<std::shared_ptr<InputFilesReader>> OpenInput(
    const WriteArgs& args, const HoodieConfig& config, const StorageOptions& storage_options,
    const WriteClient& client) {
  if (args.inputs.empty()) return nullptr;
  ARROW_ASSIGN_OR_RAISE(std::unique_ptr<InputFormat> format, MakeInputFormat(args.format));
  ARROW_ASSIGN_OR_RAISE(InputOptions input_options,
                        ReadInputOptions(args, *format, client, storage_options));
  std::vector<std::string> paths;
  ARROW_RETURN_NOT_OK(ResolveInputs(args.inputs, config, &paths, &input_options));
  return InputFilesReader::Open(std::move(paths), std::move(format),
                                std::move(input_options));
}

// The write, through the one write path (RunWriteRequest), and its summary.
::arrow::Status WriteAndReport(const WriteArgs& args, const GlobalOptions& options,
                               const HoodieConfig& config, WriteOperationType op,
                               const StorageOptions& storage_options, WriteClient* client) {
  ProgressLine progress(ProgressLine::TerminalStderr());
  std::shared_ptr<InputFilesReader> input;  // the latest attempt's
  WriteRequest request;
  request.operation = op;
  if (!args.inputs.empty()) {
    request.open_input =
        [&]() -> ::arrow::Result<std::shared_ptr<::arrow::RecordBatchReader>> {
      ARROW_ASSIGN_OR_RAISE(input, OpenInput(args, config, storage_options, *client));
      return std::make_shared<ProgressReader>(input, &progress);
    };
    request.place = [&](int64_t row) { return input->Place(row); };
  }
  request.retries_on_conflict = args.retry_on_conflict;
  request.no_commit = args.no_commit;
  request.before_commit = [&]() {
    progress.Clear();
    if (args.pause_before_commit.empty()) return;
    while (!std::filesystem::exists(args.pause_before_commit)) {
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
  };
  request.on_retry = [](const ::arrow::Status& conflict, int32_t attempt, int32_t of) {
    std::cerr << "hoodie: " << conflict.message() << "\nhoodie: retrying (" << attempt
              << " of " << of << ")" << std::endl;
  };
  auto result = RunWriteRequest(client, config, request);
  progress.Clear();
  ARROW_RETURN_NOT_OK(result.status());
  PrintSummary(options, config, *result, input.get());
  return ::arrow::Status::OK();
}

// The hidden --pause-holding-lock: the commit waits for `file` at its conflict check,
// which runs under the table lock, so that a test can show another writer (Spark's
// lock provider) kept out while hoodie holds the lock.
static void PauseHoldingLock(TableMetaClient& table, const std::string& file) {
  auto hooks = std::make_shared<CommitHooks>(*table.commit_hooks());
  hooks->conflict_check = [check = hooks->conflict_check,
                           file](const PreCommitContext& context) -> ::arrow::Status {
    while (!std::filesystem::exists(file)) {
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    return check ? check(context) : ::arrow::Status::OK();
  };
  table.SetCommitHooks(std::move(hooks));
}

::arrow::Status RunWrite(const WriteArgs& args, const GlobalOptions& options) {
  ARROW_ASSIGN_OR_RAISE(HoodieConfig config, cli::CommandConfig(args.props, args.hoodie_conf));
  config.Set("hoodie.datasource.write.operation", args.op);
  ARROW_ASSIGN_OR_RAISE(StorageOptions storage_options, StorageOptions::FromConfig(config));
  // The CLI commits itself (--no-commit leaves the instant inflight), so that failed
  // records are reported by file and line.
  ARROW_ASSIGN_OR_RAISE(auto client, OpenWriteRequestClient(args.table, config, "the CLI"));
  const std::shared_ptr<TableMetaClient>& table = client->table();
  if (!args.pause_holding_lock.empty()) PauseHoldingLock(*table, args.pause_holding_lock);
  ARROW_ASSIGN_OR_RAISE(WriteOperationType op, ParseWriteOperation(args.op));
  bool listed = op == WriteOperationType::kDeletePartition &&
                config.GetRaw(DataSourceConfig::kPartitionsToDelete.key).has_value();
  if (args.inputs.empty() && !listed) {
    return ::arrow::Status::Invalid(
        "--input is required (delete_partition may instead list its partitions with "
        "--hoodie-conf hoodie.datasource.write.partitions.to.delete=a,b)");
  }
  return WriteAndReport(args, options, config, op, storage_options, client.get());
}

}  // namespace

void AddWriteCommand(CLI::App* app, const GlobalOptions* options) {
  auto* cmd =
      app->add_subcommand("write",
                          "Insert, upsert, bulk insert, delete or overwrite "
                          "records, or delete partitions (copy-on-write; merge-on-read "
                          "upserts and deletes as delta commits)");
  cmd->footer(kDescription);
  auto args = std::make_shared<WriteArgs>();
  cmd->add_option("--table", args->table, "Base path or URI of the table")->required();
  cmd->add_option("--op", args->op,
                  "insert|upsert|bulk_insert|delete|insert_overwrite|"
                  "insert_overwrite_table|delete_partition (default upsert)")
      ->check(
          CLI::IsMember({"insert", "upsert", "bulk_insert", "delete", "insert_overwrite",
                         "insert_overwrite_table", "delete_partition"}));
  cmd->add_option("--input", args->inputs,
                  "Input file (repeatable; optional for delete_partition with "
                  "hoodie.datasource.write.partitions.to.delete)");
  cmd->add_option("--format", args->format, "json|csv|parquet|avro|orc (default json)")
      ->check(CLI::IsMember(InputFormatRegistry::Global()->names()));
  cmd->add_option("--props", args->props, "A .properties file of write options");
  cmd->add_option("--schema-file", args->schema_file,
                  "An Avro schema (.avsc) that json and csv input is converted to");
  cmd->add_option("--hoodie-conf", args->hoodie_conf,
                  "A write option key=value (repeatable)");
  cmd->add_option("--retry-on-conflict", args->retry_on_conflict,
                  "Under optimistic concurrency control, run a write that lost a write "
                  "conflict again up to N times (default: "
                  "hoodie.write.num.retries.on.conflict.failures, 0)")
      ->check(CLI::NonNegativeNumber);
  // Test-only and hidden: a writer killed after writing its files, before its commit.
  cmd->add_flag("--no-commit", args->no_commit,
                "Write the files but leave the instant inflight (tests of rollback)")
      ->group("");
  // Test-only and hidden: a writer that another overtakes between its write and its
  // commit, so that tests of write conflicts need no timing.
  cmd->add_option("--pause-before-commit", args->pause_before_commit,
                  "Wait until FILE exists before committing (tests of write conflicts)")
      ->group("");
  // Test-only and hidden: a writer that holds the table lock for as long as a test of
  // the lock providers needs.
  cmd->add_option("--pause-holding-lock", args->pause_holding_lock,
                  "Wait until FILE exists while holding the table lock at the commit "
                  "(tests of lock providers)")
      ->group("");
  SetAction(cmd, [args, options]() { return RunWrite(*args, *options); });
}

}  // namespace hoodie::cli
