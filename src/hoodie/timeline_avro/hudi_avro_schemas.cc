// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/timeline_avro/hudi_avro_schemas.cc
/// \brief Schema JSON of the Hudi 0.15 timeline records, written from the .avsc field
/// lists (the hudi-format-v6 spec, section 5.3).

#include "hoodie/timeline_avro/hudi_avro_schemas_internal.h"

#include <mutex>
#include <string>

namespace hoodie::internal {

namespace {

#define HOODIE_NS R"("namespace":"org.apache.hudi.avro.model",)"
#define HOODIE_OPT(type) R"(["null",)" type R"(],"default":null)"
#define HOODIE_VERSION R"({"name":"version","type":["int","null"],"default":1})"
#define HOODIE_STRING_MAP R"({"type":"map","values":"string"})"
#define HOODIE_STRING_ARRAY R"({"type":"array","items":"string"})"

#define HOODIE_INSTANT_INFO                                                    \
  R"({"type":"record","name":"HoodieInstantInfo","fields":[)"                  \
  R"({"name":"commitTime","type":"string"},{"name":"action","type":"string"}]})"

const char kRollbackPlan[] =
    R"({"type":"record","name":"HoodieRollbackPlan",)" HOODIE_NS R"("fields":[)"
    R"({"name":"instantToRollback","type":)" HOODIE_OPT(HOODIE_INSTANT_INFO) "},"
    R"({"name":"RollbackRequests","type":)" HOODIE_OPT(
        R"({"type":"array","items":{"type":"record","name":"HoodieRollbackRequest",)"
        R"("fields":[{"name":"partitionPath","type":"string"},)"
        R"({"name":"fileId","type":)" HOODIE_OPT(R"("string")") "},"
        R"({"name":"latestBaseInstant","type":)" HOODIE_OPT(R"("string")") "},"
        R"({"name":"filesToBeDeleted","type":)" HOODIE_STRING_ARRAY R"(,"default":[]},)"
        R"({"name":"logBlocksToBeDeleted","type":)" HOODIE_OPT(
            R"({"type":"map","values":"long"})") "}]}}") "},"
    HOODIE_VERSION "]}";

#define HOODIE_ROLLBACK_METADATA                                                      \
  R"({"type":"record","name":"HoodieRollbackMetadata",)" HOODIE_NS R"("fields":[)"    \
  R"({"name":"startRollbackTime","type":"string"},)"                                  \
  R"({"name":"timeTakenInMillis","type":"long"},)"                                    \
  R"({"name":"totalFilesDeleted","type":"int"},)"                                     \
  R"({"name":"commitsRollback","type":)" HOODIE_STRING_ARRAY "},"                     \
  R"({"name":"partitionMetadata","type":{"type":"map","values":{"type":"record",)"    \
  R"("name":"HoodieRollbackPartitionMetadata","fields":[)"                            \
  R"({"name":"partitionPath","type":"string"},)"                                      \
  R"({"name":"successDeleteFiles","type":)" HOODIE_STRING_ARRAY "},"                  \
  R"({"name":"failedDeleteFiles","type":)" HOODIE_STRING_ARRAY "},"                   \
  R"({"name":"rollbackLogFiles","type":)" HOODIE_OPT(                                 \
      R"({"type":"map","values":"long"})") "},"                                       \
  R"({"name":"logFilesFromFailedCommit","type":)" HOODIE_OPT(                         \
      R"({"type":"map","values":"long"})") "}]}}},"                                   \
  HOODIE_VERSION ","                                                                  \
  R"({"name":"instantsRollback","type":{"type":"array","items":)" HOODIE_INSTANT_INFO \
  R"(},"default":[]}]})"

const char kRollbackMetadata[] = HOODIE_ROLLBACK_METADATA;

const char kRestoreMetadata[] =
    R"({"type":"record","name":"HoodieRestoreMetadata",)" HOODIE_NS R"("fields":[)"
    R"({"name":"startRestoreTime","type":"string"},)"
    R"({"name":"timeTakenInMillis","type":"long"},)"
    R"({"name":"instantsToRollback","type":)" HOODIE_STRING_ARRAY "},"
    R"({"name":"hoodieRestoreMetadata","type":{"type":"map","values":{"type":"array",)"
    R"("items":["null",)" HOODIE_ROLLBACK_METADATA "]}}},"
    HOODIE_VERSION ","
    R"({"name":"restoreInstantInfo","type":{"type":"array","items":"HoodieInstantInfo"},)"
    R"("default":[]}]})";

const char kRestorePlan[] =
    R"({"type":"record","name":"HoodieRestorePlan",)" HOODIE_NS R"("fields":[)"
    R"({"name":"instantsToRollback","type":{"type":"array","items":)" HOODIE_INSTANT_INFO
    R"(},"default":[]},)"
    R"({"name":"version","type":["int","null"],"default":2},)"
    R"({"name":"savepointToRestoreTimestamp","type":)" HOODIE_OPT(R"("string")") "}]}";

#define HOODIE_CLEANER_PLAN \
    R"({"type":"record","name":"HoodieCleanerPlan",)" HOODIE_NS R"("fields":[)"              \
    R"({"name":"earliestInstantToRetain","type":)" HOODIE_OPT(                               \
        R"({"type":"record","name":"HoodieActionInstant","fields":[)"                        \
        R"({"name":"timestamp","type":"string"},{"name":"action","type":"string"},)"         \
        R"({"name":"state","type":"string"}]})") "},"                                        \
    R"({"name":"lastCompletedCommitTimestamp","type":"string","default":""},)"               \
    R"({"name":"policy","type":"string"},)"                                                  \
    R"({"name":"filesToBeDeletedPerPartition","type":)" HOODIE_OPT(                          \
        R"({"type":"map","values":)" HOODIE_STRING_ARRAY "}") "},"                           \
    HOODIE_VERSION ","                                                                       \
    R"({"name":"filePathsToBeDeletedPerPartition","type":)" HOODIE_OPT(                      \
        R"({"type":"map","values":{"type":"array","items":{"type":"record",)"                \
        R"("name":"HoodieCleanFileInfo","fields":[)"                                         \
        R"({"name":"filePath","type":)" HOODIE_OPT(R"("string")") "},"                       \
        R"({"name":"isBootstrapBaseFile","type":)" HOODIE_OPT(R"("boolean")") "}]}}}") "},"  \
    R"({"name":"partitionsToBeDeleted","type":)" HOODIE_OPT(HOODIE_STRING_ARRAY) "},"        \
    R"({"name":"extraMetadata","type":)" HOODIE_OPT(HOODIE_STRING_MAP) "}]}"

const char kCleanerPlan[] = HOODIE_CLEANER_PLAN;

#define HOODIE_CLEAN_METADATA \
    R"({"type":"record","name":"HoodieCleanMetadata",)" HOODIE_NS R"("fields":[)"     \
    R"({"name":"startCleanTime","type":"string"},)"                                   \
    R"({"name":"timeTakenInMillis","type":"long"},)"                                  \
    R"({"name":"totalFilesDeleted","type":"int"},)"                                   \
    R"({"name":"earliestCommitToRetain","type":"string"},)"                           \
    R"({"name":"lastCompletedCommitTimestamp","type":"string","default":""},)"        \
    R"({"name":"partitionMetadata","type":{"type":"map","values":{"type":"record",)"  \
    R"("name":"HoodieCleanPartitionMetadata","fields":[)"                             \
    R"({"name":"partitionPath","type":"string"},{"name":"policy","type":"string"},)"  \
    R"({"name":"deletePathPatterns","type":)" HOODIE_STRING_ARRAY "},"                \
    R"({"name":"successDeleteFiles","type":)" HOODIE_STRING_ARRAY "},"                \
    R"({"name":"failedDeleteFiles","type":)" HOODIE_STRING_ARRAY "},"                 \
    R"({"name":"isPartitionDeleted","type":)" HOODIE_OPT(R"("boolean")") "}]}}},"     \
    HOODIE_VERSION ","                                                                \
    R"({"name":"bootstrapPartitionMetadata","type":)" HOODIE_OPT(                     \
        R"({"type":"map","values":"HoodieCleanPartitionMetadata"})") "},"             \
    R"({"name":"extraMetadata","type":)" HOODIE_OPT(HOODIE_STRING_MAP) "}]}"

const char kCleanMetadata[] = HOODIE_CLEAN_METADATA;

#define HOODIE_COMPACTION_PLAN \
    R"({"type":"record","name":"HoodieCompactionPlan",)" HOODIE_NS R"("fields":[)"             \
    R"({"name":"operations","type":)" HOODIE_OPT(                                              \
        R"({"type":"array","items":{"type":"record","name":"HoodieCompactionOperation",)"      \
        R"("fields":[{"name":"baseInstantTime","type":["null","string"]},)"                    \
        R"({"name":"deltaFilePaths","type":)" HOODIE_OPT(HOODIE_STRING_ARRAY) "},"             \
        R"({"name":"dataFilePath","type":)" HOODIE_OPT(R"("string")") "},"                     \
        R"({"name":"fileId","type":["null","string"]},)"                                       \
        R"({"name":"partitionPath","type":)" HOODIE_OPT(R"("string")") "},"                    \
        R"({"name":"metrics","type":)" HOODIE_OPT(R"({"type":"map","values":"double"})") "},"  \
        R"({"name":"bootstrapFilePath","type":)" HOODIE_OPT(R"("string")") "}]}}") "},"        \
    R"({"name":"extraMetadata","type":)" HOODIE_OPT(HOODIE_STRING_MAP) "},"                    \
    HOODIE_VERSION ","                                                                         \
    R"({"name":"strategy","type":)" HOODIE_OPT(                                                \
        R"({"type":"record","name":"HoodieCompactionStrategy","fields":[)"                     \
        R"({"name":"compactorClassName","type":)" HOODIE_OPT(R"("string")") "},"               \
        R"({"name":"strategyParams","type":)" HOODIE_OPT(HOODIE_STRING_MAP) "},"               \
        HOODIE_VERSION "]}") "},"                                                              \
    R"({"name":"preserveHoodieMetadata","type":["boolean","null"],"default":false}]})"

const char kCompactionPlan[] = HOODIE_COMPACTION_PLAN;

#define HOODIE_REQUESTED_REPLACE_METADATA \
    R"({"type":"record","name":"HoodieRequestedReplaceMetadata",)" HOODIE_NS R"("fields":[)"  \
    R"({"name":"operationType","type":)" HOODIE_OPT(R"("string")") "},"                       \
    R"({"name":"clusteringPlan","type":)" HOODIE_OPT(                                         \
        R"({"type":"record","name":"HoodieClusteringPlan","fields":[)"                        \
        R"({"name":"inputGroups","type":)" HOODIE_OPT(                                        \
            R"({"type":"array","items":{"type":"record","name":"HoodieClusteringGroup",)"     \
            R"("fields":[{"name":"slices","type":)" HOODIE_OPT(                               \
                R"({"type":"array","items":{"type":"record","name":"HoodieSliceInfo",)"       \
                R"("fields":[{"name":"dataFilePath","type":)" HOODIE_OPT(R"("string")") "},"  \
                R"({"name":"deltaFilePaths","type":)" HOODIE_OPT(HOODIE_STRING_ARRAY) "},"    \
                R"({"name":"fileId","type":["null","string"]},)"                              \
                R"({"name":"partitionPath","type":)" HOODIE_OPT(R"("string")") "},"           \
                R"({"name":"bootstrapFilePath","type":)" HOODIE_OPT(R"("string")") "},"       \
                HOODIE_VERSION "]}}") "},"                                                    \
            R"({"name":"metrics","type":)" HOODIE_OPT(                                        \
                R"({"type":"map","values":"double"})") "},"                                   \
            R"({"name":"numOutputFileGroups","type":["int","null"],"default":1},)"            \
            R"({"name":"extraMetadata","type":)" HOODIE_OPT(HOODIE_STRING_MAP) "},"           \
            HOODIE_VERSION "]}}") "},"                                                        \
        R"({"name":"strategy","type":)" HOODIE_OPT(                                           \
            R"({"type":"record","name":"HoodieClusteringStrategy","fields":[)"                \
            R"({"name":"strategyClassName","type":)" HOODIE_OPT(R"("string")") "},"           \
            R"({"name":"strategyParams","type":)" HOODIE_OPT(HOODIE_STRING_MAP) "},"          \
            HOODIE_VERSION "]}") "},"                                                         \
        R"({"name":"extraMetadata","type":)" HOODIE_OPT(HOODIE_STRING_MAP) "},"               \
        HOODIE_VERSION ","                                                                    \
        R"({"name":"preserveHoodieMetadata","type":)" HOODIE_OPT(R"("boolean")") "}]}") "},"  \
    R"({"name":"extraMetadata","type":)" HOODIE_OPT(HOODIE_STRING_MAP) "},"                   \
    HOODIE_VERSION "]}"

const char kRequestedReplaceMetadata[] = HOODIE_REQUESTED_REPLACE_METADATA;

#define HOODIE_SAVEPOINT_METADATA \
    R"({"type":"record","name":"HoodieSavepointMetadata",)" HOODIE_NS R"("fields":[)"  \
    R"({"name":"savepointedBy","type":"string"},)"                                     \
    R"({"name":"savepointedAt","type":"long"},)"                                       \
    R"({"name":"comments","type":"string"},)"                                          \
    R"({"name":"partitionMetadata","type":{"type":"map","values":{"type":"record",)"   \
    R"("name":"HoodieSavepointPartitionMetadata","fields":[)"                          \
    R"({"name":"partitionPath","type":"string"},)"                                     \
    R"({"name":"savepointDataFile","type":)" HOODIE_STRING_ARRAY "}]}}},"              \
    HOODIE_VERSION "]}"

const char kSavepointMetadata[] = HOODIE_SAVEPOINT_METADATA;

// The Avro form of the JSON commit metadata, as archival stores it
// (MetadataConversionUtils.convertCommitMetadata). HoodieWriteStat is defined here and
// referenced by name in the records after it.
#define HOODIE_WRITE_STAT_FIELDS \
  R"({"name":"fileId","type":)" HOODIE_OPT(R"("string")") "}," \
  R"({"name":"path","type":)" HOODIE_OPT(R"("string")") "}," \
  R"({"name":"prevCommit","type":)" HOODIE_OPT(R"("string")") "}," \
  R"({"name":"numWrites","type":)" HOODIE_OPT(R"("long")") "}," \
  R"({"name":"numDeletes","type":)" HOODIE_OPT(R"("long")") "}," \
  R"({"name":"numUpdateWrites","type":)" HOODIE_OPT(R"("long")") "}," \
  R"({"name":"totalWriteBytes","type":)" HOODIE_OPT(R"("long")") "}," \
  R"({"name":"totalWriteErrors","type":)" HOODIE_OPT(R"("long")") "}," \
  R"({"name":"partitionPath","type":)" HOODIE_OPT(R"("string")") "}," \
  R"({"name":"totalLogRecords","type":)" HOODIE_OPT(R"("long")") "}," \
  R"({"name":"totalLogFiles","type":)" HOODIE_OPT(R"("long")") "}," \
  R"({"name":"totalUpdatedRecordsCompacted","type":)" HOODIE_OPT(R"("long")") "}," \
  R"({"name":"numInserts","type":)" HOODIE_OPT(R"("long")") "}," \
  R"({"name":"totalLogBlocks","type":)" HOODIE_OPT(R"("long")") "}," \
  R"({"name":"totalCorruptLogBlock","type":)" HOODIE_OPT(R"("long")") "}," \
  R"({"name":"totalRollbackBlocks","type":)" HOODIE_OPT(R"("long")") "}," \
  R"({"name":"fileSizeInBytes","type":)" HOODIE_OPT(R"("long")") "}"

#define HOODIE_COMMIT_METADATA                                                        \
  R"({"type":"record","name":"HoodieCommitMetadata",)" HOODIE_NS R"("fields":[)"      \
  R"({"name":"partitionToWriteStats","type":)" HOODIE_OPT(                            \
      R"({"type":"map","values":{"type":"array","items":{"type":"record",)"           \
      R"("name":"HoodieWriteStat","fields":[)" HOODIE_WRITE_STAT_FIELDS "]}}}") "},"  \
  R"({"name":"extraMetadata","type":)" HOODIE_OPT(HOODIE_STRING_MAP) "},"             \
  HOODIE_VERSION ","                                                                  \
  R"({"name":"operationType","type":)" HOODIE_OPT(R"("string")") "}]}"

#define HOODIE_REPLACE_COMMIT_METADATA                                                 \
  R"({"type":"record","name":"HoodieReplaceCommitMetadata",)" HOODIE_NS R"("fields":[)" \
  R"({"name":"partitionToWriteStats","type":)" HOODIE_OPT(                             \
      R"({"type":"map","values":{"type":"array","items":"HoodieWriteStat"}})") "},"    \
  R"({"name":"extraMetadata","type":)" HOODIE_OPT(HOODIE_STRING_MAP) "},"              \
  HOODIE_VERSION ","                                                                   \
  R"({"name":"operationType","type":)" HOODIE_OPT(R"("string")") "},"                  \
  R"({"name":"partitionToReplaceFileIds","type":)" HOODIE_OPT(                         \
      R"({"type":"map","values":)" HOODIE_STRING_ARRAY "}") "}]}"

// Deprecated since 0.x but still a field of HoodieArchivedMetaEntry.
#define HOODIE_COMPACTION_METADATA                                                    \
  R"({"type":"record","name":"HoodieCompactionMetadata",)" HOODIE_NS R"("fields":[)"  \
  R"({"name":"partitionToCompactionWriteStats","type":["null",)"                      \
  R"({"type":"map","values":{"type":"array","items":{"type":"record",)"               \
  R"("name":"HoodieCompactionWriteStat","fields":[)"                                  \
  R"({"name":"partitionPath","type":["null","string"]},)"                             \
  R"({"name":"totalLogRecords","type":["null","long"]},)"                             \
  R"({"name":"totalLogFiles","type":["null","long"]},)"                               \
  R"({"name":"totalUpdatedRecordsCompacted","type":["null","long"]},)"                \
  R"({"name":"hoodieWriteStat","type":["null","HoodieWriteStat"]}]}}}]}]})"

#define HOODIE_INDEX_COMMIT_METADATA                                                  \
  R"({"type":"record","name":"HoodieIndexCommitMetadata",)" HOODIE_NS R"("fields":[)" \
  HOODIE_VERSION ","                                                                  \
  R"({"name":"operationType","type":)" HOODIE_OPT(R"("string")") "},"                 \
  R"({"name":"indexPartitionInfos","type":)" HOODIE_OPT(                              \
      R"({"type":"array","items":{"type":"record","name":"HoodieIndexPartitionInfo",)" \
      R"("fields":[)" HOODIE_VERSION ","                                              \
      R"({"name":"metadataPartitionPath","type":)" HOODIE_OPT(R"("string")") "},"     \
      R"({"name":"indexUptoInstant","type":)" HOODIE_OPT(R"("string")") "}]}}") "}]}"

#define HOODIE_ARCHIVED_FIELD(name, type) \
  R"({"name":")" name R"(","type":)" HOODIE_OPT(type) "}"

// HoodieArchivedMetaEntry embeds every record above once; each named type is defined at
// its first use, as Avro requires of one schema.
const char kArchivedMetaEntry[] =
    R"({"type":"record","name":"HoodieArchivedMetaEntry",)" HOODIE_NS R"("fields":[)"
    HOODIE_ARCHIVED_FIELD("hoodieCommitMetadata", HOODIE_COMMIT_METADATA) ","
    HOODIE_ARCHIVED_FIELD("hoodieCleanMetadata", HOODIE_CLEAN_METADATA) ","
    HOODIE_ARCHIVED_FIELD("hoodieCompactionMetadata", HOODIE_COMPACTION_METADATA) ","
    HOODIE_ARCHIVED_FIELD("hoodieRollbackMetadata", HOODIE_ROLLBACK_METADATA) ","
    HOODIE_ARCHIVED_FIELD("hoodieSavePointMetadata", HOODIE_SAVEPOINT_METADATA) ","
    HOODIE_ARCHIVED_FIELD("commitTime", R"("string")") ","
    HOODIE_ARCHIVED_FIELD("actionType", R"("string")") ","
    HOODIE_VERSION ","
    HOODIE_ARCHIVED_FIELD("hoodieCompactionPlan", HOODIE_COMPACTION_PLAN) ","
    HOODIE_ARCHIVED_FIELD("hoodieCleanerPlan", HOODIE_CLEANER_PLAN) ","
    HOODIE_ARCHIVED_FIELD("actionState", R"("string")") ","
    HOODIE_ARCHIVED_FIELD("hoodieReplaceCommitMetadata", HOODIE_REPLACE_COMMIT_METADATA) ","
    HOODIE_ARCHIVED_FIELD("hoodieRequestedReplaceMetadata",
                          HOODIE_REQUESTED_REPLACE_METADATA) ","
    HOODIE_ARCHIVED_FIELD("HoodieInflightReplaceMetadata", R"("HoodieCommitMetadata")") ","
    HOODIE_ARCHIVED_FIELD("hoodieIndexCommitMetadata", HOODIE_INDEX_COMMIT_METADATA) ","
    HOODIE_ARCHIVED_FIELD("stateTransitionTime", R"("string")") "]}";

const char* SchemaJson(HudiAvroRecord record) {
  switch (record) {
    case HudiAvroRecord::kRollbackPlan: return kRollbackPlan;
    case HudiAvroRecord::kRollbackMetadata: return kRollbackMetadata;
    case HudiAvroRecord::kRestoreMetadata: return kRestoreMetadata;
    case HudiAvroRecord::kCleanerPlan: return kCleanerPlan;
    case HudiAvroRecord::kCleanMetadata: return kCleanMetadata;
    case HudiAvroRecord::kCompactionPlan: return kCompactionPlan;
    case HudiAvroRecord::kRequestedReplaceMetadata: return kRequestedReplaceMetadata;
    case HudiAvroRecord::kSavepointMetadata: return kSavepointMetadata;
    case HudiAvroRecord::kArchivedMetaEntry: return kArchivedMetaEntry;
    case HudiAvroRecord::kRestorePlan: return kRestorePlan;
  }
  return "";
}

constexpr int kRecordCount = 10;

}  // namespace

::arrow::Result<std::shared_ptr<const AvroSchema>> HudiAvroSchema(HudiAvroRecord record) {
  // Parsed lazily, once per record; a parse failure is a bug in the texts above, but
  // we still report it as a Status rather than abort.
  static std::mutex mutex;
  static std::shared_ptr<const AvroSchema> cache[kRecordCount];
  std::lock_guard<std::mutex> lock(mutex);
  auto& slot = cache[static_cast<int>(record)];
  if (!slot) {
    ARROW_ASSIGN_OR_RAISE(slot, AvroSchema::Parse(SchemaJson(record)));
  }
  return slot;
}

}  // namespace hoodie::internal
