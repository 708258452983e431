// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/table/table_config_io.cc
/// \brief Loading, creating and safely updating hoodie.properties on storage.
#include <string>
#include <utility>

#include "hoodie/common/error.h"
#include "hoodie/common/logging.h"
#include "hoodie/common/macros.h"
#include "hoodie/storage/path.h"
#include "hoodie/storage/storage.h"
#include "hoodie/table/table_config.h"

namespace hoodie {
namespace {

// What reading one of the two candidate files gave.
struct Candidate {
  std::string path;
  bool exists = false;
  std::string text;                     // raw bytes, when read
  ::arrow::Result<TableConfig> config;  // parsed and checksum-validated, or why not
  bool has_checksum = false;            // set when `config` is OK

  bool usable() const { return config.ok(); }
  bool strictly_valid() const { return config.ok() && has_checksum; }
  std::string Describe() const {
    if (!exists) return path + " is missing";
    if (!config.ok()) return path + ": " + config.status().message();
    return path + " is usable";
  }
};

::arrow::Result<TableConfig> ParseAndValidate(const std::string& text,
                                              const std::string& path) {
  ARROW_ASSIGN_OR_RAISE(TableConfig config, TableConfig::Parse(text, path));
  if (!config.Contains(TableConfig::kName)) {
    // generateChecksum throws for a file without the table name, so Java treats such a
    // file (typically empty or cut short) as invalid.
    return ::arrow::Status::Invalid("no ", TableConfig::kName);
  }
  ARROW_RETURN_NOT_OK(config.ValidateChecksum());
  return config;
}

// Reads and validates `path`; storage errors other than "missing" are kept in `config`
// so the caller can fall back to the other file as Java does on IOException.
Candidate ReadCandidate(Storage* storage, const std::string& path) {
  Candidate candidate{path, false, "", ::arrow::Status::Invalid("not read"), false};
  // Read first and ask whether the file exists only when the read fails: the file is
  // usually there, and on an object store the read's own open is the status request.
  auto text = storage->ReadAll(path);
  if (!text.ok()) {
    auto exists = storage->FileExists(path);
    candidate.exists = !exists.ok() || *exists;
    candidate.config = exists.ok() ? text.status() : exists.status();
    return candidate;
  }
  candidate.exists = true;
  candidate.text = std::move(*text);
  candidate.config = ParseAndValidate(candidate.text, path);
  if (candidate.config.ok()) {
    candidate.has_checksum = candidate.config->Contains(TableConfig::kChecksum);
  }
  return candidate;
}

::arrow::Status NoUsableConfig(const Candidate& primary, const Candidate& backup) {
  return WithErrorCode(
      ::arrow::Status::Invalid(
          "no usable hoodie.properties: ", primary.Describe(), "; ", backup.Describe(),
          !primary.exists && !backup.exists
              ? "; restore hoodie.properties from a copy of the table and retry (a "
                "writer re-creates it only while the timeline holds no instant)"
              : ""),
      ErrorCode::kCorruptTableConfig);
}

std::string PrimaryPath(const std::string& meta_path) {
  return JoinPath(meta_path, TableConfig::kPropertiesFile);
}

std::string BackupPath(const std::string& meta_path) {
  return JoinPath(meta_path, TableConfig::kBackupFile);
}

// Hadoop's LocalFileSystem, which Spark uses for file:// tables, is a ChecksumFileSystem:
// it writes a CRC sidecar ".<name>.crc" beside every file and verifies it on each read,
// and its delete removes both. A hoodie.properties rewritten next to Spark's stale
// sidecar fails that check in Hudi ("Could not load Hoodie properties"), so deleting
// either file deletes its sidecar too, as Hadoop does.
::arrow::Status DeleteWithChecksumSidecar(Storage* storage, const std::string& path) {
  ARROW_RETURN_NOT_OK(storage->DeleteFile(path));
  const std::string sidecar =
      JoinPath(ParentPath(path), "." + std::string(FileName(path)) + ".crc");
  ARROW_ASSIGN_OR_RAISE(bool exists, storage->FileExists(sidecar));
  if (exists) ARROW_RETURN_NOT_OK(storage->DeleteFile(sidecar));
  return ::arrow::Status::OK();
}

}  // namespace

::arrow::Result<TableConfig> TableConfig::Load(Storage* storage,
                                               const std::string& meta_path) {
  Candidate primary = ReadCandidate(storage, PrimaryPath(meta_path));
  if (primary.strictly_valid()) return std::move(primary.config).ValueUnsafe();
  Candidate backup = ReadCandidate(storage, BackupPath(meta_path));
  if (backup.usable()) {
    LogWarning("using " + backup.path + " because " + primary.Describe() +
               (primary.usable() ? " but has no checksum" : ""));
    return std::move(backup.config).ValueUnsafe();
  }
  if (primary.usable()) return std::move(primary.config).ValueUnsafe();
  return NoUsableConfig(primary, backup);
}

::arrow::Result<TableConfig> TableConfig::Create(Storage* storage,
                                                 const std::string& meta_path,
                                                 TableConfig config) {
  if (config.name().empty()) {
    return ::arrow::Status::Invalid(kName, " property needs to be specified");
  }
  // The defaults HoodieTableConfig.create fills in, in its order.
  config.SetDefault(kType, TableTypeName(TableType::kCopyOnWrite));
  ARROW_ASSIGN_OR_RAISE(TableType type, config.table_type());
  if (type == TableType::kMergeOnRead) {
    config.SetDefault(kPayloadClass, kDefaultPayloadClass);
    config.SetDefault(kRecordMergerStrategy, kDefaultRecordMergerStrategy);
  }
  config.SetDefault(kArchiveFolder, kDefaultArchiveFolder);
  config.SetDefault(kTimelineLayoutVersion, kCurrentTimelineLayoutVersion);
  if (config.Contains(kBootstrapBasePath)) {
    // BootstrapIndexType.getDefaultBootstrapIndexClassName: HFile unless disabled.
    bool enabled = config.GetOr(kBootstrapIndexEnable, "true") != "false";
    config.SetDefault(kBootstrapIndexClass,
                      enabled
                          ? "org.apache.hudi.common.bootstrap.index.HFileBootstrapIndex"
                          : "org.apache.hudi.common.bootstrap.index.NoOpBootstrapIndex");
  }
  config.SetDefault(kDropPartitionColumns, "false");
  ARROW_RETURN_NOT_OK(storage->CreateDir(meta_path));
  std::string text = config.Store();
  ARROW_RETURN_NOT_OK(storage->CreateImmutable(PrimaryPath(meta_path), text));
  return config;
}

::arrow::Status TableConfig::Recover(Storage* storage, const std::string& meta_path) {
  Candidate primary = ReadCandidate(storage, PrimaryPath(meta_path));
  Candidate backup = ReadCandidate(storage, BackupPath(meta_path));
  if (!primary.strictly_valid() && backup.usable()) {
    // The backup holds the last good state; an invalid or checksum-less primary next to
    // it is a half-written file from an interrupted update.
    LogWarning("restoring " + primary.path + " from " + backup.path + " because " +
               primary.Describe());
    if (primary.exists) {
      ARROW_RETURN_NOT_OK(DeleteWithChecksumSidecar(storage, primary.path));
    }
    ARROW_RETURN_NOT_OK(
        storage->WriteAll(primary.path, backup.text, /*overwrite=*/false));
    ARROW_RETURN_NOT_OK(storage->Sync(primary.path));
  } else if (!primary.usable()) {
    // Nothing good to restore from: keep both files for a human to inspect.
    return NoUsableConfig(primary, backup);
  }
  if (backup.exists)
    ARROW_RETURN_NOT_OK(DeleteWithChecksumSidecar(storage, backup.path));
  return ::arrow::Status::OK();
}

::arrow::Result<TableConfig> TableConfig::Modify(
    Storage* storage, const std::string& meta_path, const PropertyList& updates,
    const std::vector<std::string>& deletes) {
  const std::string primary_path = PrimaryPath(meta_path);
  const std::string backup_path = BackupPath(meta_path);
  // 1. Recover from an earlier interrupted attempt. 2. Read the current config.
  ARROW_RETURN_NOT_OK(Recover(storage, meta_path));
  ARROW_ASSIGN_OR_RAISE(TableConfig config, Load(storage, meta_path));
  // 3. Back up the current properties (create, no overwrite).
  ARROW_RETURN_NOT_OK(
      storage->WriteAll(backup_path, config.Store(), /*overwrite=*/false));
  // The backup must be durable before the only other copy is deleted.
  ARROW_RETURN_NOT_OK(storage->Sync(backup_path));
  // 4. Delete hoodie.properties: from now on readers fall back to the backup.
  ARROW_RETURN_NOT_OK(DeleteWithChecksumSidecar(storage, primary_path));
  // 5. Apply the change and write hoodie.properties again.
  for (const auto& [key, value] : updates) config.Set(key, value);
  for (const auto& key : deletes) config.Remove(key);
  std::string text = config.Store();
  const std::string checksum = config.GetOr(kChecksum, "");
  ARROW_RETURN_NOT_OK(storage->WriteAll(primary_path, text, /*overwrite=*/true));
  ARROW_RETURN_NOT_OK(storage->Sync(primary_path));
  // 6. Re-read and verify; on mismatch drop the new file so readers keep the backup.
  ARROW_ASSIGN_OR_RAISE(std::string written, storage->ReadAll(primary_path));
  auto reread = TableConfig::Parse(written, primary_path);
  if (!reread.ok() || reread->GetOr(kChecksum, "") != checksum) {
    HOODIE_WARN_NOT_OK(DeleteWithChecksumSidecar(storage, primary_path),
                       "deleting unverified " + primary_path);
    return WithErrorCode(
        ::arrow::Status::IOError("hoodie.properties checksum missing or does not match "
                                 "after update; readers keep using ",
                                 backup_path),
        ErrorCode::kCorruptTableConfig);
  }
  // 7. Delete the backup.
  ARROW_RETURN_NOT_OK(DeleteWithChecksumSidecar(storage, backup_path));
  return config;
}

}  // namespace hoodie
