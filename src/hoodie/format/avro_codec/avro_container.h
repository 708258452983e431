// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/format/avro_codec/avro_container.h
/// \brief Avro object container files holding one record, as Hudi writes timeline plans
/// and metadata (TimelineMetadataUtils.serializeAvroMetadata / deserializeAvroMetadata).
///
/// We frame the file ourselves rather than with Avro C's avro_file_writer, which always
/// adds an `avro.codec` metadata entry; Hudi's files carry `avro.schema` alone.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include <arrow/result.h>

#include "hoodie/format/avro_codec/avro_schema.h"
#include "hoodie/format/avro_codec/avro_value.h"
#include "hoodie/visibility.h"

namespace hoodie {

/// The 16-byte sync marker that ends each block of a container file.
using AvroSyncMarker = std::array<uint8_t, 16>;

/// Reads the first record of an Avro object container file (DataFileReader with
/// `reader_schema` as the expected schema): parses the header, takes the writer schema
/// from `avro.schema` and resolves the record against `reader_schema`. Codec "null"
/// (or no `avro.codec` entry, as Hudi writes) is supported; others give NotImplemented.
/// \return Invalid for a bad magic, header, sync marker or record, or for an empty file.
HOODIE_EXPORT
::arrow::Result<AvroValue> ReadSingleRecordContainer(std::string_view bytes,
                                                     const AvroSchema& reader_schema);

/// Writes `value` as an Avro container file framed exactly as Hudi's DataFileWriter
/// output: magic `Obj\x01`, a metadata map with the single entry `avro.schema` ->
/// `schema.json()` (no `avro.codec`), the sync marker, one block (count 1, byte size,
/// record) and the sync marker again. `sync` defaults to 16 random bytes.
/// \return Invalid when `value` does not fit the schema.
HOODIE_EXPORT ::arrow::Result<std::string> WriteSingleRecordContainer(
    const AvroSchema& schema, const AvroValue& value,
    std::optional<AvroSyncMarker> sync = std::nullopt);

/// As above, parsing `schema_json` first.
HOODIE_EXPORT ::arrow::Result<std::string> WriteSingleRecordContainer(
    std::string_view schema_json, const AvroValue& value,
    std::optional<AvroSyncMarker> sync = std::nullopt);

/// The header metadata (key -> value) of a container file, in file order; for tests
/// and diagnostics. \return Invalid for a bad header.
HOODIE_EXPORT ::arrow::Result<AvroEntries> ReadContainerMetadata(std::string_view bytes);

/// \brief The header of an Avro object container file: magic, metadata, sync marker.
struct HOODIE_EXPORT AvroContainerHeader {
  AvroEntries metadata;
  std::string sync;  ///< 16 bytes
  size_t size = 0;   ///< bytes the header takes; the first block starts there

  /// The metadata value of `key` (e.g. avro.schema, avro.codec), or null.
  const std::string* Find(std::string_view key) const;
};

/// Parses the header at the start of `bytes`, the one parser of container headers.
/// \return Invalid saying what is wrong: no magic `Obj\x01`, a bad metadata map, a
///   truncated sync marker (also when `bytes` ends before the header does).
HOODIE_EXPORT
::arrow::Result<AvroContainerHeader> ParseAvroContainerHeader(std::string_view bytes);

}  // namespace hoodie
