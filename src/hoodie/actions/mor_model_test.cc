// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/actions/mor_model_test.cc
/// \brief Model-based tests of merge-on-read (and, with table services, copy-on-write)
/// tables: seeded random sequences of upsert,
/// insert, delete and bulk_insert deltacommits interleaved with compactions (scheduled
/// and left pending while later deltacommits start the new slice, run later, killed
/// and re-run, or inline), failed deltacommits the next writer rolls back and
/// rollbacks of the latest deltacommit, checked after every step against WriteModel
/// by snapshot, read-optimized, time-travel and incremental reads. With table services,
/// small retention makes the automatic clean and archive run after commits, and steps
/// clean, archive, savepoint, delete savepoints and restore; the checks then follow
/// retention (instants the last clean did not retain fail time travel with Hudi's
/// message; archived commits are left out of incremental ranges) and every explicit
/// clean must leave no slice outside retention. Here rather than in the write module's
/// model test because compaction and the other services are built on the write path.

#include <algorithm>
#include <map>
#include <random>
#include <sstream>

#include <arrow/api.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "hoodie/actions/archiver.h"
#include "hoodie/actions/clean_executor.h"
#include "hoodie/actions/clean_planner.h"
#include "hoodie/actions/compaction_executor.h"
#include "hoodie/actions/compaction_scheduler.h"
#include "hoodie/actions/restore.h"
#include "hoodie/actions/rollback_executor.h"
#include "hoodie/actions/savepoint.h"
#include "hoodie/client/table_services.h"
#include "hoodie/client/write_client.h"
#include "hoodie/read/read_options.h"
#include "hoodie/read/table_reader.h"
#include "hoodie/metadata/metadata_validation.h"
#include "hoodie/storage/fault_injecting_storage.h"
#include "hoodie/storage/storage.h"
#include "hoodie/table/file_system_view.h"
#include "hoodie/table/table_meta_client.h"
#include "hoodie/testing/matchers.h"
#include "hoodie/testing/quiet_logs.h"
#include "hoodie/timeline/active_timeline.h"
#include "hoodie/timeline_avro/clean_metadata.h"
#include "hoodie/client/write_client_test_util.h"
#include "hoodie/client/write_model_test_util.h"

namespace hoodie {
namespace {

using testing::ModelKeyGen;
using testing::ModelPayload;
using testing::ModelRecord;
using testing::RowDifference;
using testing::WriteModel;

struct MorCase {
  std::string index;
  ModelKeyGen keygen;
  uint32_t seed;
  int steps = 30;
  /// hoodie.compact.inline with a small max.delta.commits instead of offline
  /// schedule and execute steps.
  bool inline_compaction = false;
  /// One-byte log blocks and log files: every record its own block, every block its
  /// own log version.
  bool tiny_logs = false;
  /// Clean, archive, savepoint and restore steps, automatic clean and archive at small
  /// retention.
  bool services = false;
  /// A copy-on-write table (no compaction; time travel and snapshots take partition
  /// values from the path).
  bool copy_on_write = false;
};

std::string CaseName(const MorCase& c) {
  std::ostringstream out;
  out << c.index << "_" << testing::ModelKeyGenName(c.keygen)
      << (c.inline_compaction ? "_inline" : "") << (c.tiny_logs ? "_tinylogs" : "")
      << (c.services ? "_services" : "") << (c.copy_on_write ? "_cow" : "")
      << "_s" << c.seed;
  return out.str();
}

void PrintTo(const MorCase& c, std::ostream* out) { *out << CaseName(c); }

// The storage calls a killed deltacommit fails at (one of them, the n-th).
constexpr StorageOperation kWriteKillPoints[] = {
    StorageOperation::kCreate,          StorageOperation::kWriteAll,
    StorageOperation::kCreateImmutable, StorageOperation::kDeleteDir,
    StorageOperation::kDeleteFile,      StorageOperation::kList,
    StorageOperation::kOpenForRead,     StorageOperation::kReadAll,
    StorageOperation::kExists};
// The storage calls every compaction makes more than once: reading the plan, base
// and log files, writing the instant files, markers and base files.
constexpr StorageOperation kCompactionKillPoints[] = {
    StorageOperation::kCreate, StorageOperation::kCreateImmutable,
    StorageOperation::kOpenForRead, StorageOperation::kReadAll};

// One seeded run: a table, its writer and the model, stepped and checked together.
class MorModelRun {
 public:
  explicit MorModelRun(const MorCase& c)
      : case_(c),
        random_(c.seed),
        model_(c.keygen, ModelPayload::kOverwriteWithLatest, IndexModel(c)) {}

