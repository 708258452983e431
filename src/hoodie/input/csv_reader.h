// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/input/csv_reader.h
/// \brief CSV files (header first) as Arrow record batches, typed as Spark's CSV reader
/// types them: every column a string unless a schema says otherwise.
#pragma once

#include <memory>
#include <string>

#include <arrow/record_batch.h>
#include <arrow/result.h>
#include <arrow/type_fwd.h>

#include "hoodie/visibility.h"

namespace hoodie {

class Storage;

/// How a CSV file is written (Spark's CSV reader options).
struct HOODIE_EXPORT CsvDialect {
  /// The first line names the columns (Spark's `header`; hoodie write's default). Without
  /// a header the columns are the schema's, by position, or `_c0`, `_c1`, ... as Spark
  /// names them.
  bool header = true;
  /// With a header and a schema, take the schema's columns by position and ignore the
  /// header's names (Spark's enforceSchema=true, which the streamer's CSV source has);
  /// by default columns are matched by name.
  bool by_position = false;
  /// Spark's `sep`, `quote` and `escape` (`\0` for none) and `nullValue`.
  char delimiter = ',';
  char quote = '"';
  char escape = '\0';
  std::string null_value;
};

struct HOODIE_EXPORT CsvOptions {
  /// Types for the columns it names; the others, and all without a schema, are
  /// strings (Spark's inferSchema=false). Values are parsed as Spark parses text for
  /// the type (see text_value_internal.h).
  std::shared_ptr<::arrow::Schema> schema;
  CsvDialect dialect;
  /// Where the file is read from; null: the local file system.
  std::shared_ptr<Storage> storage;
};

/// Opens `path` of `options.storage`. Empty fields, quoted or not, are null (Spark's default
/// nullValue ""). A malformed row, or a value that does not parse as its column's
/// type, fails the read with "path:line: field 'c': ..." saying what was expected.
::arrow::Result<std::shared_ptr<::arrow::RecordBatchReader>> OpenCsv(
    const std::string& path, CsvOptions options = {});

}  // namespace hoodie
