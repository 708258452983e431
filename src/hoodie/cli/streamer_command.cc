// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/cli/streamer_command.cc
/// \brief `hoodie streamer`: HoodieStreamer's (HoodieDeltaStreamer's) command line,
/// natively: rounds of fetch -> transform -> write, once or continuously.
#include <atomic>
#include <csignal>
#include <fstream>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "hoodie/cli/command.h"
#include "hoodie/cli/table_loader.h"
#include "hoodie/common/logging.h"
#include "hoodie/common/string_list.h"
#include "hoodie/config/hoodie_config.h"
#include "hoodie/streamer/multi_table_streamer.h"
#include "hoodie/streamer/streamer.h"
#include "hoodie/table/table_config.h"
#include "hoodie/timeline/commit_metadata.h"
#include "hoodie/write/write_options.h"

namespace hoodie::cli {
namespace {

struct StreamerArgs {
  StreamerOptions options;
  std::string props;
  std::vector<std::string> hoodie_conf;
  std::string op = "UPSERT";
  std::string checkpoint;
  std::string ignore_checkpoint;
  bool enable_sync = false;
  bool enable_hive_sync = false;
  std::vector<std::string> spark_only;  // Spark-only options given
  int64_t max_rounds = 0;
  std::string metrics_json;
  bool multi_table = false;
  MultiTableOptions multi;
};

constexpr char kDescription[] =
    R"(Ingest a source into a table, as Hudi's HoodieStreamer (HoodieDeltaStreamer) does.

Each round resumes from the checkpoint of the table's latest streamer commit (the
deltastreamer.checkpoint.key of a commit's extraMetadata, where Spark's HoodieStreamer
keeps it too), fetches what the source has after it (DFS sources: files modified later,
oldest first, up to --source-limit bytes), applies the transformers, and writes the
records and the new checkpoint in one commit: both or neither. A round whose checkpoint
did not move commits nothing. A failed round is rolled back; the next one re-reads the
same input. --continuous repeats rounds until SIGINT or SIGTERM (the round under way
finishes first) or --max-rounds; on merge-on-read tables compactions are then scheduled
after each commit and run on a background thread. Sources, schema providers and
transformers take Hudi's class names (org.apache.hudi.utilities.sources.JsonDFSSource)
or their simple names.
)";

std::atomic<bool> g_stop{false};

extern "C" void OnStopSignal(int) { g_stop.store(true); }

std::string Text(const std::optional<std::string>& value) { return value.value_or("(none)"); }

void PrintRound(const RoundResult& round, const StreamerTotals& totals) {
  std::cerr << "hoodie streamer: round " << totals.rounds << ": ";
  if (round.instant.empty()) {
    std::cerr << round.skipped;
  } else {
    std::cerr << "committed " << round.instant << " (" << round.source_description << ", "
              << round.source_size << " bytes, " << round.records_read << " records read, "
              << round.records_written << " written";
    if (round.failed_commit_callbacks > 0) {
      std::cerr << ", " << round.failed_commit_callbacks << " commit callback(s) failed";
    }
    std::cerr << ")";
  }
  std::cerr << "; checkpoint " << Text(round.checkpoint);
  if (!round.backlog_description.empty()) std::cerr << "; lag " << round.backlog_description;
  std::cerr << "; totals: "
            << totals.commits << " commits, " << totals.records_read << " records read, "
            << totals.records_written << " written, " << totals.compactions
            << " compactions, " << totals.pending_compactions << " pending\n";
  for (const std::string& failed : round.failed) {
    std::cerr << "hoodie streamer: record left out: " << failed << "\n";
  }
}

::arrow::Status AppendMetrics(const std::string& path, const RoundResult& round,
                              const StreamerTotals& totals) {
  nlohmann::ordered_json line = {
      {"round", totals.rounds},
      {"instant", round.instant},
      {"skipped", round.skipped},
      {"resumed_from", round.resumed_from ? nlohmann::ordered_json(*round.resumed_from)
                                          : nlohmann::ordered_json()},
      {"checkpoint", round.checkpoint ? nlohmann::ordered_json(*round.checkpoint)
                                      : nlohmann::ordered_json()},
      {"source_size", round.source_size},
      {"backlog", round.backlog},
      {"records_read", round.records_read},
      {"records_written", round.records_written},
      {"inserted", round.inserted},
      {"updated", round.updated},
      {"deleted", round.deleted},
      {"failed", round.failed.size()},
      {"failed_commit_callbacks", round.failed_commit_callbacks},
      {"compactions_completed", totals.compactions},
      {"pending_compactions", totals.pending_compactions},
  };
  std::ofstream out(path, std::ios::app);
  out << line.dump() << "\n";
  if (!out) return ::arrow::Status::IOError("cannot append to --metrics-json ", path);
  return ::arrow::Status::OK();
}

