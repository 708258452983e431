// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/merge/builtin_record_mergers.cc
/// \brief The builtin mergers: Hudi 0.14/0.15's OverwriteWithLatestAvroPayload,
/// DefaultHoodieRecordPayload, EventTimeAvroPayload,
/// OverwriteNonDefaultsWithLatestAvroPayload and PartialUpdateAvroPayload.
#include <array>
#include <mutex>
#include <string>
#include <string_view>

#include <arrow/array.h>
#include <arrow/record_batch.h>
#include <arrow/type.h>

#include "hoodie/common/macros.h"
#include "hoodie/merge/ordering_value_internal.h"
#include "hoodie/merge/record_merger.h"

namespace hoodie {

namespace {

using internal::CompareOrderingValues;
using internal::OrderingValue;
using internal::ReadOrderingValue;
using internal::RequireOrderingValue;

constexpr std::string_view kPackage = "org.apache.hudi.common.model.";
constexpr std::string_view kCommitTimeColumn = "_hoodie_commit_time";

// Java HoodieRecord.HOODIE_META_COLUMNS_NAME_TO_POS.
bool IsMetaColumn(std::string_view name) {
  static constexpr std::array<std::string_view, 5> kMetaColumns = {
      "_hoodie_commit_time", "_hoodie_commit_seqno", "_hoodie_record_key",
      "_hoodie_partition_path", "_hoodie_file_name"};
  for (std::string_view meta : kMetaColumns) {
    if (name == meta) return true;
  }
  return false;
}

bool IsNullIn(const RowRef& record, std::string_view name) {
  if (record.empty()) return true;
  int index = record.batch->schema()->GetFieldIndex(std::string(name));
  return index < 0 || record.batch->column(index)->IsNull(record.row);
}

// Java OverwriteNonDefaultsWithLatestAvroPayload.setField over every column of the
// new record's batch: the `base` side's value when non-null, else the other side's
// (Spark-made Avro schemas give nullable fields a null default, so "non-default" means
// non-null). With `meta_from_new`, meta columns take the new record as base
// (PartialUpdateAvroPayload.mergeDisorderRecordsWithMetadata). Java builds a new record
// (GenericRecordBuilder) even when every value comes from the old one, so a merge that
// copies the old record whole is kCombined, never kKeepOld: the write path keeps the
// stored meta columns only for kKeepOld (HoodieMergeHandle compares by identity). A
// record that is the new one whole is reported as kTakeNew.
MergeResult PreferNonNull(const RowRef& old_record, const RowRef& new_record,
                          MergeSide base, bool meta_from_new) {
  const ::arrow::Schema& schema = *new_record.batch->schema();
  std::vector<MergeSide> sides(schema.num_fields());
  bool all_new = true;
  for (int i = 0; i < schema.num_fields(); ++i) {
    const std::string& name = schema.field(i)->name();
    MergeSide column_base =
        (meta_from_new && IsMetaColumn(name)) ? MergeSide::kNew : base;
    bool base_null = column_base == MergeSide::kNew
                         ? new_record.batch->column(i)->IsNull(new_record.row)
                         : IsNullIn(old_record, name);
    MergeSide other = column_base == MergeSide::kNew ? MergeSide::kOld : MergeSide::kNew;
    bool other_null = other == MergeSide::kNew
                          ? new_record.batch->column(i)->IsNull(new_record.row)
                          : IsNullIn(old_record, name);
    // Both null: either side gives null, and staying on the base side lets a record
    // that comes out whole be reported as such.
    sides[i] = base_null && !other_null ? other : column_base;
    all_new = all_new && sides[i] == MergeSide::kNew;
  }
  if (all_new) return MergeResult::TakeNew();
  return MergeResult::Combined(std::move(sides));
}

bool HasColumn(const RowRef& record, std::string_view name) {
  return !record.empty() && record.batch->schema()->GetFieldIndex(std::string(name)) >= 0;
}

/// Shared ordering logic of the Avro payloads. Immutable; thread-safe.
class PayloadMerger : public RecordMerger {
 public:
  PayloadMerger(RecordMergerOptions options, std::string_view simple_name)
      : RecordMerger(std::move(options)),
        class_name_(std::string(kPackage) + std::string(simple_name)) {}

  std::string_view java_class_name() const override { return class_name_; }

  // OverwriteWithLatestAvroPayload.preCombine of Hudi 0.14/0.15, inherited by every
  // payload but PartialUpdateAvroPayload: the earlier record wins only when its ordering
  // value is strictly greater; ties go to the later arrival. An empty (hard delete)
  // record merges in arrival order.
  ::arrow::Result<MergeResult> PreCombine(const RowRef& older,
                                          const RowRef& newer) const override {
    ARROW_ASSIGN_OR_RAISE(bool older_wins, IsOlderGreater(older, newer));
    return older_wins ? MergeResult::KeepOld() : MergeResult::TakeNew();
  }

