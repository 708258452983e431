// SPDX-License-Identifier: Apache-2.0
/// \file python/src/python_options.h
/// \brief The `options` and `storage_options` of the Python API as one HoodieConfig,
/// checked strictly: a Python caller gets an InvalidOptionError for a key hoodie does
/// not know (the CLI only warns), a malformed value or a refused option.
#pragma once

#include <map>
#include <string>

#include "hoodie/config/hoodie_config.h"

namespace hoodie::python {

using OptionMap = std::map<std::string, std::string>;

/// `options` (Hudi keys) with `storage_options` (the storage keys of the object
/// stores: fs.s3a.*, fs.gs.*, fs.azure.*, their spark.hadoop. spellings, and
/// hoodie.storage.*) over them. Throws StatusError (InvalidOptionError) naming the key.
HoodieConfig ConfigOf(const OptionMap& options, const OptionMap& storage_options);

}  // namespace hoodie::python
