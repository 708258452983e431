// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/table/table_meta_client.cc
/// \brief TableMetaClient creation, loading and version checks.
#include "hoodie/common/ascii.h"
#include "hoodie/common/string_list.h"
#include "hoodie/table/table_meta_client.h"

#include <algorithm>
#include <cctype>
#include <utility>

#include "hoodie/common/error.h"
#include "hoodie/common/macros.h"
#include "hoodie/storage/path.h"
#include "hoodie/storage/storage.h"
#include "hoodie/timeline/instant.h"

namespace hoodie {
namespace {

const char* BoolText(bool value) { return value ? "true" : "false"; }

::arrow::Status ValidateName(std::string_view what, std::string_view name) {
  if (name.empty()) return ::arrow::Status::Invalid(what, " must not be empty");
  bool bad_edge = std::isspace(static_cast<unsigned char>(name.front())) ||
                  std::isspace(static_cast<unsigned char>(name.back()));
  bool bad_char = std::any_of(name.begin(), name.end(), [](char c) {
    return c == '/' || c == '\\' || std::iscntrl(static_cast<unsigned char>(c));
  });
  if (bad_edge || bad_char) {
    return ::arrow::Status::Invalid(
        what,
        " must not contain '/', '\\', control characters or leading/trailing "
        "white space: '",
        name, "'");
  }
  return ::arrow::Status::OK();
}

std::string TrimTrailingSlashes(std::string path) {
  while (path.size() > 1 && path.back() == '/') path.pop_back();
  return path;
}

}  // namespace

::arrow::Status TableCreateOptions::Validate() const {
  ARROW_RETURN_NOT_OK(ValidateName("table name", table_name));
  if (database_name && !database_name->empty()) {
    ARROW_RETURN_NOT_OK(ValidateName("database name", *database_name));
  }
  return ::arrow::Status::OK();
}

TableConfig TableCreateOptions::ToTableConfig() const {
  // The order of HoodieTableMetaClient.PropertyBuilder.build() in Hudi 0.15.
  TableConfig config(extra_properties);
  if (database_name) config.Set(TableConfig::kDatabaseName, *database_name);
  config.Set(TableConfig::kName, table_name);
  config.Set(TableConfig::kType, TableTypeName(table_type));
  config.Set(TableConfig::kVersion, std::to_string(TableConfig::kCurrentTableVersion));
  if (table_type == TableType::kMergeOnRead) {
    if (!payload_class.empty()) config.Set(TableConfig::kPayloadClass, payload_class);
    if (!record_merger_strategy.empty()) {
      config.Set(TableConfig::kRecordMergerStrategy, record_merger_strategy);
    }
  }
  if (!create_schema.empty()) config.Set(TableConfig::kCreateSchema, create_schema);
  config.Set(TableConfig::kArchiveFolder, archive_folder.empty()
                                              ? TableConfig::kDefaultArchiveFolder
                                              : archive_folder);
  if (!base_file_format.empty()) {
    config.Set(TableConfig::kBaseFileFormat, ToUpperAscii(base_file_format));
  }
  if (!precombine_field.empty())
    config.Set(TableConfig::kPrecombineField, precombine_field);
  if (partition_fields) {
    config.Set(TableConfig::kPartitionFields, JoinWithCommas(*partition_fields));
  }
  if (!record_key_fields.empty()) {
    config.Set(TableConfig::kRecordKeyFields, JoinWithCommas(record_key_fields));
  }
  if (cdc_enabled) config.Set(TableConfig::kCdcEnabled, BoolText(*cdc_enabled));
  if (populate_meta_fields) {
    config.Set(TableConfig::kPopulateMetaFields, BoolText(*populate_meta_fields));
  }
  if (!key_generator_class.empty()) {
    config.Set(TableConfig::kKeyGeneratorClass, key_generator_class);
  }
  if (hive_style_partitioning) {
    config.Set(TableConfig::kHiveStylePartitioning, BoolText(*hive_style_partitioning));
  }
  if (url_encode_partitioning) {
    config.Set(TableConfig::kUrlEncodePartitioning, BoolText(*url_encode_partitioning));
  }
  if (timeline_timezone) {
    config.Set(TableConfig::kTimelineTimezone, TimelineTimeZoneName(*timeline_timezone));
  }
  if (partition_metafile_use_base_format) {
    config.Set(TableConfig::kPartitionMetafileUseBaseFormat,
               BoolText(*partition_metafile_use_base_format));
  }
  if (drop_partition_columns) {
    config.Set(TableConfig::kDropPartitionColumns, BoolText(*drop_partition_columns));
  }
  return config;
}

::arrow::Status CheckSupportedTableVersion(int version, const std::string& properties_path) {
  if (version >= 0 && version <= TableConfig::kCurrentTableVersion) {
    return ::arrow::Status::OK();
  }
  if (version == 8 || version == 9) {
    return WithErrorCode(::arrow::Status::NotImplemented(
                             "table version ", version,
                             " (Hudi 1.x) is not supported yet; hoodie supports "
                             "version 6 (Hudi 0.14/0.15): hoodie.table.version in ",
                             properties_path),
                         ErrorCode::kUnsupportedTableVersion);
  }
  return WithErrorCode(::arrow::Status::Invalid(
                           "unknown table version ", version,
                           "; hoodie supports version 6 (Hudi 0.14/0.15): "
                           "hoodie.table.version in ",
                           properties_path),
                       ErrorCode::kUnsupportedTableVersion);
}

TableMetaClient::TableMetaClient(std::shared_ptr<Storage> storage, std::string base_path,
                                 std::shared_ptr<const TableConfig> config,
                                 int table_version, TableType table_type)
    : storage_(std::move(storage)),
      base_path_(std::move(base_path)),
      meta_path_(JoinPath(base_path_, kMetaFolder)),
      table_config_(std::move(config)),
      table_version_(table_version),
      table_type_(table_type) {}

::arrow::Result<std::shared_ptr<TableMetaClient>> TableMetaClient::Create(
    std::shared_ptr<Storage> storage, const std::string& base_path,
    const TableCreateOptions& options) {
  ARROW_RETURN_NOT_OK(options.Validate());
  const std::string base = TrimTrailingSlashes(base_path);
  const std::string meta = JoinPath(base, kMetaFolder);
  for (std::string_view name : {TableConfig::kPropertiesFile, TableConfig::kBackupFile}) {
    ARROW_ASSIGN_OR_RAISE(bool exists, storage->FileExists(JoinPath(meta, name)));
    if (exists) {
      return ::arrow::Status::AlreadyExists("a Hudi table already exists at ", base);
    }
  }
  TableConfig config = options.ToTableConfig();
  const std::string archive_folder = config.archive_folder();
  // Folders first, then hoodie.properties: its presence is what makes this a table.
  for (std::string_view folder :
       {std::string_view(), kSchemaFolder, std::string_view(archive_folder), kTempFolder,
        kAuxFolder, kBootstrapIndexByPartitionFolder, kBootstrapIndexByFileIdFolder}) {
    ARROW_RETURN_NOT_OK(storage->CreateDir(JoinPath(meta, folder)));
  }
  ARROW_ASSIGN_OR_RAISE(TableConfig written,
                         TableConfig::Create(storage.get(), meta, std::move(config)));
  ARROW_ASSIGN_OR_RAISE(TableType type, written.table_type());
  return std::make_shared<TableMetaClient>(
      std::move(storage), base, std::make_shared<const TableConfig>(std::move(written)),
      TableConfig::kCurrentTableVersion, type);
}

::arrow::Result<bool> TableMetaClient::Exists(Storage& storage, const std::string& base_path) {
  const std::string meta = JoinPath(TrimTrailingSlashes(base_path), kMetaFolder);
  // Every round of a streamer asks: answer from hoodie.properties (or its backup) first,
  // and list `.hoodie` only when neither is there.
  for (std::string_view name : {TableConfig::kPropertiesFile, TableConfig::kBackupFile}) {
    ARROW_ASSIGN_OR_RAISE(bool exists, storage.FileExists(JoinPath(meta, name)));
    if (exists) return true;
  }
  ARROW_ASSIGN_OR_RAISE(bool has_meta, storage.Exists(meta));
  if (!has_meta) return false;
  ARROW_ASSIGN_OR_RAISE(std::vector<FileStatus> entries, storage.List(meta, false));
  for (const FileStatus& entry : entries) {
    if (entry.is_directory) continue;
    // A name that starts like an instant but does not parse still marks a timeline.
    auto instant = Instant::FromFileName(FileName(entry.path));
    if (!instant.ok() || instant->has_value()) return true;
  }
  return false;
}

::arrow::Result<std::shared_ptr<TableMetaClient>> TableMetaClient::Load(
    std::shared_ptr<Storage> storage, const std::string& base_path) {
  const std::string base = TrimTrailingSlashes(base_path);
  const std::string meta = JoinPath(base, kMetaFolder);
  ARROW_ASSIGN_OR_RAISE(bool has_meta, storage->Exists(meta));
  if (!has_meta) {
    return WithErrorCode(
        ::arrow::Status::Invalid("not a Hudi table: ", base, " has no .hoodie folder"),
        ErrorCode::kNotATable);
  }
  auto client = std::make_shared<TableMetaClient>(std::move(storage), base, nullptr, 0,
                                                  TableType::kCopyOnWrite);
  ARROW_RETURN_NOT_OK(client->ReloadTableConfig());
  return client;
}

::arrow::Result<std::shared_ptr<TableMetaClient>> TableMetaClient::LoadIfExists(
    std::shared_ptr<Storage> storage, const std::string& base_path) {
  ARROW_ASSIGN_OR_RAISE(bool exists, Exists(*storage, base_path));
  if (!exists) return nullptr;
  return Load(std::move(storage), base_path);
}

std::string TableMetaClient::temp_path() const {
  return JoinPath(meta_path_, kTempFolder);
}

std::string TableMetaClient::marker_folder_path(std::string_view instant_time) const {
  return JoinPath(temp_path(), instant_time);
}

std::string TableMetaClient::aux_path() const { return JoinPath(meta_path_, kAuxFolder); }

std::string TableMetaClient::schema_path() const {
  return JoinPath(meta_path_, kSchemaFolder);
}

std::string TableMetaClient::archive_path() const {
  return JoinPath(meta_path_, table_config_->archive_folder());
}

std::string TableMetaClient::properties_path() const {
  return JoinPath(meta_path_, TableConfig::kPropertiesFile);
}

::arrow::Result<ActiveTimeline> TableMetaClient::LoadActiveTimeline() const {
  {
    std::lock_guard<std::mutex> lock(timeline_mutex_);
    if (timeline_ != nullptr && timeline_->IsCurrent()) return *timeline_;
  }
  return ReloadActiveTimeline();
}

::arrow::Result<ActiveTimeline> TableMetaClient::ReloadActiveTimeline() const {
  ARROW_ASSIGN_OR_RAISE(TimelineTimeZone zone, table_config_->timeline_timezone());
  ARROW_ASSIGN_OR_RAISE(ActiveTimeline listed, ActiveTimeline::Load(storage_, meta_path_, zone));
  std::lock_guard<std::mutex> lock(timeline_mutex_);
  timeline_ = std::make_shared<const ActiveTimeline>(listed);
  return listed;
}

::arrow::Status TableMetaClient::ReloadTableConfig() {
  ARROW_ASSIGN_OR_RAISE(TableConfig config,
                         TableConfig::Load(storage_.get(), meta_path_));
  return SetTableConfig(std::move(config));
}

::arrow::Status TableMetaClient::UpdateTableConfig(
    const PropertyList& updates, const std::vector<std::string>& deletes) {
  ARROW_ASSIGN_OR_RAISE(
      TableConfig config,
      TableConfig::Modify(storage_.get(), meta_path_, updates, deletes));
  return SetTableConfig(std::move(config));
}

::arrow::Status TableMetaClient::SetTableConfig(TableConfig config) {
  auto version = config.table_version();
  auto type = config.table_type();
  for (const ::arrow::Status& st : {version.status(), type.status()}) {
    if (!st.ok()) {
      return WithErrorCode(st.WithMessage(st.message(), ": ", properties_path()),
                           ErrorCode::kCorruptTableConfig);
    }
  }
  ARROW_RETURN_NOT_OK(CheckSupportedTableVersion(*version, properties_path()));
  table_version_ = *version;
  table_type_ = *type;
  table_config_ = std::make_shared<const TableConfig>(std::move(config));
  // The listing's instant times follow the timeline zone the config may have changed.
  std::lock_guard<std::mutex> lock(timeline_mutex_);
  timeline_.reset();
  return ::arrow::Status::OK();
}

}  // namespace hoodie
