// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/input/csv_reader.cc
/// \brief Arrow's CSV reader with every column as text, then Spark's text parsing.
#include "hoodie/input/csv_reader.h"

#include <cstdlib>
#include <string_view>
#include <utility>
#include <vector>

#include <arrow/array.h>
#include <arrow/builder.h>
#include <arrow/csv/api.h>
#include <arrow/io/file.h>
#include <arrow/type.h>

#include "hoodie/input/input_file_internal.h"
#include "hoodie/input/text_value_internal.h"

namespace hoodie {
namespace {

using ::arrow::Status;

// "path:line: " before a parse error; Arrow's serial reader names the line ("Row #3").
Status LocateError(const std::string& path, const Status& status) {
  const std::string& message = status.message();
  std::string where = path;
  if (size_t at = message.find("Row #"); at != std::string::npos) {
    where += ":" + std::to_string(std::atoll(message.c_str() + at + 5));
  }
  return status.WithMessage(where, ": ", message);
}

// Rows are numbered from the header's next line; a serial reader names the line of a
// parse error itself ("Row #3").
class CsvReader : public ::arrow::RecordBatchReader {
 public:
  CsvReader(std::string path, std::shared_ptr<::arrow::csv::StreamingReader> text,
            std::shared_ptr<::arrow::Schema> schema, bool header)
      : path_(std::move(path)),
        text_(std::move(text)),
        schema_(std::move(schema)),
        first_line_(header ? 2 : 1) {}

  std::shared_ptr<::arrow::Schema> schema() const override { return schema_; }

  Status ReadNext(std::shared_ptr<::arrow::RecordBatch>* batch) override {
    std::shared_ptr<::arrow::RecordBatch> text;
    Status read = text_->ReadNext(&text);
    if (!read.ok()) return Locate(read);
    if (text == nullptr) {
      *batch = nullptr;
      return Status::OK();
    }
    std::vector<std::shared_ptr<::arrow::Array>> columns;
    for (int i = 0; i < schema_->num_fields(); ++i) {
      ARROW_ASSIGN_OR_RAISE(auto column, Convert(*text->column(i), *schema_->field(i)));
      columns.push_back(std::move(column));
    }
    *batch = ::arrow::RecordBatch::Make(schema_, text->num_rows(), std::move(columns));
    first_row_ += text->num_rows();
    return Status::OK();
  }

 private:
  Status Locate(const Status& status) const { return LocateError(path_, status); }

  ::arrow::Result<std::shared_ptr<::arrow::Array>> Convert(const ::arrow::Array& text,
                                                           const ::arrow::Field& field) {
    const auto& strings = static_cast<const ::arrow::StringArray&>(text);
    if (field.type()->id() == ::arrow::Type::STRING) return text.Slice(0);
    std::unique_ptr<::arrow::ArrayBuilder> builder;
    ARROW_RETURN_NOT_OK(
        ::arrow::MakeBuilder(::arrow::default_memory_pool(), field.type(), &builder));
    for (int64_t row = 0; row < strings.length(); ++row) {
      if (strings.IsNull(row)) {
        ARROW_RETURN_NOT_OK(builder->AppendNull());
        continue;
      }
      Status status = internal::AppendText(strings.GetView(row), builder.get());
      if (!status.ok()) {
        return status.WithMessage(path_, ":", first_row_ + row + first_line_, ": field '",
                                  field.name(), "': ", status.message());
      }
    }
    return builder->Finish();
  }

  std::string path_;
  std::shared_ptr<::arrow::csv::StreamingReader> text_;
  std::shared_ptr<::arrow::Schema> schema_;
  int64_t first_row_ = 0;
  int64_t first_line_;  // the line of the first row: 2 after a header
};

// The file's text columns; `names` given: the file has no header and these are its
// columns (or it has one that is skipped), each read as text.
::arrow::Result<std::shared_ptr<::arrow::csv::StreamingReader>> OpenText(
    const std::string& path, const CsvOptions& options, const std::vector<std::string>& names,
    bool skip_header) {
  ARROW_ASSIGN_OR_RAISE(auto file, internal::OpenInputFile(options.storage, path));
  auto read_options = ::arrow::csv::ReadOptions::Defaults();
  read_options.use_threads = false;
  if (!names.empty() && !options.dialect.header) read_options.column_names = names;
  if (!names.empty() && skip_header) {
    read_options.column_names = names;
    read_options.skip_rows = 1;
  }
  auto parse = ::arrow::csv::ParseOptions::Defaults();
  parse.delimiter = options.dialect.delimiter;
  parse.quoting = options.dialect.quote != '\0';
  parse.quote_char = options.dialect.quote;
  parse.escaping = options.dialect.escape != '\0';
  if (parse.escaping) parse.escape_char = options.dialect.escape;
  auto convert = ::arrow::csv::ConvertOptions::Defaults();
  convert.strings_can_be_null = true;
  convert.quoted_strings_can_be_null = true;
  convert.null_values = {options.dialect.null_value};
  for (const std::string& name : names) convert.column_types[name] = ::arrow::utf8();
  auto reader = ::arrow::csv::StreamingReader::Make(::arrow::io::default_io_context(), file,
                                                    read_options, parse, convert);
  if (!reader.ok()) return LocateError(path, reader.status());
  return reader;
}

// The column names of the file: its header's, the schema's by position, or Spark's
// _c0, _c1, ... for as many columns as the first line has.
::arrow::Result<std::vector<std::string>> ColumnNames(const std::string& path,
                                                      const CsvOptions& options) {
  if (options.schema && (!options.dialect.header || options.dialect.by_position)) {
    return options.schema->field_names();
  }
  CsvOptions probe_options = options;
  probe_options.dialect.header = true;
  ARROW_ASSIGN_OR_RAISE(auto probe, OpenText(path, probe_options, {}, false));
  std::vector<std::string> names = probe->schema()->field_names();
  if (!options.dialect.header) {
    for (size_t i = 0; i < names.size(); ++i) names[i] = "_c" + std::to_string(i);
  }
  return names;
}

}  // namespace

::arrow::Result<std::shared_ptr<::arrow::RecordBatchReader>> OpenCsv(
    const std::string& path, CsvOptions options) {
  // A first open learns the header's names, so the second reads every column as text.
  ARROW_ASSIGN_OR_RAISE(std::vector<std::string> names, ColumnNames(path, options));
  ARROW_ASSIGN_OR_RAISE(auto text, OpenText(path, options, names,
                                            options.dialect.header));
  ::arrow::FieldVector fields;
  for (const std::string& name : names) {
    std::shared_ptr<::arrow::Field> typed =
        options.schema ? options.schema->GetFieldByName(name) : nullptr;
    if (typed != nullptr && !internal::IsTextParsable(*typed->type())) {
      return Status::NotImplemented("CSV input cannot fill column '", name, "' of type ",
                                    internal::SparkTypeName(*typed->type()));
    }
    fields.push_back(typed ? ::arrow::field(name, typed->type()) : ::arrow::field(name, ::arrow::utf8()));
  }
  return std::make_shared<CsvReader>(path, std::move(text), ::arrow::schema(fields),
                                     options.dialect.header);
}

}  // namespace hoodie
