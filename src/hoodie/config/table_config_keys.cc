// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/config/table_config_keys.cc
/// \brief Declarations of the "Table (hoodie.properties)" configuration keys.
#include "hoodie/config/table_config_keys.h"

#include "hoodie/config/config_registry.h"

namespace hoodie {

namespace v = config_validators;

const ConfigProperty<std::string> TableConfigKeys::kTableName{
    .key = "hoodie.table.name",
    .doc = "Table name; must stay the same across runs. Input to the checksum.",
    .group = "Table (hoodie.properties)"};

const ConfigProperty<std::string> TableConfigKeys::kTableType{
    .key = "hoodie.table.type",
    .default_value = std::string("COPY_ON_WRITE"),
    .doc = "Table type.",
    .allowed_values = {"COPY_ON_WRITE", "MERGE_ON_READ"},
    .group = "Table (hoodie.properties)"};

const ConfigProperty<int32_t> TableConfigKeys::kTableVersion{
    .key = "hoodie.table.version",
    .default_value = 0,
    .doc =
        "Table format version; write 6. A missing key reads as 0, which makes Java "
        "writers run upgrades.",
    .validate = v::NonNegativeInt32,
    .group = "Table (hoodie.properties)"};

const ConfigProperty<std::string> TableConfigKeys::kPrecombineField{
    .key = "hoodie.table.precombine.field",
    .doc = "Ordering field for de-duplication and merging.",
    .group = "Table (hoodie.properties)"};

const ConfigProperty<std::string> TableConfigKeys::kRecordKeyFields{
    .key = "hoodie.table.recordkey.fields",
    .doc = "Comma-separated record key fields; absent means _hoodie_record_key is used.",
    .group = "Table (hoodie.properties)"};

const ConfigProperty<std::string> TableConfigKeys::kPartitionFields{
    .key = "hoodie.table.partition.fields",
    .doc = "Comma-separated partition fields; absent or empty means non-partitioned.",
    .group = "Table (hoodie.properties)"};

const ConfigProperty<std::string> TableConfigKeys::kKeyGeneratorClass{
    .key = "hoodie.table.keygenerator.class",
    .doc = "Key generator class the table was written with.",
    .group = "Table (hoodie.properties)"};

const ConfigProperty<std::string> TableConfigKeys::kArchivelogFolder{
    .key = "hoodie.archivelog.folder",
    .default_value = std::string("archived"),
    .doc = "Folder under .hoodie holding the archived timeline.",
    .group = "Table (hoodie.properties)"};

const ConfigProperty<int32_t> TableConfigKeys::kTimelineLayoutVersion{
    .key = "hoodie.timeline.layout.version",
    .doc = "Timeline layout: 0 (rename based, before 0.5.1) or 1; set to 1 at creation.",
    .validate = v::NonNegativeInt32,
    .group = "Table (hoodie.properties)",
    .support = ConfigSupport::kRefused,
    .support_note =
        "hoodie creates timeline layout version 1 (Hudi 0.15's); other layouts are not written",
    .accepted_value = "1"};

const ConfigProperty<std::string> TableConfigKeys::kBaseFileFormat{
    .key = "hoodie.table.base.file.format",
    .default_value = std::string("PARQUET"),
    .doc = "Base file format.",
    .aliases = {{.key = "hoodie.table.ro.file.format", .deprecated = true}},
    .allowed_values = {"PARQUET", "ORC", "HFILE"},
    .group = "Table (hoodie.properties)",
    .support = ConfigSupport::kRefused,
    .support_note =
        "hoodie writes Parquet base files only (ORC and HFILE base files are not implemented)"};

const ConfigProperty<std::string> TableConfigKeys::kLogFileFormat{
    .key = "hoodie.table.log.file.format",
    .default_value = std::string("HOODIE_LOG"),
    .doc = "Log file format.",
    .aliases = {{.key = "hoodie.table.rt.file.format", .deprecated = true}},
    .allowed_values = {"HOODIE_LOG"},
    .group = "Table (hoodie.properties)"};

const ConfigProperty<bool> TableConfigKeys::kPopulateMetaFields{
    .key = "hoodie.populate.meta.fields",
    .default_value = true,
    .doc = "Store the _hoodie_* meta columns in data files; written only when false.",
    .group = "Table (hoodie.properties)"};

const ConfigProperty<int64_t> TableConfigKeys::kChecksum{
    .key = "hoodie.table.checksum",
    .doc = "CRC-32 of \"<database>.<table>\", unsigned decimal; always written.",
    .validate = v::NonNegativeInt64,
    .group = "Table (hoodie.properties)"};

const ConfigProperty<std::string> TableConfigKeys::kDatabaseName{
    .key = "hoodie.database.name",
    .doc = "Database name (Spark SQL writes default); input to the checksum.",
    .group = "Table (hoodie.properties)"};

const ConfigProperty<std::string> TableConfigKeys::kTimelineTimezone{
    .key = "hoodie.table.timeline.timezone",
    .default_value = std::string("LOCAL"),
    .doc = "Clock used to generate instant times.",
    .allowed_values = {"LOCAL", "UTC"},
    .group = "Table (hoodie.properties)"};

const ConfigProperty<std::string> TableConfigKeys::kMetadataPartitions{
    .key = "hoodie.table.metadata.partitions",
    .doc =
        "Sorted comma-joined metadata table partitions (files, column_stats, "
        "bloom_filters, record_index) that are ready.",
    .group = "Table (hoodie.properties)"};

const ConfigProperty<std::string> TableConfigKeys::kMetadataPartitionsInflight{
    .key = "hoodie.table.metadata.partitions.inflight",
    .doc = "Metadata table partitions still being built.",
    .advanced = true,
    .group = "Table (hoodie.properties)"};

const ConfigProperty<bool> TableConfigKeys::kCdcEnabled{
    .key = "hoodie.table.cdc.enabled",
    .default_value = false,
    .doc = "Write CDC log files.",
    .group = "Table (hoodie.properties)",
    .support = ConfigSupport::kRefused,
    .support_note =
        "change-data-capture logging is not implemented"};

const ConfigProperty<std::string> TableConfigKeys::kCdcSupplementalLoggingMode{
    .key = "hoodie.table.cdc.supplemental.logging.mode",
    .default_value = std::string("DATA_BEFORE_AFTER"),
    .doc = "What CDC log files record.",
    .allowed_values = {"OP_KEY_ONLY", "DATA_BEFORE", "DATA_BEFORE_AFTER"},
    .group = "Table (hoodie.properties)",
    .support = ConfigSupport::kRefused,
    .support_note =
        "change-data-capture logging is not implemented"};

const ConfigProperty<std::string> TableConfigKeys::kPayloadClass{
    .key = "hoodie.compaction.payload.class",
    .default_value =
        std::string("org.apache.hudi.common.model.OverwriteWithLatestAvroPayload"),
    .doc =
        "Payload class deciding merge semantics on compaction and reads; written "
        "for MOR tables.",
    .group = "Table (hoodie.properties)",
    .override_reason =
        "The seed (compaction configs) gives "
        "org.apache.hudi.common.model.HoodieAvroPayload; Hudi 0.15 and Spark write "
        "OverwriteWithLatestAvroPayload into hoodie.properties, and "
        "HoodieAvroPayload would change merge semantics for Java readers."};

const ConfigProperty<std::string> TableConfigKeys::kRecordMergerStrategy{
    .key = "hoodie.compaction.record.merger.strategy",
    .default_value = std::string("eeb8d96f-b1e4-49fd-bbf8-28ac514178e5"),
    .doc = "UUID of the record merger strategy; written for MOR tables.",
    .advanced = true,
    .group = "Table (hoodie.properties)"};

const ConfigProperty<std::string> TableConfigKeys::kCreateSchema{
    .key = "hoodie.table.create.schema",
    .doc = "Avro schema (JSON) at creation; fallback for schema resolution.",
    .group = "Table (hoodie.properties)"};

const ConfigProperty<bool> TableConfigKeys::kPartitionMetafileUseBaseFormat{
    .key = "hoodie.partition.metafile.use.base.format",
    .default_value = false,
    .doc = "Write .hoodie_partition_metadata in the base file format.",
    .advanced = true,
    .group = "Table (hoodie.properties)",
    .support = ConfigSupport::kRefused,
    .support_note =
        "partition metadata in the base file format is not implemented; hoodie writes the text .hoodie_partition_metadata"};

void TableConfigKeys::Register(ConfigRegistry* registry) {
  registry->Add(kTableName);
  registry->Add(kTableType);
  registry->Add(kTableVersion);
  registry->Add(kPrecombineField);
  registry->Add(kRecordKeyFields);
  registry->Add(kPartitionFields);
  registry->Add(kKeyGeneratorClass);
  registry->Add(kArchivelogFolder);
  registry->Add(kTimelineLayoutVersion);
  registry->Add(kBaseFileFormat);
  registry->Add(kLogFileFormat);
  registry->Add(kPopulateMetaFields);
  registry->Add(kChecksum);
  registry->Add(kDatabaseName);
  registry->Add(kTimelineTimezone);
  registry->Add(kMetadataPartitions);
  registry->Add(kMetadataPartitionsInflight);
  registry->Add(kCdcEnabled);
  registry->Add(kCdcSupplementalLoggingMode);
  registry->Add(kPayloadClass);
  registry->Add(kRecordMergerStrategy);
  registry->Add(kCreateSchema);
  registry->Add(kPartitionMetafileUseBaseFormat);
}

}  // namespace hoodie