  ::arrow::Status Open() {
    config_ = testing::ModelConfig(case_.keygen, ModelPayload::kOverwriteWithLatest,
                                   case_.index);
    config_.Set("hoodie.datasource.write.table.type",
                case_.copy_on_write ? "COPY_ON_WRITE" : "MERGE_ON_READ");
    // No small files: inserts go to new file groups (two records each), so updates
    // land in the logs of several slices.
    config_.Set("hoodie.parquet.small.file.limit", "0");
    config_.Set("hoodie.copyonwrite.insert.auto.split", "false");
    config_.Set("hoodie.copyonwrite.insert.split.size", "2");
    config_.Set("hoodie.rollback.using.markers", case_.seed % 2 ? "true" : "false");
    // Compaction is due after every deltacommit: inline runs compact every third.
    config_.Set("hoodie.compact.inline.max.delta.commits",
                case_.inline_compaction ? "3" : "1");
    if (case_.inline_compaction) config_.Set("hoodie.compact.inline", "true");
    if (case_.tiny_logs) {
      config_.Set("hoodie.logfile.data.block.max.size", "1");
      config_.Set("hoodie.logfile.max.size", "1");
    }
    if (case_.services) {
      // The metadata table compacts often enough for archival, which waits on its
      // compaction, to move.
      config_.Set("hoodie.metadata.compact.max.delta.commits", "2");
      // Retention small enough for the automatic clean and archive after each commit
      // (on by default) to move the boundaries every few steps.
      config_.Set("hoodie.cleaner.commits.retained", "2");
      config_.Set("hoodie.keep.min.commits", "3");
      config_.Set("hoodie.keep.max.commits", "4");
      // Offline runs clean in their own steps, so that each is checked against retention.
      if (!case_.inline_compaction) config_.Set("hoodie.clean.automatic", "false");
    }
    ARROW_RETURN_NOT_OK(
        WriteClient::OpenOrCreateTable(storage_, base_, config_).status());
    return NewWriter();
  }

  void Step(int step) {
    step_ = step;
    if (case_.services && !must_write_ && Uniform(0, 99) < 30) return ServiceStep();
    int dice = Uniform(0, 99);
    if (must_write_ || dice < 25) {
      must_write_ = false;
      Run(WriteOperationType::kUpsert, RandomBatch(/*fresh=*/false, 10));
    } else if (dice < 35) {
      Run(WriteOperationType::kInsert, RandomBatch(/*fresh=*/true, 10));
    } else if (dice < 43) {
      Run(WriteOperationType::kDelete, RandomBatch(/*fresh=*/false, 0));
    } else if (dice < 47) {
      Run(WriteOperationType::kBulkInsert, RandomBatch(/*fresh=*/true, 0));
    } else if (dice < 62 && OfflineCompaction()) {
      Schedule();
    } else if (dice < 74 && OfflineCompaction()) {
      Execute();
    } else if (dice < 84) {
      FailedWrite();
    } else if (dice < 95) {
      RollbackLatest();
    } else {
      Run(WriteOperationType::kUpsert, RandomBatch(/*fresh=*/false, 10));
    }
  }

  // Fails unless the run did what it is meant to exercise.
  void ExpectExercised() const {
    ::testing::Test::RecordProperty("compactions", seen_.compactions);
    ::testing::Test::RecordProperty("failed_writes", seen_.failed_writes);
    ::testing::Test::RecordProperty("rollbacks", seen_.rollbacks);
    ::testing::Test::RecordProperty("rollbacks_under_pending",
                                    seen_.rollbacks_under_pending);
    ::testing::Test::RecordProperty("killed_compactions", seen_.killed_compactions);
    if (!case_.copy_on_write) EXPECT_GT(seen_.compactions, 0) << "no compaction completed";
    EXPECT_GT(seen_.failed_writes, 0) << "no failed deltacommit was rolled back";
    EXPECT_GT(seen_.metadata_validations, 0) << "the metadata table was never validated";
    EXPECT_GT(seen_.rollbacks, 0) << "no completed deltacommit was rolled back";
    if (case_.services) {
      ::testing::Test::RecordProperty("cleans", seen_.cleans);
      ::testing::Test::RecordProperty("most_archived", seen_.most_archived);
      ::testing::Test::RecordProperty("savepoints", seen_.savepoints);
      ::testing::Test::RecordProperty("restores", seen_.restores);
      ::testing::Test::RecordProperty("retention_checks", seen_.retention_checks);
      EXPECT_GT(seen_.cleans, 0) << "no explicit clean ran";
      EXPECT_GT(seen_.retention_checks, 0) << "no clean was checked against retention";
      EXPECT_GT(seen_.most_archived, 0) << "no instant was archived";
      EXPECT_GT(seen_.savepoints, 0) << "no savepoint was made";
      EXPECT_GT(seen_.restores, 0) << "no restore ran";
      EXPECT_GT(seen_.restores_to_savepoints, 0) << "no restore to a savepoint ran";
    }
    if (OfflineCompaction()) {
      EXPECT_GT(seen_.writes_under_pending, 0)
          << "no deltacommit wrote to a group under pending compaction";
      EXPECT_GT(seen_.killed_compactions, 0) << "no compaction was killed";
      EXPECT_GT(seen_.compacted_after_kill, 0) << "no killed compaction was re-run";
    }
  }

