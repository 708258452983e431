// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/storage/file_system_storage.h
/// \brief Storage over any arrow::fs::FileSystem, with POSIX atomics on local disk.
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "hoodie/storage/storage.h"
#include "hoodie/storage/storage_calls_internal.h"
#include "hoodie/storage/storage_error_internal.h"
#include "hoodie/visibility.h"

namespace hoodie {
namespace internal {
class S3Requests;
}  // namespace internal

/// \brief Storage backed by an arrow::fs::FileSystem.
///
/// Backends are told apart by FileSystem::type_name():
/// - "local": CreateImmutable is temp file + fsync + link(2); Rename uses
///   renameat2(RENAME_NOREPLACE); Sync is fsync(2). These hold across processes.
/// - object stores ("s3", "gcs", "abfs"): there are no real folders, so no parent
///   folders are made; CreateImmutable and Rename check that the target is absent and
///   then write (S3's and GCS's uploads become visible whole at close; on Azure, whose
///   Arrow streams show an empty blob from the open, CreateImmutable writes a hidden
///   sibling and moves or copies it into place). The check and the write
///   are serialised by one process-wide lock, so racers in this process see exactly one
///   winner; racers in other processes are not excluded (Hudi relies on its lock
///   provider there).
///   Rename is Arrow's Move, or copy + delete where the store has none (Azure without
///   a hierarchical namespace). On GCS, listings add the folders that object names
///   imply (Arrow lists only folders with a marker object), and DeleteDir accepts
///   such a folder. CreateDir inside a missing bucket (container) fails rather than
///   letting Arrow's GCS and Azure make the bucket.
///   On S3 (with fs.s3a.create.conditional.enabled, the default) CreateImmutable and
///   WriteAll without overwrite are one conditional PUT (If-None-Match: *), exclusive
///   across processes; and an upload
///   whose multipart completion fails is aborted by its key (internal::S3Requests),
///   since Arrow forgets its id.
/// - others (e.g. the in-memory "mock"): CreateImmutable writes a hidden temp file and
///   moves it into place under the same process-wide lock; Sync is a no-op.
///
/// Every error names the operation, the cause and the path, including errors from the
/// output streams Create returns (input files are Arrow's own, for Parquet's sake).
/// Thread-safe.
class HOODIE_EXPORT FileSystemStorage : public Storage {
 public:
  /// Over `fs` as it is. An S3 file system is served as the other object stores;
  /// Storage::FromUri adds the requests Arrow's S3 client lacks.
  explicit FileSystemStorage(std::shared_ptr<::arrow::fs::FileSystem> fs);
  /// `s3_requests`: for an S3 file system, the requests its Arrow client lacks
  /// (internal::MakeS3Requests). Not exported: its type is internal.
  HOODIE_NO_EXPORT FileSystemStorage(std::shared_ptr<::arrow::fs::FileSystem> fs,
                                     std::shared_ptr<const internal::S3Requests> s3_requests);

  std::shared_ptr<::arrow::fs::FileSystem> filesystem() const override { return fs_; }
  /// True when paths are local POSIX paths (FileSystem::type_name() is "local").
  bool is_local() const { return local_; }

  ::arrow::Result<std::shared_ptr<::arrow::io::RandomAccessFile>> OpenForRead(
      const std::string& path) override;
  ::arrow::Result<std::shared_ptr<::arrow::io::RandomAccessFile>> OpenListed(
      const std::string& path, int64_t size) override;
  ::arrow::Result<std::shared_ptr<::arrow::Buffer>> ReadRange(const std::string& path,
                                                              int64_t offset,
                                                              int64_t length) override;
  ::arrow::Result<std::string> ReadAll(const std::string& path) override;

  ::arrow::Result<std::shared_ptr<::arrow::io::OutputStream>> Create(
      const std::string& path, bool overwrite) override;
  ::arrow::Status WriteAll(const std::string& path, std::string_view data,
                           bool overwrite) override;
  ::arrow::Status CreateImmutable(const std::string& path,
                                  std::string_view data) override;
  bool creates_exclusively() const override;
  ::arrow::Status Rename(const std::string& src, const std::string& dst) override;
  ::arrow::Status Sync(const std::string& path) override;

