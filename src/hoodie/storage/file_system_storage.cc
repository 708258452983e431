// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/storage/file_system_storage.cc
/// \brief Storage over any arrow::fs::FileSystem, with POSIX atomics on local disk.
#include "hoodie/storage/file_system_storage.h"

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <exception>
#include <limits>
#include <filesystem>
#include <mutex>
#include <random>
#include <system_error>
#include <utility>

#include <arrow/filesystem/localfs.h>
#include <arrow/filesystem/mockfs.h>
#include <arrow/util/io_util.h>

#include "hoodie/common/logging.h"
#include "hoodie/common/macros.h"
#include "hoodie/common/uri.h"
#include "hoodie/storage/local_file_ops_internal.h"
#include "hoodie/storage/path.h"
#include "hoodie/storage/remote_file_system_internal.h"
#include "hoodie/storage/s3_requests_internal.h"
#include "hoodie/storage/storage_calls_internal.h"
#include "hoodie/storage/storage_error_internal.h"

namespace hoodie {

using internal::StorageCall;
using internal::WithPathContext;

namespace {

// Serialises check-then-act sequences (CreateImmutable, Rename) on backends without an
// atomic primitive. Process-wide rather than per object because several Storage objects
// may wrap one FileSystem; these calls are rare (timeline transitions), so one lock is
// cheap.
std::mutex& CheckThenActMutex() {
  static std::mutex mutex;
  return mutex;
}

bool IsObjectStore(const std::string& type_name) {
  return type_name == "s3" || type_name == "gcs" || type_name == "abfs";
}

// The hint remote errors end with: where the requests went, and what to configure.
std::string HintOf(const ::arrow::fs::FileSystem& fs) {
  std::string hint(internal::RemoteAccessHint(fs.type_name()));
  const std::string endpoint = internal::RemoteEndpoint(fs);
  return endpoint.empty() ? hint : "endpoint: " + endpoint + "; " + hint;
}

FileStatus ToFileStatus(const ::arrow::fs::FileInfo& info) {
  FileStatus status;
  status.path = info.path();
  status.is_directory = info.IsDirectory();
  status.size = status.is_directory || info.size() < 0 ? 0 : info.size();
  status.modification_time_ms = std::chrono::duration_cast<std::chrono::milliseconds>(
                                    info.mtime().time_since_epoch())
                                    .count();
  return status;
}

::arrow::Status NotFoundError(std::string_view operation, const std::string& path) {
  return ::arrow::Status::IOError(operation,
                                  " failed: path does not exist; path: ", path);
}

::arrow::Status AlreadyExistsError(std::string_view operation, const std::string& path) {
  return ::arrow::Status::AlreadyExists(operation,
                                        " failed: file already exists; path: ", path);
}

// A hidden sibling of `path` no other call names ("." + name + "." + random + ".tmp"),
// which listings that parse names skip (IsAtomicCreateTemp).
std::string TempSibling(const std::string& path) {
  static std::mutex mutex;
  static std::mt19937_64 random(std::random_device{}());
  char suffix[17];
  {
    std::lock_guard<std::mutex> lock(mutex);
    std::snprintf(suffix, sizeof(suffix), "%016llx",
                  static_cast<unsigned long long>(random()));
  }
  return JoinPath(ParentPath(path), "." + std::string(FileName(path)) + "." + suffix + ".tmp");
}

::arrow::Status WriteAndClose(::arrow::io::OutputStream* stream, std::string_view data) {
  ::arrow::Status st = stream->Write(data.data(), static_cast<int64_t>(data.size()));
  ::arrow::Status close_st = stream->Close();
  return st.ok() ? close_st : st;
}

/// Adds the path to errors of Arrow's output streams, whose messages often lack it
/// ("Error writing bytes to file ... No space left on device"), and counts the upload
/// a successful close makes (StorageCallCounts).
class PathContextOutputStream : public ::arrow::io::OutputStream {
 public:
  /// `multipart_from`: the size from which the store uploads in parts.
  PathContextOutputStream(std::shared_ptr<::arrow::io::OutputStream> inner,
                          std::string path, std::string hint, bool s3,
                          std::shared_ptr<const internal::S3Requests> s3_requests,
                          internal::StoreCallCounter* counter, int64_t multipart_from)
      : inner_(std::move(inner)),
        path_(std::move(path)),
        hint_(std::move(hint)),
        s3_(s3),
        s3_requests_(std::move(s3_requests)),
        counter_(counter),
        multipart_from_(multipart_from) {}

