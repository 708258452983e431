// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/input/json_lines_reader.cc
/// \brief JSON lines through simdjson into Arrow builders, Spark's JacksonParser rules.
#include "hoodie/input/json_lines_reader.h"

#include <algorithm>
#include <cmath>
#include <deque>
#include <functional>
#include <limits>
#include <string_view>
#include <utility>
#include <vector>

#include <arrow/builder.h>
#include <arrow/type.h>
#include <arrow/util/base64.h>
#include <arrow/util/checked_cast.h>
#include <arrow/util/decimal.h>
#include <arrow/util/parallel.h>
#include <arrow/util/thread_pool.h>
#include <simdjson.h>

#include "hoodie/input/input_file_internal.h"
#include "hoodie/input/json_schema_inference_internal.h"
#include "hoodie/input/text_value_internal.h"

namespace hoodie {
namespace {

using ::arrow::Status;
using ::arrow::internal::checked_cast;
using internal::AppendText;
using internal::InferredType;
using internal::SparkTypeName;
using simdjson::dom::element;
using simdjson::dom::element_type;

std::string_view KindName(element_type type) {
  switch (type) {
    case element_type::ARRAY:
      return "an array";
    case element_type::OBJECT:
      return "an object";
    case element_type::INT64:
    case element_type::UINT64:
      return "an integer";
    case element_type::DOUBLE:
      return "a number";
    case element_type::STRING:
      return "a string";
    case element_type::BOOL:
      return "a boolean";
    case element_type::NULL_VALUE:
      return "null";
  }
  return "a value";
}

Status Mismatch(const ::arrow::DataType& type, element value) {
  return Status::Invalid("expected ", SparkTypeName(type), ", got ",
                         KindName(value.type()), " ", simdjson::minify(value));
}

// "where: field 'a.b': message": a failure of record `number` of `source`.
Status Locate(const JsonRecordSource& source, const Status& status, int64_t number,
              std::string_view field = {}) {
  std::string where = source.Describe(number) + ": ";
  if (!field.empty()) where += "field '" + std::string(field) + "': ";
  return status.WithMessage(where, status.message());
}

// Record `number`'s text as one JSON object; `text` must be followed by
// simdjson::SIMDJSON_PADDING readable bytes.
::arrow::Result<element> ParseObject(const JsonRecordSource& source,
                                     simdjson::dom::parser* parser, std::string_view text,
                                     int64_t number) {
  element value;
  if (auto error = parser->parse(text.data(), text.size(), false).get(value)) {
    return Locate(source, Status::Invalid("not valid JSON: ", simdjson::error_message(error)),
                  number);
  }
  if (value.type() != element_type::OBJECT) {
    return Locate(source,
                  Status::Invalid("a line must hold one JSON object, got ",
                                  KindName(value.type())),
                  number);
  }
  return value;
}

// Reads a file's lines one at a time, numbered from 1, from a stream of its storage read
// a megabyte at a time; blank lines are skipped.
class FileLines : public JsonRecordSource {
 public:
  // `on_blank` hears of each blank line skipped (it becomes no row).
  static ::arrow::Result<std::unique_ptr<FileLines>> Open(
      const std::shared_ptr<Storage>& storage, const std::string& path,
      std::function<void(int64_t line, int64_t rows)> on_blank) {
    auto out = std::unique_ptr<FileLines>(new FileLines());
    out->path_ = path;
    out->on_blank_ = std::move(on_blank);
    ARROW_ASSIGN_OR_RAISE(out->in_, internal::OpenInputFile(storage, path));
    return out;
  }
  ::arrow::Result<bool> Next(std::string* line, int64_t* number) override {
    for (;;) {
      ARROW_ASSIGN_OR_RAISE(bool got, NextLine(line));
      if (!got) return false;
      *number = ++line_number_;
      if (!line->empty() && line->back() == '\r') line->pop_back();
      if (line->find_first_not_of(" \t") != std::string::npos) return true;
      if (on_blank_) on_blank_(line_number_, 0);
    }
  }
  std::string Describe(int64_t number) const override {
    return path_ + ":" + std::to_string(number);
  }

 private:
  static constexpr int64_t kReadBytes = 1 << 20;

  FileLines() = default;

