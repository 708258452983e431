// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/client/write_model_test_util.cc
/// \brief The in-memory table model of the model-based write tests.

#include "hoodie/client/write_model_test_util.h"

#include <algorithm>
#include <cstdio>

namespace hoodie::testing {
namespace {

constexpr int64_t kMillisPerDay = 86400000;

// yyyy/MM/dd of epoch millis in UTC (days to civil date, proleptic Gregorian).
std::string DayPath(int64_t epoch_millis) {
  int64_t days = epoch_millis / kMillisPerDay;
  if (epoch_millis % kMillisPerDay < 0) --days;
  days += 719468;
  int64_t era = (days >= 0 ? days : days - 146096) / 146097;
  int64_t doe = days - era * 146097;
  int64_t yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
  int64_t doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
  int64_t mp = (5 * doy + 2) / 153;
  int64_t day = doy - (153 * mp + 2) / 5 + 1;
  int64_t month = mp < 10 ? mp + 3 : mp - 9;
  int64_t year = yoe + era * 400 + (month <= 2 ? 1 : 0);
  char text[48];
  std::snprintf(text, sizeof(text), "%04lld/%02lld/%02lld", static_cast<long long>(year),
                static_cast<long long>(month), static_cast<long long>(day));
  return text;
}

// OverwriteNonDefaultsWithLatestAvroPayload.mergeRecords: the base record's non-null
// values, the other record's where the base has null (only v and name can be null).
ModelRecord PreferNonNull(const ModelRecord& base, const ModelRecord& other) {
  ModelRecord out = base;
  if (!out.v) out.v = other.v;
  if (!out.name) out.name = other.name;
  return out;
}

void SetTimestampOptions(HoodieConfig* config) {
  config->Set("hoodie.keygen.timebased.timestamp.type", "EPOCHMILLISECONDS");
  config->Set("hoodie.keygen.timebased.output.dateformat", "yyyy/MM/dd");
  config->Set("hoodie.keygen.timebased.timezone", "UTC");
}

}  // namespace

std::string_view ModelPayloadName(ModelPayload payload) {
  switch (payload) {
    case ModelPayload::kOverwriteWithLatest:
      return "OverwriteWithLatestAvroPayload";
    case ModelPayload::kDefault:
      return "DefaultHoodieRecordPayload";
    case ModelPayload::kEventTime:
      return "EventTimeAvroPayload";
    case ModelPayload::kOverwriteNonDefaults:
      return "OverwriteNonDefaultsWithLatestAvroPayload";
    case ModelPayload::kPartialUpdate:
      return "PartialUpdateAvroPayload";
  }
  return "";
}

std::string_view ModelKeyGenName(ModelKeyGen keygen) {
  switch (keygen) {
    case ModelKeyGen::kSimple:
      return "Simple";
    case ModelKeyGen::kSimpleHive:
      return "SimpleHive";
    case ModelKeyGen::kComplex:
      return "Complex";
    case ModelKeyGen::kNonPartitioned:
      return "NonPartitioned";
    case ModelKeyGen::kTimestamp:
      return "Timestamp";
    case ModelKeyGen::kCustom:
      return "Custom";
  }
  return "";
}

HoodieConfig ModelConfig(ModelKeyGen keygen, ModelPayload payload,
                         const std::string& index_type) {
  HoodieConfig config;
  config.Set("hoodie.table.name", "model");
  config.Set("hoodie.datasource.write.precombine.field", "ts");
  config.Set("hoodie.datasource.write.payload.class",
             "org.apache.hudi.common.model." + std::string(ModelPayloadName(payload)));
  config.Set("hoodie.index.type", index_type);
  config.Set("hoodie.combine.before.insert", "true");
  config.Set("hoodie.index.bloom.num_entries", "100");
  config.Set("hoodie.bloom.index.filter.type", "SIMPLE");
  // Reading gzip pages sets up a zlib stream per column chunk, which dominates the
  // cost of the hundreds of tiny files the model tests read.
  config.Set("hoodie.parquet.compression.codec", "snappy");
  // The models time-travel to every instant they wrote: no cleaner may take the slices
  // those reads need (cleaning has its own tests, actions/clean_test.cc).
  config.Set("hoodie.clean.automatic", "false");
  const std::string keygen_key = "hoodie.datasource.write.keygenerator.class";
  const std::string record_key = "hoodie.datasource.write.recordkey.field";
  const std::string partition = "hoodie.datasource.write.partitionpath.field";
  switch (keygen) {
    case ModelKeyGen::kSimple:
    case ModelKeyGen::kSimpleHive:
      config.Set(record_key, "id");
      config.Set(partition, "p");
      if (keygen == ModelKeyGen::kSimpleHive) {
        config.Set("hoodie.datasource.write.hive_style_partitioning", "true");
      }
      break;
    case ModelKeyGen::kComplex:
      config.Set(keygen_key, "org.apache.hudi.keygen.ComplexKeyGenerator");
      config.Set(record_key, "id,k2");
      config.Set(partition, "p,q");
      break;
    case ModelKeyGen::kNonPartitioned:
      config.Set(keygen_key, "org.apache.hudi.keygen.NonpartitionedKeyGenerator");
      config.Set(record_key, "id");
      break;
    case ModelKeyGen::kTimestamp:
      config.Set(keygen_key, "org.apache.hudi.keygen.TimestampBasedKeyGenerator");
      config.Set(record_key, "id");
      config.Set(partition, "day");
      SetTimestampOptions(&config);
      break;
    case ModelKeyGen::kCustom:
      config.Set(keygen_key, "org.apache.hudi.keygen.CustomKeyGenerator");
      config.Set(record_key, "id,k2");
      config.Set(partition, "p:simple,day:timestamp");
      SetTimestampOptions(&config);
      break;
  }
  return config;
}

std::string ModelRecordKey(ModelKeyGen keygen, const ModelRecord& record) {
  switch (keygen) {
    case ModelKeyGen::kComplex:
    case ModelKeyGen::kCustom:
      return "id:" + record.id + ",k2:" + record.k2;
    default:
      return record.id;
  }
}

std::string ModelPartitionPath(ModelKeyGen keygen, const ModelRecord& record) {
  switch (keygen) {
    case ModelKeyGen::kSimple:
      return record.p;
    case ModelKeyGen::kSimpleHive:
      return "p=" + record.p;
    case ModelKeyGen::kComplex:
      return record.p + "/" + record.q;
    case ModelKeyGen::kNonPartitioned:
      return "";
    case ModelKeyGen::kTimestamp:
      return DayPath(record.day);
    case ModelKeyGen::kCustom:
      return record.p + "/" + DayPath(record.day);
  }
  return "";
}

std::shared_ptr<::arrow::RecordBatchReader> ModelReader(
    const std::vector<ModelRecord>& records, int64_t batch_size) {
  ::arrow::StringBuilder id, k2, p, q, name;
  ::arrow::Int64Builder day, ts, v;
  ::arrow::BooleanBuilder deleted;
  for (const ModelRecord& r : records) {
    (void)id.Append(r.id);
    (void)k2.Append(r.k2);
    (void)p.Append(r.p);
    (void)q.Append(r.q);
    (void)day.Append(r.day);
    (void)ts.Append(r.ts);
    (void)(r.v ? v.Append(*r.v) : v.AppendNull());
    (void)(r.name ? name.Append(*r.name) : name.AppendNull());
    (void)deleted.Append(r.deleted);
  }
  auto schema = ::arrow::schema(
      {::arrow::field("id", ::arrow::utf8()), ::arrow::field("k2", ::arrow::utf8()),
       ::arrow::field("p", ::arrow::utf8()), ::arrow::field("q", ::arrow::utf8()),
       ::arrow::field("day", ::arrow::int64()), ::arrow::field("ts", ::arrow::int64()),
       ::arrow::field("v", ::arrow::int64()), ::arrow::field("name", ::arrow::utf8()),
       ::arrow::field("_hoodie_is_deleted", ::arrow::boolean())});
  auto table =
      ::arrow::Table::Make(schema, {id.Finish().ValueOrDie(), k2.Finish().ValueOrDie(),
                                    p.Finish().ValueOrDie(), q.Finish().ValueOrDie(),
                                    day.Finish().ValueOrDie(), ts.Finish().ValueOrDie(),
                                    v.Finish().ValueOrDie(), name.Finish().ValueOrDie(),
                                    deleted.Finish().ValueOrDie()});
  auto reader = std::make_shared<::arrow::TableBatchReader>(table);
  reader->set_chunksize(batch_size);
  return reader;
}

std::string RowDifference(const std::vector<std::string>& actual,
                          const std::vector<std::string>& expected) {
  std::string out;
  for (const std::string& row : actual) {
    if (!std::binary_search(expected.begin(), expected.end(), row)) {
      out += "\n  unexpected " + row;
    }
  }
  for (const std::string& row : expected) {
    if (!std::binary_search(actual.begin(), actual.end(), row)) {
      out += "\n  missing    " + row;
    }
  }
  return out;
}

const std::vector<std::string>& ModelColumns() {
  static const std::vector<std::string> kColumns = {"_hoodie_commit_time",
                                                    "_hoodie_record_key",
                                                    "_hoodie_partition_path",
                                                    "id",
                                                    "k2",
                                                    "p",
                                                    "q",
                                                    "day",
                                                    "ts",
                                                    "v",
                                                    "name",
                                                    "_hoodie_is_deleted"};
  return kColumns;
}

WriteModel::WriteModel(ModelKeyGen keygen, ModelPayload payload, IndexModel index)
    : keygen_(keygen), payload_(payload), index_(index) {}

WriteModel::Keyed WriteModel::KeyOf(const ModelRecord& record) const {
  return Keyed{record, ModelRecordKey(keygen_, record),
               ModelPartitionPath(keygen_, record)};
}

std::string WriteModel::Identity(const std::string& key,
                                 const std::string& partition) const {
  if (index_.global_lookup) return key;
  return partition + std::string(1, '\0') + key;
}

bool WriteModel::Contains(const ModelRecord& record) const {
  Keyed keyed = KeyOf(record);
  if (index_.merge_on_read) {
    const MorGroup* group = CurrentGroup(Identity(keyed.key, keyed.partition));
    return group != nullptr && (IndexFinds(*group) || !Writable(record));
  }
  if (index_.global_dedupe) {
    // A fresh record must be fresh under every identity the write uses.
    for (const auto& [identity, row] : rows_) {
      if (row.key == keyed.key) return true;
    }
    return false;
  }
  return rows_.count(Identity(keyed.key, keyed.partition)) > 0;
}

// OverwriteWithLatestAvroPayload.preCombine (inherited by all but PartialUpdate): the
// earlier record only when its ordering value is greater. PartialUpdateAvroPayload: the
// greater (ties: the later) is the base, its nulls filled from the other; a deleted base
// yields the later record. HoodieWriteHelper keeps the earlier key only when the earlier
// payload itself comes back.
WriteModel::Keyed WriteModel::PreCombine(const Keyed& older, const Keyed& newer) const {
  bool older_greater = older.record.ts > newer.record.ts;
  if (payload_ != ModelPayload::kPartialUpdate) return older_greater ? older : newer;
  const ModelRecord& base = older_greater ? older.record : newer.record;
  const ModelRecord& other = older_greater ? newer.record : older.record;
  if (base.deleted) return newer;
  return Keyed{PreferNonNull(base, other), newer.key, newer.partition};
}

std::vector<WriteModel::Keyed> WriteModel::Deduplicate(
    const std::vector<ModelRecord>& batch) const {
  std::vector<Keyed> out;
  std::map<std::string, size_t> position;
  for (const ModelRecord& record : batch) {
    Keyed keyed = KeyOf(record);
    std::string group = index_.global_dedupe
                            ? keyed.key
                            : keyed.partition + std::string(1, '\0') + keyed.key;
    auto [it, inserted] = position.emplace(group, out.size());
    if (inserted) {
      out.push_back(std::move(keyed));
    } else {
      out[it->second] = PreCombine(out[it->second], keyed);
    }
  }
  return out;
}

std::optional<ModelRecord> WriteModel::Combine(const ModelRecord& stored,
                                               const ModelRecord& incoming,
                                               bool* kept_stored) const {
  *kept_stored = false;
  bool stored_greater = stored.ts > incoming.ts;
  switch (payload_) {
    case ModelPayload::kOverwriteWithLatest:
      if (incoming.deleted) return std::nullopt;
      return incoming;
    case ModelPayload::kDefault:
      if (stored_greater) {
        *kept_stored = true;
        return stored;
      }
      if (incoming.deleted) return std::nullopt;
      return incoming;
    case ModelPayload::kEventTime:
      if (incoming.deleted) return std::nullopt;
      if (stored_greater) {
        *kept_stored = true;
        return stored;
      }
      return incoming;
    case ModelPayload::kOverwriteNonDefaults:
      if (incoming.deleted) return std::nullopt;
      return PreferNonNull(incoming, stored);
    case ModelPayload::kPartialUpdate:
      if (incoming.deleted) return std::nullopt;
      return stored_greater ? PreferNonNull(stored, incoming)
                            : PreferNonNull(incoming, stored);
  }
  return incoming;
}

void WriteModel::Write(const Keyed& record, const std::string& instant, bool base) {
  Row row{record.record, record.key, record.partition, instant};
  std::string identity = Identity(record.key, record.partition);
  if (index_.merge_on_read && base) {
    // A new file group; a key whose earlier group lost it to a compaction gets
    // another group.
    mor_[identity].push_back(
        MorGroup{record.key, record.partition, {BaseVersion{instant, row}}, {}, {}});
  }
  rows_[identity] = std::move(row);
}

// HoodieMergedLogRecordScanner (Hudi 0.15) with OverwriteWithLatestAvroPayload:
// processNextRecord folds a later record into the stored one with preCombine (the
// earlier record survives only with a strictly greater ordering value, and a record
// after a delete always wins: preCombine picks the newer payload when the older one is
// empty); processNextDeletedRecord keeps the stored record only when the delete carries
// a non-zero ordering value of the same class that is smaller (a delete of the delete
// operation carries 0 and always applies; a soft delete in an upsert carries its
// ordering value, HoodieAppendHandle). The base row then takes the folded record
// (combineAndGetUpdateValue ignores the stored record), or disappears for a delete; a
// key without log records keeps its base row.
std::optional<WriteModel::Row> WriteModel::Fold(
    const MorGroup& group, const std::optional<Row>& base,
    const std::vector<const LogEntry*>& logs) const {
  if (logs.empty()) return base;
  auto is_delete = [](const LogEntry* entry) {
    return !entry->record || entry->record->deleted;
  };
  const LogEntry* current = nullptr;
  for (const LogEntry* entry : logs) {
    bool keep = current != nullptr && !is_delete(current) && entry->record &&
                current->record->ts > entry->record->ts;
    if (!keep) current = entry;
  }
  if (is_delete(current)) return std::nullopt;
  return Row{*current->record, group.key, group.partition, current->instant};
}

WriteModel::MorGroup* WriteModel::CurrentGroup(const std::string& identity) {
  auto it = mor_.find(identity);
  return it == mor_.end() ? nullptr : &it->second.back();
}

const WriteModel::MorGroup* WriteModel::CurrentGroup(const std::string& identity) const {
  auto it = mor_.find(identity);
  return it == mor_.end() ? nullptr : &it->second.back();
}

// The indexes (BLOOM, SIMPLE) look keys up in the latest completed base file of each
// group (getLatestBaseFiles leaves out a pending compaction's).
// The index finds a key in its latest base file, unless a pending compaction that
// planned its group will drop that row (its compacted logs delete it): the write
// planner then treats the key as new (write/compaction_dropped_keys.cc).
bool WriteModel::IndexFinds(const MorGroup& group) const {
  const BaseVersion& base = group.versions.back();
  if (!base.row.has_value()) return false;
  if (!group.planned) return true;
  std::vector<const LogEntry*> compacted;
  for (const LogEntry& entry : group.logs) {
    if (entry.slice == base.instant) compacted.push_back(&entry);
  }
  return Fold(group, base.row, compacted).has_value();
}

bool WriteModel::Writable(const ModelRecord& record) const {
  if (!index_.merge_on_read) return true;
  Keyed keyed = KeyOf(record);
  const MorGroup* group = CurrentGroup(Identity(keyed.key, keyed.partition));
  if (group == nullptr || IndexFinds(*group)) return true;
  const std::string& base = group->versions.back().instant;
  for (const LogEntry& entry : group->logs) {
    if (entry.slice >= base) return false;
  }
  return true;
}

// A log record goes to the group's latest slice: the slice of the pending compaction
// that planned the group, else the slice of its latest base file.
void WriteModel::AppendLog(const std::string& identity, std::optional<ModelRecord> record,
                           const std::string& instant) {
  MorGroup* group = CurrentGroup(identity);
  std::string slice = group->planned.value_or(group->versions.back().instant);
  group->logs.push_back(LogEntry{std::move(record), instant, std::move(slice)});
}

void WriteModel::UpsertMergeOnRead(const std::vector<ModelRecord>& batch,
                                   const std::string& instant) {
  for (const Keyed& record : Deduplicate(batch)) {
    std::string identity = Identity(record.key, record.partition);
    const MorGroup* group = CurrentGroup(identity);
    if (group != nullptr && IndexFinds(*group)) {
      AppendLog(identity, record.record, instant);
    } else if (!record.record.deleted) {
      Write(record, instant, /*base=*/true);
    }
  }
}

// The model decides plan membership per key: a key with log records in its latest
// slice is planned (its file group has log files, and the default strategy takes every
// such group). A key without log records whose file group another key's logs bring
// into the plan reads the same either way: the compacted base holds its row unchanged,
// and OverwriteWithLatestAvroPayload's merge of later log records ignores the base row.
void WriteModel::ScheduleCompaction(const std::string& instant) {
  compactions_.insert(instant);
  pending_compactions_.insert(instant);
  for (auto& [identity, groups] : mor_) {
    MorGroup& group = groups.back();
    if (group.planned) continue;
    for (const LogEntry& entry : group.logs) {
      if (entry.slice == group.versions.back().instant) group.planned = instant;
    }
  }
}

// HoodieCompactor / HoodieMergeHandle: the planned slice's base row merged with its
// folded log records, as a snapshot read merges them; the record keeps its commit time.
void WriteModel::CompleteCompaction(const std::string& instant) {
  pending_compactions_.erase(instant);
  for (auto& [identity, groups] : mor_) {
    MorGroup& group = groups.back();
    if (group.planned != instant) continue;
    const BaseVersion& latest = group.versions.back();
    std::vector<const LogEntry*> logs;
    for (const LogEntry& entry : group.logs) {
      if (entry.slice == latest.instant) logs.push_back(&entry);
    }
    std::optional<Row> row = Fold(group, latest.row, logs);
    group.versions.push_back(BaseVersion{instant, std::move(row)});
    group.planned.reset();
  }
  Record(instant);
}

bool WriteModel::HasCompaction(const std::string& instant) const {
  return compactions_.count(instant) > 0;
}

std::optional<std::string> WriteModel::LatestPendingCompaction() const {
  if (pending_compactions_.empty()) return std::nullopt;
  return *pending_compactions_.rbegin();
}

bool WriteModel::LatestIsDeltaCommit() const {
  return !instants_.empty() && compactions_.count(instants_.back()) == 0;
}

void WriteModel::Revert(const std::string& instant) {
  for (auto it = mor_.begin(); it != mor_.end();) {
    std::vector<MorGroup>& groups = it->second;
    if (groups.back().versions.front().instant == instant) groups.pop_back();
    for (MorGroup& group : groups) {
      std::erase_if(group.logs,
                    [&](const LogEntry& entry) { return entry.instant == instant; });
    }
    it = groups.empty() ? mor_.erase(it) : std::next(it);
  }
  std::erase(instants_, instant);
  history_.erase(instant);
  // Copy-on-write: the rows of the commit before, which is now the latest.
  if (!index_.merge_on_read) {
    rows_ = instants_.empty() ? std::map<std::string, Row>() : history_.at(instants_.back());
  }
}

std::vector<std::string> WriteModel::RestoreTo(const std::string& instant) {
  std::vector<std::string> forgotten;
  for (auto it = pending_compactions_.upper_bound(instant);
       it != pending_compactions_.end();) {
    for (auto& [identity, groups] : mor_) {
      for (MorGroup& group : groups) {
        if (group.planned == *it) group.planned.reset();
      }
    }
    compactions_.erase(*it);
    forgotten.push_back(*it);
    it = pending_compactions_.erase(it);
  }
  while (!instants_.empty() && instants_.back() > instant) {
    const std::string latest = instants_.back();
    if (compactions_.erase(latest) > 0) {
      for (auto& [identity, groups] : mor_) {
        for (MorGroup& group : groups) {
          std::erase_if(group.versions,
                        [&](const BaseVersion& v) { return v.instant == latest; });
        }
      }
      instants_.pop_back();
      forgotten.push_back(latest);
    } else {
      Revert(latest);
    }
  }
  return forgotten;
}

// An update merges in the stored record's partition (a global index without
// update.partition.path tags it there); with update.partition.path a record whose
// partition changed is merged with the stored one and, unless the stored record itself
// stays or the merge deletes, deleted there and inserted in its new partition
// (HoodieIndexUtils.mergeForPartitionUpdatesIfNeeded).
void WriteModel::UpsertOne(const Keyed& incoming, const std::string& instant) {
  std::string identity = Identity(incoming.key, incoming.partition);
  auto it = rows_.find(identity);
  if (it == rows_.end()) {
    if (!incoming.record.deleted) Write(incoming, instant, /*base=*/true);
    return;
  }
  Row& stored = it->second;
  bool kept_stored = false;
  std::optional<ModelRecord> merged =
      Combine(stored.record, incoming.record, &kept_stored);
  if (!merged) {
    rows_.erase(it);
    return;
  }
  bool moves = index_.update_partition_path && stored.partition != incoming.partition;
  if (kept_stored) {
    // A stored record that wins a move is tagged back to its file group as the merged
    // record, which the merge handle writes as an update: same values, new commit time.
    if (moves) stored.commit_time = instant;
    return;
  }
  Keyed out{*merged, stored.key, moves ? incoming.partition : stored.partition};
  rows_.erase(it);
  Write(out, instant, /*base=*/moves);
}

void WriteModel::Upsert(const std::vector<ModelRecord>& batch,
                        const std::string& instant) {
  if (index_.merge_on_read) {
    UpsertMergeOnRead(batch, instant);
    Record(instant);
    return;
  }
  for (const Keyed& record : Deduplicate(batch)) UpsertOne(record, instant);
  Record(instant);
}

void WriteModel::Insert(const std::vector<ModelRecord>& batch,
                        const std::string& instant) {
  for (const Keyed& record : Deduplicate(batch)) {
    if (!record.record.deleted) Write(record, instant, /*base=*/true);
  }
  Record(instant);
}

void WriteModel::BulkInsert(const std::vector<ModelRecord>& batch,
                            const std::string& instant) {
  Insert(batch, instant);
}

void WriteModel::Delete(const std::vector<ModelRecord>& batch,
                        const std::string& instant) {
  // With combine.before.delete the keys are de-duplicated (by record key alone for
  // INMEMORY, which then looks the survivor up by its full key); the records carry no
  // values, so the later one wins.
  std::map<std::string, Keyed> survivors;
  for (const ModelRecord& record : batch) {
    Keyed keyed = KeyOf(record);
    std::string group = index_.global_dedupe
                            ? keyed.key
                            : keyed.partition + std::string(1, '\0') + keyed.key;
    survivors[group] = std::move(keyed);
  }
  for (const auto& [group, keyed] : survivors) {
    std::string identity = Identity(keyed.key, keyed.partition);
    rows_.erase(identity);
    if (index_.merge_on_read) {
      const MorGroup* stored = CurrentGroup(identity);
      if (stored != nullptr && IndexFinds(*stored)) {
        AppendLog(identity, std::nullopt, instant);
      }
    }
  }
  Record(instant);
}

std::string WriteModel::Render(const Row& row, bool path_values) const {
  ModelRecord r = row.record;
  std::string day = std::to_string(r.day);
  if (path_values) {
    // Spark's base-file-only reads fill the partition columns from the partition path
    // (hoodie/read/partition_values_internal.h); CustomKeyGenerator TIMESTAMP fields
    // keep their stored values.
    switch (keygen_) {
      case ModelKeyGen::kSimple:
        r.p = row.partition;
        break;
      case ModelKeyGen::kSimpleHive:
        r.p = row.partition.substr(2);
        break;
      case ModelKeyGen::kComplex:
        r.p = row.partition.substr(0, row.partition.find('/'));
        r.q = row.partition.substr(row.partition.find('/') + 1);
        break;
      case ModelKeyGen::kTimestamp:
        day = row.partition;
        break;
      default:
        break;
    }
  }
  std::string text = row.commit_time + "|" + row.key + "|" + row.partition + "|" + r.id +
                     "|" + r.k2 + "|" + r.p + "|" + r.q + "|" + day + "|" +
                     std::to_string(r.ts) + "|" + (r.v ? std::to_string(*r.v) : "null") +
                     "|" + (r.name ? *r.name : "null") + "|" +
                     (r.deleted ? "true" : "false");
  return text;
}

void WriteModel::Record(const std::string& instant) {
  // A compaction completes after the deltacommits that followed its schedule.
  instants_.insert(std::upper_bound(instants_.begin(), instants_.end(), instant),
                   instant);
  if (!index_.merge_on_read) history_[instant] = rows_;
}

// Merge-on-read rows as of `as_of` (every instant when nullopt), as time travel reads
// them today: each group's latest completed base version at or before `as_of` (a
// compaction completed since counts, as Hudi's time travel filters the completed
// timeline by instant time), merged with the key's log records up to `as_of` in the
// slices from that version on (a pending compaction's slice merged with the one
// before, getLatestMergedFileSlicesBeforeOrOn). `base_only`: the base rows alone
// (read-optimized), partition values from the path.
std::vector<std::string> WriteModel::MergeOnReadRows(
    const std::optional<std::string>& as_of, bool base_only) const {
  std::vector<std::string> out;
  for (const auto& [identity, groups] : mor_) {
    for (const MorGroup& group : groups) {
      const BaseVersion* version = nullptr;
      for (const BaseVersion& candidate : group.versions) {
        if (!as_of || candidate.instant <= *as_of) version = &candidate;
      }
      if (version == nullptr) continue;
      std::optional<Row> row = version->row;
      if (!base_only) {
        std::vector<const LogEntry*> logs;
        for (const LogEntry& entry : group.logs) {
          if ((!as_of || entry.instant <= *as_of) && entry.slice >= version->instant) {
            logs.push_back(&entry);
          }
        }
        row = Fold(group, row, logs);
      }
      if (row) out.push_back(Render(*row, /*path_values=*/base_only));
    }
  }
  std::sort(out.begin(), out.end());
  return out;
}

std::vector<std::string> WriteModel::ReadOptimized() const {
  return MergeOnReadRows(std::nullopt, /*base_only=*/true);
}

std::vector<std::string> WriteModel::ReadOptimizedAt(const std::string& instant) const {
  return MergeOnReadRows(instant, /*base_only=*/true);
}

std::vector<std::string> WriteModel::Snapshot(bool path_values) const {
  if (index_.merge_on_read) return MergeOnReadRows(std::nullopt, /*base_only=*/false);
  std::vector<std::string> out;
  for (const auto& [identity, row] : rows_) out.push_back(Render(row, path_values));
  std::sort(out.begin(), out.end());
  return out;
}

std::vector<std::string> WriteModel::SnapshotAt(const std::string& instant,
                                                bool path_values) const {
  if (index_.merge_on_read) return MergeOnReadRows(instant, /*base_only=*/false);
  std::vector<std::string> out;
  auto it = history_.find(instant);
  if (it == history_.end()) return out;
  for (const auto& [identity, row] : it->second) out.push_back(Render(row, path_values));
  std::sort(out.begin(), out.end());
  return out;
}

// Merge-on-read (Hudi 0.15 MergeOnReadIncrementalRelation.collectFileSplits): the view
// holds only the files the range's commits wrote (affectedFilesInCommits), of
// deltacommits and compaction commits alike, and each group's latest merged slice in
// it is read as of `end`, then rows are kept by _hoodie_commit_time in (begin, end].
// So a group's base version counts only when written in the range, log records only
// when written in the range (an update is its folded log records of the range), and
// log records of slices before a base version in the range are left out (that base
// holds them). A compacted row keeps its commit time, so a compaction commit in the
// range brings back only rows committed in the range.
std::vector<std::string> WriteModel::Incremental(const std::string& begin,
                                                 const std::string& end) const {
  std::vector<std::string> out;
  if (index_.merge_on_read) {
    auto in_range = [&](const std::string& instant) {
      return instant > begin && instant <= end;
    };
    for (const auto& [identity, groups] : mor_) {
      for (const MorGroup& group : groups) {
        const BaseVersion* version = nullptr;
        for (const BaseVersion& candidate : group.versions) {
          if (in_range(candidate.instant)) version = &candidate;
        }
        std::vector<const LogEntry*> logs;
        for (const LogEntry& entry : group.logs) {
          if (in_range(entry.instant) &&
              (version == nullptr || entry.slice >= version->instant)) {
            logs.push_back(&entry);
          }
        }
        std::optional<Row> base;
        if (version != nullptr) base = version->row;
        std::optional<Row> row = Fold(group, base, logs);
        if (row && in_range(row->commit_time)) {
          out.push_back(Render(*row, /*path_values=*/false));
        }
      }
    }
    std::sort(out.begin(), out.end());
    return out;
  }
  auto it = history_.find(end);
  if (it == history_.end()) return out;
  for (const auto& [identity, row] : it->second) {
    if (row.commit_time > begin) out.push_back(Render(row, /*path_values=*/false));
  }
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace hoodie::testing
