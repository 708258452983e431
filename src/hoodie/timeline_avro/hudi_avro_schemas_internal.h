// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/timeline_avro/hudi_avro_schemas_internal.h
/// \brief The Hudi 0.15 Avro schemas (hudi-common/src/main/avro/*.avsc) of timeline files.
#pragma once

#include <memory>

#include <arrow/result.h>

#include "hoodie/format/avro_codec/avro_schema.h"

namespace hoodie::internal {

/// The timeline records we read and write, each an org.apache.hudi.avro.model class.
enum class HudiAvroRecord {
  kRollbackPlan,
  kRollbackMetadata,
  kRestoreMetadata,
  kCleanerPlan,
  kCleanMetadata,
  kCompactionPlan,
  kRequestedReplaceMetadata,
  kSavepointMetadata,
  kArchivedMetaEntry,
  kRestorePlan,
};

/// The parsed schema of `record`: our own JSON with Hudi's record full names, field
/// names, types and defaults (no doc strings). Parsed once; thread-safe.
::arrow::Result<std::shared_ptr<const AvroSchema>> HudiAvroSchema(HudiAvroRecord record);

}  // namespace hoodie::internal
