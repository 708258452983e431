// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/sql/api.h
/// \brief The public API of hoodie's SQL component (libhoodie_sql, hoodie::sql):
/// RegisterSqlComponent, which adds SqlSource and the SQL transformers to the streamer,
/// and the SqlEngine they run on (embedded DuckDB over Arrow streams).
#pragma once

#include "hoodie/sql/java_date_pattern.h"
#include "hoodie/sql/sql_component.h"
#include "hoodie/sql/sql_engine.h"
