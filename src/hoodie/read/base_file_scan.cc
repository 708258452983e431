// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/read/base_file_scan.cc
/// \brief Base-file scan: projection, filters, record-key pruning and limit over
/// BaseFileReader record batches (the role of Spark's ParquetFileFormat reader inside
/// Hudi's BaseFileOnlyRelation).
#include <algorithm>
#include <array>
#include <string_view>

#include <arrow/array/util.h>
#include <arrow/compute/api.h>
#include <arrow/util/key_value_metadata.h>

#include "hoodie/common/macros.h"
#include "hoodie/format/avro/meta_fields.h"
#include "hoodie/format/footer_keys.h"
#include "hoodie/format/registry/base_file_formats.h"
#include "hoodie/read/base_file_scan_internal.h"
#include "hoodie/storage/storage.h"

namespace hoodie::internal {

namespace {

bool IsMetaColumn(std::string_view name) {
  return std::find(kMetaFields.begin(), kMetaFields.end(), name) != kMetaFields.end();
}

::arrow::Result<std::shared_ptr<::arrow::Field>> FindColumn(const ::arrow::Schema& schema,
                                                            const std::string& name,
                                                            std::string_view what) {
  std::shared_ptr<::arrow::Field> field = schema.GetFieldByName(name);
  if (field == nullptr) {
    std::string names;
    for (const auto& field : schema.fields()) {
      names += (names.empty() ? "" : ", ") + field->name();
    }
    return ::arrow::Status::Invalid(what, " column '", name,
                                    "' is not in the table schema; columns: ", names);
  }
  return field;
}

// Requested meta columns first in table order, then the rest in the requested order
// (hudi-rs and Spark both put meta columns first).
::arrow::Result<std::vector<std::shared_ptr<::arrow::Field>>> ProjectFields(
    const ::arrow::Schema& schema, const std::vector<std::string>& columns) {
  if (columns.empty()) return schema.fields();
  std::vector<std::shared_ptr<::arrow::Field>> meta;
  std::vector<std::shared_ptr<::arrow::Field>> data;
  for (const std::string& name : columns) {
    ARROW_ASSIGN_OR_RAISE(auto field, FindColumn(schema, name, "projected"));
    auto& bucket = IsMetaColumn(name) ? meta : data;
    if (std::none_of(bucket.begin(), bucket.end(),
                     [&](const auto& f) { return f->name() == name; })) {
      bucket.push_back(field);
    }
  }
  std::sort(meta.begin(), meta.end(), [](const auto& a, const auto& b) {
    return std::find(kMetaFields.begin(), kMetaFields.end(), a->name()) <
           std::find(kMetaFields.begin(), kMetaFields.end(), b->name());
  });
  meta.insert(meta.end(), data.begin(), data.end());
  return meta;
}

::arrow::Result<BoundFilter> BindFilter(
    const ColumnFilter& filter, std::vector<std::shared_ptr<::arrow::Field>>* read_fields,
    const ::arrow::Schema& schema) {
  ARROW_ASSIGN_OR_RAISE(auto field, FindColumn(schema, filter.column, "filter"));
  auto it = std::find_if(read_fields->begin(), read_fields->end(),
                         [&](const auto& f) { return f->name() == filter.column; });
  BoundFilter bound;
  bound.column = static_cast<int>(it - read_fields->begin());
  if (it == read_fields->end()) read_fields->push_back(field);
  bound.op = filter.op;
  auto parsed = ::arrow::Scalar::Parse(field->type(), filter.value);
  if (!parsed.ok()) {
    return ::arrow::Status::Invalid(
        "filter value '", filter.value, "' for column '", filter.column, "' is not a ",
        field->type()->ToString(), ": ", parsed.status().message());
  }
  bound.value = *parsed;
  return bound;
}

}  // namespace

::arrow::Result<ScanSpec> MakeScanSpec(
    const ::arrow::Schema& table_schema, const ReadOptions& options,
    const std::vector<ColumnFilter>& extra_filters) {
  ScanSpec spec;
  ARROW_ASSIGN_OR_RAISE(auto output_fields,
                         ProjectFields(table_schema, options.columns));
  spec.output_schema = ::arrow::schema(output_fields);
  std::vector<ColumnFilter> filters = options.filters;
  filters.insert(filters.end(), extra_filters.begin(), extra_filters.end());
  for (const ColumnFilter& filter : filters) {
    ARROW_ASSIGN_OR_RAISE(BoundFilter bound,
                           BindFilter(filter, &output_fields, table_schema));
    spec.filters.push_back(std::move(bound));
    if (filter.column == kRecordKeyField && filter.op == CompareOp::kEqual) {
      spec.record_key = filter.value;
    }
  }
  spec.read_schema = ::arrow::schema(output_fields);
  spec.limit = options.limit;
  spec.batch_size = std::max<int64_t>(1, options.batch_size);
  return spec;
}

namespace {

// A footer without min/max keys (meta fields off, bloom disabled) cannot prune.
bool MayContainKey(const BaseFileReader& reader, const std::string& key) {
  std::optional<std::string> min = reader.min_record_key();
  std::optional<std::string> max = reader.max_record_key();
  if (!min || !max) return true;
  return key >= *min && key <= *max;
}

class BaseFileScan : public ::arrow::RecordBatchReader {
 public:
  BaseFileScan(std::shared_ptr<Storage> storage, std::vector<BaseFile> files,
               ScanSpec spec, std::vector<PartitionConstants> constants)
      : storage_(std::move(storage)),
        files_(std::move(files)),
        spec_(std::move(spec)),
        constants_(std::move(constants)) {}

