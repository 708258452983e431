// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/table/table_config.h
/// \brief TableConfig: the content of .hoodie/hoodie.properties, its checksum and the
/// backup protocol that updates it safely (HoodieTableConfig in Java).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <arrow/result.h>
#include <arrow/status.h>

#include "hoodie/common/enum_choice.h"
#include "hoodie/config/java_properties.h"
#include "hoodie/timeline/instant_time.h"
#include "hoodie/visibility.h"

namespace hoodie {

class Storage;

/// hoodie.table.type.
enum class TableType { kCopyOnWrite, kMergeOnRead };

/// The Java enum names of TableType (HoodieTableType), as hoodie.properties and
/// hoodie.datasource.write.table.type spell them.
inline constexpr EnumChoice<TableType> kTableTypeNames[] = {
    {"COPY_ON_WRITE", TableType::kCopyOnWrite},
    {"MERGE_ON_READ", TableType::kMergeOnRead},
};

/// "COPY_ON_WRITE" or "MERGE_ON_READ", the Java enum names stored in hoodie.properties.
HOODIE_EXPORT const char* TableTypeName(TableType type);
/// Parses hoodie.table.type's value (exact case, as HoodieTableType.valueOf).
/// \return Invalid naming the key, the value and the two names.
HOODIE_EXPORT ::arrow::Result<TableType> ParseTableType(std::string_view name);

/// \brief The ordered key/value content of hoodie.properties with typed accessors.
///
/// Entries keep file (insertion) order; Set on an existing key keeps its position. The
/// typed accessors apply Hudi's defaults (HoodieTableConfig ConfigProperty defaults and
/// alternatives). A value type; not synchronized.
class HOODIE_EXPORT TableConfig {
 public:
  static constexpr std::string_view kPropertiesFile = "hoodie.properties";
  static constexpr std::string_view kBackupFile = "hoodie.properties.backup";

  // Keys, spelled exactly as in HoodieTableConfig.
  static constexpr std::string_view kDatabaseName = "hoodie.database.name";
  static constexpr std::string_view kName = "hoodie.table.name";
  static constexpr std::string_view kType = "hoodie.table.type";
  static constexpr std::string_view kVersion = "hoodie.table.version";
  static constexpr std::string_view kPrecombineField = "hoodie.table.precombine.field";
  static constexpr std::string_view kPartitionFields = "hoodie.table.partition.fields";
  static constexpr std::string_view kRecordKeyFields = "hoodie.table.recordkey.fields";
  static constexpr std::string_view kCdcEnabled = "hoodie.table.cdc.enabled";
  static constexpr std::string_view kCdcSupplementalLoggingMode =
      "hoodie.table.cdc.supplemental.logging.mode";
  static constexpr std::string_view kCreateSchema = "hoodie.table.create.schema";
  static constexpr std::string_view kBaseFileFormat = "hoodie.table.base.file.format";
  static constexpr std::string_view kBaseFileFormatAlias = "hoodie.table.ro.file.format";
  static constexpr std::string_view kLogFileFormat = "hoodie.table.log.file.format";
  static constexpr std::string_view kLogFileFormatAlias = "hoodie.table.rt.file.format";
  static constexpr std::string_view kTimelineLayoutVersion =
      "hoodie.timeline.layout.version";
  static constexpr std::string_view kPayloadClass = "hoodie.compaction.payload.class";
  static constexpr std::string_view kRecordMergerStrategy =
      "hoodie.compaction.record.merger.strategy";
  static constexpr std::string_view kArchiveFolder = "hoodie.archivelog.folder";
  static constexpr std::string_view kBootstrapIndexEnable =
      "hoodie.bootstrap.index.enable";
  static constexpr std::string_view kBootstrapIndexClass = "hoodie.bootstrap.index.class";
  static constexpr std::string_view kBootstrapBasePath = "hoodie.bootstrap.base.path";
  static constexpr std::string_view kPopulateMetaFields = "hoodie.populate.meta.fields";
  static constexpr std::string_view kKeyGeneratorClass =
      "hoodie.table.keygenerator.class";
  static constexpr std::string_view kTimelineTimezone = "hoodie.table.timeline.timezone";
  static constexpr std::string_view kHiveStylePartitioning =
      "hoodie.datasource.write.hive_style_partitioning";
  static constexpr std::string_view kUrlEncodePartitioning =
      "hoodie.datasource.write.partitionpath.urlencode";
  static constexpr std::string_view kDropPartitionColumns =
      "hoodie.datasource.write.drop.partition.columns";
  static constexpr std::string_view kPartitionMetafileUseBaseFormat =
      "hoodie.partition.metafile.use.base.format";
  static constexpr std::string_view kMetadataPartitions =
      "hoodie.table.metadata.partitions";
  static constexpr std::string_view kMetadataPartitionsInflight =
      "hoodie.table.metadata.partitions.inflight";
  static constexpr std::string_view kChecksum = "hoodie.table.checksum";

