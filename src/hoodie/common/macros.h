// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/common/macros.h
/// \brief hoodie's own status macro. Errors propagate with Arrow's macros as they are
/// (ARROW_RETURN_NOT_OK, ARROW_ASSIGN_OR_RAISE, ARROW_RETURN_IF; STYLE.md section 4),
/// which this header brings in; there are no aliases of them.
#pragma once

#include <arrow/result.h>
#include <arrow/status.h>

#include "hoodie/common/logging.h"

/// Drops a Status on purpose, logging it as a warning; use where failure is harmless
/// (best-effort cleanup) so every ignored error is visible in review and in logs.
#define HOODIE_WARN_NOT_OK(expr, what)                                   \
  do {                                                                   \
    ::arrow::Status _hoodie_st = (expr);                                 \
    if (!_hoodie_st.ok()) {                                              \
      ::hoodie::LogWarning(std::string(what) + ": " + _hoodie_st.ToString()); \
    }                                                                    \
  } while (false)
