// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/storage/storage.h
/// \brief Storage: what Hudi needs from a file system, on top of arrow::fs::FileSystem.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include <arrow/buffer.h>
#include <arrow/filesystem/filesystem.h>
#include <arrow/io/interfaces.h>
#include <arrow/result.h>
#include <arrow/status.h>

#include "hoodie/visibility.h"

namespace hoodie {

class HoodieConfig;

/// What a listing or a status call knows about one path.
struct HOODIE_EXPORT FileStatus {
  std::string path;                  ///< as passed to / returned by the file system
  int64_t size = 0;                  ///< bytes; 0 for folders
  int64_t modification_time_ms = 0;  ///< milliseconds since the Unix epoch
  bool is_directory = false;

  /// Last path component.
  std::string_view name() const;
};

/// True for the name of the hidden sibling Storage::CreateImmutable writes before moving
/// it into place (".<name>.<random>.tmp", ".<name>.creating.tmp"): a process killed in
/// between leaves one, and listings that parse names (markers, instants) skip it.
HOODIE_EXPORT bool IsAtomicCreateTemp(std::string_view file_name);

/// \brief The storage layer: every file operation hoodie makes goes through it.
///
/// Paths are file-system paths as arrow::fs understands them: absolute local paths
/// ("/data/t/.hoodie"), or "bucket/key" for object stores. Every error carries the path
/// and the cause. Implementations are thread-safe.
///
/// Status codes: IOError for anything the storage reports (missing paths included),
/// AlreadyExists where a call refuses to replace a file (Create without overwrite,
/// CreateImmutable, Rename), Invalid for bad arguments. Implementations:
/// FileSystemStorage (file_system_storage.h) and the FaultInjectingStorage decorator for
/// tests (fault_injecting_storage.h).
/// \brief How hoodie reaches remote file systems. A value.
struct HOODIE_EXPORT StorageOptions {
  /// hoodie.storage.timeout.seconds: the bound of one request to an object store or to
  /// HDFS, retries included (S3's connect and request timeouts, GCS's retry limit).
  int32_t timeout_seconds = 10;
  /// The configuration each store reads its own keys from (Hadoop's fs.s3a.*, fs.gs.*
  /// and fs.azure.*, plain or with Spark's `spark.hadoop.` prefix); null: none set, so
  /// each store's own chain (the environment, profiles, instance metadata) decides.
  std::shared_ptr<const HoodieConfig> config;

  /// The options `config` sets (its defaults for keys it does not set).
  static ::arrow::Result<StorageOptions> FromConfig(const HoodieConfig& config);
};

class HOODIE_EXPORT Storage {
 public:
  virtual ~Storage() = default;

  /// Wraps an Arrow file system.
  static std::shared_ptr<Storage> Make(std::shared_ptr<::arrow::fs::FileSystem> fs);
  /// Local disk.
  static std::shared_ptr<Storage> Local();
  /// Resolves a URI ("file:///x", "s3://b/k", or a plain local path, made absolute) to a
  /// storage and the path inside it. `s3a://` and `s3n://`, the schemes Hadoop's S3
  /// connectors write, are `s3://`. Requests to an object store or HDFS give up after
  /// `options.timeout_seconds`, and their errors end with one hint saying what to
  /// configure (credentials, endpoint, libhdfs and a JVM).
  static ::arrow::Result<std::shared_ptr<Storage>> FromUri(
      const std::string& uri, std::string* path, const StorageOptions& options = {});
  /// FromUri with the storage options `config` sets (StorageOptions::FromConfig);
  /// Invalid naming a bad option.
  static ::arrow::Result<std::shared_ptr<Storage>> FromUri(const std::string& uri,
                                                           std::string* path,
                                                           const HoodieConfig& config);
  /// An in-memory file system, for unit tests.
  static std::shared_ptr<Storage> InMemory();

  /// The underlying Arrow file system (for Parquet readers and writers).
  virtual std::shared_ptr<::arrow::fs::FileSystem> filesystem() const = 0;
  /// Whether each read is a request to a remote store (anything but local disk), where
  /// readers fetch more per read rather than read more often.
  bool is_remote() const { return filesystem()->type_name() != "local"; }

