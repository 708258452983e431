// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/testing/schema_registry_test_server.h
/// \brief The Confluent-protocol schema registry of tests/schema_registry (no registry
/// server is served by the package registries here; that one is written to the
/// protocol), on 127.0.0.1, for the tests of the schema registry provider and of the
/// Kafka Avro source.
#pragma once

#include <sys/types.h>

#include <string>
#include <vector>

namespace hoodie::testing {

class SchemaRegistryTestServer {
 public:
  /// Starts the registry with its port file in `dir` and `extra` arguments
  /// (--user u:p, --preload subject=file.avsc); a failure to start fails the test.
  SchemaRegistryTestServer(const std::string& dir, const std::vector<std::string>& extra);
  ~SchemaRegistryTestServer();

  /// "http://<user_info>127.0.0.1:<port><path>".
  std::string Url(const std::string& user_info, const std::string& path) const;

 private:
  std::string port_file_;
  std::string port_;
  pid_t pid_ = -1;
};

}  // namespace hoodie::testing
