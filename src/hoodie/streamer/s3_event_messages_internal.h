// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/streamer/s3_event_messages_internal.h
/// \brief S3 event notifications in SQS messages as S3EventsSource reads them (Hudi
/// 0.15's S3EventsMetaSelector): the ObjectCreated records of each message, straight
/// from S3 or through SNS.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include <arrow/result.h>

namespace hoodie {
struct SqsMessage;
namespace internal {

/// One ObjectCreated event record.
struct S3Event {
  /// The record as JSON without responseElements, with the escapes Hudi undoes in the
  /// text (%3D, %24, %A3, %23, %26, %3F, %7E, %25, %2B in that order) undone.
  std::string json;
  /// eventTime in epoch milliseconds.
  int64_t event_time_ms = 0;
};

/// The ObjectCreated records of `message` (none for s3:TestEvent or other events).
/// \return Invalid naming the message id and what is wrong: a body that is not JSON, an
/// SNS Message that is not JSON, Records that is not a list of objects, a record
/// without eventName, or an ObjectCreated record without an ISO-8601 eventTime, an
/// s3.bucket.name, an s3.object.key or a numeric s3.object.size.
::arrow::Result<std::vector<S3Event>> ParseS3EventMessage(const SqsMessage& message);

/// Epoch milliseconds of an ISO-8601 instant ("2026-12-07T10:00:00.123Z"), as Java's
/// DateTimeFormatter.ISO_INSTANT parses it (fraction truncated to milliseconds).
::arrow::Result<int64_t> ParseIsoInstantMillis(std::string_view text);

}  // namespace internal
}  // namespace hoodie
