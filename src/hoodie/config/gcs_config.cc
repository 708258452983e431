// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/config/gcs_config.cc
/// \brief Declarations of the gcs-connector keys (fs.gs.*).
#include "hoodie/config/gcs_config.h"

#include "hoodie/config/config_registry.h"

namespace hoodie {
namespace {

constexpr std::string_view kGroup = "Hadoop GCS (gcs-connector)";

}  // namespace

const ConfigProperty<std::string> GcsConfig::kProjectId{
    .key = "fs.gs.project.id",
    .doc =
        "Google Cloud project of gs:// paths (only creating buckets needs one); unset, "
        "GOOGLE_CLOUD_PROJECT decides.",
    .aliases = {{.key = "spark.hadoop.fs.gs.project.id"}},
    .group = kGroup};

const ConfigProperty<std::string> GcsConfig::kAuthType{
    .key = "fs.gs.auth.type",
    .doc =
        "How gs:// requests authenticate: APPLICATION_DEFAULT or COMPUTE_ENGINE "
        "(Google's application default credentials: GOOGLE_APPLICATION_CREDENTIALS, "
        "gcloud's login, the metadata server), SERVICE_ACCOUNT_JSON_KEYFILE (the key "
        "file of fs.gs.auth.service.account.json.keyfile) or UNAUTHENTICATED. Unset: "
        "the key file when one is set, anonymous when an emulator is configured "
        "(fs.gs.storage.root.url or STORAGE_EMULATOR_HOST), else application default "
        "(gcs-connector's own default is COMPUTE_ENGINE).",
    .aliases = {{.key = "spark.hadoop.fs.gs.auth.type"}},
    .allowed_values = {kApplicationDefault, kComputeEngine,
                       kServiceAccountJsonKeyfileAuth, kUnauthenticated},
    .group = kGroup};

const ConfigProperty<std::string> GcsConfig::kServiceAccountJsonKeyfile{
    .key = "fs.gs.auth.service.account.json.keyfile",
    .doc =
        "Local path of a service account's JSON key file for gs:// paths. The path "
        "may be shown in errors; the file's content never is.",
    .aliases = {{.key = "spark.hadoop.fs.gs.auth.service.account.json.keyfile"}},
    .group = kGroup};

const ConfigProperty<std::string> GcsConfig::kStorageRootUrl{
    .key = "fs.gs.storage.root.url",
    .doc =
        "Endpoint of gs:// requests (gcs-connector's default: "
        "https://storage.googleapis.com/). An http:// one, such as an emulator's "
        "http://127.0.0.1:PORT, means anonymous requests unless fs.gs.auth.type says "
        "otherwise. Overrides STORAGE_EMULATOR_HOST.",
    .aliases = {{.key = "spark.hadoop.fs.gs.storage.root.url"}},
    .group = kGroup};

const ConfigProperty<std::string> GcsConfig::kOtherKeys{
    .key = "fs.gs.",
    .doc = "Any other gcs-connector key.",
    .aliases = {{.key = "spark.hadoop.fs.gs."}},
    .group = kGroup,
    .support = ConfigSupport::kRefused,
    .support_note =
        "hoodie reaches GCS through Arrow's client and honours only "
        "fs.gs.project.id, fs.gs.auth.type, "
        "fs.gs.auth.service.account.json.keyfile and fs.gs.storage.root.url "
        "(and hoodie.storage.timeout.seconds for request time)",
    .accepted_value = kRefusedWhenSet,
    .secret = true};

void GcsConfig::Register(ConfigRegistry* registry) {
  registry->Add(kProjectId);
  registry->Add(kAuthType);
  registry->Add(kServiceAccountJsonKeyfile);
  registry->Add(kStorageRootUrl);
  registry->Add(kOtherKeys);
}

}  // namespace hoodie
