// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/testing/kafka_test_server.h
/// \brief A real Apache Kafka broker for tests: Kafka 3.9 in KRaft mode from Maven
/// Central (scripts/services-maven/kafka/pom.xml, installed by scripts/setup-services.sh),
/// run by scripts/kafka-server.sh on 127.0.0.1 and stopped afterwards.
#pragma once

#include <memory>
#include <string>

#include <arrow/result.h>

#include "hoodie/testing/server_process.h"
#include "hoodie/testing/temp_dir.h"

namespace hoodie::testing {

/// \brief One broker (also its own controller) on a free port of 127.0.0.1, with its log
/// in a temporary folder; topics are not created on first use. Not thread-safe.
class KafkaTestServer {
 public:
  /// Starts the broker and waits until it accepts connections. \return IOError naming
  ///   scripts/setup-services.sh when the jars or java are missing.
  static ::arrow::Result<std::unique_ptr<KafkaTestServer>> Start();

  /// "127.0.0.1:<port>", what bootstrap.servers takes.
  std::string bootstrap_servers() const;
  /// The broker's SASL_PLAINTEXT listener (mechanism PLAIN, user "hoodie", password
  /// "hoodie-secret"), as bootstrap.servers takes it.
  ::arrow::Result<std::string> sasl_bootstrap_servers() const;

 private:
  KafkaTestServer() = default;

  std::unique_ptr<TempDir> dir_;
  std::unique_ptr<ServerProcess> process_;  // stopped before dir_ is removed
};

}  // namespace hoodie::testing
