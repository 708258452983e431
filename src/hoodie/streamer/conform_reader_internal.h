// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/streamer/conform_reader_internal.h
/// \brief Records rewritten into a target schema, as Hudi's streamer rewrites source
/// records into the schema provider's target schema (HoodieAvroUtils.rewriteRecord).
#pragma once

#include <functional>
#include <memory>

#include <arrow/record_batch.h>
#include <arrow/result.h>

#include "hoodie/common/mapped_reader.h"

namespace hoodie::internal {

/// `input` with the columns of `target`, in its order: each taken by name and cast to
/// the target type where it differs; a nullable target column the input lacks is null
/// (Avro default null); other input columns are dropped. Batches fail with Invalid
/// naming the column when a non-nullable column is missing or a value does not cast.
::arrow::Result<std::shared_ptr<::arrow::RecordBatchReader>> ConformToSchema(
    std::shared_ptr<::arrow::RecordBatchReader> input,
    std::shared_ptr<::arrow::Schema> target);

}  // namespace hoodie::internal
