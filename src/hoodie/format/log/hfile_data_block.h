// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/format/log/hfile_data_block.h
/// \brief HFile data blocks (HoodieHFileDataBlock, log block type 4): the content is a
/// whole HFile whose cells are the records, keyed and sorted by record key, each value
/// the record's Avro binary (the block's SCHEMA) with its `key` field blanked, since the
/// cell's row holds it. The metadata table writes its log records so.
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <arrow/record_batch.h>
#include <arrow/result.h>

#include "hoodie/format/hfile/hfile.h"
#include "hoodie/visibility.h"

namespace hoodie {

/// The field Hudi's HFile readers put the row key back into (HoodieAvroHFileReader's
/// KEY_FIELD_NAME).
inline constexpr std::string_view kHFileKeyField = "key";

/// A record of an HFile data block: its key and its Avro binary.
using HFileRecord = std::pair<std::string, std::string>;

/// The records of an HFile data block's `content`, in key order. `where` names the
/// block in errors. \return Invalid when the content is not a readable HFile.
HOODIE_EXPORT ::arrow::Result<std::vector<HFileRecord>> ReadHFileDataBlockRecords(
    std::string_view content, std::string_view where);

/// The content of an HFile data block holding `records` (any order; keys unique), with
/// `schema_json` in the HFile's file info as Hudi writes it, in 1 MiB blocks compressed
/// with `compression` (hoodie.hfile.compression.algorithm). The values must already
/// have their `key` field blanked. \return Invalid for a repeated key.
HOODIE_EXPORT ::arrow::Result<std::string> MakeHFileDataBlockContent(
    std::vector<HFileRecord> records, std::string_view schema_json,
    HFileCompression compression);

/// The rows of an HFile data block decoded with `schema_json` into one record batch
/// (DecodeAvroRecords), the `key` column, when the schema has one, holding the keys.
HOODIE_EXPORT ::arrow::Result<std::shared_ptr<::arrow::RecordBatch>> DecodeHFileDataBlock(
    std::string_view content, std::string_view schema_json, std::string_view where);

}  // namespace hoodie
