// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/write/writer_schema_internal.h
/// \brief The schema a write writes its files with: the table's, evolved by the input.
#pragma once

#include <memory>
#include <optional>
#include <string>

#include <arrow/result.h>
#include <arrow/type_fwd.h>

#include "hoodie/timeline/type_fwd.h"

namespace hoodie::internal {

/// The writer schema as Arrow (no meta columns) and as Avro JSON.
struct WriterSchema {
  std::shared_ptr<::arrow::Schema> arrow;
  std::string avro;
};

/// The schema of the latest completed commit that stored one (as Spark keeps the table
/// schema), without meta columns; nullopt before the first such commit.
::arrow::Result<std::optional<WriterSchema>> LatestCommitSchema(
    const ActiveTimeline& timeline);

/// The schema a write of `input` writes with: the latest commit's, with the input's
/// columns the table lacks added after its own when `evolve` (each must be nullable, as
/// Hudi's isSchemaCompatible asks); before the first commit, the input's. Input types
/// Spark refuses are refused whatever the table holds.
::arrow::Result<WriterSchema> ResolveWriterSchema(const ActiveTimeline& timeline,
                                                  const ::arrow::Schema& input,
                                                  const std::string& table_name,
                                                  bool evolve);

}  // namespace hoodie::internal
