// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/common/macros.h
/// \brief Status propagation macros; thin aliases over Arrow's so grep finds our uses.
#pragma once

#include <arrow/result.h>
#include <arrow/status.h>

#include "hoodie/common/logging.h"

#define HOODIE_RETURN_NOT_OK(expr) ARROW_RETURN_NOT_OK(expr)
#define HOODIE_ASSIGN_OR_RAISE(lhs, rexpr) ARROW_ASSIGN_OR_RAISE(lhs, rexpr)
#define HOODIE_RETURN_IF(cond, status) ARROW_RETURN_IF(cond, status)

/// Drops a Status on purpose, logging it as a warning; use where failure is harmless
/// (best-effort cleanup) so every ignored error is visible in review and in logs.
#define HOODIE_WARN_NOT_OK(expr, what)                                   \
  do {                                                                   \
    ::arrow::Status _hoodie_st = (expr);                                 \
    if (!_hoodie_st.ok()) {                                              \
      ::hoodie::LogWarning(std::string(what) + ": " + _hoodie_st.ToString()); \
    }                                                                    \
  } while (false)
