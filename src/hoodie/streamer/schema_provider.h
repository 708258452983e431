// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/streamer/schema_provider.h
/// \brief Schema providers as plug-ins: the source and target schemas of a streamer
/// (Hudi's org.apache.hudi.utilities.schema.SchemaProvider), and schema post-processors.
#pragma once

#include <memory>
#include <string>

#include <arrow/result.h>
#include <arrow/status.h>
#include <arrow/type_fwd.h>

#include "hoodie/common/plugin_registry.h"
#include "hoodie/visibility.h"

namespace hoodie {

class HoodieConfig;

/// \brief Where a streamer takes its schemas from.
class HOODIE_EXPORT SchemaProvider {
 public:
  virtual ~SchemaProvider() = default;
  /// The schema the source's records are read with (no meta fields); null if none.
  virtual ::arrow::Result<std::shared_ptr<::arrow::Schema>> SourceSchema() = 0;
  /// The schema written to the table; the source schema unless the provider has its own.
  virtual ::arrow::Result<std::shared_ptr<::arrow::Schema>> TargetSchema() {
    return SourceSchema();
  }
  /// Fetches the schemas again before the next round (a registry's latest version).
  virtual ::arrow::Status Refresh() { return ::arrow::Status::OK(); }
};

/// \brief Schema providers by Hudi class name
/// (org.apache.hudi.utilities.schema.FilebasedSchemaProvider) or short name.
class HOODIE_EXPORT SchemaProviderRegistry
    : public PluginRegistry<SchemaProvider, const HoodieConfig&> {
 public:
  SchemaProviderRegistry() : PluginRegistry("schema provider") {}
  static SchemaProviderRegistry* Global();
};

/// \brief Changes a provider's schemas before use (Hudi's SchemaPostProcessor).
class HOODIE_EXPORT SchemaPostProcessor {
 public:
  virtual ~SchemaPostProcessor() = default;
  virtual ::arrow::Result<std::shared_ptr<::arrow::Schema>> Process(
      std::shared_ptr<::arrow::Schema> schema) = 0;
};

/// \brief Post-processors by class name, named by
/// hoodie.deltastreamer.schemaprovider.schema_post_processor (comma-separated).
class HOODIE_EXPORT SchemaPostProcessorRegistry
    : public PluginRegistry<SchemaPostProcessor, const HoodieConfig&> {
 public:
  SchemaPostProcessorRegistry() : PluginRegistry("schema post-processor") {}
  static SchemaPostProcessorRegistry* Global();
};

/// The provider `class_name` names, wrapped in a SchemaProviderWithPostProcessor when
/// `config` names post-processors. An empty name makes none (null).
HOODIE_EXPORT ::arrow::Result<std::shared_ptr<SchemaProvider>> MakeSchemaProvider(
    const std::string& class_name, const HoodieConfig& config);

/// `provider` with `processor` run over both its schemas, after any it already runs
/// (Hudi's SchemaProviderWithPostProcessor, as a Kafka source appending offsets wraps
/// the streamer's provider). Null when `provider` is null.
HOODIE_EXPORT std::shared_ptr<SchemaProvider> WithPostProcessor(
    std::shared_ptr<SchemaProvider> provider, std::unique_ptr<SchemaPostProcessor> processor);

/// An Avro schema file (.avsc) as an Arrow schema without meta fields, read through the
/// storage `config`'s keys reach (fs.s3a.* for an s3a:// file); errors name the file.
HOODIE_EXPORT
::arrow::Result<std::shared_ptr<::arrow::Schema>> ReadAvroSchemaFile(const std::string& path,
                                                                     const HoodieConfig& config);

}  // namespace hoodie
