// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/callback/commit_callback_message.cc
/// \brief CommitCallbackMessage and its JSON, as Hudi 0.15's callbacks send it.
#include <nlohmann/json.hpp>

#include "hoodie/callback/commit_callback.h"
#include "hoodie/common/nesting_limit.h"
#include "hoodie/timeline/instant.h"
#include "hoodie/timeline/write_stat_json_internal.h"

namespace hoodie {
namespace {

using Json = nlohmann::ordered_json;

// HoodieWriteCommitCallbackUtil serializes with a plain `new ObjectMapper()`: public
// getters, not fields (commit metadata's mapper reads fields). Hudi's Option has no
// getter of its value, only isEmpty() and isPresent(), so an Option comes out as its
// presence alone: {"empty":false,"present":true}. Checked against Hudi 0.15.0's
// convertToJsonString run on the bundle jar.
Json JacksonOption(bool present) {
  Json option = Json::object();
  option["empty"] = !present;
  option["present"] = present;
  return option;
}

// Whether HoodieDeltaWriteStat's Option recordsStats holds a value: our copy of it is
// its field's JSON, {"val":null} when empty.
bool HasRecordsStats(const DeltaWriteStat& delta) {
  const std::optional<std::string>& text = delta.records_stats_json;
  if (!text || !CheckJsonNestingDepth(*text).ok()) {
    return false;
  }
  Json records = Json::parse(*text, nullptr, /*allow_exceptions=*/false);
  return records.is_object() && records.contains("val") && !records["val"].is_null();
}

// A write stat as the callback's getter-based mapper writes it: the commit metadata's
// fields, except that a HoodieDeltaWriteStat's recordsStats field (which has no getter)
// is read through getColumnStats(), an Option, last.
Json CallbackWriteStat(const WriteStat& stat) {
  Json json = internal::WriteStatToJson(stat);
  if (stat.delta) {
    json.erase("recordsStats");
    json["columnStats"] = JacksonOption(HasRecordsStats(*stat.delta));
  }
  return json;
}

}  // namespace

CommitCallbackMessage CommitCallbackMessage::Of(const Instant& completed,
                                                std::string table_name,
                                                std::string base_path,
                                                const CommitMetadata& metadata) {
  return CommitCallbackMessage{
      .commit_time = completed.timestamp,
      .table_name = std::move(table_name),
      .base_path = std::move(base_path),
      .write_stats = metadata.AllWriteStats(),
      .commit_action_type = std::string(ActionName(completed.action)),
      .extra_metadata = metadata.extra_metadata};
}

std::string CommitCallbackMessage::ToJson() const {
  // Fields in HoodieWriteCommitCallbackMessage's declaration order, as Jackson orders
  // the properties of a class without annotations.
  Json root = Json::object();
  root["commitTime"] = commit_time;
  root["tableName"] = table_name;
  root["basePath"] = base_path;
  root["hoodieWriteStat"] = Json::array();
  for (const WriteStat& stat : write_stats) {
    root["hoodieWriteStat"].push_back(CallbackWriteStat(stat));
  }
  root["commitActionType"] = JacksonOption(commit_action_type.has_value());
  root["extraMetadata"] = JacksonOption(extra_metadata.has_value());
  return root.dump(-1, ' ', /*ensure_ascii=*/false, Json::error_handler_t::replace);
}

}  // namespace hoodie
