// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/write/incoming_records.cc
/// \brief Staging the input of a write: alignment, keys, ordering values, de-duplication.

#include <map>
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
#include "hoodie/write/payload_spill_internal.h"

namespace hoodie::internal {
namespace {

constexpr char kIsDeletedField[] = "_hoodie_is_deleted";

::arrow::Result<std::shared_ptr<::arrow::Array>> CastTo(
    const std::shared_ptr<::arrow::Array>& array,
    const std::shared_ptr<::arrow::DataType>& type) {
  if (array->type()->Equals(*type)) return array;
  return ::arrow::compute::Cast(*array, type);
}

std::vector<bool> DeleteFlags(const ::arrow::RecordBatch& batch) {
  std::vector<bool> flags(batch.num_rows(), false);
  auto column = batch.GetColumnByName(kIsDeletedField);
  if (column == nullptr || column->type_id() != ::arrow::Type::BOOL) return flags;
  const auto& values = static_cast<const ::arrow::BooleanArray&>(*column);
  for (int64_t i = 0; i < values.length(); ++i) {
    flags[i] = values.IsValid(i) && values.Value(i);
  }
  return flags;
}

// Appends the keyed records of one (aligned) batch; rows with key errors go to failed.
::arrow::Status AddBatch(const ::arrow::RecordBatch& batch, const KeyGenerator& generator,
                         const std::optional<std::string>& ordering_field,
                         int64_t first_row, IncomingRecords* out) {
  ARROW_ASSIGN_OR_RAISE(KeyColumns keys, generator.Generate(batch));
  std::map<int64_t, std::string> errors;
  for (const KeyError& error : keys.errors) {
    auto [it, inserted] = errors.emplace(error.row, error.message);
    if (!inserted) it->second += "; " + error.message;
  }
  std::vector<OrderingValue> ordering;
  if (ordering_field) {
    if (auto column = batch.GetColumnByName(*ordering_field)) {
      ARROW_ASSIGN_OR_RAISE(ordering, OrderingValues(*column));
    }
  }
  std::vector<bool> deletes = DeleteFlags(batch);
  for (int64_t i = 0; i < batch.num_rows(); ++i) {
    if (auto it = errors.find(i); it != errors.end()) {
      out->failed.push_back({out->total_input + i, it->second});
      continue;
    }
    IncomingRecord record;
    record.row = first_row + i;
    record.key = std::string(keys.record_keys->GetView(i));
    record.partition = std::string(keys.partition_paths->GetView(i));
    if (!ordering.empty()) record.ordering = ordering[i];
    record.is_delete = deletes[i];
    out->records.push_back(std::move(record));
  }
  return ::arrow::Status::OK();
}

// Keeps one aligned batch in memory until the kept rows pass the budget; from then on
// they all go to the spill file.
::arrow::Status Keep(std::shared_ptr<::arrow::RecordBatch> batch,
                     const std::shared_ptr<::arrow::Schema>& schema,
                     const SpillOptions& spill,
                     std::vector<std::shared_ptr<::arrow::RecordBatch>>* kept,
                     int64_t* kept_bytes, IncomingRecords* out) {
  if (out->spilled != nullptr) return out->spilled->Append(*batch);
  ARROW_ASSIGN_OR_RAISE(int64_t bytes, ::arrow::util::ReferencedBufferSize(*batch));
  *kept_bytes += bytes;
  kept->push_back(std::move(batch));
  if (spill.memory_budget <= 0 || *kept_bytes < spill.memory_budget) {
    return ::arrow::Status::OK();
  }
  ARROW_ASSIGN_OR_RAISE(
      std::unique_ptr<SpilledPayloads> spilled,
      SpilledPayloads::Create(::arrow::schema(schema->fields()), spill.directory));
  for (const auto& held : *kept) ARROW_RETURN_NOT_OK(spilled->Append(*held));
  kept->clear();
  *kept_bytes = 0;
  out->spilled = std::move(spilled);
  return ::arrow::Status::OK();
}

}  // namespace

::arrow::Status IncomingRecords::PrepareBuckets(
    const std::vector<std::vector<int64_t>>& bucket_rows) {
  if (spilled == nullptr) return ::arrow::Status::OK();
  return spilled->PrepareBuckets(bucket_rows);
}

int CompareOrdering(const OrderingValue& a, const OrderingValue& b) {
  if (a.index() != b.index()) return a.index() < b.index() ? -1 : 1;
  if (a < b) return -1;
  return b < a ? 1 : 0;
}

::arrow::Result<std::vector<OrderingValue>> OrderingValues(const ::arrow::Array& column) {
  std::vector<OrderingValue> out(column.length());
  auto fill = [&](const std::shared_ptr<::arrow::Array>& cast, auto tag) {
    using ArrayType = decltype(tag);
    const auto& typed = static_cast<const ArrayType&>(*cast);
    for (int64_t i = 0; i < typed.length(); ++i) {
      if (typed.IsValid(i)) out[i] = OrderingValue(typed.GetView(i));
    }
  };
  const auto& type = *column.type();
  std::shared_ptr<::arrow::Array> source = ::arrow::MakeArray(column.data());
  if (::arrow::is_integer(type.id()) || type.id() == ::arrow::Type::BOOL ||
      ::arrow::is_temporal(type.id())) {
    // Dates become their day number first: Arrow casts date32 to int32, not int64.
    if (type.id() == ::arrow::Type::DATE32) {
      ARROW_ASSIGN_OR_RAISE(source, ::arrow::compute::Cast(*source, ::arrow::int32()));
    }
    ARROW_ASSIGN_OR_RAISE(auto cast, ::arrow::compute::Cast(*source, ::arrow::int64()));
    fill(cast, ::arrow::Int64Array(cast->data()));
  } else if (::arrow::is_floating(type.id()) || ::arrow::is_decimal(type.id())) {
    ARROW_ASSIGN_OR_RAISE(auto cast, ::arrow::compute::Cast(*source, ::arrow::float64()));
    fill(cast, ::arrow::DoubleArray(cast->data()));
  } else if (::arrow::is_string(type.id())) {
    ARROW_ASSIGN_OR_RAISE(auto cast, ::arrow::compute::Cast(*source, ::arrow::utf8()));
    const auto& typed = static_cast<const ::arrow::StringArray&>(*cast);
    for (int64_t i = 0; i < typed.length(); ++i) {
      if (typed.IsValid(i)) out[i] = std::string(typed.GetView(i));
    }
  } else {
    return ::arrow::Status::Invalid("the ordering (precombine) field has type ",
                                    type.ToString(), ", which hoodie cannot compare");
  }
  return out;
}

::arrow::Result<std::shared_ptr<::arrow::RecordBatch>> AlignToSchema(
    const std::shared_ptr<::arrow::RecordBatch>& batch, const ::arrow::Schema& schema) {
  for (const auto& field : batch->schema()->fields()) {
    if (!IsMetaField(field->name()) && schema.GetFieldIndex(field->name()) < 0) {
      return ::arrow::Status::NotImplemented(
          "schema evolution is not implemented: the input has column '", field->name(),
          "', which the table schema lacks");
    }
  }
  std::vector<std::shared_ptr<::arrow::Array>> columns;
  for (const auto& field : schema.fields()) {
    auto column = batch->GetColumnByName(field->name());
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
    std::shared_ptr<::arrow::Schema> schema,
    const std::optional<std::string>& ordering_field, bool ordering_required,
    const SpillOptions& spill) {
  IncomingRecords out;
  out.schema = schema;
  if (ordering_required && ordering_field &&
      input->schema()->GetFieldIndex(*ordering_field) < 0) {
    return ::arrow::Status::Invalid("the precombine field '", *ordering_field,
                                    "' is not a column of the input");
  }
  std::vector<std::shared_ptr<::arrow::RecordBatch>> kept;
  int64_t kept_bytes = 0;
  int64_t staged_rows = 0;
  while (true) {
    ARROW_ASSIGN_OR_RAISE(std::shared_ptr<::arrow::RecordBatch> batch, input->Next());
    if (batch == nullptr) break;
    if (batch->num_rows() == 0) continue;
    if (schema != nullptr) {
      // Keys come from the input batch: the aligned one may miss nothing the keys need,
      // but `_hoodie_is_deleted` is only read from the input.
      ARROW_ASSIGN_OR_RAISE(auto aligned, AlignToSchema(batch, *schema));
      ARROW_RETURN_NOT_OK(
          AddBatch(*batch, key_generator, ordering_field, staged_rows, &out));
      staged_rows += aligned->num_rows();
      ARROW_RETURN_NOT_OK(
          Keep(std::move(aligned), schema, spill, &kept, &kept_bytes, &out));
    } else {
      ARROW_RETURN_NOT_OK(AddBatch(*batch, key_generator, ordering_field, 0, &out));
    }
    out.total_input += batch->num_rows();
  }
  if (out.spilled != nullptr) {
    ARROW_RETURN_NOT_OK(out.spilled->Finish());
  } else if (schema != nullptr) {
    ARROW_ASSIGN_OR_RAISE(out.table, ::arrow::Table::FromRecordBatches(
                                         ::arrow::schema(schema->fields()), kept));
  }
  return out;
}

int64_t IncomingRecords::Deduplicate(bool global) {
  std::map<std::pair<std::string, std::string>, size_t> first;
  std::vector<IncomingRecord> kept;
  for (IncomingRecord& record : records) {
    auto [it, inserted] = first.emplace(
        std::make_pair(global ? std::string() : record.partition, record.key),
        kept.size());
    if (inserted) {
      kept.push_back(std::move(record));
    } else if (CompareOrdering(record.ordering, kept[it->second].ordering) >= 0) {
      kept[it->second] = std::move(record);
    }
  }
  int64_t dropped = static_cast<int64_t>(records.size() - kept.size());
  records = std::move(kept);
  return dropped;
}

::arrow::Result<std::shared_ptr<::arrow::RecordBatch>> IncomingRecords::Take(
    const std::vector<int64_t>& rows) const {
  if (spilled != nullptr) return spilled->Take(rows);
  ::arrow::Int64Builder builder;
  ARROW_RETURN_NOT_OK(builder.AppendValues(rows));
  ARROW_ASSIGN_OR_RAISE(std::shared_ptr<::arrow::Array> indices, builder.Finish());
  ARROW_ASSIGN_OR_RAISE(::arrow::Datum taken, ::arrow::compute::Take(table, indices));
  return taken.table()->CombineChunksToBatch();
}

}  // namespace hoodie::internal
