// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/format/log/parquet_data_block.h
/// \brief Contents of Parquet data blocks as Hudi writes them
/// (HoodieParquetDataBlock.serializeRecords through
/// ParquetUtils.serializeRecordsToLogBlock).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include <arrow/record_batch.h>
#include <arrow/result.h>

#include "hoodie/visibility.h"

namespace hoodie {

/// \brief The settings Hudi takes from the write config for a Parquet data block; the
/// others are fixed by ParquetUtils.serializeRecordsToLogBlock (row groups of 128 MiB,
/// pages and dictionary pages of 1 MiB), and no bloom filter or record-key range is
/// written (HoodieAvroFileWriterFactory passes enableBloomFilter=false).
struct HOODIE_EXPORT ParquetDataBlockOptions {
  /// hoodie.parquet.compression.codec (gzip at level 6, as parquet-mr writes it).
  std::string compression_codec = "gzip";
  /// hoodie.parquet.dictionary.enabled.
  bool dictionary_enabled = true;
};

/// The Parquet log block content holding `records` (Avro binary written with
/// `schema_json`, the block's SCHEMA header): an in-memory Parquet file whose schema is
/// AvroJsonToParquetSchema(schema_json) and whose footer holds `writer.model.name=avro`
/// and `parquet.avro.schema` = `schema_json`, as parquet-avro writes them. Empty for no
/// records (Hudi writes a zero-length content then).
/// \return Invalid for an undecodable record, a null array element (parquet-avro's
///   old list layout cannot hold one; Hudi's writer fails the same way) or a bad codec;
///   NotImplemented for a schema AvroJsonToParquetSchema refuses. Thread-safe.
HOODIE_EXPORT ::arrow::Result<std::string> EncodeParquetDataBlock(
    std::string_view schema_json, const std::vector<std::string>& records,
    const ParquetDataBlockOptions& options);

/// As above for rows already decoded: `rows` has the schema
/// AvroJsonToArrowSchema(schema_json) gives (what DecodeAvroRecords returns).
HOODIE_EXPORT ::arrow::Result<std::string> EncodeParquetDataBlock(
    std::string_view schema_json, const ::arrow::RecordBatch& rows,
    const ParquetDataBlockOptions& options);

}  // namespace hoodie
