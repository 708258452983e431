// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/streamer/s3_events_source.cc
/// \brief S3EventsSource: the ObjectCreated notifications an SQS queue holds, one row
/// per event as spark.read.json reads Hudi's event records (S3EventsSource,
/// S3EventsMetaSelector, CloudObjectsSelector). The messages read are deleted only after
/// the round's commit (onCommit); a round that fails leaves them to come back after the
/// visibility timeout.
#include <algorithm>
#include <utility>

#include "hoodie/common/logging.h"
#include "hoodie/common/macros.h"
#include "hoodie/config/hoodie_config.h"
#include "hoodie/config/s3_events_config.h"
#include "hoodie/input/json_lines_reader.h"
#include "hoodie/input/json_text_schema.h"
#include "hoodie/net/sqs_client.h"
#include "hoodie/storage/s3_credentials.h"
#include "hoodie/streamer/s3_event_messages_internal.h"
#include "hoodie/streamer/source.h"
#include "hoodie/streamer/sources_internal.h"

namespace hoodie::internal {
namespace {

// The event records of one round, each with the message it came from.
class EventRecords : public JsonRecordSource {
 public:
  EventRecords(std::vector<std::string> texts, std::vector<std::string> origins)
      : texts_(std::move(texts)), origins_(std::move(origins)) {}

  ::arrow::Result<bool> Next(std::string* text, int64_t* number) override {
    if (next_ >= texts_.size()) return false;
    *number = static_cast<int64_t>(next_);
    *text = texts_[next_++];
    return true;
  }
  std::string Describe(int64_t number) const override {
    return origins_[static_cast<size_t>(number)];
  }

 private:
  std::vector<std::string> texts_;
  std::vector<std::string> origins_;
  size_t next_ = 0;
};

struct QueueSettings {
  int32_t long_poll_wait = 20;
  int32_t max_messages_per_batch = 5;
  int32_t max_messages_per_request = 10;
  int32_t visibility_timeout = 30;
};

::arrow::Result<std::string> Required(const HoodieConfig& config,
                                      const ConfigProperty<std::string>& key,
                                      const char* what) {
  std::optional<std::string> value = config.GetExplicit(key);
  if (!value || value->empty()) {
    return ::arrow::Status::Invalid("S3EventsSource needs ", key.key, " (", what, ")");
  }
  return *value;
}

class S3EventsSource : public Source {
 public:
  static ::arrow::Result<std::unique_ptr<Source>> Make(const SourceContext& context) {
    const HoodieConfig& config = *context.config;
    auto out = std::unique_ptr<S3EventsSource>(new S3EventsSource());
    SqsQueueOptions queue;
    ARROW_ASSIGN_OR_RAISE(queue.queue_url, Required(config, S3EventsConfig::kQueueUrl,
                                                    "the SQS queue's URL"));
    ARROW_ASSIGN_OR_RAISE(
        queue.region, Required(config, S3EventsConfig::kQueueRegion, "its AWS region"));
    ARROW_ASSIGN_OR_RAISE(StorageOptions storage, StorageOptions::FromConfig(config));
    // The queue is reached with the identity S3 storage has (fs.s3a.*, AWS_*, the SDK's
    // chain), as the AWS SDK's default chain serves Hudi's SqsClient.
    ARROW_ASSIGN_OR_RAISE(queue.credentials, ResolveS3Credentials(storage));
    ARROW_ASSIGN_OR_RAISE(out->sqs_, SqsClient::Make(std::move(queue)));
    QueueSettings& s = out->settings_;
    ARROW_ASSIGN_OR_RAISE(s.long_poll_wait, config.Get(S3EventsConfig::kLongPollWait));
    ARROW_ASSIGN_OR_RAISE(s.max_messages_per_batch,
                          config.Get(S3EventsConfig::kMaxMessagesPerBatch));
    ARROW_ASSIGN_OR_RAISE(s.max_messages_per_request,
                          config.Get(S3EventsConfig::kMaxMessagesPerRequest));
    ARROW_ASSIGN_OR_RAISE(s.visibility_timeout,
                          config.Get(S3EventsConfig::kVisibilityTimeout));
    out->skip_bad_records_ = context.skip_bad_records;
    return out;
  }

