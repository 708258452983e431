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
    .aliases = {{.key = "hoodie.streamer.ingestion.tablesToBeIngested", .preferred = true}},
    .group = "Streamer",
    .support = ConfigSupport::kHonoured};

const ConfigProperty<std::string> StreamerConfig::kTargetBasePath{
    .key = "hoodie.deltastreamer.ingestion.targetBasePath",
    .doc = "Base path of one ingested table, overriding --base-path-prefix.",
    .aliases = {{.key = "hoodie.streamer.ingestion.targetBasePath", .preferred = true}},
    .group = "Streamer",
    .support = ConfigSupport::kHonoured};

const ConfigProperty<std::string> StreamerConfig::kTableConfigFile{
    .key = "hoodie.deltastreamer.ingestion.<database>.<table>.configFile",
    .doc = "Per-table properties file in the config folder of the multi-table streamer.",
    .group = "Streamer",
    .support = ConfigSupport::kHonoured};

const ConfigProperty<std::string> StreamerConfig::kRegistryUrl{
    .key = "hoodie.deltastreamer.schemaprovider.registry.url",
    .doc = "Schema registry URL of the source schema (may carry user info).",
    .aliases = {{.key = "hoodie.streamer.schemaprovider.registry.url", .preferred = true}},
    .group = "Streamer",
    .support = ConfigSupport::kHonoured};

const ConfigProperty<std::string> StreamerConfig::kRegistryTargetUrl{
    .key = "hoodie.deltastreamer.schemaprovider.registry.targetUrl",
    .doc = "Schema registry URL of the target schema.",
    .aliases = {{.key = "hoodie.streamer.schemaprovider.registry.targetUrl", .preferred = true}},
    .group = "Streamer",
    .support = ConfigSupport::kHonoured};

// JdbcbasedSchemaProvider (hoodie's JDBC component): 0.15 spells the keys
// hoodie.streamer.schemaprovider.source.schema.jdbc.*, read first.
const ConfigProperty<std::string> StreamerConfig::kJdbcSchemaConnectionUrl{
    .key = "hoodie.deltastreamer.schemaprovider.source.schema.jdbc.connection.url",
    .doc = "JDBC URL of the JDBC schema provider: jdbc:postgresql://host[:port]/db (served "
           "through libpq) or jdbc:sqlite:<path> (SQLite).",
    .aliases = {{.key = "hoodie.streamer.schemaprovider.source.schema.jdbc.connection.url",
                 .preferred = true},
                {.key = "hoodie.deltastreamer.jdbcbasedschemaprovider.connection.url",
                 .deprecated = true}},
    .group = "Streamer"};

const ConfigProperty<std::string> StreamerConfig::kJdbcSchemaDriverType{
    .key = "hoodie.deltastreamer.schemaprovider.source.schema.jdbc.driver.type",
    .doc = "JDBC driver class of the JDBC schema provider: the URL's own (org.postgresql.Driver, "
           "org.sqlite.JDBC) is accepted, any other refused.",
    .aliases = {{.key = "hoodie.streamer.schemaprovider.source.schema.jdbc.driver.type",
                 .preferred = true}},
    .group = "Streamer"};

const ConfigProperty<std::string> StreamerConfig::kJdbcSchemaUsername{
    .key = "hoodie.deltastreamer.schemaprovider.source.schema.jdbc.username",
    .doc = "User of the JDBC schema provider.",
    .aliases = {{.key = "hoodie.streamer.schemaprovider.source.schema.jdbc.username",
                 .preferred = true}},
    .group = "Streamer"};

const ConfigProperty<std::string> StreamerConfig::kJdbcSchemaPassword{
    .key = "hoodie.deltastreamer.schemaprovider.source.schema.jdbc.password",
    .doc = "Password of the JDBC schema provider (never shown: output, logs and errors say "
           "<redacted>).",
    .aliases = {{.key = "hoodie.streamer.schemaprovider.source.schema.jdbc.password",
                 .preferred = true}},
    .group = "Streamer",
    .secret = true};

