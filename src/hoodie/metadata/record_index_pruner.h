// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/metadata/record_index_pruner.h
/// \brief Data skipping by the record index (Hudi 0.15's RecordLevelIndexSupport): a read
/// filtering on one record key reads only the file group record_index puts it in.
#pragma once

#include <memory>
#include <string>

#include <arrow/result.h>

#include "hoodie/read/file_pruner.h"
#include "hoodie/timeline/instant_time.h"
#include "hoodie/visibility.h"

namespace hoodie {

class ActiveTimeline;
class MetadataTable;
class TableMetaClient;

/// \brief Rules out every file slice but the one record_index locates a key in, for a
/// read with an equality filter on the record key (`_hoodie_record_key`, or the table's
/// single record key field); a key it does not hold rules out every slice. Reads
/// without such a filter keep every slice.
class HOODIE_EXPORT RecordIndexPruner : public FilePruner {
 public:
  /// The pruner of `table` as of `timeline`; null when its metadata table has no
  /// record_index partition readers may use.
  static ::arrow::Result<std::shared_ptr<const RecordIndexPruner>> Make(
      const TableMetaClient& table, const ActiveTimeline& timeline);

  /// Whether `filters` name one record key this pruner can look up.
  bool Applies(const std::vector<ColumnFilter>& filters) const;

  ::arrow::Result<std::vector<bool>> MayMatch(const std::vector<FileSlice>& slices,
                                              const std::vector<ColumnFilter>& filters,
                                              const ::arrow::Schema& table_schema) const override;

 private:
  RecordIndexPruner(std::shared_ptr<const MetadataTable> metadata, std::string key_field,
                    TimelineTimeZone zone)
      : metadata_(std::move(metadata)), key_field_(std::move(key_field)), zone_(zone) {}
  // The keys the equality filters on the record key name (several only when they
  // contradict each other).
  std::vector<std::string> KeysOf(const std::vector<ColumnFilter>& filters) const;

  std::shared_ptr<const MetadataTable> metadata_;
  std::string key_field_;  // the table's single record key field; "" for a complex key
  TimelineTimeZone zone_;
};

/// \brief The first of `pruners` that applies to a read's filters decides, as
/// HoodieFileIndex tries the record index before column statistics.
class HOODIE_EXPORT FirstApplicablePruner : public FilePruner {
 public:
  FirstApplicablePruner(std::shared_ptr<const RecordIndexPruner> record_index,
                        std::shared_ptr<const FilePruner> column_stats)
      : record_index_(std::move(record_index)), column_stats_(std::move(column_stats)) {}

  ::arrow::Result<std::vector<bool>> MayMatch(const std::vector<FileSlice>& slices,
                                              const std::vector<ColumnFilter>& filters,
                                              const ::arrow::Schema& table_schema) const override;

 private:
  std::shared_ptr<const RecordIndexPruner> record_index_;
  std::shared_ptr<const FilePruner> column_stats_;
};

}  // namespace hoodie
