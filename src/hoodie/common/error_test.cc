// SPDX-License-Identifier: Apache-2.0
#include "hoodie/common/error.h"

#include <gtest/gtest.h>

namespace hoodie {

TEST(ErrorTest, AttachesAndDetectsCode) {
  auto st = WithErrorCode(::arrow::Status::Invalid("table version 8 is not supported"),
                          ErrorCode::kUnsupportedTableVersion);
  EXPECT_TRUE(st.IsInvalid());
  EXPECT_TRUE(IsUnsupportedTableVersion(st));
  EXPECT_FALSE(IsNotATable(st));
  EXPECT_NE(st.ToString().find("table version 8"), std::string::npos);
}

TEST(ErrorTest, PlainStatusHasNoCode) {
  EXPECT_FALSE(HasErrorCode(::arrow::Status::IOError("x"), ErrorCode::kNotATable));
  EXPECT_FALSE(HasErrorCode(::arrow::Status::OK(), ErrorCode::kNotATable));
}

}  // namespace hoodie
