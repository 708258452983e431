// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/index/metadata_footers_internal.h
/// \brief What the metadata table knows of base file footers, for the bloom index with
/// hoodie.bloom.index.use.metadata (HoodieBloomIndex.loadColumnRangesFromMetaIndex and
/// HoodieMetadataBloomFilterProbingFunction).
#pragma once

#include <memory>
#include <optional>
#include <vector>

#include <arrow/result.h>

#include "hoodie/format/bloom/bloom_filter.h"
#include "hoodie/format/bloom/bloom_footer.h"
#include "hoodie/index/index_lookup_internal.h"

namespace hoodie {
class TableMetaClient;
}  // namespace hoodie

namespace hoodie::internal {

/// \brief Per file of a probe: its record-key range and bloom filter as the metadata
/// table holds them. A file the table has no entry for (or whose partition it has not
/// built) has none; `ranges_known` / `blooms_known[i]` say which were found.
struct MetadataFooters {
  std::vector<std::optional<RecordKeyRange>> ranges;
  std::vector<bool> ranges_known;
  std::vector<std::unique_ptr<BloomFilter>> blooms;
  std::vector<bool> blooms_known;
};

/// Looks up `files` in the table's column_stats (the `_hoodie_record_key` column, when
/// `want_ranges`) and bloom_filters partitions, in one read of each. Nothing is known
/// when the table has no metadata table readers may use.
::arrow::Result<MetadataFooters> FootersFromMetadata(const TableMetaClient& table,
                                                     const std::vector<IndexedFile>& files,
                                                     bool want_ranges);

}  // namespace hoodie::internal
