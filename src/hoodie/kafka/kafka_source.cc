// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/kafka/kafka_source.cc
/// \brief JsonKafkaSource and AvroKafkaSource: each round reads the offset ranges
/// KafkaOffsetGen would plan and commits their end as the checkpoint; offsets reach the
/// consumer group only after the Hudi commit, when asked to.
#include <utility>

#include "hoodie/common/logging.h"
#include "hoodie/common/macros.h"
#include "hoodie/config/hoodie_config.h"
#include "hoodie/config/kafka_source_config.h"
#include "hoodie/kafka/confluent_avro_internal.h"
#include "hoodie/kafka/kafka_client_internal.h"
#include "hoodie/kafka/kafka_offset_columns_internal.h"
#include "hoodie/kafka/kafka_plugins_internal.h"
#include "hoodie/kafka/kafka_records_internal.h"
#include "hoodie/kafka/kafka_round_plan_internal.h"
#include "hoodie/streamer/cdc_records.h"
#include "hoodie/streamer/schema_provider.h"
#include "hoodie/streamer/source.h"
#include "hoodie/streamer/sources_internal.h"

namespace hoodie::internal {
namespace {

constexpr char kByteArrayDeserializer[] =
    "org.apache.kafka.common.serialization.ByteArrayDeserializer";

class KafkaSource : public Source {
 public:
  static ::arrow::Result<std::unique_ptr<Source>> Make(const std::string& name, bool avro,
                                                       const SourceContext& context) {
    const HoodieConfig& config = *context.config;
    auto out = std::unique_ptr<KafkaSource>(new KafkaSource());
    ARROW_ASSIGN_OR_RAISE(out->settings_, ReadKafkaSourceSettings(config, name));
    if (context.schema_provider != nullptr) {
      ARROW_ASSIGN_OR_RAISE(out->schema_, context.schema_provider->SourceSchema());
    }
    if (out->schema_ == nullptr) {
      return ::arrow::Status::Invalid(
          name, " needs a source schema to read messages into: set --schemaprovider-class "
          "(SchemaRegistryProvider with ",
          "hoodie.deltastreamer.schemaprovider.registry.url, or FilebasedSchemaProvider)");
    }
    out->format_ = KafkaValueFormat::kJson;
    if (avro) {
      ARROW_ASSIGN_OR_RAISE(std::string deserializer,
                            config.Get(KafkaSourceConfig::kValueDeserializerClass));
      if (deserializer == kByteArrayDeserializer) {
        out->format_ = KafkaValueFormat::kBareAvro;
      } else {
        out->format_ = KafkaValueFormat::kConfluentAvro;
        ARROW_ASSIGN_OR_RAISE(auto registry, SchemaRegistryClient::Make(config));
        out->registry_ = std::move(registry);
      }
    }
    out->skip_bad_ = context.skip_bad_records;
    ARROW_ASSIGN_OR_RAISE(out->cdc_, ReadCdcJsonOptions(config, name, !avro));
    ARROW_RETURN_NOT_OK(out->ReadAppendOffsets(config, context));
    return out;
  }

  ::arrow::Result<SourceBatch> FetchNext(const std::optional<std::string>& checkpoint,
                                         int64_t source_limit) override {
    ARROW_ASSIGN_OR_RAISE(auto consumer, KafkaConsumer::Make(settings_.client_properties,
                                                             settings_.timeout_ms));
    ARROW_ASSIGN_OR_RAISE(KafkaRoundPlan plan,
                          PlanKafkaRound(consumer.get(), settings_, checkpoint, source_limit));
    SourceBatch out;
    out.checkpoint = plan.checkpoint;
    out.source_size = TotalKafkaMessages(plan.ranges);
    out.description = std::to_string(out.source_size) + " messages of " + settings_.topic;
    out.backlog = plan.backlog;
    out.backlog_description = std::to_string(plan.backlog) + " messages";
    if (out.source_size == 0) return out;
    ARROW_RETURN_NOT_OK(consumer->Assign(settings_.topic, ReadableRanges(plan.ranges)));
    KafkaReadContext context;
    context.consumer = std::move(consumer);
    context.positions = std::make_shared<MessagePositions>(settings_.topic);
    context.cdc = cdc_;
    context.append_offsets = append_offsets_;
    if (skip_bad_) {
      auto skipped = std::make_shared<std::vector<std::string>>();
      out.skipped = skipped;
      context.on_bad_message = [skipped](const std::string& message) {
        skipped->push_back(message);
      };
    }
    std::shared_ptr<MessagePositions> positions = context.positions;
    out.where = [positions](int64_t row) { return positions->DescribeRow(row); };
    ARROW_ASSIGN_OR_RAISE(out.records,
                          OpenKafkaRecords(std::move(context), format_, schema_, registry_));
    return out;
  }

