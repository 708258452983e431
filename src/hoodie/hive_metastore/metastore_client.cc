// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/hive_metastore/metastore_client.cc
/// \brief MetastoreClient: ThriftHiveMetastore calls written with Thrift's protocol
/// primitives, so that no generated code (and no copy of Hive's IDL) is needed.
#include "hoodie/hive_metastore/metastore_client.h"

#include <functional>
#include <mutex>
#include <vector>

#include <thrift/TApplicationException.h>
#include <thrift/TOutput.h>
#include <thrift/protocol/TBinaryProtocol.h>
#include <thrift/transport/TBufferTransports.h>
#include <thrift/transport/TSocket.h>

#include "hoodie/common/ascii.h"
#include "hoodie/common/logging.h"

namespace hoodie {

namespace thrift = ::apache::thrift;
using thrift::protocol::TType;

namespace {

// hive_metastore.thrift's numbers.
constexpr int32_t kLockTypeExclusive = 3;
constexpr int32_t kLockLevelTable = 2;

// "thrift://host:port" -> host, port.
::arrow::Status ParseUri(const std::string& uri, std::string* host, int* port) {
  constexpr std::string_view kScheme = "thrift://";
  const size_t colon = uri.rfind(':');
  if (uri.rfind(kScheme, 0) != 0 || colon == std::string::npos || colon < kScheme.size()) {
    return ::arrow::Status::Invalid(
        "the Hive Metastore URI '", uri,
        "' is not thrift://host:port (hoodie.write.lock.hivemetastore.uris)");
  }
  *host = uri.substr(kScheme.size(), colon - kScheme.size());
  try {
    *port = std::stoi(uri.substr(colon + 1));
  } catch (const std::exception&) {
    return ::arrow::Status::Invalid("the Hive Metastore URI '", uri, "' has no port number");
  }
  return ::arrow::Status::OK();
}

// Reads a struct, calling `field` for each field (it reads or skips the value).
void ReadStruct(thrift::protocol::TProtocol& in,
                const std::function<void(int16_t id, TType type)>& field) {
  std::string name;
  in.readStructBegin(name);
  while (true) {
    TType type;
    int16_t id;
    in.readFieldBegin(name, type, id);
    if (type == thrift::protocol::T_STOP) break;
    field(id, type);
    in.readFieldEnd();
  }
  in.readStructEnd();
}

// A declared exception of the service (NoSuchLockException, TxnAbortedException, ...):
// a struct whose field 1 is its message.
std::string ReadExceptionMessage(thrift::protocol::TProtocol& in) {
  std::string message;
  ReadStruct(in, [&](int16_t id, TType type) {
    if (id == 1 && type == thrift::protocol::T_STRING) {
      in.readString(message);
    } else {
      in.skip(type);
    }
  });
  return message;
}

MetastoreLock ReadLockResponse(thrift::protocol::TProtocol& in) {
  MetastoreLock lock;
  ReadStruct(in, [&](int16_t id, TType type) {
    if (id == 1 && type == thrift::protocol::T_I64) {
      in.readI64(lock.id);
    } else if (id == 2 && type == thrift::protocol::T_I32) {
      int32_t state = 0;
      in.readI32(state);
      lock.state = static_cast<MetastoreLockState>(state);
    } else if (id == 3 && type == thrift::protocol::T_STRING) {
      in.readString(lock.error_message);
    } else {
      in.skip(type);
    }
  });
  return lock;
}

void WriteI64Request(thrift::protocol::TProtocol& out, const char* name, int64_t lock_id) {
  out.writeStructBegin(name);
  out.writeFieldBegin("lockid", thrift::protocol::T_I64, 1);
  out.writeI64(lock_id);
  out.writeFieldEnd();
  out.writeFieldStop();
  out.writeStructEnd();
}

// Thrift's library prints its own diagnostics ("TSocket::open() error ...") on stderr;
// hoodie reports the failure itself, so they go to the debug log.
void RouteThriftOutput() {
  static const bool routed = [] {
    thrift::GlobalOutput.setOutputFunction(
        [](const char* message) { LogDebug(std::string("thrift: ") + message); });
    return true;
  }();
  (void)routed;
}

}  // namespace

/// The socket and protocol of one connection, and the lock that serializes calls.
struct MetastoreClient::Connection {
  std::shared_ptr<thrift::transport::TTransport> transport;
  std::shared_ptr<thrift::protocol::TProtocol> protocol;
  std::mutex mutex;
  int32_t sequence = 0;

