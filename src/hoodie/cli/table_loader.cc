// SPDX-License-Identifier: Apache-2.0
#include "hoodie/cli/table_loader.h"

#include "hoodie/storage/storage.h"

namespace hoodie::cli {

::arrow::Result<std::shared_ptr<TableMetaClient>> OpenTable(const std::string& path_or_uri) {
  std::string path;
  ARROW_ASSIGN_OR_RAISE(auto storage, Storage::FromUri(path_or_uri, &path));
  return TableMetaClient::Load(std::move(storage), path);
}

}  // namespace hoodie::cli
