// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/write/incoming_records.cc
/// \brief Staging the input of a write: alignment, keys, delete flags, pre-combining.

#include <algorithm>
#include <cstdint>
#include <map>
#include <string_view>
#include <unordered_map>
#include <utility>

#include <arrow/array.h>
#include <arrow/builder.h>
#include <arrow/compute/api.h>
#include <arrow/record_batch.h>
#include <arrow/table.h>
#include <arrow/type.h>
#include <arrow/type_traits.h>
#include <arrow/util/byte_size.h>

#include "hoodie/format/avro/meta_fields.h"
#include "hoodie/keygen/key_generator.h"
#include "hoodie/write/incoming_records_internal.h"
#include "hoodie/write/spillable_stream_internal.h"
#include "hoodie/write/staged_payloads_internal.h"

namespace hoodie::internal {
namespace {

constexpr std::string_view kIsDeletedField = "_hoodie_is_deleted";

::arrow::Result<std::shared_ptr<::arrow::Array>> CastTo(
    const std::shared_ptr<::arrow::Array>& array,
    const std::shared_ptr<::arrow::DataType>& type) {
  if (array->type()->Equals(*type)) return array;
  return ::arrow::compute::Cast(*array, type);
}

// Appends the keyed records of one input batch; rows with key errors, or a null
// ordering value when one is required, go to failed.
// `marker_staged` says whether the staged rows keep `_hoodie_is_deleted`; when they do
// not, a delete it marks is staged without values (an empty payload), so that every
// merge takes it for the delete it is.
::arrow::Status AddBatch(const ::arrow::RecordBatch& batch, const KeyGenerator& generator,
                         const RecordMerger& merger,
                         const std::optional<std::string>& ordering_field,
                         int64_t first_row, bool marker_staged, IncomingRecords* out) {
  ARROW_ASSIGN_OR_RAISE(KeyColumns keys, generator.Generate(batch));
  std::map<int64_t, std::string> errors;
  for (const KeyError& error : keys.errors) {
    auto [it, inserted] = errors.emplace(error.row, error.message);
    if (!inserted) it->second += "; " + error.message;
  }
  if (ordering_field) {
    auto column = batch.GetColumnByName(*ordering_field);
    if (column == nullptr) {
      return ::arrow::Status::Invalid("the ordering (precombine) field '",
                                      *ordering_field, "' is not a column of the input");
    }
    for (int64_t i = 0; i < batch.num_rows(); ++i) {
      if (!column->IsNull(i)) continue;
      std::string message = "the ordering (precombine) field '" + *ordering_field +
                            "' is null; records are pre-combined by it";
      auto [it, inserted] = errors.emplace(i, message);
      if (!inserted) it->second += "; " + message;
    }
  }
  std::string_view last_partition;
  const std::string* stored_partition = nullptr;
  for (int64_t i = 0; i < batch.num_rows(); ++i) {
    if (auto it = errors.find(i); it != errors.end()) {
      out->failed.push_back({out->total_input + i, it->second});
      continue;
    }
    std::string_view partition = keys.partition_paths->GetView(i);
    if (stored_partition == nullptr || partition != last_partition) {
      last_partition = partition;
      stored_partition = out->keys->Partition(partition);
    }
    const bool is_delete = merger.IsDelete(RowRef{&batch, i});
    const bool valueless = is_delete && !marker_staged &&
                           batch.schema()->GetFieldIndex(std::string(kIsDeletedField)) >= 0;
    out->records.emplace_back(valueless ? IncomingRecord::kNoRow : first_row + i,
                              keys.record_keys->GetView(i), stored_partition, is_delete);
  }
  // The views point into the generated key column's characters, which the store keeps;
  // its offsets are not needed (a record keeps its key's length), 4 bytes a record less.
  out->keys->key_data.push_back(keys.record_keys->value_data());
  return ::arrow::Status::OK();
}

}  // namespace

const std::string* IncomingRecords::KeyStore::Partition(std::string_view partition) {
  auto it = partitions.find(partition);
  if (it == partitions.end()) it = partitions.emplace(partition).first;
  return &*it;
}

::arrow::Status IncomingRecords::PrepareBuckets(
    std::vector<RecordIndices> bucket_rows) {
  if (payloads == nullptr) return ::arrow::Status::OK();
  for (RecordIndices& rows : bucket_rows) {
    std::erase(rows, static_cast<RecordIndex>(IncomingRecord::kNoRow));
  }
  return payloads->PrepareBuckets(std::move(bucket_rows));
}

namespace {

::arrow::Result<std::shared_ptr<::arrow::DataType>> SparkShapedType(
    const std::shared_ptr<::arrow::DataType>& type, const std::string& path);

::arrow::Result<std::shared_ptr<::arrow::Field>> SparkShapedField(
    const std::shared_ptr<::arrow::Field>& field, const std::string& path) {
  ARROW_ASSIGN_OR_RAISE(auto type, SparkShapedType(field->type(), path));
  return field->WithType(type);
}

::arrow::Result<std::shared_ptr<::arrow::DataType>> SparkShapedType(
    const std::shared_ptr<::arrow::DataType>& type, const std::string& path) {
  switch (type->id()) {
    case ::arrow::Type::TIMESTAMP: {
      const auto& timestamp = static_cast<const ::arrow::TimestampType&>(*type);
      if (timestamp.unit() == ::arrow::TimeUnit::NANO) {
        return ::arrow::Status::Invalid(
            "column '", path, "' holds nanosecond timestamps (", type->ToString(),
            "), which Spark 3.5 refuses too (Illegal Parquet type: INT64 "
            "(TIMESTAMP(NANOS)); only spark.sql.legacy.parquet.nanosAsLong=true reads "
            "them, as bigint): convert the column to microseconds first, e.g. pandas "
            "`.astype('datetime64[us, UTC]')` or pyarrow `pc.cast(column, "
            "pa.timestamp('us', tz='UTC'))`");
      }
      if (timestamp.timezone().empty()) {
        return ::arrow::Status::Invalid(
            "column '", path, "' holds timestamps without a time zone (", type->ToString(),
            "): Spark 3.5 reads them as timestamp_ntz, which Hudi 0.15 can neither write "
            "(\"Failed to convert struct type to avro schema\") nor read back from a "
            "table (\"Datatype not supported\"); give the column a time zone first, e.g. "
            "pandas `.dt.tz_localize('UTC')` or pyarrow `pc.assume_timezone(column, 'UTC')`");
      }
      return ::arrow::timestamp(::arrow::TimeUnit::MICRO, "UTC");
    }
    case ::arrow::Type::STRUCT: {
      ::arrow::FieldVector fields;
      for (const auto& child : type->fields()) {
        ARROW_ASSIGN_OR_RAISE(auto shaped, SparkShapedField(child, path + "." + child->name()));
        fields.push_back(std::move(shaped));
      }
      return ::arrow::struct_(std::move(fields));
    }
    case ::arrow::Type::LIST: {
      ARROW_ASSIGN_OR_RAISE(auto item, SparkShapedField(type->field(0), path + ".element"));
      return ::arrow::list(std::move(item));
    }
    case ::arrow::Type::LARGE_LIST: {
      ARROW_ASSIGN_OR_RAISE(auto item, SparkShapedField(type->field(0), path + ".element"));
      return ::arrow::large_list(std::move(item));
    }
    case ::arrow::Type::MAP: {
      const auto& map = static_cast<const ::arrow::MapType&>(*type);
      ARROW_ASSIGN_OR_RAISE(auto item, SparkShapedField(map.item_field(), path + ".value"));
      return std::make_shared<::arrow::MapType>(map.key_field(), std::move(item),
                                                map.keys_sorted());
    }
    default:
      return type;
  }
}

}  // namespace

::arrow::Result<std::shared_ptr<::arrow::Schema>> SparkShapedSchema(
    const ::arrow::Schema& input) {
  ::arrow::FieldVector fields;
  for (const auto& field : input.fields()) {
    ARROW_ASSIGN_OR_RAISE(auto shaped, SparkShapedField(field, field->name()));
    fields.push_back(std::move(shaped));
  }
  return ::arrow::schema(std::move(fields), input.metadata());
}

::arrow::Result<std::shared_ptr<::arrow::RecordBatch>> AlignToSchema(
    const std::shared_ptr<::arrow::RecordBatch>& batch, const ::arrow::Schema& schema,
    MissingColumn missing) {
  for (const auto& field : batch->schema()->fields()) {
    // Hudi's delete marker (HoodieRecord.HOODIE_IS_DELETED_FIELD) marks deletes
    // (AddBatch reads it from the input) whether or not the table stores it.
    if (field->name() == kIsDeletedField) continue;
    if (!IsMetaField(field->name()) && schema.GetFieldIndex(field->name()) < 0) {
      return ::arrow::Status::NotImplemented(
          "schema evolution is not implemented: the input has column '", field->name(),
          "', which the table schema lacks");
    }
  }
  std::vector<std::shared_ptr<::arrow::Array>> columns;
  for (const auto& field : schema.fields()) {
    auto column = batch->GetColumnByName(field->name());
    if (column == nullptr &&
        (missing == MissingColumn::kNull || field->name() == kOperationField)) {
      ARROW_ASSIGN_OR_RAISE(column, ::arrow::MakeArrayOfNull(field->type(), batch->num_rows()));
    }
    if (column == nullptr) {
      return ::arrow::Status::Invalid("the input lacks column '", field->name(),
                                      "' of the table schema");
    }
    auto cast = CastTo(column, field->type());
    if (!cast.ok()) {
      return ::arrow::Status::Invalid(
          "column '", field->name(), "' of type ", column->type()->ToString(),
          " cannot become the table's ", field->type()->ToString(), ": ",
          cast.status().message());
    }
    columns.push_back(*std::move(cast));
  }
  return ::arrow::RecordBatch::Make(::arrow::schema(schema.fields()), batch->num_rows(),
                                    std::move(columns));
}

::arrow::Result<IncomingRecords> IncomingRecords::Stage(
    ::arrow::RecordBatchReader* input, const KeyGenerator& key_generator,
    std::shared_ptr<::arrow::Schema> schema, const RecordMerger& merger,
    const std::optional<std::string>& ordering_field, const SpillOptions& spill) {
  IncomingRecords out;
  out.schema = schema;
  if (schema != nullptr) {
    ARROW_ASSIGN_OR_RAISE(
        out.payloads,
        StagedPayloads::Create(::arrow::schema(schema->fields()),
                               std::make_shared<SpillSpace>(spill.memory_budget,
                                                            spill.directory)));
  }
  int64_t staged_rows = 0;
  while (true) {
    ARROW_ASSIGN_OR_RAISE(std::shared_ptr<::arrow::RecordBatch> batch, input->Next());
    if (batch == nullptr) break;
    if (batch->num_rows() == 0) continue;
    if (out.total_input + batch->num_rows() > kMaxStagedRows) {
      return ::arrow::Status::NotImplemented(
          "one write stages at most ", kMaxStagedRows, " records; the input has more: ",
          "split it (for the streamer, a smaller --source-limit)");
    }
    if (schema != nullptr) {
      // Keys come from the input batch: the aligned one may miss nothing the keys need.
      ARROW_ASSIGN_OR_RAISE(auto aligned, AlignToSchema(batch, *schema));
      ARROW_RETURN_NOT_OK(
          AddBatch(*batch, key_generator, merger, ordering_field, staged_rows,
                   schema->GetFieldIndex(std::string(kIsDeletedField)) >= 0, &out));
      staged_rows += aligned->num_rows();
      ARROW_RETURN_NOT_OK(out.payloads->Append(*aligned));
    } else {
      ARROW_RETURN_NOT_OK(
          AddBatch(*batch, key_generator, merger, ordering_field, 0, true, &out));
    }
    out.total_input += batch->num_rows();
  }
  if (out.payloads != nullptr) ARROW_RETURN_NOT_OK(out.payloads->Finish());
  if (schema == nullptr) {
    // A delete operation: every record is a hard delete (Java EmptyHoodieRecordPayload).
    for (IncomingRecord& record : out.records) record.set_is_delete(true);
  }
  return out;
}

::arrow::Result<int64_t> IncomingRecords::AppendRows(
    const std::shared_ptr<::arrow::RecordBatch>& rows) {
  if (payloads == nullptr) {
    return ::arrow::Status::Invalid("a delete operation stages no rows");
  }
  return payloads->AppendRows(rows);
}

RowRef StagedRowView::Get(int64_t row) const {
  if (loaded == nullptr) return RowRef{};
  auto it = index.find(row);
  if (it == index.end()) return RowRef{};
  return RowRef{loaded.get(), it->second};
}

::arrow::Result<StagedRowView> IncomingRecords::View(
    std::vector<int64_t> rows, std::optional<int64_t> bucket) const {
  StagedRowView view;
  std::erase(rows, IncomingRecord::kNoRow);
  if (payloads == nullptr || rows.empty()) return view;
  std::sort(rows.begin(), rows.end());
  rows.erase(std::unique(rows.begin(), rows.end()), rows.end());
  if (payloads->prepared()) {
    if (!bucket) {
      return ::arrow::Status::Invalid("staged rows are viewed by bucket once grouped");
    }
    ARROW_ASSIGN_OR_RAISE(view.loaded, payloads->Take(*bucket, rows));
  } else {
    ARROW_ASSIGN_OR_RAISE(view.loaded, payloads->ReadRows(rows));
  }
  for (size_t i = 0; i < rows.size(); ++i) {
    view.index[rows[i]] = static_cast<int64_t>(i);
  }
  return view;
}

namespace {

// The survivor of one key while pre-combining: an incoming record, or a combined row
// (one-row batch) carrying the key and partition of `record`.
struct Survivor {
  size_t record = 0;
  std::shared_ptr<::arrow::RecordBatch> combined;
};

// What pre-combining groups by: (partition, key), or the key alone (an empty partition)
// for a global index.
struct KeyInPartition {
  std::string_view partition;
  std::string_view key;
  bool operator==(const KeyInPartition&) const = default;
};

uint64_t HashOf(const KeyInPartition& name) {
  uint64_t h = std::hash<std::string_view>{}(name.key);
  return h ^ (std::hash<std::string_view>{}(name.partition) + 0x9e3779b97f4a7c15ULL +
              (h << 6) + (h >> 2));
}

// Numbers the distinct names of the records, in order of first appearance. An open-
// addressing table of 8-byte slots (32 bits of hash, the group number), at most two
// thirds full: a node-based map of ten million keys cost 600 MB and most of
// pre-combining's time in allocations and cache misses.
class GroupNumbers {
 public:
  explicit GroupNumbers(size_t count) {
    size_t capacity = 16;
    while (capacity < count + count / 2) capacity <<= 1;
    slots_.assign(capacity, 0);
    mask_ = capacity - 1;
  }

