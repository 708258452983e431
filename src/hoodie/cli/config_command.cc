// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/cli/config_command.cc
/// \brief `hoodie config list|describe|validate`: browse the configuration registry and
/// check .properties files against it.
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include "hoodie/cli/command.h"
#include "hoodie/config/config_markdown.h"
#include "hoodie/config/config_registry.h"
#include "hoodie/config/hoodie_config.h"

namespace hoodie::cli {
namespace {

bool SameIgnoringCase(std::string_view a, std::string_view b) {
  return a.size() == b.size() && IsAllowedConfigValue(a, {b});
}

std::string JoinAliases(const ConfigEntry& entry) {
  std::string out;
  for (const ConfigAlias& alias : entry.aliases) {
    if (!out.empty()) out += ", ";
    out += alias.key;
    if (alias.deprecated) out += " (deprecated)";
  }
  return out;
}

std::string JoinAllowed(const ConfigEntry& entry) {
  std::string out;
  for (std::string_view value : entry.allowed_values) {
    if (!out.empty()) out += ", ";
    out += value;
  }
  return out;
}

struct ListOptions {
  std::string group;
  bool markdown = false;
};

::arrow::Status RunList(const GlobalOptions& global, const ListOptions& options) {
  const ConfigRegistry& registry = ConfigRegistry::Global();
  if (options.markdown) {
    std::cout << RenderConfigMarkdown(registry);
    return ::arrow::Status::OK();
  }
  Listing listing;
  listing.header = {"key", "type", "default", "group"};
  std::vector<std::string> groups;
  for (const ConfigEntry& entry : registry.entries()) {
    if (groups.empty() || groups.back() != entry.group) groups.emplace_back(entry.group);
    if (!options.group.empty() && !SameIgnoringCase(entry.group, options.group)) continue;
    listing.rows.push_back({std::string(entry.key), ConfigTypeName(entry.type),
                            entry.default_value.value_or("(none)"),
                            std::string(entry.group)});
  }
  if (listing.rows.empty()) {
    std::string known;
    for (const std::string& group : groups) known += (known.empty() ? "" : ", ") + group;
    return ::arrow::Status::Invalid("unknown config group '", options.group,
                                    "' (groups: ", known, ")");
  }
  PrintListing(global, listing, std::cout);
  return ::arrow::Status::OK();
}

::arrow::Status RunDescribe(const GlobalOptions& global, const std::string& name) {
  const ConfigRegistry& registry = ConfigRegistry::Global();
  const ConfigEntry* entry = registry.Find(name);
  if (entry == nullptr) {
    std::string closest = registry.ClosestKey(name);
    return ::arrow::Status::KeyError(
        "unknown config key '", name, "'",
        closest.empty() ? std::string() : "; did you mean '" + closest + "'?");
  }
  std::vector<std::pair<std::string, std::string>> pairs = {
      {"key", std::string(entry->key)},
      {"aliases", JoinAliases(*entry)},
      {"type", ConfigTypeName(entry->type)},
      {"default", entry->default_value.value_or("(none)")},
      {"allowed", JoinAllowed(*entry)},
      {"group", std::string(entry->group)},
      {"doc", std::string(entry->doc)},
      {"since", std::string(entry->since)},
      {"advanced", entry->advanced ? "true" : "false"},
      {"hudi_0_15_default", std::string(entry->hudi_0_15_default)},
      {"note", std::string(entry->override_reason)}};
  if (name != entry->key) pairs.insert(pairs.begin() + 1, {"given_as", name});
  PrintKeyValues(global, pairs, std::cout);
  return ::arrow::Status::OK();
}

struct ValidateOptions {
  std::string file;
  std::vector<std::string> hoodie_confs;
};

::arrow::Status RunValidate(const ValidateOptions& options) {
  HoodieConfig config;
  ARROW_RETURN_NOT_OK(config.LoadPropertiesFile(options.file));
  ARROW_RETURN_NOT_OK(config.AddHoodieConfs(options.hoodie_confs));
  size_t errors = 0;
  for (const ConfigProblem& problem : config.Check()) {
    bool is_error = problem.severity == ConfigProblem::Severity::kError;
    errors += is_error ? 1 : 0;
    std::cout << (is_error ? "error: " : "warning: ") << problem.message << "\n";
  }
  if (errors > 0) {
    return ::arrow::Status::Invalid(errors, " invalid config value(s) in ", options.file);
  }
  std::cout << "OK: " << config.size() << " keys\n";
  return ::arrow::Status::OK();
}

}  // namespace

void AddConfigCommands(CLI::App* app, const GlobalOptions* options) {
  CLI::App* config = app->add_subcommand("config", "Browse and check configuration keys");
  config->require_subcommand(1);

  auto list_options = std::make_shared<ListOptions>();
  CLI::App* list = config->add_subcommand("list", "List known configuration keys");
  list->add_option("--group", list_options->group, "Only keys of this group");
  list->add_flag("--markdown", list_options->markdown,
                 "Print the Markdown reference (docs/configuration.md)");
  SetAction(list, [options, list_options] { return RunList(*options, *list_options); });

  auto key = std::make_shared<std::string>();
  CLI::App* describe =
      config->add_subcommand("describe", "Show everything about one key");
  describe->add_option("key", *key, "Key or alias")->required();
  SetAction(describe, [options, key] { return RunDescribe(*options, *key); });

  auto validate_options = std::make_shared<ValidateOptions>();
  CLI::App* validate =
      config->add_subcommand("validate", "Check a .properties file (with its includes)");
  validate->add_option("file", validate_options->file, ".properties file")->required();
  validate->add_option("--hoodie-conf", validate_options->hoodie_confs,
                       "Extra key=value, applied after the file (repeatable)");
  SetAction(validate, [validate_options] { return RunValidate(*validate_options); });
}

}  // namespace hoodie::cli
