// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/config/table_config_keys.h
/// \brief Keys persisted in .hoodie/hoodie.properties of a version-6 table.
#pragma once

#include <cstdint>
#include <string>

#include "hoodie/config/config_property.h"
#include "hoodie/visibility.h"

namespace hoodie {

class ConfigRegistry;

/// Keys of the "Table (hoodie.properties)" group. Immutable statics; thread-safe to read.
struct HOODIE_EXPORT TableConfigKeys {
  /// hoodie.table.name
  static const ConfigProperty<std::string> kTableName;
  /// hoodie.table.type
  static const ConfigProperty<std::string> kTableType;
  /// hoodie.table.version
  static const ConfigProperty<int32_t> kTableVersion;
  /// hoodie.table.precombine.field
  static const ConfigProperty<std::string> kPrecombineField;
  /// hoodie.table.recordkey.fields
  static const ConfigProperty<std::string> kRecordKeyFields;
  /// hoodie.table.partition.fields
  static const ConfigProperty<std::string> kPartitionFields;
  /// hoodie.table.keygenerator.class
  static const ConfigProperty<std::string> kKeyGeneratorClass;
  /// hoodie.archivelog.folder
  static const ConfigProperty<std::string> kArchivelogFolder;
  /// hoodie.timeline.layout.version
  static const ConfigProperty<int32_t> kTimelineLayoutVersion;
  /// hoodie.table.base.file.format
  static const ConfigProperty<std::string> kBaseFileFormat;
  /// hoodie.table.log.file.format
  static const ConfigProperty<std::string> kLogFileFormat;
  /// hoodie.populate.meta.fields
  static const ConfigProperty<bool> kPopulateMetaFields;
  /// hoodie.table.checksum
  static const ConfigProperty<int64_t> kChecksum;
  /// hoodie.database.name
  static const ConfigProperty<std::string> kDatabaseName;
  /// hoodie.table.timeline.timezone
  static const ConfigProperty<std::string> kTimelineTimezone;
  /// hoodie.table.metadata.partitions
  static const ConfigProperty<std::string> kMetadataPartitions;
  /// hoodie.table.metadata.partitions.inflight
  static const ConfigProperty<std::string> kMetadataPartitionsInflight;
  /// hoodie.table.cdc.enabled
  static const ConfigProperty<bool> kCdcEnabled;
  /// hoodie.table.cdc.supplemental.logging.mode
  static const ConfigProperty<std::string> kCdcSupplementalLoggingMode;
  /// hoodie.compaction.payload.class
  static const ConfigProperty<std::string> kPayloadClass;
  /// hoodie.compaction.record.merger.strategy
  static const ConfigProperty<std::string> kRecordMergerStrategy;
  /// hoodie.table.create.schema
  static const ConfigProperty<std::string> kCreateSchema;
  /// hoodie.partition.metafile.use.base.format
  static const ConfigProperty<bool> kPartitionMetafileUseBaseFormat;

  /// Adds every key above to `registry`.
  static void Register(ConfigRegistry* registry);
};

}  // namespace hoodie
