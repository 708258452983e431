// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/storage/fault_injecting_storage.cc
/// \brief A Storage decorator that fails chosen calls or kills a writer mid-file.
#include "hoodie/storage/fault_injecting_storage.h"

#include <algorithm>
#include <array>
#include <mutex>
#include <utility>

#include "hoodie/common/error.h"
#include "hoodie/common/macros.h"

namespace hoodie {

const char* StorageOperationName(StorageOperation operation) {
  switch (operation) {
    case StorageOperation::kOpenForRead: return "OpenForRead";
    case StorageOperation::kReadRange: return "ReadRange";
    case StorageOperation::kReadAll: return "ReadAll";
    case StorageOperation::kCreate: return "Create";
    case StorageOperation::kWriteAll: return "WriteAll";
    case StorageOperation::kCreateImmutable: return "CreateImmutable";
    case StorageOperation::kRename: return "Rename";
    case StorageOperation::kSync: return "Sync";
    case StorageOperation::kDeleteFile: return "DeleteFile";
    case StorageOperation::kDeleteDir: return "DeleteDir";
    case StorageOperation::kCreateDir: return "CreateDir";
    case StorageOperation::kExists: return "Exists";
    case StorageOperation::kGetFileStatus: return "GetFileStatus";
    case StorageOperation::kList: return "List";
  }
  return "Unknown";
}

namespace {

::arrow::Status InjectedFault(std::string_view operation, std::string_view reason,
                              std::string_view path) {
  return WithErrorCode(::arrow::Status::IOError("Injected fault: ", operation,
                                                " failed (", reason, "); path: ", path),
                       ErrorCode::kFaultInjected);
}

}  // namespace

/// Rules, counters and the crashed flag, behind one mutex.
class FaultInjectingStorage::State {
 public:
  // Counts the call, then returns the fault a rule injects into it, or OK.
  ::arrow::Status Admit(StorageOperation op, std::string_view path,
                        std::string_view other_path = {}) {
    std::lock_guard<std::mutex> lock(mutex_);
    int64_t count = ++counts_[static_cast<int>(op)];
    ++path_counts_[{op, std::string(path)}];
    const char* name = StorageOperationName(op);
    if (crashed_) {
      return Inject(name, "storage has crashed", path);
    }
    auto nth = std::find_if(nth_rules_.begin(), nth_rules_.end(), [&](const NthRule& r) {
      return r.op == op && r.target == count;
    });
    if (nth != nth_rules_.end()) {
      nth_rules_.erase(nth);
      return Inject(name, "call #" + std::to_string(count), path);
    }
    for (const PathRule& rule : path_rules_) {
      if (rule.op.has_value() && *rule.op != op) continue;
      if (rule.Matches(path) || (!other_path.empty() && rule.Matches(other_path))) {
        return Inject(name, "path matches '" + rule.pattern + "'",
                      rule.Matches(path) ? path : other_path);
      }
    }
    return ::arrow::Status::OK();
  }

  // Removes and returns the byte budget of the first crash rule matching `path`.
  std::optional<int64_t> TakeCrashBudget(std::string_view path) {
    std::lock_guard<std::mutex> lock(mutex_);
    auto it = std::find_if(crash_rules_.begin(), crash_rules_.end(), [&](const auto& r) {
      return path.find(r.first) != std::string_view::npos;
    });
    if (it == crash_rules_.end()) return std::nullopt;
    int64_t bytes = it->second;
    crash_rules_.erase(it);
    return bytes;
  }

  ::arrow::Status Crash(std::string_view operation, std::string_view path,
                        int64_t bytes) {
    std::lock_guard<std::mutex> lock(mutex_);
    crashed_ = true;
    return Inject(operation, "writer killed after " + std::to_string(bytes) + " bytes",
                  path);
  }

  // For streams: refuses work once the storage has crashed.
  ::arrow::Status CheckAlive(std::string_view operation, std::string_view path) {
    std::lock_guard<std::mutex> lock(mutex_);
    return crashed_ ? Inject(operation, "storage has crashed", path)
                    : ::arrow::Status::OK();
  }

