// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/read/base_file_scan_internal.h
/// \brief Streams rows of base files (each through its format's reader) with projection,
/// filters and a row limit.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <arrow/record_batch.h>
#include <arrow/result.h>
#include <arrow/scalar.h>
#include <arrow/type.h>

#include "hoodie/read/partition_values_internal.h"
#include "hoodie/read/read_options.h"
#include "hoodie/table/file_slice.h"

namespace hoodie {
class Storage;
}

namespace hoodie::internal {

/// A filter bound to a column of ScanSpec::read_schema.
struct BoundFilter {
  int column = 0;
  CompareOp op = CompareOp::kEqual;
  std::shared_ptr<::arrow::Scalar> value;
};

/// \brief What to read from every file and how to shape it.
struct ScanSpec {
  std::shared_ptr<::arrow::Schema> output_schema;
  std::shared_ptr<::arrow::Schema>
      read_schema;  ///< output columns, then filter-only ones
  std::vector<BoundFilter> filters;
  std::optional<std::string> record_key;  ///< equality on _hoodie_record_key, for pruning
  std::optional<int64_t> limit;
  int64_t batch_size = 64 * 1024;
};

/// The Arrow schema of one base file, read by its format. IOError/Invalid from storage
/// or the format.
::arrow::Result<std::shared_ptr<::arrow::Schema>> ReadBaseFileSchema(
    std::shared_ptr<Storage> storage, const std::string& path);

/// Resolves projection and filters of `options` against `table_schema`, adding the
/// incremental commit-time range as two filters. Invalid naming a missing column or a
/// literal that does not parse as the column's type.
::arrow::Result<ScanSpec> MakeScanSpec(
    const ::arrow::Schema& table_schema, const ReadOptions& options,
    const std::vector<ColumnFilter>& extra_filters);

/// `batch` with the columns of `schema` in its order: a missing column becomes nulls
/// (a column added by a later schema), a column of another type is cast, and a column
/// named in `constants` holds its constant in every row (partition values taken from
/// the partition path).
::arrow::Result<std::shared_ptr<::arrow::RecordBatch>> ConformBatch(
    const ::arrow::Schema& schema, const ::arrow::RecordBatch& batch,
    const PartitionConstants* constants = nullptr);

/// Applies `spec` to a batch of full rows: conforms it to the read schema (with
/// `constants`, see ConformBatch), filters, projects to the output schema and cuts at
/// the limit, counting rows in `*emitted`.
::arrow::Result<std::shared_ptr<::arrow::RecordBatch>> ShapeBatch(
    const ScanSpec& spec, const ::arrow::RecordBatch& batch, int64_t* emitted,
    const PartitionConstants* constants = nullptr);

/// A reader over `files` in order; at most one row group is decoded at a time. When
/// `constants` is not empty it holds, per file, the partition values its rows get.
std::shared_ptr<::arrow::RecordBatchReader> MakeBaseFileScan(
    std::shared_ptr<Storage> storage, std::vector<BaseFile> files, ScanSpec spec,
    std::vector<PartitionConstants> constants = {});

}  // namespace hoodie::internal
