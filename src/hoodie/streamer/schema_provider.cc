// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/streamer/schema_provider.cc
/// \brief FilebasedSchemaProvider, SchemaProviderWithPostProcessor and the
/// DropColumnSchemaPostProcessor, and their registries.
#include "hoodie/streamer/schema_provider.h"

#include <mutex>
#include <utility>
#include <vector>

#include <arrow/type.h>

#include "hoodie/common/ascii.h"
#include "hoodie/common/macros.h"
#include "hoodie/common/string_list.h"
#include "hoodie/config/hoodie_config.h"
#include "hoodie/config/streamer_config.h"
#include "hoodie/common/components_internal.h"
#include "hoodie/format/avro/avro_schema.h"
#include "hoodie/format/avro/meta_fields.h"
#include "hoodie/storage/storage.h"
#include "hoodie/storage/storage_text.h"

namespace hoodie {
namespace {

using SchemaResult = ::arrow::Result<std::shared_ptr<::arrow::Schema>>;

constexpr char kSchemaPackage[] = "org.apache.hudi.utilities.schema.";

// FilebasedSchemaProvider: the source .avsc (required) and the target's (the source's
// when unset), read once when made, as Hudi reads them in its constructor.
class FilebasedSchemaProvider : public SchemaProvider {
 public:
  static ::arrow::Result<std::unique_ptr<SchemaProvider>> Make(const HoodieConfig& config) {
    std::optional<std::string> source = config.GetExplicit(StreamerConfig::kSourceSchemaFile);
    if (!source || source->empty()) {
      return ::arrow::Status::Invalid(
          "FilebasedSchemaProvider needs ", StreamerConfig::kSourceSchemaFile.key,
          " (an Avro .avsc file of the source records)");
    }
    auto out = std::make_unique<FilebasedSchemaProvider>();
    ARROW_ASSIGN_OR_RAISE(out->source_, ReadAvroSchemaFile(*source, config));
    out->target_ = out->source_;
    if (auto target = config.GetExplicit(StreamerConfig::kTargetSchemaFile);
        target && !target->empty()) {
      ARROW_ASSIGN_OR_RAISE(out->target_, ReadAvroSchemaFile(*target, config));
    }
    return out;
  }
  SchemaResult SourceSchema() override { return source_; }
  SchemaResult TargetSchema() override { return target_; }

 private:
  std::shared_ptr<::arrow::Schema> source_;
  std::shared_ptr<::arrow::Schema> target_;
};

// SchemaProviderWithPostProcessor: the inner provider's schemas, each run through the
// post-processors in order.
class PostProcessedSchemaProvider : public SchemaProvider {
 public:
  PostProcessedSchemaProvider(std::shared_ptr<SchemaProvider> inner,
                              std::vector<std::unique_ptr<SchemaPostProcessor>> processors)
      : inner_(std::move(inner)), processors_(std::move(processors)) {}
  SchemaResult SourceSchema() override { return Process(inner_->SourceSchema()); }
  SchemaResult TargetSchema() override { return Process(inner_->TargetSchema()); }
  ::arrow::Status Refresh() override { return inner_->Refresh(); }

 private:
  SchemaResult Process(SchemaResult schema) {
    ARROW_ASSIGN_OR_RAISE(std::shared_ptr<::arrow::Schema> out, std::move(schema));
    if (out == nullptr) return out;
    for (const auto& processor : processors_) {
      ARROW_ASSIGN_OR_RAISE(out, processor->Process(std::move(out)));
    }
    return out;
  }
  std::shared_ptr<SchemaProvider> inner_;
  std::vector<std::unique_ptr<SchemaPostProcessor>> processors_;
};

// DropColumnSchemaPostProcessor: removes the top-level columns named (ignoring case, as
// Hudi compares them) by ...schema_post_processor.delete.columns.
class DropColumnPostProcessor : public SchemaPostProcessor {
 public:
  static ::arrow::Result<std::unique_ptr<SchemaPostProcessor>> Make(
      const HoodieConfig& config) {
    auto out = std::make_unique<DropColumnPostProcessor>();
    std::string columns =
        config.GetExplicit(StreamerConfig::kDropColumnsPostProcessorColumns).value_or("");
    for (std::string& column : SplitAtCommas(columns)) {
      std::string trimmed = Trim(column);
      if (!trimmed.empty()) out->columns_.push_back(std::move(trimmed));
    }
    if (out->columns_.empty()) {
      return ::arrow::Status::Invalid(
          "DropColumnSchemaPostProcessor needs the columns to drop in ",
          StreamerConfig::kDropColumnsPostProcessorColumns.key);
    }
    return out;
  }
  SchemaResult Process(std::shared_ptr<::arrow::Schema> schema) override {
    ::arrow::FieldVector kept;
    for (const auto& field : schema->fields()) {
      bool drop = false;
      for (const std::string& column : columns_) drop |= EqualsIgnoreCase(column, field->name());
      if (!drop) kept.push_back(field);
    }
    if (kept.empty()) {
      return ::arrow::Status::Invalid(
          "DropColumnSchemaPostProcessor would drop every column of the schema");
    }
    return ::arrow::schema(std::move(kept), schema->metadata());
  }