  ::arrow::Status Write(const void* data, int64_t nbytes) override {
    written_ += nbytes;
    return Context(inner_->Write(data, nbytes), "Write");
  }
  // Forwarded so backends that keep buffers without copying still can.
  ::arrow::Status Write(const std::shared_ptr<::arrow::Buffer>& data) override {
    written_ += data->size();
    return Context(inner_->Write(data), "Write");
  }
  ::arrow::Status Flush() override {
    return Context(inner_->Flush(), "Flush");
  }
  ::arrow::Status Close() override {
    const bool was_open = !inner_->closed();
    ::arrow::Status closed = inner_->Close();
    if (!closed.ok()) {
      // An upload that failed to complete (S3's CompleteMultipartUpload) is aborted, so
      // that no parts stay stored, and billed, under a key nobody sees.
      if (!inner_->closed()) {
        (void)inner_->Abort();
      } else if (s3_requests_ != nullptr && written_ >= multipart_from_) {
        AbortForgottenUpload();
      }
      return Context(closed, "Close");
    }
    if (was_open) {
      internal::CountStorageCall(
          counter_, written_ >= multipart_from_ ? StorageCall::kMultipart : StorageCall::kPut);
      internal::CountBytesWritten(counter_, written_);
    }
    return ::arrow::Status::OK();
  }
  ::arrow::Status Abort() override {
    return Context(inner_->Abort(), "Abort");
  }
  ::arrow::Result<int64_t> Tell() const override {
    auto told = inner_->Tell();
    if (told.ok()) return told;
    return Context(told.status(), "Tell");
  }
  bool closed() const override { return inner_->closed(); }

 private:
  ::arrow::Status Context(const ::arrow::Status& status, std::string_view operation) const {
    if (status.ok()) return status;
    return WithPathContext(status, operation, path_, internal::HintAfter(status, s3_, hint_));
  }

  // Arrow 22 closes the stream, forgetting the upload's id, when S3 refuses to complete a
  // multipart upload: the upload is found again by its key and aborted.
  void AbortForgottenUpload() const {
    auto aborted = s3_requests_->AbortPendingUploads(path_);
    if (!aborted.ok()) {
      LogWarning("the parts of the failed upload of " + path_ + " could not be aborted (" +
                 aborted.status().message() +
                 "); a bucket lifecycle rule AbortIncompleteMultipartUpload removes them");
    }
  }