  ::arrow::Result<SourceBatch> FetchNext(const std::optional<std::string>& checkpoint,
                                         int64_t) override {
    processed_.clear();
    ARROW_ASSIGN_OR_RAISE(std::vector<SqsMessage> messages, ReceiveRound());
    std::vector<std::string> texts;
    std::vector<std::string> origins;
    int64_t newest = 0;
    auto skipped = std::make_shared<std::vector<std::string>>();
    for (SqsMessage& message : messages) {
      ::arrow::Result<std::vector<S3Event>> events = ParseS3EventMessage(message);
      if (!events.ok()) {
        if (!skip_bad_records_) {
          return events.status().WithMessage(
              events.status().message(),
              " (the round reads nothing; --commit-on-errors leaves such messages on the "
              "queue and reads the others)");
        }
        // Left on the queue (never deleted) so that nothing is lost: it comes back
        // after the visibility timeout, and SQS's redrive policy can park it.
        skipped->push_back(events.status().message() + " (left on the queue)");
        continue;
      }
      for (S3Event& event : *events) {
        newest = std::max(newest, event.event_time_ms);
        texts.push_back(std::move(event.json));
        origins.push_back("SQS message " + message.message_id);
      }
      processed_.push_back(std::move(message));
    }
    SourceBatch out;
    // getNextEventsFromQueue: the newest event time, else the last checkpoint.
    out.checkpoint = newest == 0 ? checkpoint : std::optional(std::to_string(newest));
    out.source_size = static_cast<int64_t>(texts.size());
    out.description = std::to_string(texts.size()) + " S3 events from " +
                      std::to_string(messages.size()) + " SQS messages";
    if (!skipped->empty()) out.skipped = skipped;
    if (texts.empty()) return out;
    ARROW_ASSIGN_OR_RAISE(auto schema, InferJsonDocumentsSchema(texts));
    out.where = [origins](int64_t row) { return origins[static_cast<size_t>(row)]; };
    ARROW_ASSIGN_OR_RAISE(
        out.records, OpenJsonRecords(std::make_unique<EventRecords>(std::move(texts),
                                                                    std::move(origins)),
                                     JsonLinesOptions{.schema = std::move(schema)}));
    return out;
  }

  // CloudObjectsSelector.deleteProcessedMessages: batches of 10; a failed deletion only
  // warns, as the message then comes back and its event is read again.
  ::arrow::Status OnCommit(const std::optional<std::string>&) override {
    for (size_t at = 0; at < processed_.size(); at += 10) {
      std::vector<SqsMessage> batch(
          processed_.begin() + at,
          processed_.begin() + std::min(at + 10, processed_.size()));
      ARROW_ASSIGN_OR_RAISE(std::vector<std::string> failed, sqs_->DeleteBatch(batch));
      for (const std::string& each : failed) {
        LogWarning("could not delete SQS message " + each + " from " + sqs_->queue_url() +
                   "; its events will be read again");
      }
    }
    processed_.clear();
    return ::arrow::Status::OK();
  }

 private:
  S3EventsSource() = default;

  // CloudObjectsSelector.getMessagesToProcess: as many requests as the approximate
  // count (at most max.messages.per.batch) needs, stopping at an empty answer.
  ::arrow::Result<std::vector<SqsMessage>> ReceiveRound() const {
    ARROW_ASSIGN_OR_RAISE(int64_t available, sqs_->ApproximateNumberOfMessages());
    const int64_t wanted = std::min<int64_t>(available, settings_.max_messages_per_batch);
    const int64_t per_request = settings_.max_messages_per_request;
    std::vector<SqsMessage> out;
    for (int64_t i = 0; i < (wanted + per_request - 1) / per_request; ++i) {
      ARROW_ASSIGN_OR_RAISE(
          std::vector<SqsMessage> got,
          sqs_->Receive(settings_.max_messages_per_request, settings_.long_poll_wait,
                        settings_.visibility_timeout));
      if (got.empty()) break;
      for (SqsMessage& message : got) out.push_back(std::move(message));
    }
    return out;
  }

  std::unique_ptr<SqsClient> sqs_;
  QueueSettings settings_;
  bool skip_bad_records_ = false;
  // The messages of the last round, deleted by OnCommit.
  std::vector<SqsMessage> processed_;
};

}  // namespace

void RegisterS3EventsSource(SourceRegistry* registry) {
  HOODIE_WARN_NOT_OK(registry->Register(std::string(kSourcesPackage) + "S3EventsSource",
                                        {"S3EventsSource"}, S3EventsSource::Make),
                     "S3EventsSource");
}

}  // namespace hoodie::internal
