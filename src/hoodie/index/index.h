// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/index/index.h
/// \brief Index interface: tags incoming record keys with the file group holding them
/// (Java org.apache.hudi.index.HoodieIndex), plus the name -> factory registry.
#pragma once

#include <cstdint>
#include <initializer_list>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include <arrow/result.h>
#include <arrow/status.h>

#include "hoodie/common/plugin_registry.h"
#include "hoodie/visibility.h"

namespace hoodie {

class FileSystemView;
class HoodieConfig;
class TableMetaClient;

/// \brief Record key plus partition path (Java HoodieKey).
struct HOODIE_EXPORT HoodieKey {
  std::string record_key;
  std::string partition_path;  ///< relative, "" for a non-partitioned table

  auto operator<=>(const HoodieKey&) const = default;
};

/// \brief A HoodieKey whose strings live elsewhere (the staged records of a write), so
/// tagging millions of keys copies none of them.
struct HOODIE_EXPORT HoodieKeyView {
  std::string_view record_key;
  std::string_view partition_path;

  HoodieKeyView() = default;
  HoodieKeyView(std::string_view key, std::string_view partition)
      : record_key(key), partition_path(partition) {}
  HoodieKeyView(const HoodieKey& key)  // NOLINT(google-explicit-constructor)
      : record_key(key.record_key), partition_path(key.partition_path) {}
};

/// \brief The keys a write tags, by position, made on demand from the caller's own
/// records: a write tags every one of its records, and a vector of views beside them
/// would cost 32 bytes a record at the write's peak.
class HOODIE_EXPORT KeyViews {
 public:
  /// The key at position `i` of `context`.
  using At = HoodieKeyView (*)(const void* context, size_t i);

  KeyViews(const void* context, size_t size, At at)
      : context_(context), size_(size), at_(at) {}
  /// The keys of `keys`, which must outlive this object.
  KeyViews(const std::vector<HoodieKeyView>& keys)  // NOLINT(google-explicit-constructor)
      : KeyViews(&keys, keys.size(), [](const void* context, size_t i) {
          return (*static_cast<const std::vector<HoodieKeyView>*>(context))[i];
        }) {}

  size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  HoodieKeyView operator[](size_t i) const { return at_(context_, i); }

  class Iterator {
   public:
    Iterator(const KeyViews* keys, size_t i) : keys_(keys), i_(i) {}
    HoodieKeyView operator*() const { return (*keys_)[i_]; }
    Iterator& operator++() {
      ++i_;
      return *this;
    }
    bool operator==(const Iterator& other) const { return i_ == other.i_; }

   private:
    const KeyViews* keys_;
    size_t i_;
  };
  Iterator begin() const { return Iterator(this, 0); }
  Iterator end() const { return Iterator(this, size_); }

 private:
  const void* context_;
  size_t size_;
  At at_;
};

/// \brief Where the latest committed snapshot holds a record (Java HoodieRecordLocation
/// plus the partition of the file group).
///
/// For a global index the partition may differ from the incoming key's partition:
/// - `move_to_new_partition == false`: the record is an update of the file group at
///   (`partition_path`, `file_id`); the writer writes it there with its partition path
///   replaced by `partition_path` (HoodieIndexUtils.mergeForPartitionUpdates with
///   `*.update.partition.path=false`).
/// - `move_to_new_partition == true`: the writer deletes the key from (`partition_path`,
///   `file_id`) and inserts the record as new in the incoming key's partition
///   (`*.update.partition.path=true`).
/// Non-global indexes only ever return locations in the key's own partition.
struct HOODIE_EXPORT RecordLocation {
  std::string partition_path;
  std::string file_id;
  std::string instant_time;  ///< commit time of the base file holding the key
  bool move_to_new_partition = false;

  bool operator==(const RecordLocation&) const = default;
};

/// \brief One tag per incoming key, in input order; none means "insert".
///
/// Keys of one file group share one stored location, so a tag costs four bytes: a write
/// tags every one of its records, and a vector of optional locations (three strings
/// each) made tagging millions of new records cost gigabytes.
class HOODIE_EXPORT TaggedLocations {
 public:
  TaggedLocations() = default;
  /// `count` keys, none tagged.
  explicit TaggedLocations(size_t count) : tags_(count, kNone) {}
  TaggedLocations(std::initializer_list<std::optional<RecordLocation>> tags);

