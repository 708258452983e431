// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/streamer/cdc_records.cc
#include "hoodie/streamer/cdc_records.h"

#include <string>
#include <utility>

#include <arrow/type.h>

#include "hoodie/config/flink_config.h"
#include "hoodie/config/hoodie_config.h"
#include "hoodie/config/streamer_config.h"

namespace hoodie {

::arrow::Result<std::optional<CdcJsonOptions>> ReadCdcJsonOptions(const HoodieConfig& config,
                                                                  std::string_view source_name,
                                                                  bool reads_json) {
  ARROW_ASSIGN_OR_RAISE(std::string name, config.Get(StreamerConfig::kSourceCdcFormat));
  ARROW_ASSIGN_OR_RAISE(std::optional<CdcJsonFormat> format,
                        ParseCdcJsonFormat(StreamerConfig::kSourceCdcFormat.key, name));
  if (!format) return std::nullopt;
  if (!reads_json) {
    return ::arrow::Status::Invalid(
        StreamerConfig::kSourceCdcFormat.key, "=", name, " decodes JSON change records, but ",
        source_name, " does not read JSON: use JsonDFSSource or JsonKafkaSource");
  }
  CdcJsonOptions options;
  options.format = *format;
  ARROW_ASSIGN_OR_RAISE(options.keep_update_before,
                        config.Get(FlinkConfig::kChangelogEnabled));
  return options;
}

::arrow::Result<std::shared_ptr<::arrow::Schema>> CdcTargetSchema(
    const HoodieConfig& config, std::shared_ptr<::arrow::Schema> target) {
  if (target == nullptr) return target;
  ARROW_ASSIGN_OR_RAISE(std::string name, config.Get(StreamerConfig::kSourceCdcFormat));
  if (name.empty()) return target;
  return WithCdcColumns(*target);
}

}  // namespace hoodie
