// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/input/avro_container_reader.h
/// \brief Avro object container files (what avro-tools,
/// Spark's `df.write.format("avro")` and Java's DataFileWriter produce) as Arrow batches.
#pragma once

#include <memory>
#include <string>

#include <arrow/record_batch.h>
#include <arrow/result.h>

#include "hoodie/visibility.h"

namespace hoodie {

class Storage;

/// Opens the container file at `path` as a stream of record batches, one per file
/// block, so a write holds one block in memory at a time. The batch schema is
/// AvroJsonToArrowSchema of the header's `avro.schema`; codecs `null`, `deflate` and
/// `snappy` are read. \return Invalid naming the file (and the block with its byte
/// offset) for a bad magic or header, a truncated or corrupt block or a wrong sync
/// marker; NotImplemented for another codec.
HOODIE_EXPORT
::arrow::Result<std::shared_ptr<::arrow::RecordBatchReader>> OpenAvroContainer(
    const std::string& path, const std::shared_ptr<Storage>& storage = nullptr);

}  // namespace hoodie