// HoodieMultiTableDeltaStreamer: one round per table, in order.
::arrow::Status RunMultiTableStreamer(const StreamerArgs& args, const HoodieConfig& props,
                                      const GlobalOptions& global) {
  if (args.multi.config_folder.empty()) {
    return ::arrow::Status::Invalid("--multi-table needs --config-folder");
  }
  ARROW_ASSIGN_OR_RAISE(std::vector<TableRound> rounds,
                        RunMultiTable(args.multi, args.options, props));
  Listing listing{.header = {"table", "base_path", "instant", "records_written", "checkpoint"}};
  for (const auto& [table, round] : rounds) {
    listing.rows.push_back({table.database + "." + table.table, table.target_base_path,
                            round.instant.empty() ? "(none: " + round.skipped + ")" : round.instant,
                            std::to_string(round.records_written), Text(round.checkpoint)});
  }
  PrintListing(global, listing, std::cout);
  return ::arrow::Status::OK();
}

::arrow::Status RunStreamer(StreamerArgs args, const GlobalOptions& global) {
  if (args.enable_sync || args.enable_hive_sync) {
    return ::arrow::Status::NotImplemented(
        args.enable_sync ? "--enable-sync" : "--enable-hive-sync",
        ": meta sync (Hive and others) is not available in hoodie yet");
  }
  if (!args.spark_only.empty()) {
    LogWarning("these options only tune Spark and have no effect natively: " +
               JoinWithCommas(args.spark_only));
  }
  HoodieConfig props;
  if (!args.props.empty()) {
    ARROW_RETURN_NOT_OK(cli::LoadProps(args.props, args.hoodie_conf, &props));
  }
  ARROW_RETURN_NOT_OK(props.AddHoodieConfs(args.hoodie_conf));
  ARROW_ASSIGN_OR_RAISE(args.options.operation, ParseWriteOperation(ToLowerAscii(args.op)));
  if (!args.checkpoint.empty()) args.options.checkpoint.checkpoint = args.checkpoint;
  if (!args.ignore_checkpoint.empty()) {
    args.options.checkpoint.ignore_checkpoint = args.ignore_checkpoint;
  }
  if (args.multi_table) return RunMultiTableStreamer(args, props, global);
  if (args.options.target_base_path.empty() || args.options.target_table.empty()) {
    return ::arrow::Status::Invalid(
        "--target-base-path and --target-table are required (or --multi-table with "
        "--config-folder)");
  }
  ARROW_ASSIGN_OR_RAISE(auto streamer, Streamer::Make(args.options, std::move(props)));
  g_stop.store(false);
  std::signal(SIGINT, OnStopSignal);
  std::signal(SIGTERM, OnStopSignal);
  ::arrow::Status metrics_status;
  RunControl control{
      .max_rounds = args.max_rounds,
      .stop = &g_stop,
      .on_round =
          [&](const RoundResult& round, const StreamerTotals& totals) {
            PrintRound(round, totals);
            if (!args.metrics_json.empty() && metrics_status.ok()) {
              metrics_status = AppendMetrics(args.metrics_json, round, totals);
            }
          }};
  auto totals = streamer->Run(control);
  std::signal(SIGINT, SIG_DFL);
  std::signal(SIGTERM, SIG_DFL);
  ARROW_RETURN_NOT_OK(totals.status());
  ARROW_RETURN_NOT_OK(metrics_status);
  PrintKeyValues(global,
                 {{"rounds", std::to_string(totals->rounds)},
                  {"commits", std::to_string(totals->commits)},
                  {"records_read", std::to_string(totals->records_read)},
                  {"records_written", std::to_string(totals->records_written)},
                  {"compactions", std::to_string(totals->compactions)}},
                 std::cout);
  return ::arrow::Status::OK();
}

// Options that only place Spark jobs: accepted, named in one warning line.
void AddSparkOnly(CLI::App* cmd, StreamerArgs* args, const std::string& name,
                  const std::string& help) {
  cmd->add_option_function<std::string>(
      name, [args, name](const std::string&) { args->spark_only.push_back(name); },
      help + " (Spark only: no effect natively)");
}

}  // namespace

