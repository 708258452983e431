// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/table/type_fwd.h
/// \brief Forward declarations of the table module's types.
#pragma once

namespace hoodie {

enum class TableType;
class TableConfig;
struct TableCreateOptions;
class TableMetaClient;
struct PartitionMetadata;

}  // namespace hoodie