 private:
  std::vector<std::string> columns_;
};

void RegisterBuiltinProviders(SchemaProviderRegistry* registry) {
  HOODIE_WARN_NOT_OK(registry->Register(
      std::string(kSchemaPackage) + "FilebasedSchemaProvider", {"FilebasedSchemaProvider", "file"},
      [](const HoodieConfig& config) { return FilebasedSchemaProvider::Make(config); }),
      "FilebasedSchemaProvider");
  HOODIE_WARN_NOT_OK(registry->Reserve(std::string(kSchemaPackage) + "SchemaRegistryProvider",
                                       {"SchemaRegistryProvider", "registry"},
                                       internal::kNeedsHttpComponent),
                     "SchemaRegistryProvider");
  HOODIE_WARN_NOT_OK(registry->Reserve(std::string(kSchemaPackage) + "JdbcbasedSchemaProvider",
                                       {"JdbcbasedSchemaProvider", "jdbc"},
                                       internal::kNeedsJdbcComponent),
                     "JdbcbasedSchemaProvider");
}

void RegisterBuiltinPostProcessors(SchemaPostProcessorRegistry* registry) {
  HOODIE_WARN_NOT_OK(registry->Register(
      std::string(kSchemaPackage) + "postprocessor.DropColumnSchemaPostProcessor",
      {"DropColumnSchemaPostProcessor"},
      [](const HoodieConfig& config) { return DropColumnPostProcessor::Make(config); }),
      "DropColumnSchemaPostProcessor");
}

}  // namespace

SchemaProviderRegistry* SchemaProviderRegistry::Global() {
  static SchemaProviderRegistry* registry = [] {
    auto* made = new SchemaProviderRegistry();
    RegisterBuiltinProviders(made);
    return made;
  }();
  return registry;
}

SchemaPostProcessorRegistry* SchemaPostProcessorRegistry::Global() {
  static SchemaPostProcessorRegistry* registry = [] {
    auto* made = new SchemaPostProcessorRegistry();
    RegisterBuiltinPostProcessors(made);
    return made;
  }();
  return registry;
}

::arrow::Result<std::shared_ptr<SchemaProvider>> MakeSchemaProvider(
    const std::string& class_name, const HoodieConfig& config) {
  if (class_name.empty()) return std::shared_ptr<SchemaProvider>();
  ARROW_ASSIGN_OR_RAISE(std::unique_ptr<SchemaProvider> made,
                        SchemaProviderRegistry::Global()->Make(class_name, config));
  std::shared_ptr<SchemaProvider> provider = std::move(made);
  std::string names = config.GetExplicit(StreamerConfig::kSchemaPostProcessor).value_or("");
  std::vector<std::unique_ptr<SchemaPostProcessor>> processors;
  for (const std::string& name : SplitAtCommas(names)) {
    std::string trimmed = Trim(name);
    if (trimmed.empty()) continue;
    ARROW_ASSIGN_OR_RAISE(auto processor,
                          SchemaPostProcessorRegistry::Global()->Make(trimmed, config));
    processors.push_back(std::move(processor));
  }
  if (processors.empty()) return provider;
  return std::make_shared<PostProcessedSchemaProvider>(std::move(provider),
                                                       std::move(processors));
}

std::shared_ptr<SchemaProvider> WithPostProcessor(
    std::shared_ptr<SchemaProvider> provider, std::unique_ptr<SchemaPostProcessor> processor) {
  if (provider == nullptr) return provider;
  std::vector<std::unique_ptr<SchemaPostProcessor>> processors;
  processors.push_back(std::move(processor));
  return std::make_shared<PostProcessedSchemaProvider>(std::move(provider),
                                                       std::move(processors));
}

::arrow::Result<std::shared_ptr<::arrow::Schema>> ReadAvroSchemaFile(const std::string& path,
                                                                     const HoodieConfig& config) {
  ARROW_ASSIGN_OR_RAISE(StorageOptions options, StorageOptions::FromConfig(config));
  ARROW_ASSIGN_OR_RAISE(std::string text, ReadTextFile(path, options));
  auto schema = AvroJsonToArrowSchema(text);
  if (!schema.ok()) {
    return schema.status().WithMessage(path, ": ", schema.status().message());
  }
  return RemoveMetadataFields(**schema);
}

}  // namespace hoodie
