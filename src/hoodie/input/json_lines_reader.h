// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/input/json_lines_reader.h
/// \brief JSON lines (one object per line) as Arrow record batches, typed as Spark's
/// JSON reader (`spark.read.json`) types them, or converted to a given schema.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>

#include <arrow/record_batch.h>
#include <arrow/result.h>
#include <arrow/type_fwd.h>

#include "hoodie/input/cdc_json.h"
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
  std::shared_ptr<Storage> storage = nullptr;
  /// When set, a record that is not a JSON object or does not convert is left out and
  /// its error (which says where it was) handed here with the record's number (a line
  /// number; JsonRecordSource's numbers), in record order, rather than failing the read
  /// (the streamer's --commit-on-errors). Called from the reading thread.
  std::function<void(const ::arrow::Status&, int64_t number)> on_bad_record = nullptr;
  /// When set, each record is a change record of this format, decoded into its rows
  /// (DecodeCdcJson) and read into WithCdcColumns(schema); a schema is then required.
  std::optional<CdcJsonOptions> cdc;
  /// Told of each record that yields other than one row: a blank line of a file (none),
  /// and with `cdc` a change record (none or several; DecodeCdcJson), before its rows are
  /// parsed; on_bad_record then reports a left-out row by the number of the record it
  /// came from.
  std::function<void(int64_t number, int64_t rows)> on_record_rows = nullptr;
  /// A JSON string also fills a number, boolean, date or timestamp column, parsed as
  /// text (Flink's JSON formats; Canal writes every value as a string). Always on with
  /// canal-json.
  bool parse_text_values = false;
};

/// \brief JSON documents, one object each, from elsewhere than a file's lines (the
/// messages of a Kafka topic).
class HOODIE_EXPORT JsonRecordSource {
 public:
  virtual ~JsonRecordSource() = default;
  /// The next record's text in `*text` and a number Describe() takes; false at the end.
  virtual ::arrow::Result<bool> Next(std::string* text, int64_t* number) = 0;
  /// Where record `number` came from ("topic t, partition 0, offset 5"), for messages.
  /// Only asked of the last `batch_rows` records Next returned; may be called from
  /// several threads at once between calls of Next.
  virtual std::string Describe(int64_t number) const = 0;
};

/// Opens `path` of `options.storage`. Without a schema the file is read twice, once to infer
/// it. A line that is not a JSON object, or a value that does not convert to its
/// field's type, fails the read with "path:line: field 'a.b': ..." saying what was
/// expected. Blank lines are skipped.
::arrow::Result<std::shared_ptr<::arrow::RecordBatchReader>> OpenJsonLines(
    const std::string& path, JsonLinesOptions options = {});

/// The records of `source` read into `options.schema` (required) as OpenJsonLines reads
/// a file's lines; a failure says where through JsonRecordSource::Describe.
HOODIE_EXPORT ::arrow::Result<std::shared_ptr<::arrow::RecordBatchReader>> OpenJsonRecords(
    std::unique_ptr<JsonRecordSource> source, JsonLinesOptions options);

/// The schema OpenJsonLines infers for `path` of `storage` (null: the local file system).
HOODIE_EXPORT ::arrow::Result<std::shared_ptr<::arrow::Schema>> InferJsonLinesSchema(
    const std::string& path, const std::shared_ptr<Storage>& storage = nullptr);

}  // namespace hoodie
