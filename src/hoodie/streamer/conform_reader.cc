// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/streamer/conform_reader.cc
#include "hoodie/streamer/conform_reader_internal.h"

#include <utility>
#include <vector>

#include <arrow/array.h>
#include <arrow/compute/cast.h>
#include <arrow/type.h>

#include "hoodie/format/avro/meta_fields.h"
#include "hoodie/streamer/source.h"

namespace hoodie::internal {

// The target column `field` of `in`: by name, cast, or null when nullable and absent.
::arrow::Result<std::shared_ptr<::arrow::Array>> TargetColumn(const ::arrow::RecordBatch& in,
                                                              const ::arrow::Field& field) {
  std::shared_ptr<::arrow::Array> column = in.GetColumnByName(field.name());
  if (column == nullptr) {
    if (!field.nullable()) {
      return ::arrow::Status::Invalid("the records have no column '", field.name(),
                                      "', which the target schema requires");
    }
    return ::arrow::MakeArrayOfNull(field.type(), in.num_rows());
  }
  if (column->type()->Equals(*field.type())) return column;
  auto cast = ::arrow::compute::Cast(*column, field.type());
  if (!cast.ok()) {
    return ::arrow::Status::Invalid("column '", field.name(), "' (", column->type()->ToString(),
                                    ") does not convert to the target schema's ",
                                    field.type()->ToString(), ": ", cast.status().message());
  }
  return *cast;
}

::arrow::Result<std::shared_ptr<::arrow::RecordBatchReader>> ConformToSchema(
    std::shared_ptr<::arrow::RecordBatchReader> input,
    std::shared_ptr<::arrow::Schema> target) {
  return MapBatches(std::move(input), target,
                    [target](const std::shared_ptr<::arrow::RecordBatch>& in) {
                      return ConformBatch(*in, target);
                    });
}

}  // namespace hoodie::internal

namespace hoodie {

::arrow::Result<std::shared_ptr<::arrow::RecordBatch>> ConformBatch(
    const ::arrow::RecordBatch& batch, const std::shared_ptr<::arrow::Schema>& target) {
  ::arrow::ArrayVector columns;
  for (const auto& field : target->fields()) {
    ARROW_ASSIGN_OR_RAISE(auto column, internal::TargetColumn(batch, *field));
    columns.push_back(std::move(column));
  }
  return ::arrow::RecordBatch::Make(target, batch.num_rows(), std::move(columns));
}

std::shared_ptr<::arrow::RecordBatchReader> WithoutMetaColumns(
    std::shared_ptr<::arrow::RecordBatchReader> records, bool all) {
  std::vector<int> kept;
  ::arrow::FieldVector fields;
  const auto& all_fields = records->schema()->fields();
  for (int i = 0; i < static_cast<int>(all_fields.size()); ++i) {
    const std::string& name = all_fields[i]->name();
    if (!IsMetaField(name) || (!all && name == "_hoodie_partition_path")) {
      kept.push_back(i);
      fields.push_back(all_fields[i]);
    }
  }
  if (kept.size() == all_fields.size()) return records;
  auto schema = ::arrow::schema(std::move(fields));
  return MapBatches(std::move(records), schema,
                    [kept, schema](const std::shared_ptr<::arrow::RecordBatch>& in)
                        -> ::arrow::Result<std::shared_ptr<::arrow::RecordBatch>> {
                      ::arrow::ArrayVector columns;
                      for (int i : kept) columns.push_back(in->column(i));
                      return ::arrow::RecordBatch::Make(schema, in->num_rows(), std::move(columns));
                    });
}

}  // namespace hoodie
