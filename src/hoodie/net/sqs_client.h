// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/net/sqs_client.h
/// \brief Amazon SQS through its JSON protocol (AmazonSQS.<Action> POSTs, SigV4-signed),
/// the three calls S3EventsSource makes: GetQueueAttributes, ReceiveMessage and
/// DeleteMessageBatch (what Hudi's CloudObjectsSelector asks of the AWS SDK).
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include <arrow/result.h>
#include <arrow/status.h>

#include "hoodie/net/aws_sigv4.h"
#include "hoodie/visibility.h"

namespace hoodie {

/// One received message.
struct HOODIE_EXPORT SqsMessage {
  std::string message_id;
  /// What DeleteMessageBatch deletes the message by (valid for this receipt only).
  std::string receipt_handle;
  std::string body;
};

/// Where the queue is and how to sign for it.
struct HOODIE_EXPORT SqsQueueOptions {
  /// https://sqs.<region>.amazonaws.com/<account>/<queue>: requests go to its scheme
  /// and host, naming the queue by this URL.
  std::string queue_url;
  /// The region requests are signed for.
  std::string region;
  /// Empty access key: requests go unsigned.
  AwsCredentials credentials;
  /// The bound of connecting; a request's bound is its long poll wait plus this.
  long connect_timeout_seconds = 10;
  /// Retries of a call that failed transiently (no answer, a 5xx, throttling): the AWS
  /// SDK's default for SQS (legacy mode, 3 retries), with its backoff.
  int max_retries = 3;
};

/// \brief A client of one queue. Thread-compatible (no shared mutable state; each call
/// is one HTTP request).
class HOODIE_EXPORT SqsClient {
 public:
  /// \return Invalid when the URL is not http(s)://host/... or the region is empty.
  static ::arrow::Result<std::unique_ptr<SqsClient>> Make(SqsQueueOptions options);

  /// ApproximateNumberOfMessages of the queue. IOError naming the queue when it cannot
  /// be reached or answers with an error (its code and message).
  ::arrow::Result<int64_t> ApproximateNumberOfMessages() const;

  /// ReceiveMessage: at most `max_messages` (1-10), waiting up to `wait_seconds` for
  /// one, hidden from other receivers for `visibility_timeout` seconds.
  ::arrow::Result<std::vector<SqsMessage>> Receive(int max_messages, int wait_seconds,
                                                   int visibility_timeout) const;

  /// DeleteMessageBatch of at most 10 messages. \return the ids SQS failed to delete,
  /// each with its code ("id: ReceiptHandleIsInvalid").
  ::arrow::Result<std::vector<std::string>> DeleteBatch(
      const std::vector<SqsMessage>& messages) const;

  const std::string& queue_url() const { return options_.queue_url; }

 private:
  explicit SqsClient(SqsQueueOptions options) : options_(std::move(options)) {}

  // One action's request and its JSON answer's text; `wait_seconds` extends the bound.
  // Transient failures are retried (every call S3EventsSource makes is safe to repeat:
  // a receive whose answer was lost only hides its messages for the visibility timeout).
  ::arrow::Result<std::string> Call(const std::string& action, const std::string& body,
                                    int wait_seconds) const;
  ::arrow::Result<std::string> CallOnce(const std::string& action, const std::string& body,
                                        int wait_seconds, bool* transient,
                                        bool* throttled) const;

  SqsQueueOptions options_;
  std::string scheme_;     // "http" or "https"
  std::string authority_;  // host[:port]
};

}  // namespace hoodie
