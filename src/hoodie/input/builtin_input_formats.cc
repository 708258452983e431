// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/input/builtin_input_formats.cc
/// \brief The built-in input formats and their registration.
#include <map>
#include <mutex>
#include <utility>

#include <arrow/adapters/orc/adapter.h>
#include <arrow/io/file.h>
#include <parquet/arrow/reader.h>

#include "hoodie/common/logging.h"
#include "hoodie/common/macros.h"
#include "hoodie/input/avro_container_reader.h"
#include "hoodie/input/csv_reader.h"
#include "hoodie/input/input_file_internal.h"
#include "hoodie/input/input_format.h"
#include "hoodie/input/json_lines_reader.h"
#include "hoodie/input/line_rows_internal.h"

namespace hoodie {
namespace {

using ReaderResult = ::arrow::Result<std::shared_ptr<::arrow::RecordBatchReader>>;

// Keeps, per file opened, the lines that did not become one row (blank lines, change
// records of none or several rows), so that Where names the line of a row.
class JsonLinesFormat : public InputFormat {
 public:
  ReaderResult Open(const std::string& path, const InputOptions& options) const override {
    auto lines = std::make_shared<internal::LineRows>();
    {
      std::lock_guard<std::mutex> lock(mutex_);
      lines_[path] = lines;
    }
    return OpenJsonLines(
        path, {.schema = options.schema,
               .drop_unknown_fields = options.drop_unknown_fields,
               .storage = options.storage,
               .on_bad_record = options.on_bad_record,
               .cdc = options.cdc,
               .on_record_rows = [lines](int64_t line, int64_t rows) {
                 lines->Irregular(line, rows);
               }});
  }
  std::string Where(const std::string& path, int64_t row,
                    const InputOptions&) const override {
    std::shared_ptr<internal::LineRows> lines;
    {
      std::lock_guard<std::mutex> lock(mutex_);
      auto it = lines_.find(path);
      if (it != lines_.end()) lines = it->second;
    }
    return path + ":" + std::to_string(lines ? lines->LineOf(row) : row + 1);
  }
  bool LocatesErrors() const override { return true; }
  bool TakesSchema() const override { return true; }

 private:
  mutable std::mutex mutex_;
  mutable std::map<std::string, std::shared_ptr<internal::LineRows>> lines_;
};

class CsvFormat : public InputFormat {
 public:
  ReaderResult Open(const std::string& path, const InputOptions& options) const override {
    return OpenCsv(path,
                   {.schema = options.schema, .dialect = options.csv, .storage = options.storage});
  }
  // A header is line 1.
  std::string Where(const std::string& path, int64_t row,
                    const InputOptions& options) const override {
    return path + ":" + std::to_string(row + (options.csv.header ? 2 : 1));
  }
  bool LocatesErrors() const override { return true; }
  bool TakesSchema() const override { return true; }
};

// A batch reader that keeps the file reader it borrows alive.
template <typename Owner>
class OwningReader : public ::arrow::RecordBatchReader {
 public:
  OwningReader(std::unique_ptr<Owner> owner, std::shared_ptr<::arrow::RecordBatchReader> inner)
      : owner_(std::move(owner)), inner_(std::move(inner)) {}
  std::shared_ptr<::arrow::Schema> schema() const override { return inner_->schema(); }
  ::arrow::Status ReadNext(std::shared_ptr<::arrow::RecordBatch>* batch) override {
    return inner_->ReadNext(batch);
  }

 private:
  std::unique_ptr<Owner> owner_;
  std::shared_ptr<::arrow::RecordBatchReader> inner_;
};

class ParquetFormat : public InputFormat {
 public:
  ReaderResult Open(const std::string& path, const InputOptions& options) const override {
    ARROW_ASSIGN_OR_RAISE(auto file, internal::OpenInputFile(options.storage, path));
    ARROW_ASSIGN_OR_RAISE(std::unique_ptr<::parquet::arrow::FileReader> reader,
                          ::parquet::arrow::OpenFile(file, ::arrow::default_memory_pool()));
    ARROW_ASSIGN_OR_RAISE(std::unique_ptr<::arrow::RecordBatchReader> batches,
                          reader->GetRecordBatchReader());
    return std::make_shared<OwningReader<::parquet::arrow::FileReader>>(
        std::move(reader), std::move(batches));
  }
};

class AvroContainerFormat : public InputFormat {
 public:
  ReaderResult Open(const std::string& path, const InputOptions& options) const override {
    return OpenAvroContainer(path, options.storage);
  }
};

// ORC through Arrow's adapter, stripe by stripe.
class OrcFormat : public InputFormat {
 public:
  ReaderResult Open(const std::string& path, const InputOptions& options) const override {
    ARROW_ASSIGN_OR_RAISE(auto file, internal::OpenInputFile(options.storage, path));
    ARROW_ASSIGN_OR_RAISE(auto reader, ::arrow::adapters::orc::ORCFileReader::Open(
                                           file, ::arrow::default_memory_pool()));
    ARROW_ASSIGN_OR_RAISE(std::shared_ptr<::arrow::RecordBatchReader> batches,
                          reader->GetRecordBatchReader(64 * 1024, {}));
    return std::make_shared<OwningReader<::arrow::adapters::orc::ORCFileReader>>(
        std::move(reader), std::move(batches));
  }
};

template <typename Format>
InputFormatRegistry::Factory FactoryOf() {
  return []() -> ::arrow::Result<std::unique_ptr<InputFormat>> {
    return std::make_unique<Format>();
  };
}

}  // namespace

InputFormatRegistry* InputFormatRegistry::Global() {
  static InputFormatRegistry* registry = [] {
    auto* out = new InputFormatRegistry();
    HOODIE_WARN_NOT_OK(out->Register("json", {}, FactoryOf<JsonLinesFormat>()), "json");
    HOODIE_WARN_NOT_OK(out->Register("csv", {}, FactoryOf<CsvFormat>()), "csv");
    HOODIE_WARN_NOT_OK(out->Register("parquet", {}, FactoryOf<ParquetFormat>()), "parquet");
    HOODIE_WARN_NOT_OK(out->Register("avro", {}, FactoryOf<AvroContainerFormat>()), "avro");
    HOODIE_WARN_NOT_OK(out->Register("orc", {}, FactoryOf<OrcFormat>()), "orc");
    return out;
  }();
  return registry;
}

::arrow::Result<std::unique_ptr<InputFormat>> MakeInputFormat(std::string_view name) {
  return InputFormatRegistry::Global()->Make(name);
}

}  // namespace hoodie
