// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/config/datasource_config.h
/// \brief Spark datasource write and read options, including Hive sync.
#pragma once

#include <cstdint>
#include <string>

#include "hoodie/config/config_property.h"
#include "hoodie/visibility.h"

namespace hoodie {

class ConfigRegistry;

/// Keys of the "Spark Datasource" group. Immutable statics; thread-safe to read.
struct HOODIE_EXPORT DataSourceConfig {
  /// hoodie.datasource.write.table.name
  static const ConfigProperty<std::string> kTableName;
  /// hoodie.datasource.write.operation
  static const ConfigProperty<std::string> kOperation;
  /// hoodie.spark.sql.insert.into.operation
  static const ConfigProperty<std::string> kSparkSqlInsertIntoOperation;
  /// hoodie.spark.sql.optimized.writes.enable
  static const ConfigProperty<bool> kSparkSqlOptimizedWrites;
  /// hoodie.datasource.write.table.type
  static const ConfigProperty<std::string> kTableType;
  /// hoodie.datasource.write.precombine.field
  static const ConfigProperty<std::string> kPrecombineField;
  /// hoodie.datasource.write.payload.class
  static const ConfigProperty<std::string> kPayloadClass;
  /// hoodie.datasource.write.recordkey.field
  static const ConfigProperty<std::string> kRecordKeyField;
  /// hoodie.datasource.write.partitionpath.field
  static const ConfigProperty<std::string> kPartitionPathField;
  /// hoodie.datasource.write.hive_style_partitioning
  static const ConfigProperty<bool> kHiveStylePartitioning;
  /// hoodie.datasource.write.partitionpath.urlencode
  static const ConfigProperty<bool> kPartitionPathUrlencode;
  /// hoodie.datasource.write.drop.partition.columns
  static const ConfigProperty<bool> kDropPartitionColumns;
  /// hoodie.datasource.write.keygenerator.class
  static const ConfigProperty<std::string> kKeyGeneratorClass;
  /// hoodie.datasource.write.commitmeta.key.prefix
  static const ConfigProperty<std::string> kCommitMetaKeyPrefix;
  /// hoodie.datasource.write.insert.drop.duplicates
  static const ConfigProperty<bool> kInsertDropDuplicates;
  /// hoodie.datasource.write.row.writer.enable
  static const ConfigProperty<std::string> kPartitionsToDelete;
  static const ConfigProperty<bool> kRowWriterEnable;
  /// hoodie.datasource.hive_sync.enable
  static const ConfigProperty<bool> kHiveSyncEnable;
  /// hoodie.datasource.hive_sync.database
  static const ConfigProperty<std::string> kHiveSyncDatabase;
  /// hoodie.datasource.hive_sync.table
  static const ConfigProperty<std::string> kHiveSyncTable;
  /// hoodie.datasource.hive_sync.username
  static const ConfigProperty<std::string> kHiveSyncUsername;
  /// hoodie.datasource.hive_sync.password
  static const ConfigProperty<std::string> kHiveSyncPassword;
  /// hoodie.datasource.hive_sync.jdbcurl
  static const ConfigProperty<std::string> kHiveSyncJdbcUrl;
  /// hoodie.datasource.hive_sync.partition_fields
  static const ConfigProperty<std::string> kHiveSyncPartitionFields;
  /// hoodie.datasource.hive_sync.partition_extractor_class
  static const ConfigProperty<std::string> kHiveSyncPartitionExtractorClass;
  /// hoodie.datasource.hive_sync.assume_date_partitioning
  static const ConfigProperty<bool> kHiveSyncAssumeDatePartitioning;
  /// hoodie.datasource.hive_sync.use_jdbc
  static const ConfigProperty<bool> kHiveSyncUseJdbc;
  /// hoodie.datasource.hive_sync.auto_create_database
  static const ConfigProperty<bool> kHiveSyncAutoCreateDatabase;
  /// hoodie.datasource.hive_sync.skip_ro_suffix
  static const ConfigProperty<bool> kHiveSyncSkipRoSuffix;
  /// hoodie.datasource.hive_sync.support_timestamp
  static const ConfigProperty<bool> kHiveSyncSupportTimestamp;
  /// hoodie.datasource.query.type
  static const ConfigProperty<std::string> kQueryType;
  /// hoodie.datasource.view.type
  static const ConfigProperty<std::string> kViewType;
  /// hoodie.datasource.read.begin.instanttime
  static const ConfigProperty<std::string> kBeginInstantTime;
  /// hoodie.datasource.read.end.instanttime
  static const ConfigProperty<std::string> kEndInstantTime;
  static const ConfigProperty<bool> kIncrementalFallbackToFullTableScan;
  /// hoodie.enable.data.skipping
  static const ConfigProperty<bool> kEnableDataSkipping;
  /// hoodie.datasource.read.schema.use.end.instanttime
  static const ConfigProperty<bool> kIncrementalUseEndInstantSchema;
  /// hoodie.datasource.merge.type
  static const ConfigProperty<std::string> kMergeType;

  /// Adds every key above to `registry`.
  static void Register(ConfigRegistry* registry);
};

}  // namespace hoodie
