// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/storage/s3_retry_policy.cc
/// \brief S3aRetryPolicy: hadoop-aws' retry keys as Arrow's S3 retry strategy.

#include <algorithm>
#include <mutex>
#include <random>

#include "hoodie/config/s3a_config.h"
#include "hoodie/net/aws_errors.h"
#include "hoodie/storage/s3_options_internal.h"

namespace hoodie::internal {
namespace {

// The longest a single wait grows to, whatever the retry's number: doubling 20 times
// from 100 ms would otherwise wait a day.
constexpr int64_t kLongestWaitMs = 30'000;

class PolicyStrategy : public ::arrow::fs::S3RetryStrategy {
 public:
  explicit PolicyStrategy(S3aRetryPolicy policy) : policy_(policy) {}

  bool ShouldRetry(const AWSErrorDetail& error, int64_t attempted_retries) override {
    if (S3aRetryPolicy::IsThrottling(error)) {
      return attempted_retries < policy_.throttle_retries;
    }
    return error.should_retry && attempted_retries < policy_.transient_retries;
  }

  int64_t CalculateDelayBeforeNextRetry(const AWSErrorDetail& error,
                                        int64_t attempted_retries) override {
    double random;
    {
      std::lock_guard<std::mutex> lock(mutex_);
      random = std::uniform_real_distribution<double>(0.0, 1.0)(engine_);
    }
    return policy_.DelayMs(error, attempted_retries, random);
  }

 private:
  S3aRetryPolicy policy_;
  std::mutex mutex_;
  std::mt19937_64 engine_{std::random_device{}()};
};

}  // namespace

::arrow::Result<S3aRetryPolicy> S3aRetryPolicy::FromConfig(const HoodieConfig& config) {
  ARROW_ASSIGN_OR_RAISE(int32_t attempts, config.Get(S3aConfig::kAttemptsMaximum));
  ARROW_ASSIGN_OR_RAISE(int32_t limit, config.Get(S3aConfig::kRetryLimit));
  ARROW_ASSIGN_OR_RAISE(std::string interval, config.Get(S3aConfig::kRetryInterval));
  ARROW_ASSIGN_OR_RAISE(int32_t throttle, config.Get(S3aConfig::kRetryThrottleLimit));
  ARROW_ASSIGN_OR_RAISE(std::string throttle_interval,
                        config.Get(S3aConfig::kRetryThrottleInterval));
  S3aRetryPolicy policy;
  policy.transient_retries =
      (static_cast<int64_t>(limit) + 1) * (static_cast<int64_t>(attempts) + 1) - 1;
  ARROW_ASSIGN_OR_RAISE(policy.transient_interval_ms, S3aConfig::DurationMillis(interval));
  policy.throttle_retries = throttle;
  ARROW_ASSIGN_OR_RAISE(policy.throttle_interval_ms,
                        S3aConfig::DurationMillis(throttle_interval));
  return policy;
}

bool S3aRetryPolicy::IsThrottling(
    const ::arrow::fs::S3RetryStrategy::AWSErrorDetail& error) {
  // hadoop-aws' S3AUtils maps 503 and the throttling codes to its throttling exception.
  if (IsAwsThrottlingCode(error.exception_name)) return true;
  // An answer without a body has no error code: S3 throttles a HEAD with a bare 503,
  // which the SDK reports so (hadoop-aws takes every 503 for throttling). Arrow's error
  // detail has no status code; the SDK's message is what tells an answer without a body
  // from a connection that failed (which is transient).
  return error.exception_name.empty() && error.should_retry &&
         error.message.find("No response body") != std::string::npos;
}

int64_t S3aRetryPolicy::DelayMs(const ::arrow::fs::S3RetryStrategy::AWSErrorDetail& error,
                                int64_t retry, double random) const {
  if (!IsThrottling(error)) {
    return std::min(kLongestWaitMs, transient_interval_ms * (retry + 1));
  }
  const int64_t doubled = throttle_interval_ms << std::min<int64_t>(retry, 20);
  const double spread = 0.5 + random;  // +/-50%
  return std::min(kLongestWaitMs, static_cast<int64_t>(static_cast<double>(doubled) * spread));
}

std::shared_ptr<::arrow::fs::S3RetryStrategy> S3aRetryPolicy::MakeStrategy() const {
  return std::make_shared<PolicyStrategy>(*this);
}

}  // namespace hoodie::internal
