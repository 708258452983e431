// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/streamer/sources_internal.h
/// \brief How the built-in sources register themselves (source_registry.cc calls each).
#pragma once

#include <arrow/result.h>

#include "hoodie/input/csv_reader.h"

namespace hoodie {
class HoodieConfig;
class SourceRegistry;
namespace internal {

/// The package of Hudi's sources; a source is registered under its class name there and
/// under its simple name.
inline constexpr char kSourcesPackage[] = "org.apache.hudi.utilities.sources.";

/// JsonDFSSource, CsvDFSSource, AvroDFSSource, ParquetDFSSource, ORCDFSSource.
void RegisterDfsSources(SourceRegistry* registry);
/// HoodieIncrSource.
void RegisterHoodieIncrSource(SourceRegistry* registry);
/// S3EventsSource and S3EventsHoodieIncrSource.
void RegisterS3EventsSource(SourceRegistry* registry);
void RegisterS3EventsHoodieIncrSource(SourceRegistry* registry);

/// The CSV dialect hoodie.deltastreamer.csv.* sets (Spark's CSV reader options of the
/// DFS and S3 sources); Invalid naming a key whose value hoodie's reader cannot take.
::arrow::Result<CsvDialect> CsvDialectFromConfig(const HoodieConfig& config);

}  // namespace internal
}  // namespace hoodie