 private:
  // Compactions scheduled and run by the run's own steps.
  bool OfflineCompaction() const { return !case_.inline_compaction && !case_.copy_on_write; }

  static WriteModel::IndexModel IndexModel(const MorCase& c) {
    WriteModel::IndexModel index;
    index.merge_on_read = !c.copy_on_write;
    return index;
  }

  int Uniform(int low, int high) {
    return std::uniform_int_distribution<int>(low, high)(random_);
  }

  ::arrow::Status NewWriter() {
    ARROW_ASSIGN_OR_RAISE(client_, testing::NewWriterClient(storage_, base_, config_));
    return ::arrow::Status::OK();
  }

  ::arrow::Result<std::shared_ptr<TableMetaClient>> LoadTable() {
    return TableMetaClient::Load(storage_, base_);
  }

  // Random ordering values, so that the log fold's preCombine (an earlier record with
  // a greater ordering value survives a later one) and compaction's merge matter.
  ModelRecord RandomRecord() {
    ModelRecord r;
    int key = Uniform(0, 9);
    int partition = Uniform(0, 2);
    r.id = "k" + std::to_string(key);
    r.k2 = key % 2 ? "x" : "y";
    r.p = std::string(1, static_cast<char>('a' + partition));
    r.q = partition == 1 ? "2" : "1";
    r.day = 1699920000000 + partition * 86400000LL + key * 3600000LL;
    r.ts = Uniform(0, 6);
    if (Uniform(0, 3) > 0) r.v = Uniform(0, 99);
    if (Uniform(0, 3) > 0) r.name = "n" + std::to_string(Uniform(0, 99));
    return r;
  }

  // 1..6 records; `fresh` keeps only keys the table does not hold; keys the model
  // cannot follow (WriteModel::Writable) are left out; `delete_percent` of them are
  // soft deletes; now and then a key repeats with another ordering value.
  std::vector<ModelRecord> RandomBatch(bool fresh, int delete_percent) {
    int size = Uniform(1, 6);
    std::vector<ModelRecord> batch;
    for (int attempt = 0; attempt < size * 4 && static_cast<int>(batch.size()) < size;
         ++attempt) {
      ModelRecord r = RandomRecord();
      if ((fresh && model_.Contains(r)) || !model_.Writable(r)) continue;
      r.deleted = Uniform(0, 99) < delete_percent;
      batch.push_back(r);
      if (Uniform(0, 3) == 0 && static_cast<int>(batch.size()) < size) {
        ModelRecord again = RandomRecord();
        again.id = r.id;
        again.k2 = r.k2;
        again.p = r.p;
        again.q = r.q;
        again.day = r.day;
        again.deleted = Uniform(0, 99) < delete_percent;
        batch.push_back(std::move(again));
      }
    }
    return batch;
  }

  void Apply(WriteOperationType operation, const std::vector<ModelRecord>& batch,
             const std::string& instant) {
    if (model_.CompactionPending()) ++seen_.writes_under_pending;
    switch (operation) {
      case WriteOperationType::kInsert:
        model_.Insert(batch, instant);
        break;
      case WriteOperationType::kBulkInsert:
        model_.BulkInsert(batch, instant);
        break;
      case WriteOperationType::kDelete:
        model_.Delete(batch, instant);
        break;
      default:
        model_.Upsert(batch, instant);
        break;
    }
  }

  std::string Trace(const std::string& what) const {
    return "step " + std::to_string(step_) + " " + what;
  }

  void Run(WriteOperationType operation, const std::vector<ModelRecord>& batch) {
    SCOPED_TRACE(Trace(std::string(WriteOperationTypeName(operation)) + " of " +
                       std::to_string(batch.size()) + " records"));
    ASSERT_OK_AND_ASSIGN(std::string instant, client_->StartCommit());
    auto reader = testing::ModelReader(batch, 2);
    ASSERT_OK_AND_ASSIGN(WriteResult result,
                         client_->Write(instant, operation, reader.get()));
    ASSERT_TRUE(result.committed);
    Apply(operation, batch, instant);
    ASSERT_NO_FATAL_FAILURE(SyncCompactions());
    Check();
  }

