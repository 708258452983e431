// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/format/log/hfile_data_block.cc
#include "hoodie/format/log/hfile_data_block.h"

#include <algorithm>

#include <arrow/array/builder_binary.h>
#include <arrow/buffer.h>

#include "hoodie/format/hfile/hfile_reader.h"
#include "hoodie/format/hfile/hfile_writer.h"
#include "hoodie/format/log/data_block.h"

namespace hoodie {
namespace {

// HoodieHFileDataBlock's HFile block size (DEFAULT_BLOCK_SIZE).
constexpr int64_t kHFileDataBlockSize = 1024 * 1024;

// The HFile's own file info key for the writer schema (HoodieAvroHFileReader.SCHEMA_KEY).
constexpr std::string_view kSchemaKey = "schema";

}  // namespace

::arrow::Result<std::vector<HFileRecord>> ReadHFileDataBlockRecords(std::string_view content,
                                                                    std::string_view where) {
  ARROW_ASSIGN_OR_RAISE(
      auto reader, HFileReader::Open(::arrow::Buffer::FromString(std::string(content)),
                                     "in " + std::string(where)));
  std::vector<HFileRecord> records;
  records.reserve(static_cast<size_t>(std::max<int64_t>(reader->entry_count(), 0)));
  ARROW_RETURN_NOT_OK(reader->Scan("", [&records](std::string_view key, std::string_view value) {
    records.emplace_back(key, value);
    return ::arrow::Status::OK();
  }));
  return records;
}

::arrow::Result<std::string> MakeHFileDataBlockContent(std::vector<HFileRecord> records,
                                                       std::string_view schema_json,
                                                       HFileCompression compression) {
  std::sort(records.begin(), records.end(),
            [](const HFileRecord& a, const HFileRecord& b) { return a.first < b.first; });
  for (size_t i = 1; i < records.size(); ++i) {
    if (records[i].first == records[i - 1].first) {
      return ::arrow::Status::Invalid("an HFile data block holds one record per key; '",
                                      records[i].first, "' is there twice");
    }
  }
  return WriteHFileToString(records, {{std::string(kSchemaKey), std::string(schema_json)}},
                            HFileWriterOptions{.block_size = kHFileDataBlockSize,
                                               .compression = compression});
}

::arrow::Result<std::shared_ptr<::arrow::RecordBatch>> DecodeHFileDataBlock(
    std::string_view content, std::string_view schema_json, std::string_view where) {
  ARROW_ASSIGN_OR_RAISE(auto records, ReadHFileDataBlockRecords(content, where));
  std::vector<std::string_view> values;
  values.reserve(records.size());
  for (const auto& [key, value] : records) values.push_back(value);
  ARROW_ASSIGN_OR_RAISE(auto batch, DecodeAvroRecords(schema_json, values));
  const int index = batch->schema()->GetFieldIndex(std::string(kHFileKeyField));
  if (index < 0) return batch;
  ::arrow::StringBuilder keys;
  for (const auto& [key, value] : records) ARROW_RETURN_NOT_OK(keys.Append(key));
  ARROW_ASSIGN_OR_RAISE(auto key_array, keys.Finish());
  return batch->SetColumn(index, batch->schema()->field(index), key_array);
}

}  // namespace hoodie
