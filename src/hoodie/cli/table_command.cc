// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/cli/table_command.cc
/// \brief `hoodie table create|describe`.
#include <iostream>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "hoodie/common/string_list.h"
#include "hoodie/cli/command.h"
#include "hoodie/cli/table_loader.h"
#include "hoodie/storage/storage.h"
#include "hoodie/config/datasource_config.h"
#include "hoodie/config/hoodie_config.h"
#include "hoodie/config/table_config_keys.h"
#include "hoodie/table/table_config.h"
#include "hoodie/table/table_meta_client.h"
#include "hoodie/write/write_options.h"
#include "hoodie/write/write_table_config.h"

namespace hoodie::cli {
namespace {

std::string YesNo(bool value) { return value ? "true" : "false"; }

std::vector<std::pair<std::string, std::string>> Describe(const TableMetaClient& client) {
  const TableConfig& config = *client.table_config();
  std::vector<std::pair<std::string, std::string>> pairs = {
      {"base_path", client.base_path()},
      {"table_name", config.name()},
      {"database", config.database_name().value_or("")},
      {"table_type", TableTypeName(client.table_type())},
      {"table_version", std::to_string(client.table_version())},
      {"timeline_layout_version", config.GetOr(TableConfig::kTimelineLayoutVersion, "")},
      {"record_key_fields", JoinWithCommas(config.record_key_fields())},
      {"partition_fields", JoinWithCommas(config.partition_fields())},
      {"precombine_field", config.precombine_field().value_or("")},
      {"key_generator_class", config.key_generator_class().value_or("")},
      {"base_file_format", config.base_file_format()},
      {"log_file_format", config.log_file_format()},
      {"populate_meta_fields", YesNo(config.populate_meta_fields())},
      {"hive_style_partitioning", YesNo(config.hive_style_partitioning())},
      {"url_encode_partitioning", YesNo(config.url_encode_partitioning())},
      {"drop_partition_columns", YesNo(config.drop_partition_columns())},
      {"archive_folder", config.GetOr(TableConfig::kArchiveFolder, "archived")},
      {"metadata_partitions", config.GetOr(TableConfig::kMetadataPartitions, "")},
      {"checksum", config.GetOr(TableConfig::kChecksum, "")},
  };
  return pairs;
}

void AddDescribe(CLI::App* table, const GlobalOptions* options) {
  auto* cmd = table->add_subcommand("describe", "Print a table's configuration (hoodie.properties)");
  auto path = std::make_shared<std::string>();
  auto raw = std::make_shared<bool>(false);
  auto props = std::make_shared<std::string>();
  auto hoodie_conf = std::make_shared<std::vector<std::string>>();
  cmd->add_option("path", *path, "Base path or URI of the table")->required();
  cmd->add_flag("--properties", *raw, "Print every hoodie.properties entry as stored");
  cmd->add_option("--props", *props, kPropsHelp);
  cmd->add_option("--hoodie-conf", *hoodie_conf,
                  "An option key=value (repeatable), e.g. hoodie.storage.timeout.seconds");
  SetAction(cmd, [options, path, raw, props, hoodie_conf]() -> ::arrow::Status {
    ARROW_ASSIGN_OR_RAISE(auto client, OpenTable(*path, *props, *hoodie_conf));
    if (*raw) {
      PrintKeyValues(*options, client->table_config()->entries(), std::cout);
    } else {
      PrintKeyValues(*options, Describe(*client), std::cout);
    }
    return ::arrow::Status::OK();
  });
}

struct CreateArgs {
  std::string path;
  std::string name;
  std::optional<std::string> database;
  std::string type = "COPY_ON_WRITE";
  std::string record_key;
  std::string partition_fields;
  std::string precombine;
  std::string key_generator;
  std::string timezone;
  bool hive_style = false;
  std::string props;
  std::vector<std::string> hoodie_conf;
};

// The write options the arguments stand for: `table create` makes exactly the table a
// first `hoodie write` (and Spark's writer) makes from the same options.
::arrow::Result<HoodieConfig> CreateConfig(const CreateArgs& args) {
  ARROW_ASSIGN_OR_RAISE(HoodieConfig config, CommandConfig(args.props, args.hoodie_conf));
  config.Set(TableConfigKeys::kTableName.key, args.name);
  if (args.database) config.Set(TableConfigKeys::kDatabaseName.key, *args.database);
  config.Set(DataSourceConfig::kTableType.key, args.type);
  if (!args.record_key.empty())
    config.Set(DataSourceConfig::kRecordKeyField.key, args.record_key);
  if (!args.partition_fields.empty())
    config.Set(DataSourceConfig::kPartitionPathField.key, args.partition_fields);
  if (!args.precombine.empty())
    config.Set(DataSourceConfig::kPrecombineField.key, args.precombine);
  if (!args.key_generator.empty())
    config.Set(DataSourceConfig::kKeyGeneratorClass.key, args.key_generator);
  if (!args.timezone.empty())
    config.Set(TableConfigKeys::kTimelineTimezone.key, args.timezone);
  if (args.hive_style) config.Set(DataSourceConfig::kHiveStylePartitioning.key, "true");
  return config;
}

void AddCreate(CLI::App* table, const GlobalOptions* options) {
  auto* cmd = table->add_subcommand("create", "Create an empty Hudi table (version 6)");
  cmd->footer(
      "The table records the hoodie.properties Spark's writer records for the same "
      "write options (--hoodie-conf adds any, e.g. "
      "hoodie.datasource.write.payload.class).");
  auto args = std::make_shared<CreateArgs>();
  cmd->add_option("--path", args->path, "Base path or URI of the new table")->required();
  cmd->add_option("--name", args->name, "hoodie.table.name")->required();
  cmd->add_option("--database", args->database, "hoodie.database.name");
  cmd->add_option("--type", args->type, "COPY_ON_WRITE or MERGE_ON_READ")
      ->check(CLI::IsMember(EnumNames(kTableTypeNames)));
  cmd->add_option("--record-key", args->record_key, "Record key field(s), comma separated");
  cmd->add_option("--partition-fields", args->partition_fields,
                  "Partition field(s), comma separated");
  cmd->add_option("--precombine", args->precombine, "Ordering field");
  cmd->add_option("--key-generator", args->key_generator,
                  "Key generator class (org.apache.hudi.keygen.*)");
  cmd->add_option("--timezone", args->timezone, "Timeline time zone: LOCAL or UTC")
      ->check(CLI::IsMember({"LOCAL", "UTC"}));
  cmd->add_flag("--hive-style", args->hive_style,
                "Hive-style partition folders (field=value)");
  cmd->add_option("--props", args->props, kPropsHelp);
  cmd->add_option("--hoodie-conf", args->hoodie_conf,
                  "A write option key=value (repeatable)");
  SetAction(cmd, [options, args]() -> ::arrow::Status {
    ARROW_ASSIGN_OR_RAISE(HoodieConfig config, CreateConfig(*args));
    ARROW_ASSIGN_OR_RAISE(WriteOptions write, WriteOptions::FromConfig(config));
    ARROW_ASSIGN_OR_RAISE(TableCreateOptions create,
                          TableCreateOptionsForWrite(config, write));
    std::string path;
    ARROW_ASSIGN_OR_RAISE(auto storage, Storage::FromUri(args->path, &path, config));
    ARROW_ASSIGN_OR_RAISE(auto client, TableMetaClient::Create(storage, path, create));
    PrintKeyValues(*options, Describe(*client), std::cout);
    return ::arrow::Status::OK();
  });
}

struct SetPropertyArgs {
  std::string path;
  std::vector<std::string> assignments;
  std::vector<std::string> unset;
  std::string props;
  std::vector<std::string> hoodie_conf;
};

// Keys no repair may change: the version needs an upgrade or downgrade, the checksum
// follows from the name, and the type needs the table's files converted.
::arrow::Status CheckChangeable(std::string_view key) {
  for (std::string_view fixed :
       {TableConfig::kVersion, TableConfig::kChecksum, TableConfig::kType}) {
    if (key == fixed) {
      return ::arrow::Status::Invalid(
          key, " cannot be changed with set-property (",
          key == TableConfig::kChecksum ? "it is computed from the table name"
                                        : "the table's files would have to change too",
          ")");
    }
  }
  return ::arrow::Status::OK();
}

void AddSetProperty(CLI::App* table, const GlobalOptions* options) {
  auto* cmd = table->add_subcommand(
      "set-property",
      "Set or remove hoodie.properties entries (as Hudi CLI's table update-configs)");
  cmd->footer(
      "The change goes through Hudi's backup protocol (hoodie.properties.backup), so a "
      "reader never sees a half-written file. Example, repairing a merge-on-read table "
      "created with the wrong payload class:\n  hoodie table set-property --path T "
      "hoodie.compaction.payload.class="
      "org.apache.hudi.common.model.DefaultHoodieRecordPayload");
  auto args = std::make_shared<SetPropertyArgs>();
  cmd->add_option("--path", args->path, "Base path or URI of the table")->required();
  cmd->add_option("assignments", args->assignments, "key=value (repeatable)");
  cmd->add_option("--unset", args->unset, "A key to remove (repeatable)");
  cmd->add_option("--props", args->props, kPropsHelp);
  cmd->add_option("--hoodie-conf", args->hoodie_conf, kStorageConfHelp);
  SetAction(cmd, [options, args]() -> ::arrow::Status {
    PropertyList updates;
    for (const std::string& assignment : args->assignments) {
      size_t eq = assignment.find('=');
      if (eq == std::string::npos || eq == 0) {
        return ::arrow::Status::Invalid("expected key=value, got '", assignment, "'");
      }
      updates.emplace_back(assignment.substr(0, eq), assignment.substr(eq + 1));
    }
    if (updates.empty() && args->unset.empty()) {
      return ::arrow::Status::Invalid("nothing to change: give key=value or --unset key");
    }
    for (const auto& [key, value] : updates) ARROW_RETURN_NOT_OK(CheckChangeable(key));
    for (const auto& key : args->unset) ARROW_RETURN_NOT_OK(CheckChangeable(key));
    ARROW_ASSIGN_OR_RAISE(auto client, OpenTable(args->path, args->props, args->hoodie_conf));
    ARROW_RETURN_NOT_OK(client->UpdateTableConfig(updates, args->unset));
    PrintKeyValues(*options, client->table_config()->entries(), std::cout);
    return ::arrow::Status::OK();
  });
}

}  // namespace

void AddTableCommands(CLI::App* app, const GlobalOptions* options) {
  auto* table = app->add_subcommand("table", "Create and inspect tables");
  table->require_subcommand(1);
  AddCreate(table, options);
  AddDescribe(table, options);
  AddSetProperty(table, options);
}

}  // namespace hoodie::cli