  // A deltacommit that fails: killed at a random storage call (it may have committed
  // before dying, and inline compaction may have died after it), or left inflight by
  // a writer that never commits. The next writer (a new client) rolls it back.
  void FailedWrite() {
    auto operation =
        Uniform(0, 1) ? WriteOperationType::kUpsert : WriteOperationType::kInsert;
    std::vector<ModelRecord> batch =
        RandomBatch(operation == WriteOperationType::kInsert, 10);
    bool inflight = Uniform(0, 2) == 0;
    SCOPED_TRACE(Trace(std::string(inflight ? "inflight " : "killed ") +
                       std::string(WriteOperationTypeName(operation))));
    HoodieConfig config = config_;
    if (inflight) config.Set("hoodie.auto.commit", "false");
    ASSERT_OK_AND_ASSIGN(auto writer, testing::NewWriterClient(storage_, base_, config));
    ASSERT_OK_AND_ASSIGN(std::string instant, writer->StartCommit());
    auto reader = testing::ModelReader(batch, 2);
    if (!inflight) {
      storage_->ResetCounts();
      storage_->FailNthCall(kWriteKillPoints[Uniform(0, std::size(kWriteKillPoints) - 1)],
                            Uniform(1, 6));
    }
    ::arrow::Result<WriteResult> result = writer->Write(instant, operation, reader.get());
    bool injected = storage_->injected_fault_count() > 0;
    storage_->ClearFaults();
    storage_->ResetCounts();
    if (!inflight && !injected) {
      ASSERT_OK(result.status());  // the kill came after the write had finished
    }
    ASSERT_OK_AND_ASSIGN(auto table, LoadTable());
    ASSERT_OK_AND_ASSIGN(ActiveTimeline timeline, table->LoadActiveTimeline());
    if (timeline.timeline().ContainsInstant(
            Instant{instant, case_.copy_on_write ? Action::kCommit : Action::kDeltaCommit,
                    State::kCompleted})) {
      Apply(operation, batch, instant);
    } else {
      ++seen_.failed_writes;
      must_write_ = true;  // scheduling waits for the rollback the next write does
    }
    ASSERT_NO_FATAL_FAILURE(SyncCompactions());
    ASSERT_OK(NewWriter());
    Check();
  }

  // `hoodie rollback --instant T` of the latest deltacommit, also while a compaction
  // scheduled before T is pending (T's log records went to the plan's new slice).
  // Not while a compaction scheduled after T is: its plan names T's files, which the
  // rollback deletes when T started their file slice, and Hudi's sequence check
  // (validateRollbackCommitSequence) does not look at pending compactions either; the
  // compaction is to be rolled back first, as a restore does.
  //
  // Nor when the commit before the latest was archived: the rollback would leave no
  // completed commit in the active timeline, and a view of an empty timeline shows no
  // file at all (HoodieFileGroup.getAllFileSlices), in Hudi as in hoodie.
  void RollbackLatest() {
    std::optional<std::string> pending = model_.LatestPendingCompaction();
    const std::vector<std::string>& instants = model_.instants();
    bool previous_archived = false;
    if (instants.size() >= 2) {
      ASSERT_OK_AND_ASSIGN(Retention retention, LoadRetention());
      previous_archived = retention.active.count(instants[instants.size() - 2]) == 0;
    }
    if (!model_.LatestIsDeltaCommit() || instants.size() < 2 || previous_archived ||
        (pending && *pending > instants.back()) ||
        savepoints_.count(instants.back()) > 0) {
      return Run(WriteOperationType::kUpsert, RandomBatch(/*fresh=*/false, 10));
    }
    const std::string instant = model_.instants().back();
    SCOPED_TRACE(Trace("rollback of " + instant));
    ASSERT_OK_AND_ASSIGN(auto table, LoadTable());
    ASSERT_OK_AND_ASSIGN(RollbackOptions options, RollbackOptions::FromConfig(config_));
    options.failed_writes_policy = FailedWritesPolicy::kEager;
    ASSERT_OK_AND_ASSIGN(auto metadata, RollbackInstant(*table, instant, options));
    ASSERT_TRUE(metadata.has_value());
    model_.Revert(instant);
    ++seen_.rollbacks;
    if (model_.CompactionPending()) ++seen_.rollbacks_under_pending;
    ASSERT_OK(NewWriter());
    Check();
  }

  // Schedules a compaction when none is pending; it stays pending until an Execute
  // step, while later deltacommits append to its slice.
  void Schedule() {
    if (model_.CompactionPending()) return Execute();
    SCOPED_TRACE(Trace("schedule compaction"));
    ASSERT_OK_AND_ASSIGN(auto table, LoadTable());
    ASSERT_OK_AND_ASSIGN(auto scheduled, ScheduleCompaction(*table, config_));
    if (scheduled) model_.ScheduleCompaction(scheduled->instant_time);
    Check();
  }

  // Runs the pending compaction, killed at a random storage call one time in two
  // (the next Execute re-runs it).
  void Execute() {
    ASSERT_OK_AND_ASSIGN(auto table, LoadTable());
    ASSERT_OK_AND_ASSIGN(std::optional<std::string> pending,
                         EarliestPendingCompaction(*table));
    if (!pending) return Schedule();
    bool kill = Uniform(0, 1) == 0;
    SCOPED_TRACE(Trace((kill ? "killed compaction " : "compaction ") + *pending));
    if (kill) {
      storage_->ResetCounts();
      storage_->FailNthCall(
          kCompactionKillPoints[Uniform(0, std::size(kCompactionKillPoints) - 1)],
          Uniform(1, 2));
    }
    ::arrow::Result<CompactionResult> result = RunCompaction(table, config_, *pending);
    bool injected = storage_->injected_fault_count() > 0;
    storage_->ClearFaults();
    storage_->ResetCounts();
    if (!injected) ASSERT_OK(result.status());
    if (injected) {
      ++seen_.killed_compactions;
      killed_.insert(*pending);
    }
    ASSERT_NO_FATAL_FAILURE(SyncCompactions());
    Check();
  }

