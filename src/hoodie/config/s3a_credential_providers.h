// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/config/s3a_credential_providers.h
/// \brief The credential providers fs.s3a.aws.credentials.provider may name, by what
/// each does: one list for the key's check and for the S3 client's chain.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "hoodie/visibility.h"

namespace hoodie {

/// What a named provider supplies.
enum class S3aCredentialProvider {
  kTemporary,    ///< fs.s3a.access.key, secret.key and session.token, all three set
  kSimple,       ///< fs.s3a.access.key and fs.s3a.secret.key
  kEnvironment,  ///< AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY (and AWS_SESSION_TOKEN)
  kAnonymous,    ///< no credentials: public buckets
  kDefaultChain, ///< the AWS SDK's chain: environment, profiles, web identity, instance
  kWebIdentity,  ///< AWS_ROLE_ARN and AWS_WEB_IDENTITY_TOKEN_FILE (EKS)
};

/// The provider a class name stands for: Hadoop's own (org.apache.hadoop.fs.s3a.*) and
/// the AWS SDK v1 and v2 ones S3A users name; nullopt for any other class.
HOODIE_EXPORT std::optional<S3aCredentialProvider> S3aCredentialProviderOf(
    std::string_view class_name);

/// The class names S3aCredentialProviderOf knows, for messages.
HOODIE_EXPORT std::string KnownS3aCredentialProviders();

/// The names of a comma-separated list, trimmed, empty entries dropped.
HOODIE_EXPORT std::vector<std::string_view> SplitProviderList(std::string_view list);

/// The chain hadoop-aws 3.3 uses when fs.s3a.aws.credentials.provider is unset.
HOODIE_EXPORT std::vector<S3aCredentialProvider> DefaultS3aCredentialChain();

}  // namespace hoodie
