// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/callback/http_commit_callback.cc
/// \brief HoodieWriteCommitHttpCallback and HoodieWriteCommitHttpCallbackClient over
/// net/'s libcurl client.
#include "hoodie/callback/http_commit_callback.h"

#include "hoodie/common/ascii.h"
#include "hoodie/common/logging.h"
#include "hoodie/common/string_list.h"
#include "hoodie/config/hoodie_config.h"
#include "hoodie/net/http_client.h"

namespace hoodie {
namespace {

// How much of an error answer's body a message quotes.
constexpr size_t kBodyHead = 200;

// ContentType.APPLICATION_JSON.toString() of Apache HttpCore, which Hudi's client sets.
constexpr char kJsonContentType[] = "application/json; charset=UTF-8";

// Java's String.split(":"): trailing empty parts are dropped.
std::vector<std::string> SplitLikeJava(const std::string& text, char separator) {
  std::vector<std::string> parts = SplitAt(text, separator);
  while (!parts.empty() && parts.back().empty()) parts.pop_back();
  return parts;
}

// HttpPost.setHeader: a header replaces one of the same name (case-insensitively).
void SetHeader(std::vector<std::pair<std::string, std::string>>* headers,
               const std::string& name, const std::string& value) {
  for (auto& [existing, old_value] : *headers) {
    if (EqualsIgnoreCase(existing, name)) {
      old_value = value;
      return;
    }
  }
  headers->emplace_back(name, value);
}

std::string BodyHead(const std::string& body) {
  if (body.size() <= kBodyHead) return body;
  return body.substr(0, kBodyHead) + "...";
}

}  // namespace

std::vector<std::pair<std::string, std::string>> ParseCallbackHeaders(
    const std::string& text) {
  std::vector<std::pair<std::string, std::string>> headers;
  for (const std::string& part : SplitAt(text, ';')) {
    if (part.empty()) continue;  // StringTokenizer skips empty tokens
    std::vector<std::string> name_value = SplitLikeJava(part, ':');
    if (name_value.size() != 2) {
      LogWarning(
          "Unable to parse some custom headers of "
          "hoodie.write.commit.callback.http.custom.headers. Supported format is: "
          "Header_name1:Header value1;Header_name2:Header value2");
      continue;
    }
    std::string name = Trim(name_value[0]);
    std::string value = Trim(name_value[1]);
    if (!name.empty() && !value.empty()) SetHeader(&headers, name, value);
  }
  return headers;
}

::arrow::Result<HttpCommitCallbackOptions> HttpCommitCallbackOptions::FromConfig(
    const HoodieConfig& config) {
  HttpCommitCallbackOptions options;
  auto url = config.GetRaw(CallbackConfig::kHttpUrl.key);
  if (!url || Trim(*url).empty()) {
    return ::arrow::Status::Invalid(
        "the HTTP write commit callback needs hoodie.write.commit.callback.http.url "
        "(hoodie.write.commit.callback.on is true and hoodie.write.commit.callback.class "
        "is the HTTP callback)");
  }
  options.url = Trim(*url);
  ARROW_ASSIGN_OR_RAISE(options.timeout_seconds,
                        config.Get(CallbackConfig::kHttpTimeoutSeconds));
  ARROW_ASSIGN_OR_RAISE(options.api_key, config.Get(CallbackConfig::kHttpApiKey));
  if (auto headers = config.GetRaw(CallbackConfig::kHttpCustomHeaders.key)) {
    options.custom_headers = ParseCallbackHeaders(*headers);
  }
  return options;
}

::arrow::Status HttpCommitCallback::Call(const CommitCallbackMessage& message) {
  const std::string body = message.ToJson();
  HttpRequest request{.method = "POST",
                      .url = options_.url,
                      .body = body,
                      .timeout_seconds = options_.timeout_seconds,
                      .connect_timeout_seconds = options_.timeout_seconds};
  // HoodieWriteCommitHttpCallbackClient.send: the key, the content type, then the
  // custom headers, each set over any before it.
  SetHeader(&request.headers, kCommitCallbackApiKeyHeader, options_.api_key);
  SetHeader(&request.headers, "Content-Type", kJsonContentType);
  for (const auto& [name, value] : options_.custom_headers) {
    SetHeader(&request.headers, name, value);
  }
  ARROW_ASSIGN_OR_RAISE(HttpResponse response, HttpSend(request));
  if (response.status >= 300) {
    return ::arrow::Status::IOError("the HTTP commit callback POST ",
                                    RedactedUrl(options_.url), " was answered HTTP ",
                                    response.status, ": ", BodyHead(response.body));
  }
  return ::arrow::Status::OK();
}

}  // namespace hoodie