  // The next line without its '\n' (the last one may lack it), as std::getline.
  ::arrow::Result<bool> NextLine(std::string* line) {
    for (;;) {
      const size_t newline = buffer_.find('\n', scanned_);
      if (newline != std::string::npos) {
        line->assign(buffer_, start_, newline - start_);
        start_ = scanned_ = newline + 1;
        return true;
      }
      scanned_ = buffer_.size();
      if (eof_) {
        if (start_ == buffer_.size()) return false;
        line->assign(buffer_, start_, std::string::npos);
        start_ = scanned_ = buffer_.size();
        return true;
      }
      buffer_.erase(0, start_);
      scanned_ -= start_;
      start_ = 0;
      ARROW_ASSIGN_OR_RAISE(std::shared_ptr<::arrow::Buffer> chunk, in_->Read(kReadBytes));
      if (chunk->size() == 0) eof_ = true;
      buffer_.append(reinterpret_cast<const char*>(chunk->data()), chunk->size());
    }
  }

  std::string path_;
  std::shared_ptr<::arrow::io::RandomAccessFile> in_;
  std::string buffer_;  // read, not yet returned from start_ on
  size_t start_ = 0;
  size_t scanned_ = 0;  // buffer_ before this holds no '\n' after start_
  bool eof_ = false;
  int64_t line_number_ = 0;
  std::function<void(int64_t, int64_t)> on_blank_;
};

// Records read ahead, in one buffer with room for simdjson's padding after the last.
struct LineChunk {
  std::string text;
  std::vector<size_t> ends;     // record i is text[ends[i-1], ends[i])
  std::vector<int64_t> numbers;  // its number in its source

  size_t size() const { return ends.size(); }
  std::string_view Line(size_t i) const {
    size_t begin = i == 0 ? 0 : ends[i - 1];
    return std::string_view(text).substr(begin, ends[i] - begin);
  }
  // Reads up to `rows` records of `source`.
  Status Fill(JsonRecordSource* source, int64_t rows) {
    text.clear();
    ends.clear();
    numbers.clear();
    std::string line;
    int64_t number = 0;
    while (static_cast<int64_t>(ends.size()) < rows) {
      ARROW_ASSIGN_OR_RAISE(bool got, source->Next(&line, &number));
      if (!got) break;
      text += line;
      ends.push_back(text.size());
      numbers.push_back(number);
    }
    text.append(simdjson::SIMDJSON_PADDING, ' ');
    return Status::OK();
  }
};

// One column of the target schema with its builder, bound once per batch: builders of
// nested types rebuild their type on every type() call, far too slow per value.
struct Column {
  std::shared_ptr<::arrow::DataType> type;
  ::arrow::ArrayBuilder* builder = nullptr;
  std::vector<std::string> names;  // struct: the field names
  std::vector<Column> children;    // struct: the fields; list: the item; map: the item

  static Column Bind(std::shared_ptr<::arrow::DataType> type,
                     ::arrow::ArrayBuilder* builder) {
    Column out;
    out.type = std::move(type);
    out.builder = builder;
    switch (out.type->id()) {
      case ::arrow::Type::STRUCT: {
        auto* typed = checked_cast<::arrow::StructBuilder*>(builder);
        for (int i = 0; i < out.type->num_fields(); ++i) {
          out.names.push_back(out.type->field(i)->name());
          out.children.push_back(Bind(out.type->field(i)->type(), typed->field_builder(i)));
        }
        break;
      }
      case ::arrow::Type::LIST:
        out.children.push_back(
            Bind(out.type->field(0)->type(),
                 checked_cast<::arrow::ListBuilder*>(builder)->value_builder()));
        break;
      case ::arrow::Type::MAP: {
        const auto& map = checked_cast<const ::arrow::MapType&>(*out.type);
        out.children.push_back(
            Bind(map.item_type(), checked_cast<::arrow::MapBuilder*>(builder)->item_builder()));
        break;
      }
      default:
        break;
    }
    return out;
  }
};

// Appends one JSON value to its column (JacksonParser.makeConverter).
class ValueAppender {
 public:
  ValueAppender(bool drop_unknown_fields, bool parse_text_values)
      : drop_unknown_(drop_unknown_fields), parse_text_(parse_text_values) {}

