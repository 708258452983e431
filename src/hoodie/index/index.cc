// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/index/index.cc
/// \brief Index registry, builtin registration and MakeIndex.
#include "hoodie/index/index.h"

#include <algorithm>
#include <array>

#include "hoodie/common/ascii.h"
#include "hoodie/common/logging.h"
#include "hoodie/common/macros.h"
#include "hoodie/config/hoodie_config.h"
#include "hoodie/config/index_config.h"
#include "hoodie/index/bloom_index.h"
#include "hoodie/index/in_memory_index.h"
#include "hoodie/index/record_index.h"
#include "hoodie/index/simple_index.h"

namespace hoodie {

namespace {

constexpr std::string_view kSupportedTypes =
    "BLOOM, GLOBAL_BLOOM, SIMPLE, GLOBAL_SIMPLE, INMEMORY, RECORD_INDEX";

// hoodie.index.type values (and their Java classes) that Hudi has but hoodie does not.
bool IsUnsupportedType(const std::string& name) {
  static const std::array<std::string_view, 6> kUnsupported = {
      "HBASE",
      "BUCKET",
      "FLINK_STATE",
      "org.apache.hudi.index.hbase.SparkHoodieHBaseIndex",
      "org.apache.hudi.index.bucket.HoodieSimpleBucketIndex",
      "org.apache.hudi.index.bucket.HoodieSparkConsistentBucketIndex"};
  return std::any_of(kUnsupported.begin(), kUnsupported.end(),
                     [&](std::string_view each) { return EqualsIgnoreCase(each, name); });
}

}  // namespace

TaggedLocations::TaggedLocations(std::initializer_list<std::optional<RecordLocation>> tags) {
  for (const auto& tag : tags) push_back(tag);
}

int32_t TaggedLocations::Intern(const RecordLocation& location) {
  // Consecutive keys mostly share a file group.
  if (!locations_.empty() && locations_.back() == location) {
    return static_cast<int32_t>(locations_.size() - 1);
  }
  std::string name = location.partition_path + '\0' + location.file_id + '\0' +
                     location.instant_time + (location.move_to_new_partition ? "\1" : "");
  auto [it, inserted] = ids_.emplace(std::move(name), static_cast<int32_t>(locations_.size()));
  if (inserted) locations_.push_back(location);
  return it->second;
}

void TaggedLocations::push_back(const std::optional<RecordLocation>& location) {
  tags_.push_back(location ? Intern(*location) : kNone);
}

bool TaggedLocations::operator==(const TaggedLocations& other) const {
  if (size() != other.size()) return false;
  for (size_t i = 0; i < size(); ++i) {
    const RecordLocation* mine = (*this)[i];
    const RecordLocation* theirs = other[i];
    if ((mine == nullptr) != (theirs == nullptr)) return false;
    if (mine != nullptr && !(*mine == *theirs)) return false;
  }
  return true;
}

::arrow::Status Index::UpdateLocation(const std::vector<HoodieKey>& keys,
                                      const TaggedLocations& locations) {
  if (keys.size() != locations.size()) {
    return ::arrow::Status::Invalid(
        "UpdateLocation needs one location per key: ", keys.size(), " keys, ",
        locations.size(), " locations");
  }
  return ::arrow::Status::OK();
}

IndexRegistry* IndexRegistry::Global() {
  static IndexRegistry registry;
  return &registry;
}

namespace {

IndexFactory BloomFactory(bool global) {
  return [global](const HoodieConfig& config) -> ::arrow::Result<std::unique_ptr<Index>> {
    ARROW_ASSIGN_OR_RAISE(auto options, BloomIndexOptions::FromConfig(config, global));
    return std::make_unique<BloomIndex>(options);
  };
}

IndexFactory SimpleFactory(bool global) {
  return [global](const HoodieConfig& config) -> ::arrow::Result<std::unique_ptr<Index>> {
    ARROW_ASSIGN_OR_RAISE(auto options, SimpleIndexOptions::FromConfig(config, global));
    return std::make_unique<SimpleIndex>(options);
  };
}

void RegisterAll(IndexRegistry* registry) {
  // Only a user index registered earlier under a builtin name can make these fail;
  // that user index then wins, with a warning.
  HOODIE_WARN_NOT_OK(
      registry->Register("BLOOM", {"org.apache.hudi.index.bloom.HoodieBloomIndex"},
                         BloomFactory(false)),
      "registering BLOOM");
  HOODIE_WARN_NOT_OK(
      registry->Register("GLOBAL_BLOOM",
                         {"org.apache.hudi.index.bloom.HoodieGlobalBloomIndex"},
                         BloomFactory(true)),
      "registering GLOBAL_BLOOM");
  HOODIE_WARN_NOT_OK(
      registry->Register("SIMPLE", {"org.apache.hudi.index.simple.HoodieSimpleIndex"},
                         SimpleFactory(false)),
      "registering SIMPLE");
  HOODIE_WARN_NOT_OK(
      registry->Register("GLOBAL_SIMPLE",
                         {"org.apache.hudi.index.simple.HoodieGlobalSimpleIndex"},
                         SimpleFactory(true)),
      "registering GLOBAL_SIMPLE");
  HOODIE_WARN_NOT_OK(
      registry->Register(
          "RECORD_INDEX", {"org.apache.hudi.index.SparkMetadataTableRecordIndex"},
          [](const HoodieConfig& config) -> ::arrow::Result<std::unique_ptr<Index>> {
            ARROW_ASSIGN_OR_RAISE(auto options, RecordIndexOptions::FromConfig(config));
            // SparkMetadataTableRecordIndex's fallback while record_index is not built.
            ARROW_ASSIGN_OR_RAISE(auto simple, SimpleIndexOptions::FromConfig(config, true));
            return std::make_unique<RecordIndex>(options, std::make_unique<SimpleIndex>(simple));
          }),
      "registering RECORD_INDEX");
  HOODIE_WARN_NOT_OK(
      registry->Register(
          "INMEMORY", {"org.apache.hudi.index.inmemory.HoodieInMemoryHashIndex"},
          [](const HoodieConfig&) -> ::arrow::Result<std::unique_ptr<Index>> {
            return std::make_unique<InMemoryIndex>();
          }),
      "registering INMEMORY");
}

}  // namespace

void RegisterBuiltinIndexes() {
  static std::once_flag once;
  std::call_once(once, [] { RegisterAll(IndexRegistry::Global()); });
}

::arrow::Result<std::unique_ptr<Index>> MakeIndex(const HoodieConfig& config) {
  RegisterBuiltinIndexes();
  // Java HoodieIndexUtils / SparkHoodieIndexFactory: a user class wins over the type.
  ARROW_ASSIGN_OR_RAISE(std::string index_class, config.Get(IndexConfig::kIndexClass));
  std::string name = index_class;
  if (name.empty()) {
    ARROW_ASSIGN_OR_RAISE(std::string type, config.Get(IndexConfig::kIndexType));
    name = type;  // matched ignoring case, as Hudi upper-cases it
  }
  if (IsUnsupportedType(name)) {
    return ::arrow::Status::NotImplemented(
        "index '", name, "' is not supported; supported types: ", kSupportedTypes);
  }
  return IndexRegistry::Global()->Make(name, config);
}

}  // namespace hoodie
