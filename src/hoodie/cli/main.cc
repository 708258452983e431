// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/cli/main.cc
/// \brief The `hoodie` command line tool: parses arguments and runs one subcommand.
///
/// Exit codes: 0 success, 1 the command failed (one line on stderr says why),
/// 2 usage error (unknown flag, missing argument), 3 a write lost a write conflict to
/// another writer and left nothing behind (retryable: run it again, or pass
/// --retry-on-conflict), 4 the table lock was not acquired in time (retryable).
#include <iostream>
#include <map>

#include <arrow/filesystem/filesystem.h>

#include "hoodie/cli/command.h"
#include "hoodie/cli/command_error.h"
#include "hoodie/cli/query_command.h"
#include "hoodie/cli/write_command.h"
#include "hoodie/common/error.h"
#include "hoodie/http/http_component.h"
#include "hoodie/jdbc/jdbc_component.h"
#include "hoodie/kafka/kafka_component.h"
#include "hoodie/sql/sql_component.h"
#include "hoodie/storage/storage_calls.h"
#include "hoodie/version.h"

namespace {

int Run(int argc, char** argv) {
  using hoodie::cli::OutputFormat;
  // The tool has every feature: the streamer's SQL, HTTP, Kafka and JDBC plug-ins come
  // from the component libraries, registered explicitly like every plug-in family.
  for (const arrow::Status& registered :
       {hoodie::RegisterSqlComponent(), hoodie::RegisterHttpComponent(),
        hoodie::RegisterKafkaComponent(), hoodie::RegisterJdbcComponent()}) {
    if (!registered.ok()) {
      std::cerr << "hoodie: error: " << registered.message() << std::endl;
      return 1;
    }
  }
  hoodie::cli::GlobalOptions options;
  CLI::App app{"hoodie: a native engine for Apache Hudi tables", "hoodie"};
  app.set_version_flag("--version", std::string("hoodie ") + HOODIE_VERSION_STRING);
  app.require_subcommand(1);
  app.fallthrough();
  std::map<std::string, OutputFormat> formats{{"table", OutputFormat::kTable},
                                              {"json", OutputFormat::kJson}};
  app.add_option("--output,-o", options.output, "Output format of listings: table|json")
      ->transform(CLI::CheckedTransformer(formats, CLI::ignore_case));
  bool stats = false;
  app.add_flag("--stats", stats,
               "Report on standard error the storage calls the command made, by kind "
               "(list, head, get, get_ranged, put, multipart, delete), with the bytes "
               "read and written");

  hoodie::cli::AddDemoCommand(&app, &options);
  hoodie::cli::AddTableCommands(&app, &options);
  hoodie::cli::AddTimelineCommands(&app, &options);
  hoodie::cli::AddQueryCommand(&app, &options);
  hoodie::cli::AddWriteCommand(&app, &options);
  hoodie::cli::AddRollbackCommand(&app, &options);
  hoodie::cli::AddCompactionCommands(&app, &options);
  hoodie::cli::AddCleanCommand(&app, &options);
  hoodie::cli::AddArchiveCommand(&app, &options);
  hoodie::cli::AddSavepointCommands(&app, &options);
  hoodie::cli::AddMetadataCommands(&app, &options);
  hoodie::cli::AddStreamerCommand(&app, &options);
  hoodie::cli::AddConfigCommands(&app, &options);

  int code = 0;
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    code = app.exit(e);
    return code == 0 ? 0 : 2;
  } catch (const hoodie::cli::CommandError& e) {
    std::cerr << "hoodie: error: " << e.status().message() << std::endl;
    code = hoodie::HasErrorCode(e.status(), hoodie::ErrorCode::kWriteConflict) ? 3
           : hoodie::HasErrorCode(e.status(), hoodie::ErrorCode::kLockTimeout) ? 4
                                                                              : 1;
  }
  // A failed command's calls too: what it cost before it stopped.
  if (stats) hoodie::cli::PrintStorageCalls(options, hoodie::StorageCallsByStore(), std::cerr);
  return code;
}

}  // namespace

int main(int argc, char** argv) {
  int code = 1;
  try {
    code = Run(argc, argv);
  } catch (const std::exception& e) {
    std::cerr << "hoodie: error: " << e.what() << std::endl;
  }
  // Every path out, errors included: the AWS SDK behind s3:// must be shut down before
  // static destructors run, or the process crashes on its way out (FinalizeS3).
  ::arrow::fs::EnsureFinalized();
  return code;
}
