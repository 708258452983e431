// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/storage/s3_retry_policy_test.cc
/// \brief S3aRetryPolicy: hadoop-aws' retry keys, the throttling a store answers, and
/// the waits between tries. Against a store that throttles and drops connections:
/// cli/object_store_faults_test.cc.
#include <gtest/gtest.h>

#include "hoodie/config/hoodie_config.h"
#include "hoodie/config/s3a_config.h"
#include "hoodie/storage/s3_options_internal.h"
#include "hoodie/testing/matchers.h"

namespace hoodie::internal {
namespace {

using ::hoodie::testing::StatusMessageHas;
using Error = ::arrow::fs::S3RetryStrategy::AWSErrorDetail;

Error Throttled() { return {.error_type = 0, .message = "Please reduce your request rate.",
                            .exception_name = "SlowDown", .should_retry = true}; }
Error Transient() { return {.error_type = 0, .message = "We encountered an internal error.",
                            .exception_name = "InternalError", .should_retry = true}; }
Error Final() { return {.error_type = 0, .message = "Access Denied",
                        .exception_name = "AccessDenied", .should_retry = false}; }

TEST(S3aRetryPolicyTest, DefaultsAreHoodiesAndHadoopsIntervals) {
  ASSERT_OK_AND_ASSIGN(auto policy, S3aRetryPolicy::FromConfig(HoodieConfig()));
  EXPECT_EQ(policy.transient_retries, 2);  // attempts.maximum 2, retry.limit 0
  EXPECT_EQ(policy.transient_interval_ms, 500);
  EXPECT_EQ(policy.throttle_retries, 20);
  EXPECT_EQ(policy.throttle_interval_ms, 100);
}

TEST(S3aRetryPolicyTest, TheTwoLayersMultiplyAsInHadoopAws) {
  HoodieConfig config;
  config.Set("spark.hadoop.fs.s3a.attempts.maximum", "2")
      .Set("fs.s3a.retry.limit", "3")
      .Set("fs.s3a.retry.interval", "2s")
      .Set("fs.s3a.retry.throttle.limit", "5")
      .Set("fs.s3a.retry.throttle.interval", "1m");
  ASSERT_OK_AND_ASSIGN(auto policy, S3aRetryPolicy::FromConfig(config));
  EXPECT_EQ(policy.transient_retries, 11);  // 4 x 3 tries
  EXPECT_EQ(policy.transient_interval_ms, 2000);
  EXPECT_EQ(policy.throttle_retries, 5);
  EXPECT_EQ(policy.throttle_interval_ms, 60'000);
}

TEST(S3aRetryPolicyTest, BadDurationsAreRefusedNamingTheKey) {
  HoodieConfig config;
  config.Set("fs.s3a.retry.throttle.interval", "fast");
  EXPECT_THAT(S3aRetryPolicy::FromConfig(config).status(),
              StatusMessageHas("fs.s3a.retry.throttle.interval"));
  EXPECT_THAT(S3aRetryPolicy::FromConfig(config).status(), StatusMessageHas("500ms"));
  EXPECT_EQ(*S3aConfig::DurationMillis("750"), 750);
  EXPECT_EQ(*S3aConfig::DurationMillis("3s"), 3000);
  EXPECT_EQ(*S3aConfig::DurationMillis("2h"), 7'200'000);
  EXPECT_EQ(*S3aConfig::DurationMillis("5000us"), 5);
  EXPECT_FALSE(S3aConfig::DurationMillis("ms").ok());
  EXPECT_FALSE(S3aConfig::DurationMillis("1.5s").ok());
  EXPECT_FALSE(S3aConfig::DurationMillis("-1s").ok());
}

TEST(S3aRetryPolicyTest, ThrottlingIsToldFromOtherFailures) {
  EXPECT_TRUE(S3aRetryPolicy::IsThrottling(Throttled()));
  Error throttling = Transient();
  throttling.exception_name = "ThrottlingException";
  EXPECT_TRUE(S3aRetryPolicy::IsThrottling(throttling));
  EXPECT_FALSE(S3aRetryPolicy::IsThrottling(Transient()));
  // A throttled HEAD: a bare 503, as the SDK reports an answer without a body.
  EXPECT_TRUE(S3aRetryPolicy::IsThrottling(
      {.error_type = 100, .message = "No response body.", .exception_name = "",
       .should_retry = true}));
  EXPECT_FALSE(S3aRetryPolicy::IsThrottling(
      {.error_type = 99, .message = "curlCode: 7, Couldn't connect to server",
       .exception_name = "", .should_retry = true}));
  EXPECT_FALSE(S3aRetryPolicy::IsThrottling(Final()));
}

TEST(S3aRetryPolicyTest, EachKindHasItsOwnLimit) {
  S3aRetryPolicy policy;
  policy.transient_retries = 1;
  policy.throttle_retries = 3;
  auto strategy = policy.MakeStrategy();
  EXPECT_TRUE(strategy->ShouldRetry(Throttled(), 2));
  EXPECT_FALSE(strategy->ShouldRetry(Throttled(), 3));
  EXPECT_TRUE(strategy->ShouldRetry(Transient(), 0));
  EXPECT_FALSE(strategy->ShouldRetry(Transient(), 1));
  EXPECT_FALSE(strategy->ShouldRetry(Final(), 0));  // the SDK says it cannot help
}

TEST(S3aRetryPolicyTest, ThrottledWaitsDoubleWithinHalfAndHalfAgain) {
  S3aRetryPolicy policy;
  policy.throttle_interval_ms = 100;
  policy.transient_interval_ms = 500;
  EXPECT_EQ(policy.DelayMs(Throttled(), 0, 0.0), 50);
  EXPECT_EQ(policy.DelayMs(Throttled(), 0, 0.5), 100);
  EXPECT_EQ(policy.DelayMs(Throttled(), 2, 0.5), 400);
  EXPECT_EQ(policy.DelayMs(Throttled(), 2, 0.999), 599);
  EXPECT_EQ(policy.DelayMs(Throttled(), 19, 0.5), 30'000);  // no wait beyond 30 s
  // Transient failures wait the interval times the retry's number, as S3A's policy.
  EXPECT_EQ(policy.DelayMs(Transient(), 0, 0.9), 500);
  EXPECT_EQ(policy.DelayMs(Transient(), 2, 0.1), 1500);
}

}  // namespace
}  // namespace hoodie::internal