  Status AppendRow(simdjson::dom::object object, const Column& row) {
    path_.clear();
    failed_field_.clear();
    return AppendObject(object, row);
  }

  // Where the last failure was, as "a.b" ("a[]" inside a list).
  const std::string& failed_field() const { return failed_field_; }

 private:
  Status Append(element value, const Column& column) {
    if (value.is_null()) return column.builder->AppendNull();
    Status status = AppendValue(value, column);
    if (!status.ok()) Fail();
    return status;
  }

  void Fail() {
    if (!failed_field_.empty()) return;
    for (std::string_view part : path_) {
      if (!failed_field_.empty() && part != "[]") failed_field_ += '.';
      failed_field_ += part;
    }
  }

  Status AppendObject(simdjson::dom::object object, const Column& column) {
    auto* builder = checked_cast<::arrow::StructBuilder*>(column.builder);
    std::vector<bool> seen(column.names.size(), false);
    ARROW_RETURN_NOT_OK(builder->Append());
    size_t next = 0;
    for (auto [key, item] : object) {
      // Keys mostly come in schema order: try the next field first.
      size_t index = next < column.names.size() && column.names[next] == key
                         ? next
                         : std::find(column.names.begin(), column.names.end(), key) -
                               column.names.begin();
      path_.push_back(key);
      if (index == column.names.size()) {
        if (drop_unknown_) {
          path_.pop_back();
          continue;
        }
        Fail();
        return Status::Invalid(
            "the schema has no such field (add it to the schema, or remove it from the "
            "input)");
      }
      next = index + 1;
      if (!seen[index]) {  // Jackson keeps the first of duplicate keys' values
        seen[index] = true;
        ARROW_RETURN_NOT_OK(Append(item, column.children[index]));
      }
      path_.pop_back();
    }
    for (size_t i = 0; i < column.names.size(); ++i) {
      if (!seen[i]) ARROW_RETURN_NOT_OK(column.children[i].builder->AppendNull());
    }
    return Status::OK();
  }

  Status AppendValue(element value, const Column& column) {
    const ::arrow::DataType& type = *column.type;
    ::arrow::ArrayBuilder* builder = column.builder;
    if (parse_text_ && value.is_string() && internal::IsTextParsable(type)) {
      return AppendText(std::string_view(value), builder);
    }
    switch (type.id()) {
      case ::arrow::Type::STRING:
        if (value.is_string()) {
          return checked_cast<::arrow::StringBuilder*>(builder)->Append(
              std::string_view(value));
        }
        return checked_cast<::arrow::StringBuilder*>(builder)->Append(
            simdjson::minify(value));
      case ::arrow::Type::BOOL:
        if (!value.is_bool()) return Mismatch(type, value);
        return checked_cast<::arrow::BooleanBuilder*>(builder)->Append(bool(value));
      case ::arrow::Type::INT8:
      case ::arrow::Type::INT16:
      case ::arrow::Type::INT32:
      case ::arrow::Type::INT64:
        return AppendInteger(value, type, builder);
      case ::arrow::Type::FLOAT:
      case ::arrow::Type::DOUBLE:
        return AppendFloating(value, type, builder);
      case ::arrow::Type::DECIMAL128:
      case ::arrow::Type::DECIMAL256:
        if (value.is_string()) return AppendText(std::string_view(value), builder);
        if (!value.is_number()) return Mismatch(type, value);
        return AppendText(simdjson::minify(value), builder);
      case ::arrow::Type::BINARY:
        // Jackson's getBinaryValue: base64 text.
        if (!value.is_string()) return Mismatch(type, value);
        return checked_cast<::arrow::BinaryBuilder*>(builder)->Append(
            ::arrow::util::base64_decode(std::string_view(value)));
      case ::arrow::Type::DATE32:
        if (!value.is_string()) return Mismatch(type, value);
        return AppendText(std::string_view(value), builder);
      case ::arrow::Type::TIMESTAMP:
        return AppendTimestamp(value, type, builder);
      case ::arrow::Type::LIST:
        return AppendList(value, column);
      case ::arrow::Type::STRUCT:
        if (!value.is_object()) return Mismatch(type, value);
        return AppendObject(simdjson::dom::object(value), column);
      case ::arrow::Type::MAP:
        return AppendMap(value, column);
      default:
        return Status::NotImplemented("JSON input cannot fill a column of type ",
                                      type.ToString());
    }
  }

