// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/config/gcs_config.h
/// \brief The Hadoop GCS connector's keys (fs.gs.*) hoodie honours for gs:// paths.
#pragma once

#include <string>

#include "hoodie/config/config_property.h"
#include "hoodie/visibility.h"

namespace hoodie {

class ConfigRegistry;

/// Keys of the "Hadoop GCS (gcs-connector)" group, each also accepted with Spark's
/// `spark.hadoop.` prefix. Every other `fs.gs.*` key is refused. Immutable statics;
/// thread-safe to read.
struct HOODIE_EXPORT GcsConfig {
  /// fs.gs.project.id
  static const ConfigProperty<std::string> kProjectId;
  /// fs.gs.auth.type: APPLICATION_DEFAULT, COMPUTE_ENGINE, SERVICE_ACCOUNT_JSON_KEYFILE
  /// or UNAUTHENTICATED.
  static const ConfigProperty<std::string> kAuthType;
  /// fs.gs.auth.service.account.json.keyfile: a local path.
  static const ConfigProperty<std::string> kServiceAccountJsonKeyfile;
  /// fs.gs.storage.root.url: the endpoint, e.g. an emulator's http://127.0.0.1:PORT.
  static const ConfigProperty<std::string> kStorageRootUrl;
  /// fs.gs. (prefix): every other key, refused.
  static const ConfigProperty<std::string> kOtherKeys;

  /// fs.gs.auth.type's values.
  static constexpr std::string_view kApplicationDefault = "APPLICATION_DEFAULT";
  static constexpr std::string_view kComputeEngine = "COMPUTE_ENGINE";
  static constexpr std::string_view kServiceAccountJsonKeyfileAuth =
      "SERVICE_ACCOUNT_JSON_KEYFILE";
  static constexpr std::string_view kUnauthenticated = "UNAUTHENTICATED";

  /// Adds every key above to `registry`.
  static void Register(ConfigRegistry* registry);
};

}  // namespace hoodie
