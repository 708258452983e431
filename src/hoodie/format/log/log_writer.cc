// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/format/log/log_writer.cc
/// \brief Log blocks as HoodieAppendHandle and BaseRollbackHelper make them.
#include "hoodie/format/log/log_writer.h"

#include "hoodie/common/macros.h"
#include "hoodie/storage/storage.h"

namespace hoodie {

LogBlock MakeAvroDataLogBlock(const std::string& instant_time,
                              const std::string& schema_json,
                              const std::vector<std::string>& records) {
  LogBlock block;
  block.type = LogBlockType::kAvroData;
  block.header = {{LogHeaderKey::kInstantTime, instant_time},
                  {LogHeaderKey::kSchema, schema_json}};
  block.content = MakeAvroDataBlockContent(records);
  return block;
}

::arrow::Result<LogBlock> MakeHFileDataLogBlock(const std::string& instant_time,
                                                const std::string& schema_json,
                                                std::vector<HFileRecord> records,
                                                HFileCompression compression) {
  LogBlock block;
  block.type = LogBlockType::kHFileData;
  block.header = {{LogHeaderKey::kInstantTime, instant_time},
                  {LogHeaderKey::kSchema, schema_json}};
  ARROW_ASSIGN_OR_RAISE(block.content,
                        MakeHFileDataBlockContent(std::move(records), schema_json, compression));
  return block;
}

::arrow::Result<LogBlock> MakeParquetDataLogBlock(
    const std::string& instant_time, const std::string& schema_json,
    const std::vector<std::string>& records, const ParquetDataBlockOptions& options) {
  LogBlock block;
  block.type = LogBlockType::kParquetData;
  block.header = {{LogHeaderKey::kInstantTime, instant_time},
                  {LogHeaderKey::kSchema, schema_json}};
  ARROW_ASSIGN_OR_RAISE(block.content,
                         EncodeParquetDataBlock(schema_json, records, options));
  return block;
}

::arrow::Result<LogBlock> MakeDeleteLogBlock(const std::string& instant_time,
                                             const std::string& schema_json,
                                             const std::vector<DeleteRecord>& records) {
  LogBlock block;
  block.type = LogBlockType::kDelete;
  block.header = {{LogHeaderKey::kInstantTime, instant_time},
                  {LogHeaderKey::kSchema, schema_json}};
  ARROW_ASSIGN_OR_RAISE(block.content, EncodeDeleteBlock(records));
  return block;
}

LogBlock MakeRollbackLogBlock(const std::string& rollback_instant,
                              const std::string& target_instant) {
  LogBlock block;
  block.type = LogBlockType::kCommand;
  block.header = {{LogHeaderKey::kInstantTime, rollback_instant},
                  {LogHeaderKey::kTargetInstantTime, target_instant},
                  {LogHeaderKey::kCommandBlockType, std::string(kRollbackCommand)}};
  return block;
}

::arrow::Result<std::string> EncodeLogBlocks(const std::vector<LogBlock>& blocks) {
  std::string out;
  for (const LogBlock& block : blocks) {
    ARROW_ASSIGN_OR_RAISE(std::string bytes, EncodeLogBlock(block));
    out += bytes;
  }
  return out;
}

::arrow::Status WriteLogFile(Storage* storage, const std::string& path,
                             const std::vector<LogBlock>& blocks) {
  ARROW_ASSIGN_OR_RAISE(std::string bytes, EncodeLogBlocks(blocks));
  return storage->WriteAll(path, bytes, /*overwrite=*/false);
}

}  // namespace hoodie
