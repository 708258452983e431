// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/testing/kafka_test_server.cc
/// \brief KafkaTestServer: scripts/kafka-server.sh as a child process.
#include "hoodie/testing/kafka_test_server.h"

#include <fstream>

namespace hoodie::testing {

::arrow::Result<std::unique_ptr<KafkaTestServer>> KafkaTestServer::Start() {
  std::unique_ptr<KafkaTestServer> server(new KafkaTestServer());
  server->dir_ = std::make_unique<TempDir>();
  const std::string script = std::string(HOODIE_SOURCE_DIR) + "/scripts/kafka-server.sh";
  // The client port opens once the broker has joined its own KRaft quorum.
  ARROW_ASSIGN_OR_RAISE(
      server->process_,
      ServerProcess::Start({"/bin/bash", script, "{port}", server->dir_->path()},
                           "run scripts/setup-services.sh (it installs the Kafka broker, or "
                           "set HOODIE_KAFKA_JARS)",
                           server->dir_->Join("server.log")));
  return server;
}

std::string KafkaTestServer::bootstrap_servers() const {
  return "127.0.0.1:" + std::to_string(process_->port());
}

::arrow::Result<std::string> KafkaTestServer::sasl_bootstrap_servers() const {
  std::ifstream file(dir_->Join("sasl.port"));
  std::string port;
  if (!(file >> port)) {
    return ::arrow::Status::IOError("kafka-server.sh wrote no ", dir_->Join("sasl.port"));
  }
  return "127.0.0.1:" + port;
}

}  // namespace hoodie::testing
