// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/metadata/metadata_validation.h
/// \brief Checks a metadata table against the storage it describes (Hudi CLI's
/// `metadata validate-files`): what a reader of each listing would read.
#pragma once

#include <string>
#include <vector>

#include <arrow/result.h>

#include "hoodie/visibility.h"

namespace hoodie {

class TableMetaClient;

/// Compares the latest file slices a view of `table` builds from its metadata table's
/// listing with those a storage listing gives, and checks the metadata table is in
/// step with the data timeline, and, with a column_stats partition, the statistics it
/// holds for each latest base file with the file's Parquet footer, and, with a
/// record_index partition, its keys and locations with the snapshot's. \return one line
/// per mismatch ("partition P: file F ...", "out of sync: ...", "column_stats: ...",
/// "record_index: ..."), empty
/// when they agree; Invalid when the table has no metadata table a reader may use,
/// IOError from storage.
HOODIE_EXPORT ::arrow::Result<std::vector<std::string>> ValidateMetadataTable(
    const TableMetaClient& table);

}  // namespace hoodie
