// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/concurrency/zookeeper_session.cc
/// \brief ZooKeeperSession over the C client's synchronous calls.
#include "hoodie/concurrency/zookeeper_session.h"

#include <zookeeper/zookeeper.h>

#include <condition_variable>
#include <mutex>
#include <thread>

#include "hoodie/common/logging.h"

namespace hoodie {

namespace {

// The C client's log lines are the client's business: hoodie shows them at debug level
// (HOODIE_LOG_LEVEL=debug), not on a user's terminal.
void ClientLog(const char* message) { LogDebug(std::string("zookeeper: ") + message); }

std::string Parent(const std::string& path) {
  const size_t slash = path.rfind('/');
  return slash == 0 || slash == std::string::npos ? "/" : path.substr(0, slash);
}

bool ConnectionLost(int code) {
  return code == ZCONNECTIONLOSS || code == ZOPERATIONTIMEOUT;
}

}  // namespace

/// The handle and what its watchers report, shared with the client's threads.
struct ZooKeeperSession::State {
  zhandle_t* handle = nullptr;
  std::mutex mutex;
  std::condition_variable changed;
  int session_state = 0;   // the last ZOO_*_STATE of a session event
  uint64_t events = 0;     // watch events seen, so a waiter knows one came

  static void OnEvent(zhandle_t*, int type, int state, const char*, void* context) {
    auto* self = static_cast<State*>(context);
    std::lock_guard<std::mutex> lock(self->mutex);
    if (type == ZOO_SESSION_EVENT) self->session_state = state;
    ++self->events;
    self->changed.notify_all();
  }
};

ZooKeeperSession::ZooKeeperSession(ZooKeeperOptions options)
    : options_(std::move(options)), state_(std::make_unique<State>()) {}

ZooKeeperSession::~ZooKeeperSession() {
  // zookeeper_close joins the client's threads, so no watcher runs after it.
  if (state_->handle != nullptr) zookeeper_close(state_->handle);
}

::arrow::Result<std::unique_ptr<ZooKeeperSession>> ZooKeeperSession::Connect(
    const ZooKeeperOptions& options) {
  std::unique_ptr<ZooKeeperSession> session(new ZooKeeperSession(options));
  State* state = session->state_.get();
  const std::string where = "ZooKeeper at " + options.connect_string +
                            " (hoodie.write.lock.zookeeper.url)";
  state->handle = zookeeper_init2(options.connect_string.c_str(), &State::OnEvent,
                                  static_cast<int>(options.session_timeout.count()),
                                  nullptr, state, 0, &ClientLog);
  if (state->handle == nullptr) {
    return ::arrow::Status::Invalid("cannot open a session with ", where, ": ",
                                    std::strerror(errno),
                                    "; write the servers as host:port[,host:port]");
  }
  std::unique_lock<std::mutex> lock(state->mutex);
  const bool connected = state->changed.wait_for(lock, options.connection_timeout, [&] {
    return state->session_state == ZOO_CONNECTED_STATE ||
           state->session_state == ZOO_AUTH_FAILED_STATE;
  });
  if (!connected || state->session_state != ZOO_CONNECTED_STATE) {
    return ::arrow::Status::IOError(
        "cannot reach ", where, " within ", options.connection_timeout.count(),
        " ms (hoodie.write.lock.zookeeper.connection_timeout_ms): check the address and "
        "that the server runs");
  }
  return session;
}

bool ZooKeeperSession::Expired() const {
  std::lock_guard<std::mutex> lock(state_->mutex);
  return state_->session_state == ZOO_EXPIRED_SESSION_STATE;
}

template <typename Call>
int ZooKeeperSession::Retrying(Call call) {
  int code = call();
  auto wait = options_.wait_between_retries;
  for (int32_t retry = 0; ConnectionLost(code) && retry < options_.num_retries; ++retry) {
    LogInfo("ZooKeeper at " + options_.connect_string + ": " + zerror(code) +
            "; retrying in " + std::to_string(wait.count()) + " ms");
    std::this_thread::sleep_for(wait);
    wait *= 2;
    code = call();
  }
  return code;
}

::arrow::Status ZooKeeperSession::Error(int code, const std::string& what,
                                        const std::string& path) const {
  std::string hint;
  if (ConnectionLost(code)) {
    hint = " after " + std::to_string(options_.num_retries) +
           " retries (hoodie.write.lock.num_retries)";
  } else if (code == ZNOAUTH) {
    hint = ": the node's ACL does not let this client in";
  }
  return ::arrow::Status::IOError("ZooKeeper at ", options_.connect_string, ": cannot ",
                                  what, " ", path, ": ", zerror(code), hint);
}

::arrow::Result<std::string> ZooKeeperSession::Create(const std::string& path,
                                                      const std::string& data,
                                                      bool ephemeral_sequential) {
  std::vector<char> created(path.size() + 64);
  const int mode = ephemeral_sequential ? ZOO_EPHEMERAL_SEQUENTIAL : ZOO_PERSISTENT;
  bool lost_once = false;
  std::string found;
  const int code = Retrying([&] {
    if (lost_once && ephemeral_sequential) {
      // Curator's protected mode: a create whose answer was lost may have happened.
      // The name carries a unique prefix, so a child with it is the one created.
      auto children = Children(Parent(path));
      const std::string prefix = path.substr(path.rfind('/') + 1);
      if (children.ok()) {
        for (const std::string& child : *children) {
          if (child.rfind(prefix, 0) == 0) {
            found = Parent(path) + "/" + child;
            return static_cast<int>(ZOK);
          }
        }
      }
    }
    const int rc = zoo_create(state_->handle, path.c_str(), data.data(),
                              static_cast<int>(data.size()), &ZOO_OPEN_ACL_UNSAFE, mode,
                              created.data(), static_cast<int>(created.size()));
    lost_once = lost_once || ConnectionLost(rc);
    return rc;
  });
  if (code == ZNODEEXISTS) return ::arrow::Status::AlreadyExists(path);
  if (code == ZNONODE) return ::arrow::Status::KeyError("no parent of ", path);
  if (code != ZOK) return Error(code, "create", path);
  return found.empty() ? std::string(created.data()) : found;
}

::arrow::Status ZooKeeperSession::CreateParents(const std::string& path) {
  for (size_t slash = path.find('/', 1); slash != std::string::npos;
       slash = path.find('/', slash + 1)) {
    auto created = Create(path.substr(0, slash), "", /*ephemeral_sequential=*/false);
    if (!created.ok() && !created.status().IsAlreadyExists()) return created.status();
  }
  return ::arrow::Status::OK();
}

::arrow::Result<std::vector<std::string>> ZooKeeperSession::Children(
    const std::string& path) {
  String_vector names{0, nullptr};
  const int code = Retrying([&] {
    return zoo_get_children(state_->handle, path.c_str(), 0, &names);
  });
  if (code == ZNONODE) return std::vector<std::string>{};
  if (code != ZOK) return Error(code, "list the children of", path);
  std::vector<std::string> children(names.data, names.data + names.count);
  deallocate_String_vector(&names);
  return children;
}

::arrow::Result<std::optional<std::string>> ZooKeeperSession::Get(
    const std::string& path) {
  std::vector<char> buffer(4096);
  int length = 0;
  const int code = Retrying([&] {
    length = static_cast<int>(buffer.size());
    return zoo_get(state_->handle, path.c_str(), 0, buffer.data(), &length, nullptr);
  });
  if (code == ZNONODE) return std::nullopt;
  if (code != ZOK) return Error(code, "read", path);
  return std::string(buffer.data(), length < 0 ? 0 : static_cast<size_t>(length));
}

::arrow::Status ZooKeeperSession::Delete(const std::string& path) {
  const int code = Retrying([&] { return zoo_delete(state_->handle, path.c_str(), -1); });
  if (code != ZOK && code != ZNONODE) return Error(code, "delete", path);
  return ::arrow::Status::OK();
}

::arrow::Result<bool> ZooKeeperSession::WaitUntilGone(
    const std::string& path, std::chrono::steady_clock::time_point deadline) {
  State* state = state_.get();
  while (true) {
    uint64_t seen;
    {
      std::lock_guard<std::mutex> lock(state->mutex);
      seen = state->events;
    }
    // A watch set with the check fires once on the node's next change: the wait below
    // then looks again. The client keeps one watch per (path, watcher, context).
    struct Stat stat;
    const int code = Retrying([&] {
      return zoo_wexists(state->handle, path.c_str(), &State::OnEvent, state, &stat);
    });
    if (code == ZNONODE) return true;
    if (code != ZOK) return Error(code, "watch", path);
    std::unique_lock<std::mutex> lock(state->mutex);
    if (!state->changed.wait_until(lock, deadline, [&] { return state->events != seen; })) {
      return false;
    }
    if (state->session_state == ZOO_EXPIRED_SESSION_STATE) {
      return Error(ZSESSIONEXPIRED, "wait for", path);
    }
  }
}

}  // namespace hoodie