 protected:
  // Java `oldValue.orderingVal.compareTo(orderingVal) > 0` of preCombine.
  ::arrow::Result<bool> IsOlderGreater(const RowRef& older, const RowRef& newer) const {
    const std::string& field = options_.ordering_field;
    if (older.empty() || newer.empty() || field.empty()) return false;
    ARROW_ASSIGN_OR_RAISE(OrderingValue old_value,
                          RequireOrderingValue(older, field, "older incoming"));
    ARROW_ASSIGN_OR_RAISE(OrderingValue new_value,
                          RequireOrderingValue(newer, field, "newer incoming"));
    ARROW_ASSIGN_OR_RAISE(int c, CompareOrderingValues(old_value, new_value));
    return c > 0;
  }

  // DefaultHoodieRecordPayload.needUpdatingPersistedRecord: the stored record is
  // replaced unless its ordering value is strictly greater. A stored record without an
  // ordering value (an older schema) is always replaced.
  ::arrow::Result<bool> NeedsUpdatingStored(const RowRef& stored,
                                            const RowRef& incoming) const {
    const std::string& field = options_.ordering_field;
    if (field.empty()) return true;
    ARROW_ASSIGN_OR_RAISE(std::optional<OrderingValue> stored_value,
                          ReadOrderingValue(stored, field));
    if (!stored_value) return true;
    ARROW_ASSIGN_OR_RAISE(OrderingValue incoming_value,
                          RequireOrderingValue(incoming, field, "incoming"));
    ARROW_ASSIGN_OR_RAISE(int c, CompareOrderingValues(*stored_value, incoming_value));
    return c <= 0;
  }

 private:
  std::string class_name_;
};

/// OverwriteWithLatestAvroPayload: the incoming record replaces the stored one; a
/// soft-deleted incoming record deletes it.
class OverwriteWithLatestMerger : public PayloadMerger {
 public:
  explicit OverwriteWithLatestMerger(RecordMergerOptions options)
      : PayloadMerger(std::move(options), "OverwriteWithLatestAvroPayload") {}

  ::arrow::Result<MergeResult> Combine(const RowRef& /*stored*/,
                                       const RowRef& incoming) const override {
    return IsDelete(incoming) ? MergeResult::Delete() : MergeResult::TakeNew();
  }
};

/// DefaultHoodieRecordPayload: the stored record survives an incoming record with a
/// smaller ordering value, deletes included.
class DefaultPayloadMerger : public PayloadMerger {
 public:
  explicit DefaultPayloadMerger(RecordMergerOptions options)
      : PayloadMerger(std::move(options), "DefaultHoodieRecordPayload") {}

  ::arrow::Result<MergeResult> Combine(const RowRef& stored,
                                       const RowRef& incoming) const override {
    if (incoming.empty()) return MergeResult::Delete();
    ARROW_ASSIGN_OR_RAISE(bool update, NeedsUpdatingStored(stored, incoming));
    if (!update) return MergeResult::KeepOld();
    return IsDelete(incoming) ? MergeResult::Delete() : MergeResult::TakeNew();
  }
};

/// EventTimeAvroPayload: like DefaultHoodieRecordPayload, except that an incoming
/// delete wins whatever its ordering value (the delete check comes first in Java).
class EventTimeMerger : public PayloadMerger {
 public:
  explicit EventTimeMerger(RecordMergerOptions options)
      : PayloadMerger(std::move(options), "EventTimeAvroPayload") {}

  ::arrow::Result<MergeResult> Combine(const RowRef& stored,
                                       const RowRef& incoming) const override {
    if (IsDelete(incoming)) return MergeResult::Delete();
    ARROW_ASSIGN_OR_RAISE(bool update, NeedsUpdatingStored(stored, incoming));
    return update ? MergeResult::TakeNew() : MergeResult::KeepOld();
  }
};

/// OverwriteNonDefaultsWithLatestAvroPayload: non-null incoming columns overwrite the
/// stored ones, null incoming columns keep the stored value; no ordering in Combine.
class OverwriteNonDefaultsMerger : public PayloadMerger {
 public:
  explicit OverwriteNonDefaultsMerger(RecordMergerOptions options)
      : PayloadMerger(std::move(options), "OverwriteNonDefaultsWithLatestAvroPayload") {}