  void AddNth(StorageOperation op, int64_t n) {
    std::lock_guard<std::mutex> lock(mutex_);
    nth_rules_.push_back({op, counts_[static_cast<int>(op)] + n});
  }
  void AddPath(std::string pattern, bool suffix, std::optional<StorageOperation> op) {
    std::lock_guard<std::mutex> lock(mutex_);
    path_rules_.push_back({std::move(pattern), suffix, op});
  }
  void AddCrash(std::string substring, int64_t bytes) {
    std::lock_guard<std::mutex> lock(mutex_);
    crash_rules_.emplace_back(std::move(substring), bytes);
  }
  void Clear() {
    std::lock_guard<std::mutex> lock(mutex_);
    nth_rules_.clear();
    path_rules_.clear();
    crash_rules_.clear();
    crashed_ = false;
  }
  void Restart() {
    std::lock_guard<std::mutex> lock(mutex_);
    crashed_ = false;
  }
  bool crashed() const {
    std::lock_guard<std::mutex> lock(mutex_);
    return crashed_;
  }
  int64_t count(StorageOperation op) const {
    std::lock_guard<std::mutex> lock(mutex_);
    return counts_[static_cast<int>(op)];
  }
  int64_t count(StorageOperation op, std::string_view path) const {
    std::lock_guard<std::mutex> lock(mutex_);
    auto it = path_counts_.find({op, std::string(path)});
    return it == path_counts_.end() ? 0 : it->second;
  }
  int64_t injected() const {
    std::lock_guard<std::mutex> lock(mutex_);
    return injected_;
  }
  std::string last_injected() const {
    std::lock_guard<std::mutex> lock(mutex_);
    return last_injected_;
  }
  void ResetCounts() {
    std::lock_guard<std::mutex> lock(mutex_);
    counts_.fill(0);
    path_counts_.clear();
    injected_ = 0;
  }

 private:
  struct NthRule {
    StorageOperation op;
    int64_t target;
  };
  struct PathRule {
    std::string pattern;
    bool suffix;
    std::optional<StorageOperation> op;
    bool Matches(std::string_view path) const {
      return suffix ? path.ends_with(pattern) : path.find(pattern) != std::string::npos;
    }
  };

  // Caller holds mutex_.
  ::arrow::Status Inject(std::string_view operation, const std::string& reason,
                         std::string_view path) {
    ++injected_;
    last_injected_ = std::string(operation) + " " + std::string(path);
    return InjectedFault(operation, reason, path);
  }

  mutable std::mutex mutex_;
  std::array<int64_t, kNumStorageOperations> counts_{};
  std::map<std::pair<StorageOperation, std::string>, int64_t> path_counts_;
  int64_t injected_ = 0;
  std::string last_injected_;
  bool crashed_ = false;
  std::vector<NthRule> nth_rules_;
  std::vector<PathRule> path_rules_;
  std::vector<std::pair<std::string, int64_t>> crash_rules_;
};

namespace {

/// Forwards to the wrapped stream while the storage is alive; with a byte budget it
/// plays the writer that gets killed once the budget is spent or at close.
class FaultInjectingOutputStream : public ::arrow::io::OutputStream {
 public:
  FaultInjectingOutputStream(std::shared_ptr<::arrow::io::OutputStream> inner,
                             std::shared_ptr<FaultInjectingStorage::State> state,
                             std::string path, std::optional<int64_t> budget)
      : inner_(std::move(inner)),
        state_(std::move(state)),
        path_(std::move(path)),
        budget_(budget) {}

  ::arrow::Status Write(const void* data, int64_t nbytes) override {
    ARROW_RETURN_NOT_OK(CheckOpen());
    if (budget_.has_value() && nbytes > *budget_ - written_) {
      ARROW_RETURN_NOT_OK(inner_->Write(data, *budget_ - written_));
      written_ = *budget_;
      return KillWriter();
    }
    ARROW_RETURN_NOT_OK(inner_->Write(data, nbytes));
    written_ += nbytes;
    return ::arrow::Status::OK();
  }

  ::arrow::Status Flush() override {
    ARROW_RETURN_NOT_OK(CheckOpen());
    return inner_->Flush();
  }

  ::arrow::Status Close() override {
    if (killed_) return InjectedFault("Close", "writer was killed", path_);
    if (closed_) return ::arrow::Status::OK();
    // A writer with a budget dies before its close completes, whatever it wrote.
    if (budget_.has_value()) return KillWriter();
    ARROW_RETURN_NOT_OK(state_->CheckAlive("Close", path_));
    closed_ = true;
    return inner_->Close();
  }

