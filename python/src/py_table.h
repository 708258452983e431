// SPDX-License-Identifier: Apache-2.0
/// \file python/src/py_table.h
/// \brief PyTable, the C++ side of hoodie.Table: an opened table and the options its
/// reads and services take.
#pragma once

#include <memory>
#include <string>

#include <nanobind/nanobind.h>

#include "hoodie/client/table.h"
#include "hoodie/config/hoodie_config.h"
#include "python_options.h"

namespace hoodie::python {

struct PyTable {
  /// The path or URI it was opened with.
  std::string uri;
  std::unique_ptr<Table> table;
  /// The options and storage options it was opened with, checked.
  HoodieConfig config;

  static PyTable Open(const std::string& path, const OptionMap& options,
                      const OptionMap& storage_options);
  const std::shared_ptr<TableMetaClient>& meta_client() const {
    return table->meta_client();
  }
};

/// Adds the table services to the class (table_services_binding.cc).
void BindTableServices(nanobind::class_<PyTable>& cls);

}  // namespace hoodie::python
