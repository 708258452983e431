// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/storage/storage_text.cc
/// \brief ReadTextFile and PropertiesReader.

#include "hoodie/storage/storage_text.h"

#include <utility>

namespace hoodie {

::arrow::Result<std::string> ReadTextFile(const std::string& uri,
                                          const StorageOptions& options) {
  std::string path;
  ARROW_ASSIGN_OR_RAISE(std::shared_ptr<Storage> storage,
                        Storage::FromUri(uri, &path, options));
  auto text = storage->ReadAll(path);
  if (!text.ok()) {
    return text.status().WithMessage("cannot read ", uri, ": ", text.status().message());
  }
  return text;
}

HoodieConfig::TextFileReader PropertiesReader(StorageOptions options) {
  return [options = std::move(options)](const std::string& uri) {
    return ReadTextFile(uri, options);
  };
}

}  // namespace hoodie