  // What retention leaves readable, from the timeline: the earliest commit the last
  // clean retained, the completed commits still active, the newest instant of the model
  // archived out of the active timeline.
  struct Retention {
    std::string earliest_retained;  // empty: no clean yet
    std::set<std::string> active;
    std::optional<std::string> newest_archived;

    bool CleanedAway(const std::string& instant) const {
      return !earliest_retained.empty() && instant < earliest_retained;
    }
  };

  // Whether the past as of `instant` is one Hudi itself reads differently from the
  // model: a compaction a restore rolled back leaves its slice behind with log files of
  // deltacommits rolled back by command blocks; once archival moves the timeline's
  // start past that slice, it counts as committed (before the timeline starts) and
  // shadows the slice before it as of any later instant. Spark with Hudi 0.15 reads
  // such a table (reproduced from seed 4202) exactly as hoodie does.
  bool ShadowedByRestoredCompaction(const Retention& retention,
                                    const std::string& instant) const {
    if (retention.active.empty()) return false;
    const std::string& start = *retention.active.begin();
    for (const std::string& compaction : restored_compactions_) {
      if (compaction < start && compaction <= instant) return true;
    }
    return false;
  }

  ::arrow::Result<Retention> LoadRetention() {
    ARROW_ASSIGN_OR_RAISE(auto table, LoadTable());
    ARROW_ASSIGN_OR_RAISE(ActiveTimeline timeline, table->LoadActiveTimeline());
    Retention retention;
    ARROW_ASSIGN_OR_RAISE(retention.earliest_retained,
                          EarliestCommitRetainedByLastClean(timeline));
    for (const std::string& ts :
         timeline.timeline().GetCommitsTimeline().FilterCompleted().Timestamps()) {
      retention.active.insert(ts);
    }
    int archived = 0;
    for (const std::string& instant : model_.instants()) {
      if (retention.active.count(instant) > 0) continue;
      retention.newest_archived = instant;
      ++archived;
    }
    seen_.most_archived = std::max(seen_.most_archived, archived);
    return retention;
  }

  void ServiceStep() {
    int dice = Uniform(0, 99);
    if (dice < 25) return Clean();
    if (dice < 40) return Archive();
    if (dice < 60) return Savepoint();
    if (dice < 70) return RemoveSavepoint();
    return Restore();
  }

  // `hoodie clean` with the run's retention. Without a pending compaction (whose
  // slices the cleaner keeps) nothing outside retention may be left.
  void Clean() {
    SCOPED_TRACE(Trace("clean"));
    bool pending = model_.CompactionPending();
    ASSERT_OK_AND_ASSIGN(CleanOptions options, CleanOptions::FromConfig(config_));
    ASSERT_OK_AND_ASSIGN(auto table, LoadTable());
    ASSERT_OK_AND_ASSIGN(CleanOutcome outcome, RunClean(table, options));
    if (!outcome.completed.empty()) ++seen_.cleans;
    if (!pending) ASSERT_NO_FATAL_FAILURE(ExpectNothingOutsideRetention());
    Check();
  }

  // KEEP_LATEST_COMMITS (CleanPlanner.getFilesToCleanKeepingLatestCommits): of every
  // file group the latest slice, the slices at or after the earliest commit to retain
  // and the newest slice before it stay, and savepointed files; nothing else.
  void ExpectNothingOutsideRetention() {
    ASSERT_OK_AND_ASSIGN(Retention retention, LoadRetention());
    if (retention.earliest_retained.empty()) return;
    ++seen_.retention_checks;
    ASSERT_OK_AND_ASSIGN(auto table, LoadTable());
    std::set<std::string> savepointed;
    ASSERT_OK_AND_ASSIGN(auto savepoints, ListSavepoints(*table));
    for (const auto& [instant, metadata] : savepoints) {
      for (const auto& [partition, files] : metadata.partition_metadata) {
        savepointed.insert(files.savepoint_data_file.begin(),
                           files.savepoint_data_file.end());
      }
    }
    ASSERT_OK_AND_ASSIGN(auto view, FileSystemView::Load(*table));
    for (const std::string& partition : view->partitions()) {
      for (const FileGroupSlices& group : view->FileGroupsInPartition(partition)) {
        bool kept_one_before = false;
        for (size_t i = 0; i < group.slices.size(); ++i) {
          const FileSlice& slice = group.slices[i];
          bool before = slice.base_instant < retention.earliest_retained;
          bool newest_before = before && !kept_one_before;
          kept_one_before = kept_one_before || before;
          if (i == 0 || !before || newest_before) continue;
          bool kept = slice.base_file && savepointed.count(slice.base_file->file_name) > 0;
          for (const LogFile& log : slice.log_files) {
            kept = kept || savepointed.count(log.file_name) > 0;
          }
          EXPECT_TRUE(kept) << "slice " << slice.base_instant << " of " << partition << "/"
                            << group.id.file_id << " is outside retention (earliest "
                            << retention.earliest_retained << ") but was not cleaned";
        }
      }
    }
  }

