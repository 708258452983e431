// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/table/bootstrap_guard.h
/// \brief Tables Hudi bootstrapped METADATA_ONLY, which hoodie cannot read or write
/// until it stitches skeleton and source files together.
#pragma once

#include <string_view>

#include <arrow/status.h>

#include "hoodie/visibility.h"

namespace hoodie {

class TableMetaClient;

/// The instant of a METADATA_ONLY bootstrap (HoodieTimeline.METADATA_BOOTSTRAP_INSTANT_TS):
/// its base files are skeletons that hold the meta columns only.
inline constexpr std::string_view kMetadataBootstrapInstant = "00000000000001";
/// The instant of a FULL_RECORD bootstrap (FULL_BOOTSTRAP_INSTANT_TS): ordinary base
/// files with every column, which hoodie reads and writes as any others.
inline constexpr std::string_view kFullBootstrapInstant = "00000000000002";

/// OK unless `table` was bootstrapped METADATA_ONLY: hoodie.properties names a
/// hoodie.bootstrap.base.path (free to check: only bootstrapped tables pay for what
/// follows) and either the active timeline holds the metadata bootstrap instant or the
/// bootstrap index (`.hoodie/.aux/.bootstrap/.partitions`) maps file groups to source
/// files. Reading such a table file by file would return the skeletons' meta columns
/// and none of the data, without an error.
/// \return NotImplemented, one line naming the table, what `action` ("read", "write",
///   ...) cannot do and what to do instead; IOError from storage.
HOODIE_EXPORT ::arrow::Status RefuseMetadataBootstrap(const TableMetaClient& table,
                                                      std::string_view action);

}  // namespace hoodie