const ConfigProperty<std::string> StreamerConfig::kJdbcSchemaDbTable{
    .key = "hoodie.deltastreamer.schemaprovider.source.schema.jdbc.dbtable",
    .doc = "Table whose schema the JDBC schema provider reads.",
    .aliases = {{.key = "hoodie.streamer.schemaprovider.source.schema.jdbc.dbtable",
                 .preferred = true}},
    .group = "Streamer"};

const ConfigProperty<int32_t> StreamerConfig::kJdbcSchemaTimeout{
    .key = "hoodie.deltastreamer.schemaprovider.source.schema.jdbc.timeout",
    .default_value = 0,
    .doc = "Timeout in seconds of the JDBC schema provider's connection and query; 0 means "
           "no limit (a connection still gives up after 10 s).",
    .aliases = {{.key = "hoodie.streamer.schemaprovider.source.schema.jdbc.timeout",
                 .preferred = true}},
    .validate = v::NonNegativeInt32,
    .group = "Streamer"};

const ConfigProperty<bool> StreamerConfig::kJdbcSchemaNullable{
    .key = "hoodie.deltastreamer.schemaprovider.source.schema.jdbc.nullable",
    .default_value = true,
    .doc = "Make every column of the JDBC schema nullable; false keeps the table's NOT NULL "
           "columns required.",
    .aliases = {{.key = "hoodie.streamer.schemaprovider.source.schema.jdbc.nullable",
                 .preferred = true}},
    .group = "Streamer"};

const ConfigProperty<std::string> StreamerConfig::kSourceSchemaFile{
    .key = "hoodie.deltastreamer.schemaprovider.source.schema.file",
    .doc = "Avro schema file (.avsc) of the source.",
    .aliases = {{.key = "hoodie.streamer.schemaprovider.source.schema.file", .preferred = true}},
    .group = "Streamer",
    .support = ConfigSupport::kHonoured};

const ConfigProperty<std::string> StreamerConfig::kTargetSchemaFile{
    .key = "hoodie.deltastreamer.schemaprovider.target.schema.file",
    .doc = "Avro schema file (.avsc) of the target.",
    .aliases = {{.key = "hoodie.streamer.schemaprovider.target.schema.file", .preferred = true}},
    .group = "Streamer",
    .support = ConfigSupport::kHonoured};

const ConfigProperty<std::string> StreamerConfig::kDfsRoot{
    .key = "hoodie.deltastreamer.source.dfs.root",
    .doc = "Root folder read by DFS sources.",
    .aliases = {{.key = "hoodie.streamer.source.dfs.root", .preferred = true}},
    .group = "Streamer",
    .support = ConfigSupport::kHonoured};

// JdbcSource (hoodie's JDBC component): 0.15 spells the keys hoodie.streamer.jdbc.*,
// read first.
const ConfigProperty<std::string> StreamerConfig::kJdbcUrl{
    .key = "hoodie.deltastreamer.jdbc.url",
    .doc = "URL of the JDBC source: jdbc:postgresql://host[:port]/db[?params] (served through "
           "libpq) or jdbc:sqlite:<path> (SQLite); other databases are refused.",
    .aliases = {{.key = "hoodie.streamer.jdbc.url", .preferred = true}},
    .group = "Streamer"};

const ConfigProperty<std::string> StreamerConfig::kJdbcUser{
    .key = "hoodie.deltastreamer.jdbc.user",
    .doc = "User of the JDBC source.",
    .aliases = {{.key = "hoodie.streamer.jdbc.user", .preferred = true}},
    .group = "Streamer"};

const ConfigProperty<std::string> StreamerConfig::kJdbcPassword{
    .key = "hoodie.deltastreamer.jdbc.password",
    .doc = "Password of the JDBC source (never shown: output, logs and errors say "
           "<redacted>).",
    .aliases = {{.key = "hoodie.streamer.jdbc.password", .preferred = true}},
    .group = "Streamer",
    .secret = true};

