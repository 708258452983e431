// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/read/partition_values_internal.h
/// \brief Partition column values parsed from partition paths, as Spark's Hudi 0.15
/// datasource fills them for base-file-only reads.
///
/// Hudi 0.15's BaseFileOnlyRelation (copy-on-write snapshot and time travel, and
/// read-optimized queries of both table types) sets
/// `shouldExtractPartitionValuesFromPartitionPath` whenever the table has no
/// schema-on-read internal schema, so its HadoopFsRelation takes the partition schema
/// of SparkHoodieTableFileIndex and Spark fills the partition columns from the values
/// parsed out of each file's partition path, not from the file. Merge-on-read snapshot
/// and time travel (MergeOnReadSnapshotRelation) and incremental reads
/// (IncrementalRelation, MergeOnReadIncrementalRelation) keep the stored values. The
/// two differ after an in-place global-index update (the record keeps the incoming
/// partition value in its old partition) and for timestamp-based keys (the column
/// becomes the path text).
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <arrow/result.h>
#include <arrow/scalar.h>
#include <arrow/type.h>

namespace hoodie {
class TableConfig;
}

namespace hoodie::internal {

/// Column name -> the value every row of one file gets in that column.
using PartitionConstants =
    std::vector<std::pair<std::string, std::shared_ptr<::arrow::Scalar>>>;

/// \brief The partition schema of SparkHoodieTableFileIndex
/// (`_partitionSchemaFromProperties`): the table's partition fields, typed as in the
/// table schema, or all strings for a timestamp-based key generator.
struct PathPartitionColumns {
  std::vector<std::shared_ptr<::arrow::Field>> fields;
  /// TimestampBased(Avro)KeyGenerator: every column holds the whole path text.
  bool path_text = false;
};

/// The partition columns a base-file-only read fills from the partition path, or
/// nullopt (stored values are read) for a non-partitioned table and where Spark 0.15
/// cannot read the table consistently: a partition field that is not a top-level
/// column of `table_schema` (Spark fails with "Cannot find columns"; a nested `a.b`
/// it mis-types) and CustomKeyGenerator TIMESTAMP fields (a formatted date it casts to
/// the column's type).
::arrow::Result<std::optional<PathPartitionColumns>> PathValuedPartitionColumns(
    const TableConfig& config, const ::arrow::Schema& table_schema);

/// `table_schema` with the partition columns retyped as `columns` types them.
std::shared_ptr<::arrow::Schema> WithPartitionTypes(const ::arrow::Schema& table_schema,
                                                    const PathPartitionColumns& columns);

/// The values of `partition_path` (relative, `/`-separated) for `columns`, following
/// HoodieSparkUtils.parsePartitionColumnValues and Spark's PartitioningUtils
/// (`parsePartition`, `castPartValueToDesiredType`, `unescapePathName`):
///  - as many path segments as columns: segment i (its text after the first `=`, the
///    whole segment when it has none) is column i's value; `__HIVE_DEFAULT_PARTITION__`
///    is null; strings are `%XX`-unescaped; other types are parsed as Java does
///    (Integer.parseInt, Long.parseLong, Double.parseDouble, BigDecimal, Spark's date
///    cast, Boolean), and a value that does not parse fails the read;
///  - one column and more segments: the whole path (minus a leading `column=`), as is;
///  - several columns, more segments, hive style: a segment holding `=` starts the
///    next value, others are appended with `/` (splitHiveSlashPartitions);
///  - otherwise Invalid, as Hudi's "Failed to parse partition column values".
/// Timestamp-keyed columns always get the whole path text.
::arrow::Result<PartitionConstants> ParsePartitionPath(
    const PathPartitionColumns& columns, std::string_view partition_path);

/// Spark's ExternalCatalogUtils.unescapePathName: `%` and two characters that Java's
/// Integer.parseInt(_, 16) reads as a non-negative number become that character.
std::string UnescapePathName(std::string_view text);

}  // namespace hoodie::internal