  // Defaults Hudi 0.15 writes for a new table (HoodieTableConfig.create).
  static constexpr std::string_view kDefaultArchiveFolder = "archived";
  static constexpr std::string_view kDefaultPayloadClass =
      "org.apache.hudi.common.model.OverwriteWithLatestAvroPayload";
  static constexpr std::string_view kDefaultRecordMergerStrategy =
      "eeb8d96f-b1e4-49fd-bbf8-28ac514178e5";
  static constexpr std::string_view kCurrentTimelineLayoutVersion = "1";
  /// The table version this engine writes (Hudi 0.14/0.15).
  static constexpr int kCurrentTableVersion = 6;

  TableConfig() = default;
  explicit TableConfig(PropertyList entries);

  /// Parses hoodie.properties text (java.util.Properties.load). Does not check the
  /// checksum; see ValidateChecksum. Invalid on malformed escapes, naming `source`.
  static ::arrow::Result<TableConfig> Parse(std::string_view text,
                                            std::string_view source = "<input>");

  // -- generic access ---------------------------------------------------------------
  const PropertyList& entries() const { return entries_; }
  bool Contains(std::string_view key) const;
  /// The value of `key`, or nullopt when absent.
  std::optional<std::string> Get(std::string_view key) const;
  /// The value of `key`, or `default_value` when absent.
  std::string GetOr(std::string_view key, std::string_view default_value) const;
  /// Upserts `key`; an existing key keeps its position.
  void Set(std::string_view key, std::string_view value);
  /// Sets `key` only if absent (Java HoodieConfig.setDefaultValue).
  void SetDefault(std::string_view key, std::string_view value);
  /// Removes `key`; returns whether it was present.
  bool Remove(std::string_view key);

  // -- typed accessors (Hudi defaults applied) ---------------------------------------
  /// hoodie.table.name; empty when absent.
  std::string name() const;
  /// hoodie.database.name; nullopt when absent (it has no default on purpose).
  std::optional<std::string> database_name() const;
  /// hoodie.table.type, default COPY_ON_WRITE; Invalid for an unknown name.
  ::arrow::Result<TableType> table_type() const;
  /// hoodie.table.version; 0 when absent (HoodieTableVersion ZERO); Invalid when not an
  /// integer.
  ::arrow::Result<int> table_version() const;
  /// hoodie.timeline.layout.version; nullopt when absent; Invalid when not an integer.
  ::arrow::Result<std::optional<int>> timeline_layout_version() const;
  /// hoodie.table.recordkey.fields split on ','; empty when absent.
  std::vector<std::string> record_key_fields() const;
  /// hoodie.table.partition.fields split on ',', empty entries dropped and any
  /// CustomKeyGenerator ":TYPE" suffix stripped; empty for a non-partitioned table.
  std::vector<std::string> partition_fields() const;
  std::optional<std::string> precombine_field() const;
  std::optional<std::string> key_generator_class() const;
  /// Base file format (alias hoodie.table.ro.file.format), default "PARQUET".
  std::string base_file_format() const;
  /// Log file format (alias hoodie.table.rt.file.format), default "HOODIE_LOG".
  std::string log_file_format() const;
  /// Booleans parse like Java Boolean.parseBoolean: "true" in any case, else false.
  bool populate_meta_fields() const;                ///< default true
  bool hive_style_partitioning() const;             ///< default false
  bool url_encode_partitioning() const;             ///< default false
  bool drop_partition_columns() const;              ///< default false
  bool partition_metafile_use_base_format() const;  ///< default false
  bool cdc_enabled() const;                         ///< default false
  /// hoodie.table.timeline.timezone, default LOCAL; Invalid for other names.
  ::arrow::Result<TimelineTimeZone> timeline_timezone() const;
  /// hoodie.archivelog.folder, default "archived" (also when set to empty).
  std::string archive_folder() const;
  /// hoodie.table.metadata.partitions (and .inflight) split on ','; empty when absent.
  std::vector<std::string> metadata_partitions() const;
  std::vector<std::string> metadata_partitions_inflight() const;
  std::optional<std::string> payload_class() const;
  std::optional<std::string> record_merger_strategy() const;
  std::optional<std::string> create_schema() const;
  std::optional<std::string> bootstrap_base_path() const;

