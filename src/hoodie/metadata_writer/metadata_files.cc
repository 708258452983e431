// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/metadata_writer/metadata_files.cc
#include <algorithm>

#include <arrow/io/interfaces.h>

#include "hoodie/format/bloom/bloom_filter.h"
#include "hoodie/format/bloom/bloom_filter_factory.h"
#include "hoodie/format/hfile/hfile_writer.h"
#include "hoodie/metadata/metadata_record_schema.h"
#include "hoodie/metadata/metadata_table.h"
#include "hoodie/metadata_writer/metadata_files_internal.h"
#include "hoodie/storage/storage.h"
#include "hoodie/table/commit_hooks.h"
#include "hoodie/table/table_config.h"
#include "hoodie/table/table_meta_client.h"

namespace hoodie::internal {

namespace {

// The bloom filter of a metadata base file: Hudi's writer configuration of the metadata
// table sets none, so hoodie.index.bloom.* defaults apply.
constexpr std::string_view kBloomType = "DYNAMIC_V0";
constexpr int32_t kBloomEntries = 60000;
constexpr double kBloomFpp = 0.000000001;
constexpr int32_t kBloomMaxEntries = 100000;

// HoodieAvroHFileWriter's file info keys and meta block name.
constexpr std::string_view kSchemaKey = "schema";
constexpr std::string_view kMinKey = "minRecordKey";
constexpr std::string_view kMaxKey = "maxRecordKey";
constexpr std::string_view kBloomTypeKey = "bloomFilterTypeCode";
constexpr std::string_view kBloomBlock = "bloomFilter";

// HoodieTableMetadataKeyGenerator and HoodieMetadataPayload, as the metadata table's
// hoodie.properties names them.
constexpr std::string_view kKeyGenerator =
    "org.apache.hudi.metadata.HoodieTableMetadataKeyGenerator";
constexpr std::string_view kPayload = "org.apache.hudi.metadata.HoodieMetadataPayload";
constexpr std::string_view kDefaultMergerStrategy = "eeb8d96f-b1e4-49fd-bbf8-28ac514178e5";

}  // namespace

::arrow::Result<std::vector<HFileRecord>> FilesRecordCells(const FilesRecords& records) {
  std::vector<HFileRecord> cells;
  cells.reserve(records.size());
  for (const auto& [key, record] : records) {  // a std::map: already in key order
    ARROW_ASSIGN_OR_RAISE(std::string value, EncodeMetadataRecord(FilesRecordValue(record)));
    cells.emplace_back(key, std::move(value));
  }
  return cells;
}

::arrow::Result<int64_t> WriteMetadataBaseFile(Storage* storage, const std::string& path,
                                               const std::vector<HFileRecord>& cells,
                                               const MetadataWriterOptions& options) {
  ARROW_ASSIGN_OR_RAISE(std::unique_ptr<BloomFilter> bloom,
                        BloomFilterFactory::Create(kBloomType, kBloomEntries, kBloomFpp,
                                                   kBloomMaxEntries));
  ARROW_ASSIGN_OR_RAISE(std::shared_ptr<::arrow::io::OutputStream> out,
                        storage->Create(path, /*overwrite=*/false));
  HFileWriterOptions hfile;
  hfile.block_size = options.hfile_block_size;
  hfile.compression = options.compression;
  HFileWriter writer(out.get(), hfile);
  for (const auto& [key, value] : cells) {
    ARROW_RETURN_NOT_OK(bloom->Add(key));
    ARROW_RETURN_NOT_OK(writer.Append(key, value));
  }
  writer.AddFileInfo(std::string(kSchemaKey), std::string(MetadataRecordSchemaJson()));
  if (!cells.empty()) {
    writer.AddFileInfo(std::string(kMinKey), cells.front().first);
    writer.AddFileInfo(std::string(kMaxKey), cells.back().first);
  }
  writer.AddFileInfo(std::string(kBloomTypeKey), std::string(kBloomType));
  writer.AddMetaBlock(std::string(kBloomBlock), bloom->SerializeToString());
  ARROW_RETURN_NOT_OK(writer.Finish());
  ARROW_ASSIGN_OR_RAISE(int64_t size, out->Tell());
  ARROW_RETURN_NOT_OK(out->Close());
  return size;
}

::arrow::Result<std::shared_ptr<TableMetaClient>> LoadMetadataMetaClient(
    const TableMetaClient& data_table) {
  const std::string path = MetadataTable::PathOf(data_table.base_path());
  ARROW_ASSIGN_OR_RAISE(std::shared_ptr<TableMetaClient> mdt,
                        TableMetaClient::LoadIfExists(data_table.storage(), path));
  if (mdt != nullptr) mdt->SetCommitHooks(std::make_shared<CommitHooks>());
  return mdt;
}

::arrow::Result<std::shared_ptr<TableMetaClient>> CreateMetadataMetaClient(
    const TableMetaClient& data_table) {
  TableCreateOptions options;
  options.table_name = data_table.table_config()->name() + "_metadata";
  options.table_type = TableType::kMergeOnRead;
  options.record_key_fields = {"key"};
  options.key_generator_class = std::string(kKeyGenerator);
  options.populate_meta_fields = false;
  options.base_file_format = "HFILE";
  options.payload_class = std::string(kPayload);
  options.record_merger_strategy = std::string(kDefaultMergerStrategy);
  options.drop_partition_columns = false;
  const std::string path = MetadataTable::PathOf(data_table.base_path());
  ARROW_ASSIGN_OR_RAISE(std::shared_ptr<TableMetaClient> mdt,
                        TableMetaClient::Create(data_table.storage(), path, options));
  mdt->SetCommitHooks(std::make_shared<CommitHooks>());
  return mdt;
}

}  // namespace hoodie::internal
