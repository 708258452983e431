// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/read/type_fwd.h
/// \brief Forward declarations of the read module's types.
#pragma once

namespace hoodie {

enum class QueryType;
enum class MergeType;
enum class CompareOp;
struct LogScanOptions;
struct ColumnFilter;
struct ReadOptions;
struct ReadPlan;
class TableReader;

}  // namespace hoodie
