// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/index/simple_index.cc
/// \brief SIMPLE and GLOBAL_SIMPLE indexes.
#include "hoodie/index/simple_index.h"

#include "hoodie/config/hoodie_config.h"
#include "hoodie/config/index_config.h"
#include "hoodie/index/index_lookup_internal.h"
#include "hoodie/table/table_meta_client.h"

namespace hoodie {

::arrow::Result<SimpleIndexOptions> SimpleIndexOptions::FromConfig(
    const HoodieConfig& config, bool global) {
  SimpleIndexOptions options;
  options.global = global;
  ARROW_ASSIGN_OR_RAISE(options.update_partition_path,
                        config.Get(IndexConfig::kSimpleUpdatePartitionPath));
  // Spark sizes its join shuffle with these; here they cap concurrent file reads.
  ARROW_ASSIGN_OR_RAISE(options.parallelism,
                        config.Get(global ? IndexConfig::kGlobalSimpleIndexParallelism
                                          : IndexConfig::kSimpleIndexParallelism));
  // hoodie.simple.index.use.caching and .input.storage.level only choose how Spark
  // persists the input; they do not change results and have nothing to map to here.
  return options;
}

::arrow::Result<TaggedLocations> SimpleIndex::TagLocation(
    const KeyViews& keys, const TableMetaClient& table,
    const FileSystemView& view) const {
  ARROW_ASSIGN_OR_RAISE(std::vector<internal::IndexedFile> files,
                        internal::FilesToProbe(keys, table, view, options_.global));
  if (files.empty()) return TaggedLocations(keys.size());
  auto wanted = internal::KeysByPartition(keys, options_.global);
  std::vector<std::vector<std::string>> found(files.size());
  ARROW_RETURN_NOT_OK(internal::ParallelForEach(
      files.size(), options_.parallelism, [&](size_t i) -> ::arrow::Status {
        std::string_view bucket =
            options_.global ? std::string_view() : files[i].partition_path;
        ARROW_ASSIGN_OR_RAISE(
            found[i],
            internal::FindKeysInFile(table.storage(), files[i], wanted.at(bucket)));
        return ::arrow::Status::OK();
      }));
  return internal::ResolveTags(keys, files, found,
                               {options_.global, options_.update_partition_path});
}

}  // namespace hoodie
