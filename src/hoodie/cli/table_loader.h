// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/cli/table_loader.h
/// \brief Opens the table a command names by path or URI.
#pragma once

#include <memory>
#include <string>

#include <arrow/result.h>

#include "hoodie/table/table_meta_client.h"

namespace hoodie::cli {

/// Resolves `path_or_uri` to a storage and opens the table there (errors as
/// TableMetaClient::Load, prefixed with nothing: they already name the path).
::arrow::Result<std::shared_ptr<TableMetaClient>> OpenTable(const std::string& path_or_uri);

}  // namespace hoodie::cli
