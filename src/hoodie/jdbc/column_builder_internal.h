// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/jdbc/column_builder_internal.h
/// \brief Decodes one result column, value by value, into an Arrow array of the column's
/// type; shared by the PostgreSQL and SQLite readers.
#pragma once

#include <memory>
#include <string_view>
#include <vector>

#include <arrow/record_batch.h>
#include <arrow/result.h>
#include <arrow/status.h>

#include "hoodie/jdbc/database_connection.h"

namespace hoodie::internal {

/// \brief Values of one column of one batch. Not thread-safe.
class ColumnBuilder {
 public:
  virtual ~ColumnBuilder() = default;
  static ::arrow::Result<std::unique_ptr<ColumnBuilder>> Make(const DatabaseColumn& column);

  virtual ::arrow::Status AppendNull() = 0;
  /// The value as the database hands it over (text, or bytes for kRawBytes).
  virtual ::arrow::Status Append(std::string_view value) = 0;
  /// A floating-point value SQLite holds as a double, kept exact.
  virtual ::arrow::Status AppendDouble(double value);
  /// The batch's array; the builder is empty afterwards. \return Invalid naming the
  ///   column and the value when one does not parse as its type.
  virtual ::arrow::Result<std::shared_ptr<::arrow::Array>> Finish() = 0;
};

/// \brief The builders of every column of a result, and the batches they make.
class BatchAssembler {
 public:
  static ::arrow::Result<BatchAssembler> Make(const std::vector<DatabaseColumn>& columns);

  const std::shared_ptr<::arrow::Schema>& schema() const { return schema_; }
  ColumnBuilder& column(int i) { return *builders_[i]; }
  /// The `rows` rows appended since the last call.
  ::arrow::Result<std::shared_ptr<::arrow::RecordBatch>> Finish(int64_t rows);

 private:
  std::shared_ptr<::arrow::Schema> schema_;
  std::vector<std::unique_ptr<ColumnBuilder>> builders_;
};

}  // namespace hoodie::internal
