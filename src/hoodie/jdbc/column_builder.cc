// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/jdbc/column_builder.cc
/// \brief ColumnBuilder: most types are gathered as text and cast at the end of the
/// batch by Arrow's string parsers (the ones Spark's text formats agree with); booleans,
/// bytes and doubles are decoded here.
#include "hoodie/jdbc/column_builder_internal.h"

#include <charconv>
#include <cmath>
#include <string>

#include <arrow/builder.h>
#include <arrow/compute/cast.h>
#include <arrow/type.h>

#include "hoodie/common/ascii.h"

namespace hoodie::internal {
namespace {

::arrow::Status BadValue(const DatabaseColumn& column, std::string_view value,
                         std::string_view expected) {
  return ::arrow::Status::Invalid("column ", column.name, ": '", value.substr(0, 64),
                                  "' is not ", expected);
}

// Text, cast to the column's type when the batch ends.
class CastColumnBuilder : public ColumnBuilder {
 public:
  explicit CastColumnBuilder(DatabaseColumn column) : column_(std::move(column)) {}
  ::arrow::Status AppendNull() override { return text_.AppendNull(); }
  ::arrow::Status Append(std::string_view value) override {
    if (column_.form != ValueForm::kTimeOfDay) return text_.Append(value);
    // PostgreSQL's time and timetz are Spark timestamps on 1970-01-01.
    return text_.Append("1970-01-01 " + std::string(value));
  }
  ::arrow::Result<std::shared_ptr<::arrow::Array>> Finish() override {
    ARROW_ASSIGN_OR_RAISE(std::shared_ptr<::arrow::Array> text, text_.Finish());
    if (column_.type->id() == ::arrow::Type::STRING) return text;
    // A wall-clock time without an offset parses as a naive timestamp, then is the
    // same instant in UTC (Spark reads it in its session time zone, UTC).
    const bool local = column_.form == ValueForm::kLocalTimestamp ||
                       (column_.form == ValueForm::kTimeOfDay && !HasOffset(*text));
    std::shared_ptr<::arrow::DataType> parse_as =
        local ? ::arrow::timestamp(::arrow::TimeUnit::MICRO) : column_.type;
    auto cast = ::arrow::compute::Cast(*text, parse_as);
    if (!cast.ok()) {
      return ::arrow::Status::Invalid("column ", column_.name, ": ", cast.status().message());
    }
    if (!local) return *cast;
    return ::arrow::compute::Cast(**cast, column_.type);
  }

 private:
  // Whether the times of day carry an offset (timetz): all of them or none do.
  static bool HasOffset(const ::arrow::Array& text) {
    const auto& strings = static_cast<const ::arrow::StringArray&>(text);
    for (int64_t i = 0; i < strings.length(); ++i) {
      if (strings.IsNull(i)) continue;
      std::string_view value = strings.GetView(i);
      return value.find_first_of("+-", 11) != std::string_view::npos;
    }
    return false;
  }
  DatabaseColumn column_;
  ::arrow::StringBuilder text_;
};

// A column decoded value by value into an Arrow builder of its own type.
template <typename ArrowBuilder>
class DirectColumnBuilder : public ColumnBuilder {
 public:
  explicit DirectColumnBuilder(DatabaseColumn column) : column_(std::move(column)) {}
  ::arrow::Status AppendNull() override { return values_.AppendNull(); }
  ::arrow::Result<std::shared_ptr<::arrow::Array>> Finish() override {
    return values_.Finish();
  }