const ConfigProperty<std::string> StreamerConfig::kJdbcPasswordFile{
    .key = "hoodie.deltastreamer.jdbc.password.file",
    .doc = "File holding the password of the JDBC source, read when the password key is "
           "unset; its content is never shown.",
    .aliases = {{.key = "hoodie.streamer.jdbc.password.file", .preferred = true}},
    .group = "Streamer"};

const ConfigProperty<std::string> StreamerConfig::kJdbcDriverClass{
    .key = "hoodie.deltastreamer.jdbc.driver.class",
    .doc = "Driver class of the JDBC source: the URL's own (org.postgresql.Driver, "
           "org.sqlite.JDBC) is accepted, any other refused.",
    .aliases = {{.key = "hoodie.streamer.jdbc.driver.class", .preferred = true}},
    .group = "Streamer"};

const ConfigProperty<std::string> StreamerConfig::kJdbcTableName{
    .key = "hoodie.deltastreamer.jdbc.table.name",
    .doc = "Table read by the JDBC source.",
    .aliases = {{.key = "hoodie.streamer.jdbc.table.name", .preferred = true}},
    .group = "Streamer"};

const ConfigProperty<std::string> StreamerConfig::kJdbcIncrColumnName{
    .key = "hoodie.deltastreamer.jdbc.table.incr.column.name",
    .doc = "Column used to pull new rows incrementally: its maximum is the checkpoint.",
    .aliases = {{.key = "hoodie.streamer.jdbc.table.incr.column.name", .preferred = true}},
    .group = "Streamer"};

const ConfigProperty<bool> StreamerConfig::kJdbcIncrPull{
    .key = "hoodie.deltastreamer.jdbc.incr.pull",
    .doc = "Pull incrementally (with checkpoints) instead of a full fetch.",
    .aliases = {{.key = "hoodie.streamer.jdbc.incr.pull", .preferred = true}},
    .group = "Streamer"};

const ConfigProperty<std::string> StreamerConfig::kJdbcExtraOptions{
    .key = "hoodie.deltastreamer.jdbc.extra.options.",
    .doc =
        "Prefix of extra Spark JDBC read options, e.g. "
        "hoodie.deltastreamer.jdbc.extra.options.fetchSize=100.",
    .aliases = {{.key = "hoodie.streamer.jdbc.extra.options.", .preferred = true}},
    .group = "Streamer",
    .support = ConfigSupport::kRefused,
    .support_note = "this Spark JDBC option has no meaning in hoodie's native JDBC source, "
                    "which knows fetchSize and the partitioned-read options (numPartitions, "
                    "partitionColumn, lowerBound, upperBound, of no effect)",
    .accepted_value = kRefusedWhenSet};

const ConfigProperty<int32_t> StreamerConfig::kJdbcFetchSize{
    .key = "hoodie.deltastreamer.jdbc.extra.options.fetchSize",
    .default_value = 10000,
    .doc = "Rows the JDBC source fetches per round trip (a PostgreSQL cursor's FETCH), and "
           "the rows of each batch it hands on: what bounds its memory.",
    .aliases = {{.key = "hoodie.streamer.jdbc.extra.options.fetchSize", .preferred = true}},
    .validate = v::PositiveInt32,
    .group = "Streamer",
    .override_reason = "Spark's 0 leaves it to the driver, which for PostgreSQL fetches "
                       "every row at once; hoodie always streams",
    .support = ConfigSupport::kTuning,
    .support_note = "rows per round trip and per batch; the rows read are the same"};

// Spark splits a JDBC read into numPartitions range queries over partitionColumn; the
// rows are the same, so natively these only tune Spark.
constexpr std::string_view kJdbcPartitionedReadNote =
    "Spark splits the read into parallel range queries with it; hoodie reads the rows "
    "in one query";

const ConfigProperty<std::string> StreamerConfig::kJdbcNumPartitions{
    .key = "hoodie.deltastreamer.jdbc.extra.options.numPartitions",
    .doc = "Spark's number of parallel JDBC reads.",
    .aliases = {{.key = "hoodie.streamer.jdbc.extra.options.numPartitions", .preferred = true}},
    .group = "Streamer",
    .support = ConfigSupport::kNoEffect,
    .support_note = kJdbcPartitionedReadNote};