  void Archive() {
    SCOPED_TRACE(Trace("archive"));
    ASSERT_OK_AND_ASSIGN(ArchiveOptions options, ArchiveOptions::FromConfig(config_));
    ASSERT_OK_AND_ASSIGN(auto table, LoadTable());
    ASSERT_OK(RunArchive(table, options).status());
    Check();
  }

  // Savepoints a completed commit the last clean retained (older ones are beyond
  // Hudi's lookup window).
  void Savepoint() {
    ASSERT_OK_AND_ASSIGN(Retention retention, LoadRetention());
    std::vector<std::string> candidates;
    for (const std::string& instant : model_.instants()) {
      if (retention.active.count(instant) > 0 && !retention.CleanedAway(instant) &&
          savepoints_.count(instant) == 0) {
        candidates.push_back(instant);
      }
    }
    if (candidates.empty()) {
      return Run(WriteOperationType::kUpsert, RandomBatch(/*fresh=*/false, 10));
    }
    SavepointRequest request;
    request.instant = candidates[Uniform(0, static_cast<int>(candidates.size()) - 1)];
    SCOPED_TRACE(Trace("savepoint of " + *request.instant));
    ASSERT_OK_AND_ASSIGN(auto table, LoadTable());
    ASSERT_OK(CreateSavepoint(table, request).status());
    savepoints_.insert(*request.instant);
    ++seen_.savepoints;
    Check();
  }

  void RemoveSavepoint() {
    if (savepoints_.empty()) return Savepoint();
    auto it = savepoints_.begin();
    std::advance(it, Uniform(0, static_cast<int>(savepoints_.size()) - 1));
    SCOPED_TRACE(Trace("delete savepoint " + *it));
    ASSERT_OK_AND_ASSIGN(auto table, LoadTable());
    ASSERT_OK_AND_ASSIGN(bool deleted, DeleteSavepoint(*table, *it));
    ASSERT_TRUE(deleted);
    savepoints_.erase(it);
    Check();
  }

  // Restores to a savepoint or to an active commit the last clean retained, not before
  // the newest savepoint (Hudi's restore leaves later savepoints behind).
  void Restore() {
    ASSERT_OK_AND_ASSIGN(Retention retention, LoadRetention());
    std::vector<std::string> targets;
    const std::vector<std::string>& instants = model_.instants();
    for (const std::string& instant : instants) {
      bool restorable = savepoints_.count(instant) > 0 ||
                        (retention.active.count(instant) > 0 &&
                         !retention.CleanedAway(instant));
      bool after_savepoints = savepoints_.empty() || instant >= *savepoints_.rbegin();
      if (restorable && after_savepoints && instant != instants.back()) {
        targets.push_back(instant);
      }
    }
    if (targets.empty()) {
      return Run(WriteOperationType::kUpsert, RandomBatch(/*fresh=*/false, 10));
    }
    std::string target = targets[Uniform(0, static_cast<int>(targets.size()) - 1)];
    // Half the restores go back to the newest savepoint, the restore Hudi users run.
    if (!savepoints_.empty() && *savepoints_.rbegin() != instants.back() &&
        Uniform(0, 1) == 0) {
      target = *savepoints_.rbegin();
    }
    SCOPED_TRACE(Trace("restore to " + target));
    ASSERT_OK_AND_ASSIGN(auto table, LoadTable());
    ASSERT_OK_AND_ASSIGN(RollbackOptions options, RollbackOptions::FromConfig(config_));
    ASSERT_OK(RestoreToInstant(table, target, /*proceed_savepoint=*/false, options).status());
    for (std::string& compaction : model_.RestoreTo(target)) {
      restored_compactions_.insert(std::move(compaction));
    }
    ++seen_.restores;
    if (savepoints_.count(target) > 0) ++seen_.restores_to_savepoints;
    ASSERT_OK(NewWriter());
    Check();
  }

  // Brings the model's compactions up to the timeline: compactions scheduled (inline)
  // and completed since the model last looked. Deltacommits are applied first, so a
  // compaction scheduled after one plans its log records.
  void SyncCompactions() {
    if (case_.copy_on_write) return;  // its commits are writes
    ASSERT_OK_AND_ASSIGN(auto table, LoadTable());
    ASSERT_OK_AND_ASSIGN(ActiveTimeline timeline, table->LoadActiveTimeline());
    for (const Instant& instant : timeline.timeline().instants()) {
      bool pending = instant.action == Action::kCompaction && !instant.IsCompleted();
      bool completed = instant.action == Action::kCommit && instant.IsCompleted();
      if (!pending && !completed) continue;
      if (!model_.HasCompaction(instant.timestamp)) {
        model_.ScheduleCompaction(instant.timestamp);
      }
      if (completed && std::count(model_.instants().begin(), model_.instants().end(),
                                  instant.timestamp) == 0) {
        model_.CompleteCompaction(instant.timestamp);
        ++seen_.compactions;
        if (killed_.count(instant.timestamp) > 0) ++seen_.compacted_after_kill;
      }
    }
  }

