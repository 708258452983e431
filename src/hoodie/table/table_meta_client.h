// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/table/table_meta_client.h
/// \brief TableMetaClient: creates and opens a Hudi table's .hoodie folder and holds its
/// paths and TableConfig (HoodieTableMetaClient in Java).
#pragma once

#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include <arrow/result.h>
#include <arrow/status.h>

#include "hoodie/config/java_properties.h"
#include "hoodie/table/commit_hooks.h"
#include "hoodie/table/table_listing.h"
#include "hoodie/table/table_config.h"
#include "hoodie/timeline/active_timeline.h"
#include "hoodie/visibility.h"

namespace hoodie {

class Storage;

/// \brief What a new table is created with; the fields map to the setters of Java's
/// HoodieTableMetaClient.PropertyBuilder. Unset optionals and empty strings are not
/// written (Hudi writes only what the builder was given, plus create's defaults).
struct HOODIE_EXPORT TableCreateOptions {
  std::string table_name;     ///< required; see Validate
  /// Unset = no hoodie.database.name; Spark's writer records an empty one when the write
  /// names no database.
  std::optional<std::string> database_name;
  TableType table_type = TableType::kCopyOnWrite;
  std::vector<std::string> record_key_fields;
  /// Partition fields, without CustomKeyGenerator's ":SIMPLE"/":TIMESTAMP" suffixes.
  /// Unset = no hoodie.table.partition.fields; empty = an empty one, as Spark's writer
  /// records for a non-partitioned table.
  std::optional<std::vector<std::string>> partition_fields;
  std::string precombine_field;
  std::string key_generator_class;
  std::optional<bool> hive_style_partitioning;
  std::optional<bool> url_encode_partitioning;
  std::optional<bool> drop_partition_columns;  ///< written as false when unset
  std::optional<bool> populate_meta_fields;
  std::optional<bool> partition_metafile_use_base_format;
  std::optional<bool> cdc_enabled;
  std::string base_file_format;  ///< e.g. "PARQUET"; upper-cased when written
  std::optional<TimelineTimeZone> timeline_timezone;
  std::string create_schema;  ///< Avro schema JSON
  /// MOR only (ignored for COW, as in Java); defaults to OverwriteWithLatestAvroPayload
  /// and the default merger strategy UUID.
  std::string payload_class;
  std::string record_merger_strategy;
  std::string archive_folder;  ///< empty = "archived"
  /// Any further hoodie.properties entries, written first (the builder's "others").
  PropertyList extra_properties;

  static TableCreateOptions Defaults() { return TableCreateOptions(); }

  /// Invalid when the table or database name is unusable: the table name must be
  /// non-empty; neither may contain '/', '\\', control characters or leading/trailing
  /// white space (they become folder and catalog names).
  ::arrow::Status Validate() const;

  /// The hoodie.properties entries PropertyBuilder.build() produces for these options,
  /// in its order (before HoodieTableConfig.create adds defaults and the checksum).
  TableConfig ToTableConfig() const;
};

/// \brief Entry point to a table's metadata: paths, storage and hoodie.properties.
///
/// Immutable after Load/Create except through UpdateTableConfig / ReloadTableConfig;
/// concurrent reads are safe, but calls that change the config must not run alongside
/// any other call on the same object.
class HOODIE_EXPORT TableMetaClient {
 public:
  static constexpr std::string_view kMetaFolder = ".hoodie";
  static constexpr std::string_view kTempFolder = ".temp";
  static constexpr std::string_view kAuxFolder = ".aux";
  static constexpr std::string_view kSchemaFolder = ".schema";
  static constexpr std::string_view kBootstrapIndexByPartitionFolder =
      ".aux/.bootstrap/.partitions";
  static constexpr std::string_view kBootstrapIndexByFileIdFolder =
      ".aux/.bootstrap/.fileids";

  /// Creates a table at `base_path` (HoodieTableMetaClient.initTableAndGetMetaClient):
  /// makes `.hoodie`, `.hoodie/.schema`, `.hoodie/<archive folder>`, `.hoodie/.temp`,
  /// `.hoodie/.aux`, `.hoodie/.aux/.bootstrap/.partitions`,
  /// `.hoodie/.aux/.bootstrap/.fileids` and writes hoodie.properties for a version-6
  /// table. Invalid for bad options; AlreadyExists when hoodie.properties (or its backup)
  /// already exists; IOError from storage.
  static ::arrow::Result<std::shared_ptr<TableMetaClient>> Create(
      std::shared_ptr<Storage> storage, const std::string& base_path,
      const TableCreateOptions& options);

  /// Whether a table exists at `base_path`: `.hoodie` holds hoodie.properties, its
  /// backup or a timeline instant. A creation cut short (folders made, hoodie.properties
  /// not yet published, perhaps a temp file of it left behind) holds none of them and is
  /// no table yet, so that Create finishes it, as Hudi 0.15's StreamSync re-initializes
  /// a base path whose properties are missing while its timeline is empty. With instants
  /// but no properties it is a damaged table, and Load says so.
  static ::arrow::Result<bool> Exists(Storage& storage, const std::string& base_path);