  std::shared_ptr<::arrow::io::OutputStream> inner_;
  std::string path_;
  std::string hint_;  // may outlive the storage that made the stream
  bool s3_;
  std::shared_ptr<const internal::S3Requests> s3_requests_;  // null unless S3
  internal::StoreCallCounter* counter_;
  int64_t multipart_from_;
  int64_t written_ = 0;
};

// The size from which the store uploads a file in parts: Arrow's S3 streams (opened
// with allow_delayed_open) make one PUT below their 10 MiB part size (Arrow 22's
// kPartUploadSize); elsewhere a file is counted as one PUT whatever its size.
int64_t MultipartFrom(const std::string& type_name) {
  constexpr int64_t kS3PartSize = 10 * 1024 * 1024;
  return type_name == "s3" ? kS3PartSize : std::numeric_limits<int64_t>::max();
}

}  // namespace

FileSystemStorage::FileSystemStorage(std::shared_ptr<::arrow::fs::FileSystem> fs)
    : FileSystemStorage(std::move(fs), nullptr) {}

FileSystemStorage::FileSystemStorage(std::shared_ptr<::arrow::fs::FileSystem> fs,
                                     std::shared_ptr<const internal::S3Requests> s3_requests)
    : fs_(std::move(fs)),
      local_(fs_->type_name() == "local"),
      object_store_(IsObjectStore(fs_->type_name())),
      shows_objects_at_close_(fs_->type_name() != "abfs"),
      creates_buckets_(fs_->type_name() == "gcs" || fs_->type_name() == "abfs"),
      lists_implied_folders_(fs_->type_name() != "gcs"),
      s3_(fs_->type_name() == "s3"),
      s3_requests_(s3_ ? std::move(s3_requests) : nullptr),
      multipart_from_(MultipartFrom(fs_->type_name())),
      counter_(internal::CallCounterOf(fs_->type_name())),
      hint_(HintOf(*fs_)) {}

bool FileSystemStorage::creates_exclusively() const {
  return local_ || (s3_requests_ != nullptr && s3_requests_->conditional_create());
}

std::string_view FileSystemStorage::HintFor(const ::arrow::Status& failure) const {
  return internal::HintAfter(failure, s3_, hint_);
}

// -- reading ----------------------------------------------------------------------

::arrow::Result<std::shared_ptr<::arrow::io::RandomAccessFile>> FileSystemStorage::OpenInput(
    const std::string& path, int64_t size) {
  // Arrow's Azure file system lets the Azure SDK's credential exceptions out of
  // OpenInputFile (an account without credentials): they become the error they are,
  // rather than escaping every caller.
  try {
    std::shared_ptr<::arrow::io::RandomAccessFile> file;
    if (size >= 0 && object_store_) {
      // Arrow's stores take the size from the FileInfo instead of asking for it.
      ::arrow::fs::FileInfo info(path, ::arrow::fs::FileType::File);
      info.set_size(size);
      ARROW_ASSIGN_OR_RAISE(file, fs_->OpenInputFile(info));
    } else {
      Count(StorageCall::kHead);
      ARROW_ASSIGN_OR_RAISE(file, fs_->OpenInputFile(path));
    }
    return internal::CountingInputFile(std::move(file), counter_);
  } catch (const std::exception& e) {
    return ::arrow::Status::IOError(e.what());
  }
}

::arrow::Result<std::shared_ptr<::arrow::io::RandomAccessFile>>
FileSystemStorage::OpenForRead(const std::string& path) {
  return Context(OpenInput(path), "OpenForRead", path);
}

::arrow::Result<std::shared_ptr<::arrow::io::RandomAccessFile>>
FileSystemStorage::OpenListed(const std::string& path, int64_t size) {
  return Context(OpenInput(path, size), "OpenListed", path);
}

::arrow::Result<std::shared_ptr<::arrow::Buffer>> FileSystemStorage::ReadRange(
    const std::string& path, int64_t offset, int64_t length) {
  constexpr std::string_view kOp = "ReadRange";
  if (offset < 0 || length < 0) {
    return ::arrow::Status::Invalid(kOp, " failed: negative offset ", offset,
                                    " or length ", length, "; path: ", path);
  }
  ARROW_ASSIGN_OR_RAISE(auto file, Context(OpenInput(path), kOp, path));
  ARROW_ASSIGN_OR_RAISE(int64_t size, Context(file->GetSize(), kOp, path));
  // Backends disagree on reads past the end (pread returns nothing, in-memory buffers
  // fail), so clamp here: past the end is simply an empty read.
  int64_t start = std::min(offset, size);
  int64_t count = std::min(length, size - start);
  ARROW_ASSIGN_OR_RAISE(auto buffer,
                         Context(file->ReadAt(start, count), kOp, path));
  ARROW_RETURN_NOT_OK(Context(file->Close(), kOp, path));
  return buffer;
}

::arrow::Result<std::string> FileSystemStorage::ReadAll(const std::string& path) {
  constexpr std::string_view kOp = "ReadAll";
  ARROW_ASSIGN_OR_RAISE(auto file, Context(OpenInput(path), kOp, path));
  ARROW_ASSIGN_OR_RAISE(int64_t size, Context(file->GetSize(), kOp, path));
  ARROW_ASSIGN_OR_RAISE(auto buffer, Context(file->ReadAt(0, size), kOp, path));
  ARROW_RETURN_NOT_OK(Context(file->Close(), kOp, path));
  return buffer->ToString();
}

// -- writing ----------------------------------------------------------------------

::arrow::Status FileSystemStorage::EnsureParentDir(const std::string& path,
                                                   std::string_view operation) {
  std::string parent = ParentPath(path);
  if (object_store_ || parent.empty() || parent == "/") {
    return ::arrow::Status::OK();
  }
  return Context(fs_->CreateDir(parent, /*recursive=*/true), operation, parent);
}

::arrow::Result<::arrow::fs::FileInfo> FileSystemStorage::StatusOf(
    const std::string& path, std::string_view operation) {
  Count(StorageCall::kHead);
  ARROW_ASSIGN_OR_RAISE(auto info, Context(fs_->GetFileInfo(path), operation, path));
  // Arrow's S3 lists the path as a folder when no object has its name.
  if (s3_ && !info.IsFile()) Count(StorageCall::kList);
  return info;
}

::arrow::Result<bool> FileSystemStorage::ExistsFor(const std::string& path,
                                                   std::string_view operation) {
  ARROW_ASSIGN_OR_RAISE(auto info, StatusOf(path, operation));
  return info.type() != ::arrow::fs::FileType::NotFound;
}

::arrow::Result<bool> FileSystemStorage::FileExistsFor(const std::string& path,
                                                       std::string_view operation) {
  if (!object_store_) return ExistsFor(path, operation);
  // A file's status on an object store is a HEAD, and, when no object has the name, a
  // LIST to see whether it names a folder. Where the caller is about to put a file,
  // only an object of that name matters: the HEAD that opening makes is the answer.
  auto file = OpenInput(path);
  if (file.ok()) return true;
  if (::arrow::internal::ErrnoFromStatus(file.status()) == ENOENT) return false;
  return Context(file.status(), operation, path);
}

::arrow::Result<std::shared_ptr<::arrow::io::OutputStream>> FileSystemStorage::Create(
    const std::string& path, bool overwrite) {
  constexpr std::string_view kOp = "Create";
  if (!overwrite) {
    ARROW_ASSIGN_OR_RAISE(bool exists, FileExistsFor(path, kOp));
    ARROW_RETURN_IF(exists, AlreadyExistsError(kOp, path));
  }
  ARROW_RETURN_NOT_OK(EnsureParentDir(path, kOp));
  return OpenOutput(path, kOp);
}

::arrow::Result<std::shared_ptr<::arrow::io::OutputStream>> FileSystemStorage::OpenOutput(
    const std::string& path, std::string_view operation) {
  ARROW_ASSIGN_OR_RAISE(auto stream, Context(fs_->OpenOutputStream(path), operation, path));
  return std::make_shared<PathContextOutputStream>(std::move(stream), path, hint_, s3_,
                                                   s3_requests_, counter_, multipart_from_);
}

::arrow::Status FileSystemStorage::WriteAll(const std::string& path,
                                            std::string_view data, bool overwrite) {
  if (!overwrite && s3_requests_ != nullptr && s3_requests_->conditional_create()) {
    // One conditional PUT instead of a HEAD then a PUT (log files, markers).
    return PutIfAbsent(path, data, "WriteAll");
  }
  ARROW_ASSIGN_OR_RAISE(auto stream, Create(path, overwrite));
  // The stream already names the path in its errors.
  return WriteAndClose(stream.get(), data);
}

::arrow::Status FileSystemStorage::CreateImmutable(const std::string& path,
                                                   std::string_view data) {
  constexpr std::string_view kOp = "CreateImmutable";
  ARROW_RETURN_NOT_OK(EnsureParentDir(path, kOp));
  if (local_) {
    Count(StorageCall::kPut);
    internal::CountBytesWritten(counter_, static_cast<int64_t>(data.size()));
    return internal::LocalCreateImmutable(path, data);
  }
  if (s3_requests_ != nullptr && s3_requests_->conditional_create()) {
    // The store itself refuses a second creator: no HEAD, no lock.
    return PutIfAbsent(path, data, kOp);
  }
  std::lock_guard<std::mutex> lock(CheckThenActMutex());
  return CreateImmutableLocked(path, data);
}

::arrow::Status FileSystemStorage::PutIfAbsent(const std::string& path, std::string_view data,
                                               std::string_view operation) {
  Count(StorageCall::kPut);
  internal::CountBytesWritten(counter_, static_cast<int64_t>(data.size()));
  ::arrow::Status put = s3_requests_->PutIfAbsent(path, data);
  if (put.IsAlreadyExists()) return AlreadyExistsError(operation, path);
  return Context(put, operation, path);
}

::arrow::Status FileSystemStorage::CreateImmutableLocked(const std::string& path,
                                                         std::string_view data) {
  constexpr std::string_view kOp = "CreateImmutable";
  ARROW_ASSIGN_OR_RAISE(bool exists, FileExistsFor(path, kOp));
  ARROW_RETURN_IF(exists, AlreadyExistsError(kOp, path));
  if (object_store_ && shows_objects_at_close_) {
    // An object only becomes visible, whole, when its upload completes at close.
    ARROW_ASSIGN_OR_RAISE(auto stream, OpenOutput(path, kOp));
    return WriteAndClose(stream.get(), data);
  }
  // Backends that show a file while it is being written (folders; Arrow's Azure
  // streams, which create an empty blob at open) write a hidden sibling of a name of
  // its own, then move or copy it into place whole.
  const std::string temp = TempSibling(path);
  ARROW_ASSIGN_OR_RAISE(auto stream, OpenOutput(temp, kOp));
  ARROW_RETURN_NOT_OK(WriteAndClose(stream.get(), data));
  return MoveOrCopy(temp, path, kOp);
}

::arrow::Status FileSystemStorage::MoveOrCopy(const std::string& src, const std::string& dst,
                                              std::string_view operation) {
  // A move on an object store is a copy and a delete.
  Count(StorageCall::kPut);
  Count(StorageCall::kDelete);
  ::arrow::Status moved = fs_->Move(src, dst);
  if (moved.IsNotImplemented()) {
    // Azure accounts without a hierarchical namespace (Azurite's) have no rename: the
    // copy appears whole under `dst` before `src` goes, so a reader sees the content
    // under one name or both, never a partial file.
    ARROW_RETURN_NOT_OK(Context(fs_->CopyFile(src, dst), operation, src + " -> " + dst));
    return Context(fs_->DeleteFile(src), operation, src);
  }
  return Context(moved, operation, src + " -> " + dst);
}

::arrow::Status FileSystemStorage::Rename(const std::string& src,
                                          const std::string& dst) {
  constexpr std::string_view kOp = "Rename";
  ARROW_RETURN_NOT_OK(EnsureParentDir(dst, kOp));
  if (local_) {
    Count(StorageCall::kPut);
    Count(StorageCall::kDelete);
    return internal::LocalRenameNoReplace(src, dst);
  }
  std::lock_guard<std::mutex> lock(CheckThenActMutex());
  ARROW_ASSIGN_OR_RAISE(bool exists, FileExistsFor(dst, kOp));
  if (exists) {
    return ::arrow::Status::AlreadyExists(kOp, " failed: destination exists; path: ", dst,
                                          " (source: ", src, ")");
  }
  return MoveOrCopy(src, dst, kOp);
}

::arrow::Status FileSystemStorage::Sync(const std::string& path) {
  return local_ ? internal::LocalSync(path, "Sync") : ::arrow::Status::OK();
}

// -- deleting ---------------------------------------------------------------------

::arrow::Status FileSystemStorage::DeleteFile(const std::string& path) {
  Count(StorageCall::kDelete);
  if (s3_) {
    // Arrow's S3 asks for the object's status first and, once it is gone, puts a marker
    // object for its parent (Arrow keeps parents of what it deletes).
    Count(StorageCall::kHead);
    Count(StorageCall::kPut);
  }
  return Context(fs_->DeleteFile(path), "DeleteFile", path);
}

::arrow::Status FileSystemStorage::DeleteDir(const std::string& path) {
  constexpr std::string_view kOp = "DeleteDir";
  // Deleting a folder on an object store lists what it holds, then deletes that. Arrow's
  // S3 also asks for the folder's status first, deletes the folder's marker object
  // apart, and puts one for its parent (Arrow keeps parents of what it deletes).
  Count(StorageCall::kList);
  Count(StorageCall::kDelete);
  if (s3_) {
    Count(StorageCall::kHead);
    Count(StorageCall::kDelete);
    Count(StorageCall::kPut);
  }
  if (lists_implied_folders_) return Context(fs_->DeleteDir(path), kOp, path);
  // GCS: Arrow deletes the folder's objects, then its marker object, and fails on a
  // folder that only exists because objects are named below it (one without a marker).
  ARROW_ASSIGN_OR_RAISE(bool exists, ExistsFor(path, kOp));
  if (!exists) return NotFoundError(kOp, path);
  ::arrow::Status deleted = fs_->DeleteDir(path);
  if (deleted.ok()) return deleted;
  ARROW_ASSIGN_OR_RAISE(bool remains, ExistsFor(path, kOp));
  return remains ? Context(deleted, kOp, path) : ::arrow::Status::OK();
}

// -- folders and status -----------------------------------------------------------

::arrow::Status FileSystemStorage::CreateDir(const std::string& path) {
  constexpr std::string_view kOp = "CreateDir";
  const size_t slash = path.find('/');
  if (creates_buckets_ && slash != std::string::npos) {
    // Arrow's GCS and Azure make a missing bucket (container) for a folder inside it;
    // Hadoop's connectors fail there, and so does hoodie: a mistyped bucket must not
    // become a new one. A bucket alone is still made when asked for.
    const std::string bucket = path.substr(0, slash);
    ARROW_ASSIGN_OR_RAISE(bool exists, ExistsFor(bucket, kOp));
    if (!exists) {
      return Context(::arrow::Status::IOError("bucket (container) does not exist: ", bucket),
                     kOp, path);
    }
  }
  if (s3_) {
    // Arrow's S3 asks for the bucket, then puts a marker object for every folder from
    // the bucket down to `path`.
    Count(StorageCall::kHead);
    const int64_t levels = std::count(path.begin(), path.end(), '/');
    Count(StorageCall::kPut, std::max<int64_t>(1, levels));
  } else {
    Count(StorageCall::kPut);
  }
  return Context(fs_->CreateDir(path, /*recursive=*/true), kOp, path);
}

::arrow::Result<bool> FileSystemStorage::Exists(const std::string& path) {
  return ExistsFor(path, "Exists");
}

::arrow::Result<bool> FileSystemStorage::FileExists(const std::string& path) {
  return FileExistsFor(path, "FileExists");
}

::arrow::Result<FileStatus> FileSystemStorage::GetFileStatus(const std::string& path) {
  constexpr std::string_view kOp = "GetFileStatus";
  ARROW_ASSIGN_OR_RAISE(auto info, StatusOf(path, kOp));
  if (info.type() == ::arrow::fs::FileType::NotFound) {
    return NotFoundError(kOp, path);
  }
  return ToFileStatus(info);
}

::arrow::Result<std::vector<FileStatus>> FileSystemStorage::List(const std::string& dir,
                                                                 bool recursive) {
  ::arrow::fs::FileSelector selector;
  selector.base_dir = dir;
  // Arrow's GCS listings show only folders that have a marker object: the whole tree
  // is listed and the folders its names imply are added.
  selector.recursive = recursive || !lists_implied_folders_;
  selector.allow_not_found = false;
  ARROW_ASSIGN_OR_RAISE(auto infos,
                         Context(fs_->GetFileInfo(selector), "List", dir));
  // Object stores list in pages of up to 1000 entries.
  constexpr int64_t kPage = 1000;
  const int64_t entries = static_cast<int64_t>(infos.size());
  Count(StorageCall::kList, std::max<int64_t>(1, (entries + kPage - 1) / kPage));
  if (!lists_implied_folders_) {
    infos = internal::WithImpliedFolders(std::move(infos), dir, recursive);
  }
  std::vector<FileStatus> statuses;
  statuses.reserve(infos.size());
  for (const auto& info : infos) {
    statuses.push_back(ToFileStatus(info));
  }
  std::sort(statuses.begin(), statuses.end(),
            [](const FileStatus& a, const FileStatus& b) { return a.path < b.path; });
  return statuses;
}

// -- Storage factories --------------------------------------------------------------

std::string_view FileStatus::name() const { return FileName(path); }

bool IsAtomicCreateTemp(std::string_view file_name) {
  return file_name.size() > 5 && file_name.front() == '.' && file_name.ends_with(".tmp");
}

std::shared_ptr<Storage> Storage::Make(std::shared_ptr<::arrow::fs::FileSystem> fs) {
  return std::make_shared<FileSystemStorage>(std::move(fs));
}

std::shared_ptr<Storage> Storage::Local() {
  return Make(std::make_shared<::arrow::fs::LocalFileSystem>());
}

::arrow::Result<std::shared_ptr<Storage>> Storage::FromUri(const std::string& uri,
                                                          std::string* path,
                                                          const HoodieConfig& config) {
  ARROW_ASSIGN_OR_RAISE(StorageOptions options, StorageOptions::FromConfig(config));
  return FromUri(uri, path, options);
}

::arrow::Result<std::shared_ptr<Storage>> Storage::FromUri(const std::string& uri,
                                                           std::string* path,
                                                           const StorageOptions& options) {
  std::string location = uri;
  if (!HasScheme(uri) && !uri.empty() && uri.front() != '/') {
    // Arrow only accepts absolute local paths; resolve relative ones against the
    // working folder, as a shell would.
    std::error_code error;
    auto absolute = std::filesystem::absolute(uri, error);
    if (error) {
      return ::arrow::Status::IOError("FromUri failed: cannot make path absolute: ",
                                      error.message(), "; path: ", uri);
    }
    location = absolute.lexically_normal().string();
  }
  ARROW_ASSIGN_OR_RAISE(auto fs, internal::MakeFileSystem(location, options, path));
  ARROW_ASSIGN_OR_RAISE(auto s3_requests, internal::MakeS3Requests(*fs, options));
  return std::make_shared<FileSystemStorage>(std::move(fs), std::move(s3_requests));
}

std::shared_ptr<Storage> Storage::InMemory() {
  return Make(std::make_shared<::arrow::fs::internal::MockFileSystem>(
      std::chrono::system_clock::now()));
}

}  // namespace hoodie