const ConfigProperty<std::string> StreamerConfig::kJdbcPartitionColumn{
    .key = "hoodie.deltastreamer.jdbc.extra.options.partitionColumn",
    .doc = "Column Spark splits a JDBC read on.",
    .aliases = {{.key = "hoodie.streamer.jdbc.extra.options.partitionColumn", .preferred = true}},
    .group = "Streamer",
    .support = ConfigSupport::kNoEffect,
    .support_note = kJdbcPartitionedReadNote};

const ConfigProperty<std::string> StreamerConfig::kJdbcLowerBound{
    .key = "hoodie.deltastreamer.jdbc.extra.options.lowerBound",
    .doc = "Lower bound of Spark's partition stride (it filters no rows).",
    .aliases = {{.key = "hoodie.streamer.jdbc.extra.options.lowerBound", .preferred = true}},
    .group = "Streamer",
    .support = ConfigSupport::kNoEffect,
    .support_note = kJdbcPartitionedReadNote};

const ConfigProperty<std::string> StreamerConfig::kJdbcUpperBound{
    .key = "hoodie.deltastreamer.jdbc.extra.options.upperBound",
    .doc = "Upper bound of Spark's partition stride (it filters no rows).",
    .aliases = {{.key = "hoodie.streamer.jdbc.extra.options.upperBound", .preferred = true}},
    .group = "Streamer",
    .support = ConfigSupport::kNoEffect,
    .support_note = kJdbcPartitionedReadNote};

const ConfigProperty<std::string> StreamerConfig::kJdbcStorageLevel{
    .key = "hoodie.deltastreamer.jdbc.storage.level",
    .default_value = std::string("MEMORY_AND_DISK_SER"),
    .doc = "Persistence level of rows read by the JDBC source.",
    .aliases = {{.key = "hoodie.streamer.jdbc.storage.level", .preferred = true}},
    .advanced = true,
    .group = "Streamer",
    .support = ConfigSupport::kNoEffect,
    .support_note = "a Spark storage level for cached RDDs; hoodie caches nothing in Spark"};

const ConfigProperty<bool> StreamerConfig::kJdbcIncrFallbackToFullFetch{
    .key = "hoodie.deltastreamer.jdbc.incr.fallback.to.full.fetch",
    .default_value = false,
    .doc = "Fall back to a full fetch when an incremental read fails.",
    .aliases = {{.key = "hoodie.streamer.jdbc.incr.fallback.to.full.fetch", .preferred = true}},
    .group = "Streamer"};

const ConfigProperty<std::string> StreamerConfig::kSqlQuery{
    .key = "hoodie.deltastreamer.source.sql.sql.query",
    .doc = "SQL query of the SQL source (backfills).",
    .aliases = {{.key = "hoodie.streamer.source.sql.sql.query", .preferred = true}},
    .group = "Streamer",
    .support = ConfigSupport::kHonoured};

const ConfigProperty<std::string> StreamerConfig::kSchemaPostProcessor{
    .key = "hoodie.deltastreamer.schemaprovider.schema_post_processor",
    .doc = "Schema post-processors (comma-separated class names) applied to the schema "
           "provider's schemas (SchemaProviderWithPostProcessor).",
    .aliases = {{.key = "hoodie.streamer.schemaprovider.schema_post_processor", .preferred = true}},
    .group = "Streamer",
    .support = ConfigSupport::kHonoured};

const ConfigProperty<std::string> StreamerConfig::kDropColumnsPostProcessorColumns{
    .key = "hoodie.deltastreamer.schemaprovider.schema_post_processor.delete.columns",
    .doc = "Columns (comma-separated) the DropColumnSchemaPostProcessor removes.",
    .aliases = {{.key = "hoodie.streamer.schemaprovider.schema_post_processor.delete.columns", .preferred = true}},
    .group = "Streamer",
    .support = ConfigSupport::kHonoured};

