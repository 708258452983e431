// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/merge/merged_batch_builder.cc
/// \brief MergedBatchBuilder (merge results to a record batch) and PreCombineBatch.
#include <unordered_map>

#include <arrow/array.h>
#include <arrow/array/builder_base.h>
#include <arrow/compute/cast.h>
#include <arrow/record_batch.h>
#include <arrow/type.h>
#include <arrow/util/checked_cast.h>

#include "hoodie/merge/record_merger.h"
#include "hoodie/merge/string_column_internal.h"

namespace hoodie {

namespace {

using ::arrow::internal::checked_cast;

// The columns of one source batch in output order: null where the batch lacks the
// field, cast to the output type where the types differ. `source_index` is the
// column's index in the source batch (-1 when missing).
struct SourceColumns {
  std::shared_ptr<::arrow::ArrayData> first_column;  // identity check, see Lookup
  std::vector<std::shared_ptr<::arrow::Array>> arrays;
  std::vector<int> source_index;
};

// A run of consecutive rows of one array still to be copied, or of nulls.
struct PendingSlice {
  const ::arrow::Array* array = nullptr;
  int64_t offset = 0;
  int64_t length = 0;
};

}  // namespace

class MergedBatchBuilder::Impl {
 public:
  Impl(std::shared_ptr<::arrow::Schema> schema,
       std::vector<std::unique_ptr<::arrow::ArrayBuilder>> builders)
      : schema_(std::move(schema)),
        builders_(std::move(builders)),
        pending_(builders_.size()) {}

  ::arrow::Status AppendRow(const RowRef& record) {
    if (record.empty()) return ::arrow::Status::Invalid("cannot append an empty record");
    ARROW_ASSIGN_OR_RAISE(const SourceColumns* columns, Lookup(*record.batch));
    for (size_t j = 0; j < builders_.size(); ++j) {
      ARROW_RETURN_NOT_OK(AppendCell(j, columns->arrays[j].get(), record.row));
    }
    ++num_rows_;
    return ::arrow::Status::OK();
  }

  ::arrow::Status AppendCombined(const MergeResult& result, const RowRef& old_record,
                                 const RowRef& new_record) {
    if (old_record.empty() || new_record.empty()) {
      return ::arrow::Status::Invalid("a combined merge result needs both records");
    }
    ARROW_ASSIGN_OR_RAISE(const SourceColumns* old_columns, Lookup(*old_record.batch));
    ARROW_ASSIGN_OR_RAISE(const SourceColumns* new_columns, Lookup(*new_record.batch));
    if (static_cast<int>(result.columns.size()) != new_record.batch->num_columns()) {
      return ::arrow::Status::Invalid("combined merge result has ", result.columns.size(),
                                      " column choices for a record batch of ",
                                      new_record.batch->num_columns(), " columns");
    }
    for (size_t j = 0; j < builders_.size(); ++j) {
      int source = new_columns->source_index[j];
      bool from_new = source >= 0 && result.columns[source] == MergeSide::kNew;
      const RowRef& record = from_new ? new_record : old_record;
      const SourceColumns* columns = from_new ? new_columns : old_columns;
      ARROW_RETURN_NOT_OK(AppendCell(j, columns->arrays[j].get(), record.row));
    }
    ++num_rows_;
    return ::arrow::Status::OK();
  }

  int64_t num_rows() const { return num_rows_; }

  ::arrow::Result<std::shared_ptr<::arrow::RecordBatch>> Finish() {
    std::vector<std::shared_ptr<::arrow::Array>> arrays(builders_.size());
    for (size_t j = 0; j < builders_.size(); ++j) {
      ARROW_RETURN_NOT_OK(Flush(j));
      ARROW_RETURN_NOT_OK(builders_[j]->Finish(&arrays[j]));
    }
    int64_t rows = num_rows_;
    num_rows_ = 0;
    sources_.clear();
    return ::arrow::RecordBatch::Make(schema_, rows, std::move(arrays));
  }

