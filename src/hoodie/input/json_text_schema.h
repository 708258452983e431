// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/input/json_text_schema.h
/// \brief Spark's schema of JSON documents held in memory (spark.read.json of a
/// Dataset<String>, as S3EventsSource reads its events), struct fields sorted by name.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include <arrow/result.h>
#include <arrow/type_fwd.h>

#include "hoodie/visibility.h"

namespace hoodie {

/// The schema Spark's JSON reader infers for `documents` (each one JSON object): the
/// types of JsonLinesOptions' inference, with the fields of every struct sorted by name
/// as Spark sorts them. \return Invalid naming the document (from 0) that is not a JSON
/// object.
HOODIE_EXPORT ::arrow::Result<std::shared_ptr<::arrow::Schema>> InferJsonDocumentsSchema(
    const std::vector<std::string>& documents);

}  // namespace hoodie
