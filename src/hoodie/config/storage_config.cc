// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/config/storage_config.cc
/// \brief Declarations of the "Storage" configuration keys.
#include "hoodie/config/storage_config.h"

#include "hoodie/config/config_registry.h"

namespace hoodie {

namespace v = config_validators;

const ConfigProperty<int64_t> StorageConfig::kParquetMaxFileSize{
    .key = "hoodie.parquet.max.file.size",
    .default_value = int64_t{125829120},
    .doc = "Target size of parquet base files.",
    .validate = v::PositiveInt64,
    .group = "Storage",
    .is_bytes = true};

const ConfigProperty<int64_t> StorageConfig::kParquetBlockSize{
    .key = "hoodie.parquet.block.size",
    .default_value = int64_t{125829120},
    .doc = "Parquet row group size.",
    .validate = v::PositiveInt64,
    .group = "Storage",
    .is_bytes = true};

const ConfigProperty<int64_t> StorageConfig::kParquetPageSize{
    .key = "hoodie.parquet.page.size",
    .default_value = int64_t{1048576},
    .doc = "Parquet page size.",
    .validate = v::PositiveInt64,
    .group = "Storage",
    .is_bytes = true};

const ConfigProperty<double> StorageConfig::kParquetCompressionRatio{
    .key = "hoodie.parquet.compression.ratio",
    .default_value = 0.1,
    .doc = "Expected parquet compression ratio used to size new files.",
    .validate = v::NonNegativeDouble,
    .group = "Storage",
    .support = ConfigSupport::kRefused,
    .support_note = "sizing by an expected compression ratio is not implemented; hoodie sizes files by hoodie.copyonwrite.record.size.estimate and the sizes of earlier commits"};

const ConfigProperty<std::string> StorageConfig::kParquetCompressionCodec{
    .key = "hoodie.parquet.compression.codec",
    .default_value = std::string("gzip"),
    .doc = "Parquet compression codec.",
    .allowed_values = {"gzip", "snappy", "uncompressed", "lzo", "zstd", "lz4"},
    .group = "Storage"};

const ConfigProperty<bool> StorageConfig::kParquetDictionaryEnabled{
    .key = "hoodie.parquet.dictionary.enabled",
    .default_value = true,
    .doc =
        "Whether Parquet files (base files and Parquet log blocks) use dictionary "
        "encoding.",
    .advanced = true,
    .group = "Storage"};

const ConfigProperty<int64_t> StorageConfig::kLogFileMaxSize{
    .key = "hoodie.logfile.max.size",
    .default_value = int64_t{1073741824},
    .doc = "Size at which a log file rolls over to the next version.",
    .validate = v::PositiveInt64,
    .group = "Storage",
    .is_bytes = true};

const ConfigProperty<int64_t> StorageConfig::kLogFileDataBlockMaxSize{
    .key = "hoodie.logfile.data.block.max.size",
    .default_value = int64_t{268435456},
    .doc = "Maximum size of one data block appended to a log file.",
    .validate = v::PositiveInt64,
    .group = "Storage",
    .is_bytes = true};

namespace {

// HoodieLogBlockType.fromId matches the ids exactly: Hudi ignores "PARQUET" and writes
// Avro blocks, so hoodie refuses it instead of guessing.
::arrow::Status ValidateLogDataBlockFormat(const std::string& value) {
  if (value == "avro" || value == "parquet") return ::arrow::Status::OK();
  if (value == "hfile") {
    return ::arrow::Status::Invalid(
        "hfile data blocks belong to the metadata table, whose base files are HFiles; "
        "hoodie tables have Parquet base files, use avro or parquet");
  }
  return ::arrow::Status::Invalid(
      "allowed: avro, parquet (lower case, as Hudi matches them exactly)");
}

}  // namespace

const ConfigProperty<std::string> StorageConfig::kLogFileDataBlockFormat{
    .key = "hoodie.logfile.data.block.format",
    .doc =
        "Format of the data blocks written to log files: avro or parquet (hfile is "
        "the metadata table's and is refused). When unset the base file format "
        "decides, which means avro for Parquet base files.",
    .allowed_values = {"avro", "parquet", "hfile"},
    .validate = ValidateLogDataBlockFormat,
    .advanced = true,
    .group = "Storage"};

const ConfigProperty<double> StorageConfig::kLogFileToParquetCompressionRatio{
    .key = "hoodie.logfile.to.parquet.compression.ratio",
    .default_value = 0.35,
    .doc = "Expected extra compression when records move from log files to parquet.",
    .validate = v::NonNegativeDouble,
    .group = "Storage"};

const ConfigProperty<int32_t> StorageConfig::kStorageTimeoutSeconds{
    .key = "hoodie.storage.timeout.seconds",
    .default_value = 10,
    .doc = "hoodie only (no Hudi key; Hadoop's file systems take their own fs.* settings): "
           "seconds one request to an object store (s3://, s3a://, gs://, abfs://) or to "
           "HDFS may take to connect, answer and be retried before the command fails "
           "with one line saying what to configure (credentials, endpoint, libhdfs).",
    .validate = v::PositiveInt32,
    .group = "Storage"};

void StorageConfig::Register(ConfigRegistry* registry) {
  registry->Add(kParquetMaxFileSize);
  registry->Add(kParquetBlockSize);
  registry->Add(kParquetPageSize);
  registry->Add(kParquetCompressionRatio);
  registry->Add(kParquetCompressionCodec);
  registry->Add(kParquetDictionaryEnabled);
  registry->Add(kLogFileMaxSize);
  registry->Add(kLogFileDataBlockMaxSize);
  registry->Add(kLogFileDataBlockFormat);
  registry->Add(kLogFileToParquetCompressionRatio);
  registry->Add(kStorageTimeoutSeconds);
}

}  // namespace hoodie
