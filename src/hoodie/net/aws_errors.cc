// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/net/aws_errors.cc
#include "hoodie/net/aws_errors.h"

#include <algorithm>
#include <array>

namespace hoodie {

bool IsAwsThrottlingCode(std::string_view code) {
  static constexpr std::array<std::string_view, 7> kThrottling = {
      "SlowDown",         "Throttling",      "ThrottlingException",      "RequestLimitExceeded",
      "TooManyRequests",  "TooManyRequestsException", "RequestThrottled"};
  return std::find(kThrottling.begin(), kThrottling.end(), code) != kThrottling.end();
}

}  // namespace hoodie