  // -- checksum ---------------------------------------------------------------------
  /// CRC-32 (zlib) of the UTF-8 bytes "<database>.<table>" as an unsigned decimal,
  /// exactly HoodieTableConfig.generateChecksum; an empty database gives ".<table>".
  static std::string ComputeChecksum(std::string_view database, std::string_view table);
  /// The checksum this config's name and database call for.
  std::string ExpectedChecksum() const;
  /// OK when hoodie.table.checksum is absent (0.15 semantics) or matches; Invalid when
  /// the table name is missing, or the stored checksum is malformed or does not match.
  ::arrow::Status ValidateChecksum() const;
  /// True when the checksum key is present and matches.
  bool HasValidChecksum() const;

  // -- text form --------------------------------------------------------------------
  /// Renders the file as HoodieTableConfig.storeProperties does: with a valid checksum
  /// the entries are written as they are under "#Updated at <instant>"; otherwise the
  /// checksum is (re)computed, moved last, and the header is
  /// "#Properties saved on <instant>". The second line is the Java Date line.
  /// `instant_text` / `date_line` empty mean "now" (java.time.Instant / Date forms).
  /// Updates this config's checksum entry when it had to be computed.
  std::string Store(std::string_view instant_text = "", std::string_view date_line = "");

  // -- storage ----------------------------------------------------------------------
  /// Loads `<meta_path>/hoodie.properties` as HoodieTableConfig.fetchConfigs does: a
  /// file whose checksum is present and wrong, or that cannot be read or parsed, is
  /// skipped for `hoodie.properties.backup`. A file without a checksum (written before
  /// 0.10) is accepted unless a valid backup exists, because a backup beside it means an
  /// update was interrupted while writing it. Invalid with kCorruptTableConfig naming
  /// both paths when neither file is usable. Does not retry (Java retries 5 x 1 s).
  static ::arrow::Result<TableConfig> Load(Storage* storage,
                                           const std::string& meta_path);

  /// Writes a new hoodie.properties under `meta_path` (HoodieTableConfig.create): name
  /// required (Invalid), fills the defaults of create (type, MOR payload class and
  /// merger strategy, archive folder, timeline layout 1, drop partition columns false),
  /// then stores it with a fresh checksum. Created atomically; AlreadyExists if present.
  /// Returns the config as written.
  static ::arrow::Result<TableConfig> Create(Storage* storage,
                                             const std::string& meta_path,
                                             TableConfig config);

  /// Crash recovery (HoodieTableConfig.recover / ConfigUtils.recoverIfNeeded): when
  /// hoodie.properties is missing or invalid and a valid backup exists, the backup
  /// replaces it; then the backup is deleted once hoodie.properties is usable. Invalid
  /// with kCorruptTableConfig (deleting nothing) when no usable file remains.
  static ::arrow::Status Recover(Storage* storage, const std::string& meta_path);

  /// Safe update following the backup protocol (format spec section 2.4): recover;
  /// read; write the backup; delete hoodie.properties; apply `updates` (upsert) and
  /// `deletes`; write hoodie.properties with a recomputed checksum; re-read and verify
  /// the checksum (IOError, leaving the backup for readers, on mismatch); delete the
  /// backup. Each file written is synced before the step that depends on it. Returns
  /// the config now stored. Not safe against concurrent modifiers.
  static ::arrow::Result<TableConfig> Modify(Storage* storage,
                                             const std::string& meta_path,
                                             const PropertyList& updates,
                                             const std::vector<std::string>& deletes);

 private:
  PropertyList entries_;
};

/// java.time.Instant.now().toString(): "2024-04-18T22:32:13.522Z" (fraction in 0, 3 or 6
/// digits as needed).
HOODIE_EXPORT std::string JavaInstantNow();

}  // namespace hoodie
