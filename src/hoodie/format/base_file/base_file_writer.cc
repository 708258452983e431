// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/format/base_file/base_file_writer.cc
/// \brief The format-independent parts of writing a base file: options and meta columns.
#include "hoodie/format/base_file/base_file_writer.h"

#include <arrow/array.h>
#include <arrow/array/builder_binary.h>
#include <arrow/scalar.h>
#include <arrow/util/compression.h>

#include "hoodie/common/ascii.h"
#include "hoodie/config/hoodie_config.h"
#include "hoodie/config/memory_config.h"

namespace hoodie {

using ::arrow::Result;
using ::arrow::Status;

Result<::arrow::Compression::type> ParseCompressionCodec(const std::string& name) {
  std::string lower = ToLowerAscii(name);
  // parquet-mr's LZ4 is the Hadoop-framed variant.
  if (lower == "lz4") return ::arrow::Compression::LZ4_HADOOP;
  auto codec = ::arrow::util::Codec::GetCompressionType(lower);
  if (!codec.ok() || !::arrow::util::Codec::IsAvailable(*codec)) {
    return Status::Invalid("unsupported hoodie.parquet.compression.codec '", name, "'");
  }
  return *codec;
}

Result<BaseFileWriterOptions> BaseFileWriterOptions::FromConfig(
    const HoodieConfig& config) {
  BaseFileWriterOptions options;
  ARROW_ASSIGN_OR_RAISE(options.compression_codec,
                         config.Get(StorageConfig::kParquetCompressionCodec));
  ARROW_ASSIGN_OR_RAISE(options.page_size, config.Get(StorageConfig::kParquetPageSize));
  ARROW_ASSIGN_OR_RAISE(options.block_size,
                         config.Get(StorageConfig::kParquetBlockSize));
  ARROW_ASSIGN_OR_RAISE(options.max_file_size,
                         config.Get(StorageConfig::kParquetMaxFileSize));
  ARROW_ASSIGN_OR_RAISE(options.dictionary_enabled,
                         config.Get(StorageConfig::kParquetDictionaryEnabled));
  ARROW_ASSIGN_OR_RAISE(int64_t buffer_max,
                         config.Get(MemoryConfig::kParquetBufferMaxSize));
  options.row_group_budget = std::make_shared<RowGroupBudget>(buffer_max);
  ARROW_RETURN_NOT_OK(ParseCompressionCodec(options.compression_codec).status());
  return options;
}

Result<std::shared_ptr<::arrow::Array>> SequenceIds(std::string_view commit_time,
                                                     int64_t task_partition_id,
                                                     int64_t first_seqno, int64_t count) {
  std::string value =
      std::string(commit_time) + "_" + std::to_string(task_partition_id) + "_";
  const size_t prefix = value.size();
  ::arrow::StringBuilder seqnos;
  ARROW_RETURN_NOT_OK(seqnos.Reserve(count));
  ARROW_RETURN_NOT_OK(seqnos.ReserveData(count * static_cast<int64_t>(prefix + 8)));
  for (int64_t i = 0; i < count; ++i) {
    value.resize(prefix);
    value += std::to_string(first_seqno + i);
    ARROW_RETURN_NOT_OK(seqnos.Append(value));
  }
  return seqnos.Finish();
}

Result<MetaColumns> MetaColumns::ForNewRecords(std::string_view commit_time,
                                               int64_t task_partition_id,
                                               int64_t first_seqno,
                                               const std::vector<std::string>& keys) {
  const auto count = static_cast<int64_t>(keys.size());
  MetaColumns meta;
  ARROW_ASSIGN_OR_RAISE(meta.commit_seqno,
                         SequenceIds(commit_time, task_partition_id, first_seqno, count));
  ::arrow::StringBuilder record_keys;
  ARROW_RETURN_NOT_OK(record_keys.AppendValues(keys));
  ARROW_RETURN_NOT_OK(record_keys.Finish(&meta.record_key));
  return meta;
}

Result<MetaColumns> MetaColumns::ForRecords(std::string_view commit_time,
                                            std::string_view partition_path,
                                            int64_t task_partition_id,
                                            int64_t first_seqno,
                                            const std::vector<std::string>& keys) {
  ARROW_ASSIGN_OR_RAISE(MetaColumns meta, ForNewRecords(commit_time, task_partition_id,
                                                         first_seqno, keys));
  const auto count = static_cast<int64_t>(keys.size());
  ARROW_ASSIGN_OR_RAISE(meta.commit_time,
                         ::arrow::MakeArrayFromScalar(
                             ::arrow::StringScalar(std::string(commit_time)), count));
  ARROW_ASSIGN_OR_RAISE(meta.partition_path,
                         ::arrow::MakeArrayFromScalar(
                             ::arrow::StringScalar(std::string(partition_path)), count));
  return meta;
}

}  // namespace hoodie
