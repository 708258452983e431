// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/table/metadata_table_guard_internal.h
/// \brief Disables a table's metadata table before hoodie makes a commit visible, as
/// Hudi's writers do with hoodie.metadata.enable=false.
#pragma once

#include <arrow/result.h>

namespace hoodie {
class TableMetaClient;
}  // namespace hoodie

namespace hoodie::internal {

/// \brief Keeps readers from trusting a metadata table (MDT) hoodie does not maintain
/// (format spec section 12.2; Java HoodieTable.maybeDeleteMetadataTable).
///
/// Re-reads hoodie.properties (another writer may have built the MDT since `table` was
/// loaded). When hoodie.table.metadata.partitions or its .inflight key holds a value,
/// both are rewritten empty through the backup protocol (TableConfig::Modify), so that
/// no reader is sent to the MDT; then `.hoodie/metadata` is deleted recursively if it
/// exists. Logs at info level what it removed. Must run before every commit becomes
/// visible: a Spark writer with Hudi's default hoodie.metadata.enable=true rebuilds the
/// MDT from a file listing on its next write.
///
/// \return whether anything was changed; IOError / kCorruptTableConfig from storage
///   or hoodie.properties. Not safe against a concurrent writer (hoodie takes no lock).
::arrow::Result<bool> DisableMetadataTable(TableMetaClient* table);

}  // namespace hoodie::internal