 private:
  // Source columns of `batch`, built once per batch. The cache holds the batch's first
  // column, so a later batch at the same address cannot match a stale entry.
  ::arrow::Result<const SourceColumns*> Lookup(const ::arrow::RecordBatch& batch) {
    auto it = sources_.find(&batch);
    if (it != sources_.end() &&
        (batch.num_columns() == 0 || it->second.first_column == batch.column_data(0))) {
      return &it->second;
    }
    if (it != sources_.end()) {
      // A new batch at a dead batch's address: pending runs may still point into the
      // dead batch's columns, which the replaced entry keeps alive; copy them first.
      for (size_t j = 0; j < builders_.size(); ++j) ARROW_RETURN_NOT_OK(Flush(j));
    }
    SourceColumns columns;
    if (batch.num_columns() > 0) columns.first_column = batch.column_data(0);
    for (const auto& field : schema_->fields()) {
      ARROW_ASSIGN_OR_RAISE(auto array, SourceColumn(batch, *field, &columns));
      columns.arrays.push_back(std::move(array));
    }
    sources_[&batch] = std::move(columns);
    return &sources_[&batch];
  }

  ::arrow::Result<std::shared_ptr<::arrow::Array>> SourceColumn(
      const ::arrow::RecordBatch& batch, const ::arrow::Field& field,
      SourceColumns* columns) {
    int index = batch.schema()->GetFieldIndex(field.name());
    columns->source_index.push_back(index);
    if (index < 0) {
      if (!field.nullable()) {
        return ::arrow::Status::Invalid("merged record lacks non-nullable column '",
                                        field.name(), "'");
      }
      return nullptr;
    }
    std::shared_ptr<::arrow::Array> array = batch.column(index);
    if (array->type()->Equals(*field.type())) return array;
    ARROW_ASSIGN_OR_RAISE(auto cast, ::arrow::compute::Cast(*array, field.type()));
    return cast;
  }

  // Extends the column's pending run when the cell continues it, else flushes it.
  ::arrow::Status AppendCell(size_t column, const ::arrow::Array* array, int64_t row) {
    PendingSlice& pending = pending_[column];
    bool continues = pending.length > 0 && pending.array == array &&
                     (array == nullptr || pending.offset + pending.length == row);
    if (!continues) {
      ARROW_RETURN_NOT_OK(Flush(column));
      pending.array = array;
      pending.offset = row;
    }
    ++pending.length;
    return ::arrow::Status::OK();
  }

  ::arrow::Status Flush(size_t column) {
    PendingSlice& pending = pending_[column];
    if (pending.length == 0) return ::arrow::Status::OK();
    ::arrow::Status status = pending.array == nullptr
                                 ? builders_[column]->AppendNulls(pending.length)
                                 : builders_[column]->AppendArraySlice(
                                       ::arrow::ArraySpan(*pending.array->data()),
                                       pending.offset, pending.length);
    pending = PendingSlice();
    return status;
  }

