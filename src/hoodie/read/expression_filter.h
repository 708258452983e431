// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/read/expression_filter.h
/// \brief Reads filtered by an Arrow compute expression (a pyarrow.compute expression
/// from Python): the conjuncts the table reader can use to prune are pushed down, and
/// the whole expression is applied to the rows read, so the result is exact.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include <arrow/compute/expression.h>
#include <arrow/record_batch.h>
#include <arrow/result.h>

#include "hoodie/read/read_options.h"
#include "hoodie/visibility.h"

namespace hoodie {

/// The conjuncts of `filter` that are `column <op> literal` (or `literal <op> column`)
/// with a number, string or boolean literal, as ColumnFilters for ReadOptions::filters;
/// the others are left to FilterRows.
HOODIE_EXPORT std::vector<ColumnFilter> PushableFilters(
    const ::arrow::compute::Expression& filter);

/// The column names `filter` references, in order of first use.
HOODIE_EXPORT std::vector<std::string> FilterColumns(
    const ::arrow::compute::Expression& filter);

/// `input` keeping the rows where `filter` is true (null counts as false, as in SQL),
/// then only `columns` of them (empty: every column), streamed batch by batch.
/// \return Invalid naming the expression when it does not bind to `input`'s schema (an
///   unknown column, a comparison of incompatible types).
HOODIE_EXPORT ::arrow::Result<std::shared_ptr<::arrow::RecordBatchReader>> FilterRows(
    std::shared_ptr<::arrow::RecordBatchReader> input, ::arrow::compute::Expression filter,
    const std::vector<std::string>& columns);

}  // namespace hoodie