  // One call: `args` writes the argument struct's fields; `result` reads field 0 (the
  // return value) of the result struct. A declared exception (fields 1..n) or a
  // TApplicationException becomes an IOError naming the call.
  ::arrow::Status Call(const char* method, const std::function<void()>& args,
                       const std::function<void()>& result) {
    std::lock_guard<std::mutex> lock(mutex);
    thrift::protocol::TProtocol& io = *protocol;
    try {
      io.writeMessageBegin(method, thrift::protocol::T_CALL, ++sequence);
      io.writeStructBegin("args");
      args();
      io.writeFieldStop();
      io.writeStructEnd();
      io.writeMessageEnd();
      io.getTransport()->writeEnd();
      io.getTransport()->flush();

      std::string name;
      thrift::protocol::TMessageType type;
      int32_t sequence_back = 0;
      io.readMessageBegin(name, type, sequence_back);
      if (type == thrift::protocol::T_EXCEPTION) {
        thrift::TApplicationException error;
        error.read(&io);
        io.readMessageEnd();
        return ::arrow::Status::IOError("the Hive Metastore failed ", method, ": ",
                                        error.what());
      }
      std::string declared;
      ReadStruct(io, [&](int16_t id, TType field_type) {
        if (id == 0) {
          result();
        } else if (field_type == thrift::protocol::T_STRUCT) {
          declared = ReadExceptionMessage(io);
          if (declared.empty()) declared = "exception field " + std::to_string(id);
        } else {
          io.skip(field_type);
        }
      });
      io.readMessageEnd();
      io.getTransport()->readEnd();
      if (!declared.empty()) {
        return ::arrow::Status::IOError("the Hive Metastore refused ", method, ": ",
                                        declared);
      }
      return ::arrow::Status::OK();
    } catch (const thrift::TException& e) {
      return ::arrow::Status::IOError("the Hive Metastore call ", method, " failed: ",
                                      e.what());
    }
  }
};

MetastoreClient::MetastoreClient(std::unique_ptr<Connection> connection, std::string address)
    : connection_(std::move(connection)), address_(std::move(address)) {}

MetastoreClient::~MetastoreClient() {
  try {
    connection_->transport->close();
  } catch (const thrift::TException&) {
    // Closing a broken socket has nothing left to report.
  }
}

::arrow::Result<std::unique_ptr<MetastoreClient>> MetastoreClient::Connect(
    const std::string& uris, std::chrono::milliseconds timeout) {
  RouteThriftOutput();
  std::string tried;
  size_t start = 0;
  while (start <= uris.size()) {
    size_t comma = uris.find(',', start);
    if (comma == std::string::npos) comma = uris.size();
    const std::string uri = uris.substr(start, comma - start);
    start = comma + 1;
    std::string host;
    int port = 0;
    ARROW_RETURN_NOT_OK(ParseUri(uri, &host, &port));
    auto socket = std::make_shared<thrift::transport::TSocket>(host, port);
    socket->setConnTimeout(static_cast<int>(timeout.count()));
    socket->setRecvTimeout(static_cast<int>(timeout.count()));
    socket->setSendTimeout(static_cast<int>(timeout.count()));
    // A read that times out is a failed call, not five (Thrift retries reads 5 times).
    socket->setMaxRecvRetries(1);
    auto connection = std::make_unique<Connection>();
    connection->transport = std::make_shared<thrift::transport::TBufferedTransport>(socket);
    connection->protocol =
        std::make_shared<thrift::protocol::TBinaryProtocol>(connection->transport);
    try {
      connection->transport->open();
      const std::string address = host + ":" + std::to_string(port);
      return std::unique_ptr<MetastoreClient>(
          new MetastoreClient(std::move(connection), address));
    } catch (const thrift::TException& e) {
      tried += (tried.empty() ? "" : "; ") + uri + ": " + e.what();
    }
  }
  return ::arrow::Status::IOError(
      "cannot reach the Hive Metastore (hoodie.write.lock.hivemetastore.uris=", uris,
      "): ", tried, "; check the address and that the Metastore runs");
}

::arrow::Result<MetastoreLock> MetastoreClient::LockTable(const std::string& database,
                                                         const std::string& table,
                                                         const std::string& user,
                                                         const std::string& host) {
  thrift::protocol::TProtocol& out = *connection_->protocol;
  MetastoreLock lock;
  auto args = [&] {
    out.writeFieldBegin("rqst", thrift::protocol::T_STRUCT, 1);
    out.writeStructBegin("LockRequest");
    out.writeFieldBegin("component", thrift::protocol::T_LIST, 1);
    out.writeListBegin(thrift::protocol::T_STRUCT, 1);
    out.writeStructBegin("LockComponent");
    out.writeFieldBegin("type", thrift::protocol::T_I32, 1);
    out.writeI32(kLockTypeExclusive);
    out.writeFieldEnd();
    out.writeFieldBegin("level", thrift::protocol::T_I32, 2);
    out.writeI32(kLockLevelTable);
    out.writeFieldEnd();
    out.writeFieldBegin("dbname", thrift::protocol::T_STRING, 3);
    out.writeString(ToLowerAscii(database));
    out.writeFieldEnd();
    out.writeFieldBegin("tablename", thrift::protocol::T_STRING, 4);
    out.writeString(ToLowerAscii(table));
    out.writeFieldEnd();
    out.writeFieldStop();
    out.writeStructEnd();
    out.writeListEnd();
    out.writeFieldEnd();
    out.writeFieldBegin("user", thrift::protocol::T_STRING, 3);
    out.writeString(user);
    out.writeFieldEnd();
    out.writeFieldBegin("hostname", thrift::protocol::T_STRING, 4);
    out.writeString(host);
    out.writeFieldEnd();
    out.writeFieldBegin("agentInfo", thrift::protocol::T_STRING, 5);
    out.writeString("hoodie");
    out.writeFieldEnd();
    out.writeFieldStop();
    out.writeStructEnd();
    out.writeFieldEnd();
  };
  ARROW_RETURN_NOT_OK(
      connection_->Call("lock", args, [&] { lock = ReadLockResponse(out); }));
  return lock;
}

::arrow::Result<MetastoreLock> MetastoreClient::CheckLock(int64_t lock_id) {
  thrift::protocol::TProtocol& io = *connection_->protocol;
  MetastoreLock lock;
  ARROW_RETURN_NOT_OK(connection_->Call(
      "check_lock",
      [&] {
        io.writeFieldBegin("rqst", thrift::protocol::T_STRUCT, 1);
        WriteI64Request(io, "CheckLockRequest", lock_id);
        io.writeFieldEnd();
      },
      [&] { lock = ReadLockResponse(io); }));
  return lock;
}

::arrow::Status MetastoreClient::Unlock(int64_t lock_id) {
  thrift::protocol::TProtocol& io = *connection_->protocol;
  return connection_->Call(
      "unlock",
      [&] {
        io.writeFieldBegin("rqst", thrift::protocol::T_STRUCT, 1);
        WriteI64Request(io, "UnlockRequest", lock_id);
        io.writeFieldEnd();
      },
      [] {});
}

::arrow::Result<std::vector<MetastoreLockInfo>> MetastoreClient::ShowLocks(
    const std::string& database, const std::string& table) {
  thrift::protocol::TProtocol& io = *connection_->protocol;
  std::vector<MetastoreLockInfo> locks;
  auto args = [&] {
    io.writeFieldBegin("rqst", thrift::protocol::T_STRUCT, 1);
    io.writeStructBegin("ShowLocksRequest");
    io.writeFieldBegin("dbname", thrift::protocol::T_STRING, 1);
    io.writeString(ToLowerAscii(database));
    io.writeFieldEnd();
    io.writeFieldBegin("tablename", thrift::protocol::T_STRING, 2);
    io.writeString(ToLowerAscii(table));
    io.writeFieldEnd();
    io.writeFieldStop();
    io.writeStructEnd();
    io.writeFieldEnd();
  };
  auto element = [&] {
    MetastoreLockInfo lock;
    ReadStruct(io, [&](int16_t id, TType type) {
      if (id == 1 && type == thrift::protocol::T_I64) {
        io.readI64(lock.id);
      } else if (id == 5 && type == thrift::protocol::T_I32) {
        int32_t state = 0;
        io.readI32(state);
        lock.state = static_cast<MetastoreLockState>(state);
      } else if (id == 10 && type == thrift::protocol::T_STRING) {
        io.readString(lock.user);
      } else if (id == 11 && type == thrift::protocol::T_STRING) {
        io.readString(lock.hostname);
      } else if (id == 13 && type == thrift::protocol::T_STRING) {
        io.readString(lock.agent_info);
      } else {
        io.skip(type);
      }
    });
    locks.push_back(std::move(lock));
  };
  auto result = [&] {
    ReadStruct(io, [&](int16_t id, TType type) {
      if (id != 1 || type != thrift::protocol::T_LIST) {
        io.skip(type);
        return;
      }
      TType element_type;
      uint32_t size = 0;
      io.readListBegin(element_type, size);
      for (uint32_t i = 0; i < size; ++i) element();
      io.readListEnd();
    });
  };
  ARROW_RETURN_NOT_OK(connection_->Call("show_locks", args, result));
  return locks;
}

::arrow::Status MetastoreClient::Heartbeat(int64_t lock_id) {
  thrift::protocol::TProtocol& io = *connection_->protocol;
  return connection_->Call(
      "heartbeat",
      [&] {
        io.writeFieldBegin("ids", thrift::protocol::T_STRUCT, 1);
        WriteI64Request(io, "HeartbeatRequest", lock_id);
        io.writeFieldEnd();
      },
      [] {});
}

}  // namespace hoodie