  static Status AppendInteger(element value, const ::arrow::DataType& type,
                              ::arrow::ArrayBuilder* builder) {
    if (!value.is_int64()) {
      if (value.is_uint64()) {
        return Status::Invalid(simdjson::minify(value), " is out of range for ",
                               SparkTypeName(type));
      }
      return Mismatch(type, value);
    }
    int64_t number = int64_t(value);
    auto in_range = [&](int64_t low, int64_t high) { return number >= low && number <= high; };
    switch (type.id()) {
      case ::arrow::Type::INT8:
        if (!in_range(INT8_MIN, INT8_MAX)) break;
        return checked_cast<::arrow::Int8Builder*>(builder)->Append(int8_t(number));
      case ::arrow::Type::INT16:
        if (!in_range(INT16_MIN, INT16_MAX)) break;
        return checked_cast<::arrow::Int16Builder*>(builder)->Append(int16_t(number));
      case ::arrow::Type::INT32:
        if (!in_range(INT32_MIN, INT32_MAX)) break;
        return checked_cast<::arrow::Int32Builder*>(builder)->Append(int32_t(number));
      default:
        return checked_cast<::arrow::Int64Builder*>(builder)->Append(number);
    }
    return Status::Invalid(number, " is out of range for ", SparkTypeName(type));
  }

  static Status AppendFloating(element value, const ::arrow::DataType& type,
                               ::arrow::ArrayBuilder* builder) {
    // Spark's allowNonNumericNumbers: "NaN", "Infinity" and their kin as strings.
    if (value.is_string()) return AppendText(std::string_view(value), builder);
    if (!value.is_number()) return Mismatch(type, value);
    double number = double(value);
    if (type.id() == ::arrow::Type::FLOAT) {
      return checked_cast<::arrow::FloatBuilder*>(builder)->Append(float(number));
    }
    return checked_cast<::arrow::DoubleBuilder*>(builder)->Append(number);
  }

  // Text as an ISO 8601 timestamp; an integer as seconds since the epoch (Spark).
  static Status AppendTimestamp(element value, const ::arrow::DataType& type,
                                ::arrow::ArrayBuilder* builder) {
    if (value.is_string()) return AppendText(std::string_view(value), builder);
    if (!value.is_int64()) return Mismatch(type, value);
    int64_t per_second = 1;
    switch (checked_cast<const ::arrow::TimestampType&>(type).unit()) {
      case ::arrow::TimeUnit::MILLI:
        per_second = 1000;
        break;
      case ::arrow::TimeUnit::MICRO:
        per_second = 1000000;
        break;
      case ::arrow::TimeUnit::NANO:
        per_second = 1000000000;
        break;
      default:
        break;
    }
    int64_t seconds = int64_t(value);
    if (std::abs(seconds) > std::numeric_limits<int64_t>::max() / per_second) {
      return Status::Invalid(seconds, " seconds is out of range for a timestamp");
    }
    return checked_cast<::arrow::TimestampBuilder*>(builder)->Append(seconds * per_second);
  }

  Status AppendList(element value, const Column& column) {
    if (!value.is_array()) return Mismatch(*column.type, value);
    ARROW_RETURN_NOT_OK(checked_cast<::arrow::ListBuilder*>(column.builder)->Append());
    path_.push_back("[]");
    for (element item : simdjson::dom::array(value)) {
      ARROW_RETURN_NOT_OK(Append(item, column.children[0]));
    }
    path_.pop_back();
    return Status::OK();
  }

  Status AppendMap(element value, const Column& column) {
    if (!value.is_object()) return Mismatch(*column.type, value);
    auto* builder = checked_cast<::arrow::MapBuilder*>(column.builder);
    ARROW_RETURN_NOT_OK(builder->Append());
    for (auto [key, item] : simdjson::dom::object(value)) {
      ARROW_RETURN_NOT_OK(AppendText(key, builder->key_builder()));
      path_.push_back(key);
      ARROW_RETURN_NOT_OK(Append(item, column.children[0]));
      path_.pop_back();
    }
    return Status::OK();
  }