  ::arrow::Status DeleteFile(const std::string& path) override;
  ::arrow::Status DeleteDir(const std::string& path) override;

  ::arrow::Status CreateDir(const std::string& path) override;
  ::arrow::Result<bool> Exists(const std::string& path) override;
  ::arrow::Result<bool> FileExists(const std::string& path) override;
  ::arrow::Result<FileStatus> GetFileStatus(const std::string& path) override;
  ::arrow::Result<std::vector<FileStatus>> List(const std::string& dir,
                                                bool recursive) override;

 private:
  // Makes the folder holding `path` (and its parents) where the backend has folders.
  ::arrow::Status EnsureParentDir(const std::string& path, std::string_view operation);
  // The status of `path` (counted as the requests it costs), errors reported as part of
  // `operation`.
  ::arrow::Result<::arrow::fs::FileInfo> StatusOf(const std::string& path,
                                                 std::string_view operation);
  // Existence check whose errors are reported as part of `operation`.
  ::arrow::Result<bool> ExistsFor(const std::string& path, std::string_view operation);
  /// fs_->OpenInputFile, with an exception from the store's SDK turned into IOError;
  /// `size` (when not negative) spares an object store the status request.
  ::arrow::Result<std::shared_ptr<::arrow::io::RandomAccessFile>> OpenInput(
      const std::string& path, int64_t size = -1);
  /// Whether a file named `path` exists, for a caller about to create one: on object
  /// stores one HEAD (a folder of that name does not count), elsewhere ExistsFor.
  ::arrow::Result<bool> FileExistsFor(const std::string& path, std::string_view operation);
  /// fs_->OpenOutputStream, its errors naming the path and its upload counted.
  ::arrow::Result<std::shared_ptr<::arrow::io::OutputStream>> OpenOutput(
      const std::string& path, std::string_view operation);
  ::arrow::Status CreateImmutableLocked(const std::string& path, std::string_view data);
  // S3's conditional PUT (s3_requests_), counted, its refusal AlreadyExists.
  ::arrow::Status PutIfAbsent(const std::string& path, std::string_view data,
                              std::string_view operation);
  // Arrow's Move, or copy + delete where the store has none.
  ::arrow::Status MoveOrCopy(const std::string& src, const std::string& dst,
                             std::string_view operation);

  // `result` with the operation and the path in its error, and for a remote backend
  // the hint saying what to configure.
  // Counts `count` calls of `call` on this store.
  void Count(internal::StorageCall call, int64_t count = 1) {
    internal::CountStorageCall(counter_, call, count);
  }

  template <typename T>
  T Context(T result, std::string_view operation, std::string_view path) const {
    if (result.ok()) return result;
    const std::string_view hint = HintFor(StatusOf(result));
    return internal::WithPathContext(std::move(result), operation, path, hint);
  }
  static const ::arrow::Status& StatusOf(const ::arrow::Status& status) { return status; }
  template <typename U>
  static const ::arrow::Status& StatusOf(const ::arrow::Result<U>& result) {
    return result.status();
  }
  // What to configure after `failure`: the retry keys when the store throttled (its
  // message names it), otherwise hint_.
  std::string_view HintFor(const ::arrow::Status& failure) const;

  std::shared_ptr<::arrow::fs::FileSystem> fs_;
  bool local_;
  bool object_store_;
  // False for Azure, whose Arrow output streams create an empty blob when opened.
  bool shows_objects_at_close_;
  // True for GCS and Azure, whose Arrow CreateDir makes a missing bucket (container).
  bool creates_buckets_;
  // False for GCS, whose listings show only folders with a marker object.
  bool lists_implied_folders_;
  bool s3_;
  std::shared_ptr<const internal::S3Requests> s3_requests_;  // null unless S3
  // The size from which the store uploads a file in parts (StorageCallCounts).
  int64_t multipart_from_;
  internal::StoreCallCounter* counter_;  // this store's (StorageCallsByStore)
  std::string hint_;  // the endpoint and internal::RemoteAccessHint of the backend
};

}  // namespace hoodie
