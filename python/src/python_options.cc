// SPDX-License-Identifier: Apache-2.0
/// \file python/src/python_options.cc
/// \brief ConfigOf: the Python API's options, strictly checked.
#include "python_options.h"

#include <string_view>

#include "hoodie/common/logging.h"
#include "hoodie/config/config_registry.h"
#include "status_error.h"

namespace hoodie::python {
namespace {

bool IsStorageKey(std::string_view key) {
  for (std::string_view prefix : {"fs.", "spark.hadoop.fs.", "hoodie.storage."}) {
    if (key.substr(0, prefix.size()) == prefix) return true;
  }
  return false;
}

// Errors of Check(), and its warnings about keys hoodie does not know, whatever their
// prefix: a typo in a Python dict would otherwise be silently ignored.
void CheckStrictly(const HoodieConfig& config) {
  std::string errors;
  for (const ConfigProblem& problem : config.Check(HoodieConfig::UnknownKeys::kAll)) {
    const bool unknown = ConfigRegistry::Global().Find(problem.key) == nullptr;
    if (problem.severity == ConfigProblem::Severity::kWarning && !unknown) {
      LogWarning(problem.message);
      continue;
    }
    errors += (errors.empty() ? "" : "; ") + problem.message;
  }
  if (!errors.empty()) CheckOption(::arrow::Status::Invalid(errors));
  CheckOption(config.CheckSupported());
}

}  // namespace

HoodieConfig ConfigOf(const OptionMap& options, const OptionMap& storage_options) {
  HoodieConfig config;
  for (const auto& [key, value] : options) config.Set(key, value);
  for (const auto& [key, value] : storage_options) {
    if (!IsStorageKey(key)) {
      CheckOption(::arrow::Status::Invalid(
          "storage_options key '", key,
          "' is not a storage option (fs.s3a.*, fs.gs.*, fs.azure.*, their "
          "spark.hadoop. spellings, hoodie.storage.*); pass it in options"));
    }
    auto set = options.find(key);
    if (set != options.end() && set->second != value) {
      CheckOption(::arrow::Status::Invalid("'", key, "' is set twice, to '", set->second,
                                           "' in options and to '", value,
                                           "' in storage_options; set it once"));
    }
    config.Set(key, value);
  }
  CheckStrictly(config);
  return config;
}

}  // namespace hoodie::python