  bool drop_unknown_;
  bool parse_text_;
  std::vector<std::string_view> path_;  // keys from the line's object down
  std::string failed_field_;
};

// Parses a range of records into one batch; one per thread (a simdjson parser keeps its
// buffers across documents, an appender its failure path). With `bad` a record that
// fails is left out and its error added there (the part is parsed again without it:
// a row half appended cannot be taken back); without, the first failure fails the part.
class PartParser {
 public:
  PartParser(bool drop_unknown_fields, bool parse_text_values)
      : appender_(drop_unknown_fields, parse_text_values) {}

  ::arrow::Result<std::shared_ptr<::arrow::RecordBatch>> Parse(
      const JsonRecordSource& source, const LineChunk& chunk, size_t begin, size_t end,
      const std::shared_ptr<::arrow::Schema>& schema,
      std::vector<std::pair<Status, int64_t>>* bad) {
    std::vector<bool> left_out(end - begin, false);
    for (;;) {
      std::unique_ptr<::arrow::ArrayBuilder> builder;
      auto type = ::arrow::struct_(schema->fields());
      ARROW_RETURN_NOT_OK(::arrow::MakeBuilder(::arrow::default_memory_pool(), type, &builder));
      auto* rows = checked_cast<::arrow::StructBuilder*>(builder.get());
      const Column row = Column::Bind(type, rows);
      Status failed;
      size_t i = begin;
      for (; i < end && failed.ok(); ++i) {
        if (left_out[i - begin]) continue;
        failed = AppendRecord(source, chunk, i, row);
      }
      if (failed.ok()) {
        std::shared_ptr<::arrow::Array> array;
        ARROW_RETURN_NOT_OK(rows->Finish(&array));
        ARROW_ASSIGN_OR_RAISE(auto batch, ::arrow::RecordBatch::FromStructArray(array));
        return batch->ReplaceSchema(schema).ValueOr(batch);
      }
      if (bad == nullptr) return failed;
      bad->emplace_back(std::move(failed), chunk.numbers[i - 1]);
      left_out[i - 1 - begin] = true;
    }
  }

 private:
  Status AppendRecord(const JsonRecordSource& source, const LineChunk& chunk, size_t i,
                      const Column& row) {
    ARROW_ASSIGN_OR_RAISE(element value,
                          ParseObject(source, &parser_, chunk.Line(i), chunk.numbers[i]));
    Status status = appender_.AppendRow(simdjson::dom::object(value), row);
    if (!status.ok()) {
      return Locate(source, status, chunk.numbers[i], appender_.failed_field());
    }
    return Status::OK();
  }

  simdjson::dom::parser parser_;
  ValueAppender appender_;
};

// Reads batch_rows records at a time and parses them in parts on the CPU pool, one part
// per thread: parsing is the serial part of a JSON ingest ahead of the parallel writes.
// The parts come out in record order; the error of the first failing record wins.
class JsonLinesReader : public ::arrow::RecordBatchReader {
 public:
  JsonLinesReader(std::unique_ptr<JsonRecordSource> source,
                  std::shared_ptr<::arrow::Schema> schema, const JsonLinesOptions& options)
      : source_(std::move(source)),
        schema_(std::move(schema)),
        batch_rows_(std::max<int64_t>(1, options.batch_rows)),
        on_bad_record_(options.on_bad_record) {
    int threads = std::max(1, ::arrow::GetCpuThreadPoolCapacity());
    for (int i = 0; i < threads; ++i) {
      parts_.emplace_back(options.drop_unknown_fields, options.parse_text_values);
    }
  }

  std::shared_ptr<::arrow::Schema> schema() const override { return schema_; }

  Status ReadNext(std::shared_ptr<::arrow::RecordBatch>* batch) override {
    *batch = nullptr;
    while (ready_.empty()) {
      ARROW_ASSIGN_OR_RAISE(bool more, ParseChunk());
      if (!more) return Status::OK();
    }
    *batch = std::move(ready_.front());
    ready_.pop_front();
    return Status::OK();
  }

 private:
  // Below this many lines a part is not worth a thread.
  static constexpr size_t kMinPartLines = 2048;

