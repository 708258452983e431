// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/input/cdc_json.h
/// \brief Change records of Debezium and Canal (Flink's `debezium-json` and `canal-json`
/// formats) turned into flat rows, one per changed row image, each saying what the
/// change was: the CDC decoding stage of the JSON sources (DFS files and Kafka alike).
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string_view>

#include <arrow/result.h>
#include <arrow/status.h>
#include <arrow/type_fwd.h>

#include "hoodie/visibility.h"

namespace hoodie {

class JsonRecordSource;

/// The change record formats, by Flink's format identifiers.
enum class CdcJsonFormat {
  /// Debezium's envelope: `op` c/r/u/d with `before` and `after` images, `source` and
  /// `ts_ms`; the whole inside `payload` when the converter includes schemas.
  kDebezium,
  /// Canal's: `type` INSERT/UPDATE/DELETE with the rows in `data` and, for updates, the
  /// changed columns' former values in `old`; DDL messages (`isDdl`) carry no rows.
  kCanal,
};

/// Columns each decoded row carries besides its image's (Hudi's DebeziumConstants names).
inline constexpr std::string_view kChangeOperationTypeField = "_change_operation_type";
inline constexpr std::string_view kUpstreamProcessedTsField = "_upstream_event_processed_ts_ms";
inline constexpr std::string_view kEventOriginTsField = "_event_origin_ts_ms";
/// Debezium's source position, kept when the read schema names them.
inline constexpr std::string_view kEventLsnField = "_event_lsn";
inline constexpr std::string_view kEventBinFileField = "_event_bin_file";
inline constexpr std::string_view kEventPosField = "_event_pos";

struct HOODIE_EXPORT CdcJsonOptions {
  CdcJsonFormat format = CdcJsonFormat::kDebezium;
  /// Changelog mode: an update also yields its before image as a row of its own
  /// (`_hoodie_operation` "-U") ahead of the after image ("U"), and Debezium's updates and
  /// deletes must carry a before image (Flink's REPLICA IDENTITY FULL rule). Otherwise an
  /// update yields its after image only, as Flink's upsert sink keeps.
  bool keep_update_before = false;
};

/// "debezium-json" or "canal-json" (case-insensitive); None for an empty name; Invalid
/// naming `key` and the formats otherwise.
HOODIE_EXPORT ::arrow::Result<std::optional<CdcJsonFormat>> ParseCdcJsonFormat(
    std::string_view key, std::string_view name);

/// `schema` with the columns every decoded row fills appended where it lacks them:
/// `_hoodie_operation` (I, -U, U, D: HoodieOperation's names), `_change_operation_type`
/// (Debezium's c, r, u, d; Canal's types map to c, u, d), `_upstream_event_processed_ts_ms`
/// and `_event_origin_ts_ms` (bigint, the message's and the database's times) and
/// `_hoodie_is_deleted` (true for a delete: a Hudi delete with every payload).
HOODIE_EXPORT std::shared_ptr<::arrow::Schema> WithCdcColumns(const ::arrow::Schema& schema);

/// The rows of the change records of `changes`: each row is its image's JSON object
/// with the columns above added, numbered as the record it came from. A record that is
/// not a change record of `options.format` is Invalid saying where (`changes`' Describe)
/// and what is wrong; with `on_bad_record` it is handed there instead and left out.
/// `on_record_rows`, when set, hears of every record that yields other than one row
/// (none for a DDL message or a left-out record, several for Canal's rows or changelog
/// mode's before images), as it is decoded, so that rows can be traced to records.
HOODIE_EXPORT std::unique_ptr<JsonRecordSource> DecodeCdcJson(
    std::unique_ptr<JsonRecordSource> changes, CdcJsonOptions options,
    std::function<void(const ::arrow::Status&, int64_t number)> on_bad_record = nullptr,
    std::function<void(int64_t number, int64_t rows)> on_record_rows = nullptr);

}  // namespace hoodie
