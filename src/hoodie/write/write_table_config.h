// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/write/write_table_config.h
/// \brief The hoodie.properties a write creates a table with, and the check of a write's
/// options against an existing table's, as Hudi's Spark writer does both.
#pragma once

#include <arrow/result.h>
#include <arrow/status.h>

#include "hoodie/table/table_meta_client.h"
#include "hoodie/visibility.h"

namespace hoodie {

class HoodieConfig;
class TableConfig;
struct WriteOptions;

/// The table a first write creates: what HoodieSparkSqlWriter hands
/// HoodieTableMetaClient's property builder from the same options. `config` is the
/// caller's options and `options` the write options built from them.
///
/// Every table records its name, an (empty unless set) database name, type, base file
/// format, archive folder, record key and partition columns, key generator, hive-style
/// and URL-encoding flags, the partition metafile format, CDC, meta fields and timeline
/// time zone; the precombine field only when the write names one; merge-on-read tables
/// the payload class the write merges with and the merger strategy; the timestamp-based
/// key generator its settings.
/// Invalid for a bad hoodie.table.timeline.timezone.
HOODIE_EXPORT ::arrow::Result<TableCreateOptions> TableCreateOptionsForWrite(
    const HoodieConfig& config, const WriteOptions& options);

/// HoodieWriterUtils.validateTableConfig: Invalid when the caller's `config` (with
/// `options`, the write options built from it over the table) contradicts `table` on a
/// key the table records under the same name (compared ignoring case, as
/// Spark's resolver does), or on the record key, precombine, key generator or partition
/// fields. The message names each key with the write's and the table's value, and how
/// to go on. A different payload class is no conflict: the write goes ahead, and
/// merge-on-read readers and compaction go on merging with the table's, as in Hudi 0.15.
HOODIE_EXPORT ::arrow::Status ValidateWriteAgainstTable(const HoodieConfig& config,
                                                        const WriteOptions& options,
                                                        const TableConfig& table);

}  // namespace hoodie