  // Parses the next chunk into ready_; false at the end of the source.
  ::arrow::Result<bool> ParseChunk() {
    ARROW_RETURN_NOT_OK(chunk_.Fill(source_.get(), batch_rows_));
    size_t lines = chunk_.size();
    if (lines == 0) return false;
    size_t parts = std::clamp<size_t>(lines / kMinPartLines, 1, parts_.size());
    std::vector<::arrow::Result<std::shared_ptr<::arrow::RecordBatch>>> out(parts);
    std::vector<std::vector<std::pair<Status, int64_t>>> bad(parts);
    auto parse = [&](int part) {
      size_t begin = lines * part / parts;
      size_t end = lines * (part + 1) / parts;
      out[part] = parts_[part].Parse(*source_, chunk_, begin, end, schema_,
                                     on_bad_record_ ? &bad[part] : nullptr);
      return Status::OK();
    };
    if (parts == 1) {
      ARROW_RETURN_NOT_OK(parse(0));
    } else {
      ARROW_RETURN_NOT_OK(::arrow::internal::ParallelFor(static_cast<int>(parts), parse));
    }
    for (size_t part = 0; part < parts; ++part) {
      for (const auto& [status, number] : bad[part]) on_bad_record_(status, number);
      ARROW_ASSIGN_OR_RAISE(auto batch, std::move(out[part]));
      // A part whose every record was left out yields nothing.
      if (batch->num_rows() > 0 || bad[part].empty()) ready_.push_back(std::move(batch));
    }
    return true;
  }

  std::unique_ptr<JsonRecordSource> source_;
  std::shared_ptr<::arrow::Schema> schema_;
  int64_t batch_rows_;
  std::function<void(const Status&, int64_t)> on_bad_record_;
  std::vector<PartParser> parts_;
  LineChunk chunk_;
  std::deque<std::shared_ptr<::arrow::RecordBatch>> ready_;
};

}  // namespace

::arrow::Result<std::shared_ptr<::arrow::Schema>> InferJsonLinesSchema(
    const std::string& path, const std::shared_ptr<Storage>& storage) {
  ARROW_ASSIGN_OR_RAISE(auto source, FileLines::Open(storage, path, nullptr));
  simdjson::dom::parser parser;
  InferredType rows;
  rows.kind = InferredType::Kind::kStruct;
  LineChunk chunk;
  for (;;) {
    ARROW_RETURN_NOT_OK(chunk.Fill(source.get(), 16384));
    if (chunk.size() == 0) break;
    for (size_t i = 0; i < chunk.size(); ++i) {
      ARROW_ASSIGN_OR_RAISE(element value,
                            ParseObject(*source, &parser, chunk.Line(i), chunk.numbers[i]));
      rows.MergeValue(value);
    }
  }
  ::arrow::FieldVector fields;
  for (const auto& [name, type] : rows.fields) {
    fields.push_back(::arrow::field(name, type.ToArrow()));
  }
  return ::arrow::schema(std::move(fields));
}

::arrow::Result<std::shared_ptr<::arrow::RecordBatchReader>> OpenJsonLines(
    const std::string& path, JsonLinesOptions options) {
  if (options.schema == nullptr && !options.cdc) {
    ARROW_ASSIGN_OR_RAISE(options.schema, InferJsonLinesSchema(path, options.storage));
  }
  ARROW_ASSIGN_OR_RAISE(auto source,
                        FileLines::Open(options.storage, path, options.on_record_rows));
  return OpenJsonRecords(std::move(source), std::move(options));
}

::arrow::Result<std::shared_ptr<::arrow::RecordBatchReader>> OpenJsonRecords(
    std::unique_ptr<JsonRecordSource> source, JsonLinesOptions options) {
  if (options.schema == nullptr) {
    return Status::Invalid(options.cdc ? "change records need a schema for their rows"
                                       : "JSON records from a stream need a schema to be "
                                         "read into");
  }
  std::shared_ptr<::arrow::Schema> schema = options.schema;
  if (options.cdc) {
    // The decoded rows carry the change columns whatever the schema names.
    schema = WithCdcColumns(*schema);
    if (options.cdc->format == CdcJsonFormat::kCanal) options.parse_text_values = true;
    source = DecodeCdcJson(std::move(source), *options.cdc, options.on_bad_record,
                           options.on_record_rows);
  }
  return std::make_shared<JsonLinesReader>(std::move(source), std::move(schema), options);
}

}  // namespace hoodie
