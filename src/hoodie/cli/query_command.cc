// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/cli/query_command.cc
/// \brief `hoodie query PATH [...]`: reads a table through hoodie::TableReader (the
/// command-line face of Spark's `spark.read.format("hudi")` options) and prints rows.
#include "hoodie/cli/query_command.h"

#include <atomic>
#include <chrono>
#include <csignal>
#include <fstream>
#include <iostream>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include <arrow/io/file.h>
#include <arrow/record_batch.h>
#include <parquet/arrow/writer.h>
#include <parquet/exception.h>

#include "hoodie/cli/table_loader.h"
#include "hoodie/cli/value_text.h"
#include "hoodie/common/logging.h"
#include "hoodie/config/datasource_config.h"
#include "hoodie/config/hoodie_config.h"
#include "hoodie/format/parquet/parquet_errors.h"
#include "hoodie/metadata/data_skipping.h"
#include "hoodie/read/file_pruner.h"
#include "hoodie/read/read_options.h"
#include "hoodie/read/stream_read.h"
#include "hoodie/read/table_reader.h"

namespace hoodie::cli {
namespace {

enum class RowFormat { kTable, kJson, kCsv, kParquet };

struct QueryArgs {
  std::string path;
  std::string query_type;  // empty: hoodie.datasource.query.type (snapshot)
  std::string as_of;
  std::string begin;
  std::string end;
  std::string merge_type;  // empty: hoodie.datasource.merge.type (payload_combine)
  std::string columns;
  std::vector<std::string> partitions;
  std::vector<std::string> where;
  bool explain = false;
  int64_t limit = -1;
  std::string format = "table";
  std::string out;
  std::string props;
  std::vector<std::string> hoodie_conf;
  bool follow = false;        // or read.streaming.enabled=true
  int64_t max_commits = -1;   // follow: stop after this many commits
  int32_t check_interval = -1;  // follow: read.streaming.check-interval
};

constexpr char kDescription[] = R"(Read rows of a table.

Query types: snapshot (latest committed state; on merge-on-read tables each base file
merged with its log blocks), read_optimized (base files only) and incremental (rows whose _hoodie_commit_time is in (--begin, --end]; --begin 0 reads
from the beginning, --end defaults to the latest commit). --as-of T time-travels a
snapshot or read_optimized query. Instants are yyyyMMddHHmmssSSS or yyyyMMddHHmmss.
--merge-type (hoodie.datasource.merge.type) chooses how merge-on-read snapshot and
incremental reads combine base and log records: payload_combine (default: by record
key with the table's payload class and precombine field) or skip_merge (base rows as
they are, then the log records).

--columns a,b projects (meta columns first); --partition P keeps partition P and the
partitions below it (repeatable); --where COL<op>VALUE filters rows (op: = != < <= > >=,
repeatable, all must hold; _hoodie_record_key=K also skips files by their footer key
range; with --hoodie-conf hoodie.enable.data.skipping=true, snapshot and read-optimized
queries also skip the file slices the metadata table's column_stats rule out);
--limit N stops after N rows. --explain prints on standard error "explain: files read R
of N" (N slices after partition pruning, R read).

--follow (read.streaming.enabled=true) tails the timeline as Flink's streaming read
does and prints the rows of each commit once it completes, commit by commit, in the
order they complete: first the latest commit (read.start-commit unset), the whole table
as of the latest commit (read.start-commit=earliest) or every commit from an instant on
(read.start-commit=T); then it checks every --check-interval seconds
(read.streaming.check-interval, default 60). Each commit read is reported on standard
error as "follow: read T ACTION". It stops on SIGINT or SIGTERM, after --max-commits
commits, or once read.end-commit is read; read.streaming.skip_compaction=true leaves
out the compaction commits of merge-on-read tables. On a merge-on-read table whose
records carry _hoodie_operation (hoodie.allow.operation.metadata.field=true) it prints
every change a commit logged (I, -U, U, D) unmerged, as Flink's changelog read does; other
reads merge them. Without --follow,
read.start-commit and read.end-commit read the closed range [start, end] of commits
(end alone: the table as of end).

Output (--format): table (aligned text, default), json (one JSON object per line),
csv (RFC 4180, header first) or parquet (needs --out). Text values: null as null,
integers and decimals exact (12345.67890), floats shortest (3.14159), booleans
true/false, strings as is, binary as upper-case hex, dates 2023-04-01, timestamps
ISO 8601 UTC with the unit's digits (2023-04-01T17:01:00.000000Z), lists [a, b],
structs and maps {"k": v} with nested strings quoted. JSON output quotes strings,
dates and timestamps and writes numbers and booleans bare.
)";

std::vector<std::string> SplitColumns(const std::string& text) {
  std::vector<std::string> columns;
  std::string current;
  for (char c : text + ",") {
    if (c != ',') {
      current.push_back(c);
      continue;
    }
    size_t begin = current.find_first_not_of(' ');
    size_t end = current.find_last_not_of(' ');
    if (begin != std::string::npos)
      columns.push_back(current.substr(begin, end - begin + 1));
    current.clear();
  }
  return columns;
}

::arrow::Result<ReadOptions> ToReadOptions(const QueryArgs& args, const HoodieConfig& config) {
  // The read keys of --hoodie-conf, then the command's own flags over them.
  ARROW_ASSIGN_OR_RAISE(ReadOptions options, ReadOptions::FromConfig(config));
  // A flag given wins over the key; a flag not given leaves the key's value.
  if (!args.query_type.empty()) {
    ARROW_ASSIGN_OR_RAISE(options.query_type, ParseQueryType(args.query_type));
  }
  if (!args.as_of.empty()) options.as_of = args.as_of;
  if (!args.begin.empty()) options.begin = args.begin;
  if (!args.end.empty()) options.end = args.end;
  if (!args.merge_type.empty()) {
    ARROW_ASSIGN_OR_RAISE(options.merge_type, ParseMergeType(args.merge_type));
  }
  options.columns = SplitColumns(args.columns);
  options.partitions = args.partitions;
  for (const std::string& text : args.where) {
    ARROW_ASSIGN_OR_RAISE(ColumnFilter filter, ColumnFilter::Parse(text));
    options.filters.push_back(std::move(filter));
  }
  if (args.limit >= 0) options.limit = args.limit;
  return options;
}

std::string CsvField(const std::string& text) {
  if (text.find_first_of(",\"\r\n") == std::string::npos) return text;
  std::string out = "\"";
  for (char c : text) {
    if (c == '"') out.push_back('"');
    out.push_back(c);
  }
  return out + "\"";
}

// Writes rows as they arrive, so JSON and CSV output never holds more than one batch.
::arrow::Status StreamText(::arrow::RecordBatchReader* reader, RowFormat format,
                           std::ostream& out, bool header = true) {
  const auto& fields = reader->schema()->fields();
  if (format == RowFormat::kCsv && header) {
    for (size_t i = 0; i < fields.size(); ++i) {
      out << (i > 0 ? "," : "") << CsvField(fields[i]->name());
    }
    out << "\n";
  }
  std::shared_ptr<::arrow::RecordBatch> batch;
  while (true) {
    ARROW_RETURN_NOT_OK(reader->ReadNext(&batch));
    if (batch == nullptr) break;
    for (int64_t row = 0; row < batch->num_rows(); ++row) {
      for (int c = 0; c < batch->num_columns(); ++c) {
        const ::arrow::Array& column = *batch->column(c);
        if (format == RowFormat::kCsv) {
          out << (c > 0 ? "," : "") << CsvField(ValueToText(column, row));
        } else {
          out << (c > 0 ? ", " : "{") << JsonQuote(fields[c]->name()) << ": "
              << ValueToJson(column, row);
        }
      }
      if (format == RowFormat::kJson) out << (batch->num_columns() == 0 ? "{}" : "}");
      out << "\n";
    }
  }
  return ::arrow::Status::OK();
}

// The aligned table needs every width before the first line, so it collects the rows.
::arrow::Status PrintTable(::arrow::RecordBatchReader* reader, std::ostream& out) {
  Listing listing;
  for (const auto& field : reader->schema()->fields()) {
    listing.header.push_back(field->name());
  }
  std::shared_ptr<::arrow::RecordBatch> batch;
  while (true) {
    ARROW_RETURN_NOT_OK(reader->ReadNext(&batch));
    if (batch == nullptr) break;
    for (int64_t row = 0; row < batch->num_rows(); ++row) {
      std::vector<std::string> cells;
      for (const auto& column : batch->columns()) {
        cells.push_back(ValueToText(*column, row));
      }
      listing.rows.push_back(std::move(cells));
    }
  }
  GlobalOptions table_options;
  table_options.output = OutputFormat::kTable;
  PrintListing(table_options, listing, out);
  return ::arrow::Status::OK();
}

::arrow::Status WriteParquet(::arrow::RecordBatchReader* reader,
                             const std::string& path) {
  ARROW_ASSIGN_OR_RAISE(auto sink, ::arrow::io::FileOutputStream::Open(path));
  ARROW_RETURN_NOT_OK(CatchParquetErrors(
      ::arrow::StatusCode::IOError, "cannot write Parquet output", path,
      [&]() -> ::arrow::Status {
        ARROW_ASSIGN_OR_RAISE(auto writer,
                              parquet::arrow::FileWriter::Open(
                                  *reader->schema(), ::arrow::default_memory_pool(), sink));
        std::shared_ptr<::arrow::RecordBatch> batch;
        while (true) {
          ARROW_RETURN_NOT_OK(reader->ReadNext(&batch));
          if (batch == nullptr) break;
          ARROW_RETURN_NOT_OK(writer->WriteRecordBatch(*batch));
        }
        return writer->Close();
      }));
  return sink->Close();
}

RowFormat ToRowFormat(const std::string& name) {
  static const std::map<std::string, RowFormat> kFormats = {
      {"table", RowFormat::kTable},
      {"json", RowFormat::kJson},
      {"csv", RowFormat::kCsv},
      {"parquet", RowFormat::kParquet}};
  auto it = kFormats.find(name);
  return it == kFormats.end() ? RowFormat::kTable : it->second;
}

std::atomic<bool> g_stop_follow{false};

extern "C" void OnFollowStopSignal(int) { g_stop_follow.store(true); }

// What a follow cannot honour is refused by name rather than ignored.
::arrow::Status CheckFollowArgs(const QueryArgs& args, RowFormat format) {
  if (format == RowFormat::kParquet) {
    return ::arrow::Status::Invalid(
        "--follow prints rows as commits complete; --format parquet writes one file at "
        "the end: use json, csv or table");
  }
  if (!args.as_of.empty() || !args.begin.empty() || !args.end.empty()) {
    return ::arrow::Status::Invalid(
        "--follow reads from read.start-commit (and up to read.end-commit); drop "
        "--as-of, --begin and --end");
  }
  if (!args.query_type.empty() && args.query_type != "snapshot") {
    return ::arrow::Status::Invalid(
        "--follow reads each commit's rows; drop --query-type ", args.query_type);
  }
  if (args.limit >= 0 || args.explain) {
    return ::arrow::Status::Invalid(
        "--limit and --explain do not apply to --follow; stop it with --max-commits");
  }
  return ::arrow::Status::OK();
}

// Sleeps `seconds`, waking early on SIGINT or SIGTERM.
void SleepUnlessStopped(int32_t seconds) {
  auto until = std::chrono::steady_clock::now() + std::chrono::seconds(seconds);
  while (!g_stop_follow.load() && std::chrono::steady_clock::now() < until) {
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
}

::arrow::Status PrintCommits(const QueryArgs& args, RowFormat format,
                             std::vector<StreamCommit> commits, int64_t* read,
                             std::ostream& out) {
  for (StreamCommit& commit : commits) {
    ARROW_RETURN_NOT_OK(format == RowFormat::kTable
                            ? PrintTable(commit.rows.get(), out)
                            : StreamText(commit.rows.get(), format, out, *read == 0));
    out.flush();
    if (!out) return ::arrow::Status::IOError("cannot write output: ", args.out);
    *read += commit.commits;
    std::cerr << "follow: read " << commit.instant.timestamp << " "
              << ActionName(commit.instant.action) << std::endl;
    if (args.max_commits >= 0 && *read >= args.max_commits) return ::arrow::Status::OK();
  }
  return ::arrow::Status::OK();
}

::arrow::Status RunFollow(const QueryArgs& args, RowFormat format,
                          std::shared_ptr<TableMetaClient> client,
                          StreamReadOptions stream, ReadOptions options) {
  ARROW_RETURN_NOT_OK(CheckFollowArgs(args, format));
  if (args.check_interval > 0) stream.check_interval_seconds = args.check_interval;
  const int32_t interval = stream.check_interval_seconds;
  ARROW_ASSIGN_OR_RAISE(auto follower, StreamFollower::Open(std::move(client),
                                                            std::move(stream),
                                                            std::move(options)));
  std::ofstream file;
  if (!args.out.empty()) {
    file.open(args.out, std::ios::out | std::ios::trunc);
    if (!file) return ::arrow::Status::IOError("cannot open output file: ", args.out);
  }
  std::ostream& out = args.out.empty() ? std::cout : file;
  g_stop_follow.store(false);
  std::signal(SIGINT, OnFollowStopSignal);
  std::signal(SIGTERM, OnFollowStopSignal);
  int64_t read = 0;
  ::arrow::Status status;
  while (!g_stop_follow.load()) {
    auto commits = follower->Poll();
    status = commits.status();
    if (status.ok()) {
      status = PrintCommits(args, format, commits.MoveValueUnsafe(), &read, out);
    }
    if (!status.ok() || (args.max_commits >= 0 && read >= args.max_commits) ||
        follower->reached_end()) {
      break;
    }
    SleepUnlessStopped(interval);
  }
  std::signal(SIGINT, SIG_DFL);
  std::signal(SIGTERM, SIG_DFL);
  return status;
}

::arrow::Status RunQuery(const QueryArgs& args) {
  const RowFormat format = ToRowFormat(args.format);
  if (format == RowFormat::kParquet && args.out.empty()) {
    return ::arrow::Status::Invalid("--format parquet needs --out FILE");
  }
  ARROW_ASSIGN_OR_RAISE(HoodieConfig config, CommandConfig(args.props, args.hoodie_conf));
  // Bad values fail; keys hoodie does not know (e.g. Hudi 1.x's
  // hoodie.common.spillable.diskmap.type) are warned about, not silently dropped.
  ARROW_RETURN_NOT_OK(config.Validate());
  ARROW_ASSIGN_OR_RAISE(ReadOptions options, ToReadOptions(args, config));
  ARROW_ASSIGN_OR_RAISE(StreamReadOptions stream, StreamReadOptions::FromConfig(config));
  ARROW_ASSIGN_OR_RAISE(auto client, OpenTable(args.path, config));
  if (args.follow || stream.enabled) {
    return RunFollow(args, format, std::move(client), std::move(stream),
                     std::move(options));
  }
  ARROW_RETURN_NOT_OK(ApplyBatchRange(stream, &options));
  ReadExplain explain;
  if (args.explain) options.explain = &explain;
  ARROW_ASSIGN_OR_RAISE(auto rows, ReadWithDataSkipping(client, config, std::move(options)));
  if (args.explain) {
    std::cerr << "explain: files read " << explain.slices_read << " of "
              << explain.slices_planned << std::endl;
  }
  if (format == RowFormat::kParquet) return WriteParquet(rows.get(), args.out);
  std::ofstream file;
  if (!args.out.empty()) {
    file.open(args.out, std::ios::out | std::ios::trunc);
    if (!file) return ::arrow::Status::IOError("cannot open output file: ", args.out);
  }
  std::ostream& out = args.out.empty() ? std::cout : file;
  ARROW_RETURN_NOT_OK(format == RowFormat::kTable ? PrintTable(rows.get(), out)
                                                  : StreamText(rows.get(), format, out));
  out.flush();
  if (!out) return ::arrow::Status::IOError("cannot write output: ", args.out);
  return ::arrow::Status::OK();
}

}  // namespace

void AddQueryCommand(CLI::App* app, const GlobalOptions* /*options*/) {
  auto* cmd = app->add_subcommand("query",
                                  "Read rows of a table (snapshot, time travel, "
                                  "read-optimized, incremental)");
  cmd->footer(kDescription);
  auto args = std::make_shared<QueryArgs>();
  cmd->add_option("path", args->path, "Base path or URI of the table")->required();
  cmd->add_option("--query-type", args->query_type,
                  "snapshot|read_optimized|incremental (hoodie.datasource.query.type)")
      ->check(CLI::IsMember(EnumNames(kQueryTypeNames)));
  cmd->add_option("--as-of", args->as_of, "Time travel: read as of this instant");
  cmd->add_option("--props", args->props, kPropsHelp);
  cmd->add_option("--hoodie-conf", args->hoodie_conf,
                  "A read option key=value (repeatable): hoodie.memory.merge.max.size, "
                  "hoodie.memory.spillable.map.path, hoodie.compaction.lazy.block.read, "
                  "hoodie.compaction.reverse.log.read, "
                  "hoodie.datasource.read.incr.fallback.fulltablescan.enable, "
                  "hoodie.enable.data.skipping, read.start-commit, read.end-commit, "
                  "read.streaming.enabled, read.streaming.check-interval, "
                  "read.streaming.skip_compaction");
  cmd->add_option("--begin", args->begin,
                  "Incremental: exclusive start instant (0 = all)");
  cmd->add_option("--end", args->end,
                  "Incremental: inclusive end instant (default latest)");
  cmd->add_option("--merge-type", args->merge_type,
                  "payload_combine|skip_merge (hoodie.datasource.merge.type)")
      ->check(CLI::IsMember(EnumNames(kMergeTypeNames)));
  cmd->add_option("--columns", args->columns, "Comma-separated columns to return");
  cmd->add_option("--partition", args->partitions, "Partition path to read (repeatable)");
  cmd->add_option("--where", args->where, "Row filter COL<op>VALUE (repeatable)");
  cmd->add_flag("--explain", args->explain,
                "Print on standard error 'explain: files read R of N': N file slices left "
                "after partition pruning, R of them read after data skipping "
                "(hoodie.enable.data.skipping)");
  cmd->add_option("--limit", args->limit, "Return at most N rows")
      ->check(CLI::NonNegativeNumber);
  cmd->add_option("--format", args->format, "table|json|csv|parquet (default table)")
      ->check(CLI::IsMember({"table", "json", "csv", "parquet"}));
  cmd->add_option("--out", args->out, "Write to FILE instead of standard output");
  cmd->add_flag("--follow", args->follow,
                "Tail the timeline and print each commit's rows as it completes "
                "(read.streaming.enabled)");
  cmd->add_option("--max-commits", args->max_commits,
                  "--follow: stop after reading N commits")
      ->check(CLI::PositiveNumber);
  cmd->add_option("--check-interval", args->check_interval,
                  "--follow: seconds between checks (read.streaming.check-interval)")
      ->check(CLI::PositiveNumber);
  SetAction(cmd, [args]() { return RunQuery(*args); });
}

::arrow::Status PrintRows(::arrow::RecordBatchReader* reader, const std::string& format,
                          std::ostream& out) {
  RowFormat row_format = ToRowFormat(format);
  if (row_format == RowFormat::kTable) return PrintTable(reader, out);
  return StreamText(reader, row_format, out);
}

}  // namespace hoodie::cli
