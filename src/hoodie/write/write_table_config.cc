// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/write/write_table_config.cc
/// \brief HoodieSparkSqlWriter's table creation and HoodieWriterUtils.validateTableConfig.
#include "hoodie/write/write_table_config.h"

#include <cctype>
#include <string>
#include <string_view>
#include <vector>

#include "hoodie/common/logging.h"
#include "hoodie/common/string_list.h"
#include "hoodie/config/config_value.h"
#include "hoodie/config/datasource_config.h"
#include "hoodie/config/hoodie_config.h"
#include "hoodie/config/table_config_keys.h"
#include "hoodie/keygen/key_generator.h"
#include "hoodie/merge/record_merger.h"
#include "hoodie/table/table_config.h"
#include "hoodie/timeline/instant_time.h"
#include "hoodie/write/write_options.h"

namespace hoodie {
namespace {

// One "key: write value vs table value" entry of the conflict message.
void AddConflict(std::string_view what, std::string_view current,
                 std::string_view existing, std::string* out) {
  if (!out->empty()) *out += "; ";
  *out += std::string(what) + ": " + std::string(current) + " vs " +
          std::string(existing);
}

// The key-by-key loop of validateTableConfig: the caller's keys that the table records
// under the same name.
void CompareSharedKeys(const HoodieConfig& config, const TableConfig& table,
                       std::string* conflicts) {
  for (const auto& [key, value] : config.entries()) {
    std::optional<std::string> existing = table.Get(key);
    if (existing && !EqualsIgnoreCase(*existing, value)) {
      AddConflict(key, value, *existing, conflicts);
    }
  }
}

// validateTableConfig's named checks, each only for a value the write sets itself.
void CompareKeyFields(const HoodieConfig& config, const WriteOptions& options,
                      const TableConfig& table, std::string* conflicts) {
  std::optional<std::string> table_keys = table.Get(TableConfig::kRecordKeyFields);
  if (auto keys = config.GetExplicit(DataSourceConfig::kRecordKeyField)) {
    if ((table_keys && *keys != *table_keys) || (!table_keys && !keys->empty())) {
      AddConflict("RecordKey", *keys, table_keys.value_or("null"), conflicts);
    }
  }
  std::optional<std::string> table_precombine = table.precombine_field();
  if (auto precombine = config.GetExplicit(DataSourceConfig::kPrecombineField)) {
    if (table_precombine && *precombine != *table_precombine) {
      AddConflict("PreCombineKey", *precombine, *table_precombine, conflicts);
    }
  }
  std::optional<std::string> table_generator = table.key_generator_class();
  if (auto generator = config.GetExplicit(DataSourceConfig::kKeyGeneratorClass)) {
    if (table_generator && *generator != *table_generator) {
      AddConflict("KeyGenerator", *generator, *table_generator, conflicts);
    }
  }
  // Compared as hoodie.properties records them (CustomKeyGenerator's types stripped).
  std::optional<std::string> table_partitions = table.Get(TableConfig::kPartitionFields);
  if (config.GetExplicit(DataSourceConfig::kPartitionPathField) && table_partitions) {
    std::string partitions = JoinWithCommas(options.key_generator->PartitionColumns());
    if (partitions != *table_partitions) {
      AddConflict("PartitionPath", partitions, *table_partitions, conflicts);
    }
  }
}

}  // namespace

::arrow::Result<TableCreateOptions> TableCreateOptionsForWrite(
    const HoodieConfig& config, const WriteOptions& options) {
  TableCreateOptions create;
  create.table_name = options.table_name;
  create.database_name = config.GetRaw(TableConfigKeys::kDatabaseName.key).value_or("");
  create.table_type =
      options.merge_on_read ? TableType::kMergeOnRead : TableType::kCopyOnWrite;
  create.base_file_format = "PARQUET";
  create.archive_folder = config.GetRaw(TableConfigKeys::kArchivelogFolder.key)
                              .value_or(std::string(TableConfig::kDefaultArchiveFolder));
  // Spark records the option's own spelling, spaces and all.
  if (auto keys = config.GetExplicit(DataSourceConfig::kRecordKeyField)) {
    create.record_key_fields = SplitAtCommas(*keys);
  } else {
    create.record_key_fields = options.record_key_fields;
  }
  create.partition_fields = options.key_generator->PartitionColumns();
  // Spark records the precombine field the options name, not the default "ts".
  if (auto precombine = config.GetExplicit(DataSourceConfig::kPrecombineField);
      precombine && !precombine->empty()) {
    create.precombine_field = *precombine;
  }
  create.key_generator_class = options.key_generator_class;
  create.hive_style_partitioning = options.hive_style_partitioning;
  create.url_encode_partitioning = options.url_encode_partitioning;
  create.partition_metafile_use_base_format = false;
  create.drop_partition_columns = false;
  create.cdc_enabled = false;
  create.populate_meta_fields = true;
  ARROW_ASSIGN_OR_RAISE(std::string zone, config.Get(TableConfigKeys::kTimelineTimezone));
  ARROW_ASSIGN_OR_RAISE(create.timeline_timezone, ParseTimelineTimeZone(zone));
  // Merge-on-read readers and compaction merge with the table's payload class.
  create.payload_class = std::string(options.merger->java_class_name());
  create.record_merger_strategy = TableConfig::kDefaultRecordMergerStrategy;
  create.extra_properties = options.key_generator->PersistedTableProperties(config);
  return create;
}

::arrow::Status ValidateWriteAgainstTable(const HoodieConfig& config,
                                          const WriteOptions& options,
                                          const TableConfig& table) {
  std::string conflicts;
  CompareSharedKeys(config, table, &conflicts);
  CompareKeyFields(config, options, table, &conflicts);
  if (!conflicts.empty()) {
    return ::arrow::Status::Invalid(
        "Config conflict (key: current value vs existing value): ", conflicts,
        ". The table's hoodie.properties fixes these: write with its values (see "
        "`hoodie table describe`), or change the table with `hoodie table "
        "set-property`");
  }
  std::optional<std::string> table_payload = table.payload_class();
  if (options.merge_on_read && table_payload &&
      config.GetExplicit(DataSourceConfig::kPayloadClass) &&
      *table_payload != options.merger->java_class_name()) {
    LogWarning("the write's payload class " +
               std::string(options.merger->java_class_name()) +
               " differs from the table's hoodie.compaction.payload.class " +
               *table_payload +
               ": merge-on-read reads and compaction merge with the table's, as in Hudi "
               "0.15; change it with `hoodie table set-property` if the table's is wrong");
  }
  return ::arrow::Status::OK();
}

}  // namespace hoodie
