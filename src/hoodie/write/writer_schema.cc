// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/write/writer_schema.cc
/// \brief The writer schema: the latest commit's, evolved by the input's new columns.

#include <arrow/type.h>

#include "hoodie/format/avro/avro_schema.h"
#include "hoodie/format/avro/meta_fields.h"
#include "hoodie/format/avro/schema_evolution.h"
#include "hoodie/timeline/active_timeline.h"
#include "hoodie/write/incoming_records_internal.h"
#include "hoodie/write/writer_schema_internal.h"

namespace hoodie::internal {

::arrow::Result<std::optional<WriterSchema>> LatestCommitSchema(
    const ActiveTimeline& timeline) {
  ARROW_ASSIGN_OR_RAISE(std::optional<std::string> schema, timeline.LatestCommitSchema());
  if (!schema) return std::nullopt;
  ARROW_ASSIGN_OR_RAISE(auto arrow, AvroJsonToArrowSchema(*schema));
  return WriterSchema{RemoveMetadataFields(*arrow), *std::move(schema)};
}

::arrow::Result<WriterSchema> ResolveWriterSchema(const ActiveTimeline& timeline,
                                                  const ::arrow::Schema& input,
                                                  const std::string& table_name,
                                                  bool evolve) {
  // Spark's types first: input Spark refuses is refused whatever the table holds.
  ARROW_ASSIGN_OR_RAISE(auto spark_shaped, SparkShapedSchema(input));
  ARROW_ASSIGN_OR_RAISE(std::optional<WriterSchema> latest, LatestCommitSchema(timeline));
  if (latest) {
    // Schema evolution on write: input columns the table lacks are added after its own
    // (older records read them as null), if every one is nullable, as Hudi's
    // isSchemaCompatible check asks; other changes stay refused when the input is
    // aligned to the table's types.
    ::arrow::FieldVector fields = latest->arrow->fields();
    size_t table_columns = fields.size();
    const std::shared_ptr<::arrow::Schema> incoming = RemoveMetadataFields(*spark_shaped);
    for (const auto& field : incoming->fields()) {
      // Hudi's delete marker only marks deletes in a table that does not store it (a
      // SQL MERGE's deletes travel in it); it is not added to the table's columns.
      if (field->name() == "_hoodie_is_deleted") continue;
      if (evolve && latest->arrow->GetFieldIndex(field->name()) < 0) fields.push_back(field);
    }
    if (fields.size() == table_columns) return *std::move(latest);
    auto evolved = ::arrow::schema(std::move(fields));
    ARROW_RETURN_NOT_OK(CheckSchemaEvolution(*latest->arrow, *evolved));
    WriterSchema out{evolved, ""};
    ARROW_ASSIGN_OR_RAISE(out.avro, ArrowSchemaToAvroJson(*evolved, table_name));
    return out;
  }
  WriterSchema out;
  out.arrow = RemoveMetadataFields(*spark_shaped);
  out.arrow = ::arrow::schema(out.arrow->fields());
  ARROW_ASSIGN_OR_RAISE(out.avro, ArrowSchemaToAvroJson(*out.arrow, table_name));
  return out;
}

}  // namespace hoodie::internal
