// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/write/partition_wildcards_internal.h
/// \brief The partitions a delete_partition names, wildcards resolved as Spark's Hudi
/// writer resolves them.
#pragma once

#include <string>
#include <vector>

namespace hoodie::internal {

/// HoodieSparkSqlWriter.resolvePartitionWildcards: a partition with `*` (or `%2A`, as
/// Spark SQL may encode it) is a pattern over `existing` partitions, `*` standing for
/// any characters and the rest literal; the others are taken as given. Plain partitions
/// come first, then each pattern's matches; duplicates keep their first place.
std::vector<std::string> ResolvePartitionWildcards(
    const std::vector<std::string>& requested, const std::vector<std::string>& existing);

}  // namespace hoodie::internal