  std::shared_ptr<::arrow::Schema> schema() const override { return spec_.output_schema; }

  ::arrow::Status ReadNext(std::shared_ptr<::arrow::RecordBatch>* out) override {
    *out = nullptr;
    while (!LimitReached()) {
      if (batches_ != nullptr) {
        std::shared_ptr<::arrow::RecordBatch> batch;
        ARROW_RETURN_NOT_OK(ReadFromParquet(&batch));
        if (batch != nullptr) {
          ARROW_ASSIGN_OR_RAISE(*out, Shape(*batch));
          if ((*out)->num_rows() > 0) return ::arrow::Status::OK();
          continue;
        }
        batches_.reset();
      }
      ARROW_ASSIGN_OR_RAISE(bool more_row_groups, NextRowGroup());
      if (more_row_groups) continue;
      ARROW_ASSIGN_OR_RAISE(bool opened, OpenNextFile());
      if (!opened) break;
    }
    *out = nullptr;
    return ::arrow::Status::OK();
  }

 private:
  bool LimitReached() const { return spec_.limit && emitted_ >= *spec_.limit; }

  ::arrow::Status ReadFromParquet(std::shared_ptr<::arrow::RecordBatch>* batch) {
    return batches_->ReadNext(batch);
  }

  // Opens the next file that may hold matching rows; false when none is left.
  ::arrow::Result<bool> OpenNextFile() {
    reader_.reset();
    while (file_index_ < files_.size()) {
      const BaseFile& file = files_[file_index_++];
      // Table reads run on the caller's thread, outside Arrow's CPU pool.
      ARROW_ASSIGN_OR_RAISE(reader_,
                             OpenBaseFile(storage_, file.path, spec_.batch_size,
                                          BaseFileReader::Decode::kParallel, file.size));
      if (spec_.record_key && !MayContainKey(*reader_, *spec_.record_key)) {
        reader_.reset();
        continue;
      }
      // The file's columns the read needs, in file order; the others (added by later
      // schemas) become nulls in Shape.
      columns_.clear();
      for (const auto& field : reader_->schema()->fields()) {
        if (spec_.read_schema->GetFieldByName(field->name()) != nullptr) {
          columns_.push_back(field->name());
        }
      }
      row_group_ = 0;
      return true;
    }
    return false;
  }

  // Starts the next row group of the open file; false when the file is done.
  ::arrow::Result<bool> NextRowGroup() {
    if (reader_ == nullptr || row_group_ >= reader_->num_row_groups()) return false;
    // One row group at a time, so that memory holds one row group's pages.
    BaseFileReadOptions options;
    options.columns = columns_;
    options.row_groups = {row_group_++};
    ARROW_ASSIGN_OR_RAISE(batches_, reader_->GetRecordBatchReader(options));
    return true;
  }

  ::arrow::Result<std::shared_ptr<::arrow::RecordBatch>> Shape(
      const ::arrow::RecordBatch& batch) {
    const PartitionConstants* constants =
        constants_.empty() ? nullptr : &constants_[file_index_ - 1];
    return ShapeBatch(spec_, batch, &emitted_, constants);
  }