  ::arrow::Result<std::vector<std::string>> Read(const ReadOptions& options) {
    ARROW_ASSIGN_OR_RAISE(auto table, LoadTable());
    ARROW_ASSIGN_OR_RAISE(auto reader, TableReader::Open(table));
    ARROW_ASSIGN_OR_RAISE(auto data, reader->ReadTable(options));
    if (data->num_rows() == 0) return std::vector<std::string>{};
    return testing::RenderRows(*data, testing::ModelColumns());
  }

  // The metadata table (on by default), when readers may use it, lists what storage
  // holds after every step. (The steps that load the table without the writer's
  // configuration, its rollbacks, cleans and savepoints, disable it as a writer with
  // hoodie.metadata.enable=false does; the next write builds it again.)
  void ExpectMetadataTableValid() {
    ASSERT_OK_AND_ASSIGN(auto table, LoadTable());
    if (table->table_config()->metadata_partitions().empty()) return;
    ++seen_.metadata_validations;
    ASSERT_OK_AND_ASSIGN(std::vector<std::string> mismatches, ValidateMetadataTable(*table));
    ASSERT_TRUE(mismatches.empty()) << ::testing::PrintToString(mismatches);
  }

  void ExpectRows(const ReadOptions& options, const std::vector<std::string>& expected,
                  const std::string& what) {
    ASSERT_OK_AND_ASSIGN(auto rows, Read(options));
    ASSERT_TRUE(rows == expected) << what << ":" << RowDifference(rows, expected);
  }

  // Snapshot and read-optimized now, both as of every earlier instant (a compaction
  // completed since changes the past's base files and may change its merge), and an
  // incremental range.
  // A time travel to an instant the last clean did not retain fails with Hudi's message.
  void ExpectCleanedAway(const ReadOptions& options, const std::string& what) {
    ::arrow::Result<std::vector<std::string>> rows = Read(options);
    ASSERT_FALSE(rows.ok()) << what << " read though cleaned away";
    EXPECT_THAT(rows.status().message(),
                ::testing::HasSubstr("Cleaner cleaned up the timestamp of interest"))
        << what;
  }

  void Check() {
    if (::testing::Test::HasFatalFailure()) return;
    const std::vector<std::string>& instants = model_.instants();
    if (instants.empty()) return;
    ASSERT_NO_FATAL_FAILURE(ExpectMetadataTableValid());
    ASSERT_OK_AND_ASSIGN(Retention retention, LoadRetention());
    const bool path_values = case_.copy_on_write;
    const bool merge_on_read = !case_.copy_on_write;
    ASSERT_NO_FATAL_FAILURE(
        ExpectRows(ReadOptions::Defaults(), model_.Snapshot(path_values), "snapshot"));
    ReadOptions optimized;
    optimized.query_type = QueryType::kReadOptimized;
    if (merge_on_read) {
      ASSERT_NO_FATAL_FAILURE(
          ExpectRows(optimized, model_.ReadOptimized(), "read-optimized"));
    }
    for (const std::string& instant : instants) {
      ReadOptions travel;
      travel.as_of = instant;
      if (retention.CleanedAway(instant)) {
        ASSERT_NO_FATAL_FAILURE(ExpectCleanedAway(travel, "as of " + instant));
        continue;
      }
      if (ShadowedByRestoredCompaction(retention, instant)) continue;
      ASSERT_NO_FATAL_FAILURE(ExpectRows(travel, model_.SnapshotAt(instant, path_values),
                                         "as of " + instant));
      if (!merge_on_read) continue;
      optimized.as_of = instant;
      ASSERT_NO_FATAL_FAILURE(ExpectRows(optimized, model_.ReadOptimizedAt(instant),
                                         "read-optimized as of " + instant));
    }
    // Incremental ranges whose commits are all active (archived ones are not seen, as
    // in Hudi): begin at or after the newest archived instant. One that ends before
    // the last clean's retention may need a cleaned file: then it fails saying so.
    int n = static_cast<int>(instants.size());
    int lowest = -1;
    if (retention.newest_archived) {
      lowest = static_cast<int>(std::find(instants.begin(), instants.end(),
                                          *retention.newest_archived) -
                                instants.begin());
    }
    for (int i = 0; i < 2 && lowest < n - 1; ++i) {
      int end = Uniform(std::max(lowest, 0), n - 1);
      int begin = Uniform(lowest, end);
      ReadOptions incremental;
      incremental.query_type = QueryType::kIncremental;
      incremental.begin = begin < 0 ? "000" : instants[begin];
      incremental.end = instants[end];
      std::string what = "incremental (" + *incremental.begin + ", " + *incremental.end + "]";
      if (ShadowedByRestoredCompaction(retention, instants[end])) continue;
      std::vector<std::string> expected =
          model_.Incremental(*incremental.begin, *incremental.end);
      if (retention.CleanedAway(instants[end])) {
        ::arrow::Result<std::vector<std::string>> rows = Read(incremental);
        if (!rows.ok()) {
          EXPECT_THAT(rows.status().message(), ::testing::HasSubstr("the cleaner has deleted"))
              << what;
          continue;
        }
        ASSERT_TRUE(*rows == expected) << what << ":" << RowDifference(*rows, expected);
        continue;
      }
      ASSERT_NO_FATAL_FAILURE(ExpectRows(incremental, expected, what));
    }
  }

