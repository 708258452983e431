// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/cli/demo_command.cc
/// \brief `hoodie demo`: the quick-start job on local disk.
#include <filesystem>
#include <iostream>

#include "hoodie/cli/command.h"
#include "hoodie/cli/timeline_listing.h"
#include "hoodie/storage/storage.h"
#include "hoodie/table/table_meta_client.h"

namespace hoodie::cli {

void AddDemoCommand(CLI::App* app, const GlobalOptions* options) {
  auto* demo = app->add_subcommand(
      "demo", "Create a demo table on local disk (or open it if it exists) and print its "
              "description and timeline");
  auto path = std::make_shared<std::string>("demo-table");
  demo->add_option("--path", *path, "Where the demo table lives")->capture_default_str();
  SetAction(demo, [options, path]() -> ::arrow::Status {
    std::string base = std::filesystem::absolute(*path).lexically_normal().string();
    auto storage = Storage::Local();
    ARROW_ASSIGN_OR_RAISE(bool exists, storage->Exists(base + "/.hoodie"));
    std::shared_ptr<TableMetaClient> client;
    if (exists) {
      std::cout << "Opening the demo table at " << base << "\n\n";
      ARROW_ASSIGN_OR_RAISE(client, TableMetaClient::Load(storage, base));
    } else {
      std::cout << "Creating the demo table at " << base << "\n\n";
      TableCreateOptions create;
      create.table_name = "trips";
      create.database_name = "default";
      create.table_type = TableType::kMergeOnRead;
      create.record_key_fields = {"uuid"};
      create.partition_fields = {"city"};
      create.precombine_field = "ts";
      create.key_generator_class = "org.apache.hudi.keygen.SimpleKeyGenerator";
      create.hive_style_partitioning = true;
      ARROW_ASSIGN_OR_RAISE(client, TableMetaClient::Create(storage, base, create));
    }
    std::cout << "hoodie.properties:\n";
    PrintKeyValues(*options, client->table_config()->entries(), std::cout);
    ARROW_ASSIGN_OR_RAISE(auto listing, BuildTimelineListing(*client, {}));
    std::cout << "\ntimeline (" << listing.rows.size() << " rows):\n";
    PrintListing(*options, listing, std::cout);
    return ::arrow::Status::OK();
  });
}

}  // namespace hoodie::cli
