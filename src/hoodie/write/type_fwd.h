// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/write/type_fwd.h
/// \brief Forward declarations of the write module's types.
#pragma once

namespace hoodie {

enum class BulkInsertSortMode;
enum class FailedWritesPolicy;
struct BulkInsertChunk;
struct BulkInsertLayout;
class BulkInsertPartitioner;
class BulkInsertPartitionerRegistry;
struct RecordPartitions;
class CommitExecutor;
struct RollbackOptions;
struct WriteOptions;
struct FailedWrite;
struct WriteResult;

}  // namespace hoodie
