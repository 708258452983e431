// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/storage/remote_file_system_internal.h
/// \brief The Arrow file systems of remote URIs (object stores, HDFS), with bounded
/// request times and the one-line hints their errors end with. Each store has its own
/// file (s3_file_system.cc, gcs_file_system.cc, azure_file_system.cc); this one
/// dispatches on the scheme.
#pragma once

#include <memory>
#include <string>
#include <string_view>

#include <arrow/filesystem/filesystem.h>
#include <arrow/result.h>

#include "hoodie/storage/storage.h"

namespace hoodie::internal {

/// The scheme of `uri` in lower case ("s3", "gs", ...); empty for a plain path.
std::string UriScheme(std::string_view uri);

/// `uri` with Hadoop's S3 schemes (`s3a://`, `s3n://`) written as `s3://`, the one Arrow
/// knows; any other URI unchanged.
std::string CanonicalS3Uri(const std::string& uri);

/// The file system of a remote URI (s3, gs/gcs, abfs/abfss/wasb/wasbs, hdfs/viewfs), its requests
/// bounded by `options.timeout_seconds`; `*path` is the path inside it. Other URIs go
/// to Arrow's FileSystemFromUri as they are.
/// \return the error of Arrow's factory, naming the URI and ending with the hint of
///   RemoteAccessHint.
::arrow::Result<std::shared_ptr<::arrow::fs::FileSystem>> MakeFileSystem(
    const std::string& uri, const StorageOptions& options, std::string* path);

/// The endpoint requests of a remote file system go to ("http://127.0.0.1:4443"), for
/// error messages; empty when unknown.
std::string RemoteEndpoint(const ::arrow::fs::FileSystem& fs);

/// What to configure when a request to the file system of `type_name` (its
/// FileSystem::type_name()) fails; empty for local and in-memory ones.
std::string_view RemoteAccessHint(std::string_view type_name);

// -- one factory and one hint per store: `uri` has the store's canonical scheme --------

::arrow::Result<std::shared_ptr<::arrow::fs::FileSystem>> MakeS3FileSystem(
    const std::string& uri, const StorageOptions& options, std::string* path);
extern const std::string_view kS3Hint;

::arrow::Result<std::shared_ptr<::arrow::fs::FileSystem>> MakeGcsFileSystem(
    const std::string& uri, const StorageOptions& options, std::string* path);
extern const std::string_view kGcsHint;
std::string GcsEndpoint(const ::arrow::fs::FileSystem& gcs);
/// A recursive GCS listing of `dir` completed with the folders its object names imply
/// (Arrow lists only folders that have a marker object); only `dir`'s own entries
/// unless `recursive`.
::arrow::fs::FileInfoVector WithImpliedFolders(::arrow::fs::FileInfoVector infos,
                                               std::string_view dir, bool recursive);

::arrow::Result<std::shared_ptr<::arrow::fs::FileSystem>> MakeAzureFileSystem(
    const std::string& uri, const StorageOptions& options, std::string* path);
extern const std::string_view kAzureHint;
std::string AzureEndpoint(const ::arrow::fs::FileSystem& azure);

}  // namespace hoodie::internal