const ConfigProperty<bool> StreamerConfig::kSparkAvroPostProcessorEnable{
    .key = "hoodie.deltastreamer.schemaprovider.spark_avro_post_processor.enable",
    .default_value = true,
    .doc = "Pass provider schemas through Spark's Avro conversion (SparkAvroPostProcessor).",
    .aliases = {{.key = "hoodie.streamer.schemaprovider.spark_avro_post_processor.enable", .preferred = true}},
    .group = "Streamer",
    .support = ConfigSupport::kRefused,
    .support_note = "hoodie always converts provider schemas as Spark's post-processor "
                    "does (through its own Arrow types)"};

const ConfigProperty<std::string> StreamerConfig::kSourceInputSelector{
    .key = "hoodie.deltastreamer.source.input.selector",
    .default_value = std::string("org.apache.hudi.utilities.sources.helpers.DFSPathSelector"),
    .doc = "How DFS sources choose the files of a round.",
    .aliases = {{.key = "hoodie.streamer.source.input.selector", .preferred = true}},
    .group = "Streamer",
    .support = ConfigSupport::kRefused,
    .support_note = "hoodie has DFSPathSelector only"};

const ConfigProperty<bool> StreamerConfig::kCheckpointForceSkip{
    .key = "hoodie.deltastreamer.checkpoint.force.skip",
    .default_value = false,
    .doc = "Write no checkpoint keys into the streamer's commits.",
    .aliases = {{.key = "hoodie.streamer.checkpoint.force.skip", .preferred = true}},
    .group = "Streamer",
    .support = ConfigSupport::kHonoured};

const ConfigProperty<bool> StreamerConfig::kCsvHeader{
    .key = "hoodie.deltastreamer.csv.header",
    .default_value = false,
    .doc = "CSV files of the CsvDFSSource start with a header line (Spark's `header`).",
    .aliases = {{.key = "hoodie.streamer.csv.header", .preferred = true}},
    .group = "Streamer",
    .support = ConfigSupport::kHonoured};

const ConfigProperty<std::string> StreamerConfig::kCsvSep{
    .key = "hoodie.deltastreamer.csv.sep",
    .default_value = std::string(","),
    .doc = "Field separator of CsvDFSSource files (Spark's `sep`).",
    .aliases = {{.key = "hoodie.streamer.csv.sep", .preferred = true}},
    .group = "Streamer",
    .support = ConfigSupport::kHonoured};

const ConfigProperty<std::string> StreamerConfig::kSourceCdcFormat{
    .key = "hoodie.streamer.source.cdc.format",
    .default_value = std::string(""),
    .doc = "hoodie's own key: the records of JsonDFSSource and JsonKafkaSource are change "
           "records in this format (Flink's format names debezium-json or canal-json), each "
           "decoded into its row images as inserts, updates and deletes (a delete is a Hudi "
           "delete through _hoodie_is_deleted), with the columns of Hudi's Debezium sources "
           "(_change_operation_type, _upstream_event_processed_ts_ms, _event_origin_ts_ms; "
           "_event_lsn, _event_bin_file, _event_pos when the schema names them) to order "
           "them by. Empty: plain JSON rows.",
    .allowed_values = {"", "debezium-json", "canal-json"},
    .group = "Streamer",
    .support = ConfigSupport::kHonoured};

const ConfigProperty<std::string> StreamerConfig::kCsvQuote{
    .key = "hoodie.deltastreamer.csv.quote",
    .default_value = std::string("\""),
    .doc = "Quote character of CsvDFSSource files (Spark's `quote`; empty for none).",
    .aliases = {{.key = "hoodie.streamer.csv.quote", .preferred = true}},
    .group = "Streamer",
    .support = ConfigSupport::kHonoured};

const ConfigProperty<std::string> StreamerConfig::kCsvEscape{
    .key = "hoodie.deltastreamer.csv.escape",
    .default_value = std::string("\\"),
    .doc = "Escape character inside quoted CsvDFSSource values (Spark's `escape`).",
    .aliases = {{.key = "hoodie.streamer.csv.escape", .preferred = true}},
    .group = "Streamer",
    .support = ConfigSupport::kHonoured};

