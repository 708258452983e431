// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/keygen/key_generator.h
/// \brief KeyGenerator: record keys and partition paths of whole Arrow batches, plus the
/// name -> factory registry that builds one from a HoodieConfig (Java KeyGenerator /
/// BaseKeyGenerator and HoodieAvroKeyGeneratorFactory).
#pragma once

#include <arrow/result.h>
#include <arrow/status.h>
#include <arrow/type_fwd.h>

#include "hoodie/common/plugin_registry.h"
#include "hoodie/config/config_default.h"
#include "hoodie/config/datasource_config.h"
#include "hoodie/visibility.h"

#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

namespace hoodie {

class HoodieConfig;
class TableConfig;

/// Why one record got no key (Java throws HoodieKeyException /
/// HoodieKeyGeneratorException for that record; we report it so a writer can count and
/// skip failed records).
struct HOODIE_EXPORT KeyError {
  int64_t row = 0;
  std::string message;
};

/// A KeyError message without the "row N: " prefixes the generators give it (the row
/// within the batch): for a caller that places the record itself, where the batch row
/// would only mislead. Parts joined by "; " lose their prefixes one by one.
HOODIE_EXPORT std::string WithoutBatchRow(const std::string& message);

/// The keys of one batch. Both arrays have the batch's length; an entry is null exactly
/// where `errors` names that row for that column.
struct HOODIE_EXPORT KeyColumns {
  std::shared_ptr<::arrow::StringArray> record_keys;
  std::shared_ptr<::arrow::StringArray> partition_paths;
  /// Sorted by row; a row may appear twice (record key and partition path failed).
  std::vector<KeyError> errors;
};

/// Settings every generator shares (KeyGeneratorOptions in Java).
struct HOODIE_EXPORT KeyGeneratorOptions {
  /// Record key fields in order; dotted names address struct children.
  std::vector<std::string> record_key_fields;
  /// Partition fields as configured (CustomKeyGenerator entries keep ":TYPE").
  std::vector<std::string> partition_path_fields;
  bool hive_style_partitioning = DefaultOf(DataSourceConfig::kHiveStylePartitioning);
  bool url_encode_partition_path = DefaultOf(DataSourceConfig::kPartitionPathUrlencode);

  static KeyGeneratorOptions Defaults() { return KeyGeneratorOptions(); }

  /// Reads hoodie.datasource.write.recordkey.field / partitionpath.field,
  /// hive_style_partitioning and partitionpath.urlencode. When the write keys are
  /// absent but the table keys of hoodie.properties are present
  /// (hoodie.table.recordkey.fields, hoodie.table.partition.fields,
  /// hoodie.table.keygenerator.class), those are used, and a missing
  /// hoodie.table.partition.fields means non-partitioned. Fields are split on ',' and
  /// trimmed; empty entries are dropped. Invalid when a value does not parse.
  static ::arrow::Result<KeyGeneratorOptions> FromConfig(const HoodieConfig& config);
};

/// \brief Computes record keys and partition paths for batches of records.
///
/// Implementations are immutable after Make, so Generate may run concurrently.
class HOODIE_EXPORT KeyGenerator {
 public:
  virtual ~KeyGenerator() = default;

  /// The keys of every row of `batch`. Per-record failures (null or empty record key,
  /// an unparsable timestamp) go to KeyColumns::errors. Invalid when a configured field
  /// is missing from the batch or has a type that cannot be a key.
  ::arrow::Result<KeyColumns> Generate(const ::arrow::RecordBatch& batch) const;

  /// The Hudi Java class this generator matches, e.g.
  /// "org.apache.hudi.keygen.SimpleKeyGenerator".
  virtual std::string_view java_class_name() const = 0;
  const KeyGeneratorOptions& options() const { return options_; }

  /// The partition columns a table created for this generator records in
  /// hoodie.table.partition.fields (Spark's SparkKeyGenUtils.getPartitionColumns): the
  /// configured partition fields, by default.
  virtual std::vector<std::string> PartitionColumns() const {
    return options_.partition_path_fields;
  }

  /// The further hoodie.properties entries a table created with `config` for this
  /// generator records (HoodieSparkSqlWriter keeps the timestamp-based generator's
  /// settings there); none by default.
  virtual std::vector<std::pair<std::string, std::string>> PersistedTableProperties(
      const HoodieConfig& config) const {
    (void)config;
    return {};
  }

 protected:
  explicit KeyGenerator(KeyGeneratorOptions options) : options_(std::move(options)) {}

  /// One entry per row; nullopt where `errors` got an entry for the row.
  using Column = std::vector<std::optional<std::string>>;
  virtual ::arrow::Result<Column> RecordKeys(const ::arrow::RecordBatch& batch,
                                             std::vector<KeyError>* errors) const = 0;
  virtual ::arrow::Result<Column> PartitionPaths(const ::arrow::RecordBatch& batch,
                                                 std::vector<KeyError>* errors) const = 0;

  /// The field whose value is a row's record key as it is, when the generator's keys are
  /// one field's values. Generate then takes a string column of that field whole, without
  /// building keys row by row, when none of its values is null or empty.
  virtual std::optional<std::string> RecordKeyField() const { return std::nullopt; }
  /// Likewise the field whose value is a row's partition path as it is (one field, no
  /// `field=` prefix, no encoding).
  virtual std::optional<std::string> PartitionPathField() const { return std::nullopt; }

  KeyGeneratorOptions options_;
};

/// \brief The key generators by name (common/plugin_registry.h): Java class names
/// (Spark's and Avro's), and the `hoodie.datasource.write.keygenerator.type` names.
class HOODIE_EXPORT KeyGeneratorRegistry
    : public PluginRegistry<KeyGenerator, const HoodieConfig&> {
 public:
  /// An empty registry of its own (tests, embedders); most callers use Global().
  KeyGeneratorRegistry() : PluginRegistry("key generator") {}

  /// The process-wide registry (empty until RegisterBuiltinKeyGenerators()).
  static KeyGeneratorRegistry* Global();
};

using KeyGeneratorFactory = KeyGeneratorRegistry::Factory;

/// Registers Simple, Complex, NonPartitioned, TimestampBased, Custom and GlobalDelete
/// under their type names (SIMPLE, COMPLEX, NON_PARTITION, TIMESTAMP, CUSTOM,
/// GLOBAL_DELETE) with the Spark and Avro Java class names as aliases. Idempotent and
/// thread-safe.
HOODIE_EXPORT void RegisterBuiltinKeyGenerators();

/// Builds the generator `config` asks for: hoodie.datasource.write.keygenerator.class,
/// else hoodie.table.keygenerator.class, else hoodie.datasource.write.keygenerator.type,
/// else SimpleKeyGenerator (Hudi's default). Registers the builtins first. Invalid for an
/// unknown name (listing the known ones) or unusable options.
HOODIE_EXPORT ::arrow::Result<std::unique_ptr<KeyGenerator>> MakeKeyGenerator(
    const HoodieConfig& config);

/// MakeKeyGenerator over the entries of a table's hoodie.properties, with `overrides`
/// (write options such as hoodie.keygen.timebased.timestamp.type, which Hudi 0.15 does
/// not persist) applied on top.
HOODIE_EXPORT ::arrow::Result<std::unique_ptr<KeyGenerator>> MakeKeyGenerator(
    const TableConfig& table_config, const HoodieConfig& overrides);

}  // namespace hoodie
