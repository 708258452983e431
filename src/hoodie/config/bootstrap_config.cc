// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/config/bootstrap_config.cc
/// \brief Declarations of the "Bootstrap" configuration keys.
#include "hoodie/config/bootstrap_config.h"

#include "hoodie/config/config_registry.h"

namespace hoodie {

namespace v = config_validators;

const ConfigProperty<std::string> BootstrapConfig::kBasePath{
    .key = "hoodie.bootstrap.base.path",
    .doc = "Base path of the dataset to bootstrap.",
    .group = "Bootstrap",
    .support = ConfigSupport::kRefused,
    .support_note = "bootstrap is not implemented yet"};

const ConfigProperty<int32_t> BootstrapConfig::kParallelism{
    .key = "hoodie.bootstrap.parallelism",
    .default_value = 1500,
    .doc = "Parallelism of bootstrapping.",
    .validate = v::PositiveInt32,
    .group = "Bootstrap",
    .support = ConfigSupport::kNoEffect,
    .support_note = "Spark task parallelism; hoodie sizes its own work"};

const ConfigProperty<std::string> BootstrapConfig::kKeyGenClass{
    .key = "hoodie.bootstrap.keygen.class",
    .doc = "Key generator for the bootstrapped dataset.",
    .group = "Bootstrap",
    .support = ConfigSupport::kRefused,
    .support_note = "bootstrap is not implemented yet"};

const ConfigProperty<std::string> BootstrapConfig::kModeSelector{
    .key = "hoodie.bootstrap.mode.selector",
    .default_value = std::string(
        "org.apache.hudi.client.bootstrap.selector.MetadataOnlyBootstrapModeSelector"),
    .doc = "Selects the bootstrap mode of each partition.",
    .group = "Bootstrap",
    .support = ConfigSupport::kRefused,
    .support_note = "bootstrap is not implemented yet"};

const ConfigProperty<std::string> BootstrapConfig::kPartitionPathTranslatorClass{
    .key = "hoodie.bootstrap.partitionpath.translator.class",
    .default_value = std::string("org.apache.hudi.client.bootstrap.translator."
                                 "IdentityBootstrapPartitionPathTranslator"),
    .doc = "Translates source partition paths to table partition paths.",
    .advanced = true,
    .group = "Bootstrap",
    .support = ConfigSupport::kRefused,
    .support_note = "bootstrap is not implemented yet"};

const ConfigProperty<std::string> BootstrapConfig::kFullInputProvider{
    .key = "hoodie.bootstrap.full.input.provider",
    .default_value =
        std::string("org.apache.hudi.bootstrap.SparkParquetBootstrapDataProvider"),
    .doc = "Reads source files for FULL_RECORD bootstrap.",
    .advanced = true,
    .group = "Bootstrap",
    .support = ConfigSupport::kRefused,
    .support_note = "bootstrap is not implemented yet"};

const ConfigProperty<std::string> BootstrapConfig::kModeSelectorRegex{
    .key = "hoodie.bootstrap.mode.selector.regex",
    .default_value = std::string(".*"),
    .doc =
        "Partitions matching this regex get "
        "hoodie.bootstrap.mode.selector.regex.mode.",
    .group = "Bootstrap",
    .support = ConfigSupport::kRefused,
    .support_note = "bootstrap is not implemented yet"};

const ConfigProperty<std::string> BootstrapConfig::kModeSelectorRegexMode{
    .key = "hoodie.bootstrap.mode.selector.regex.mode",
    .default_value = std::string("METADATA_ONLY"),
    .doc =
        "Bootstrap mode for matching partitions: METADATA_ONLY (skeleton files) or "
        "FULL_RECORD (full rewrite). The seed names this "
        "withBootstrapModeForRegexMatch.",
    .allowed_values = {"METADATA_ONLY", "FULL_RECORD"},
    .group = "Bootstrap",
    .support = ConfigSupport::kRefused,
    .support_note = "bootstrap is not implemented yet"};

const ConfigProperty<std::string> BootstrapConfig::kIndexClass{
    .key = "hoodie.bootstrap.index.class",
    .default_value =
        std::string("org.apache.hudi.common.bootstrap.index.HFileBootstrapIndex"),
    .doc =
        "Bootstrap index implementation; persisted in hoodie.properties of "
        "bootstrapped tables.",
    .advanced = true,
    .group = "Bootstrap",
    .support = ConfigSupport::kRefused,
    .support_note = "bootstrap is not implemented yet"};

const ConfigProperty<bool> BootstrapConfig::kIndexEnable{
    .key = "hoodie.bootstrap.index.enable",
    .default_value = true,
    .doc = "Whether the bootstrap index is used; persisted in hoodie.properties.",
    .advanced = true,
    .group = "Bootstrap",
    .support = ConfigSupport::kRefused,
    .support_note = "bootstrap is not implemented yet"};

void BootstrapConfig::Register(ConfigRegistry* registry) {
  registry->Add(kBasePath);
  registry->Add(kParallelism);
  registry->Add(kKeyGenClass);
  registry->Add(kModeSelector);
  registry->Add(kPartitionPathTranslatorClass);
  registry->Add(kFullInputProvider);
  registry->Add(kModeSelectorRegex);
  registry->Add(kModeSelectorRegexMode);
  registry->Add(kIndexClass);
  registry->Add(kIndexEnable);
}

}  // namespace hoodie
