// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/streamer/sources_internal.h
/// \brief How the built-in sources register themselves (source_registry.cc calls each).
#pragma once

namespace hoodie {
class SourceRegistry;
namespace internal {

/// The package of Hudi's sources; a source is registered under its class name there and
/// under its simple name.
inline constexpr char kSourcesPackage[] = "org.apache.hudi.utilities.sources.";

/// JsonDFSSource, CsvDFSSource, AvroDFSSource, ParquetDFSSource, ORCDFSSource.
void RegisterDfsSources(SourceRegistry* registry);
/// HoodieIncrSource.
void RegisterHoodieIncrSource(SourceRegistry* registry);

}  // namespace internal
}  // namespace hoodie
