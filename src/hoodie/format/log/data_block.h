// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/format/log/data_block.h
/// \brief Contents of data and delete blocks: Avro data blocks (HoodieAvroDataBlock),
/// Parquet data blocks (HoodieParquetDataBlock) and delete blocks (HoodieDeleteBlock,
/// content version 3), spec sections 7.4 and 7.5.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <arrow/record_batch.h>
#include <arrow/result.h>

#include "hoodie/format/avro_codec/avro_value.h"
#include "hoodie/format/log/log_block.h"
#include "hoodie/visibility.h"

namespace hoodie {

/// The records of an Avro data block content: version (1-3), record count, then each
/// record as int32 length + Avro binary. The views point into `content`. Invalid when
/// the content is truncated or the version is 0 (never written since Hudi 0.5).
HOODIE_EXPORT ::arrow::Result<std::vector<std::string_view>> SplitAvroDataBlock(
    std::string_view content);

/// An Avro data block content of version 3 holding `records` (Avro binary each).
HOODIE_EXPORT
std::string MakeAvroDataBlockContent(const std::vector<std::string>& records);

/// Decodes Avro binary records written with `writer_schema_json` (the block header's
/// SCHEMA) into one record batch whose schema is AvroJsonToArrowSchema of it: decimals
/// from fixed or bytes, dates, timestamps, arrays, maps and nested records. Invalid for
/// a record that does not decode; NotImplemented for unions other than null + one type.
HOODIE_EXPORT ::arrow::Result<std::shared_ptr<::arrow::RecordBatch>> DecodeAvroRecords(
    std::string_view writer_schema_json, const std::vector<std::string_view>& records);

/// As DecodeAvroRecords for `count` records stored back to back in `records` (the
/// payload of an Avro object container file block). Invalid when a record does not
/// decode or bytes remain after the last one.
HOODIE_EXPORT
::arrow::Result<std::shared_ptr<::arrow::RecordBatch>> DecodeConcatenatedAvroRecords(
    std::string_view writer_schema_json, std::string_view records, int64_t count);

/// Encodes every row of `batch` as Avro binary with `schema_json` (a record whose fields
/// are looked up in `batch` by name; a field the batch lacks is written from its default,
/// null for Hudi's optional fields): the inverse of DecodeAvroRecords, byte-identical
/// with Java's GenericDatumWriter (decimals as fixed or minimal two's-complement bytes,
/// dates as int days, timestamps as long). Invalid naming the field when a column does
/// not fit its Avro type.
HOODIE_EXPORT ::arrow::Result<std::vector<std::string>> EncodeAvroRecords(
    const ::arrow::RecordBatch& batch, std::string_view schema_json);

/// The rows of a data block (Avro, Parquet or HFile) as one record batch. Invalid for
/// other block types, a missing SCHEMA header in an Avro or HFile block, or undecodable
/// content.
HOODIE_EXPORT ::arrow::Result<std::shared_ptr<::arrow::RecordBatch>> ReadDataBlock(
    const LogBlock& block);

/// The embedded Parquet file of a Parquet data block, read with Arrow's reader.
HOODIE_EXPORT ::arrow::Result<std::shared_ptr<::arrow::RecordBatch>> ReadParquetDataBlock(
    std::string_view content);

/// \brief One entry of a delete block (org.apache.hudi.common.model.DeleteRecord).
struct HOODIE_EXPORT DeleteRecord {
  std::optional<std::string> record_key;
  std::optional<std::string> partition_path;
  /// Null, or the wrapper record of the ordering value, e.g. a record named
  /// "org.apache.hudi.avro.model.IntWrapper" with one field "value".
  AvroValue ordering_value;

  bool operator==(const DeleteRecord&) const = default;
};

/// Full names of the ordering-value wrappers, in the union's branch order after null.
inline constexpr std::string_view kIntWrapper = "org.apache.hudi.avro.model.IntWrapper";
inline constexpr std::string_view kLongWrapper = "org.apache.hudi.avro.model.LongWrapper";
inline constexpr std::string_view kStringWrapper =
    "org.apache.hudi.avro.model.StringWrapper";

/// A wrapper value: AvroValue::Record(`wrapper`, {{"value", value}}).
HOODIE_EXPORT AvroValue WrapOrderingValue(std::string_view wrapper, AvroValue value);

/// The entries of a delete block content: int32 version 3, int32 length, then the raw
/// Avro binary of one HoodieDeleteRecordList. NotImplemented for versions 1 and 2
/// (Kryo-serialized, written before Hudi 0.14); Invalid when truncated or undecodable.
HOODIE_EXPORT
::arrow::Result<std::vector<DeleteRecord>> DecodeDeleteBlock(std::string_view content);

/// A delete block content of version 3, as HoodieDeleteBlock.serializeV3 writes it
/// (the list as one Avro array block). Invalid for a wrapper name that is not one of
/// Hudi's twelve ordering-value branches.
HOODIE_EXPORT
::arrow::Result<std::string> EncodeDeleteBlock(const std::vector<DeleteRecord>& records);

}  // namespace hoodie
