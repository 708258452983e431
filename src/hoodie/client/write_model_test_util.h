// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/client/write_model_test_util.h
/// \brief An in-memory model of a copy-on-write or merge-on-read table for the
/// model-based write tests (write_model_test, services/mor_model_test):
/// what each operation must leave in the table under each payload, written from Hudi
/// 0.15's semantics independently of the write path.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include <arrow/api.h>

#include "hoodie/config/hoodie_config.h"

namespace hoodie::testing {

/// The builtin payload classes.
enum class ModelPayload {
  kOverwriteWithLatest,
  kDefault,
  kEventTime,
  kOverwriteNonDefaults,
  kPartialUpdate
};

/// Key generator set-ups the model knows how to compute keys for.
enum class ModelKeyGen {
  kSimple,          ///< key id, partition p
  kSimpleHive,      ///< key id, partition p=<p>
  kComplex,         ///< key id:<id>,k2:<k2>, partition <p>/<q>
  kNonPartitioned,  ///< key id, partition ""
  kTimestamp,       ///< key id, partition yyyy/MM/dd of `day` (epoch millis, UTC)
  kCustom,          ///< key id:<id>,k2:<k2>, partition <p>/yyyy/MM/dd of `day`
};

std::string_view ModelPayloadName(ModelPayload payload);  ///< simple Java class name
std::string_view ModelKeyGenName(ModelKeyGen keygen);

/// One input record of the model schema.
struct ModelRecord {
  std::string id;
  std::string k2;
  std::string p;
  std::string q;
  int64_t day = 0;  ///< epoch millis
  int64_t ts = 0;   ///< the ordering field
  std::optional<int64_t> v;
  std::optional<std::string> name;
  bool deleted = false;  ///< `_hoodie_is_deleted`
};

/// The write configuration of table "model" for a key generator and payload (precombine
/// field ts, combine.before.insert on, a small bloom filter).
HoodieConfig ModelConfig(ModelKeyGen keygen, ModelPayload payload,
                         const std::string& index_type);

/// The record key and partition path Hudi computes for `record`.
std::string ModelRecordKey(ModelKeyGen keygen, const ModelRecord& record);
std::string ModelPartitionPath(ModelKeyGen keygen, const ModelRecord& record);

/// A reader over `records` in batches of `batch_size` rows.
std::shared_ptr<::arrow::RecordBatchReader> ModelReader(
    const std::vector<ModelRecord>& records, int64_t batch_size);

/// The columns a model row is rendered with, in order.
const std::vector<std::string>& ModelColumns();

/// The rows only one of two sorted row lists has ("unexpected" in `actual`, "missing"
/// from it), one per line, for failure messages.
std::string RowDifference(const std::vector<std::string>& actual,
                          const std::vector<std::string>& expected);

/// \brief What the table must hold after each committed operation.
///
/// Records are identified by (partition path, record key) for a non-global index and by
/// record key for a global one. Each row remembers the instant that last wrote it.
class WriteModel {
 public:
  /// How the index finds records.
  struct IndexModel {
    /// Lookups by record key alone (GLOBAL_BLOOM, GLOBAL_SIMPLE); INMEMORY looks up the
    /// full key (record key and partition path) although it calls itself global.
    bool global_lookup = false;
    /// In-batch duplicates by record key alone (HoodieIndex.isGlobal: INMEMORY too).
    bool global_dedupe = false;
    /// *.update.partition.path: a record whose partition changed moves.
    bool update_partition_path = false;
    /// A merge-on-read table (OverwriteWithLatestAvroPayload, non-global indexes):
    /// inserts go to base files of new file groups; updates and deletes of a key the
    /// index finds in its group's latest completed base file go to that group's log
    /// (the slice of a pending compaction's plan once one is scheduled); compaction
    /// writes each planned group's merged rows, commit times kept, as a new base file.
    /// A read folds a group's log records oldest first with preCombine (Hudi's log
    /// scanner runs the merger in pre-combining mode; a delete, soft or not, replaces
    /// a record unless it carries a smaller ordering value, and a record after a delete
    /// wins), then merges the result into the base row. See the comments of
    /// MergeOnReadRows and Incremental for the reads of the past. Only for
    /// OverwriteWithLatestAvroPayload, whose base merge ignores the stored record (other
    /// payloads let Hudi bring a deleted base row back), and inserts of keys never
    /// written before (see Contains).
    bool merge_on_read = false;
  };

  WriteModel(ModelKeyGen keygen, ModelPayload payload, IndexModel index);

  /// The operations, each applied as one commit at `instant`. Insert and BulkInsert
  /// assume their keys are not in the table (a merge into a small file or a duplicate
  /// would depend on file placement) and pre-combine the batch.
  void Upsert(const std::vector<ModelRecord>& batch, const std::string& instant);
  void Insert(const std::vector<ModelRecord>& batch, const std::string& instant);
  void BulkInsert(const std::vector<ModelRecord>& batch, const std::string& instant);
  void Delete(const std::vector<ModelRecord>& batch, const std::string& instant);

  /// True when the table holds the record `record` identifies (merge-on-read: when a
  /// base file holds it, deleted or not, or a log holds it).
  bool Contains(const ModelRecord& record) const;
  /// Merge-on-read: false for a key only the logs of its file group hold (its
  /// compacted base file dropped it while a pending compaction's slice took a new
  /// record): the index cannot find it, so any new write of it would duplicate it in
  /// a new file group, which the model does not represent. The runs leave such keys
  /// alone.
  bool Writable(const ModelRecord& record) const;

