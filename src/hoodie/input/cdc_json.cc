// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/input/cdc_json.cc
/// \brief Debezium and Canal change records to flat JSON rows, with the rules of Flink's
/// DebeziumJsonDeserializationSchema and CanalJsonDeserializationSchema.
#include "hoodie/input/cdc_json.h"

#include <deque>
#include <string>
#include <utility>
#include <vector>

#include <arrow/type.h>
#include <simdjson.h>

#include "hoodie/common/ascii.h"
#include "hoodie/format/avro/meta_fields.h"
#include "hoodie/input/json_lines_reader.h"

namespace hoodie {
namespace {

using ::arrow::Status;
using simdjson::dom::element;
using simdjson::dom::object;

constexpr std::string_view kIsDeletedField = "_hoodie_is_deleted";

// What one decoded row is: HoodieOperation's name and the Debezium op code it reports.
struct Change {
  std::string_view operation;  // I, -U, U, D
  std::string_view op_code;    // c, r, u, d
};

// The object's members without its braces ("" for an empty object).
std::string Members(element image) {
  std::string text = simdjson::minify(image);
  return text.size() <= 2 ? std::string() : text.substr(1, text.size() - 2);
}

// `name` of `parent`, or null when absent.
std::optional<element> Member(element parent, std::string_view name) {
  element out;
  if (!parent.is_object() || object(parent)[name].get(out)) return std::nullopt;
  return out;
}

// A member's JSON text, "null" when absent.
std::string ValueText(element parent, std::string_view name) {
  std::optional<element> value = Member(parent, name);
  return value ? simdjson::minify(*value) : std::string("null");
}

// What every row of one record carries besides its image, ahead of the image's members:
// the first of duplicate keys wins in the JSON reader, so these cannot be overridden by
// a column of the same name.
struct RecordColumns {
  std::string processed_ts = "null";
  std::string origin_ts = "null";
  std::string source_position;  // ,"_event_lsn":... (Debezium), or ""

  std::string Row(const Change& change, std::string_view members,
                  std::string_view overlay = {}) const {
    std::string row = "{\"";
    row.append(kOperationField).append("\":\"").append(change.operation);
    row.append("\",\"").append(kChangeOperationTypeField).append("\":\"").append(change.op_code);
    row.append("\",\"").append(kUpstreamProcessedTsField).append("\":").append(processed_ts);
    row.append(",\"").append(kEventOriginTsField).append("\":").append(origin_ts);
    row.append(",\"").append(kIsDeletedField).append("\":");
    row.append(change.operation == "D" ? "true" : "false");
    row.append(source_position);
    for (std::string_view part : {overlay, members}) {
      if (!part.empty()) row.append(",").append(part);
    }
    row.append("}");
    return row;
  }
};

class CdcDecoder : public JsonRecordSource {
 public:
  CdcDecoder(std::unique_ptr<JsonRecordSource> changes, CdcJsonOptions options,
             std::function<void(const Status&, int64_t)> on_bad_record,
             std::function<void(int64_t, int64_t)> on_record_rows)
      : changes_(std::move(changes)),
        options_(options),
        on_bad_record_(std::move(on_bad_record)),
        on_record_rows_(std::move(on_record_rows)) {}

  ::arrow::Result<bool> Next(std::string* text, int64_t* number) override {
    while (rows_.empty()) {
      ARROW_ASSIGN_OR_RAISE(bool got, changes_->Next(&record_, &number_));
      if (!got) return false;
      Status decoded = Decode();
      if (!decoded.ok()) {
        rows_.clear();
        Status located = decoded.WithMessage(changes_->Describe(number_), ": ",
                                             decoded.message());
        if (!on_bad_record_) return located;
        on_bad_record_(located, number_);
      }
      if (on_record_rows_ && rows_.size() != 1) {
        on_record_rows_(number_, static_cast<int64_t>(rows_.size()));
      }
    }
    *text = std::move(rows_.front());
    rows_.pop_front();
    *number = number_;
    return true;
  }

  std::string Describe(int64_t number) const override { return changes_->Describe(number); }

