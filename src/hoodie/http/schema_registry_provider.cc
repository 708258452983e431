// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/http/schema_registry_provider.cc
/// \brief SchemaRegistryProvider: the latest schema of a subject from a Confluent-
/// compatible registry, GET <registry.url> (…/subjects/<subject>/versions/latest), whose
/// JSON answer carries the Avro schema text in "schema"; the target from .targetUrl (the
/// source's when unset). Fetched again before each round (refresh), as Hudi's provider
/// asks the registry each time it is used.
#include <nlohmann/json.hpp>

#include "hoodie/common/macros.h"
#include "hoodie/common/nesting_limit.h"
#include "hoodie/config/hoodie_config.h"
#include "hoodie/config/streamer_config.h"
#include "hoodie/format/avro/avro_schema.h"
#include "hoodie/format/avro/meta_fields.h"
#include "hoodie/net/http_client.h"
#include "hoodie/http/http_plugins_internal.h"
#include "hoodie/streamer/schema_provider.h"

namespace hoodie::internal {
namespace {

::arrow::Result<std::shared_ptr<::arrow::Schema>> FetchSchema(const std::string& url) {
  ARROW_ASSIGN_OR_RAISE(HttpResponse response, HttpGet(url));
  if (response.status != 200) {
    return ::arrow::Status::IOError("schema registry ", RedactedUrl(url), " answered HTTP ",
                                    response.status, ": ", response.body.substr(0, 200));
  }
  std::string schema_text;
  if (::arrow::Status depth = CheckJsonNestingDepth(response.body); !depth.ok()) {
    return ::arrow::Status::Invalid("schema registry ", RedactedUrl(url), ": ",
                                    depth.message());
  }
  try {
    nlohmann::json body = nlohmann::json::parse(response.body);
    if (!body.contains("schema") || !body["schema"].is_string()) {
      return ::arrow::Status::Invalid("schema registry ", RedactedUrl(url),
                                      ": the answer has no \"schema\" string");
    }
    if (body.contains("schemaType") && body["schemaType"] != "AVRO") {
      return ::arrow::Status::NotImplemented(
          "schema registry ", RedactedUrl(url), ": a ", body["schemaType"].get<std::string>(),
          " schema; hoodie converts Avro schemas only");
    }
    schema_text = body["schema"].get<std::string>();
  } catch (const nlohmann::json::exception& e) {
    return ::arrow::Status::Invalid("schema registry ", RedactedUrl(url),
                                    ": the answer is not JSON: ", e.what());
  }
  auto schema = AvroJsonToArrowSchema(schema_text);
  if (!schema.ok()) {
    return schema.status().WithMessage("schema registry ", RedactedUrl(url), ": ",
                                       schema.status().message());
  }
  return RemoveMetadataFields(**schema);
}

class SchemaRegistryProvider : public SchemaProvider {
 public:
  static ::arrow::Result<std::unique_ptr<SchemaProvider>> Make(const HoodieConfig& config) {
    std::optional<std::string> url = config.GetExplicit(StreamerConfig::kRegistryUrl);
    if (!url || url->empty()) {
      return ::arrow::Status::Invalid("SchemaRegistryProvider needs ",
                                      StreamerConfig::kRegistryUrl.key,
                                      " (…/subjects/<subject>/versions/latest)");
    }
    auto out = std::make_unique<SchemaRegistryProvider>();
    out->source_url_ = *url;
    out->target_url_ = config.GetExplicit(StreamerConfig::kRegistryTargetUrl).value_or("");
    ARROW_RETURN_NOT_OK(out->Refresh());
    return out;
  }
  ::arrow::Result<std::shared_ptr<::arrow::Schema>> SourceSchema() override { return source_; }
  ::arrow::Result<std::shared_ptr<::arrow::Schema>> TargetSchema() override { return target_; }
  ::arrow::Status Refresh() override {
    ARROW_ASSIGN_OR_RAISE(source_, FetchSchema(source_url_));
    if (target_url_.empty()) {
      target_ = source_;
    } else {
      ARROW_ASSIGN_OR_RAISE(target_, FetchSchema(target_url_));
    }
    return ::arrow::Status::OK();
  }

 private:
  std::string source_url_;
  std::string target_url_;
  std::shared_ptr<::arrow::Schema> source_;
  std::shared_ptr<::arrow::Schema> target_;
};

}  // namespace

::arrow::Status RegisterSchemaRegistryProvider(SchemaProviderRegistry* registry) {
  return registry->Register("org.apache.hudi.utilities.schema.SchemaRegistryProvider",
                            {"SchemaRegistryProvider", "registry"},
                            SchemaRegistryProvider::Make);
}

}  // namespace hoodie::internal
