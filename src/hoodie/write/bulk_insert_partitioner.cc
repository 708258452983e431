// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/write/bulk_insert_partitioner.cc
/// \brief The registry of user-defined bulk_insert partitioners.

#include "hoodie/write/bulk_insert_partitioner.h"

#include <map>
#include <mutex>

namespace hoodie {
namespace {

struct Registry {
  std::mutex mutex;
  std::map<std::string, BulkInsertPartitionerFactory> factories;
};

Registry& TheRegistry() {
  static Registry registry;
  return registry;
}

}  // namespace

::arrow::Status RegisterBulkInsertPartitioner(const std::string& name,
                                              BulkInsertPartitionerFactory factory) {
  if (name.empty() || factory == nullptr) {
    return ::arrow::Status::Invalid(
        "a bulk insert partitioner needs a name and a factory");
  }
  Registry& registry = TheRegistry();
  std::lock_guard<std::mutex> lock(registry.mutex);
  if (!registry.factories.emplace(name, std::move(factory)).second) {
    return ::arrow::Status::AlreadyExists("a bulk insert partitioner named '", name,
                                          "' is already registered");
  }
  return ::arrow::Status::OK();
}

bool HasBulkInsertPartitioner(const std::string& name) {
  Registry& registry = TheRegistry();
  std::lock_guard<std::mutex> lock(registry.mutex);
  return registry.factories.count(name) > 0;
}

::arrow::Result<std::unique_ptr<BulkInsertPartitioner>> MakeBulkInsertPartitioner(
    const std::string& name) {
  Registry& registry = TheRegistry();
  std::lock_guard<std::mutex> lock(registry.mutex);
  auto it = registry.factories.find(name);
  if (it == registry.factories.end()) {
    std::string known;
    for (const auto& [registered, unused] : registry.factories) {
      known += (known.empty() ? "" : ", ") + registered;
    }
    return ::arrow::Status::Invalid(
        "hoodie.bulkinsert.user.defined.partitioner.class=", name,
        ": no bulk insert partitioner of that name is registered (registered: ",
        known.empty() ? "none" : known,
        "); hoodie cannot load Java classes, register a C++ BulkInsertPartitioner with "
        "RegisterBulkInsertPartitioner or unset the key to use "
        "hoodie.bulkinsert.sort.mode");
  }
  std::unique_ptr<BulkInsertPartitioner> made = it->second();
  if (made == nullptr) {
    return ::arrow::Status::Invalid("the factory of bulk insert partitioner '", name,
                                    "' returned no partitioner");
  }
  return made;
}

}  // namespace hoodie
