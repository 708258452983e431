// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/streamer/dfs_source.cc
/// \brief The DFS sources (JsonDFSSource, CsvDFSSource, AvroDFSSource, ParquetDFSSource,
/// ORCDFSSource): the files DFSPathSelector picks, read through the input formats.
#include <utility>

#include <arrow/filesystem/filesystem.h>

#include "hoodie/common/macros.h"
#include "hoodie/common/string_list.h"
#include "hoodie/config/hoodie_config.h"
#include "hoodie/config/streamer_config.h"
#include "hoodie/input/input_files_reader.h"
#include "hoodie/streamer/cdc_records.h"
#include "hoodie/streamer/dfs_path_selector.h"
#include "hoodie/streamer/schema_provider.h"
#include "hoodie/streamer/source.h"
#include "hoodie/streamer/sources_internal.h"

namespace hoodie::internal {
namespace {

// What distinguishes the five sources: the input format and whether it needs a schema.
struct DfsFormat {
  const char* class_name;
  const char* input_format;
  bool needs_schema;
};

::arrow::Result<char> OneCharacter(const HoodieConfig& config,
                                   const ConfigProperty<std::string>& key, char fallback) {
  std::optional<std::string> value = config.GetExplicit(key);
  if (!value) return fallback;
  if (value->empty()) return '\0';
  if (value->size() == 1) return (*value)[0];
  if (*value == "\\t") return '\t';
  return ::arrow::Status::Invalid(key.key, "='", *value,
                                  "': hoodie's CSV reader takes one character here");
}

class DfsSource : public Source {
 public:
  static ::arrow::Result<std::unique_ptr<Source>> Make(const DfsFormat& format,
                                                       const SourceContext& context) {
    const HoodieConfig& config = *context.config;
    std::optional<std::string> root = config.GetExplicit(StreamerConfig::kDfsRoot);
    if (!root || root->empty()) {
      return ::arrow::Status::Invalid(format.class_name, " needs ",
                                      StreamerConfig::kDfsRoot.key,
                                      " (the folder whose files it reads)");
    }
    auto out = std::unique_ptr<DfsSource>(new DfsSource());
    ARROW_ASSIGN_OR_RAISE(out->storage_, Storage::FromUri(*root, &out->root_, config));
    // Files are listed and read through the root's storage: a local folder or an
    // object store alike.
    out->options_.storage = out->storage_;
    ARROW_ASSIGN_OR_RAISE(out->format_, MakeInputFormat(format.input_format));
    if (context.schema_provider != nullptr && out->format_->TakesSchema()) {
      ARROW_ASSIGN_OR_RAISE(out->options_.schema, context.schema_provider->SourceSchema());
      out->options_.drop_unknown_fields = true;
    }
    if (format.needs_schema && out->options_.schema == nullptr) {
      return ::arrow::Status::Invalid(
          format.class_name,
          " needs a source schema, as Hudi's does: set --schemaprovider-class "
          "FilebasedSchemaProvider and ",
          StreamerConfig::kSourceSchemaFile.key);
    }
    if (std::string(format.input_format) == "csv") {
      ARROW_ASSIGN_OR_RAISE(out->options_.csv, CsvDialectFromConfig(config));
    }
    ARROW_ASSIGN_OR_RAISE(out->options_.cdc,
                          ReadCdcJsonOptions(config, format.class_name,
                                             std::string(format.input_format) == "json"));
    out->skip_bad_ = out->options_.cdc && context.skip_bad_records;
    out->name_ = format.input_format;
    return out;
  }

  ::arrow::Result<SourceBatch> FetchNext(const std::optional<std::string>& checkpoint,
                                         int64_t source_limit) override {
    ARROW_ASSIGN_OR_RAISE(DfsSelection selection,
                          SelectDfsFiles(storage_.get(), root_, checkpoint, source_limit));
    SourceBatch out;
    out.checkpoint = selection.checkpoint;
    out.source_size = selection.bytes;
    out.description = std::to_string(selection.files.size()) + " " + name_ + " files";
    out.backlog = selection.bytes_left;
    out.backlog_description = std::to_string(selection.files_left) + " files, " +
                              std::to_string(selection.bytes_left) + " bytes";
    if (selection.files.empty()) return out;
    std::vector<std::string> paths;
    for (const FileStatus& file : selection.files) paths.push_back(file.path);
    ARROW_ASSIGN_OR_RAISE(std::unique_ptr<InputFormat> format, MakeInputFormat(name_));
    InputOptions options = options_;
    if (skip_bad_) {
      // --commit-on-errors with change records: a record that does not decode is left
      // out and reported (its error names file and line).
      auto skipped = std::make_shared<std::vector<std::string>>();
      out.skipped = skipped;
      options.on_bad_record = [skipped](const ::arrow::Status& status, int64_t) {
        skipped->push_back(status.message());
      };
    }
    ARROW_ASSIGN_OR_RAISE(auto reader,
                          InputFilesReader::Open(std::move(paths), std::move(format), options));
    out.where = [reader](int64_t row) { return reader->Place(row); };
    out.records = std::move(reader);
    return out;
  }

 private:
  DfsSource() = default;

  std::shared_ptr<Storage> storage_;
  std::string root_;
  std::string name_;
  std::unique_ptr<InputFormat> format_;
  InputOptions options_;
  bool skip_bad_ = false;
};

constexpr DfsFormat kDfsFormats[] = {
    {"JsonDFSSource", "json", true},
    {"CsvDFSSource", "csv", false},
    {"AvroDFSSource", "avro", false},
    {"ParquetDFSSource", "parquet", false},
    {"ORCDFSSource", "orc", false},
};

}  // namespace

::arrow::Result<CsvDialect> CsvDialectFromConfig(const HoodieConfig& config) {
  CsvDialect dialect;
  ARROW_ASSIGN_OR_RAISE(dialect.header, config.Get(StreamerConfig::kCsvHeader));
  // Spark's CSV reader applies a given schema by position (enforceSchema=true).
  dialect.by_position = true;
  ARROW_ASSIGN_OR_RAISE(dialect.delimiter, OneCharacter(config, StreamerConfig::kCsvSep, ','));
  ARROW_ASSIGN_OR_RAISE(dialect.quote, OneCharacter(config, StreamerConfig::kCsvQuote, '"'));
  ARROW_ASSIGN_OR_RAISE(dialect.escape, OneCharacter(config, StreamerConfig::kCsvEscape, '\\'));
  dialect.null_value = config.GetExplicit(StreamerConfig::kCsvNullValue).value_or("");
  if (dialect.delimiter == '\0') {
    return ::arrow::Status::Invalid(StreamerConfig::kCsvSep.key, " cannot be empty");
  }
  return dialect;
}

void RegisterDfsSources(SourceRegistry* registry) {
  for (const DfsFormat& format : kDfsFormats) {
    HOODIE_WARN_NOT_OK(
        registry->Register(std::string(kSourcesPackage) + format.class_name,
                           {format.class_name},
                           [format](const SourceContext& context) {
                             return DfsSource::Make(format, context);
                           }),
        format.class_name);
  }
}

}  // namespace hoodie::internal
