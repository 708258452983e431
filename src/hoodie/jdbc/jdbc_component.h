// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/jdbc/jdbc_component.h
/// \brief hoodie's JDBC component (libhoodie_jdbc, CMake target hoodie::jdbc): the
/// streamer plug-ins that read databases, PostgreSQL through libpq and SQLite files,
/// kept out of libhoodie so that a program that does not read databases links neither.
#pragma once

#include <arrow/status.h>

#include "hoodie/visibility.h"

namespace hoodie {

/// \brief Registers JdbcSource in the streamer's source registry and
/// JdbcbasedSchemaProvider (also `jdbc`) in its schema provider registry, taking over
/// the names libhoodie reserves for them; until then making them is refused naming
/// this component. Explicit rather than on load, as every builtin plug-in family
/// registers (STYLE.md section 5).
///
/// Idempotent and thread-safe: later calls return the first call's status (OK, or
/// AlreadyExists when another library registered one of these names first).
HOODIE_EXPORT ::arrow::Status RegisterJdbcComponent();

}  // namespace hoodie
