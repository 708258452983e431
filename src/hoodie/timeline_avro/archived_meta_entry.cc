// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/timeline_avro/archived_meta_entry.cc
/// \brief HoodieArchivedMetaEntry records: made from instant files, encoded, decoded.

#include "hoodie/timeline_avro/archived_meta_entry.h"

#include <array>
#include <string>
#include <utility>

#include <nlohmann/json.hpp>

#include "hoodie/common/java_compat.h"
#include "hoodie/common/nesting_limit.h"
#include "hoodie/format/avro_codec/avro_binary.h"
#include "hoodie/format/avro_codec/avro_container.h"
#include "hoodie/timeline_avro/avro_fields_internal.h"
#include "hoodie/timeline_avro/hudi_avro_schemas_internal.h"
#include "hoodie/timeline_avro/model_container_internal.h"

namespace hoodie {
namespace {

using internal::HudiAvroRecord;
using internal::HudiAvroSchema;

// The metadata fields of HoodieArchivedMetaEntry, in schema order.
constexpr std::array<std::string_view, 11> kMetadataFields = {
    "hoodieCommitMetadata",         "hoodieCleanMetadata",
    "hoodieCompactionMetadata",     "hoodieRollbackMetadata",
    "hoodieSavePointMetadata",      "hoodieCompactionPlan",
    "hoodieCleanerPlan",            "hoodieReplaceCommitMetadata",
    "hoodieRequestedReplaceMetadata", "HoodieInflightReplaceMetadata",
    "hoodieIndexCommitMetadata"};

// The fields in schema order, common ones included.
constexpr std::array<std::string_view, 16> kFieldOrder = {
    "hoodieCommitMetadata",  "hoodieCleanMetadata",         "hoodieCompactionMetadata",
    "hoodieRollbackMetadata", "hoodieSavePointMetadata",    "commitTime",
    "actionType",            "version",                     "hoodieCompactionPlan",
    "hoodieCleanerPlan",     "actionState",                 "hoodieReplaceCommitMetadata",
    "hoodieRequestedReplaceMetadata", "HoodieInflightReplaceMetadata",
    "hoodieIndexCommitMetadata", "stateTransitionTime"};

// The record schema of a metadata field of the entry (the non-null union branch).
::arrow::Result<const AvroNode*> FieldRecordSchema(std::string_view field) {
  ARROW_ASSIGN_OR_RAISE(auto schema, ArchivedMetaEntrySchema());
  const AvroNode& root = schema->root();
  const int index = root.FieldIndex(field);
  if (index < 0) return ::arrow::Status::KeyError("HoodieArchivedMetaEntry has no ", field);
  for (const AvroNode* branch : root.fields[index].type->branches) {
    if (branch->type == AvroType::kRecord) return branch;
  }
  return ::arrow::Status::Invalid("HoodieArchivedMetaEntry.", field, " is not a record");
}

// Jackson's ObjectMapper.convertValue from the JSON tree of a POJO into an Avro
// specific record: properties fill the fields of the same name, unknown properties are
// dropped (FAIL_ON_UNKNOWN_PROPERTIES off) and fields without a property stay null
// (the no-argument constructor of a specific record sets no defaults).
::arrow::Result<AvroValue> JacksonToAvro(const nlohmann::ordered_json& json,
                                         const AvroNode& node) {
  switch (node.type) {
    case AvroType::kUnion: {
      if (json.is_null()) return AvroValue::Null();
      for (const AvroNode* branch : node.branches) {
        if (branch->type != AvroType::kNull) return JacksonToAvro(json, *branch);
      }
      return AvroValue::Null();
    }
    case AvroType::kNull:
      return AvroValue::Null();
    case AvroType::kRecord: {
      if (!json.is_object()) return ::arrow::Status::Invalid("expected an object for ", node.full_name);
      AvroEntries fields;
      for (const AvroField& field : node.fields) {
        auto it = json.find(field.name);
        if (it == json.end()) {
          fields.emplace_back(field.name, AvroValue::Null());
          continue;
        }
        auto value = JacksonToAvro(*it, *field.type);
        if (!value.ok()) return internal::WithContext(value.status(), field.name);
        fields.emplace_back(field.name, std::move(*value));
      }
      return AvroValue::Record(node.full_name, std::move(fields));
    }
    case AvroType::kMap: {
      if (!json.is_object()) return ::arrow::Status::Invalid("expected an object for a map");
      AvroEntries entries;
      for (auto it = json.begin(); it != json.end(); ++it) {
        ARROW_ASSIGN_OR_RAISE(AvroValue value, JacksonToAvro(it.value(), *node.values));
        entries.emplace_back(it.key(), std::move(value));
      }
      return AvroValue::Map(std::move(entries));
    }
    case AvroType::kArray: {
      if (!json.is_array()) return ::arrow::Status::Invalid("expected an array");
      std::vector<AvroValue> items;
      for (const auto& item : json) {
        ARROW_ASSIGN_OR_RAISE(AvroValue value, JacksonToAvro(item, *node.items));
        items.push_back(std::move(value));
      }
      return AvroValue::Array(std::move(items));
    }
    case AvroType::kString:
      if (json.is_string()) return AvroValue::String(json.get<std::string>());
      // Jackson coerces scalars to text for a String field.
      if (json.is_primitive()) return AvroValue::String(json.dump());
      return ::arrow::Status::Invalid("expected a string");
    case AvroType::kLong:
      if (json.is_number_integer()) return AvroValue::Long(json.get<int64_t>());
      return ::arrow::Status::Invalid("expected an integer");
    case AvroType::kInt:
      if (json.is_number_integer()) return AvroValue::Int(json.get<int32_t>());
      return ::arrow::Status::Invalid("expected an integer");
    case AvroType::kDouble:
      if (json.is_number()) return AvroValue::Double(json.get<double>());
      return ::arrow::Status::Invalid("expected a number");
    case AvroType::kBoolean:
      if (json.is_boolean()) return AvroValue::Boolean(json.get<bool>());
      return ::arrow::Status::Invalid("expected a boolean");
    default:
      return ::arrow::Status::NotImplemented("Jackson conversion into Avro type ",
                                             static_cast<int>(node.type));
  }
}

// HoodieCommitMetadata.fromBytes of an empty file: a new POJO (no stats, no extra
// metadata, operation UNKNOWN), as the JSON tree Jackson would make of it.
constexpr std::string_view kEmptyCommitJson =
    R"({"partitionToWriteStats":{},"compacted":false,"extraMetadata":{},"operationType":"UNKNOWN"})";

// The Avro form of JSON commit metadata into the record of entry field `field`.
::arrow::Result<AvroValue> CommitJsonToAvro(std::string_view details,
                                            std::string_view field) {
  if (::arrow::Status depth = CheckJsonNestingDepth(details); !depth.ok()) {
    return ::arrow::Status::Invalid("malformed commit metadata JSON: ", depth.message());
  }
  nlohmann::ordered_json json = nlohmann::ordered_json::parse(
      details.empty() ? kEmptyCommitJson : details, nullptr, /*allow_exceptions=*/false);
  if (json.is_discarded()) return ::arrow::Status::Invalid("malformed commit metadata JSON");
  // convertCommitMetadata: partitionToWriteStats.remove(null); Jackson writes a null
  // key as "null"... it never occurs in files Hudi or hoodie write, so nothing to drop.
  ARROW_ASSIGN_OR_RAISE(const AvroNode* record, FieldRecordSchema(field));
  if (field != "hoodieReplaceCommitMetadata" && json.is_object()) {
    // MetadataConversionUtils.convertCommitMetadata: "Do not archive Rolling Stats" puts
    // an empty ROLLING_STAT into the extra metadata (a LinkedHashMap: it goes last).
    json["extraMetadata"]["ROLLING_STAT"] = "";
  }
  return JacksonToAvro(json, *record);
}

// `value` with every map in the order Java iterates it after Avro decoded it: Hudi
// archives plans and Avro metadata it has just read, and GenericDatumReader puts map
// entries, in file order, into a `new HashMap<>(size)`.
AvroValue WithMapsAsAvroDecodesThem(const AvroValue& value) {
  switch (value.kind()) {
    case AvroValue::Kind::kMap:
    case AvroValue::Kind::kRecord: {
      AvroEntries entries;
      for (const auto& [name, item] : value.entries()) {
        entries.emplace_back(name, WithMapsAsAvroDecodesThem(item));
      }
      if (value.kind() == AvroValue::Kind::kRecord) {
        return AvroValue::Record(value.record_name(), std::move(entries));
      }
      OrderLikeJavaHashMap(&entries, /*presized=*/true);
      return AvroValue::Map(std::move(entries));
    }
    case AvroValue::Kind::kArray: {
      std::vector<AvroValue> items;
      for (const AvroValue& item : value.items()) items.push_back(WithMapsAsAvroDecodesThem(item));
      return AvroValue::Array(std::move(items));
    }
    default:
      return value;
  }
}

// A one-record Avro container (a plan or Avro metadata) resolved into the record of
// entry field `field`.
::arrow::Result<AvroValue> ContainerToAvro(std::string_view details, HudiAvroRecord kind) {
  ARROW_ASSIGN_OR_RAISE(auto schema, HudiAvroSchema(kind));
  ARROW_ASSIGN_OR_RAISE(AvroValue value, ReadSingleRecordContainer(details, *schema));
  return WithMapsAsAvroDecodesThem(value);
}

struct Payload {
  std::string_view field;
  enum class Form { kNone, kCommitJson, kAvro } form = Form::kNone;
  HudiAvroRecord avro = HudiAvroRecord::kCleanMetadata;
  bool skip_when_empty = false;
};

// Which field createMetaWrapper fills for a state, and from what.
::arrow::Result<Payload> PayloadOf(const Instant& state) {
  using Form = Payload::Form;
  switch (state.action) {
    case Action::kClean:
      if (state.IsCompleted()) return Payload{"hoodieCleanMetadata", Form::kAvro, HudiAvroRecord::kCleanMetadata};
      return Payload{"hoodieCleanerPlan", Form::kAvro, HudiAvroRecord::kCleanerPlan};
    case Action::kCommit:
    case Action::kDeltaCommit:
      return Payload{"hoodieCommitMetadata", Form::kCommitJson};
    case Action::kReplaceCommit:
      if (state.IsCompleted()) return Payload{"hoodieReplaceCommitMetadata", Form::kCommitJson};
      if (state.IsInflight()) {
        return Payload{"HoodieInflightReplaceMetadata", Form::kCommitJson,
                       HudiAvroRecord::kCleanMetadata, /*skip_when_empty=*/true};
      }
      return Payload{"hoodieRequestedReplaceMetadata", Form::kAvro,
                     HudiAvroRecord::kRequestedReplaceMetadata, /*skip_when_empty=*/true};
    case Action::kRollback:
      if (state.IsCompleted()) return Payload{"hoodieRollbackMetadata", Form::kAvro, HudiAvroRecord::kRollbackMetadata};
      return Payload{};
    case Action::kSavepoint:
      return Payload{"hoodieSavePointMetadata", Form::kAvro, HudiAvroRecord::kSavepointMetadata,
                     /*skip_when_empty=*/true};
    case Action::kCompaction:
    case Action::kLogCompaction:
      if (state.IsRequested()) return Payload{"hoodieCompactionPlan", Form::kAvro, HudiAvroRecord::kCompactionPlan};
      return Payload{};
    default:
      return ::arrow::Status::NotImplemented("archiving a ", ActionName(state.action),
                                             " instant (", state.ToString(),
                                             "): Action not fully supported yet");
  }
}

::arrow::Result<State> ParseState(std::string_view name) {
  for (State state : {State::kRequested, State::kInflight, State::kCompleted}) {
    if (StateName(state) == name) return state;
  }
  return ::arrow::Status::Invalid("unknown instant state '", name, "'");
}

::arrow::Result<std::optional<std::string>> OptionalString(const AvroValue& record,
                                                           std::string_view name) {
  return internal::GetOptionalString(record, name);
}

}  // namespace

::arrow::Result<std::shared_ptr<const AvroSchema>> ArchivedMetaEntrySchema() {
  return HudiAvroSchema(HudiAvroRecord::kArchivedMetaEntry);
}

::arrow::Result<Instant> ArchivedMetaEntry::ToInstant() const {
  Instant instant;
  instant.timestamp = commit_time;
  ARROW_ASSIGN_OR_RAISE(instant.action, ParseAction(action_type));
  ARROW_ASSIGN_OR_RAISE(instant.state, ParseState(action_state));
  return instant;
}

AvroValue ArchivedMetaEntry::ToAvroValue() const {
  AvroEntries fields;
  for (std::string_view name : kFieldOrder) {
    AvroValue value;
    if (name == "commitTime") {
      value = AvroValue::String(commit_time);
    } else if (name == "actionType") {
      value = AvroValue::String(action_type);
    } else if (name == "actionState") {
      value = AvroValue::String(action_state);
    } else if (name == "stateTransitionTime") {
      if (state_transition_time) value = AvroValue::String(*state_transition_time);
    } else if (name == "version") {
      if (version) value = AvroValue::Int(*version);
    } else if (metadata && metadata->first == name) {
      value = metadata->second;
    }
    fields.emplace_back(std::string(name), std::move(value));
  }
  return AvroValue::Record(internal::HudiRecordName("HoodieArchivedMetaEntry"),
                           std::move(fields));
}

::arrow::Result<ArchivedMetaEntry> ArchivedMetaEntry::FromAvroValue(const AvroValue& record) {
  ArchivedMetaEntry entry;
  ARROW_ASSIGN_OR_RAISE(auto commit_time, OptionalString(record, "commitTime"));
  ARROW_ASSIGN_OR_RAISE(auto action_type, OptionalString(record, "actionType"));
  ARROW_ASSIGN_OR_RAISE(auto action_state, OptionalString(record, "actionState"));
  entry.commit_time = commit_time.value_or("");
  entry.action_type = action_type.value_or("");
  entry.action_state = action_state.value_or("");
  ARROW_ASSIGN_OR_RAISE(entry.state_transition_time,
                        OptionalString(record, "stateTransitionTime"));
  ARROW_ASSIGN_OR_RAISE(entry.version, internal::GetOptionalInt(record, "version"));
  for (std::string_view name : kMetadataFields) {
    ARROW_ASSIGN_OR_RAISE(const AvroValue* value, record.Field(name));
    if (!value->is_null()) {
      entry.metadata.emplace(std::string(name), *value);
      break;
    }
  }
  return entry;
}

::arrow::Result<ArchivedMetaEntry> MakeArchivedMetaEntry(
    const Instant& state, std::string_view details,
    std::optional<std::string> state_transition_time) {
  ArchivedMetaEntry entry;
  entry.commit_time = state.timestamp;
  entry.action_type = std::string(ActionName(state.action));
  entry.action_state = std::string(StateName(state.state));
  entry.state_transition_time = std::move(state_transition_time);
  ARROW_ASSIGN_OR_RAISE(Payload payload, PayloadOf(state));
  // createMetaWrapperForEmptyInstant: a crash can leave an empty completed file.
  if (state.IsCompleted() && details.empty()) return entry;
  if (payload.form == Payload::Form::kNone) return entry;
  if (payload.skip_when_empty && details.empty()) return entry;
  if (details.empty() && payload.form == Payload::Form::kAvro) return entry;
  ::arrow::Result<AvroValue> value =
      payload.form == Payload::Form::kCommitJson
          ? CommitJsonToAvro(details, payload.field)
          : ContainerToAvro(details, payload.avro);
  if (!value.ok()) {
    return ::arrow::Status(value.status().code(),
                           "cannot archive " + state.ToString() + " as " +
                               std::string(payload.field) + ": " + value.status().message());
  }
  entry.metadata.emplace(std::string(payload.field), std::move(*value));
  return entry;
}

::arrow::Result<std::string> EncodeArchivedMetaEntry(const ArchivedMetaEntry& entry) {
  ARROW_ASSIGN_OR_RAISE(auto schema, ArchivedMetaEntrySchema());
  std::string out;
  ARROW_RETURN_NOT_OK(EncodeAvroBinary(entry.ToAvroValue(), schema->root(), &out));
  return out;
}

}  // namespace hoodie