 protected:
  DatabaseColumn column_;
  ArrowBuilder values_;
};

class BooleanColumnBuilder : public DirectColumnBuilder<::arrow::BooleanBuilder> {
 public:
  using DirectColumnBuilder::DirectColumnBuilder;
  ::arrow::Status Append(std::string_view value) override {
    if (value == "t" || value == "1" || EqualsIgnoreCase(value, "true")) {
      return values_.Append(true);
    }
    if (value == "f" || value == "0" || EqualsIgnoreCase(value, "false")) {
      return values_.Append(false);
    }
    return BadValue(column_, value, "a boolean (t, f, true, false, 1 or 0)");
  }
};

class BinaryColumnBuilder : public DirectColumnBuilder<::arrow::BinaryBuilder> {
 public:
  using DirectColumnBuilder::DirectColumnBuilder;
  ::arrow::Status Append(std::string_view value) override {
    if (column_.form == ValueForm::kRawBytes) return values_.Append(value);
    if (value.substr(0, 2) != "\\x" || value.size() % 2 != 0) {
      return BadValue(column_, value, "bytea in hex output (\\x...)");
    }
    std::string bytes(value.size() / 2 - 1, '\0');
    for (size_t i = 0; i < bytes.size(); ++i) {
      const char* digits = value.data() + 2 + 2 * i;
      uint8_t byte = 0;
      if (std::from_chars(digits, digits + 2, byte, 16).ptr != digits + 2) {
        return BadValue(column_, value, "bytea in hex output (\\x...)");
      }
      bytes[i] = static_cast<char>(byte);
    }
    return values_.Append(bytes);
  }
};

// float4 and float8: PostgreSQL's shortest round-trip text, or SQLite's doubles as
// they are.
template <typename ArrowType>
class FloatingColumnBuilder : public DirectColumnBuilder<::arrow::NumericBuilder<ArrowType>> {
 public:
  using CType = typename ArrowType::c_type;
  using Base = DirectColumnBuilder<::arrow::NumericBuilder<ArrowType>>;
  using Base::Base;
  ::arrow::Status Append(std::string_view value) override {
    CType parsed = 0;
    if (value == "Infinity" || value == "-Infinity" || value == "NaN") {
      parsed = value == "NaN" ? std::nan("") : value[0] == '-' ? -INFINITY : INFINITY;
    } else if (std::from_chars(value.data(), value.data() + value.size(), parsed).ptr !=
               value.data() + value.size()) {
      return BadValue(this->column_, value, "a floating-point number");
    }
    return this->values_.Append(parsed);
  }
  ::arrow::Status AppendDouble(double value) override {
    return this->values_.Append(static_cast<CType>(value));
  }
};

}  // namespace

::arrow::Status ColumnBuilder::AppendDouble(double value) {
  char text[32];
  auto written = std::to_chars(text, text + sizeof(text), value);
  return Append(std::string_view(text, written.ptr - text));
}

::arrow::Result<std::unique_ptr<ColumnBuilder>> ColumnBuilder::Make(
    const DatabaseColumn& column) {
  switch (column.type->id()) {
    case ::arrow::Type::BOOL:
      return std::make_unique<BooleanColumnBuilder>(column);
    case ::arrow::Type::BINARY:
      return std::make_unique<BinaryColumnBuilder>(column);
    case ::arrow::Type::FLOAT:
      return std::make_unique<FloatingColumnBuilder<::arrow::FloatType>>(column);
    case ::arrow::Type::DOUBLE:
      return std::make_unique<FloatingColumnBuilder<::arrow::DoubleType>>(column);
    case ::arrow::Type::STRING:
    case ::arrow::Type::INT16:
    case ::arrow::Type::INT32:
    case ::arrow::Type::INT64:
    case ::arrow::Type::DECIMAL128:
    case ::arrow::Type::DATE32:
    case ::arrow::Type::TIMESTAMP:
      return std::make_unique<CastColumnBuilder>(column);
    default:
      return ::arrow::Status::NotImplemented("column ", column.name, ": no decoder for ",
                                             column.type->ToString());
  }
}

::arrow::Result<BatchAssembler> BatchAssembler::Make(
    const std::vector<DatabaseColumn>& columns) {
  BatchAssembler out;
  out.schema_ = ColumnsSchema(columns, /*keep_not_null=*/false);
  for (const DatabaseColumn& column : columns) {
    ARROW_ASSIGN_OR_RAISE(auto builder, ColumnBuilder::Make(column));
    out.builders_.push_back(std::move(builder));
  }
  return out;
}

::arrow::Result<std::shared_ptr<::arrow::RecordBatch>> BatchAssembler::Finish(int64_t rows) {
  ::arrow::ArrayVector arrays;
  for (auto& builder : builders_) {
    ARROW_ASSIGN_OR_RAISE(auto array, builder->Finish());
    arrays.push_back(std::move(array));
  }
  return ::arrow::RecordBatch::Make(schema_, rows, std::move(arrays));
}

}  // namespace hoodie::internal
