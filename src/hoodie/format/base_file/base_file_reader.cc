// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/format/base_file/base_file_reader.cc
/// \brief What every format's reader shares: footer lookups, whole-table and key reads.
#include "hoodie/format/base_file/base_file_reader.h"

#include <arrow/array.h>
#include <arrow/array/concatenate.h>
#include <arrow/table.h>
#include <arrow/type.h>

#include "hoodie/format/avro/meta_fields.h"

namespace hoodie {

std::optional<std::string> BaseFileFooter::Value(std::string_view key) const {
  return FindFooterValue(entries, key);
}

using ::arrow::Result;
using ::arrow::Status;

Result<std::shared_ptr<::arrow::Table>> BaseFileReader::ReadTable(
    const BaseFileReadOptions& options) {
  ARROW_ASSIGN_OR_RAISE(auto batches, GetRecordBatchReader(options));
  return batches->ToTable();
}

Result<std::shared_ptr<::arrow::StringArray>> BaseFileReader::ReadRecordKeys() {
  BaseFileReadOptions options;
  options.columns = {std::string(kRecordKeyField)};
  ARROW_ASSIGN_OR_RAISE(auto table, ReadTable(options));
  auto column = table->column(0);
  if (column->type()->id() != ::arrow::Type::STRING) {
    return Status::Invalid("_hoodie_record_key is not a string column in ", path());
  }
  if (column->num_chunks() == 1) {
    return std::static_pointer_cast<::arrow::StringArray>(column->chunk(0));
  }
  if (column->num_chunks() == 0) {
    ARROW_ASSIGN_OR_RAISE(auto empty, ::arrow::MakeEmptyArray(::arrow::utf8()));
    return std::static_pointer_cast<::arrow::StringArray>(empty);
  }
  ARROW_ASSIGN_OR_RAISE(auto keys, ::arrow::Concatenate(column->chunks()));
  return std::static_pointer_cast<::arrow::StringArray>(keys);
}

}  // namespace hoodie
