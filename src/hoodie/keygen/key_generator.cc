// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/keygen/key_generator.cc
/// \brief KeyGenerator::Generate, options from config, the registry and MakeKeyGenerator.
#include "hoodie/keygen/key_generator.h"

#include <arrow/api.h>

#include <algorithm>

#include "hoodie/common/ascii.h"
#include "hoodie/config/datasource_config.h"
#include "hoodie/config/hoodie_config.h"
#include "hoodie/config/keygen_config.h"
#include "hoodie/config/table_config_keys.h"
#include "hoodie/keygen/field_value_internal.h"
#include "hoodie/table/table_config.h"

namespace hoodie {

namespace {

std::vector<std::string> SplitFieldList(std::string_view text) {
  std::vector<std::string> out;
  size_t start = 0;
  while (start <= text.size()) {
    size_t comma = text.find(',', start);
    if (comma == std::string_view::npos) comma = text.size();
    std::string_view item = text.substr(start, comma - start);
    while (!item.empty() && std::isspace(static_cast<unsigned char>(item.front())))
      item.remove_prefix(1);
    while (!item.empty() && std::isspace(static_cast<unsigned char>(item.back())))
      item.remove_suffix(1);
    if (!item.empty()) out.emplace_back(item);
    start = comma + 1;
  }
  return out;
}

::arrow::Result<std::shared_ptr<::arrow::StringArray>> ToStringArray(
    const std::vector<std::optional<std::string>>& values) {
  ::arrow::StringBuilder builder;
  ARROW_RETURN_NOT_OK(builder.Reserve(static_cast<int64_t>(values.size())));
  for (const auto& value : values) {
    if (value) {
      ARROW_RETURN_NOT_OK(builder.Append(*value));
    } else {
      ARROW_RETURN_NOT_OK(builder.AppendNull());
    }
  }
  std::shared_ptr<::arrow::StringArray> out;
  ARROW_RETURN_NOT_OK(builder.Finish(&out));
  return out;
}

// True when `config` carries hoodie.properties table keys rather than write options.
bool HasTableKeys(const HoodieConfig& config) {
  return config.Contains(TableConfigKeys::kRecordKeyFields.key) ||
         config.Contains(TableConfigKeys::kKeyGeneratorClass.key) ||
         config.Contains(TableConfigKeys::kPartitionFields.key);
}

// A ".." segment would put the record's files outside the table. Hudi 0.15 does not
// check; later releases reject it (PartitionPathEncodeUtils.validateNoPathTraversal), and
// so do we, per record.
bool HasPathTraversal(std::string_view path) {
  size_t start = 0;
  while (start <= path.size()) {
    size_t end = path.find_first_of("/\\", start);
    if (end == std::string_view::npos) end = path.size();
    if (path.substr(start, end - start) == "..") return true;
    start = end + 1;
  }
  return false;
}

void RejectPathTraversal(std::vector<std::optional<std::string>>* paths,
                         std::vector<KeyError>* errors) {
  for (size_t row = 0; row < paths->size(); ++row) {
    auto& path = (*paths)[row];
    if (!path || !HasPathTraversal(*path)) continue;
    errors->push_back({static_cast<int64_t>(row),
                       "row " + std::to_string(row) + ": Invalid partition path \"" +
                           *path +
                           "\": partition paths must not contain \"..\" path-traversal "
                           "segments"});
    path.reset();
  }
}

// The string column `field` names, when its values are what building them row by row
// gives: none null or empty (those are errors, or the default partition), and for
// partition paths no ".." in its bytes (so no value is a path traversal). Null otherwise,
// and when the field does not resolve (the row-by-row rules report that).
std::shared_ptr<::arrow::StringArray> WholeStringColumn(const ::arrow::RecordBatch& batch,
                                                        const std::string& field,
                                                        bool paths) {
  auto resolved = internal::ResolveFieldPath(batch, field);
  if (!resolved.ok() || (*resolved)->type_id() != ::arrow::Type::STRING ||
      (*resolved)->null_count() != 0) {
    return nullptr;
  }
  auto strings = std::static_pointer_cast<::arrow::StringArray>(*resolved);
  const int32_t* offsets = strings->raw_value_offsets();
  for (int64_t i = 0; i < strings->length(); ++i) {
    if (offsets[i + 1] == offsets[i]) return nullptr;
  }
  if (paths) {
    const auto* data = reinterpret_cast<const char*>(strings->raw_data());
    std::string_view bytes(data + offsets[0],
                           static_cast<size_t>(offsets[strings->length()] - offsets[0]));
    if (bytes.find("..") != std::string_view::npos) return nullptr;
  }
  return strings;
}

}  // namespace

std::string WithoutBatchRow(const std::string& message) {
  std::string out;
  size_t start = 0;
  while (start <= message.size()) {
    size_t end = message.find("; ", start);
    if (end == std::string::npos) end = message.size();
    std::string_view part(message.data() + start, end - start);
    if (part.starts_with("row ")) {
      size_t digits = 4;
      while (digits < part.size() && part[digits] >= '0' && part[digits] <= '9') ++digits;
      if (digits > 4 && part.substr(digits).starts_with(": ")) part.remove_prefix(digits + 2);
    }
    if (!out.empty()) out += "; ";
    out += part;
    start = end + 2;
  }
  return out;
}

::arrow::Result<KeyGeneratorOptions> KeyGeneratorOptions::FromConfig(
    const HoodieConfig& config) {
  KeyGeneratorOptions options;
  const bool table_keys = HasTableKeys(config);
  std::string record_keys;
  if (config.Contains(DataSourceConfig::kRecordKeyField.key) || !table_keys) {
    ARROW_ASSIGN_OR_RAISE(record_keys, config.Get(DataSourceConfig::kRecordKeyField));
  } else if (config.Contains(TableConfigKeys::kRecordKeyFields.key)) {
    ARROW_ASSIGN_OR_RAISE(record_keys, config.Get(TableConfigKeys::kRecordKeyFields));
  }
  options.record_key_fields = SplitFieldList(record_keys);
  std::string partitions;
  if (config.Contains(DataSourceConfig::kPartitionPathField.key) || !table_keys) {
    ARROW_ASSIGN_OR_RAISE(partitions, config.Get(DataSourceConfig::kPartitionPathField));
  } else if (config.Contains(TableConfigKeys::kPartitionFields.key)) {
    ARROW_ASSIGN_OR_RAISE(partitions, config.Get(TableConfigKeys::kPartitionFields));
  }
  options.partition_path_fields = SplitFieldList(partitions);
  ARROW_ASSIGN_OR_RAISE(options.hive_style_partitioning,
                        config.Get(DataSourceConfig::kHiveStylePartitioning));
  ARROW_ASSIGN_OR_RAISE(options.url_encode_partition_path,
                        config.Get(DataSourceConfig::kPartitionPathUrlencode));
  return options;
}

::arrow::Result<KeyColumns> KeyGenerator::Generate(
    const ::arrow::RecordBatch& batch) const {
  KeyColumns out;
  if (std::optional<std::string> field = RecordKeyField()) {
    out.record_keys = WholeStringColumn(batch, *field, /*paths=*/false);
  }
  if (out.record_keys == nullptr) {
    ARROW_ASSIGN_OR_RAISE(Column keys, RecordKeys(batch, &out.errors));
    ARROW_ASSIGN_OR_RAISE(out.record_keys, ToStringArray(keys));
  }
  if (std::optional<std::string> field = PartitionPathField()) {
    out.partition_paths = WholeStringColumn(batch, *field, /*paths=*/true);
  }
  if (out.partition_paths == nullptr) {
    ARROW_ASSIGN_OR_RAISE(Column paths, PartitionPaths(batch, &out.errors));
    RejectPathTraversal(&paths, &out.errors);
    ARROW_ASSIGN_OR_RAISE(out.partition_paths, ToStringArray(paths));
  }
  std::stable_sort(out.errors.begin(), out.errors.end(),
                   [](const KeyError& a, const KeyError& b) { return a.row < b.row; });
  return out;
}

KeyGeneratorRegistry* KeyGeneratorRegistry::Global() {
  static KeyGeneratorRegistry registry;
  return &registry;
}

::arrow::Result<std::unique_ptr<KeyGenerator>> MakeKeyGenerator(
    const HoodieConfig& config) {
  RegisterBuiltinKeyGenerators();
  std::string name;
  if (config.Contains(DataSourceConfig::kKeyGeneratorClass.key)) {
    ARROW_ASSIGN_OR_RAISE(name, config.Get(DataSourceConfig::kKeyGeneratorClass));
  } else if (config.Contains(TableConfigKeys::kKeyGeneratorClass.key)) {
    ARROW_ASSIGN_OR_RAISE(name, config.Get(TableConfigKeys::kKeyGeneratorClass));
  } else if (config.Contains(KeyGeneratorConfig::kKeyGeneratorType.key)) {
    ARROW_ASSIGN_OR_RAISE(name, config.Get(KeyGeneratorConfig::kKeyGeneratorType));
    // Hudi matches the type with KeyGeneratorType.valueOf(type.toUpperCase()).
    name = ToUpperAscii(name);
  } else {
    ARROW_ASSIGN_OR_RAISE(name, config.Get(DataSourceConfig::kKeyGeneratorClass));
  }
  return KeyGeneratorRegistry::Global()->Make(name, config);
}

::arrow::Result<std::unique_ptr<KeyGenerator>> MakeKeyGenerator(
    const TableConfig& table_config, const HoodieConfig& overrides) {
  HoodieConfig config;
  for (const auto& [key, value] : table_config.entries()) config.Set(key, value);
  for (const auto& [key, value] : overrides.entries()) config.Set(key, value);
  return MakeKeyGenerator(config);
}

}  // namespace hoodie
