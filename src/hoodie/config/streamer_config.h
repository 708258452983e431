// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/config/streamer_config.h
/// \brief hoodie.deltastreamer.* keys of the streaming ingestion utility: multi-table
/// ingestion, schema providers and sources.
#pragma once

#include <cstdint>
#include <string>

#include "hoodie/config/config_property.h"

namespace hoodie {

class ConfigRegistry;

/// Keys of the "Streamer" group. Immutable statics; thread-safe to read.
struct StreamerConfig {
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
  /// hoodie.deltastreamer.s3.source.queue.url
  static const ConfigProperty<std::string> kS3QueueUrl;
  /// hoodie.deltastreamer.s3.source.queue.region
  static const ConfigProperty<std::string> kS3QueueRegion;
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
  /// hoodie.deltastreamer.jdbc.storage.level
  static const ConfigProperty<std::string> kJdbcStorageLevel;
  /// hoodie.deltastreamer.jdbc.incr.fallback.to.full.fetch
  static const ConfigProperty<bool> kJdbcIncrFallbackToFullFetch;
  /// hoodie.deltastreamer.source.sql.sql.query
  static const ConfigProperty<std::string> kSqlQuery;

  /// Adds every key above to `registry`.
  static void Register(ConfigRegistry* registry);
};

}  // namespace hoodie