const ConfigProperty<std::string> StreamerConfig::kCsvNullValue{
    .key = "hoodie.deltastreamer.csv.nullValue",
    .default_value = std::string(""),
    .doc = "Text read as null in CsvDFSSource files (Spark's `nullValue`).",
    .aliases = {{.key = "hoodie.streamer.csv.nullValue", .preferred = true}},
    .group = "Streamer",
    .support = ConfigSupport::kHonoured};

const ConfigProperty<std::string> StreamerConfig::kTransformerSql{
    .key = "hoodie.deltastreamer.transformer.sql",
    .doc = "SQL of the SqlQueryBasedTransformer; <SRC> names the round's records.",
    .aliases = {{.key = "hoodie.streamer.transformer.sql", .preferred = true}},
    .group = "Streamer",
    .support = ConfigSupport::kHonoured};

const ConfigProperty<std::string> StreamerConfig::kTransformerSqlFile{
    .key = "hoodie.deltastreamer.transformer.sql.file",
    .doc = "File of SQL statements (separated by ';') of the SqlFileBasedTransformer; the "
           "last statement's rows are the output.",
    .aliases = {{.key = "hoodie.streamer.transformer.sql.file", .preferred = true}},
    .group = "Streamer",
    .support = ConfigSupport::kHonoured};

const ConfigProperty<int64_t> StreamerConfig::kSqlMemoryLimit{
    .key = "hoodie.streamer.transformer.sql.memory.limit",
    .default_value = 512LL << 20,
    .doc = "hoodie only (no Hudi key): memory (bytes) of the embedded SQL engine of the SQL "
           "transformers; beyond it their tables spill to hoodie.memory.spillable.map.path.",
    .validate = v::PositiveInt64,
    .group = "Streamer",
    .support = ConfigSupport::kHonoured};

const ConfigProperty<std::string> StreamerConfig::kSqlSourceTables{
    .key = "hoodie.streamer.source.sql.tables",
    .doc = "hoodie only (Spark's SqlSource reads its catalog): Hudi tables the SqlSource "
           "query can name, as name=base-path pairs, comma-separated (their snapshots); "
           "files are read in the SQL itself (read_parquet, read_json, read_csv).",
    .group = "Streamer",
    .support = ConfigSupport::kHonoured};

const ConfigProperty<bool> StreamerConfig::kSqlSourceEmitCheckpoint{
    .key = "hoodie.deltastreamer.source.sql.checkpoint.emit",
    .default_value = false,
    .doc = "SqlSource commits the current epoch milliseconds as its checkpoint.",
    .aliases = {{.key = "hoodie.streamer.source.sql.checkpoint.emit", .preferred = true}},
    .group = "Streamer",
    .support = ConfigSupport::kHonoured};

const ConfigProperty<std::string> StreamerConfig::kHoodieIncrPath{
    .key = "hoodie.deltastreamer.source.hoodieincr.path",
    .doc = "Base path of the Hudi table HoodieIncrSource pulls from.",
    .aliases = {{.key = "hoodie.streamer.source.hoodieincr.path", .preferred = true}},
    .group = "Streamer",
    .support = ConfigSupport::kHonoured};

const ConfigProperty<int32_t> StreamerConfig::kHoodieIncrNumInstants{
    .key = "hoodie.deltastreamer.source.hoodieincr.num_instants",
    .default_value = 5,
    .doc = "Most source instants one HoodieIncrSource round reads.",
    .aliases = {{.key = "hoodie.streamer.source.hoodieincr.num_instants", .preferred = true}},
    .validate = v::PositiveInt32,
    .group = "Streamer",
    .support = ConfigSupport::kHonoured};

