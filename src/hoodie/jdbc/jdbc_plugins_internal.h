// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/jdbc/jdbc_plugins_internal.h
/// \brief How the JDBC component's plug-ins register (RegisterJdbcComponent calls each).
#pragma once

#include <arrow/status.h>

namespace hoodie {
class SchemaProviderRegistry;
class SourceRegistry;
namespace internal {

/// JdbcSource.
::arrow::Status RegisterJdbcSource(SourceRegistry* registry);
/// JdbcbasedSchemaProvider (also `jdbc`).
::arrow::Status RegisterJdbcSchemaProvider(SchemaProviderRegistry* registry);

}  // namespace internal
}  // namespace hoodie