  ::arrow::Result<int64_t> Tell() const override { return inner_->Tell(); }
  bool closed() const override { return closed_; }

 private:
  ::arrow::Status CheckOpen() {
    if (killed_) return InjectedFault("Write", "writer was killed", path_);
    if (closed_) {
      return ::arrow::Status::Invalid("Write failed: stream is closed; path: ", path_);
    }
    return state_->CheckAlive("Write", path_);
  }

  // Closing the wrapped stream is what makes the partial bytes land on every backend
  // (in-memory files only get their data at close), as a killed process's page cache
  // would on local disk.
  ::arrow::Status KillWriter() {
    closed_ = true;
    killed_ = true;
    HOODIE_WARN_NOT_OK(inner_->Close(), "closing the partial file of a killed writer");
    return state_->Crash("Write", path_, written_);
  }

  std::shared_ptr<::arrow::io::OutputStream> inner_;
  std::shared_ptr<FaultInjectingStorage::State> state_;
  std::string path_;
  std::optional<int64_t> budget_;
  int64_t written_ = 0;
  bool closed_ = false;
  bool killed_ = false;
};

}  // namespace

FaultInjectingStorage::FaultInjectingStorage(std::shared_ptr<Storage> base)
    : base_(std::move(base)), state_(std::make_shared<State>()) {}

FaultInjectingStorage::~FaultInjectingStorage() = default;

void FaultInjectingStorage::FailNthCall(StorageOperation operation, int64_t n) {
  state_->AddNth(operation, n);
}
void FaultInjectingStorage::FailPathsContaining(std::string substring,
                                                std::optional<StorageOperation> op) {
  state_->AddPath(std::move(substring), /*suffix=*/false, op);
}
void FaultInjectingStorage::FailPathsEndingWith(std::string suffix,
                                                std::optional<StorageOperation> op) {
  state_->AddPath(std::move(suffix), /*suffix=*/true, op);
}
void FaultInjectingStorage::CrashAfterBytes(std::string path_substring, int64_t bytes) {
  state_->AddCrash(std::move(path_substring), bytes);
}
void FaultInjectingStorage::ClearFaults() { state_->Clear(); }
void FaultInjectingStorage::Restart() { state_->Restart(); }
bool FaultInjectingStorage::crashed() const { return state_->crashed(); }
int64_t FaultInjectingStorage::call_count(StorageOperation operation) const {
  return state_->count(operation);
}
int64_t FaultInjectingStorage::call_count(StorageOperation operation,
                                          std::string_view path) const {
  return state_->count(operation, path);
}
int64_t FaultInjectingStorage::injected_fault_count() const { return state_->injected(); }
std::string FaultInjectingStorage::last_injected_fault() const {
  return state_->last_injected();
}
void FaultInjectingStorage::ResetCounts() { state_->ResetCounts(); }

std::shared_ptr<::arrow::fs::FileSystem> FaultInjectingStorage::filesystem() const {
  return base_->filesystem();
}

::arrow::Result<std::shared_ptr<::arrow::io::RandomAccessFile>>
FaultInjectingStorage::OpenForRead(const std::string& path) {
  ARROW_RETURN_NOT_OK(state_->Admit(StorageOperation::kOpenForRead, path));
  return base_->OpenForRead(path);
}

::arrow::Result<std::shared_ptr<::arrow::Buffer>> FaultInjectingStorage::ReadRange(
    const std::string& path, int64_t offset, int64_t length) {
  ARROW_RETURN_NOT_OK(state_->Admit(StorageOperation::kReadRange, path));
  return base_->ReadRange(path, offset, length);
}

::arrow::Result<std::string> FaultInjectingStorage::ReadAll(const std::string& path) {
  ARROW_RETURN_NOT_OK(state_->Admit(StorageOperation::kReadAll, path));
  return base_->ReadAll(path);
}

::arrow::Result<std::shared_ptr<::arrow::io::OutputStream>> FaultInjectingStorage::Create(
    const std::string& path, bool overwrite) {
  ARROW_RETURN_NOT_OK(state_->Admit(StorageOperation::kCreate, path));
  std::optional<int64_t> budget = state_->TakeCrashBudget(path);
  ARROW_ASSIGN_OR_RAISE(auto inner, base_->Create(path, overwrite));
  return std::make_shared<FaultInjectingOutputStream>(std::move(inner), state_, path,
                                                      budget);
}

::arrow::Status FaultInjectingStorage::WriteAll(const std::string& path,
                                                std::string_view data, bool overwrite) {
  ARROW_RETURN_NOT_OK(state_->Admit(StorageOperation::kWriteAll, path));
  std::optional<int64_t> budget = state_->TakeCrashBudget(path);
  if (!budget.has_value()) {
    return base_->WriteAll(path, data, overwrite);
  }
  ARROW_ASSIGN_OR_RAISE(auto stream, base_->Create(path, overwrite));
  int64_t written = std::min<int64_t>(*budget, static_cast<int64_t>(data.size()));
  ARROW_RETURN_NOT_OK(stream->Write(data.data(), written));
  HOODIE_WARN_NOT_OK(stream->Close(), "closing the partial file of a killed writer");
  return state_->Crash("WriteAll", path, written);
}

::arrow::Status FaultInjectingStorage::CreateImmutable(const std::string& path,
                                                       std::string_view data) {
  ARROW_RETURN_NOT_OK(state_->Admit(StorageOperation::kCreateImmutable, path));
  if (state_->TakeCrashBudget(path).has_value()) {
    // The real CreateImmutable publishes nothing until the whole content is durable,
    // so a writer killed part-way leaves no file at `path`.
    return state_->Crash("CreateImmutable", path, 0);
  }
  return base_->CreateImmutable(path, data);
}

::arrow::Status FaultInjectingStorage::Rename(const std::string& src,
                                              const std::string& dst) {
  ARROW_RETURN_NOT_OK(state_->Admit(StorageOperation::kRename, src, dst));
  return base_->Rename(src, dst);
}

::arrow::Status FaultInjectingStorage::Sync(const std::string& path) {
  ARROW_RETURN_NOT_OK(state_->Admit(StorageOperation::kSync, path));
  return base_->Sync(path);
}

::arrow::Status FaultInjectingStorage::DeleteFile(const std::string& path) {
  ARROW_RETURN_NOT_OK(state_->Admit(StorageOperation::kDeleteFile, path));
  return base_->DeleteFile(path);
}

::arrow::Status FaultInjectingStorage::DeleteDir(const std::string& path) {
  ARROW_RETURN_NOT_OK(state_->Admit(StorageOperation::kDeleteDir, path));
  return base_->DeleteDir(path);
}

::arrow::Status FaultInjectingStorage::CreateDir(const std::string& path) {
  ARROW_RETURN_NOT_OK(state_->Admit(StorageOperation::kCreateDir, path));
  return base_->CreateDir(path);
}

::arrow::Result<bool> FaultInjectingStorage::Exists(const std::string& path) {
  ARROW_RETURN_NOT_OK(state_->Admit(StorageOperation::kExists, path));
  return base_->Exists(path);
}

::arrow::Result<bool> FaultInjectingStorage::FileExists(const std::string& path) {
  ARROW_RETURN_NOT_OK(state_->Admit(StorageOperation::kExists, path));
  return base_->FileExists(path);
}

::arrow::Result<FileStatus> FaultInjectingStorage::GetFileStatus(
    const std::string& path) {
  ARROW_RETURN_NOT_OK(state_->Admit(StorageOperation::kGetFileStatus, path));
  return base_->GetFileStatus(path);
}

::arrow::Result<std::vector<FileStatus>> FaultInjectingStorage::List(
    const std::string& dir, bool recursive) {
  ARROW_RETURN_NOT_OK(state_->Admit(StorageOperation::kList, dir));
  return base_->List(dir, recursive);
}

std::map<StorageOperation, int64_t> CountCalls(FaultInjectingStorage* storage,
                                               const std::function<void()>& run) {
  storage->ResetCounts();
  run();
  std::map<StorageOperation, int64_t> counts;
  for (int op = 0; op < kNumStorageOperations; ++op) {
    auto operation = static_cast<StorageOperation>(op);
    if (storage->call_count(operation) > 0) {
      counts[operation] = storage->call_count(operation);
    }
  }
  return counts;
}

}  // namespace hoodie
