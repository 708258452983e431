// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/common/mapped_reader.h
/// \brief A RecordBatchReader whose batches are another reader's, each turned into one
/// output batch as it is read: the one stream adapter of every module.
#pragma once

#include <functional>
#include <memory>

#include <arrow/record_batch.h>
#include <arrow/result.h>

#include "hoodie/visibility.h"

namespace hoodie {

/// Turns one input batch into one output batch.
using BatchMapping = std::function<::arrow::Result<std::shared_ptr<::arrow::RecordBatch>>(
    const std::shared_ptr<::arrow::RecordBatch>&)>;

/// `input` with `mapping` applied to each batch as it is read; `schema` is the output's.
HOODIE_EXPORT std::shared_ptr<::arrow::RecordBatchReader> MapBatches(
    std::shared_ptr<::arrow::RecordBatchReader> input, std::shared_ptr<::arrow::Schema> schema,
    BatchMapping mapping);

}  // namespace hoodie