  /// A new group no name finds.
  uint32_t Fresh() { return groups_++; }

  /// The group of `name`; `first_of(g)` names group g's first member for comparison.
  template <typename FirstOf>
  uint32_t Find(const KeyInPartition& name, FirstOf first_of) {
    uint64_t hash = HashOf(name);
    uint64_t tag = hash >> 32;
    for (size_t slot = hash & mask_;; slot = (slot + 1) & mask_) {
      uint64_t entry = slots_[slot];
      if (entry == 0) {
        uint32_t group = groups_++;
        slots_[slot] = (tag << 32) | (static_cast<uint64_t>(group) + 1);
        return group;
      }
      uint32_t group = static_cast<uint32_t>(entry & 0xffffffffULL) - 1;
      if ((entry >> 32) == tag && first_of(group) == name) return group;
    }
  }

 private:
  std::vector<uint64_t> slots_;
  size_t mask_ = 0;
  uint32_t groups_ = 0;
};

::arrow::Result<std::shared_ptr<::arrow::RecordBatch>> CombineRows(
    const MergeResult& result, const RowRef& older, const RowRef& newer) {
  ARROW_ASSIGN_OR_RAISE(auto builder, MergedBatchBuilder::Make(newer.batch->schema()));
  ARROW_RETURN_NOT_OK(builder->Append(result, older, newer));
  return builder->Finish();
}

}  // namespace

std::shared_ptr<::arrow::Schema> WithOperationColumn(const ::arrow::Schema& data_schema) {
  ::arrow::FieldVector fields = data_schema.fields();
  fields.push_back(::arrow::field(std::string(kOperationField), ::arrow::utf8()));
  return ::arrow::schema(std::move(fields), data_schema.metadata());
}

::arrow::Result<std::shared_ptr<::arrow::Array>> WrittenOperations(
    const ::arrow::Array& staged, const std::vector<bool>& deletes) {
  const auto& given = static_cast<const ::arrow::StringArray&>(staged);
  ::arrow::StringBuilder builder;
  ARROW_RETURN_NOT_OK(builder.Reserve(given.length()));
  for (int64_t i = 0; i < given.length(); ++i) {
    if (given.IsValid(i)) {
      ARROW_RETURN_NOT_OK(builder.Append(given.GetView(i)));
    } else {
      ARROW_RETURN_NOT_OK(builder.Append(deletes[i] ? "D" : "I"));
    }
  }
  return builder.Finish();
}

::arrow::Result<int64_t> IncomingRecords::Deduplicate(const RecordMerger& merger,
                                                      bool global_keys) {
  return Deduplicate(merger, global_keys, {}, nullptr);
}

::arrow::Result<int64_t> IncomingRecords::Deduplicate(const RecordMerger& merger,
                                                      bool global_keys,
                                                      const std::vector<bool>& combinable,
                                                      std::vector<size_t>* kept_from) {
  auto combines = [&](size_t i) { return combinable.empty() || combinable[i]; };
  // Stage keeps the records under kMaxStagedRows, so group numbers fit 32 bits.
  auto name_of = [&](size_t i) {
    return KeyInPartition{global_keys ? std::string_view() : records[i].partition(),
                          records[i].key()};
  };
  std::vector<uint32_t> group(records.size());
  std::vector<uint32_t> first_of;  // the first record of each group
  std::vector<bool> repeated;      // per group: more than one record
  first_of.reserve(records.size());  // untouched past the groups there are
  {
    GroupNumbers numbers(records.size());
    for (size_t i = 0; i < records.size(); ++i) {
      // A record that is not combined is a group of its own, never looked up.
      uint32_t g = combines(i) ? numbers.Find(name_of(i),
                                              [&](uint32_t g) { return name_of(first_of[g]); })
                               : numbers.Fresh();
      if (g == first_of.size()) {
        first_of.push_back(static_cast<uint32_t>(i));
        repeated.push_back(false);
      } else {
        repeated[g] = true;
      }
      group[i] = g;
    }
  }
  if (first_of.size() == records.size()) {
    if (kept_from != nullptr) {
      kept_from->resize(records.size());
      for (size_t i = 0; i < records.size(); ++i) (*kept_from)[i] = i;
    }
    return 0;
  }
  std::vector<int64_t> compared;
  for (size_t i = 0; i < records.size(); ++i) {
    if (repeated[group[i]]) compared.push_back(records[i].row());
  }
  ARROW_ASSIGN_OR_RAISE(StagedRowView rows, View(std::move(compared)));
  std::vector<Survivor> survivors;
  std::vector<size_t> survivor_of(first_of.size(), SIZE_MAX);
  bool any_combined = false;
  for (size_t i = 0; i < records.size(); ++i) {
    const IncomingRecord& record = records[i];
    if (survivor_of[group[i]] == SIZE_MAX) {
      survivor_of[group[i]] = survivors.size();
      survivors.push_back(Survivor{i, nullptr});
      continue;
    }
    Survivor& survivor = survivors[survivor_of[group[i]]];
    RowRef older = survivor.combined ? RowRef{survivor.combined.get(), 0}
                                     : rows.Get(records[survivor.record].row());
    RowRef newer = rows.Get(record.row());
    ARROW_ASSIGN_OR_RAISE(MergeResult result, merger.PreCombine(older, newer));
    switch (result.outcome) {
      case MergeOutcome::kKeepOld:
        break;
      case MergeOutcome::kTakeNew:
        survivor = Survivor{i, nullptr};
        break;
      case MergeOutcome::kCombined: {
        if (older.empty() || newer.empty()) {
          return ::arrow::Status::Invalid("PreCombine of ", merger.java_class_name(),
                                          " combined a record without values");
        }
        ARROW_ASSIGN_OR_RAISE(auto combined, CombineRows(result, older, newer));
        survivor = Survivor{i, std::move(combined)};
        any_combined = true;
        break;
      }
      case MergeOutcome::kDelete:
        return ::arrow::Status::Invalid("PreCombine of ", merger.java_class_name(),
                                        " returned a delete; it must return a record");
    }
  }
  int64_t dropped = static_cast<int64_t>(records.size() - survivors.size());
  std::vector<IncomingRecord> kept;
  kept.reserve(survivors.size());
  for (const Survivor& survivor : survivors) kept.push_back(records[survivor.record]);
  if (kept_from != nullptr) {
    // A survivor stands where its key's first record stood.
    kept_from->clear();
    for (size_t g = 0; g < first_of.size(); ++g) kept_from->push_back(first_of[g]);
  }
  if (any_combined) {
    // Combined rows exist only in their one-row batches: append them to the payloads.
    ARROW_ASSIGN_OR_RAISE(auto builder, MergedBatchBuilder::Make(payloads->schema()));
    std::vector<size_t> combined;
    for (size_t i = 0; i < survivors.size(); ++i) {
      if (survivors[i].combined == nullptr) continue;
      RowRef row{survivors[i].combined.get(), 0};
      ARROW_RETURN_NOT_OK(builder->AppendRow(row));
      kept[i].set_is_delete(merger.IsDelete(row));
      combined.push_back(i);
    }
    ARROW_ASSIGN_OR_RAISE(auto batch, builder->Finish());
    ARROW_ASSIGN_OR_RAISE(int64_t first, AppendRows(batch));
    for (size_t k = 0; k < combined.size(); ++k) {
      kept[combined[k]].set_row(first + static_cast<int64_t>(k));
    }
  }
  records = std::move(kept);
  return dropped;
}

::arrow::Result<std::shared_ptr<::arrow::RecordBatch>> IncomingRecords::Take(
    int64_t bucket, const std::vector<int64_t>& rows) const {
  if (payloads == nullptr) {
    return ::arrow::Status::Invalid("a delete operation stages no rows");
  }
  return payloads->Take(bucket, rows);
}

}  // namespace hoodie::internal
