// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/config/s3a_config.cc
/// \brief Declarations of the Hadoop S3A keys hoodie honours, accepts or refuses.
#include "hoodie/config/s3a_config.h"

#include <string>
#include <string_view>
#include <utility>

#include "hoodie/config/config_registry.h"
#include "hoodie/config/s3a_credential_providers.h"

namespace hoodie {

namespace v = config_validators;

namespace {

constexpr std::string_view kGroup = "Hadoop S3A (s3://, s3a://, s3n://)";

::arrow::Status KnownProviders(const std::string& value) {
  for (std::string_view name : SplitProviderList(value)) {
    if (!S3aCredentialProviderOf(name)) {
      return ::arrow::Status::Invalid("unknown credentials provider '", name,
                                      "'; hoodie knows ", KnownS3aCredentialProviders());
    }
  }
  return ::arrow::Status::OK();
}

::arrow::Status Duration(const std::string& value) {
  return S3aConfig::DurationMillis(value).status();
}

::arrow::Status PositiveMillis(const int32_t& value) {
  if (value > 0) return ::arrow::Status::OK();
  return ::arrow::Status::Invalid("must be a positive number of milliseconds");
}

}  // namespace

const ConfigProperty<std::string> S3aConfig::kAccessKey{
    .key = "fs.s3a.access.key",
    .doc = "AWS access key id. With fs.s3a.secret.key, it is the credential of "
           "SimpleAWSCredentialsProvider, the first S3A tries; it overrides "
           "AWS_ACCESS_KEY_ID.",
    .aliases = {{.key = "spark.hadoop.fs.s3a.access.key"}},
    .group = kGroup,
    .secret = true};

const ConfigProperty<std::string> S3aConfig::kSecretKey{
    .key = "fs.s3a.secret.key",
    .doc = "AWS secret access key (never shown: output, logs and errors say <redacted>).",
    .aliases = {{.key = "spark.hadoop.fs.s3a.secret.key"}},
    .group = kGroup,
    .secret = true};

const ConfigProperty<std::string> S3aConfig::kSessionToken{
    .key = "fs.s3a.session.token",
    .doc = "Session token of temporary credentials (TemporaryAWSCredentialsProvider), "
           "with fs.s3a.access.key and fs.s3a.secret.key.",
    .aliases = {{.key = "spark.hadoop.fs.s3a.session.token"}},
    .group = kGroup,
    .secret = true};

const ConfigProperty<std::string> S3aConfig::kCredentialsProvider{
    .key = "fs.s3a.aws.credentials.provider",
    .doc = "Comma-separated credential providers, tried in order; the first that has "
           "credentials is used. Unset: temporary keys, then access keys (both from "
           "fs.s3a.*), then the AWS_* environment, then the AWS default chain (profiles, "
           "web identity, container and instance metadata), as hadoop-aws 3.3 does.",
    .aliases = {{.key = "spark.hadoop.fs.s3a.aws.credentials.provider"}},
    .validate = KnownProviders,
    .group = kGroup};

const ConfigProperty<std::string> S3aConfig::kEndpoint{
    .key = "fs.s3a.endpoint",
    .doc = "S3 endpoint (host[:port], or a URL with http:// or https://). Without a "
           "scheme it is https unless fs.s3a.connection.ssl.enabled=false. It overrides "
           "AWS_ENDPOINT_URL; with it set, hoodie never asks AWS for the bucket's region.",
    .aliases = {{.key = "spark.hadoop.fs.s3a.endpoint"}},
    .group = kGroup};

const ConfigProperty<std::string> S3aConfig::kEndpointRegion{
    .key = "fs.s3a.endpoint.region",
    .doc = "Region requests are signed for. Unset: the region of an AWS endpoint's name "
           "(s3.eu-west-1.amazonaws.com), else AWS_REGION, else us-east-1 when an endpoint "
           "is set, else the bucket's region as AWS reports it.",
    .aliases = {{.key = "spark.hadoop.fs.s3a.endpoint.region"}},
    .group = kGroup};

const ConfigProperty<bool> S3aConfig::kPathStyleAccess{
    .key = "fs.s3a.path.style.access",
    .default_value = false,
    .doc = "true: path-style requests (endpoint/bucket/key), as MinIO and most "
           "S3-compatible servers need; false: virtual-host style (bucket.endpoint/key), "
           "except for an endpoint given as an IPv4 address, as the AWS SDK does.",
    .aliases = {{.key = "spark.hadoop.fs.s3a.path.style.access"}},
    .group = kGroup};

const ConfigProperty<bool> S3aConfig::kSslEnabled{
    .key = "fs.s3a.connection.ssl.enabled",
    .default_value = true,
    .doc = "Whether an fs.s3a.endpoint without a scheme is reached over https.",
    .aliases = {{.key = "spark.hadoop.fs.s3a.connection.ssl.enabled"}},
    .group = kGroup};

const ConfigProperty<bool> S3aConfig::kCreateConditional{
    .key = "fs.s3a.create.conditional.enabled",
    .default_value = true,
    .doc = "true: a file that must not exist yet (an instant of the timeline, "
           "hoodie.properties' backup) is created with one conditional PUT "
           "(If-None-Match: *), so that of racing writers in any process exactly one "
           "succeeds, as hadoop-aws 3.4.2's key of this name does; S3 has honoured it "
           "since 2024. false: a HEAD then a PUT, which excludes racers only within one "
           "process; for S3-compatible stores that ignore the header.",
    .aliases = {{.key = "spark.hadoop.fs.s3a.create.conditional.enabled"}},
    .group = kGroup};

const ConfigProperty<int32_t> S3aConfig::kAttemptsMaximum{
    .key = "fs.s3a.attempts.maximum",
    .default_value = 2,
    .doc = "Retries of a request that failed for a transient reason (a 5xx answer, a "
           "timeout, a dropped connection), the AWS SDK's own retry layer; with "
           "fs.s3a.retry.limit over it, as in hadoop-aws. Throttled requests are retried "
           "by fs.s3a.retry.throttle.limit instead.",
    .aliases = {{.key = "spark.hadoop.fs.s3a.attempts.maximum"}},
    .validate = v::NonNegativeInt32,
    .group = kGroup,
    .hudi_0_15_default = "20 (hadoop-aws 3.3.4)",
    .override_reason = "hadoop-aws 3.3.4 retries 20 times: an endpoint that does not "
                       "answer would hold a command for 21 connect timeouts"};

const ConfigProperty<int32_t> S3aConfig::kEstablishTimeout{
    .key = "fs.s3a.connection.establish.timeout",
    .doc = "Milliseconds to open a connection. Unset: hoodie.storage.timeout.seconds.",
    .aliases = {{.key = "spark.hadoop.fs.s3a.connection.establish.timeout"}},
    .validate = PositiveMillis,
    .group = kGroup};

const ConfigProperty<int32_t> S3aConfig::kConnectionTimeout{
    .key = "fs.s3a.connection.timeout",
    .doc = "Milliseconds a request may go without receiving a byte before it fails "
           "(and is retried). Unset: hoodie.storage.timeout.seconds.",
    .aliases = {{.key = "spark.hadoop.fs.s3a.connection.timeout"}},
    .validate = PositiveMillis,
    .group = kGroup};

const ConfigProperty<int32_t> S3aConfig::kRetryLimit{
    .key = "fs.s3a.retry.limit",
    .default_value = 0,
    .doc = "S3A's retries of a request that failed for a transient reason, over the "
           "client's (fs.s3a.attempts.maximum): such a request is tried (retry.limit + 1) "
           "x (attempts.maximum + 1) times, as hadoop-aws' two layers try it, waiting "
           "fs.s3a.retry.interval x the retry's number between S3A's tries.",
    .aliases = {{.key = "spark.hadoop.fs.s3a.retry.limit"}},
    .validate = v::NonNegativeInt32,
    .group = kGroup,
    .hudi_0_15_default = "7 (hadoop-aws 3.3.4)",
    .override_reason = "with hadoop-aws' 7 over its 20 client retries, an endpoint that "
                       "does not answer would hold a command for 167 connect timeouts"};

const ConfigProperty<std::string> S3aConfig::kRetryInterval{
    .key = "fs.s3a.retry.interval",
    .default_value = "500ms",
    .doc = "The wait before S3A's first retry of a transient failure, growing with each "
           "retry (a Hadoop duration: 500ms, 2s, ...).",
    .aliases = {{.key = "spark.hadoop.fs.s3a.retry.interval"}},
    .validate = Duration,
    .group = kGroup};

const ConfigProperty<int32_t> S3aConfig::kRetryThrottleLimit{
    .key = "fs.s3a.retry.throttle.limit",
    .default_value = 20,
    .doc = "Retries of a throttled request (503 SlowDown, Throttling, RequestLimitExceeded) "
           "before the command fails naming the throttling.",
    .aliases = {{.key = "spark.hadoop.fs.s3a.retry.throttle.limit"}},
    .validate = v::NonNegativeInt32,
    .group = kGroup};

const ConfigProperty<std::string> S3aConfig::kRetryThrottleInterval{
    .key = "fs.s3a.retry.throttle.interval",
    .default_value = "100ms",
    .doc = "The first wait before retrying a throttled request; each further wait doubles, "
           "randomised by +/-50% so that throttled writers spread out (a Hadoop duration).",
    .aliases = {{.key = "spark.hadoop.fs.s3a.retry.throttle.interval"}},
    .validate = Duration,
    .group = kGroup};

::arrow::Result<int64_t> S3aConfig::DurationMillis(std::string_view value) {
  std::string_view number = value;
  while (!number.empty() && number.back() == ' ') number.remove_suffix(1);
  size_t digits = 0;
  while (digits < number.size() && number[digits] >= '0' && number[digits] <= '9') ++digits;
  const std::string_view unit = number.substr(digits);
  static constexpr std::pair<std::string_view, double> kUnits[] = {
      {"", 1},      {"ms", 1},         {"s", 1000},       {"m", 60'000},
      {"h", 3'600'000}, {"d", 86'400'000}, {"us", 0.001}, {"ns", 0.000001}};
  if (digits > 0 && digits <= 12) {
    const int64_t amount = std::stoll(std::string(number.substr(0, digits)));
    for (const auto& [name, millis] : kUnits) {
      if (unit == name) return static_cast<int64_t>(static_cast<double>(amount) * millis);
    }
  }
  return ::arrow::Status::Invalid("'", value, "' is not a duration: write a number with "
                                  "one of the units ns, us, ms, s, m, h, d (500ms, 2s)");
}

namespace {

// A key that only tunes the JVM client: both spellings are literals, since the registry
// keeps views of them.
ConfigProperty<std::string> JvmTuning(std::string_view key, std::string_view spark_key,
                                      std::string_view note) {
  return {.key = key,
          .doc = note,
          .aliases = {{.key = spark_key}},
          .group = kGroup,
          .support = ConfigSupport::kNoEffect,
          .support_note = note};
}

}  // namespace

const ConfigProperty<std::string> S3aConfig::kJvmTuning[] = {
    JvmTuning("fs.s3a.impl", "spark.hadoop.fs.s3a.impl",
              "binds Hadoop's FileSystem class; hoodie's S3 client is Arrow's"),
    JvmTuning("fs.s3a.connection.maximum", "spark.hadoop.fs.s3a.connection.maximum",
              "the JVM client's HTTP pool"),
    JvmTuning("fs.s3a.threads.max", "spark.hadoop.fs.s3a.threads.max",
              "the JVM client's upload thread pool"),
    JvmTuning("fs.s3a.threads.keepalivetime", "spark.hadoop.fs.s3a.threads.keepalivetime",
              "the JVM client's upload thread pool"),
    JvmTuning("fs.s3a.max.total.tasks", "spark.hadoop.fs.s3a.max.total.tasks",
              "the JVM client's upload queue"),
    JvmTuning("fs.s3a.fast.upload", "spark.hadoop.fs.s3a.fast.upload",
              "the JVM client's upload buffering"),
    JvmTuning("fs.s3a.fast.upload.buffer", "spark.hadoop.fs.s3a.fast.upload.buffer",
              "the JVM client's upload buffering"),
    JvmTuning("fs.s3a.fast.upload.active.blocks", "spark.hadoop.fs.s3a.fast.upload.active.blocks",
              "the JVM client's upload buffering"),
    JvmTuning("fs.s3a.multipart.size", "spark.hadoop.fs.s3a.multipart.size",
              "the JVM client's part size; Arrow's S3 client sizes its own parts"),
    JvmTuning("fs.s3a.multipart.threshold", "spark.hadoop.fs.s3a.multipart.threshold",
              "the JVM client's multipart threshold"),
    JvmTuning("fs.s3a.block.size", "spark.hadoop.fs.s3a.block.size",
              "the block size Hadoop reports to Spark's splits"),
    JvmTuning("fs.s3a.readahead.range", "spark.hadoop.fs.s3a.readahead.range",
              "the JVM input stream's read-ahead"),
    JvmTuning("fs.s3a.experimental.input.fadvise", "spark.hadoop.fs.s3a.experimental.input.fadvise",
              "the JVM input stream's read policy"),
};

const ConfigProperty<std::string> S3aConfig::kOtherKeys{
    .key = "fs.s3a.",
    .doc = "Every other S3A key (encryption, per-bucket settings, assumed roles, S3Guard, "
           "committers, ...).",
    .aliases = {{.key = "spark.hadoop.fs.s3a."}},
    .group = kGroup,
    .support = ConfigSupport::kRefused,
    .support_note = "hoodie honours the fs.s3a keys listed in docs/configuration.md; "
                    "this one would change where or how bytes are stored",
    .accepted_value = kRefusedWhenSet,
    .secret = true};

void S3aConfig::Register(ConfigRegistry* registry) {
  registry->Add(kAccessKey);
  registry->Add(kSecretKey);
  registry->Add(kSessionToken);
  registry->Add(kCredentialsProvider);
  registry->Add(kEndpoint);
  registry->Add(kEndpointRegion);
  registry->Add(kPathStyleAccess);
  registry->Add(kSslEnabled);
  registry->Add(kCreateConditional);
  registry->Add(kAttemptsMaximum);
  registry->Add(kEstablishTimeout);
  registry->Add(kConnectionTimeout);
  registry->Add(kRetryLimit);
  registry->Add(kRetryInterval);
  registry->Add(kRetryThrottleLimit);
  registry->Add(kRetryThrottleInterval);
  for (const auto& key : kJvmTuning) registry->Add(key);
  registry->Add(kOtherKeys);
}

}  // namespace hoodie
