// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/kafka/confluent_avro_internal.h
/// \brief Avro values in Confluent's wire format (a zero magic byte, the writer schema's
/// registry id as a big-endian int32, then Avro binary), with the writer schemas fetched
/// from the schema registry by id, once each.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <string_view>

#include <arrow/result.h>

namespace hoodie {

class HoodieConfig;

namespace internal {

/// \brief A value split into its schema id and Avro body.
struct ConfluentValue {
  int32_t schema_id = 0;
  std::string_view avro;
};

/// Splits `value`. Invalid when it is shorter than 5 bytes or its magic byte is not 0
/// (not written by a Confluent Avro serializer).
::arrow::Result<ConfluentValue> SplitConfluentValue(std::string_view value);

/// \brief The writer schemas of a schema registry (schema.registry.url, the first of a
/// comma-separated list), authenticated as Confluent's client is: by the URL's user info
/// (basic.auth.credentials.source=URL, the default) or by basic.auth.user.info
/// (USER_INFO).
class SchemaRegistryClient {
 public:
  /// Invalid when schema.registry.url is not set or the credentials source is neither.
  static ::arrow::Result<std::unique_ptr<SchemaRegistryClient>> Make(const HoodieConfig& config);

  /// The Avro schema JSON registered under `id` (GET /schemas/ids/{id}), cached.
  /// KeyError when the registry does not know the id; IOError naming the registry
  /// (without credentials) when it does not answer.
  ::arrow::Result<std::string> WriterSchema(int32_t id);

 private:
  SchemaRegistryClient() = default;

  std::string url_;
  std::string user_info_;
  std::map<int32_t, std::string> cache_;
};

}  // namespace internal
}  // namespace hoodie
