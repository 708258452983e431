// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/metadata/metadata_record_schema.h
/// \brief The schema of the metadata table's records as Hudi 0.15 writes it in HFile
/// file info and log block headers: HoodieMetadataRecord (HoodieMetadata.avsc) behind
/// the five meta fields (HoodieAvroUtils.addMetadataFields), Java strings marked.
#pragma once

#include <memory>
#include <string_view>

#include "hoodie/format/avro_codec/avro_schema.h"
#include "hoodie/format/avro_codec/avro_value.h"
#include "hoodie/metadata/files_record.h"
#include "hoodie/visibility.h"

namespace hoodie {

/// The schema JSON (field lists of the .avsc; the docs left out, which readers ignore).
HOODIE_EXPORT std::string_view MetadataRecordSchemaJson();
/// The schema, parsed once; thread-safe.
HOODIE_EXPORT ::arrow::Result<std::shared_ptr<const AvroSchema>> MetadataRecordSchema();

/// The HoodieMetadataRecord of a files record (HoodieMetadataPayload's
/// createPartitionListRecord / createPartitionFilesRecord): meta fields null, `key`
/// blank (the HFile row holds it), the file map in name order, other payloads null.
HOODIE_EXPORT AvroValue FilesRecordValue(const FilesRecord& record);

/// `record` in Avro binary with MetadataRecordSchema().
HOODIE_EXPORT ::arrow::Result<std::string> EncodeMetadataRecord(const AvroValue& record);

}  // namespace hoodie
