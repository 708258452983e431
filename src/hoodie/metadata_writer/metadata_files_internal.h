// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/metadata_writer/metadata_files_internal.h
/// \brief The files of a metadata table: its records as HFile cells, its base HFiles,
/// its table layout (hoodie.properties, the meta client every step uses).
#pragma once

#include <memory>
#include <string>
#include <vector>

#include <arrow/result.h>

#include "hoodie/format/log/hfile_data_block.h"
#include "hoodie/metadata/files_partition_records.h"
#include "hoodie/metadata_writer/metadata_writer_options.h"

namespace hoodie {
class Storage;
class TableMetaClient;
}  // namespace hoodie

namespace hoodie::internal {

/// `records` as HFile cells (key, HoodieMetadataRecord binary), in key order.
::arrow::Result<std::vector<HFileRecord>> FilesRecordCells(const FilesRecords& records);

/// Writes the base HFile `path` of `cells` (sorted, unique keys) as Hudi's
/// HoodieAvroHFileWriter writes a metadata table's: the schema, the smallest and
/// largest key and the bloom filter type in the file info, and a DYNAMIC_V0 bloom filter
/// of the keys (Hudi's default sizing) in the "bloomFilter" meta block.
/// \return the file's size.
::arrow::Result<int64_t> WriteMetadataBaseFile(Storage* storage, const std::string& path,
                                               const std::vector<HFileRecord>& cells,
                                               const MetadataWriterOptions& options);

/// The metadata table of `data_table` when its folder holds one, with commit hooks of
/// its own (none: the data table's transaction holds the lock); null otherwise.
::arrow::Result<std::shared_ptr<TableMetaClient>> LoadMetadataMetaClient(
    const TableMetaClient& data_table);

/// Creates the metadata table's folder and hoodie.properties for `data_table`
/// (HoodieBackedTableMetadataWriter.initializeMetaClient).
::arrow::Result<std::shared_ptr<TableMetaClient>> CreateMetadataMetaClient(
    const TableMetaClient& data_table);

}  // namespace hoodie::internal