 private:
  Status Decode() {
    element root;
    if (auto error = parser_.parse(record_.data(), record_.size(), true).get(root)) {
      return Status::Invalid("not valid JSON: ", simdjson::error_message(error));
    }
    if (!root.is_object()) return Status::Invalid("a change record must be a JSON object");
    return options_.format == CdcJsonFormat::kDebezium ? DecodeDebezium(root)
                                                       : DecodeCanal(root);
  }

  // An image (`before`/`after`) that must be an object.
  static ::arrow::Result<element> Image(element envelope, std::string_view name,
                                        std::string_view op, std::string_view why) {
    std::optional<element> image = Member(envelope, name);
    if (!image || image->is_null()) {
      return Status::Invalid("Debezium op '", op, "' without '", name, "' (", why, ")");
    }
    if (!image->is_object()) {
      return Status::Invalid("Debezium '", name, "' must be an object, got ",
                             simdjson::minify(*image));
    }
    return *image;
  }

  Status DecodeDebezium(element root) {
    element envelope = root;
    // The JSON converter with schemas.enable=true wraps the envelope as {schema, payload}.
    if (auto payload = Member(root, "payload"); payload && Member(root, "schema")) {
      envelope = *payload;
    }
    std::optional<element> op = Member(envelope, "op");
    if (!op || !op->is_string()) {
      return Status::Invalid(
          "not a debezium-json change record: no string 'op' (expected c, r, u or d; a "
          "record with the converter's schema has it under 'payload')");
    }
    std::string_view code = std::string_view(*op);
    RecordColumns columns;
    columns.processed_ts = ValueText(envelope, "ts_ms");
    if (std::optional<element> source = Member(envelope, "source")) {
      columns.origin_ts = ValueText(*source, "ts_ms");
      for (auto [field, name] : {std::pair{kEventLsnField, "lsn"},
                                 std::pair{kEventBinFileField, "file"},
                                 std::pair{kEventPosField, "pos"}}) {
        if (Member(*source, name)) {
          columns.source_position.append(",\"").append(field).append("\":").append(
              ValueText(*source, name));
        }
      }
    }
    constexpr std::string_view kReplicaIdentity =
        "the before image needs REPLICA IDENTITY FULL on PostgreSQL, or binlog_row_image "
        "FULL on MySQL";
    if (code == "c" || code == "r") {
      ARROW_ASSIGN_OR_RAISE(element after, Image(envelope, "after", code, "an insert's row"));
      rows_.push_back(columns.Row({"I", code}, Members(after)));
    } else if (code == "u") {
      if (options_.keep_update_before) {
        ARROW_ASSIGN_OR_RAISE(element before, Image(envelope, "before", code, kReplicaIdentity));
        rows_.push_back(columns.Row({"-U", code}, Members(before)));
      }
      ARROW_ASSIGN_OR_RAISE(element after, Image(envelope, "after", code, "an update's row"));
      rows_.push_back(columns.Row({"U", code}, Members(after)));
    } else if (code == "d") {
      ARROW_ASSIGN_OR_RAISE(element before, Image(envelope, "before", code, kReplicaIdentity));
      rows_.push_back(columns.Row({"D", code}, Members(before)));
    } else {
      return Status::Invalid("Debezium op '", code,
                             "' is not a row change (expected c, r, u or d)");
    }
    return Status::OK();
  }

  // `name` of a Canal message as an array of objects.
  static ::arrow::Result<std::vector<element>> Rows(element message, std::string_view name,
                                                    std::string_view type) {
    std::optional<element> rows = Member(message, name);
    if (!rows || !rows->is_array()) {
      return Status::Invalid("Canal ", type, " without a '", name, "' array of rows");
    }
    std::vector<element> out;
    for (element row : simdjson::dom::array(*rows)) {
      if (!row.is_object()) {
        return Status::Invalid("Canal '", name, "' must hold objects, got ",
                               simdjson::minify(row));
      }
      out.push_back(row);
    }
    return out;
  }

