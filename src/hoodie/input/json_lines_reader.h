// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/input/json_lines_reader.h
/// \brief JSON lines (one object per line) as Arrow record batches, typed as Spark's
/// JSON reader (`spark.read.json`) types them, or converted to a given schema.
#pragma once

#include <cstdint>
#include <memory>
#include <string>

#include <arrow/record_batch.h>
#include <arrow/result.h>
#include <arrow/type_fwd.h>

#include "hoodie/visibility.h"

namespace hoodie {

class Storage;

struct HOODIE_EXPORT JsonLinesOptions {
  /// The schema to read into; null to infer it from the whole file as Spark does:
  /// integers bigint (decimal(20,0) past its range), other numbers double, strings
  /// string (dates and times included), objects structs, arrays lists of the merged
  /// element type, a field that is only ever null string. Values of different kinds
  /// merge as Spark merges them (bigint with double is double, anything with a string
  /// is string, which then holds the other values' JSON text). Fields keep the order in
  /// which they first appear, where Spark sorts them by name.
  std::shared_ptr<::arrow::Schema> schema;
  /// With a schema, object keys it lacks are dropped, as Spark's reader drops them
  /// under a user schema; by default they are refused, naming the key.
  bool drop_unknown_fields = false;
  /// Rows per batch: memory is bounded by this, not by the file.
  int64_t batch_rows = 16384;
  /// Where the file is read from; null: the local file system.
  std::shared_ptr<Storage> storage;
};

/// Opens `path` of `options.storage`. Without a schema the file is read twice, once to infer
/// it. A line that is not a JSON object, or a value that does not convert to its
/// field's type, fails the read with "path:line: field 'a.b': ..." saying what was
/// expected. Blank lines are skipped.
::arrow::Result<std::shared_ptr<::arrow::RecordBatchReader>> OpenJsonLines(
    const std::string& path, JsonLinesOptions options = {});

/// The schema OpenJsonLines infers for `path` of `storage` (null: the local file system).
HOODIE_EXPORT ::arrow::Result<std::shared_ptr<::arrow::Schema>> InferJsonLinesSchema(
    const std::string& path, const std::shared_ptr<Storage>& storage = nullptr);

}  // namespace hoodie