  std::shared_ptr<::arrow::Schema> schema_;
  std::vector<std::unique_ptr<::arrow::ArrayBuilder>> builders_;
  std::vector<PendingSlice> pending_;
  std::unordered_map<const ::arrow::RecordBatch*, SourceColumns> sources_;
  int64_t num_rows_ = 0;
};

MergedBatchBuilder::MergedBatchBuilder(std::unique_ptr<Impl> impl)
    : impl_(std::move(impl)) {}
MergedBatchBuilder::~MergedBatchBuilder() = default;

::arrow::Result<std::unique_ptr<MergedBatchBuilder>> MergedBatchBuilder::Make(
    std::shared_ptr<::arrow::Schema> output_schema, ::arrow::MemoryPool* pool) {
  if (pool == nullptr) pool = ::arrow::default_memory_pool();
  std::vector<std::unique_ptr<::arrow::ArrayBuilder>> builders;
  for (const auto& field : output_schema->fields()) {
    ARROW_ASSIGN_OR_RAISE(auto builder, ::arrow::MakeBuilder(field->type(), pool));
    builders.push_back(std::move(builder));
  }
  return std::unique_ptr<MergedBatchBuilder>(new MergedBatchBuilder(
      std::make_unique<Impl>(std::move(output_schema), std::move(builders))));
}

::arrow::Status MergedBatchBuilder::AppendRow(const RowRef& record) {
  return impl_->AppendRow(record);
}

::arrow::Status MergedBatchBuilder::Append(const MergeResult& result,
                                           const RowRef& old_record,
                                           const RowRef& new_record) {
  switch (result.outcome) {
    case MergeOutcome::kDelete:
      return ::arrow::Status::OK();
    case MergeOutcome::kKeepOld:
      return impl_->AppendRow(old_record);
    case MergeOutcome::kTakeNew:
      return impl_->AppendRow(new_record);
    case MergeOutcome::kCombined:
      return impl_->AppendCombined(result, old_record, new_record);
  }
  return ::arrow::Status::Invalid("unknown merge outcome");
}

int64_t MergedBatchBuilder::num_rows() const { return impl_->num_rows(); }

::arrow::Result<std::shared_ptr<::arrow::RecordBatch>> MergedBatchBuilder::Finish() {
  return impl_->Finish();
}

namespace {

// The survivor of one key while folding: a row of the input batch, or a one-row batch
// holding a combined record.
template <typename ArrayType>
::arrow::Result<std::vector<int64_t>> GroupRows(const ArrayType& keys,
                                                std::vector<int64_t>* first_rows) {
  std::unordered_map<std::string_view, int64_t> groups;
  std::vector<int64_t> group_of(keys.length());
  for (int64_t row = 0; row < keys.length(); ++row) {
    if (keys.IsNull(row)) {
      return ::arrow::Status::Invalid("record key is null at row ", row);
    }
    auto [it, inserted] =
        groups.emplace(keys.GetView(row), static_cast<int64_t>(first_rows->size()));
    if (inserted) first_rows->push_back(row);
    group_of[row] = it->second;
  }
  return group_of;
}

// Group index of every row, groups numbered by first appearance.
::arrow::Result<std::vector<int64_t>> GroupByKey(const ::arrow::Array& keys,
                                                 std::vector<int64_t>* first_rows) {
  auto grouped = internal::VisitStringArray(
      keys, [first_rows](const auto& strings) { return GroupRows(strings, first_rows); });
  if (!grouped) {
    return ::arrow::Status::Invalid("record keys must be strings, got ",
                                    keys.type()->ToString());
  }
  return *std::move(grouped);
}

}  // namespace

::arrow::Status FoldPreCombine(const RecordMerger& merger,
                               const std::shared_ptr<::arrow::RecordBatch>& batch,
                               int64_t row, PreCombineSurvivor* survivor) {
  RowRef newer{batch.get(), row};
  RowRef older = survivor->ref(*batch);
  ARROW_ASSIGN_OR_RAISE(MergeResult result, merger.PreCombine(older, newer));
  switch (result.outcome) {
    case MergeOutcome::kKeepOld:
      return ::arrow::Status::OK();
    case MergeOutcome::kTakeNew:
      *survivor = PreCombineSurvivor{row, nullptr};
      return ::arrow::Status::OK();
    case MergeOutcome::kCombined: {
      ARROW_ASSIGN_OR_RAISE(auto builder, MergedBatchBuilder::Make(batch->schema()));
      ARROW_RETURN_NOT_OK(builder->Append(result, older, newer));
      ARROW_ASSIGN_OR_RAISE(auto combined, builder->Finish());
      *survivor = PreCombineSurvivor{row, std::move(combined)};
      return ::arrow::Status::OK();
    }
    case MergeOutcome::kDelete:
      break;
  }
  return ::arrow::Status::Invalid("PreCombine of ", merger.java_class_name(),
                                  " returned a delete; it must return a record");
}

::arrow::Result<std::shared_ptr<::arrow::RecordBatch>> PreCombineBatch(
    const RecordMerger& merger, const std::shared_ptr<::arrow::RecordBatch>& batch,
    const ::arrow::Array& record_keys) {
  if (record_keys.length() != batch->num_rows()) {
    return ::arrow::Status::Invalid("record keys have ", record_keys.length(),
                                    " entries for a batch of ", batch->num_rows(),
                                    " rows");
  }
  std::vector<int64_t> first_rows;
  ARROW_ASSIGN_OR_RAISE(std::vector<int64_t> group_of,
                        GroupByKey(record_keys, &first_rows));
  std::vector<PreCombineSurvivor> survivors(first_rows.size());
  for (size_t g = 0; g < first_rows.size(); ++g) survivors[g].row = first_rows[g];
  for (int64_t row = 0; row < batch->num_rows(); ++row) {
    PreCombineSurvivor& survivor = survivors[group_of[row]];
    if (survivor.row == row && !survivor.combined) continue;  // the key's first row
    ARROW_RETURN_NOT_OK(FoldPreCombine(merger, batch, row, &survivor));
  }
  ARROW_ASSIGN_OR_RAISE(auto builder, MergedBatchBuilder::Make(batch->schema()));
  for (const PreCombineSurvivor& survivor : survivors) {
    ARROW_RETURN_NOT_OK(builder->AppendRow(survivor.ref(*batch)));
  }
  return builder->Finish();
}

}  // namespace hoodie
