// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/timeline_avro/archived_meta_entry.h
/// \brief One record of the archived timeline (HoodieArchivedMetaEntry, Hudi 0.15): an
/// instant state file moved out of `.hoodie/`, with its plan or metadata in Avro form.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include <arrow/result.h>

#include "hoodie/format/avro_codec/avro_schema.h"
#include "hoodie/format/avro_codec/avro_value.h"
#include "hoodie/timeline/instant.h"
#include "hoodie/visibility.h"

namespace hoodie {

/// \brief One archived instant state. A value; thread-compatible.
struct HOODIE_EXPORT ArchivedMetaEntry {
  std::string commit_time;
  /// The action name ("commit", "deltacommit", "clean", ...).
  std::string action_type;
  /// "REQUESTED", "INFLIGHT" or "COMPLETED".
  std::string action_state;
  std::optional<std::string> state_transition_time;
  std::optional<int32_t> version = 1;
  /// The one plan or metadata field set, by its HoodieArchivedMetaEntry field name
  /// ("hoodieCommitMetadata", "hoodieCleanerPlan", ...), with its record. None for an
  /// empty completed file and for states Hudi archives without content (a pending
  /// rollback, an inflight compaction).
  std::optional<std::pair<std::string, AvroValue>> metadata;

  /// The instant this entry records. \return Invalid for an unknown action or state.
  ::arrow::Result<Instant> ToInstant() const;

  AvroValue ToAvroValue() const;
  /// Reads a record decoded with ArchivedMetaEntrySchema() as reader schema.
  static ::arrow::Result<ArchivedMetaEntry> FromAvroValue(const AvroValue& record);
  bool operator==(const ArchivedMetaEntry&) const = default;
};

/// The HoodieArchivedMetaEntry schema: what archive data blocks carry as SCHEMA and the
/// reader schema of the archived timeline. Parsed once; thread-safe.
HOODIE_EXPORT
::arrow::Result<std::shared_ptr<const AvroSchema>> ArchivedMetaEntrySchema();

/// The entry Hudi archives for the state file `state` of bytes `details`
/// (MetadataConversionUtils.createMetaWrapper): Avro plans and metadata are carried as
/// they are; JSON commit metadata becomes its Avro form as Jackson's convertValue makes
/// it (fields matched by name, the JSON-only ones dropped, absent ones null); an empty
/// completed file gives only the common fields.
/// \return Invalid naming the instant for undecodable details, NotImplemented for an
///   action Hudi does not archive (restore, indexing, schemacommit).
HOODIE_EXPORT ::arrow::Result<ArchivedMetaEntry> MakeArchivedMetaEntry(
    const Instant& state, std::string_view details,
    std::optional<std::string> state_transition_time);

/// The Avro binary of `entry` with ArchivedMetaEntrySchema(): one data block record.
HOODIE_EXPORT
::arrow::Result<std::string> EncodeArchivedMetaEntry(const ArchivedMetaEntry& entry);

}  // namespace hoodie