  ::arrow::Result<MergeResult> Combine(const RowRef& stored,
                                       const RowRef& incoming) const override {
    if (IsDelete(incoming)) return MergeResult::Delete();
    return PreferNonNull(stored, incoming, MergeSide::kNew, /*meta_from_new=*/false);
  }
};

/// PartialUpdateAvroPayload: the record with the greater ordering value is the base;
/// its non-null columns win and its null columns are filled from the other record.
class PartialUpdateMerger : public PayloadMerger {
 public:
  explicit PartialUpdateMerger(RecordMergerOptions options)
      : PayloadMerger(std::move(options), "PartialUpdateAvroPayload") {}

  // Java preCombine with isPreCombining = true: a soft delete takes part in the merge,
  // and when the base record is a delete Java's mergeRecords yields nothing and
  // preCombine falls back to the later record.
  ::arrow::Result<MergeResult> PreCombine(const RowRef& older,
                                          const RowRef& newer) const override {
    if (older.empty() || newer.empty()) return MergeResult::TakeNew();
    ARROW_ASSIGN_OR_RAISE(bool older_wins, IsOlderGreater(older, newer));
    if (older_wins && HasColumn(newer, kCommitTimeColumn)) {
      return PreferNonNull(older, newer, MergeSide::kOld, /*meta_from_new=*/true);
    }
    if (older_wins) {
      if (IsDelete(older)) return MergeResult::TakeNew();
      return PreferNonNull(older, newer, MergeSide::kOld, /*meta_from_new=*/false);
    }
    if (IsDelete(newer)) return MergeResult::TakeNew();
    return PreferNonNull(older, newer, MergeSide::kNew, /*meta_from_new=*/false);
  }

  // Java combineAndGetUpdateValue(currentValue, schema, props) with
  // isPreCombining = false: an incoming delete always deletes; a newer stored delete
  // also deletes.
  ::arrow::Result<MergeResult> Combine(const RowRef& stored,
                                       const RowRef& incoming) const override {
    if (IsDelete(incoming)) return MergeResult::Delete();
    ARROW_ASSIGN_OR_RAISE(bool stored_newer, IsStoredNewer(stored, incoming));
    if (!stored_newer) {
      return PreferNonNull(stored, incoming, MergeSide::kNew, /*meta_from_new=*/false);
    }
    if (IsDelete(stored)) return MergeResult::Delete();
    return PreferNonNull(stored, incoming, MergeSide::kOld,
                         /*meta_from_new=*/HasColumn(incoming, kCommitTimeColumn));
  }

 private:
  // PartialUpdateAvroPayload.isRecordNewer: false when the stored value is null or of
  // another type (ReflectionUtils.isSameClass), else stored > incoming.
  ::arrow::Result<bool> IsStoredNewer(const RowRef& stored,
                                      const RowRef& incoming) const {
    const std::string& field = options_.ordering_field;
    if (field.empty()) return false;
    ARROW_ASSIGN_OR_RAISE(OrderingValue incoming_value,
                          RequireOrderingValue(incoming, field, "incoming"));
    ARROW_ASSIGN_OR_RAISE(std::optional<OrderingValue> stored_value,
                          ReadOrderingValue(stored, field));
    if (!stored_value || stored_value->family != incoming_value.family) return false;
    ARROW_ASSIGN_OR_RAISE(int c, CompareOrderingValues(*stored_value, incoming_value));
    return c > 0;
  }
};

template <typename Merger>
RecordMergerFactory FactoryOf() {
  return [](const RecordMergerOptions& options)
             -> ::arrow::Result<std::unique_ptr<RecordMerger>> {
    return std::make_unique<Merger>(options);
  };
}

void RegisterBoth(RecordMergerRegistry* registry, std::string_view simple_name,
                  const RecordMergerFactory& factory) {
  // Runs once per process; a failure means a custom merger took a builtin name first,
  // and that registration stays in force.
  HOODIE_WARN_NOT_OK(registry->Register(std::string(kPackage) + std::string(simple_name),
                                        {std::string(simple_name)}, factory),
                     "builtin record merger not registered");
}

void RegisterBuiltinsOnce() {
  RecordMergerRegistry* registry = RecordMergerRegistry::Global();
  RegisterBoth(registry, "OverwriteWithLatestAvroPayload",
               FactoryOf<OverwriteWithLatestMerger>());
  RegisterBoth(registry, "DefaultHoodieRecordPayload", FactoryOf<DefaultPayloadMerger>());
  RegisterBoth(registry, "EventTimeAvroPayload", FactoryOf<EventTimeMerger>());
  RegisterBoth(registry, "OverwriteNonDefaultsWithLatestAvroPayload",
               FactoryOf<OverwriteNonDefaultsMerger>());
  RegisterBoth(registry, "PartialUpdateAvroPayload", FactoryOf<PartialUpdateMerger>());
}

}  // namespace

void RegisterBuiltinRecordMergers() {
  static std::once_flag once;
  std::call_once(once, RegisterBuiltinsOnce);
}

}  // namespace hoodie