  // -- reading ----------------------------------------------------------------------
  virtual ::arrow::Result<std::shared_ptr<::arrow::io::RandomAccessFile>> OpenForRead(
      const std::string& path) = 0;
  /// Opens a file of `size` bytes, as a listing gave it (the base and log files of the
  /// file-system view): on an object store, no request asks for its status first. Only
  /// for files that do not change once listed (object stores have no append). The
  /// default is OpenForRead(path).
  virtual ::arrow::Result<std::shared_ptr<::arrow::io::RandomAccessFile>> OpenListed(
      const std::string& path, int64_t size) {
    return OpenForRead(path);
  }
  /// Reads `length` bytes at `offset`; fewer only at end of file (none when `offset` is
  /// at or past the end). Invalid for a negative offset or length.
  virtual ::arrow::Result<std::shared_ptr<::arrow::Buffer>> ReadRange(
      const std::string& path, int64_t offset, int64_t length) = 0;
  /// Reads a whole (small) file.
  virtual ::arrow::Result<std::string> ReadAll(const std::string& path) = 0;

  // -- writing ----------------------------------------------------------------------
  /// Opens a new file for writing, creating parent folders. With overwrite=false fails
  /// with AlreadyExists if the file exists (not atomic against a racing creator; use
  /// CreateImmutable for that).
  virtual ::arrow::Result<std::shared_ptr<::arrow::io::OutputStream>> Create(
      const std::string& path, bool overwrite) = 0;
  /// Writes `data` as the whole content of `path` (Create + write + close).
  virtual ::arrow::Status WriteAll(const std::string& path, std::string_view data,
                                   bool overwrite) = 0;
  /// Creates `path` with `data` if it does not exist: readers see either no file or the
  /// whole content; a creator that finds the file gets AlreadyExists. This is how
  /// timeline instant files are made (HoodieStorage.createImmutableFileInPath).
  ///
  /// Exclusion of racing creators depends on the backend (creates_exclusively()):
  /// - local disk: temp file + fsync + link(2): exactly one of any racing creators,
  ///   in any processes, succeeds;
  /// - object stores: check, then PUT, serialised by a process-wide lock: exactly one
  ///   winner among this process's creators, none guaranteed across processes (two
  ///   writers may both "create" and the last PUT wins). Hudi has the same gap there and
  ///   closes it with its lock provider (optimistic concurrency control). The seam for
  ///   a conditional PUT (S3 If-None-Match, GCS ifGenerationMatch=0) is this method:
  ///   a backend that issues one reports creates_exclusively() true.
  virtual ::arrow::Status CreateImmutable(const std::string& path,
                                          std::string_view data) = 0;
  /// Whether CreateImmutable excludes racing creators of other processes too (local
  /// disk: yes; object stores: not until a conditional PUT is used).
  virtual bool creates_exclusively() const { return false; }
  /// Renames a file; fails with AlreadyExists if `dst` exists (never replaces it).
  /// Creates `dst`'s parent folders. Local disk: renameat2(RENAME_NOREPLACE), atomic.
  virtual ::arrow::Status Rename(const std::string& src, const std::string& dst) = 0;
  /// Flushes a file's (or folder's) content to durable storage where the backend has
  /// such a notion: fsync(2) on local disk, a no-op elsewhere.
  virtual ::arrow::Status Sync(const std::string& path) = 0;

  // -- deleting ---------------------------------------------------------------------
  /// Deletes a file; NotFound-style errors are IOError with the path.
  virtual ::arrow::Status DeleteFile(const std::string& path) = 0;
  /// Deletes a folder and all it holds.
  virtual ::arrow::Status DeleteDir(const std::string& path) = 0;

  // -- folders and status -----------------------------------------------------------
  virtual ::arrow::Status CreateDir(const std::string& path) = 0;  ///< with parents
  virtual ::arrow::Result<bool> Exists(const std::string& path) = 0;
  /// Whether a file named `path` exists (a folder of that name does not count). On an
  /// object store this is one request where Exists may take two (an object's HEAD, and
  /// a LIST for a folder by that name): callers that ask about files use it.
  virtual ::arrow::Result<bool> FileExists(const std::string& path) { return Exists(path); }
  /// IOError if the path does not exist.
  virtual ::arrow::Result<FileStatus> GetFileStatus(const std::string& path) = 0;
  /// Lists a folder's entries (files and folders), sorted by path. Recursive listing
  /// returns every file and folder below. IOError if `dir` does not exist.
  virtual ::arrow::Result<std::vector<FileStatus>> List(const std::string& dir,
                                                        bool recursive) = 0;
};

}  // namespace hoodie
