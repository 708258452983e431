// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/metadata/record_index_record.h
/// \brief The records of the metadata table's `record_index` partition (type 5,
/// HoodieRecordIndexInfo): where a record key lives (HoodieTableMetadataUtil
/// .getLocationFromRecordIndexInfo).
#pragma once

#include <string>

#include <arrow/result.h>

#include "hoodie/format/avro_codec/avro_value.h"
#include "hoodie/timeline/instant_time.h"
#include "hoodie/visibility.h"

namespace hoodie {

/// \brief A record key's location: partition, file group and the instant that wrote it.
struct HOODIE_EXPORT RecordIndexLocation {
  std::string partition_path;
  std::string file_id;
  std::string instant_time;
  bool operator==(const RecordIndexLocation&) const = default;
};

/// The location a decoded HoodieMetadataRecord of type 5 holds. The file id is stored
/// as a UUID's two halves and an index (encoding 0: "<uuid>-<index>", or the bare UUID
/// for index -1) or as text (encoding 1); the instant as epoch milliseconds, formatted
/// back in the table's timeline zone. \return Invalid for another record type or a
/// malformed entry.
HOODIE_EXPORT ::arrow::Result<RecordIndexLocation> RecordIndexLocationOf(
    const AvroValue& record, TimelineTimeZone zone);

/// The HoodieMetadataRecord of type 5 for a key at `location`
/// (HoodieMetadataPayload.createRecordIndexUpdate): a file id "<uuid>" or
/// "<uuid>-<index>" as the UUID's halves and the index (encoding 0), any other as text
/// (encoding 1); the instant as epoch milliseconds read in the table's timeline zone.
/// \return Invalid for an instant time that is not a date-time.
HOODIE_EXPORT ::arrow::Result<AvroValue> RecordIndexRecordValue(
    const RecordIndexLocation& location, TimelineTimeZone zone);

/// Java's UUID.toString of the 128 bits `high` then `low`.
HOODIE_EXPORT std::string JavaUuidString(int64_t high, int64_t low);

}  // namespace hoodie