void AddStreamerCommand(CLI::App* app, const GlobalOptions* options) {
  auto* cmd = app->add_subcommand(
      "streamer", "Ingest a source into a table in rounds (HoodieStreamer / HoodieDeltaStreamer)");
  cmd->footer(kDescription);
  auto args = std::make_shared<StreamerArgs>();
  StreamerOptions* o = &args->options;
  cmd->add_option("--target-base-path", o->target_base_path,
                  "Base path of the target table (created on the first round; required "
                  "but with --multi-table)");
  cmd->add_option("--target-table", o->target_table,
                  "Name of the target table (required but with --multi-table)");
  cmd->add_option("--table-type", o->table_type, "COPY_ON_WRITE or MERGE_ON_READ")
      ->required()
      ->check(CLI::IsMember(EnumNames(kTableTypeNames)));
  cmd->add_option("--base-file-format", o->base_file_format,
                  "File format of base files (PARQUET)")
      ->default_val("PARQUET");
  cmd->add_option("--props", args->props,
                  "Properties file of hoodie client, schema provider, key generator and "
                  "source configs (include= allowed)");
  cmd->add_option("--hoodie-conf", args->hoodie_conf,
                  "A config key=value, as in the properties file (repeatable)");
  cmd->add_option("--source-class", o->source_class,
                  "Source to read: JsonDFSSource (default), CsvDFSSource, AvroDFSSource, "
                  "ParquetDFSSource, ORCDFSSource, HoodieIncrSource, S3EventsSource, "
                  "S3EventsHoodieIncrSource, or a component's")
      ->default_val(o->source_class);
  cmd->add_option("--source-ordering-field", o->source_ordering_field,
                  "Field deciding between records with the same key (default ts)")
      ->default_val("ts");
  cmd->add_option("--source-limit", o->source_limit,
                  "Most data a round reads: bytes for DFS and S3 events incremental "
                  "sources (default no limit)");
  cmd->add_option("--schemaprovider-class", o->schema_provider_class,
                  "Schema provider: FilebasedSchemaProvider");
  cmd->add_option("--transformer-class", o->transformer_class,
                  "Transformers applied in order (comma-separated): FlatteningTransformer, "
                  "or one registered by name");
  cmd->add_option("--payload-class", o->payload_class,
                  "Record payload (default OverwriteWithLatestAvroPayload)")
      ->default_val(o->payload_class);
  cmd->add_option("--op", args->op, "UPSERT (default), INSERT or BULK_INSERT")
      ->check(CLI::IsMember({"UPSERT", "INSERT", "BULK_INSERT", "INSERT_OVERWRITE",
                             "INSERT_OVERWRITE_TABLE", "DELETE_PARTITION"},
                            CLI::ignore_case));
  cmd->add_flag("--filter-dupes", o->filter_dupes,
                "Drop source records whose key the table holds (insert and bulk insert)");
  cmd->add_option("--checkpoint", args->checkpoint,
                  "Resume from this checkpoint (once: it is recorded as reset_key)");
  cmd->add_option("--ignore-checkpoint", args->ignore_checkpoint,
                  "Start afresh, ignoring the table's checkpoint, once for this value");
  cmd->add_flag("--commit-on-errors", o->commit_on_errors,
                "Commit the good records of a round with failed records");
  cmd->add_flag("--allow-commit-on-no-checkpoint-change",
                o->allow_commit_on_no_checkpoint_change,
                "Commit a round even when the source checkpoint did not move");
  cmd->add_flag("--continuous", o->continuous, "Run rounds in a loop");
  cmd->add_option("--min-sync-interval-seconds", o->min_sync_interval_seconds,
                  "Least time between the starts of two rounds in continuous mode");
  cmd->add_option("--max-pending-compactions", o->max_pending_compactions,
                  "Rounds wait while this many compactions are pending (default 5)")
      ->default_val(5);
  cmd->add_flag("--disable-compaction", o->disable_compaction,
                "Do not compact a merge-on-read table");
  cmd->add_flag("--enable-sync", args->enable_sync, "Sync to a metastore (not available)");
  cmd->add_flag("--enable-hive-sync", args->enable_hive_sync,
                "Deprecated spelling of --enable-sync (not available)");
  cmd->add_option("--max-rounds", args->max_rounds,
                  "Stop after this many rounds (continuous mode; 0: no limit)");
  cmd->add_option("--metrics-json", args->metrics_json,
                  "Append one JSON line of figures per round to this file");
  cmd->add_flag("--multi-table", args->multi_table,
                "Ingest the tables of hoodie.deltastreamer.ingestion.tablesToBeIngested in "
                "turn (HoodieMultiTableDeltaStreamer)");
  cmd->add_option("--config-folder", args->multi.config_folder,
                  "--multi-table: folder of the <database>_<table>_config.properties files");
  cmd->add_option("--base-path-prefix", args->multi.base_path_prefix,
                  "--multi-table: tables go to <prefix>/<database>/<table>");
  AddSparkOnly(cmd, args.get(), "--spark-master", "Spark master");
  for (const char* name :
       {"--compact-scheduling-minshare", "--compact-scheduling-weight",
        "--delta-sync-scheduling-minshare", "--delta-sync-scheduling-weight",
        "--cluster-scheduling-minshare", "--cluster-scheduling-weight"}) {
    AddSparkOnly(cmd, args.get(), name, "Spark fair-scheduler setting");
  }
  SetAction(cmd, [args, options]() { return RunStreamer(*args, *options); });
}

}  // namespace hoodie::cli
