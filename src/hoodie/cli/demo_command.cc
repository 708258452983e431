// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/cli/demo_command.cc
/// \brief `hoodie demo`: the quick-start job on local disk — a streamer ingesting rounds
/// of JSON trip files into a merge-on-read table, through a SQL transformer, with
/// compaction in the background and cleaning beside each write; then the timeline, the
/// checkpoint and a query.
#include <sys/stat.h>

#include <filesystem>
#include <fstream>
#include <iostream>
#include <thread>

#include <arrow/api.h>

#include "hoodie/cli/command.h"
#include "hoodie/cli/timeline_listing.h"
#include "hoodie/cli/value_text.h"
#include "hoodie/config/hoodie_config.h"
#include "hoodie/read/table_reader.h"
#include "hoodie/storage/storage.h"
#include "hoodie/streamer/checkpoint.h"
#include "hoodie/streamer/streamer.h"
#include "hoodie/table/table_meta_client.h"
#include "hoodie/timeline/active_timeline.h"
#include "hoodie/timeline/commit_metadata.h"

namespace hoodie::cli {
namespace {

namespace fs = std::filesystem;

constexpr const char* kCities[] = {"san_francisco", "sao_paulo", "chennai"};
constexpr int kRounds = 3;
// Marks a folder this command made, so that a second run may start it afresh.
constexpr char kMarker[] = ".hoodie-demo";

constexpr char kSchema[] = R"({"type":"record","name":"trip","namespace":"demo","fields":[
  {"name":"uuid","type":"string"},
  {"name":"rider","type":"string"},
  {"name":"driver","type":"string"},
  {"name":"city","type":"string"},
  {"name":"fare","type":"double"},
  {"name":"ts","type":"long"},
  {"name":"_hoodie_is_deleted","type":"boolean","default":false}]}
)";

// The table's schema: the source's with the tip the transformer adds (records are
// rewritten into the provider's target schema after the transformers, as in Hudi).
constexpr char kTargetSchema[] = R"({"type":"record","name":"trip","namespace":"demo","fields":[
  {"name":"uuid","type":"string"},
  {"name":"rider","type":"string"},
  {"name":"driver","type":"string"},
  {"name":"city","type":"string"},
  {"name":"fare","type":"double"},
  {"name":"tip","type":["null","double"],"default":null},
  {"name":"ts","type":"long"},
  {"name":"_hoodie_is_deleted","type":"boolean","default":false}]}
)";

// What the transformer does: a tip column, and trips without a fare left out.
constexpr char kSql[] =
    "SELECT uuid, rider, driver, city, fare, round(fare * 0.15, 2) AS tip, ts, "
    "_hoodie_is_deleted FROM <SRC> WHERE fare > 0";

std::string TripLine(int id, int round, bool deleted) {
  char fare[32];
  std::snprintf(fare, sizeof(fare), "%.2f", 10.0 + (id % 50) + round * 0.5);
  std::string uuid = "trip-" + std::to_string(100000 + id).substr(1);
  return R"({"uuid":")" + uuid + R"(","rider":"rider-)" + std::to_string(id % 97) +
         R"(","driver":"driver-)" + std::to_string(id % 31) + R"(","city":")" +
         kCities[id % 3] + R"(","fare":)" + fare + R"(,"ts":)" +
         std::to_string(1700000000000 + id + round * 1000000) +
         R"(,"_hoodie_is_deleted":)" + (deleted ? "true" : "false") + "}\n";
}

struct RoundPlan {
  const char* what;
  std::vector<std::pair<int, bool>> trips;  // id, deleted
};

RoundPlan PlanRound(int round) {
  RoundPlan plan;
  auto add = [&](int from, int to, bool deleted) {
    for (int id = from; id < to; ++id) plan.trips.emplace_back(id, deleted);
  };
  if (round == 0) {
    plan.what = "3000 new trips";
    add(0, 3000, false);
  } else if (round == 1) {
    plan.what = "200 fare changes and 200 new trips";
    add(2800, 3200, false);
  } else {
    plan.what = "200 fare changes and 100 deleted trips";
    add(0, 200, false);
    add(200, 300, true);
  }
  return plan;
}

// Drops round `round`'s file into the source folder, one second newer than the last.
::arrow::Status WriteRoundFile(const fs::path& source, int round) {
  RoundPlan plan = PlanRound(round);
  fs::path file = source / ("trips-" + std::to_string(round) + ".json");
  std::ofstream out(file);
  for (const auto& [id, deleted] : plan.trips) out << TripLine(id, round, deleted);
  out.close();
  if (!out) return ::arrow::Status::IOError("cannot write ", file.string());
  std::cout << "source: " << file.filename().string() << " (" << plan.what << ")\n";
  return ::arrow::Status::OK();
}

::arrow::Status PrepareFolder(const fs::path& root) {
  if (fs::exists(root)) {
    if (!fs::exists(root / kMarker)) {
      return ::arrow::Status::Invalid(root.string(),
                                      " exists and is not a hoodie demo folder; give --path "
                                      "a new folder");
    }
    fs::remove_all(root);
  }
  fs::create_directories(root / "source");
  std::ofstream(root / kMarker) << "made by hoodie demo\n";
  std::ofstream(root / "trip.avsc") << kSchema;
  std::ofstream(root / "trip_with_tip.avsc") << kTargetSchema;
  return ::arrow::Status::OK();
}

