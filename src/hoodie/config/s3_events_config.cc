// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/config/s3_events_config.cc
/// \brief Declarations of the "S3 Events Source" configuration keys.
#include "hoodie/config/s3_events_config.h"

#include "hoodie/config/config_registry.h"

namespace hoodie {
namespace {

namespace v = config_validators;

constexpr char kGroup[] = "S3 Events Source";

// 0.15's keys are hoodie.streamer.*, the seed's spelling hoodie.deltastreamer.* is their
// alternative; both are read, the streamer one first (ConfigUtils.getStringWithAltKeys).
ConfigAlias Streamer(std::string_view key) { return {.key = key, .preferred = true}; }

// SQS answers at most 10 messages a request and waits at most 20 s.
::arrow::Status OneToTen(const int32_t& value) {
  if (value >= 1 && value <= 10) return ::arrow::Status::OK();
  return ::arrow::Status::Invalid("must be between 1 and 10 (SQS's limit per request)");
}
::arrow::Status ZeroToTwenty(const int32_t& value) {
  if (value >= 0 && value <= 20) return ::arrow::Status::OK();
  return ::arrow::Status::Invalid("must be between 0 and 20 seconds (SQS's limit)");
}

constexpr char kReaderOptionsNote[] =
    "Spark DataFrameReader options have no native reader: CSV objects take "
    "hoodie.deltastreamer.csv.* (header, sep, quote, escape, nullValue), other formats "
    "need none";

}  // namespace

const ConfigProperty<std::string> S3EventsConfig::kQueueUrl{
    .key = "hoodie.deltastreamer.s3.source.queue.url",
    .doc =
        "URL of the SQS queue S3EventsSource reads S3 event notifications from "
        "(https://sqs.<region>.amazonaws.com/<account>/<queue>); requests go to its "
        "host.",
    .aliases = {Streamer("hoodie.streamer.s3.source.queue.url")},
    .group = kGroup};

const ConfigProperty<std::string> S3EventsConfig::kQueueRegion{
    .key = "hoodie.deltastreamer.s3.source.queue.region",
    .doc =
        "AWS region of the SQS queue (\"us-east-1\"): the region its requests are signed "
        "for.",
    .aliases = {Streamer("hoodie.streamer.s3.source.queue.region")},
    .advanced = true,
    .group = kGroup};

const ConfigProperty<int32_t> S3EventsConfig::kLongPollWait{
    .key = "hoodie.deltastreamer.s3.source.queue.long.poll.wait",
    .default_value = 20,
    .doc =
        "Seconds a ReceiveMessage request waits for messages (long polling); 0 polls "
        "short.",
    .aliases = {Streamer("hoodie.streamer.s3.source.queue.long.poll.wait")},
    .validate = ZeroToTwenty,
    .advanced = true,
    .group = kGroup};

const ConfigProperty<int32_t> S3EventsConfig::kMaxMessagesPerBatch{
    .key = "hoodie.deltastreamer.s3.source.queue.max.messages.per.batch",
    .default_value = 5,
    .doc =
        "Most messages one round of S3EventsSource reads (fewer when the queue holds "
        "fewer).",
    .aliases = {Streamer("hoodie.streamer.s3.source.queue.max.messages.per.batch")},
    .validate = v::PositiveInt32,
    .advanced = true,
    .group = kGroup};

const ConfigProperty<int32_t> S3EventsConfig::kMaxMessagesPerRequest{
    .key = "hoodie.deltastreamer.s3.source.queue.max.messages.per.request",
    .default_value = 10,
    .doc = "Most messages one ReceiveMessage request asks for (1 to 10).",
    .aliases = {Streamer("hoodie.streamer.s3.source.queue.max.messages.per.request")},
    .validate = OneToTen,
    .advanced = true,
    .group = kGroup};

const ConfigProperty<int32_t> S3EventsConfig::kVisibilityTimeout{
    .key = "hoodie.deltastreamer.s3.source.queue.visibility.timeout",
    .default_value = 30,
    .doc =
        "Seconds a received message stays hidden from other readers; messages are "
        "deleted only after the round's commit, so a failed round's messages come back "
        "after this time.",
    .aliases = {Streamer("hoodie.streamer.s3.source.queue.visibility.timeout")},
    .validate = v::NonNegativeInt32,
    .advanced = true,
    .group = kGroup};

const ConfigProperty<bool> S3EventsConfig::kCheckFileExists{
    .key = "hoodie.deltastreamer.source.s3incr.check.file.exists",
    .default_value = false,
    .doc =
        "S3EventsHoodieIncrSource leaves out objects that no longer exist (with a "
        "warning) rather than failing the round naming them.",
    .aliases = {Streamer("hoodie.streamer.source.s3incr.check.file.exists")},
    .advanced = true,
    .group = kGroup};

const ConfigProperty<std::string> S3EventsConfig::kKeyPrefix{
    .key = "hoodie.deltastreamer.source.s3incr.key.prefix",
    .doc =
        "Only objects whose key starts with this prefix are read (deprecated: "
        "hoodie.streamer.source.cloud.data.select.relpath.prefix wins).",
    .aliases = {Streamer("hoodie.streamer.source.s3incr.key.prefix")},
    .advanced = true,
    .group = kGroup};

const ConfigProperty<std::string> S3EventsConfig::kFsPrefix{
    .key = "hoodie.deltastreamer.source.s3incr.fs.prefix",
    .default_value = std::string("s3"),
    .doc = "Scheme objects are read with: <prefix>://<bucket>/<key> (s3 or s3a).",
    .aliases = {Streamer("hoodie.streamer.source.s3incr.fs.prefix")},
    .allowed_values = {"s3", "s3a", "s3n"},
    .advanced = true,
    .group = kGroup};

const ConfigProperty<std::string> S3EventsConfig::kIgnoreKeyPrefix{
    .key = "hoodie.deltastreamer.source.s3incr.ignore.key.prefix",
    .doc =
        "Objects whose key starts with this prefix are not read (deprecated: "
        "hoodie.streamer.source.cloud.data.ignore.relpath.prefix wins).",
    .aliases = {Streamer("hoodie.streamer.source.s3incr.ignore.key.prefix")},
    .advanced = true,
    .group = kGroup};

const ConfigProperty<std::string> S3EventsConfig::kIgnoreKeySubstring{
    .key = "hoodie.deltastreamer.source.s3incr.ignore.key.substring",
    .doc =
        "Objects whose key contains this substring are not read (deprecated: "
        "hoodie.streamer.source.cloud.data.ignore.relpath.substring wins).",
    .aliases = {Streamer("hoodie.streamer.source.s3incr.ignore.key.substring")},
    .advanced = true,
    .group = kGroup};

const ConfigProperty<std::string> S3EventsConfig::kSparkDatasourceOptions{
    .key = "hoodie.deltastreamer.source.s3incr.spark.datasource.options",
    .doc = "JSON options of Spark's reader of the objects.",
    .aliases = {Streamer("hoodie.streamer.source.s3incr.spark.datasource.options")},
    .advanced = true,
    .group = kGroup,
    .support = ConfigSupport::kRefused,
    .support_note = kReaderOptionsNote};

const ConfigProperty<std::string> S3EventsConfig::kSelectRelativePathPrefix{
    .key = "hoodie.deltastreamer.source.cloud.data.select.relpath.prefix",
    .doc = "Only objects whose key starts with this prefix are read.",
    .aliases = {Streamer("hoodie.streamer.source.cloud.data.select.relpath.prefix")},
    .advanced = true,
    .group = kGroup};

const ConfigProperty<std::string> S3EventsConfig::kIgnoreRelativePathPrefix{
    .key = "hoodie.deltastreamer.source.cloud.data.ignore.relpath.prefix",
    .doc = "Objects whose key starts with this prefix are not read.",
    .aliases = {Streamer("hoodie.streamer.source.cloud.data.ignore.relpath.prefix")},
    .advanced = true,
    .group = kGroup};

const ConfigProperty<std::string> S3EventsConfig::kIgnoreRelativePathSubstring{
    .key = "hoodie.deltastreamer.source.cloud.data.ignore.relpath.substring",
    .doc = "Objects whose key contains this substring are not read.",
    .aliases = {Streamer("hoodie.streamer.source.cloud.data.ignore.relpath.substring")},
    .advanced = true,
    .group = kGroup};

const ConfigProperty<std::string> S3EventsConfig::kDatafileFormat{
    .key = "hoodie.deltastreamer.source.cloud.data.datafile.format",
    .doc =
        "Format of the objects (parquet, json, csv, avro, orc); unset: "
        "hoodie.streamer.source.hoodieincr.file.format. Without a file extension, only "
        "objects whose key contains the format's name are read.",
    .aliases = {Streamer("hoodie.streamer.source.cloud.data.datafile.format")},
    .advanced = true,
    .group = kGroup};

const ConfigProperty<std::string> S3EventsConfig::kSelectFileExtension{
    .key = "hoodie.deltastreamer.source.cloud.data.select.file.extension",
    .doc = "Only objects whose key ends with this extension are read.",
    .aliases = {Streamer("hoodie.streamer.source.cloud.data.select.file.extension")},
    .advanced = true,
    .group = kGroup};

const ConfigProperty<bool> S3EventsConfig::kCloudCheckFileExists{
    .key = "hoodie.deltastreamer.source.cloud.data.check.file.exists",
    .default_value = false,
    .doc =
        "As hoodie.streamer.source.s3incr.check.file.exists (either one set to true "
        "checks).",
    .aliases = {Streamer("hoodie.streamer.source.cloud.data.check.file.exists")},
    .advanced = true,
    .group = kGroup};

const ConfigProperty<std::string> S3EventsConfig::kPartitionFieldsFromPath{
    .key = "hoodie.deltastreamer.source.cloud.data.partition.fields.from.path",
    .doc = "Path-based partition fields of the objects, added as columns.",
    .aliases = {Streamer("hoodie.streamer.source.cloud.data.partition.fields.from.path")},
    .advanced = true,
    .group = kGroup,
    .support = ConfigSupport::kRefused,
    .support_note =
        "hoodie does not add columns from object paths: keep the partition "
        "fields in the objects' records"};

const ConfigProperty<std::string> S3EventsConfig::kCloudDatasourceOptions{
    .key = "hoodie.deltastreamer.source.cloud.data.datasource.options",
    .doc = "JSON options of Spark's reader of the objects.",
    .aliases = {Streamer("hoodie.streamer.source.cloud.data.datasource.options")},
    .advanced = true,
    .group = kGroup,
    .support = ConfigSupport::kRefused,
    .support_note = kReaderOptionsNote};

const ConfigProperty<bool> S3EventsConfig::kCommaSeparatedPathFormat{
    .key = "hoodie.streamer.source.cloud.data.reader.comma.separated.path.format",
    .default_value = false,
    .doc = "How the object paths are passed to Spark's load().",
    .advanced = true,
    .group = kGroup,
    .support = ConfigSupport::kNoEffect,
    .support_note = "how Spark's reader is handed the paths"};

const ConfigProperty<int64_t> S3EventsConfig::kPartitionMaxSize{
    .key = "hoodie.streamer.source.cloud.data.partition.max.size",
    .doc = "Bytes per Spark partition of the objects read.",
    .advanced = true,
    .group = kGroup,
    .is_bytes = true,
    .support = ConfigSupport::kNoEffect,
    .support_note = "Spark's partitioning of the objects read"};

void S3EventsConfig::Register(ConfigRegistry* registry) {
  registry->Add(kQueueUrl);
  registry->Add(kQueueRegion);
  registry->Add(kLongPollWait);
  registry->Add(kMaxMessagesPerBatch);
  registry->Add(kMaxMessagesPerRequest);
  registry->Add(kVisibilityTimeout);
  registry->Add(kCheckFileExists);
  registry->Add(kKeyPrefix);
  registry->Add(kFsPrefix);
  registry->Add(kIgnoreKeyPrefix);
  registry->Add(kIgnoreKeySubstring);
  registry->Add(kSparkDatasourceOptions);
  registry->Add(kSelectRelativePathPrefix);
  registry->Add(kIgnoreRelativePathPrefix);
  registry->Add(kIgnoreRelativePathSubstring);
  registry->Add(kDatafileFormat);
  registry->Add(kSelectFileExtension);
  registry->Add(kCloudCheckFileExists);
  registry->Add(kPartitionFieldsFromPath);
  registry->Add(kCloudDatasourceOptions);
  registry->Add(kCommaSeparatedPathFormat);
  registry->Add(kPartitionMaxSize);
}

}  // namespace hoodie
