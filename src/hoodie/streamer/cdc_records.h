// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/streamer/cdc_records.h
/// \brief How the streamer's JSON sources read change records: the CDC decoding
/// stage's options from the configuration, shared by the DFS and Kafka sources.
#pragma once

#include <memory>
#include <optional>
#include <string_view>

#include <arrow/result.h>
#include <arrow/type_fwd.h>

#include "hoodie/input/cdc_json.h"
#include "hoodie/visibility.h"

namespace hoodie {

class HoodieConfig;

/// hoodie.streamer.source.cdc.format as decoding options (None: plain JSON rows);
/// changelog.enabled keeps updates' before images. Invalid for an unknown format, or
/// when set for `source_name` that does not read JSON (`reads_json` false).
HOODIE_EXPORT ::arrow::Result<std::optional<CdcJsonOptions>> ReadCdcJsonOptions(
    const HoodieConfig& config, std::string_view source_name, bool reads_json);

/// The target schema a round conforms records to: with a CDC format, `target` with the
/// change columns (WithCdcColumns), so the provider's schema need not list them.
HOODIE_EXPORT ::arrow::Result<std::shared_ptr<::arrow::Schema>> CdcTargetSchema(
    const HoodieConfig& config, std::shared_ptr<::arrow::Schema> target);

}  // namespace hoodie