::arrow::Status PrintQuery(const GlobalOptions& options, const std::shared_ptr<TableMetaClient>& table) {
  ARROW_ASSIGN_OR_RAISE(auto reader, TableReader::Open(table));
  ReadOptions all;
  all.columns = {"uuid"};
  ARROW_ASSIGN_OR_RAISE(auto every, reader->ReadTable(all));
  ReadOptions some;
  some.columns = {"_hoodie_commit_time", "uuid", "city", "fare", "tip"};
  some.partitions = {"city=chennai"};
  some.limit = 3;
  ARROW_ASSIGN_OR_RAISE(auto rows, reader->ReadTable(some));
  std::cout << "\nsnapshot: " << every->num_rows() << " trips; first rows of city=chennai:\n";
  ARROW_ASSIGN_OR_RAISE(auto combined, rows->CombineChunksToBatch());
  Listing sample;
  for (const auto& field : combined->schema()->fields()) sample.header.push_back(field->name());
  for (int64_t row = 0; row < combined->num_rows(); ++row) {
    std::vector<std::string> cells;
    for (const auto& column : combined->columns()) cells.push_back(ValueToText(*column, row));
    sample.rows.push_back(std::move(cells));
  }
  PrintListing(options, sample, std::cout);
  return ::arrow::Status::OK();
}

::arrow::Status RunDemo(const GlobalOptions& options, const std::string& path) {
  fs::path root = fs::absolute(path).lexically_normal();
  ARROW_RETURN_NOT_OK(PrepareFolder(root));
  fs::path base = root / "trips";
  std::cout << "hoodie streamer: JSON files of " << (root / "source").string()
            << " -> SQL transformer -> merge-on-read table " << base.string() << "\n\n";
  StreamerOptions streamer;
  streamer.target_base_path = base.string();
  streamer.target_table = "trips";
  streamer.table_type = "MERGE_ON_READ";
  streamer.source_class = "org.apache.hudi.utilities.sources.JsonDFSSource";
  streamer.schema_provider_class = "org.apache.hudi.utilities.schema.FilebasedSchemaProvider";
  streamer.transformer_class = "org.apache.hudi.utilities.transform.SqlQueryBasedTransformer";
  streamer.continuous = true;
  HoodieConfig props;
  props.Set("hoodie.deltastreamer.source.dfs.root", (root / "source").string())
      .Set("hoodie.deltastreamer.schemaprovider.source.schema.file", (root / "trip.avsc").string())
      .Set("hoodie.deltastreamer.schemaprovider.target.schema.file",
           (root / "trip_with_tip.avsc").string())
      .Set("hoodie.deltastreamer.transformer.sql", kSql)
      .Set("hoodie.datasource.write.recordkey.field", "uuid")
      .Set("hoodie.datasource.write.partitionpath.field", "city")
      .Set("hoodie.datasource.write.hive_style_partitioning", "true")
      .Set("hoodie.compact.inline.max.delta.commits", "2")
      .Set("hoodie.clean.async", "true")
      .Set("hoodie.cleaner.commits.retained", "1");
  ARROW_ASSIGN_OR_RAISE(auto runner, Streamer::Make(streamer, props));
  ARROW_RETURN_NOT_OK(WriteRoundFile(root / "source", 0));
  ::arrow::Status written;
  RunControl control{
      .max_rounds = kRounds,
      .on_round = [&](const RoundResult& round, const StreamerTotals& totals) {
        std::cout << "round " << totals.rounds << ": deltacommit " << round.instant << ", "
                  << round.records_read << " records read, " << round.records_written
                  << " written (" << round.inserted << " inserted, " << round.updated
                  << " updated, " << round.deleted << " deleted); checkpoint "
                  << round.checkpoint.value_or("(none)") << "\n";
        if (round.scheduled_compaction) {
          std::cout << "         compaction " << *round.scheduled_compaction
                    << " scheduled, running in the background\n";
        }
        // The next file arrives one second later than the last (DFS checkpoints are
        // modification times in milliseconds).
        if (totals.rounds < kRounds && written.ok()) {
          std::this_thread::sleep_for(std::chrono::milliseconds(1100));
          written = WriteRoundFile(root / "source", static_cast<int>(totals.rounds));
        }
      }};
  ARROW_ASSIGN_OR_RAISE(StreamerTotals totals, runner->Run(control));
  ARROW_RETURN_NOT_OK(written);
  std::cout << "\n" << totals.rounds << " rounds, " << totals.records_read << " records read, "
            << totals.compactions << " compactions completed in the background\n";

  ARROW_ASSIGN_OR_RAISE(auto table, TableMetaClient::Load(Storage::Local(), base.string()));
  ARROW_ASSIGN_OR_RAISE(auto listing, BuildTimelineListing(*table, {}));
  std::cout << "\nhoodie timeline show " << base.string() << "\n";
  PrintListing(options, listing, std::cout);
  ARROW_ASSIGN_OR_RAISE(ActiveTimeline timeline, table->LoadActiveTimeline());
  const Timeline deltas = timeline.timeline().GetDeltaCommitTimeline().FilterCompleted();
  if (auto last = deltas.LastInstant()) {
    ARROW_ASSIGN_OR_RAISE(CommitMetadata metadata, timeline.ReadCommitMetadata(*last));
    std::cout << "\ncheckpoint (" << kCheckpointKey << " of " << last->timestamp
              << "): " << metadata.GetMetadata(kCheckpointKey).value_or("(none)") << "\n";
  }
  return PrintQuery(options, table);
}

}  // namespace

void AddDemoCommand(CLI::App* app, const GlobalOptions* options) {
  auto* demo = app->add_subcommand(
      "demo",
      "Stream rounds of JSON trip files into a merge-on-read table on local disk (SQL "
      "transformer, background compaction, cleaning) and print its timeline, checkpoint "
      "and a query");
  auto path = std::make_shared<std::string>("hoodie-demo");
  demo->add_option("--path", *path, "The demo's folder (source files and table)")
      ->capture_default_str();
  SetAction(demo, [options, path]() { return RunDemo(*options, *path); });
}

}  // namespace hoodie::cli
