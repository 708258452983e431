// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/storage/gcs_file_system.cc
/// \brief Google Cloud Storage (gs://) through Arrow's GcsFileSystem.

#include <arrow/filesystem/gcsfs.h>

#include "hoodie/storage/remote_file_system_internal.h"

namespace hoodie::internal {

const std::string_view kGcsHint =
    "for GCS set GOOGLE_APPLICATION_CREDENTIALS to a service account key file; each "
    "request gives up after hoodie.storage.timeout.seconds";

::arrow::Result<std::shared_ptr<::arrow::fs::FileSystem>> MakeGcsFileSystem(
    const std::string& uri, const StorageOptions& options, std::string* path) {
  ARROW_ASSIGN_OR_RAISE(::arrow::fs::GcsOptions gcs,
                         ::arrow::fs::GcsOptions::FromUri(uri, path));
  // The client retries for 15 minutes by default, which is what made a gs:// path
  // without credentials hang.
  gcs.retry_limit_seconds = static_cast<double>(options.timeout_seconds);
  return ::arrow::fs::GcsFileSystem::Make(gcs);
}

}  // namespace hoodie::internal