  MorCase case_;
  int step_ = 0;
  std::mt19937 random_;
  WriteModel model_;
  HoodieConfig config_;
  std::string base_ = "/memory/mor_model";
  // In memory: the runs make hundreds of commits and thousands of reads.
  std::shared_ptr<FaultInjectingStorage> storage_ =
      std::make_shared<FaultInjectingStorage>(Storage::InMemory());
  std::unique_ptr<WriteClient> client_;
  bool must_write_ = false;
  std::set<std::string> killed_;
  std::set<std::string> savepoints_;
  // Compactions a restore rolled back.
  std::set<std::string> restored_compactions_;
  struct {
    int compactions = 0;
    int failed_writes = 0;
    int metadata_validations = 0;
    int rollbacks = 0;
    int rollbacks_under_pending = 0;
    int writes_under_pending = 0;
    int killed_compactions = 0;
    int compacted_after_kill = 0;
    int cleans = 0;
    int retention_checks = 0;
    int most_archived = 0;
    int savepoints = 0;
    int restores = 0;
    int restores_to_savepoints = 0;
  } seen_;
};

class MorModelTest : public ::testing::TestWithParam<MorCase> {
 protected:
  testing::QuietLogs quiet_logs_;
};

TEST_P(MorModelTest, RandomOperationsCompactionsAndRollbacksMatchTheModel) {
  const MorCase& c = GetParam();
  MorModelRun run(c);
  ASSERT_OK(run.Open());
  for (int step = 0; step < c.steps; ++step) {
    run.Step(step);
    if (::testing::Test::HasFatalFailure()) return;
  }
  run.ExpectExercised();
}

// Seeds picked so that every run does what ExpectExercised asks.
// Seeds picked so that every run does what ExpectExercised asks (60 seeds from 3000
// were run with every index, key, inline and log-size variant and matched the model).
MorCase CopyOnWrite(MorCase c) {
  c.copy_on_write = true;
  return c;
}

std::vector<MorCase> Cases() {
  const bool kInline = true;
  const bool kTinyLogs = true;
  const bool kServices = true;
  return {
      MorCase{"BLOOM", ModelKeyGen::kSimple, 3013},
      MorCase{"BLOOM", ModelKeyGen::kComplex, 3021},
      MorCase{"SIMPLE", ModelKeyGen::kSimple, 3034},
      MorCase{"SIMPLE", ModelKeyGen::kComplex, 3018},
      MorCase{"BLOOM", ModelKeyGen::kComplex, 3015, 30, kInline},
      MorCase{"SIMPLE", ModelKeyGen::kSimple, 3010, 30, kInline, kTinyLogs},
      MorCase{"SIMPLE", ModelKeyGen::kComplex, 3024, 30, !kInline, kTinyLogs},
      // Seeds picked from 30 table-service runs (4001-4010, 4101-4110, 4201-4210), all
      // of which matched the model; these also exercise every service. With the
      // metadata table on (Hudi 0.15's default), 4003 and 4201 no longer ran an
      // explicit clean that deleted anything: 4007 and 4202, of 12 runs that all
      // matched the model, do.
      MorCase{"BLOOM", ModelKeyGen::kSimple, 4007, 60, !kInline, !kTinyLogs, kServices},
      MorCase{"BLOOM", ModelKeyGen::kSimple, 4010, 60, !kInline, !kTinyLogs, kServices},
      MorCase{"BLOOM", ModelKeyGen::kComplex, 4202, 60, kInline, !kTinyLogs, kServices},
      // Copy-on-write: all 20 runs (4301-4310, 4401-4410) match the model. Before the
      // cleaner tracked deleted savepoints, 4303 found a slice left outside retention.
      CopyOnWrite(MorCase{"BLOOM", ModelKeyGen::kSimple, 4306, 60, !kInline, !kTinyLogs,
                          kServices}),
      CopyOnWrite(MorCase{"SIMPLE", ModelKeyGen::kComplex, 4405, 60, !kInline,
                          !kTinyLogs, kServices}),
  };
}

std::string ParamName(const ::testing::TestParamInfo<MorCase>& info) {
  return CaseName(info.param);
}

INSTANTIATE_TEST_SUITE_P(MergeOnRead, MorModelTest, ::testing::ValuesIn(Cases()),
                         ParamName);

}  // namespace
}  // namespace hoodie