  std::shared_ptr<Storage> storage_;
  std::vector<BaseFile> files_;
  ScanSpec spec_;
  std::vector<PartitionConstants> constants_;
  size_t file_index_ = 0;
  std::unique_ptr<BaseFileReader> reader_;
  std::vector<std::string> columns_;
  int row_group_ = 0;
  std::shared_ptr<::arrow::RecordBatchReader> batches_;
  int64_t emitted_ = 0;
};

}  // namespace

namespace {

const ::arrow::Scalar* FindConstant(const PartitionConstants* constants,
                                    const std::string& name) {
  if (constants == nullptr) return nullptr;
  for (const auto& [column, value] : *constants) {
    if (column == name) return value.get();
  }
  return nullptr;
}

}  // namespace

::arrow::Result<std::shared_ptr<::arrow::RecordBatch>> ConformBatch(
    const ::arrow::Schema& schema, const ::arrow::RecordBatch& batch,
    const PartitionConstants* constants) {
  std::vector<std::shared_ptr<::arrow::Array>> columns;
  for (const auto& field : schema.fields()) {
    if (const ::arrow::Scalar* constant = FindConstant(constants, field->name())) {
      ARROW_ASSIGN_OR_RAISE(auto column,
                             ::arrow::MakeArrayFromScalar(*constant, batch.num_rows()));
      columns.push_back(std::move(column));
      continue;
    }
    std::shared_ptr<::arrow::Array> column = batch.GetColumnByName(field->name());
    if (column == nullptr) {
      // A column added by a later schema: older files read it as null, as Spark does.
      ARROW_ASSIGN_OR_RAISE(column,
                             ::arrow::MakeArrayOfNull(field->type(), batch.num_rows()));
    } else if (!column->type()->Equals(*field->type())) {
      ARROW_ASSIGN_OR_RAISE(::arrow::Datum cast,
                             ::arrow::compute::Cast(column, field->type()));
      column = cast.make_array();
    }
    columns.push_back(std::move(column));
  }
  return ::arrow::RecordBatch::Make(::arrow::schema(schema.fields()), batch.num_rows(),
                                    std::move(columns));
}

::arrow::Result<std::shared_ptr<::arrow::RecordBatch>> ShapeBatch(
    const ScanSpec& spec, const ::arrow::RecordBatch& batch, int64_t* emitted,
    const PartitionConstants* constants) {
  ARROW_ASSIGN_OR_RAISE(std::shared_ptr<::arrow::RecordBatch> rows,
                         ConformBatch(*spec.read_schema, batch, constants));
  if (!spec.filters.empty()) {
    ::arrow::Datum mask;
    for (const BoundFilter& filter : spec.filters) {
      ARROW_ASSIGN_OR_RAISE(
          ::arrow::Datum match,
          ::arrow::compute::CallFunction(CompareFunctionName(filter.op),
                                         {rows->column(filter.column), filter.value}));
      if (mask.is_value()) {
        ARROW_ASSIGN_OR_RAISE(match, ::arrow::compute::And(mask, match));
      }
      mask = std::move(match);
    }
    ARROW_ASSIGN_OR_RAISE(::arrow::Datum kept, ::arrow::compute::Filter(rows, mask));
    rows = kept.record_batch();
  }
  std::vector<int> output(spec.output_schema->num_fields());
  for (size_t i = 0; i < output.size(); ++i) output[i] = static_cast<int>(i);
  ARROW_ASSIGN_OR_RAISE(rows, rows->SelectColumns(output));
  if (spec.limit && *emitted + rows->num_rows() > *spec.limit) {
    rows = rows->Slice(0, *spec.limit - *emitted);
  }
  *emitted += rows->num_rows();
  return rows;
}

::arrow::Result<std::shared_ptr<::arrow::Schema>> ReadBaseFileSchema(
    std::shared_ptr<Storage> storage, const std::string& path) {
  ARROW_ASSIGN_OR_RAISE(auto reader, OpenBaseFile(storage, path));
  // Keep field order and types only: footer metadata differs from file to file.
  return reader->schema()->RemoveMetadata();
}

std::shared_ptr<::arrow::RecordBatchReader> MakeBaseFileScan(
    std::shared_ptr<Storage> storage, std::vector<BaseFile> files, ScanSpec spec,
    std::vector<PartitionConstants> constants) {
  return std::make_shared<BaseFileScan>(std::move(storage), std::move(files),
                                        std::move(spec), std::move(constants));
}

}  // namespace hoodie::internal
