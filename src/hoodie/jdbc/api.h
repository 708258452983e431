// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/jdbc/api.h
/// \brief The public API of hoodie's JDBC component (libhoodie_jdbc, hoodie::jdbc):
/// RegisterJdbcComponent, which adds JdbcSource and JdbcbasedSchemaProvider to the
/// streamer, and the database connections they read through.
#pragma once

#include "hoodie/jdbc/database_connection.h"
#include "hoodie/jdbc/jdbc_component.h"
#include "hoodie/jdbc/jdbc_options.h"
#include "hoodie/jdbc/jdbc_url.h"
