// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/sql/type_fwd.h
/// \brief Forward declarations of the SQL component's types.
#pragma once

namespace hoodie {

struct CivilTime;
class JavaDatePattern;
class SqlEngine;
struct SqlEngineOptions;

}  // namespace hoodie
