// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/sql/sql_plugins_internal.h
/// \brief How the SQL component's plug-ins register (RegisterSqlComponent calls each).
#pragma once

#include <arrow/status.h>

namespace hoodie {
class SourceRegistry;
class TransformerRegistry;
namespace internal {

/// SqlSource.
::arrow::Status RegisterSqlSource(SourceRegistry* registry);
/// SqlQueryBasedTransformer and SqlFileBasedTransformer.
::arrow::Status RegisterSqlTransformers(TransformerRegistry* registry);

}  // namespace internal
}  // namespace hoodie
