// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/cli/table_command.cc
/// \brief `hoodie table create|describe`.
#include <iostream>
#include <map>

#include "hoodie/cli/command.h"
#include "hoodie/cli/table_loader.h"
#include "hoodie/storage/storage.h"
#include "hoodie/table/table_meta_client.h"

namespace hoodie::cli {
namespace {

std::string Join(const std::vector<std::string>& parts) {
  std::string out;
  for (const auto& p : parts) out += (out.empty() ? "" : ",") + p;
  return out;
}

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
      {"record_key_fields", Join(config.record_key_fields())},
      {"partition_fields", Join(config.partition_fields())},
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
  cmd->add_option("path", *path, "Base path or URI of the table")->required();
  cmd->add_flag("--properties", *raw, "Print every hoodie.properties entry as stored");
  SetAction(cmd, [options, path, raw]() -> ::arrow::Status {
    ARROW_ASSIGN_OR_RAISE(auto client, OpenTable(*path));
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
  TableCreateOptions options;
  std::string type = "COPY_ON_WRITE";
  std::string timezone;
};

void AddCreate(CLI::App* table, const GlobalOptions* options) {
  auto* cmd = table->add_subcommand("create", "Create an empty Hudi table (version 6)");
  auto args = std::make_shared<CreateArgs>();
  cmd->add_option("--path", args->path, "Base path or URI of the new table")->required();
  cmd->add_option("--name", args->options.table_name, "hoodie.table.name")->required();
  cmd->add_option("--database", args->options.database_name, "hoodie.database.name");
  cmd->add_option("--type", args->type, "COPY_ON_WRITE or MERGE_ON_READ")
      ->check(CLI::IsMember({"COPY_ON_WRITE", "MERGE_ON_READ"}));
  cmd->add_option("--record-key", args->options.record_key_fields,
                  "Record key field(s), comma separated")
      ->delimiter(',');
  cmd->add_option("--partition-fields", args->options.partition_fields,
                  "Partition field(s), comma separated")
      ->delimiter(',');
  cmd->add_option("--precombine", args->options.precombine_field, "Ordering field");
  cmd->add_option("--key-generator", args->options.key_generator_class,
                  "Key generator class (org.apache.hudi.keygen.*)");
  cmd->add_option("--timezone", args->timezone, "Timeline time zone: LOCAL or UTC")
      ->check(CLI::IsMember({"LOCAL", "UTC"}));
  auto hive = std::make_shared<bool>(false);
  cmd->add_flag("--hive-style", *hive, "Hive-style partition folders (field=value)");
  SetAction(cmd, [options, args, hive]() -> ::arrow::Status {
    TableCreateOptions create = args->options;
    ARROW_ASSIGN_OR_RAISE(create.table_type, ParseTableType(args->type));
    if (*hive) create.hive_style_partitioning = true;
    if (!args->timezone.empty()) {
      create.timeline_timezone =
          args->timezone == "UTC" ? TimelineTimeZone::kUtc : TimelineTimeZone::kLocal;
    }
    std::string path;
    ARROW_ASSIGN_OR_RAISE(auto storage, Storage::FromUri(args->path, &path));
    ARROW_ASSIGN_OR_RAISE(auto client, TableMetaClient::Create(storage, path, create));
    PrintKeyValues(*options, Describe(*client), std::cout);
    return ::arrow::Status::OK();
  });
}

}  // namespace

void AddTableCommands(CLI::App* app, const GlobalOptions* options) {
  auto* table = app->add_subcommand("table", "Create and inspect tables");
  table->require_subcommand(1);
  AddCreate(table, options);
  AddDescribe(table, options);
}

}  // namespace hoodie::cli
