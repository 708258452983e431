// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/net/sqs_client.cc
#include "hoodie/net/sqs_client.h"

#include <algorithm>
#include <chrono>
#include <random>
#include <thread>
#include <utility>

#include <nlohmann/json.hpp>

#include "hoodie/net/aws_errors.h"
#include "hoodie/net/http_client.h"

namespace hoodie {
namespace {

using Json = nlohmann::json;

// An error answer of the JSON protocol: {"__type": "...#QueueDoesNotExist",
// "message": "..."}; the code is what follows the '#'.
struct SqsError {
  std::string code;
  std::string text;  // "code: message", or the start of a body that is not JSON
};

SqsError ParseError(const std::string& body) {
  try {
    Json error = Json::parse(body);
    std::string type = error.value("__type", "");
    if (size_t hash = type.rfind('#'); hash != std::string::npos)
      type = type.substr(hash + 1);
    std::string message = error.value("message", error.value("Message", ""));
    return {type, type + (message.empty() ? "" : ": " + message)};
  } catch (const Json::exception&) {
    return {"", body.substr(0, 200)};
  }
}

::arrow::Result<Json> Parse(const std::string& text, const std::string& action,
                            const std::string& queue_url) {
  try {
    return Json::parse(text);
  } catch (const Json::exception& e) {
    return ::arrow::Status::IOError("SQS answered ", action, " of ", queue_url,
                                    " with something that is not JSON: ", e.what());
  }
}

// The AWS SDK's legacy backoff before retry `retry` (from 0): full jitter over 100 ms
// doubling, or equal jitter over 500 ms doubling when throttled, both capped at 20 s.
std::chrono::milliseconds Backoff(int retry, bool throttled) {
  thread_local std::mt19937_64 engine{std::random_device{}()};
  const int64_t base = throttled ? 500 : 100;
  const int64_t ceiling = std::min<int64_t>(20'000, base << std::min(retry, 20));
  const int64_t low = throttled ? ceiling / 2 : 0;
  return std::chrono::milliseconds(
      std::uniform_int_distribution<int64_t>(low, ceiling)(engine));
}

}  // namespace

::arrow::Result<std::unique_ptr<SqsClient>> SqsClient::Make(SqsQueueOptions options) {
  const std::string url = options.queue_url;
  const size_t sep = url.find("://");
  const std::string scheme = sep == std::string::npos ? "" : url.substr(0, sep);
  if (scheme != "http" && scheme != "https") {
    return ::arrow::Status::Invalid("the SQS queue URL '", url,
                                    "' is not http(s)://host/<account>/<queue>");
  }
  if (options.region.empty()) {
    return ::arrow::Status::Invalid("the SQS queue ", url, " needs its region");
  }
  auto out = std::unique_ptr<SqsClient>(new SqsClient(std::move(options)));
  out->scheme_ = scheme;
  const size_t host = sep + 3;
  out->authority_ = url.substr(host, url.find('/', host) - host);
  return out;
}

::arrow::Result<std::string> SqsClient::Call(const std::string& action,
                                             const std::string& body,
                                             int wait_seconds) const {
  for (int retry = 0;; ++retry) {
    bool transient = false;
    bool throttled = false;
    ::arrow::Result<std::string> answer =
        CallOnce(action, body, wait_seconds, &transient, &throttled);
    if (answer.ok() || !transient) return answer;
    if (retry >= options_.max_retries) {
      return answer.status().WithMessage(answer.status().message(), " (after ",
                                         options_.max_retries, " retries)");
    }
    std::this_thread::sleep_for(Backoff(retry, throttled));
  }
}

::arrow::Result<std::string> SqsClient::CallOnce(const std::string& action,
                                                 const std::string& body, int wait_seconds,
                                                 bool* transient, bool* throttled) const {
  HttpHeaders headers = {{"Content-Type", "application/x-amz-json-1.0"},
                         {"X-Amz-Target", "AmazonSQS." + action},
                         {"x-amz-content-sha256", Sha256Hex(body)}};
  if (!options_.credentials.access_key.empty()) {
    headers = SignV4(SigV4Request{.method = "POST",
                                  .host = authority_,
                                  .encoded_path = "/",
                                  .headers = headers},
                     options_.credentials, options_.region, "sqs", AmzDateNow());
  }
  HttpRequest request{
      .method = "POST",
      .url = scheme_ + "://" + authority_ + "/",
      .headers = std::move(headers),
      .body = body,
      .timeout_seconds = options_.connect_timeout_seconds + wait_seconds + 20,
      .connect_timeout_seconds = options_.connect_timeout_seconds};
  ::arrow::Result<HttpResponse> sent = HttpSend(request);
  if (!sent.ok()) {
    *transient = true;
    return ::arrow::Status::IOError("cannot reach the SQS queue ", options_.queue_url,
                                    " (", action, "): ", sent.status().message());
  }
  if (sent->status >= 300) {
    const SqsError error = ParseError(sent->body);
    *throttled = IsAwsThrottlingCode(error.code);
    *transient = *throttled || sent->status >= 500;
    return ::arrow::Status::IOError("SQS refused ", action, " of ", options_.queue_url,
                                    " (HTTP ", sent->status, "): ", error.text);
  }
  return std::move(sent->body);
}

::arrow::Result<int64_t> SqsClient::ApproximateNumberOfMessages() const {
  const std::string action = "GetQueueAttributes";
  Json request = {{"QueueUrl", options_.queue_url},
                  {"AttributeNames", {"ApproximateNumberOfMessages"}}};
  ARROW_ASSIGN_OR_RAISE(std::string text, Call(action, request.dump(), 0));
  ARROW_ASSIGN_OR_RAISE(Json answer, Parse(text, action, options_.queue_url));
  try {
    return std::stoll(
        answer.at("Attributes").at("ApproximateNumberOfMessages").get<std::string>());
  } catch (const std::exception& e) {
    return ::arrow::Status::IOError(
        "SQS's ", action, " answer for ", options_.queue_url,
        " lacks ApproximateNumberOfMessages: ", text.substr(0, 200));
  }
}

::arrow::Result<std::vector<SqsMessage>> SqsClient::Receive(
    int max_messages, int wait_seconds, int visibility_timeout) const {
  const std::string action = "ReceiveMessage";
  Json request = {{"QueueUrl", options_.queue_url},
                  {"MaxNumberOfMessages", max_messages},
                  {"WaitTimeSeconds", wait_seconds},
                  {"VisibilityTimeout", visibility_timeout}};
  ARROW_ASSIGN_OR_RAISE(std::string text, Call(action, request.dump(), wait_seconds));
  ARROW_ASSIGN_OR_RAISE(Json answer, Parse(text, action, options_.queue_url));
  std::vector<SqsMessage> out;
  try {
    if (!answer.contains("Messages")) return out;
    for (const Json& message : answer.at("Messages")) {
      out.push_back({message.at("MessageId").get<std::string>(),
                     message.at("ReceiptHandle").get<std::string>(),
                     message.at("Body").get<std::string>()});
    }
  } catch (const Json::exception& e) {
    return ::arrow::Status::IOError("SQS's ", action, " answer for ", options_.queue_url,
                                    " is not a list of messages: ", e.what());
  }
  return out;
}

::arrow::Result<std::vector<std::string>> SqsClient::DeleteBatch(
    const std::vector<SqsMessage>& messages) const {
  std::vector<std::string> failed;
  if (messages.empty()) return failed;
  const std::string action = "DeleteMessageBatch";
  Json entries = Json::array();
  for (const SqsMessage& message : messages) {
    entries.push_back(
        {{"Id", message.message_id}, {"ReceiptHandle", message.receipt_handle}});
  }
  Json request = {{"QueueUrl", options_.queue_url}, {"Entries", entries}};
  ARROW_ASSIGN_OR_RAISE(std::string text, Call(action, request.dump(), 0));
  ARROW_ASSIGN_OR_RAISE(Json answer, Parse(text, action, options_.queue_url));
  if (answer.contains("Failed")) {
    for (const Json& entry : answer.at("Failed")) {
      failed.push_back(entry.value("Id", "") + ": " + entry.value("Code", "") + " " +
                       entry.value("Message", ""));
    }
  }
  return failed;
}

}  // namespace hoodie
