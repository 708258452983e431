// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/config/s3a_credential_providers.cc
/// \brief The provider class names hoodie maps onto its S3 client's credentials.
#include "hoodie/config/s3a_credential_providers.h"

#include <array>
#include <utility>

namespace hoodie {
namespace {

using P = S3aCredentialProvider;

// Hadoop 3.3 names AWS SDK v1 classes; 3.4 moved to SDK v2 and kept the v1 names as
// aliases, so users' configurations carry either.
constexpr std::array<std::pair<std::string_view, P>, 16> kProviders{{
    {"org.apache.hadoop.fs.s3a.TemporaryAWSCredentialsProvider", P::kTemporary},
    {"org.apache.hadoop.fs.s3a.SimpleAWSCredentialsProvider", P::kSimple},
    {"org.apache.hadoop.fs.s3a.AnonymousAWSCredentialsProvider", P::kAnonymous},
    {"org.apache.hadoop.fs.s3a.auth.IAMInstanceCredentialsProvider", P::kDefaultChain},
    {"com.amazonaws.auth.EnvironmentVariableCredentialsProvider", P::kEnvironment},
    {"com.amazonaws.auth.DefaultAWSCredentialsProviderChain", P::kDefaultChain},
    {"com.amazonaws.auth.InstanceProfileCredentialsProvider", P::kDefaultChain},
    {"com.amazonaws.auth.profile.ProfileCredentialsProvider", P::kDefaultChain},
    {"com.amazonaws.auth.ContainerCredentialsProvider", P::kDefaultChain},
    {"com.amazonaws.auth.WebIdentityTokenCredentialsProvider", P::kWebIdentity},
    {"software.amazon.awssdk.auth.credentials.EnvironmentVariableCredentialsProvider",
     P::kEnvironment},
    {"software.amazon.awssdk.auth.credentials.AnonymousCredentialsProvider", P::kAnonymous},
    {"software.amazon.awssdk.auth.credentials.DefaultCredentialsProvider", P::kDefaultChain},
    {"software.amazon.awssdk.auth.credentials.InstanceProfileCredentialsProvider",
     P::kDefaultChain},
    {"software.amazon.awssdk.auth.credentials.ProfileCredentialsProvider", P::kDefaultChain},
    {"software.amazon.awssdk.auth.credentials.WebIdentityTokenFileCredentialsProvider",
     P::kWebIdentity},
}};

std::string_view Trim(std::string_view text) {
  while (!text.empty() && (text.front() == ' ' || text.front() == '\n')) text.remove_prefix(1);
  while (!text.empty() && (text.back() == ' ' || text.back() == '\n')) text.remove_suffix(1);
  return text;
}

}  // namespace

std::optional<S3aCredentialProvider> S3aCredentialProviderOf(std::string_view class_name) {
  for (const auto& [name, provider] : kProviders) {
    if (name == class_name) return provider;
  }
  return std::nullopt;
}

std::string KnownS3aCredentialProviders() {
  std::string known;
  for (const auto& [name, provider] : kProviders) {
    known += (known.empty() ? "" : ", ") + std::string(name);
  }
  return known;
}

std::vector<std::string_view> SplitProviderList(std::string_view list) {
  std::vector<std::string_view> names;
  while (!list.empty()) {
    const size_t comma = list.find(',');
    std::string_view name = Trim(list.substr(0, comma));
    if (!name.empty()) names.push_back(name);
    if (comma == std::string_view::npos) break;
    list.remove_prefix(comma + 1);
  }
  return names;
}

std::vector<S3aCredentialProvider> DefaultS3aCredentialChain() {
  return {P::kTemporary, P::kSimple, P::kEnvironment, P::kDefaultChain};
}

}  // namespace hoodie
