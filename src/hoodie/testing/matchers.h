// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/testing/matchers.h
/// \brief GoogleTest assertions for arrow::Status / arrow::Result and hoodie error codes.
#pragma once

#include <arrow/result.h>
#include <arrow/status.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "hoodie/common/error.h"

#define HOODIE_TESTING_CONCAT_INNER(a, b) a##b
#define HOODIE_TESTING_CONCAT(a, b) HOODIE_TESTING_CONCAT_INNER(a, b)

#define ASSERT_OK(expr)                                                \
  do {                                                                 \
    ::arrow::Status _st = ::arrow::ToStatus(expr);                     \
    ASSERT_TRUE(_st.ok()) << "'" #expr "' failed: " << _st.ToString(); \
  } while (false)

#define EXPECT_OK(expr)                                                \
  do {                                                                 \
    ::arrow::Status _st = ::arrow::ToStatus(expr);                     \
    EXPECT_TRUE(_st.ok()) << "'" #expr "' failed: " << _st.ToString(); \
  } while (false)

#define HOODIE_ASSERT_OK_AND_ASSIGN_IMPL(result_name, lhs, rexpr)    \
  auto result_name = (rexpr);                                        \
  ASSERT_TRUE(result_name.ok())                                      \
      << "'" #rexpr "' failed: " << result_name.status().ToString(); \
  lhs = std::move(result_name).ValueUnsafe();

#define ASSERT_OK_AND_ASSIGN(lhs, rexpr)                                              \
  HOODIE_ASSERT_OK_AND_ASSIGN_IMPL(HOODIE_TESTING_CONCAT(_result_, __COUNTER__), lhs, \
                                   rexpr)

/// Asserts that `expr` fails with the Arrow status code `code` (Invalid, IOError, ...).
#define ASSERT_RAISES(code, expr)                                          \
  do {                                                                     \
    ::arrow::Status _st = ::arrow::ToStatus(expr);                         \
    ASSERT_TRUE(_st.Is##code())                                            \
        << "expected " #code " from '" #expr "', got: " << _st.ToString(); \
  } while (false)

// Expects `expr` (an arrow::Result) to be OK with a value matching `matcher`.
#define EXPECT_RESULT_THAT(expr, matcher) \
  do {                                    \
    auto result_ = (expr);                \
    ASSERT_OK(result_.status());          \
    EXPECT_THAT(*result_, matcher);       \
  } while (false)

namespace hoodie::testing {

/// Matches a Status (or Result) whose message contains `substring`.
MATCHER_P(StatusMessageHas, substring, "") {
  ::arrow::Status st = ::arrow::ToStatus(arg);
  *result_listener << "status is " << st.ToString();
  return !st.ok() && st.message().find(substring) != std::string::npos;
}

/// Matches a Status (or Result) carrying the hoodie ErrorCode `code`.
MATCHER_P(HasErrorCode, code, "") {
  ::arrow::Status st = ::arrow::ToStatus(arg);
  *result_listener << "status is " << st.ToString();
  return ::hoodie::HasErrorCode(st, code);
}

}  // namespace hoodie::testing
