// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/cli/cli_app.cc
/// \brief RegisterComponents, RunCommandLine and RunMain: the tool's commands, built
/// once here for both.
#include "hoodie/cli/cli_app.h"

#include <functional>
#include <iostream>
#include <map>
#include <string>

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

namespace hoodie::cli {
namespace {

// The parsed command line of one run.
struct App {
  CLI::App app{"hoodie: a native engine for Apache Hudi tables", "hoodie"};
  GlobalOptions options;
  bool stats = false;
};

void AddCommands(CLI::App* app, GlobalOptions* options, bool* stats) {
  app->set_version_flag("--version", std::string("hoodie ") + HOODIE_VERSION_STRING);
  app->require_subcommand(1);
  app->fallthrough();
  std::map<std::string, OutputFormat> formats{{"table", OutputFormat::kTable},
                                              {"json", OutputFormat::kJson}};
  app->add_option("--output,-o", options->output, "Output format of listings: table|json")
      ->transform(CLI::CheckedTransformer(formats, CLI::ignore_case));
  app->add_flag("--stats", *stats,
               "Report on standard error the storage calls the command made, by kind "
               "(list, head, get, get_ranged, put, multipart, delete), with the bytes "
               "read and written");

  AddDemoCommand(app, options);
  AddTableCommands(app, options);
  AddTimelineCommands(app, options);
  AddQueryCommand(app, options);
  AddWriteCommand(app, options);
  AddRollbackCommand(app, options);
  AddCompactionCommands(app, options);
  AddCleanCommand(app, options);
  AddArchiveCommand(app, options);
  AddSavepointCommands(app, options);
  AddMetadataCommands(app, options);
  AddStreamerCommand(app, options);
  AddSqlCommand(app, options);
  AddConfigCommands(app, options);
}

// Parses with `parse` and runs the command; the exit status as RunMain documents it,
// and the error in `*error` when not null.
int Execute(App* run, const std::function<void()>& parse, bool print_errors,
            ::arrow::Status* error) {
  int code = 0;
  try {
    parse();
  } catch (const CLI::ParseError& e) {
    if (print_errors || e.get_exit_code() == 0) run->app.exit(e);
    if (e.get_exit_code() == 0) return 0;
    if (error != nullptr) {
      *error = WithErrorCode(::arrow::Status::Invalid("hoodie: ", e.what()),
                             ErrorCode::kInvalidOption);
    }
    return 2;
  } catch (const CommandError& e) {
    if (print_errors) std::cerr << "hoodie: error: " << e.status().message() << std::endl;
    if (error != nullptr) *error = e.status();
    code = HasErrorCode(e.status(), ErrorCode::kWriteConflict) ? 3
           : HasErrorCode(e.status(), ErrorCode::kLockTimeout) ? 4
                                                                : 1;
  }
  // A failed command's calls too: what it cost before it stopped.
  if (run->stats) PrintStorageCalls(run->options, StorageCallsByStore(), std::cerr);
  return code;
}

}  // namespace

::arrow::Status RegisterComponents() {
  // The tool has every feature: the streamer's SQL, HTTP, Kafka and JDBC plug-ins come
  // from the component libraries, registered explicitly like every plug-in family.
  static const ::arrow::Status registered = []() {
    for (const ::arrow::Status& status :
         {RegisterSqlComponent(), RegisterHttpComponent(), RegisterKafkaComponent(),
          RegisterJdbcComponent()}) {
      if (!status.ok()) return status;
    }
    return ::arrow::Status::OK();
  }();
  return registered;
}

::arrow::Status RunCommandLine(const std::vector<std::string>& args) {
  ARROW_RETURN_NOT_OK(RegisterComponents());
  App run;
  AddCommands(&run.app, &run.options, &run.stats);
  ::arrow::Status error;
  // CLI11 takes a vector of arguments last first.
  std::vector<std::string> reversed(args.rbegin(), args.rend());
  Execute(&run, [&]() { run.app.parse(reversed); }, /*print_errors=*/false, &error);
  return error;
}

int RunMain(int argc, char** argv) {
  ::arrow::Status registered = RegisterComponents();
  if (!registered.ok()) {
    std::cerr << "hoodie: error: " << registered.message() << std::endl;
    return 1;
  }
  App run;
  AddCommands(&run.app, &run.options, &run.stats);
  return Execute(&run, [&]() { run.app.parse(argc, argv); }, /*print_errors=*/true, nullptr);
}

}  // namespace hoodie::cli
