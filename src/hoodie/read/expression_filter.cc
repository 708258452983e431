// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/read/expression_filter.cc
/// \brief PushableFilters, FilterColumns and FilterRows.
#include "hoodie/read/expression_filter.h"

#include <algorithm>
#include <optional>
#include <utility>

#include <arrow/compute/api_vector.h>
#include <arrow/compute/exec.h>
#include <arrow/scalar.h>

#include "hoodie/common/compute_kernels.h"

namespace hoodie {
namespace {

namespace cp = ::arrow::compute;

// The comparison a compute function name stands for, and the one with its sides
// swapped (`5 < x` is `x > 5`).
std::optional<CompareOp> OpOf(const std::string& function, bool swapped) {
  if (function == "equal") return CompareOp::kEqual;
  if (function == "not_equal") return CompareOp::kNotEqual;
  if (function == "less") return swapped ? CompareOp::kGreater : CompareOp::kLess;
  if (function == "less_equal") {
    return swapped ? CompareOp::kGreaterEqual : CompareOp::kLessEqual;
  }
  if (function == "greater") return swapped ? CompareOp::kLess : CompareOp::kGreater;
  if (function == "greater_equal") {
    return swapped ? CompareOp::kLessEqual : CompareOp::kGreaterEqual;
  }
  return std::nullopt;
}

// A literal ColumnFilter can carry as text, cast back to the column's type by the
// reader: numbers, strings and booleans (a timestamp's text would not round-trip).
std::optional<std::string> LiteralText(const cp::Expression& expression) {
  const ::arrow::Datum* datum = expression.literal();
  if (datum == nullptr || !datum->is_scalar() || !datum->scalar()->is_valid) {
    return std::nullopt;
  }
  const ::arrow::DataType& type = *datum->type();
  if (!::arrow::is_integer(type.id()) && !::arrow::is_floating(type.id()) &&
      !::arrow::is_string(type.id()) && type.id() != ::arrow::Type::BOOL) {
    return std::nullopt;
  }
  return datum->scalar()->ToString();
}

std::optional<ColumnFilter> AsColumnFilter(const cp::Expression& expression) {
  const cp::Expression::Call* call = expression.call();
  if (call == nullptr || call->arguments.size() != 2) return std::nullopt;
  for (bool swapped : {false, true}) {
    const cp::Expression& column = call->arguments[swapped ? 1 : 0];
    const cp::Expression& literal = call->arguments[swapped ? 0 : 1];
    const ::arrow::FieldRef* ref = column.field_ref();
    if (ref == nullptr || ref->name() == nullptr) continue;
    auto op = OpOf(call->function_name, swapped);
    auto text = LiteralText(literal);
    if (op && text) return ColumnFilter{*ref->name(), *op, *text};
  }
  return std::nullopt;
}

void CollectConjuncts(const cp::Expression& expression, std::vector<ColumnFilter>* out) {
  const cp::Expression::Call* call = expression.call();
  if (call != nullptr &&
      (call->function_name == "and_kleene" || call->function_name == "and")) {
    for (const cp::Expression& argument : call->arguments) CollectConjuncts(argument, out);
    return;
  }
  if (auto filter = AsColumnFilter(expression)) out->push_back(std::move(*filter));
}

// Filters each batch of the input with the bound expression, then projects it.
class FilteringReader : public ::arrow::RecordBatchReader {
 public:
  FilteringReader(std::shared_ptr<::arrow::RecordBatchReader> input, cp::Expression filter,
                  std::vector<int> projection, std::shared_ptr<::arrow::Schema> schema)
      : input_(std::move(input)),
        filter_(std::move(filter)),
        projection_(std::move(projection)),
        schema_(std::move(schema)) {}

  std::shared_ptr<::arrow::Schema> schema() const override { return schema_; }

  ::arrow::Status ReadNext(std::shared_ptr<::arrow::RecordBatch>* out) override {
    while (true) {
      std::shared_ptr<::arrow::RecordBatch> batch;
      ARROW_RETURN_NOT_OK(input_->ReadNext(&batch));
      if (batch == nullptr) {
        *out = nullptr;
        return ::arrow::Status::OK();
      }
      ARROW_ASSIGN_OR_RAISE(::arrow::Datum mask,
                            cp::ExecuteScalarExpression(filter_, cp::ExecBatch(*batch)));
      ARROW_ASSIGN_OR_RAISE(::arrow::Datum kept, cp::Filter(batch, mask));
      std::shared_ptr<::arrow::RecordBatch> rows = kept.record_batch();
      if (rows->num_rows() == 0) continue;
      ARROW_ASSIGN_OR_RAISE(*out, rows->SelectColumns(projection_));
      return ::arrow::Status::OK();
    }
  }

  ::arrow::Status Close() override { return input_->Close(); }

 private:
  std::shared_ptr<::arrow::RecordBatchReader> input_;
  cp::Expression filter_;
  std::vector<int> projection_;
  std::shared_ptr<::arrow::Schema> schema_;
};

}  // namespace

std::vector<ColumnFilter> PushableFilters(const cp::Expression& filter) {
  std::vector<ColumnFilter> out;
  CollectConjuncts(filter, &out);
  return out;
}

std::vector<std::string> FilterColumns(const cp::Expression& filter) {
  std::vector<std::string> out;
  for (const ::arrow::FieldRef& ref : cp::FieldsInExpression(filter)) {
    if (ref.name() == nullptr) continue;
    if (std::find(out.begin(), out.end(), *ref.name()) == out.end()) {
      out.push_back(*ref.name());
    }
  }
  return out;
}

::arrow::Result<std::shared_ptr<::arrow::RecordBatchReader>> FilterRows(
    std::shared_ptr<::arrow::RecordBatchReader> input, cp::Expression filter,
    const std::vector<std::string>& columns) {
  ARROW_RETURN_NOT_OK(EnsureComputeInitialized());
  std::shared_ptr<::arrow::Schema> schema = input->schema();
  auto bound = filter.Bind(*schema);
  if (!bound.ok()) {
    return ::arrow::Status::Invalid("filter ", filter.ToString(),
                                    " does not apply to the table: ",
                                    bound.status().message());
  }
  if (bound->type()->id() != ::arrow::Type::BOOL) {
    return ::arrow::Status::Invalid("filter ", filter.ToString(),
                                    " is not a condition: it gives ",
                                    bound->type()->ToString(), ", not a boolean");
  }
  std::vector<int> projection;
  for (const std::string& name : columns) {
    int index = schema->GetFieldIndex(name);
    if (index < 0) {
      return ::arrow::Status::Invalid("column '", name, "' is not in the table schema");
    }
    projection.push_back(index);
  }
  if (columns.empty()) {
    for (int i = 0; i < schema->num_fields(); ++i) projection.push_back(i);
  }
  std::vector<std::shared_ptr<::arrow::Field>> fields;
  for (int index : projection) fields.push_back(schema->field(index));
  return std::make_shared<FilteringReader>(std::move(input), std::move(*bound),
                                           std::move(projection),
                                           ::arrow::schema(std::move(fields)));
}

}  // namespace hoodie
