// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/config/streamer_config.h
/// \brief hoodie.deltastreamer.* keys of the streaming ingestion utility: multi-table
/// ingestion, schema providers and sources.
#pragma once

#include <cstdint>
#include <string>

#include "hoodie/config/config_property.h"
#include "hoodie/visibility.h"

namespace hoodie {

class ConfigRegistry;

/// Keys of the "Streamer" group. Immutable statics; thread-safe to read.
struct HOODIE_EXPORT StreamerConfig {
  /// hoodie.deltastreamer.ingestion.tablesToBeIngested
  static const ConfigProperty<std::string> kTablesToBeIngested;
  /// hoodie.deltastreamer.ingestion.targetBasePath
  static const ConfigProperty<std::string> kTargetBasePath;
  /// hoodie.deltastreamer.ingestion.<database>.<table>.configFile
  static const ConfigProperty<std::string> kTableConfigFile;
  /// hoodie.deltastreamer.schemaprovider.registry.url
  static const ConfigProperty<std::string> kRegistryUrl;
  /// hoodie.deltastreamer.schemaprovider.registry.targetUrl
  static const ConfigProperty<std::string> kRegistryTargetUrl;
  /// hoodie.deltastreamer.schemaprovider.source.schema.jdbc.connection.url
  static const ConfigProperty<std::string> kJdbcSchemaConnectionUrl;
  /// hoodie.deltastreamer.schemaprovider.source.schema.jdbc.driver.type
  static const ConfigProperty<std::string> kJdbcSchemaDriverType;
  /// hoodie.deltastreamer.schemaprovider.source.schema.jdbc.username
  static const ConfigProperty<std::string> kJdbcSchemaUsername;
  /// hoodie.deltastreamer.schemaprovider.source.schema.jdbc.password
  static const ConfigProperty<std::string> kJdbcSchemaPassword;
  /// hoodie.deltastreamer.schemaprovider.source.schema.jdbc.dbtable
  static const ConfigProperty<std::string> kJdbcSchemaDbTable;
  /// hoodie.deltastreamer.schemaprovider.source.schema.jdbc.timeout
  static const ConfigProperty<int32_t> kJdbcSchemaTimeout;
  /// hoodie.deltastreamer.schemaprovider.source.schema.jdbc.nullable
  static const ConfigProperty<bool> kJdbcSchemaNullable;
  /// hoodie.deltastreamer.schemaprovider.source.schema.file
  static const ConfigProperty<std::string> kSourceSchemaFile;
  /// hoodie.deltastreamer.schemaprovider.target.schema.file
  static const ConfigProperty<std::string> kTargetSchemaFile;
  /// hoodie.deltastreamer.source.dfs.root
  static const ConfigProperty<std::string> kDfsRoot;
  /// hoodie.deltastreamer.jdbc.url
  static const ConfigProperty<std::string> kJdbcUrl;
  /// hoodie.deltastreamer.jdbc.user
  static const ConfigProperty<std::string> kJdbcUser;
  /// hoodie.deltastreamer.jdbc.password
  static const ConfigProperty<std::string> kJdbcPassword;
  /// hoodie.deltastreamer.jdbc.password.file
  static const ConfigProperty<std::string> kJdbcPasswordFile;
  /// hoodie.deltastreamer.jdbc.driver.class
  static const ConfigProperty<std::string> kJdbcDriverClass;
  /// hoodie.deltastreamer.jdbc.table.name
  static const ConfigProperty<std::string> kJdbcTableName;
  /// hoodie.deltastreamer.jdbc.table.incr.column.name
  static const ConfigProperty<std::string> kJdbcIncrColumnName;
  /// hoodie.deltastreamer.jdbc.incr.pull
  static const ConfigProperty<bool> kJdbcIncrPull;
  /// hoodie.deltastreamer.jdbc.extra.options.
  static const ConfigProperty<std::string> kJdbcExtraOptions;
  /// hoodie.deltastreamer.jdbc.extra.options.fetchSize (rows per round trip and batch)
  static const ConfigProperty<int32_t> kJdbcFetchSize;
  /// hoodie.deltastreamer.jdbc.extra.options.numPartitions, .partitionColumn,
  /// .lowerBound, .upperBound (Spark's partitioned read: no effect)
  static const ConfigProperty<std::string> kJdbcNumPartitions;
  static const ConfigProperty<std::string> kJdbcPartitionColumn;
  static const ConfigProperty<std::string> kJdbcLowerBound;
  static const ConfigProperty<std::string> kJdbcUpperBound;
  /// hoodie.deltastreamer.jdbc.storage.level
  static const ConfigProperty<std::string> kJdbcStorageLevel;
  /// hoodie.deltastreamer.jdbc.incr.fallback.to.full.fetch
  static const ConfigProperty<bool> kJdbcIncrFallbackToFullFetch;
  /// hoodie.deltastreamer.source.sql.sql.query
  static const ConfigProperty<std::string> kSqlQuery;

