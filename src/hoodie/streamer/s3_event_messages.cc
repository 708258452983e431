// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/streamer/s3_event_messages.cc
#include <cctype>
#include <utility>

#include <nlohmann/json.hpp>

#include "hoodie/common/civil_date.h"
#include "hoodie/net/sqs_client.h"
#include "hoodie/streamer/s3_event_messages_internal.h"

namespace hoodie::internal {
namespace {

using Json = nlohmann::json;

// S3EventsMetaSelector.getNextEventsFromQueue undoes these escapes in the record's text,
// in this order (so "%2525" becomes "%25", not "%").
void UndoEscapes(std::string* text) {
  static constexpr std::pair<std::string_view, std::string_view> kEscapes[] = {
      {"%3D", "="}, {"%24", "$"}, {"%A3", "\xC2\xA3"}, {"%23", "#"}, {"%26", "&"},
      {"%3F", "?"}, {"%7E", "~"}, {"%25", "%"},        {"%2B", "+"}};
  for (const auto& [from, to] : kEscapes) {
    std::string out;
    size_t at = 0;
    for (size_t hit; (hit = text->find(from, at)) != std::string::npos;
         at = hit + from.size()) {
      out.append(*text, at, hit - at).append(to);
    }
    out.append(*text, at);
    *text = std::move(out);
  }
}

bool Digits(std::string_view text, size_t at, size_t count, int64_t* value) {
  if (at + count > text.size()) return false;
  *value = 0;
  for (size_t i = at; i < at + count; ++i) {
    if (!std::isdigit(static_cast<unsigned char>(text[i]))) return false;
    *value = *value * 10 + (text[i] - '0');
  }
  return true;
}

// The field at `path` of `record` when it has `type`, else null.
const Json* Field(const Json& record, std::initializer_list<const char*> path) {
  const Json* at = &record;
  for (const char* name : path) {
    if (!at->is_object() || !at->contains(name)) return nullptr;
    at = &(*at)[name];
  }
  return at;
}

::arrow::Status Bad(const SqsMessage& message, const std::string& what) {
  return ::arrow::Status::Invalid("SQS message ", message.message_id,
                                  " is not an S3 event notification: ", what);
}

::arrow::Result<S3Event> ObjectCreated(const SqsMessage& message, size_t index,
                                       Json record) {
  const std::string where = "record " + std::to_string(index) + " ";
  const Json* time = Field(record, {"eventTime"});
  if (time == nullptr || !time->is_string())
    return Bad(message, where + "has no eventTime");
  auto millis = ParseIsoInstantMillis(time->get<std::string>());
  if (!millis.ok()) return Bad(message, where + millis.status().message());
  const Json* bucket = Field(record, {"s3", "bucket", "name"});
  const Json* key = Field(record, {"s3", "object", "key"});
  const Json* size = Field(record, {"s3", "object", "size"});
  if (bucket == nullptr || !bucket->is_string())
    return Bad(message, where + "has no s3.bucket.name");
  if (key == nullptr || !key->is_string())
    return Bad(message, where + "has no s3.object.key");
  if (size == nullptr || !size->is_number_integer()) {
    return Bad(message, where + "has no integer s3.object.size");
  }
  record.erase("responseElements");
  S3Event event{.json = record.dump(), .event_time_ms = *millis};
  UndoEscapes(&event.json);
  return event;
}

}  // namespace

::arrow::Result<int64_t> ParseIsoInstantMillis(std::string_view text) {
  int64_t year, month, day, hour, minute, second;
  const bool shape = Digits(text, 0, 4, &year) && text.size() > 19 && text[4] == '-' &&
                     Digits(text, 5, 2, &month) && text[7] == '-' &&
                     Digits(text, 8, 2, &day) && (text[10] == 'T' || text[10] == 't') &&
                     Digits(text, 11, 2, &hour) && text[13] == ':' &&
                     Digits(text, 14, 2, &minute) && text[16] == ':' &&
                     Digits(text, 17, 2, &second);
  size_t at = 19;
  int64_t millis = 0;
  if (shape && text[at] == '.') {
    size_t digits = 0;
    for (++at; at < text.size() && std::isdigit(static_cast<unsigned char>(text[at]));
         ++at) {
      if (digits++ < 3) millis = millis * 10 + (text[at] - '0');
    }
    if (digits == 0 || digits > 9) at = text.size() + 1;  // not a fraction
    for (; digits < 3; ++digits) millis *= 10;
  }
  const bool zone = at + 1 == text.size() && (text[at] == 'Z' || text[at] == 'z');
  if (!shape || !zone || month < 1 || month > 12 || day < 1 ||
      day > DaysInMonth(year, month) || hour > 23 || minute > 59 || second > 59) {
    return ::arrow::Status::Invalid(
        "eventTime '", std::string(text),
        "' is not an ISO-8601 instant (2026-01-31T10:00:00.000Z)");
  }
  const int64_t days = DaysFromCivil(year, month, day);
  return ((days * 24 + hour) * 60 + minute) * 60000 + second * 1000 + millis;
}

::arrow::Result<std::vector<S3Event>> ParseS3EventMessage(const SqsMessage& message) {
  Json body = Json::parse(message.body, nullptr, /*allow_exceptions=*/false);
  if (body.is_discarded()) return Bad(message, "its body is not JSON");
  // S3 -> SNS -> SQS wraps the notification in the SNS envelope's Message text.
  if (body.is_object() && body.contains("Message")) {
    if (!body["Message"].is_string()) return Bad(message, "its SNS Message is not text");
    body = Json::parse(body["Message"].get<std::string>(), nullptr, false);
    if (body.is_discarded()) return Bad(message, "its SNS Message is not JSON");
  }
  std::vector<S3Event> events;
  // s3:TestEvent and other messages without Records are read and carry no event.
  if (!body.is_object() || !body.contains("Records")) return events;
  const Json& records = body["Records"];
  if (!records.is_array()) return Bad(message, "Records is not a list");
  for (size_t i = 0; i < records.size(); ++i) {
    const Json* name = Field(records[i], {"eventName"});
    if (name == nullptr || !name->is_string()) {
      return Bad(message, "record " + std::to_string(i) + " has no eventName");
    }
    // CloudObjectsSelector.ALLOWED_S3_EVENT_PREFIX: only ObjectCreated events.
    if (name->get<std::string>().rfind("ObjectCreated", 0) != 0) continue;
    ARROW_ASSIGN_OR_RAISE(S3Event event, ObjectCreated(message, i, records[i]));
    events.push_back(std::move(event));
  }
  return events;
}

}  // namespace hoodie::internal
