// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/storage/storage_text.h
/// \brief Reading small text files (properties, schemas) by path or URI through Storage.
#pragma once

#include <string>

#include <arrow/result.h>

#include "hoodie/config/hoodie_config.h"
#include "hoodie/storage/storage.h"
#include "hoodie/visibility.h"

namespace hoodie {

/// The whole text of `uri` (a local path or a URI such as s3://bucket/key), read through
/// the storage Storage::FromUri resolves with `options`. IOError names the file.
HOODIE_EXPORT ::arrow::Result<std::string> ReadTextFile(const std::string& uri,
                                          const StorageOptions& options);

/// A reader for HoodieConfig::LoadPropertiesFile that reads through Storage (with
/// `options`), so that properties files and their includes may live on an object store
/// (LoadPropertiesFile reads plain local paths itself).
HOODIE_EXPORT HoodieConfig::TextFileReader PropertiesReader(StorageOptions options);

}  // namespace hoodie