  Status DecodeCanal(element message) {
    std::optional<element> type = Member(message, "type");
    if (!type || !type->is_string()) {
      return Status::Invalid(
          "not a canal-json change record: no string 'type' (expected INSERT, UPDATE or "
          "DELETE)");
    }
    std::string_view name = std::string_view(*type);
    // DDL messages carry no rows (Flink skips them).
    if (std::optional<element> ddl = Member(message, "isDdl"); ddl && ddl->is_bool() && bool(*ddl)) {
      return Status::OK();
    }
    RecordColumns columns;
    columns.processed_ts = ValueText(message, "ts");
    columns.origin_ts = ValueText(message, "es");
    if (name == "INSERT" || name == "DELETE") {
      ARROW_ASSIGN_OR_RAISE(std::vector<element> data, Rows(message, "data", name));
      Change change = name == "INSERT" ? Change{"I", "c"} : Change{"D", "d"};
      for (element row : data) rows_.push_back(columns.Row(change, Members(row)));
      return Status::OK();
    }
    if (name != "UPDATE") {
      return Status::Invalid("Canal type '", name,
                             "' is not a row change (expected INSERT, UPDATE or DELETE)");
    }
    ARROW_ASSIGN_OR_RAISE(std::vector<element> data, Rows(message, "data", name));
    std::vector<element> old;
    if (options_.keep_update_before) {
      ARROW_ASSIGN_OR_RAISE(old, Rows(message, "old", name));
      if (old.size() != data.size()) {
        return Status::Invalid("Canal UPDATE with ", data.size(), " 'data' rows but ",
                               old.size(), " 'old' rows");
      }
    }
    for (size_t i = 0; i < data.size(); ++i) {
      std::string members = Members(data[i]);
      // The before image: the row with its changed columns' former values, which come
      // first and so win over the row's.
      if (!old.empty()) rows_.push_back(columns.Row({"-U", "u"}, members, Members(old[i])));
      rows_.push_back(columns.Row({"U", "u"}, members));
    }
    return Status::OK();
  }

  std::unique_ptr<JsonRecordSource> changes_;
  CdcJsonOptions options_;
  std::function<void(const Status&, int64_t)> on_bad_record_;
  std::function<void(int64_t, int64_t)> on_record_rows_;
  simdjson::dom::parser parser_;
  std::string record_;
  int64_t number_ = 0;
  std::deque<std::string> rows_;
};

}  // namespace

::arrow::Result<std::optional<CdcJsonFormat>> ParseCdcJsonFormat(std::string_view key,
                                                                 std::string_view name) {
  if (name.empty()) return std::nullopt;
  if (EqualsIgnoreCase(name, "debezium-json")) return CdcJsonFormat::kDebezium;
  if (EqualsIgnoreCase(name, "canal-json")) return CdcJsonFormat::kCanal;
  return Status::Invalid(key, "='", name,
                         "' is not a change record format: use debezium-json or canal-json, "
                         "or leave it unset for plain JSON rows");
}

std::shared_ptr<::arrow::Schema> WithCdcColumns(const ::arrow::Schema& schema) {
  ::arrow::FieldVector fields = schema.fields();
  auto add = [&](std::string_view name, std::shared_ptr<::arrow::DataType> type) {
    if (schema.GetFieldByName(std::string(name)) == nullptr) {
      fields.push_back(::arrow::field(std::string(name), std::move(type)));
    }
  };
  add(kOperationField, ::arrow::utf8());
  add(kChangeOperationTypeField, ::arrow::utf8());
  add(kUpstreamProcessedTsField, ::arrow::int64());
  add(kEventOriginTsField, ::arrow::int64());
  add(kIsDeletedField, ::arrow::boolean());
  return ::arrow::schema(std::move(fields), schema.metadata());
}

std::unique_ptr<JsonRecordSource> DecodeCdcJson(
    std::unique_ptr<JsonRecordSource> changes, CdcJsonOptions options,
    std::function<void(const Status&, int64_t)> on_bad_record,
    std::function<void(int64_t, int64_t)> on_record_rows) {
  return std::make_unique<CdcDecoder>(std::move(changes), options, std::move(on_bad_record),
                                      std::move(on_record_rows));
}

}  // namespace hoodie
