// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/testing/s3_test_server_sqs.cc
/// \brief S3TestServer's SQS calls: signed JSON-protocol requests, as the S3 events
/// source's client sends them, with moto's test credentials.
#include <nlohmann/json.hpp>

#include "hoodie/net/aws_sigv4.h"
#include "hoodie/net/http_client.h"
#include "hoodie/testing/s3_test_server.h"

namespace hoodie::testing {
namespace {

using Json = nlohmann::json;

::arrow::Result<Json> SqsCall(const std::string& endpoint, const std::string& action,
                              const Json& request) {
  const std::string body = request.dump();
  const std::string host = endpoint.substr(endpoint.find("://") + 3);
  HttpHeaders headers =
      SignV4(SigV4Request{.method = "POST",
                          .host = host,
                          .encoded_path = "/",
                          .headers = {{"Content-Type", "application/x-amz-json-1.0"},
                                      {"X-Amz-Target", "AmazonSQS." + action},
                                      {"x-amz-content-sha256", Sha256Hex(body)}}},
             AwsCredentials{"testing", "testing", ""}, "us-east-1", "sqs", AmzDateNow());
  ARROW_ASSIGN_OR_RAISE(
      HttpResponse answer,
      HttpSend(
          {.method = "POST", .url = endpoint + "/", .headers = headers, .body = body}));
  if (answer.status >= 300) {
    return ::arrow::Status::IOError("moto refused ", action, ": ", answer.body);
  }
  Json parsed = Json::parse(answer.body.empty() ? "{}" : answer.body, nullptr, false);
  if (parsed.is_discarded())
    return ::arrow::Status::IOError("moto's ", action, " answer");
  return parsed;
}

}  // namespace

::arrow::Result<std::string> S3TestServer::CreateQueue(const std::string& name) const {
  ARROW_ASSIGN_OR_RAISE(Json answer,
                        SqsCall(endpoint(), "CreateQueue", {{"QueueName", name}}));
  return answer.value("QueueUrl", "");
}

::arrow::Status S3TestServer::SendMessage(const std::string& queue_url,
                                          const std::string& body) const {
  return SqsCall(endpoint(), "SendMessage",
                 {{"QueueUrl", queue_url}, {"MessageBody", body}})
      .status();
}

::arrow::Result<int64_t> S3TestServer::MessagesLeft(const std::string& queue_url) const {
  const char* kVisible = "ApproximateNumberOfMessages";
  const char* kInFlight = "ApproximateNumberOfMessagesNotVisible";
  ARROW_ASSIGN_OR_RAISE(
      Json answer,
      SqsCall(endpoint(), "GetQueueAttributes",
              {{"QueueUrl", queue_url}, {"AttributeNames", {kVisible, kInFlight}}}));
  const Json& attributes = answer["Attributes"];
  return std::stoll(attributes.value(kVisible, "0")) +
         std::stoll(attributes.value(kInFlight, "0"));
}

}  // namespace hoodie::testing