  /// hoodie.deltastreamer.schemaprovider.schema_post_processor
  static const ConfigProperty<std::string> kSchemaPostProcessor;
  /// hoodie.deltastreamer.schemaprovider.schema_post_processor.delete.columns
  static const ConfigProperty<std::string> kDropColumnsPostProcessorColumns;
  /// hoodie.deltastreamer.schemaprovider.spark_avro_post_processor.enable
  static const ConfigProperty<bool> kSparkAvroPostProcessorEnable;
  /// hoodie.deltastreamer.source.input.selector
  static const ConfigProperty<std::string> kSourceInputSelector;
  /// hoodie.deltastreamer.checkpoint.force.skip
  static const ConfigProperty<bool> kCheckpointForceSkip;
  /// hoodie.deltastreamer.csv.header, .sep, .quote, .escape, .nullValue (Spark's CSV
  /// reader options of the CsvDFSSource).
  static const ConfigProperty<bool> kCsvHeader;
  static const ConfigProperty<std::string> kCsvSep;
  static const ConfigProperty<std::string> kCsvQuote;
  static const ConfigProperty<std::string> kCsvEscape;
  static const ConfigProperty<std::string> kCsvNullValue;
  /// hoodie.streamer.source.cdc.format: the JSON sources' records are change records
  /// (debezium-json, canal-json), decoded into inserts, updates and deletes.
  static const ConfigProperty<std::string> kSourceCdcFormat;

  /// hoodie.deltastreamer.transformer.sql / .sql.file (the SQL transformers)
  static const ConfigProperty<std::string> kTransformerSql;
  static const ConfigProperty<std::string> kTransformerSqlFile;
  /// hoodie.streamer.transformer.sql.memory.limit (hoodie's own: the SQL engine's memory)
  static const ConfigProperty<int64_t> kSqlMemoryLimit;

  /// hoodie.streamer.source.sql.tables (hoodie's own) and ...sql.checkpoint.emit
  static const ConfigProperty<std::string> kSqlSourceTables;
  static const ConfigProperty<bool> kSqlSourceEmitCheckpoint;
  /// hoodie.deltastreamer.source.hoodieincr.* (HoodieIncrSource)
  static const ConfigProperty<std::string> kHoodieIncrPath;
  static const ConfigProperty<int32_t> kHoodieIncrNumInstants;
  static const ConfigProperty<std::string> kHoodieIncrMissingCheckpointStrategy;
  static const ConfigProperty<bool> kHoodieIncrReadLatestOnMissingCheckpoint;
  static const ConfigProperty<bool> kHoodieIncrDropAllMetaFields;
  static const ConfigProperty<std::string> kHoodieIncrFileFormat;

  /// Adds every key above to `registry`.
  static void Register(ConfigRegistry* registry);
};

}  // namespace hoodie
