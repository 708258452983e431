// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/input/input_format.h
/// \brief Input file formats as plug-ins: JSON lines, CSV, Parquet, Avro object
/// containers and ORC, each opened as a stream of Arrow record batches.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include <arrow/record_batch.h>
#include <arrow/result.h>
#include <arrow/type_fwd.h>

#include "hoodie/common/plugin_registry.h"
#include "hoodie/input/cdc_json.h"
#include "hoodie/input/csv_reader.h"
#include "hoodie/visibility.h"

namespace hoodie {

struct HOODIE_EXPORT InputOptions {
  /// The schema text formats convert their values to (the table's, or a user's); null
  /// to type them as Spark's readers do. Formats that carry their own types ignore it.
  std::shared_ptr<::arrow::Schema> schema;
  /// With a user's schema, JSON keys it lacks are dropped (Spark's reader), not refused.
  bool drop_unknown_fields = false;
  /// How CSV files are written (the csv format only).
  CsvDialect csv;
  /// Where the files are read from (a local folder or an object store); null: the
  /// local file system.
  std::shared_ptr<Storage> storage;
  /// The json format only: its lines are change records of this format (DecodeCdcJson).
  std::optional<CdcJsonOptions> cdc;
  /// The json format only: a record that does not decode or convert is left out and
  /// its error (naming file and line) handed here, rather than failing the read.
  std::function<void(const ::arrow::Status&, int64_t line)> on_bad_record;
};

/// \brief One input file format.
class HOODIE_EXPORT InputFormat {
 public:
  virtual ~InputFormat() = default;

  /// The file at `path` of `options.storage` as batches, a bounded number of rows at a time.
  virtual ::arrow::Result<std::shared_ptr<::arrow::RecordBatchReader>> Open(
      const std::string& path, const InputOptions& options) const = 0;

  /// Where row `row` (from 0) of the file at `path` is, for messages: "path: row N",
  /// or "path:line" for a format with lines.
  virtual std::string Where(const std::string& path, int64_t row,
                            const InputOptions& options) const {
    return path + ": row " + std::to_string(row);
  }

  /// True when Open's errors already name the file (and line); else the caller adds
  /// the path.
  virtual bool LocatesErrors() const { return false; }

  /// True when InputOptions::schema converts the values (text formats).
  virtual bool TakesSchema() const { return false; }
};

/// \brief The input formats by name: json, csv, parquet, avro, orc (case-insensitive).
class HOODIE_EXPORT InputFormatRegistry : public PluginRegistry<InputFormat> {
 public:
  /// An empty registry of its own (tests, embedders); most callers use Global().
  InputFormatRegistry() : PluginRegistry("input format") {}

  /// The process-wide registry, with the built-in formats registered.
  static InputFormatRegistry* Global();
};

/// The format registered as `name`; Invalid listing the known ones otherwise.
HOODIE_EXPORT
::arrow::Result<std::unique_ptr<InputFormat>> MakeInputFormat(std::string_view name);

}  // namespace hoodie
