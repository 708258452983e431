// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/write/bulk_insert_partitioner.cc
/// \brief The registry of user-defined bulk_insert partitioners.

#include "hoodie/write/bulk_insert_partitioner.h"

namespace hoodie {

BulkInsertPartitionerRegistry* BulkInsertPartitionerRegistry::Global() {
  static BulkInsertPartitionerRegistry registry;
  return &registry;
}

}  // namespace hoodie