const ConfigProperty<std::string> StreamerConfig::kHoodieIncrMissingCheckpointStrategy{
    .key = "hoodie.deltastreamer.source.hoodieincr.missing.checkpoint.strategy",
    .doc = "Where HoodieIncrSource starts without a checkpoint: READ_LATEST (the latest "
           "instant) or READ_UPTO_LATEST_COMMIT (everything).",
    .aliases = {{.key = "hoodie.streamer.source.hoodieincr.missing.checkpoint.strategy", .preferred = true}},
    .allowed_values = {"READ_LATEST", "READ_UPTO_LATEST_COMMIT"},
    .group = "Streamer",
    .support = ConfigSupport::kHonoured};

const ConfigProperty<bool> StreamerConfig::kHoodieIncrReadLatestOnMissingCheckpoint{
    .key = "hoodie.deltastreamer.source.hoodieincr.read_latest_on_missing_ckpt",
    .default_value = false,
    .doc = "Deprecated: true means missing.checkpoint.strategy=READ_LATEST.",
    .aliases = {{.key = "hoodie.streamer.source.hoodieincr.read_latest_on_missing_ckpt", .preferred = true}},
    .group = "Streamer",
    .support = ConfigSupport::kHonoured};

const ConfigProperty<bool> StreamerConfig::kHoodieIncrDropAllMetaFields{
    .key = "hoodie.deltastreamer.source.hoodieincr.drop.all.meta.fields.from.source",
    .default_value = false,
    .doc = "Drop every meta column of the pulled rows (else all but _hoodie_partition_path).",
    .aliases = {{.key = "hoodie.streamer.source.hoodieincr.drop.all.meta.fields.from.source", .preferred = true}},
    .group = "Streamer",
    .support = ConfigSupport::kHonoured};

const ConfigProperty<std::string> StreamerConfig::kHoodieIncrFileFormat{
    .key = "hoodie.deltastreamer.source.hoodieincr.file.format",
    .default_value = std::string("parquet"),
    .doc = "Base file format of the source table.",
    .aliases = {{.key = "hoodie.streamer.source.hoodieincr.file.format", .preferred = true}},
    .group = "Streamer",
    .support = ConfigSupport::kRefused,
    .support_note = "hoodie reads parquet base files only"};

void StreamerConfig::Register(ConfigRegistry* registry) {
  registry->Add(kSqlSourceTables);
  registry->Add(kSqlSourceEmitCheckpoint);
  registry->Add(kHoodieIncrPath);
  registry->Add(kHoodieIncrNumInstants);
  registry->Add(kHoodieIncrMissingCheckpointStrategy);
  registry->Add(kHoodieIncrReadLatestOnMissingCheckpoint);
  registry->Add(kHoodieIncrDropAllMetaFields);
  registry->Add(kHoodieIncrFileFormat);
  registry->Add(kTransformerSql);
  registry->Add(kTransformerSqlFile);
  registry->Add(kSqlMemoryLimit);
  registry->Add(kSchemaPostProcessor);
  registry->Add(kDropColumnsPostProcessorColumns);
  registry->Add(kSparkAvroPostProcessorEnable);
  registry->Add(kSourceInputSelector);
  registry->Add(kCheckpointForceSkip);
  registry->Add(kCsvHeader);
  registry->Add(kCsvSep);
  registry->Add(kSourceCdcFormat);
  registry->Add(kCsvQuote);
  registry->Add(kCsvEscape);
  registry->Add(kCsvNullValue);
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
  registry->Add(kJdbcUrl);
  registry->Add(kJdbcUser);
  registry->Add(kJdbcPassword);
  registry->Add(kJdbcPasswordFile);
  registry->Add(kJdbcDriverClass);
  registry->Add(kJdbcTableName);
  registry->Add(kJdbcIncrColumnName);
  registry->Add(kJdbcIncrPull);
  registry->Add(kJdbcExtraOptions);
  registry->Add(kJdbcFetchSize);
  registry->Add(kJdbcNumPartitions);
  registry->Add(kJdbcPartitionColumn);
  registry->Add(kJdbcLowerBound);
  registry->Add(kJdbcUpperBound);
  registry->Add(kJdbcStorageLevel);
  registry->Add(kJdbcIncrFallbackToFullFetch);
  registry->Add(kSqlQuery);
}

}  // namespace hoodie