  /// Opens the table at `base_path`. Invalid with kNotATable when there is no `.hoodie`
  /// folder; kCorruptTableConfig when hoodie.properties and its backup are unusable or
  /// the table type or version is malformed;
  /// NotImplemented with kUnsupportedTableVersion for versions 8 and 9 (Hudi 1.x);
  /// Invalid with kUnsupportedTableVersion for any other version above 6 or below 0.
  /// Versions 0-5 open (Hudi 0.15 reads them and upgrades on write); see table_version().
  static ::arrow::Result<std::shared_ptr<TableMetaClient>> Load(
      std::shared_ptr<Storage> storage, const std::string& base_path);

  /// Load when Exists says there is a table, else null: a creation cut short is no
  /// table yet (Load would refuse its missing hoodie.properties), so callers that
  /// create tables on demand treat it as none.
  static ::arrow::Result<std::shared_ptr<TableMetaClient>> LoadIfExists(
      std::shared_ptr<Storage> storage, const std::string& base_path);

  const std::shared_ptr<Storage>& storage() const { return storage_; }
  /// Base path without a trailing '/'.
  const std::string& base_path() const { return base_path_; }
  /// `<base>/.hoodie`.
  const std::string& meta_path() const { return meta_path_; }
  /// `<base>/.hoodie/.temp`, the parent of per-instant marker folders.
  std::string temp_path() const;
  /// `<base>/.hoodie/.temp/<instant>`: the marker folder of one write.
  std::string marker_folder_path(std::string_view instant_time) const;
  /// `<base>/.hoodie/.aux`.
  std::string aux_path() const;
  /// `<base>/.hoodie/.schema`.
  std::string schema_path() const;
  /// `<base>/.hoodie/<hoodie.archivelog.folder>`.
  std::string archive_path() const;
  /// `<base>/.hoodie/hoodie.properties`.
  std::string properties_path() const;

  const std::shared_ptr<const TableConfig>& table_config() const { return table_config_; }
  int table_version() const { return table_version_; }
  TableType table_type() const { return table_type_; }

  /// The active timeline in `.hoodie/`, with instant times generated in the table's
  /// `hoodie.table.timeline.timezone` (HoodieTableMetaClient.getActiveTimeline): the
  /// last listing while no state file has changed in this process since, else a new
  /// one. The steps of one command (a write: its schema, the rollback of failed writes,
  /// the new instant, the services after the commit) so share a listing until one of
  /// them changes the timeline; each listing is a LIST request on an object store.
  /// Another process's changes since the last listing are not seen: a caller that
  /// must see them (a conflict check, a long-running loop) calls ReloadActiveTimeline.
  ::arrow::Result<ActiveTimeline> LoadActiveTimeline() const;
  /// Lists `.hoodie/` again whatever this process knows (reloadActiveTimeline).
  ::arrow::Result<ActiveTimeline> ReloadActiveTimeline() const;

  /// The hooks every instant of this table goes through (Transaction): lock, conflict
  /// check, metadata-table step, post-commit work. CommitHooks::Default() until
  /// SetCommitHooks.
  const std::shared_ptr<const CommitHooks>& commit_hooks() const { return commit_hooks_; }
  /// Sets the hooks of every later transaction on this table; not while one runs.
  void SetCommitHooks(std::shared_ptr<const CommitHooks> hooks) {
    commit_hooks_ = std::move(hooks);
  }

  /// Where file system views of this table learn its partitions and files
  /// (FileSystemViewOptions::listing unset): null until SetListingFactory, meaning its
  /// storage; the metadata table's `files` partition when it is on.
  const TableListingFactory& listing_factory() const { return listing_factory_; }
  void SetListingFactory(TableListingFactory factory) {
    listing_factory_ = std::move(factory);
  }

  /// Re-reads hoodie.properties (errors as in Load).
  ::arrow::Status ReloadTableConfig();
  /// Applies TableConfig::Modify (upserts then deletes) and keeps the result.
  ::arrow::Status UpdateTableConfig(const PropertyList& updates,
                                    const std::vector<std::string>& deletes);

  /// Use Create or Load.
  TableMetaClient(std::shared_ptr<Storage> storage, std::string base_path,
                  std::shared_ptr<const TableConfig> config, int table_version,
                  TableType table_type);

 private:
  ::arrow::Status SetTableConfig(TableConfig config);

  std::shared_ptr<Storage> storage_;
  std::string base_path_;
  std::string meta_path_;
  std::shared_ptr<const TableConfig> table_config_;
  int table_version_ = 0;
  TableType table_type_ = TableType::kCopyOnWrite;
  std::shared_ptr<const CommitHooks> commit_hooks_ = CommitHooks::Default();
  TableListingFactory listing_factory_;
  // The last listing of the active timeline (LoadActiveTimeline).
  mutable std::mutex timeline_mutex_;
  mutable std::shared_ptr<const ActiveTimeline> timeline_;
};

/// Checks the hoodie.table.version of a table: OK for 0-6 (what Hudi 0.15 reads);
/// NotImplemented + kUnsupportedTableVersion for 8 and 9; Invalid +
/// kUnsupportedTableVersion otherwise. Messages name the key and `properties_path`, the
/// hoodie.properties file it came from.
HOODIE_EXPORT
::arrow::Status CheckSupportedTableVersion(int version, const std::string& properties_path);

}  // namespace hoodie
