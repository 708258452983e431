// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/storage/s3_options.cc
/// \brief S3OptionsFor: Hadoop's S3A keys mapped onto Arrow's S3Options.

#include <optional>
#include <string_view>

#include "hoodie/config/hoodie_config.h"
#include "hoodie/config/s3a_config.h"
#include "hoodie/config/s3a_credential_providers.h"
#include "hoodie/storage/endpoint_internal.h"
#include "hoodie/storage/s3_options_internal.h"

namespace hoodie::internal {
namespace {

// The S3A keys a command set, parsed.
struct S3aKeys {
  std::optional<std::string> access_key;
  std::optional<std::string> secret_key;
  std::optional<std::string> session_token;
  std::optional<std::string> providers;
  std::optional<std::string> endpoint;
  std::optional<std::string> region;
  bool path_style = false;
  bool ssl = true;
  std::optional<int32_t> establish_ms;
  std::optional<int32_t> request_ms;
};

template <typename T>
::arrow::Result<std::optional<T>> Explicit(const HoodieConfig& config,
                                           const ConfigProperty<T>& prop) {
  if (!config.GetExplicit(prop)) return std::optional<T>();
  ARROW_ASSIGN_OR_RAISE(T value, config.Get(prop));
  return std::optional<T>(std::move(value));
}

::arrow::Result<S3aKeys> ReadKeys(const HoodieConfig& config) {
  S3aKeys keys;
  ARROW_ASSIGN_OR_RAISE(keys.access_key, Explicit(config, S3aConfig::kAccessKey));
  ARROW_ASSIGN_OR_RAISE(keys.secret_key, Explicit(config, S3aConfig::kSecretKey));
  ARROW_ASSIGN_OR_RAISE(keys.session_token, Explicit(config, S3aConfig::kSessionToken));
  ARROW_ASSIGN_OR_RAISE(keys.providers, Explicit(config, S3aConfig::kCredentialsProvider));
  ARROW_ASSIGN_OR_RAISE(keys.endpoint, Explicit(config, S3aConfig::kEndpoint));
  ARROW_ASSIGN_OR_RAISE(keys.region, Explicit(config, S3aConfig::kEndpointRegion));
  ARROW_ASSIGN_OR_RAISE(keys.path_style, config.Get(S3aConfig::kPathStyleAccess));
  ARROW_ASSIGN_OR_RAISE(keys.ssl, config.Get(S3aConfig::kSslEnabled));
  ARROW_ASSIGN_OR_RAISE(keys.establish_ms, Explicit(config, S3aConfig::kEstablishTimeout));
  ARROW_ASSIGN_OR_RAISE(keys.request_ms, Explicit(config, S3aConfig::kConnectionTimeout));
  return keys;
}

std::string_view HostOf(std::string_view authority) {
  return authority.substr(0, authority.find(':'));
}

bool IsIpv4(std::string_view host) {
  int dots = 0;
  for (char c : host) {
    if (c == '.') {
      ++dots;
    } else if (c < '0' || c > '9') {
      return false;
    }
  }
  return dots == 3;
}

// The region an AWS endpoint names: s3.<region>.amazonaws.com, s3-<region>.amazonaws.com
// or s3.dualstack.<region>.amazonaws.com.
std::optional<std::string> RegionOfAwsHost(std::string_view host) {
  constexpr std::string_view kSuffix = ".amazonaws.com";
  if (host.size() <= kSuffix.size() ||
      host.substr(host.size() - kSuffix.size()) != kSuffix) {
    return std::nullopt;
  }
  std::string_view name = host.substr(0, host.size() - kSuffix.size());
  for (std::string_view prefix : {"s3.dualstack.", "s3.", "s3-"}) {
    if (name.substr(0, prefix.size()) == prefix) {
      std::string_view region = name.substr(prefix.size());
      if (!region.empty() && region.find('.') == std::string_view::npos) {
        return std::string(region);
      }
    }
  }
  return std::nullopt;
}

std::optional<std::string> RegionFor(const S3aKeys& keys,
                                     const std::optional<Endpoint>& endpoint) {
  if (keys.region) return keys.region;
  if (endpoint) {
    if (auto named = RegionOfAwsHost(HostOf(endpoint->authority))) return named;
  }
  if (auto region = NonEmptyEnv("AWS_REGION")) return region;
  if (auto region = NonEmptyEnv("AWS_DEFAULT_REGION")) return region;
  // What the AWS SDK v1 inside hadoop-aws 3.3 signs for at an endpoint it cannot place.
  if (endpoint) return std::string("us-east-1");
  return std::nullopt;
}

// `uri` with the query parameters Arrow's S3Options::FromUri takes for what the keys
// decide, so that it never asks AWS for the bucket's region when they decide it.
std::string UriWithQuery(const std::string& uri, const std::optional<Endpoint>& endpoint,
                         const std::optional<std::string>& region) {
  std::string query;
  auto add = [&query](std::string_view name, std::string_view value) {
    query += (query.empty() ? "" : "&") + std::string(name) + "=" + std::string(value);
  };
  if (region) add("region", *region);
  if (endpoint) {
    add("endpoint_override", endpoint->authority);
    add("scheme", endpoint->scheme);
  }
  if (query.empty()) return uri;
  return uri + (uri.find('?') == std::string::npos ? "?" : "&") + query;
}

bool UriNamesCredentials(std::string_view uri) {
  const size_t start = uri.find("://");
  if (start == std::string_view::npos) return false;
  const std::string_view rest = uri.substr(start + 3);
  const size_t at = rest.find('@');
  return at != std::string_view::npos && at < rest.find('/');
}

// Configures the first provider of the chain that has credentials; false if none has.
bool ConfigureCredentials(const S3aKeys& keys, ::arrow::fs::S3Options* s3) {
  std::vector<S3aCredentialProvider> chain = DefaultS3aCredentialChain();
  if (keys.providers) {
    chain.clear();
    for (std::string_view name : SplitProviderList(*keys.providers)) {
      chain.push_back(*S3aCredentialProviderOf(name));  // checked by the key's validator
    }
  }
  for (S3aCredentialProvider provider : chain) {
    switch (provider) {
      case S3aCredentialProvider::kTemporary:
        if (!keys.access_key || !keys.secret_key || !keys.session_token) break;
        s3->ConfigureAccessKey(*keys.access_key, *keys.secret_key, *keys.session_token);
        return true;
      case S3aCredentialProvider::kSimple:
        if (!keys.access_key || !keys.secret_key) break;
        s3->ConfigureAccessKey(*keys.access_key, *keys.secret_key);
        return true;
      case S3aCredentialProvider::kEnvironment: {
        auto access = NonEmptyEnv("AWS_ACCESS_KEY_ID");
        auto secret = NonEmptyEnv("AWS_SECRET_ACCESS_KEY");
        if (!access || !secret) break;
        s3->ConfigureAccessKey(*access, *secret, NonEmptyEnv("AWS_SESSION_TOKEN").value_or(""));
        return true;
      }
      case S3aCredentialProvider::kAnonymous:
        s3->ConfigureAnonymousCredentials();
        return true;
      case S3aCredentialProvider::kDefaultChain:
        s3->ConfigureDefaultCredentials();
        return true;
      case S3aCredentialProvider::kWebIdentity:
        s3->ConfigureAssumeRoleWithWebIdentityCredentials();
        return true;
    }
  }
  return false;
}

}  // namespace

::arrow::Result<::arrow::fs::S3Options> S3OptionsFor(const std::string& uri,
                                                     const StorageOptions& options,
                                                     std::string* path) {
  ARROW_ASSIGN_OR_RAISE(S3aKeys keys,
                        ReadKeys(options.config ? *options.config : HoodieConfig()));
  std::optional<Endpoint> endpoint;
  if (keys.endpoint) {
    ARROW_ASSIGN_OR_RAISE(endpoint, ParseEndpoint(*keys.endpoint, keys.ssl ? "https" : "http",
                                                  S3aConfig::kEndpoint.key));
  }
  // A region only decides here when the keys have a say; otherwise Arrow reads the
  // environment (AWS_ENDPOINT_URL, AWS_REGION) and the SDK's profile as it always has.
  std::optional<std::string> region;
  if (keys.region || endpoint) region = RegionFor(keys, endpoint);
  ARROW_ASSIGN_OR_RAISE(::arrow::fs::S3Options s3, ::arrow::fs::S3Options::FromUri(
                                                       UriWithQuery(uri, endpoint, region),
                                                       path));
  if (!UriNamesCredentials(uri) && !ConfigureCredentials(keys, &s3)) {
    return ::arrow::Status::Invalid(
        "no S3 credentials for ", uri, ": none of fs.s3a.aws.credentials.provider (",
        *keys.providers, ") has any; set fs.s3a.access.key and fs.s3a.secret.key, or "
        "AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, or name another provider");
  }
  s3.force_virtual_addressing =
      endpoint && !keys.path_style && !IsIpv4(HostOf(endpoint->authority));
  s3.connect_timeout = keys.establish_ms ? *keys.establish_ms / 1000.0
                                         : static_cast<double>(options.timeout_seconds);
  s3.request_timeout = keys.request_ms ? *keys.request_ms / 1000.0
                                       : static_cast<double>(options.timeout_seconds);
  // A file smaller than a part goes up as one PutObject instead of a multipart upload
  // (create, part, complete): a third of the requests for the timeline's and markers'
  // small files. Errors that opening would report (a missing bucket) then surface when
  // the file is written or closed, which every caller checks.
  s3.allow_delayed_open = true;
  ARROW_ASSIGN_OR_RAISE(
      S3aRetryPolicy retries,
      S3aRetryPolicy::FromConfig(options.config ? *options.config : HoodieConfig()));
  s3.retry_strategy = retries.MakeStrategy();
  return s3;
}

}  // namespace hoodie::internal
