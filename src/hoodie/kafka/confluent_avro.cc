// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/kafka/confluent_avro.cc
#include "hoodie/kafka/confluent_avro_internal.h"

#include <arrow/util/base64.h>
#include <nlohmann/json.hpp>

#include "hoodie/common/string_list.h"
#include "hoodie/config/hoodie_config.h"
#include "hoodie/net/http_client.h"

namespace hoodie::internal {

::arrow::Result<ConfluentValue> SplitConfluentValue(std::string_view value) {
  if (value.size() < 5 || value[0] != 0) {
    return ::arrow::Status::Invalid(
        "the value is not in Confluent's Avro wire format (a zero magic byte and a 4-byte "
        "schema id before the Avro body); its first byte is ",
        value.empty() ? std::string("missing") : std::to_string(static_cast<uint8_t>(value[0])),
        " and its size ", value.size(), " bytes");
  }
  const auto* bytes = reinterpret_cast<const uint8_t*>(value.data());
  ConfluentValue out;
  out.schema_id = static_cast<int32_t>((uint32_t{bytes[1]} << 24) | (uint32_t{bytes[2]} << 16) |
                                       (uint32_t{bytes[3]} << 8) | uint32_t{bytes[4]});
  out.avro = value.substr(5);
  return out;
}

::arrow::Result<std::unique_ptr<SchemaRegistryClient>> SchemaRegistryClient::Make(
    const HoodieConfig& config) {
  std::optional<std::string> urls = config.GetRaw("schema.registry.url");
  if (!urls || urls->empty()) {
    return ::arrow::Status::Invalid(
        "AvroKafkaSource decodes Confluent's wire format with the writer schemas of a schema "
        "registry: set schema.registry.url (a Kafka client property, e.g. --hoodie-conf "
        "schema.registry.url=http://registry:8081)");
  }
  auto out = std::unique_ptr<SchemaRegistryClient>(new SchemaRegistryClient());
  out->url_ = SplitAtCommas(*urls)[0];
  while (!out->url_.empty() && out->url_.back() == '/') out->url_.pop_back();
  // Confluent's client takes the credentials from basic.auth.user.info (USER_INFO) or
  // from the URL's user info (URL, which HttpSend sends as Basic auth by itself).
  const std::string source = config.GetRaw("basic.auth.credentials.source").value_or("URL");
  if (source == "USER_INFO") {
    out->user_info_ = config.GetRaw("basic.auth.user.info").value_or("");
  } else if (source != "URL") {
    return ::arrow::Status::Invalid(
        "basic.auth.credentials.source=", source, " is not one hoodie's schema registry client "
        "takes: use USER_INFO (with basic.auth.user.info=user:password) or URL (the credentials "
        "in schema.registry.url)");
  }
  return out;
}

::arrow::Result<std::string> SchemaRegistryClient::WriterSchema(int32_t id) {
  if (auto cached = cache_.find(id); cached != cache_.end()) return cached->second;
  HttpRequest request;
  request.url = url_ + "/schemas/ids/" + std::to_string(id);
  if (!user_info_.empty()) {
    request.headers.emplace_back("Authorization", "Basic " + ::arrow::util::base64_encode(user_info_));
  }
  ARROW_ASSIGN_OR_RAISE(HttpResponse response, HttpSend(request));
  if (response.status == 404) {
    return ::arrow::Status::KeyError("the schema registry ", RedactedUrl(url_),
                                     " has no schema with id ", id);
  }
  if (response.status != 200) {
    return ::arrow::Status::IOError("the schema registry ", RedactedUrl(request.url),
                                    " answered HTTP ", response.status, ": ",
                                    response.body.substr(0, 200));
  }
  auto json = nlohmann::json::parse(response.body, nullptr, false);
  if (json.is_discarded() || !json.contains("schema") || !json["schema"].is_string()) {
    return ::arrow::Status::IOError("the schema registry ", RedactedUrl(request.url),
                                    " answered without a schema: ", response.body.substr(0, 200));
  }
  if (json.contains("schemaType") && json["schemaType"] != "AVRO") {
    return ::arrow::Status::Invalid("schema id ", id, " of the schema registry is a ",
                                    json["schemaType"].dump(),
                                    " schema; AvroKafkaSource decodes Avro only");
  }
  std::string schema = json["schema"].get<std::string>();
  cache_[id] = schema;
  return schema;
}

}  // namespace hoodie::internal
