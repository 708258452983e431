// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/config/clean_config.cc
/// \brief Declarations of the "Clean and Archive" configuration keys.
#include "hoodie/config/clean_config.h"

#include "hoodie/config/config_registry.h"

namespace hoodie {

namespace v = config_validators;

const ConfigProperty<std::string> CleanConfig::kCleanerPolicy{
    .key = "hoodie.cleaner.policy",
    .default_value = std::string("KEEP_LATEST_COMMITS"),
    .doc = "Which file slices the cleaner keeps.",
    .allowed_values = {"KEEP_LATEST_COMMITS", "KEEP_LATEST_FILE_VERSIONS",
                       "KEEP_LATEST_BY_HOURS"},
    .group = "Clean and Archive"};

const ConfigProperty<std::string> CleanConfig::kFailedWritesPolicy{
    .key = "hoodie.cleaner.policy.failed.writes",
    .default_value = std::string("EAGER"),
    .doc =
        "When files of failed writes are cleaned: EAGER (before each write, single "
        "writer) or LAZY (by the cleaner, multi-writer).",
    .allowed_values = {"EAGER", "LAZY", "NEVER"},
    .group = "Clean and Archive"};

const ConfigProperty<int32_t> CleanConfig::kCommitsRetained{
    .key = "hoodie.cleaner.commits.retained",
    .default_value = 24,
    .doc = "Commits whose file slices the cleaner keeps; bounds incremental pulls.",
    .aliases = {{.key = "clean.retain_commits", .documented_default = "10"}},
    .validate = v::NonNegativeInt32,
    .group = "Clean and Archive",
    .hudi_0_15_default = "10"};

const ConfigProperty<bool> CleanConfig::kAutoClean{
    .key = "hoodie.clean.automatic",
    .default_value = true,
    .doc = "Clean right after each commit.",
    .group = "Clean and Archive"};

const ConfigProperty<bool> CleanConfig::kAsyncClean{
    .key = "hoodie.clean.async",
    .default_value = false,
    .doc = "Run the cleaner concurrently with writing.",
    // Flink's spelling; Flink cleans asynchronously by default.
    .aliases = {{.key = "clean.async.enabled", .documented_default = "true"}},
    .group = "Clean and Archive"};

const ConfigProperty<int32_t> CleanConfig::kKeepMinCommits{
    .key = "hoodie.keep.min.commits",
    .default_value = 96,
    .doc = "Minimum completed instants kept in the active timeline by archival.",
    .validate = v::PositiveInt32,
    .group = "Clean and Archive",
    .hudi_0_15_default = "20"};

const ConfigProperty<int32_t> CleanConfig::kKeepMaxCommits{
    .key = "hoodie.keep.max.commits",
    .default_value = 128,
    .doc = "Completed instants in the active timeline that trigger archival.",
    .validate = v::PositiveInt32,
    .group = "Clean and Archive",
    .hudi_0_15_default = "30"};

const ConfigProperty<int32_t> CleanConfig::kArchivalBatch{
    .key = "hoodie.commits.archival.batch",
    .default_value = 10,
    .doc = "Instants archived together in one batch.",
    .validate = v::PositiveInt32,
    .group = "Clean and Archive"};

const ConfigProperty<int32_t> CleanConfig::kCleanerParallelism{
    .key = "hoodie.cleaner.parallelism",
    .default_value = 200,
    .doc = "Parallelism of cleaning.",
    .validate = v::PositiveInt32,
    .group = "Clean and Archive",
    .support = ConfigSupport::kNoEffect,
    .support_note = "Spark task parallelism; hoodie sizes its own work"};

const ConfigProperty<bool> CleanConfig::kAutoArchive{
    .key = "hoodie.archive.automatic",
    .default_value = true,
    .doc = "Archive old instants of the active timeline right after each commit, after the clean.",
    .since = "0.11.0",
    .group = "Clean and Archive"};

const ConfigProperty<bool> CleanConfig::kAsyncArchive{
    .key = "hoodie.archive.async",
    .default_value = false,
    .doc = "Archive in the background of a long-running writer.",
    .since = "0.11.0",
    .group = "Clean and Archive"};

const ConfigProperty<bool> CleanConfig::kArchiveProceedSavepoint{
    .key = "hoodie.archive.proceed.savepoint",
    .default_value = false,
    .doc =
        "Archive commits after the first savepoint too (the savepointed commits "
        "themselves stay); restore is then refused.",
    .since = "0.12.0",
    .group = "Clean and Archive"};

const ConfigProperty<bool> CleanConfig::kArchiveMergeEnable{
    .key = "hoodie.archive.merge.enable",
    .default_value = false,
    .doc = "Merge small archive files into one on storage that cannot append.",
    .since = "0.11.0",
    .group = "Clean and Archive",
    .support = ConfigSupport::kRefused,
    .support_note =
        "hoodie does not merge archive files: each archival writes one new archive "
        "file, which Hudi reads as it reads its own",
    .accepted_value = "false"};

const ConfigProperty<bool> CleanConfig::kFailOnTimelineArchiving{
    .key = "hoodie.fail.on.timeline.archiving",
    .default_value = true,
    .doc =
        "Fail the archival when an instant cannot be converted into an archive record; "
        "false skips that instant with an error in the log.",
    .group = "Clean and Archive"};

const ConfigProperty<int32_t> CleanConfig::kArchiveDeleteParallelism{
    .key = "hoodie.archive.delete.parallelism",
    .default_value = 100,
    .doc = "Parallelism of deleting archived instant files.",
    .since = "0.11.0",
    .validate = v::PositiveInt32,
    .group = "Clean and Archive",
    .support = ConfigSupport::kNoEffect,
    .support_note = "Spark task parallelism; hoodie deletes archived files in order, as "
                    "Hudi deletes completed ones"};

const ConfigProperty<int32_t> CleanConfig::kHoursRetained{
    .key = "hoodie.cleaner.hours.retained",
    .default_value = 24,
    .doc = "Hours of commits whose file slices KEEP_LATEST_BY_HOURS keeps.",
    .validate = v::NonNegativeInt32,
    .group = "Clean and Archive"};

const ConfigProperty<int32_t> CleanConfig::kFileVersionsRetained{
    .key = "hoodie.cleaner.fileversions.retained",
    .default_value = 3,
    .doc = "File slices of each file group KEEP_LATEST_FILE_VERSIONS keeps.",
    .validate = v::NonNegativeInt32,
    .group = "Clean and Archive"};

const ConfigProperty<int32_t> CleanConfig::kCleanMaxCommits{
    .key = "hoodie.clean.max.commits",
    .default_value = 1,
    .doc = "Completed commits since the last clean before a new clean is planned.",
    .validate = v::NonNegativeInt32,
    .group = "Clean and Archive"};

const ConfigProperty<bool> CleanConfig::kIncrementalMode{
    .key = "hoodie.cleaner.incremental.mode",
    .default_value = true,
    .doc =
        "Plan from the last clean's earliest commit to retain, scanning only the "
        "partitions written since, instead of listing the whole table.",
    .group = "Clean and Archive"};

const ConfigProperty<std::string> CleanConfig::kCleanTriggerStrategy{
    .key = "hoodie.clean.trigger.strategy",
    .default_value = std::string("NUM_COMMITS"),
    .doc = "When a clean is planned: NUM_COMMITS (hoodie.clean.max.commits commits since the "
           "last clean), Hudi's only strategy.",
    .allowed_values = {"NUM_COMMITS"},
    .group = "Clean and Archive"};

void CleanConfig::Register(ConfigRegistry* registry) {
  registry->Add(kAutoArchive);
  registry->Add(kAsyncArchive);
  registry->Add(kCleanerPolicy);
  registry->Add(kFailedWritesPolicy);
  registry->Add(kCommitsRetained);
  registry->Add(kAutoClean);
  registry->Add(kAsyncClean);
  registry->Add(kKeepMinCommits);
  registry->Add(kKeepMaxCommits);
  registry->Add(kArchivalBatch);
  registry->Add(kArchiveProceedSavepoint);
  registry->Add(kArchiveMergeEnable);
  registry->Add(kFailOnTimelineArchiving);
  registry->Add(kArchiveDeleteParallelism);
  registry->Add(kCleanerParallelism);
  registry->Add(kHoursRetained);
  registry->Add(kFileVersionsRetained);
  registry->Add(kCleanMaxCommits);
  registry->Add(kIncrementalMode);
  registry->Add(kCleanTriggerStrategy);
}

}  // namespace hoodie