  size_t size() const { return tags_.size(); }
  bool empty() const { return tags_.empty(); }
  void reserve(size_t count) { tags_.reserve(count); }
  /// The location of key `i`, or nullptr when it is new.
  const RecordLocation* operator[](size_t i) const {
    return tags_[i] == kNone ? nullptr : &locations_[static_cast<size_t>(tags_[i])];
  }
  void push_back(const std::optional<RecordLocation>& location);
  /// An id for `location` that PushId takes, the same for equal locations.
  int32_t Intern(const RecordLocation& location);
  /// Appends a tag by Intern's id, or none for -1.
  void PushId(int32_t id) { tags_.push_back(id); }

  bool operator==(const TaggedLocations& other) const;

 private:
  static constexpr int32_t kNone = -1;
  std::vector<RecordLocation> locations_;
  std::vector<int32_t> tags_;
  // Intern's lookup: the id of each location by its fields joined.
  std::unordered_map<std::string, int32_t> ids_;
};

/// \brief Looks up where incoming keys live in a table (Java HoodieIndex).
///
/// File-based indexes (BLOOM, GLOBAL_BLOOM, SIMPLE, GLOBAL_SIMPLE) read only the latest
/// committed base files of `view` and keep no state. Implementations are thread-safe:
/// TagLocation and UpdateLocation may be called concurrently.
class HOODIE_EXPORT Index {
 public:
  virtual ~Index() = default;

  /// For each key of `keys` (duplicates allowed), the location of the record in the
  /// latest committed snapshot of `table` as `view` shows it, or nullopt when it is new.
  /// \return IOError from storage; Invalid for corrupt base files.
  virtual ::arrow::Result<TaggedLocations> TagLocation(
      const KeyViews& keys, const TableMetaClient& table,
      const FileSystemView& view) const = 0;
  /// TagLocation of the keys of a vector.
  ::arrow::Result<TaggedLocations> TagLocation(const std::vector<HoodieKeyView>& keys,
                                               const TableMetaClient& table,
                                               const FileSystemView& view) const {
    return TagLocation(KeyViews(keys), table, view);
  }

  /// Tells the index where a write put `keys` (nullopt: the key was deleted). File-based
  /// indexes ignore it (Java isImplicitWithStorage); INMEMORY records it.
  /// \return Invalid when the two vectors differ in length.
  virtual ::arrow::Status UpdateLocation(const std::vector<HoodieKey>& keys,
                                         const TaggedLocations& locations);

  /// True when a record key is unique across partitions (Java isGlobal).
  virtual bool IsGlobal() const = 0;
  /// True when the index can find records that live only in log files, so MOR inserts may
  /// go to log files (Java canIndexLogFiles).
  virtual bool CanIndexLogFiles() const = 0;
  /// True when the index reads record locations from the table's files, so a write need
  /// not tell it where records went (Java isImplicitWithStorage). False for indexes that
  /// keep state (INMEMORY, most user indexes): every write calls UpdateLocation.
  virtual bool IsImplicitWithStorage() const { return false; }
  /// The registered type name, e.g. "BLOOM".
  virtual std::string_view name() const = 0;
};

/// \brief The indexes by name (common/plugin_registry.h): `hoodie.index.type` values and
/// Java class names (aliases), for `hoodie.index.class` too.
class HOODIE_EXPORT IndexRegistry : public PluginRegistry<Index, const HoodieConfig&> {
 public:
  /// An empty registry of its own (tests, embedders); most callers use Global().
  IndexRegistry() : PluginRegistry("index") {}

  /// The process-wide registry (empty until RegisterBuiltinIndexes()).
  static IndexRegistry* Global();
};

using IndexFactory = IndexRegistry::Factory;

/// Registers BLOOM, GLOBAL_BLOOM, SIMPLE, GLOBAL_SIMPLE and INMEMORY with their Java
/// class names as aliases. Idempotent and thread-safe.
HOODIE_EXPORT void RegisterBuiltinIndexes();

/// Builds the index `config` asks for: `hoodie.index.class` when set (a name registered
/// in IndexRegistry::Global()), else `hoodie.index.type` (default BLOOM). Registers the
/// builtins first. NotImplemented for HBASE, BUCKET, RECORD_INDEX and FLINK_STATE, naming
/// the supported types; Invalid for unknown names or bad index options.
HOODIE_EXPORT
::arrow::Result<std::unique_ptr<Index>> MakeIndex(const HoodieConfig& config);

}  // namespace hoodie
