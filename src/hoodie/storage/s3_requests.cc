// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/storage/s3_requests.cc
/// \brief S3Requests: S3's REST API for the two calls Arrow's client lacks.
#include "hoodie/storage/s3_requests_internal.h"

#include <chrono>
#include <cmath>
#include <cstdlib>
#include <optional>
#include <thread>
#include <utility>
#include <vector>

#include "hoodie/config/hoodie_config.h"
#include "hoodie/config/s3a_config.h"
#include "hoodie/net/aws_sigv4.h"
#include "hoodie/net/http_client.h"

namespace hoodie::internal {

struct S3Requests::Answer {
  long status = 0;
  std::string body;
};

namespace {

using Detail = ::arrow::fs::S3RetryStrategy::AWSErrorDetail;

std::string XmlUnescape(std::string_view text) {
  static constexpr std::pair<std::string_view, char> kEntities[] = {
      {"&amp;", '&'}, {"&lt;", '<'}, {"&gt;", '>'}, {"&quot;", '"'}, {"&apos;", '\''}};
  std::string out;
  for (size_t i = 0; i < text.size(); ++i) {
    bool replaced = false;
    for (const auto& [entity, c] : kEntities) {
      if (text.substr(i, entity.size()) == entity) {
        out += c;
        i += entity.size() - 1;
        replaced = true;
        break;
      }
    }
    if (!replaced) out += text[i];
  }
  return out;
}

// The unescaped text of the first <tag>...</tag> of `xml`; empty when there is none.
std::string XmlText(std::string_view xml, std::string_view tag) {
  const std::string open = "<" + std::string(tag) + ">";
  const size_t start = xml.find(open);
  if (start == std::string_view::npos) return "";
  const size_t end = xml.find("</" + std::string(tag) + ">", start);
  if (end == std::string_view::npos) return "";
  return XmlUnescape(xml.substr(start + open.size(), end - start - open.size()));
}

// "bucket/key" as bucket and key.
std::pair<std::string, std::string> SplitPath(const std::string& path) {
  const size_t slash = path.find('/');
  if (slash == std::string::npos) return {path, ""};
  return {path.substr(0, slash), path.substr(slash + 1)};
}

// The endpoint the AWS SDK takes from the environment when no override is set.
std::string EnvironmentEndpoint() {
  for (const char* name : {"AWS_ENDPOINT_URL_S3", "AWS_ENDPOINT_URL"}) {
    const char* value = std::getenv(name);
    if (value != nullptr && *value != '\0') return value;
  }
  return "";
}

// What Arrow's retry strategy decides on: S3's error code, and whether the failure is
// transient (5xx, 429, a conditional PUT that raced another: 409).
Detail DetailOf(const S3Requests::Answer* answer, const ::arrow::Status& failure) {
  if (answer == nullptr) {
    return Detail{.error_type = 0, .message = failure.message(), .exception_name = "",
                  .should_retry = true};
  }
  std::string code = XmlText(answer->body, "Code");
  const bool transient = answer->status >= 500 || answer->status == 429 ||
                         (answer->status == 409 && code == "ConditionalRequestConflict");
  std::string message = answer->body.empty() ? "No response body."
                                             : XmlText(answer->body, "Message");
  return Detail{.error_type = 0, .message = std::move(message),
                .exception_name = std::move(code), .should_retry = transient};
}

::arrow::Status ErrorOf(const std::string& operation, const std::string& bucket,
                        const std::string& key, const S3Requests::Answer& answer) {
  const std::string code = XmlText(answer.body, "Code");
  const std::string message = XmlText(answer.body, "Message");
  return ::arrow::Status::IOError("When ", operation, " key '", key, "' in bucket '", bucket,
                                  "': AWS Error ", code.empty() ? "" : code + " ",
                                  "(HTTP status ", answer.status, ")",
                                  message.empty() ? "" : ": " + message);
}

long Seconds(double seconds, long fallback) {
  return seconds > 0 ? static_cast<long>(std::ceil(seconds)) : fallback;
}

}  // namespace

S3Requests::S3Requests(::arrow::fs::S3Options options, bool conditional_create)
    : options_(std::move(options)), conditional_create_(conditional_create) {
  region_ = options_.region.empty() ? "us-east-1" : options_.region;
  std::string endpoint = options_.endpoint_override;
  if (endpoint.empty()) endpoint = EnvironmentEndpoint();
  if (endpoint.empty()) {
    // AWS itself, where buckets are addressed as virtual hosts.
    scheme_ = "https";
    authority_ = "s3." + region_ + ".amazonaws.com";
    virtual_host_ = true;
    return;
  }
  const size_t sep = endpoint.find("://");
  scheme_ = sep != std::string::npos ? endpoint.substr(0, sep)
                                     : (options_.scheme.empty() ? "https" : options_.scheme);
  authority_ = sep != std::string::npos ? endpoint.substr(sep + 3) : endpoint;
  while (!authority_.empty() && authority_.back() == '/') authority_.pop_back();
  // As Arrow's client: with an endpoint, path style unless told otherwise.
  virtual_host_ = options_.force_virtual_addressing;
}

::arrow::Result<S3Requests::Answer> S3Requests::Send(
    const std::string& method, const std::string& bucket, const std::string& key,
    std::vector<std::pair<std::string, std::string>> query, std::string_view body,
    std::vector<std::pair<std::string, std::string>> headers) const {
  const std::string host = virtual_host_ ? bucket + "." + authority_ : authority_;
  std::string path = virtual_host_ ? "/" : "/" + bucket;
  if (!key.empty()) path += (virtual_host_ ? "" : "/") + AwsUriEncode(key, true);
  headers.emplace_back("x-amz-content-sha256", Sha256Hex(body));
  const std::string query_string = CanonicalQuery(query);
  const std::string url =
      scheme_ + "://" + host + path + (query_string.empty() ? "" : "?" + query_string);
  const bool anonymous =
      options_.credentials_kind == ::arrow::fs::S3CredentialsKind::Anonymous ||
      options_.credentials_provider == nullptr;
  for (int64_t retry = 0;; ++retry) {
    HttpRequest request{.method = method,
                        .url = url,
                        .headers = headers,
                        .body = body,
                        .timeout_seconds = Seconds(options_.request_timeout, 30),
                        .connect_timeout_seconds = Seconds(options_.connect_timeout, 0)};
    if (!anonymous) {
      // Signed again on each attempt: the signature covers the time.
      request.headers =
          SignV4(SigV4Request{.method = method, .host = host, .encoded_path = path,
                              .query = query, .headers = headers},
                 AwsCredentials{options_.GetAccessKey(), options_.GetSecretKey(),
                                options_.GetSessionToken()},
                 region_, "s3", AmzDateNow());
    }
    ::arrow::Result<HttpResponse> sent = HttpSend(request);
    std::optional<Answer> answer;
    if (sent.ok()) answer = Answer{sent->status, std::move(sent->body)};
    if (answer && answer->status < 300) return std::move(*answer);
    const Detail detail = DetailOf(answer ? &*answer : nullptr, sent.status());
    auto& strategy = options_.retry_strategy;
    if (!detail.should_retry || strategy == nullptr ||
        !strategy->ShouldRetry(detail, retry)) {
      if (!answer) return sent.status();
      return std::move(*answer);
    }
    std::this_thread::sleep_for(
        std::chrono::milliseconds(strategy->CalculateDelayBeforeNextRetry(detail, retry)));
  }
}

::arrow::Status S3Requests::PutIfAbsent(const std::string& path,
                                        std::string_view data) const {
  auto [bucket, key] = SplitPath(path);
  ARROW_ASSIGN_OR_RAISE(Answer answer,
                        Send("PUT", bucket, key, {}, data,
                             {{"If-None-Match", "*"},
                              {"Content-Type", "application/octet-stream"}}));
  if (answer.status < 300) return ::arrow::Status::OK();
  if (answer.status == 412 || answer.status == 409) {
    return ::arrow::Status::AlreadyExists("an object of this name exists");
  }
  return ErrorOf("uploading object with", bucket, key, answer);
}

::arrow::Result<int> S3Requests::AbortPendingUploads(const std::string& path) const {
  auto [bucket, key] = SplitPath(path);
  ARROW_ASSIGN_OR_RAISE(Answer listed,
                        Send("GET", bucket, "", {{"uploads", ""}, {"prefix", key}}, "", {}));
  if (listed.status >= 300) return ErrorOf("listing the uploads of", bucket, key, listed);
  int aborted = 0;
  std::string_view xml = listed.body;
  for (size_t at = xml.find("<Upload>"); at != std::string_view::npos;
       at = xml.find("<Upload>", at + 1)) {
    const std::string_view upload = xml.substr(at, xml.find("</Upload>", at) - at);
    if (XmlText(upload, "Key") != key) continue;  // a longer key with this prefix
    ARROW_ASSIGN_OR_RAISE(
        Answer answer,
        Send("DELETE", bucket, key, {{"uploadId", XmlText(upload, "UploadId")}}, "", {}));
    // 404: already gone (aborted by a lifecycle rule, or a racing abort).
    if (answer.status >= 300 && answer.status != 404) {
      return ErrorOf("aborting the upload of", bucket, key, answer);
    }
    ++aborted;
  }
  return aborted;
}

::arrow::Result<std::shared_ptr<S3Requests>> MakeS3Requests(
    const ::arrow::fs::FileSystem& fs, const StorageOptions& options) {
  if (fs.type_name() != "s3") return nullptr;
  ARROW_ASSIGN_OR_RAISE(bool conditional,
                        (options.config ? *options.config : HoodieConfig())
                            .Get(S3aConfig::kCreateConditional));
  return std::make_shared<S3Requests>(
      static_cast<const ::arrow::fs::S3FileSystem&>(fs).options(), conditional);
}

}  // namespace hoodie::internal
