// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/config/streamer_config.cc
/// \brief Declarations of the "Streamer" configuration keys.
#include "hoodie/config/streamer_config.h"

#include "hoodie/config/config_registry.h"

namespace hoodie {

namespace v = config_validators;

const ConfigProperty<std::string> StreamerConfig::kTablesToBeIngested{
    .key = "hoodie.deltastreamer.ingestion.tablesToBeIngested",
    .doc =
        "Comma-separated <database>.<table> names ingested by the multi-table "
        "streamer.",
    .group = "Streamer",
    .support = ConfigSupport::kRefused,
    .support_note = "the streamer (`hoodie streamer`) is not implemented yet"};

const ConfigProperty<std::string> StreamerConfig::kTargetBasePath{
    .key = "hoodie.deltastreamer.ingestion.targetBasePath",
    .doc = "Base path of one ingested table, overriding --base-path-prefix.",
    .group = "Streamer",
    .support = ConfigSupport::kRefused,
    .support_note = "the streamer (`hoodie streamer`) is not implemented yet"};

const ConfigProperty<std::string> StreamerConfig::kTableConfigFile{
    .key = "hoodie.deltastreamer.ingestion.<database>.<table>.configFile",
    .doc = "Per-table properties file in the config folder of the multi-table streamer.",
    .group = "Streamer",
    .support = ConfigSupport::kRefused,
    .support_note = "the streamer (`hoodie streamer`) is not implemented yet"};

const ConfigProperty<std::string> StreamerConfig::kRegistryUrl{
    .key = "hoodie.deltastreamer.schemaprovider.registry.url",
    .doc = "Schema registry URL of the source schema (may carry user info).",
    .group = "Streamer",
    .support = ConfigSupport::kRefused,
    .support_note = "the streamer (`hoodie streamer`) is not implemented yet"};

const ConfigProperty<std::string> StreamerConfig::kRegistryTargetUrl{
    .key = "hoodie.deltastreamer.schemaprovider.registry.targetUrl",
    .doc = "Schema registry URL of the target schema.",
    .group = "Streamer",
    .support = ConfigSupport::kRefused,
    .support_note = "the streamer (`hoodie streamer`) is not implemented yet"};

const ConfigProperty<std::string> StreamerConfig::kJdbcSchemaConnectionUrl{
    .key = "hoodie.deltastreamer.schemaprovider.source.schema.jdbc.connection.url",
    .doc = "JDBC URL of the JDBC schema provider.",
    .aliases = {{.key = "hoodie.deltastreamer.jdbcbasedschemaprovider.connection.url",
                 .deprecated = true}},
    .group = "Streamer",
    .support = ConfigSupport::kRefused,
    .support_note = "the streamer (`hoodie streamer`) is not implemented yet"};

const ConfigProperty<std::string> StreamerConfig::kJdbcSchemaDriverType{
    .key = "hoodie.deltastreamer.schemaprovider.source.schema.jdbc.driver.type",
    .doc = "JDBC driver class of the JDBC schema provider.",
    .group = "Streamer",
    .support = ConfigSupport::kRefused,
    .support_note = "the streamer (`hoodie streamer`) is not implemented yet"};

const ConfigProperty<std::string> StreamerConfig::kJdbcSchemaUsername{
    .key = "hoodie.deltastreamer.schemaprovider.source.schema.jdbc.username",
    .doc = "User of the JDBC schema provider.",
    .group = "Streamer",
    .support = ConfigSupport::kRefused,
    .support_note = "the streamer (`hoodie streamer`) is not implemented yet"};

const ConfigProperty<std::string> StreamerConfig::kJdbcSchemaPassword{
    .key = "hoodie.deltastreamer.schemaprovider.source.schema.jdbc.password",
    .doc = "Password of the JDBC schema provider.",
    .group = "Streamer",
    .support = ConfigSupport::kRefused,
    .support_note = "the streamer (`hoodie streamer`) is not implemented yet"};

const ConfigProperty<std::string> StreamerConfig::kJdbcSchemaDbTable{
    .key = "hoodie.deltastreamer.schemaprovider.source.schema.jdbc.dbtable",
    .doc = "Table whose schema the JDBC schema provider reads.",
    .group = "Streamer",
    .support = ConfigSupport::kRefused,
    .support_note = "the streamer (`hoodie streamer`) is not implemented yet"};

const ConfigProperty<int32_t> StreamerConfig::kJdbcSchemaTimeout{
    .key = "hoodie.deltastreamer.schemaprovider.source.schema.jdbc.timeout",
    .default_value = 0,
    .doc = "Statement timeout in seconds of the JDBC schema provider; 0 means no limit.",
    .validate = v::NonNegativeInt32,
    .group = "Streamer",
    .support = ConfigSupport::kRefused,
    .support_note = "the streamer (`hoodie streamer`) is not implemented yet"};

const ConfigProperty<bool> StreamerConfig::kJdbcSchemaNullable{
    .key = "hoodie.deltastreamer.schemaprovider.source.schema.jdbc.nullable",
    .doc = "Make all columns of the JDBC schema nullable.",
    .group = "Streamer",
    .support = ConfigSupport::kRefused,
    .support_note = "the streamer (`hoodie streamer`) is not implemented yet"};

const ConfigProperty<std::string> StreamerConfig::kSourceSchemaFile{
    .key = "hoodie.deltastreamer.schemaprovider.source.schema.file",
    .doc = "Avro schema file (.avsc) of the source.",
    .group = "Streamer",
    .support = ConfigSupport::kRefused,
    .support_note = "the streamer (`hoodie streamer`) is not implemented yet"};

const ConfigProperty<std::string> StreamerConfig::kTargetSchemaFile{
    .key = "hoodie.deltastreamer.schemaprovider.target.schema.file",
    .doc = "Avro schema file (.avsc) of the target.",
    .group = "Streamer",
    .support = ConfigSupport::kRefused,
    .support_note = "the streamer (`hoodie streamer`) is not implemented yet"};

const ConfigProperty<std::string> StreamerConfig::kDfsRoot{
    .key = "hoodie.deltastreamer.source.dfs.root",
    .doc = "Root folder read by DFS sources.",
    .group = "Streamer",
    .support = ConfigSupport::kRefused,
    .support_note = "the streamer (`hoodie streamer`) is not implemented yet"};

const ConfigProperty<std::string> StreamerConfig::kS3QueueUrl{
    .key = "hoodie.deltastreamer.s3.source.queue.url",
    .doc = "SQS queue URL of S3 event notifications.",
    .group = "Streamer",
    .support = ConfigSupport::kRefused,
    .support_note = "the streamer (`hoodie streamer`) is not implemented yet"};

const ConfigProperty<std::string> StreamerConfig::kS3QueueRegion{
    .key = "hoodie.deltastreamer.s3.source.queue.region",
    .doc = "AWS region of the SQS queue.",
    .group = "Streamer",
    .support = ConfigSupport::kRefused,
    .support_note = "the streamer (`hoodie streamer`) is not implemented yet"};

const ConfigProperty<std::string> StreamerConfig::kJdbcUrl{
    .key = "hoodie.deltastreamer.jdbc.url",
    .doc = "URL of the JDBC source.",
    .group = "Streamer",
    .support = ConfigSupport::kRefused,
    .support_note = "the streamer (`hoodie streamer`) is not implemented yet"};

const ConfigProperty<std::string> StreamerConfig::kJdbcUser{
    .key = "hoodie.deltastreamer.jdbc.user",
    .doc = "User of the JDBC source.",
    .group = "Streamer",
    .support = ConfigSupport::kRefused,
    .support_note = "the streamer (`hoodie streamer`) is not implemented yet"};

const ConfigProperty<std::string> StreamerConfig::kJdbcPassword{
    .key = "hoodie.deltastreamer.jdbc.password",
    .doc = "Password of the JDBC source.",
    .group = "Streamer",
    .support = ConfigSupport::kRefused,
    .support_note = "the streamer (`hoodie streamer`) is not implemented yet"};

const ConfigProperty<std::string> StreamerConfig::kJdbcPasswordFile{
    .key = "hoodie.deltastreamer.jdbc.password.file",
    .doc = "File holding the password of the JDBC source.",
    .group = "Streamer",
    .support = ConfigSupport::kRefused,
    .support_note = "the streamer (`hoodie streamer`) is not implemented yet"};

const ConfigProperty<std::string> StreamerConfig::kJdbcDriverClass{
    .key = "hoodie.deltastreamer.jdbc.driver.class",
    .doc = "Driver class of the JDBC source.",
    .group = "Streamer",
    .support = ConfigSupport::kRefused,
    .support_note = "the streamer (`hoodie streamer`) is not implemented yet"};

const ConfigProperty<std::string> StreamerConfig::kJdbcTableName{
    .key = "hoodie.deltastreamer.jdbc.table.name",
    .doc = "Table read by the JDBC source.",
    .group = "Streamer",
    .support = ConfigSupport::kRefused,
    .support_note = "the streamer (`hoodie streamer`) is not implemented yet"};

const ConfigProperty<std::string> StreamerConfig::kJdbcIncrColumnName{
    .key = "hoodie.deltastreamer.jdbc.table.incr.column.name",
    .doc = "Column used to pull new rows incrementally.",
    .group = "Streamer",
    .support = ConfigSupport::kRefused,
    .support_note = "the streamer (`hoodie streamer`) is not implemented yet"};

const ConfigProperty<bool> StreamerConfig::kJdbcIncrPull{
    .key = "hoodie.deltastreamer.jdbc.incr.pull",
    .doc = "Pull incrementally (with checkpoints) instead of a full fetch.",
    .group = "Streamer",
    .support = ConfigSupport::kRefused,
    .support_note = "the streamer (`hoodie streamer`) is not implemented yet"};

const ConfigProperty<std::string> StreamerConfig::kJdbcExtraOptions{
    .key = "hoodie.deltastreamer.jdbc.extra.options.",
    .doc =
        "Prefix of extra Spark JDBC read options, e.g. "
        "hoodie.deltastreamer.jdbc.extra.options.fetchSize=100.",
    .group = "Streamer",
    .support = ConfigSupport::kRefused,
    .support_note = "the streamer (`hoodie streamer`) is not implemented yet"};

const ConfigProperty<std::string> StreamerConfig::kJdbcStorageLevel{
    .key = "hoodie.deltastreamer.jdbc.storage.level",
    .default_value = std::string("MEMORY_AND_DISK_SER"),
    .doc = "Persistence level of rows read by the JDBC source.",
    .advanced = true,
    .group = "Streamer",
    .support = ConfigSupport::kNoEffect,
    .support_note = "a Spark storage level for cached RDDs; hoodie caches nothing in Spark"};

const ConfigProperty<bool> StreamerConfig::kJdbcIncrFallbackToFullFetch{
    .key = "hoodie.deltastreamer.jdbc.incr.fallback.to.full.fetch",
    .default_value = false,
    .doc = "Fall back to a full fetch when an incremental read fails.",
    .group = "Streamer",
    .support = ConfigSupport::kRefused,
    .support_note = "the streamer (`hoodie streamer`) is not implemented yet"};

const ConfigProperty<std::string> StreamerConfig::kSqlQuery{
    .key = "hoodie.deltastreamer.source.sql.sql.query",
    .doc = "SQL query of the SQL source (backfills).",
    .group = "Streamer",
    .support = ConfigSupport::kRefused,
    .support_note = "the streamer (`hoodie streamer`) is not implemented yet"};

void StreamerConfig::Register(ConfigRegistry* registry) {
  registry->Add(kTablesToBeIngested);
  registry->Add(kTargetBasePath);
  registry->Add(kTableConfigFile);
  registry->Add(kRegistryUrl);
  registry->Add(kRegistryTargetUrl);
  registry->Add(kJdbcSchemaConnectionUrl);
  registry->Add(kJdbcSchemaDriverType);
  registry->Add(kJdbcSchemaUsername);
  registry->Add(kJdbcSchemaPassword);
  registry->Add(kJdbcSchemaDbTable);
  registry->Add(kJdbcSchemaTimeout);
  registry->Add(kJdbcSchemaNullable);
  registry->Add(kSourceSchemaFile);
  registry->Add(kTargetSchemaFile);
  registry->Add(kDfsRoot);
  registry->Add(kS3QueueUrl);
  registry->Add(kS3QueueRegion);
  registry->Add(kJdbcUrl);
  registry->Add(kJdbcUser);
  registry->Add(kJdbcPassword);
  registry->Add(kJdbcPasswordFile);
  registry->Add(kJdbcDriverClass);
  registry->Add(kJdbcTableName);
  registry->Add(kJdbcIncrColumnName);
  registry->Add(kJdbcIncrPull);
  registry->Add(kJdbcExtraOptions);
  registry->Add(kJdbcStorageLevel);
  registry->Add(kJdbcIncrFallbackToFullFetch);
  registry->Add(kSqlQuery);
}

}  // namespace hoodie
