// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/storage/fault_injecting_storage.h
/// \brief A Storage decorator that fails chosen calls or "kills" a writer mid-file, for
/// crash and error-path tests.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "hoodie/storage/storage.h"
#include "hoodie/visibility.h"

namespace hoodie {

/// The Storage operations FaultInjectingStorage counts and can fail.
enum class StorageOperation {
  kOpenForRead,
  kReadRange,
  kReadAll,
  kCreate,
  kWriteAll,
  kCreateImmutable,
  kRename,
  kSync,
  kDeleteFile,
  kDeleteDir,
  kCreateDir,
  kExists,
  kGetFileStatus,
  kList,
};
inline constexpr int kNumStorageOperations = 14;

/// "OpenForRead", "Create", ... (the method name).
HOODIE_EXPORT const char* StorageOperationName(StorageOperation operation);

/// \brief Wraps any Storage and injects failures by rule, in the spirit of RocksDB's
/// FaultInjectionTestFS.
///
/// Every injected failure is an IOError carrying ErrorCode::kFaultInjected (test with
/// HasErrorCode) whose message names the operation and the path. A failed call does
/// not reach the wrapped storage. Rules:
/// - FailNthCall: the n-th call of one operation, counted from when the rule is added,
///   fails once.
/// - FailPathsContaining / FailPathsEndingWith: every call (of one operation, or of
///   all) whose path matches fails, until ClearFaults(). Rename matches on either path.
/// - CrashAfterBytes: the next writer of a matching path (Create, WriteAll,
///   CreateImmutable) is "killed" after K bytes: the file is left holding exactly the
///   first min(K, bytes written) bytes, as a killed process leaves it, and from then on
///   the storage is crashed: every call, and every write or close on any stream it
///   handed out, fails until Restart(). CreateImmutable is atomic, so a crash there
///   leaves no file at all.
///
/// Calls are counted per operation, failed ones included. filesystem() returns the
/// wrapped storage's file system, which bypasses every rule. Thread-safe.
class HOODIE_EXPORT FaultInjectingStorage : public Storage {
 public:
  explicit FaultInjectingStorage(std::shared_ptr<Storage> base);
  ~FaultInjectingStorage() override;

  const std::shared_ptr<Storage>& base() const { return base_; }

  // -- rules ------------------------------------------------------------------------
  /// Fails the `n`-th (1 = next) call of `operation` from now; once.
  void FailNthCall(StorageOperation operation, int64_t n);
  /// Fails calls whose path contains `substring`; all operations unless `operation`.
  void FailPathsContaining(std::string substring,
                           std::optional<StorageOperation> operation = std::nullopt);
  /// Fails calls whose path ends with `suffix`; all operations unless `operation`.
  void FailPathsEndingWith(std::string suffix,
                           std::optional<StorageOperation> operation = std::nullopt);
  /// Kills the next writer of a path containing `path_substring` after `bytes` bytes.
  void CrashAfterBytes(std::string path_substring, int64_t bytes);
  /// Removes every rule and the crashed state; counters are kept.
  void ClearFaults();
  /// Leaves the crashed state (a new process starts); rules are kept.
  void Restart();
  /// True after a CrashAfterBytes rule fired and before Restart() / ClearFaults().
  bool crashed() const;

  // -- counters ---------------------------------------------------------------------
  /// Calls of `operation` so far, failed ones included.
  int64_t call_count(StorageOperation operation) const;
  /// Calls of `operation` on exactly `path` (the first path of a Rename) so far.
  int64_t call_count(StorageOperation operation, std::string_view path) const;
  /// Failures injected so far (rule hits and calls refused while crashed).
  int64_t injected_fault_count() const;
  /// The operation and path of the last failure injected ("" before the first).
  std::string last_injected_fault() const;
  void ResetCounts();

  // -- Storage ----------------------------------------------------------------------
  std::shared_ptr<::arrow::fs::FileSystem> filesystem() const override;
  ::arrow::Result<std::shared_ptr<::arrow::io::RandomAccessFile>> OpenForRead(
      const std::string& path) override;
  ::arrow::Result<std::shared_ptr<::arrow::Buffer>> ReadRange(const std::string& path,
                                                              int64_t offset,
                                                              int64_t length) override;
  ::arrow::Result<std::string> ReadAll(const std::string& path) override;
  ::arrow::Result<std::shared_ptr<::arrow::io::OutputStream>> Create(
      const std::string& path, bool overwrite) override;
  ::arrow::Status WriteAll(const std::string& path, std::string_view data,
                           bool overwrite) override;
  bool creates_exclusively() const override { return base_->creates_exclusively(); }
  ::arrow::Status CreateImmutable(const std::string& path,
                                  std::string_view data) override;
  ::arrow::Status Rename(const std::string& src, const std::string& dst) override;
  ::arrow::Status Sync(const std::string& path) override;
  ::arrow::Status DeleteFile(const std::string& path) override;
  ::arrow::Status DeleteDir(const std::string& path) override;
  ::arrow::Status CreateDir(const std::string& path) override;
  ::arrow::Result<bool> Exists(const std::string& path) override;
  /// Counted and injected as kExists: the same question, narrowed to files.
  ::arrow::Result<bool> FileExists(const std::string& path) override;
  ::arrow::Result<FileStatus> GetFileStatus(const std::string& path) override;
  ::arrow::Result<std::vector<FileStatus>> List(const std::string& dir,
                                                bool recursive) override;

  /// Shared with the output streams handed out, which outlive no rule but may outlive
  /// this object.
  class State;

 private:
  std::shared_ptr<Storage> base_;
  std::shared_ptr<State> state_;
};

/// The storage calls `run` makes on `storage`, per operation (only those called): what
/// a killed-at-every-call test iterates over. Resets the storage's counters first.
HOODIE_EXPORT
std::map<StorageOperation, int64_t> CountCalls(FaultInjectingStorage* storage,
                                               const std::function<void()>& run);

}  // namespace hoodie
