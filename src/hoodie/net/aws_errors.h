// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/net/aws_errors.h
/// \brief What AWS error codes mean for a retry, shared by the S3 storage's retry policy
/// and the SQS client.
#pragma once

#include <string_view>

#include "hoodie/visibility.h"

namespace hoodie {

/// True for the error codes AWS services and S3-compatible stores answer when they
/// throttle (the AWS SDK's throttling set, with S3's SlowDown, which hadoop-aws' S3AUtils
/// also maps to its throttling exception).
HOODIE_EXPORT bool IsAwsThrottlingCode(std::string_view code);

}  // namespace hoodie