  /// Merge-on-read compaction: `instant` plans every file group with log records in
  /// its latest slice (the default strategy takes them all); completing it writes each
  /// planned group's merged rows as its new base file, commit times kept.
  void ScheduleCompaction(const std::string& instant);
  void CompleteCompaction(const std::string& instant);
  /// Whether `instant` is a compaction the model scheduled, and one still pending.
  bool HasCompaction(const std::string& instant) const;
  bool CompactionPending() const { return !pending_compactions_.empty(); }
  /// The latest pending compaction, if any.
  std::optional<std::string> LatestPendingCompaction() const;
  /// Forgets the latest commit or deltacommit `instant` (rolled back).
  void Revert(const std::string& instant);
  /// Restore to `instant`: forgets every later instant, newest first
  /// (deltacommits as Revert, completed compactions' base versions) and every
  /// compaction scheduled after it that is still pending. \return the compactions
  /// forgotten.
  std::vector<std::string> RestoreTo(const std::string& instant);
  /// True when the latest instant is a deltacommit (not a compaction).
  bool LatestIsDeltaCommit() const;

  /// The rows now, rendered as ModelColumns() joined by '|', sorted. With
  /// `path_values` the partition columns hold the values of the partition path, as
  /// base-file-only reads (COW snapshot and time travel, read-optimized) return them;
  /// otherwise the stored values (MOR snapshot, incremental; merge-on-read snapshots
  /// always render stored values).
  std::vector<std::string> Snapshot(bool path_values) const;
  /// The rows as of the commit `instant` (one of the applied ones).
  std::vector<std::string> SnapshotAt(const std::string& instant, bool path_values) const;
  /// Merge-on-read: the base rows (read-optimized view, partition values from the path)
  /// now and as of the commit `instant`.
  std::vector<std::string> ReadOptimized() const;
  std::vector<std::string> ReadOptimizedAt(const std::string& instant) const;
  /// Rows as of `end` whose commit time is in (begin, end], stored values.
  std::vector<std::string> Incremental(const std::string& begin,
                                       const std::string& end) const;
  /// Every instant applied (deltacommits and compactions), in instant-time order.
  const std::vector<std::string>& instants() const { return instants_; }

 private:
  struct Row {
    ModelRecord record;
    std::string key;
    std::string partition;
    std::string commit_time;
  };

  // A staged record: its values and the key and partition path it is written under.
  struct Keyed {
    ModelRecord record;
    std::string key;
    std::string partition;
  };

  Keyed KeyOf(const ModelRecord& record) const;
  std::string Identity(const std::string& key, const std::string& partition) const;
  // Each payload's preCombine of two records of one key (older arrived first); the
  // result keeps the older record's key only when the older record itself wins.
  Keyed PreCombine(const Keyed& older, const Keyed& newer) const;
  // Pre-combined batch in first-arrival order.
  std::vector<Keyed> Deduplicate(const std::vector<ModelRecord>& batch) const;
  // Each payload's combineAndGetUpdateValue: nullopt deletes; `kept_stored` when the
  // stored record itself survives (its commit time stays).
  std::optional<ModelRecord> Combine(const ModelRecord& stored,
                                     const ModelRecord& incoming,
                                     bool* kept_stored) const;
  // `base`: written to a base file (an insert into a new file group), which a
  // merge-on-read model keeps in its read-optimized view.
  void Write(const Keyed& record, const std::string& instant, bool base);
  void UpsertOne(const Keyed& incoming, const std::string& instant);
  std::string Render(const Row& row, bool path_values) const;
  void Record(const std::string& instant);

  ModelKeyGen keygen_;
  ModelPayload payload_;
  IndexModel index_;
  std::map<std::string, Row> rows_;
  std::vector<std::string> instants_;
  std::map<std::string, std::map<std::string, Row>> history_;
  // Merge-on-read. A log record (nullopt: a delete of the delete operation, whose
  // ordering value is 0 and always applies; a record with `deleted`: a soft delete,
  // written as a delete with its ordering value), with its instant and the base instant
  // of the file slice it went to.
  struct LogEntry {
    std::optional<ModelRecord> record;
    std::string instant;
    std::string slice;
  };
  // A base file version of a group: the key's row in it, if any.
  struct BaseVersion {
    std::string instant;
    std::optional<Row> row;
  };
  // One file group that held a key: its completed base versions and every log record
  // of the key, oldest first, and the pending compaction that planned its latest slice.
  // A key gets a new group when it is inserted again after a compaction dropped it.
  struct MorGroup {
    std::string key;
    std::string partition;
    std::vector<BaseVersion> versions;
    std::vector<LogEntry> logs;
    std::optional<std::string> planned;
  };
  void UpsertMergeOnRead(const std::vector<ModelRecord>& batch,
                         const std::string& instant);
  void AppendLog(const std::string& identity, std::optional<ModelRecord> record,
                 const std::string& instant);
  MorGroup* CurrentGroup(const std::string& identity);
  const MorGroup* CurrentGroup(const std::string& identity) const;
  bool IndexFinds(const MorGroup& group) const;
  std::optional<Row> Fold(const MorGroup& group, const std::optional<Row>& base,
                          const std::vector<const LogEntry*>& logs) const;
  std::vector<std::string> MergeOnReadRows(const std::optional<std::string>& as_of,
                                           bool base_only) const;
  std::map<std::string, std::vector<MorGroup>> mor_;
  std::set<std::string> compactions_;
  std::set<std::string> pending_compactions_;
};

}  // namespace hoodie::testing
