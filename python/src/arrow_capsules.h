// SPDX-License-Identifier: Apache-2.0
/// \file python/src/arrow_capsules.h
/// \brief Arrow data across the Python boundary without a copy: the Arrow PyCapsule
/// interface (`arrow_array_stream` and `arrow_schema` capsules of the C data
/// interface), which pyarrow, Polars, pandas and DuckDB all speak.
#pragma once

#include <memory>

#include <arrow/record_batch.h>
#include <arrow/type.h>
#include <nanobind/nanobind.h>

namespace hoodie::python {

/// The stream of an `arrow_array_stream` capsule, moved out of it (the capsule is left
/// released). Throws StatusError for anything else.
std::shared_ptr<::arrow::RecordBatchReader> ImportStream(nanobind::handle capsule);

/// `reader` as a new `arrow_array_stream` capsule, which releases the stream when it is
/// dropped unconsumed.
nanobind::object ExportStream(std::shared_ptr<::arrow::RecordBatchReader> reader);

/// `schema` as a new `arrow_schema` capsule.
nanobind::object ExportSchema(const ::arrow::Schema& schema);

}  // namespace hoodie::python