  ::arrow::Status OnCommit(const std::optional<std::string>& checkpoint) override {
    if (!settings_.commit_offsets || !checkpoint) return ::arrow::Status::OK();
    // commitOffsetToKafka: a failure does not touch the Hudi commit, which is the truth.
    ::arrow::Status status = CommitToGroup(*checkpoint);
    if (!status.ok()) {
      LogWarning("Committing offsets to Kafka failed, this does not impact processing of "
                 "records: " + status.ToString());
    }
    return ::arrow::Status::OK();
  }

  std::shared_ptr<SchemaProvider> schema_provider() const override { return provider_; }

 private:
  KafkaSource() = default;

  // append.offsets: the records carry their messages' coordinates, and the streamer
  // writes with the provider's schemas with those columns added, as Hudi's Kafka sources
  // wrap their provider (UtilHelpers.getSchemaProviderForKafkaSource).
  ::arrow::Status ReadAppendOffsets(const HoodieConfig& config, const SourceContext& context) {
    ARROW_ASSIGN_OR_RAISE(append_offsets_, config.Get(KafkaSourceConfig::kAppendOffsets));
    if (!append_offsets_) return ::arrow::Status::OK();
    if (cdc_) {
      // A change message is an envelope, not a row: its coordinates have no column.
      return ::arrow::Status::Invalid(KafkaSourceConfig::kAppendOffsets.key,
                                      " does not apply to change records (a CDC format)");
    }
    provider_ = WithPostProcessor(context.schema_provider, MakeKafkaOffsetPostProcessor());
    return ::arrow::Status::OK();
  }

  // One range per partition to assign (a partition's ranges are consecutive), none for a
  // partition with nothing to read.
  static std::vector<KafkaOffsetRange> ReadableRanges(const std::vector<KafkaOffsetRange>& ranges) {
    std::vector<KafkaOffsetRange> out;
    for (const KafkaOffsetRange& range : MergeKafkaOffsetRanges(ranges)) {
      if (range.count() > 0) out.push_back(range);
    }
    return out;
  }

  ::arrow::Status CommitToGroup(const std::string& checkpoint) {
    ARROW_ASSIGN_OR_RAISE(KafkaCheckpoint parsed, ParseKafkaCheckpoint(checkpoint));
    ARROW_ASSIGN_OR_RAISE(auto consumer, KafkaConsumer::Make(settings_.client_properties,
                                                             settings_.timeout_ms));
    return consumer->Commit(settings_.topic, parsed.offsets);
  }

  KafkaSourceSettings settings_;
  std::shared_ptr<::arrow::Schema> schema_;
  KafkaValueFormat format_ = KafkaValueFormat::kJson;
  std::shared_ptr<SchemaRegistryClient> registry_;
  bool skip_bad_ = false;
  std::optional<CdcJsonOptions> cdc_;
  bool append_offsets_ = false;
  std::shared_ptr<SchemaProvider> provider_;  // null unless append_offsets_
};

::arrow::Status RegisterOne(SourceRegistry* registry, const std::string& name, bool avro) {
  return registry->Register(std::string(kSourcesPackage) + name, {name},
                            [name, avro](const SourceContext& context) {
                              return KafkaSource::Make(name, avro, context);
                            });
}

}  // namespace

::arrow::Status RegisterKafkaSources(SourceRegistry* registry) {
  ARROW_RETURN_NOT_OK(RegisterOne(registry, "JsonKafkaSource", false));
  return RegisterOne(registry, "AvroKafkaSource", true);
}

}  // namespace hoodie::internal
