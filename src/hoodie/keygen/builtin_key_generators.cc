// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/keygen/builtin_key_generators.cc
/// \brief Simple, Complex, NonPartitioned, GlobalDelete, TimestampBased and Custom key
/// generators (the Avro key generators of hudi-client-common, Hudi 0.15 semantics) and
/// their registration.
#include <arrow/api.h>

#include <algorithm>
#include <mutex>

#include "hoodie/common/enum_choice.h"
#include "hoodie/common/macros.h"
#include "hoodie/config/hoodie_config.h"
#include "hoodie/config/keygen_config.h"
#include "hoodie/keygen/key_generator.h"
#include "hoodie/keygen/key_generator_internal.h"

namespace hoodie {

namespace {

using internal::KeyColumn;

constexpr std::string_view kPackage = "org.apache.hudi.keygen.";

::arrow::Result<KeyGeneratorOptions> CommonOptions(const HoodieConfig& config) {
  ARROW_ASSIGN_OR_RAISE(bool consistent,
                        config.Get(KeyGeneratorConfig::kConsistentLogicalTimestamp));
  if (consistent) {
    // java.sql.Timestamp.toString renders in the JVM's default zone, which a native
    // engine cannot know; refuse rather than write keys Hudi would not.
    return ::arrow::Status::Invalid(
        "hoodie.datasource.write.keygenerator.consistent.logical.timestamp.enabled=true "
        "is not supported: the key text depends on the JVM default time zone");
  }
  return KeyGeneratorOptions::FromConfig(config);
}

::arrow::Status RequireExactlyOne(const std::vector<std::string>& fields,
                                  std::string_view what, std::string_view generator,
                                  std::string_view hint) {
  if (fields.size() == 1) return ::arrow::Status::OK();
  return ::arrow::Status::Invalid(generator, " expects exactly one ", what,
                                  " field, got ", fields.size(), hint);
}

KeyColumn EmptyPaths(const ::arrow::RecordBatch& batch) {
  return KeyColumn(batch.num_rows(), std::string());
}

// The record key field of generators whose keys follow ComplexRecordKeys: with one
// field, its value is the key.
std::optional<std::string> OneKeyField(const KeyGeneratorOptions& options) {
  if (options.record_key_fields.size() != 1) return std::nullopt;
  return options.record_key_fields[0];
}

// The partition field whose value is the path as it is: one field, neither hive-style
// nor URL-encoded.
std::optional<std::string> OneFieldAsIs(const KeyGeneratorOptions& options) {
  if (options.partition_path_fields.size() != 1 || options.hive_style_partitioning ||
      options.url_encode_partition_path) {
    return std::nullopt;
  }
  return options.partition_path_fields[0];
}

/// SimpleKeyGenerator / SimpleAvroKeyGenerator: one key field, one partition field.
class SimpleKeyGenerator : public KeyGenerator {
 public:
  static ::arrow::Result<std::unique_ptr<KeyGenerator>> Make(const HoodieConfig& config) {
    ARROW_ASSIGN_OR_RAISE(auto options, CommonOptions(config));
    constexpr std::string_view kName = "SimpleKeyGenerator";
    ARROW_RETURN_NOT_OK(RequireExactlyOne(options.record_key_fields, "record key", kName,
                                          " (use ComplexKeyGenerator for several)"));
    ARROW_RETURN_NOT_OK(RequireExactlyOne(
        options.partition_path_fields, "partition path", kName,
        " (use NonpartitionedKeyGenerator for none, ComplexKeyGenerator for several)"));
    return std::unique_ptr<KeyGenerator>(new SimpleKeyGenerator(std::move(options)));
  }
  std::string_view java_class_name() const override {
    return "org.apache.hudi.keygen.SimpleKeyGenerator";
  }

 protected:
  using KeyGenerator::KeyGenerator;
  ::arrow::Result<Column> RecordKeys(const ::arrow::RecordBatch& batch,
                                     std::vector<KeyError>* errors) const override {
    return internal::SingleFieldRecordKeys(batch, options_.record_key_fields[0], errors);
  }
  ::arrow::Result<Column> PartitionPaths(const ::arrow::RecordBatch& batch,
                                         std::vector<KeyError>*) const override {
    return internal::SingleFieldPartitionPaths(batch, options_.partition_path_fields[0],
                                               options_.hive_style_partitioning,
                                               options_.url_encode_partition_path);
  }
  std::optional<std::string> RecordKeyField() const override {
    return options_.record_key_fields[0];
  }
  std::optional<std::string> PartitionPathField() const override {
    return OneFieldAsIs(options_);
  }
};

/// ComplexKeyGenerator / ComplexAvroKeyGenerator.
class ComplexKeyGenerator : public KeyGenerator {
 public:
  static ::arrow::Result<std::unique_ptr<KeyGenerator>> Make(const HoodieConfig& config) {
    ARROW_ASSIGN_OR_RAISE(auto options, CommonOptions(config));
    ARROW_RETURN_NOT_OK(internal::RequireRecordKeyFields(options, "ComplexKeyGenerator"));
    return std::unique_ptr<KeyGenerator>(new ComplexKeyGenerator(std::move(options)));
  }
  std::string_view java_class_name() const override {
    return "org.apache.hudi.keygen.ComplexKeyGenerator";
  }

 protected:
  using KeyGenerator::KeyGenerator;
  ::arrow::Result<Column> RecordKeys(const ::arrow::RecordBatch& batch,
                                     std::vector<KeyError>* errors) const override {
    return internal::ComplexRecordKeys(batch, options_.record_key_fields, errors);
  }
  ::arrow::Result<Column> PartitionPaths(const ::arrow::RecordBatch& batch,
                                         std::vector<KeyError>*) const override {
    return internal::MultiFieldPartitionPaths(batch, options_.partition_path_fields,
                                              options_.hive_style_partitioning,
                                              options_.url_encode_partition_path);
  }
  std::optional<std::string> RecordKeyField() const override {
    return OneKeyField(options_);
  }
  std::optional<std::string> PartitionPathField() const override {
    return OneFieldAsIs(options_);
  }
};

/// The generators whose partition path is always "": Java clears their partition
/// fields (NonpartitionedAvroKeyGenerator, GlobalAvroDeleteKeyGenerator).
class UnpartitionedKeyGenerator : public KeyGenerator {
 protected:
  using KeyGenerator::KeyGenerator;

  /// The options of `generator`: record key fields required, partition fields cleared.
  static ::arrow::Result<KeyGeneratorOptions> UnpartitionedOptions(
      const HoodieConfig& config, std::string_view generator) {
    ARROW_ASSIGN_OR_RAISE(auto options, CommonOptions(config));
    ARROW_RETURN_NOT_OK(internal::RequireRecordKeyFields(options, generator));
    options.partition_path_fields.clear();
    return options;
  }

  ::arrow::Result<Column> PartitionPaths(const ::arrow::RecordBatch& batch,
                                         std::vector<KeyError>*) const override {
    return EmptyPaths(batch);
  }
};

/// NonpartitionedKeyGenerator / NonpartitionedAvroKeyGenerator: partition path "".
class NonpartitionedKeyGenerator : public UnpartitionedKeyGenerator {
 public:
  static ::arrow::Result<std::unique_ptr<KeyGenerator>> Make(const HoodieConfig& config) {
    ARROW_ASSIGN_OR_RAISE(auto options,
                          UnpartitionedOptions(config, "NonpartitionedKeyGenerator"));
    return std::unique_ptr<KeyGenerator>(
        new NonpartitionedKeyGenerator(std::move(options)));
  }
  std::string_view java_class_name() const override {
    return "org.apache.hudi.keygen.NonpartitionedKeyGenerator";
  }

 protected:
  using UnpartitionedKeyGenerator::UnpartitionedKeyGenerator;
  ::arrow::Result<Column> RecordKeys(const ::arrow::RecordBatch& batch,
                                     std::vector<KeyError>* errors) const override {
    return internal::ComplexRecordKeys(batch, options_.record_key_fields, errors);
  }
  std::optional<std::string> RecordKeyField() const override {
    return OneKeyField(options_);
  }
};

/// GlobalDeleteKeyGenerator / GlobalAvroDeleteKeyGenerator: always `f:v` keys, "" path.
class GlobalDeleteKeyGenerator : public UnpartitionedKeyGenerator {
 public:
  static ::arrow::Result<std::unique_ptr<KeyGenerator>> Make(const HoodieConfig& config) {
    ARROW_ASSIGN_OR_RAISE(auto options,
                          UnpartitionedOptions(config, "GlobalDeleteKeyGenerator"));
    return std::unique_ptr<KeyGenerator>(
        new GlobalDeleteKeyGenerator(std::move(options)));
  }
  std::string_view java_class_name() const override {
    return "org.apache.hudi.keygen.GlobalDeleteKeyGenerator";
  }

 protected:
  using UnpartitionedKeyGenerator::UnpartitionedKeyGenerator;
  ::arrow::Result<Column> RecordKeys(const ::arrow::RecordBatch& batch,
                                     std::vector<KeyError>* errors) const override {
    return internal::MultiFieldRecordKeys(batch, options_.record_key_fields, errors);
  }
};

/// TimestampBasedKeyGenerator / TimestampBasedAvroKeyGenerator: Simple's record key, the
/// partition value read as a time and formatted.
class TimestampBasedKeyGenerator : public KeyGenerator {
 public:
  static ::arrow::Result<std::unique_ptr<KeyGenerator>> Make(const HoodieConfig& config) {
    ARROW_ASSIGN_OR_RAISE(auto options, CommonOptions(config));
    constexpr std::string_view kName = "TimestampBasedKeyGenerator";
    ARROW_RETURN_NOT_OK(RequireExactlyOne(options.record_key_fields, "record key", kName,
                                          " (use CustomKeyGenerator for several)"));
    ARROW_RETURN_NOT_OK(RequireExactlyOne(options.partition_path_fields, "partition path",
                                          kName,
                                          " (use CustomKeyGenerator for several)"));
    ARROW_ASSIGN_OR_RAISE(auto partitioner, internal::TimestampPartitioner::Make(
                                                config, options.partition_path_fields[0],
                                                options.hive_style_partitioning,
                                                options.url_encode_partition_path));
    return std::unique_ptr<KeyGenerator>(
        new TimestampBasedKeyGenerator(std::move(options), std::move(partitioner)));
  }
  std::string_view java_class_name() const override {
    return "org.apache.hudi.keygen.TimestampBasedKeyGenerator";
  }
  // HoodieSparkSqlWriter keeps the settings of HoodieTableConfig.PERSISTED_CONFIG_LIST
  // that the write sets, under their canonical keys (an alias's value too). Hudi 0.15's list has no
  // hoodie.keygen.timebased.timestamp.type (Spark leaves it out of hoodie.properties).
  std::vector<std::pair<std::string, std::string>> PersistedTableProperties(
      const HoodieConfig& config) const override {
    std::vector<std::pair<std::string, std::string>> out;
    for (const ConfigProperty<std::string>* prop :
         {&KeyGeneratorConfig::kScalarTimeUnit, &KeyGeneratorConfig::kInputDateFormatListDelimiterRegex,
          &KeyGeneratorConfig::kInputDateFormat, &KeyGeneratorConfig::kInputTimezone,
          &KeyGeneratorConfig::kOutputDateFormat, &KeyGeneratorConfig::kOutputTimezone,
          &KeyGeneratorConfig::kTimezone, &KeyGeneratorConfig::kDateTimeParserClass}) {
      if (auto value = config.GetExplicit(*prop)) out.emplace_back(prop->key, *value);
    }
    return out;
  }

 protected:
  TimestampBasedKeyGenerator(KeyGeneratorOptions options,
                             std::unique_ptr<internal::TimestampPartitioner> partitioner)
      : KeyGenerator(std::move(options)), partitioner_(std::move(partitioner)) {}
  ::arrow::Result<Column> RecordKeys(const ::arrow::RecordBatch& batch,
                                     std::vector<KeyError>* errors) const override {
    return internal::SingleFieldRecordKeys(batch, options_.record_key_fields[0], errors);
  }
  ::arrow::Result<Column> PartitionPaths(const ::arrow::RecordBatch& batch,
                                         std::vector<KeyError>* errors) const override {
    return partitioner_->PartitionPaths(batch, errors);
  }
  std::optional<std::string> RecordKeyField() const override {
    return options_.record_key_fields[0];
  }

 private:
  std::unique_ptr<internal::TimestampPartitioner> partitioner_;
};

/// CustomKeyGenerator / CustomAvroKeyGenerator: partition fields `name:SIMPLE` or
/// `name:TIMESTAMP`, each rendered by that generator and joined by '/'.
class CustomKeyGenerator : public KeyGenerator {
 public:
  static ::arrow::Result<std::unique_ptr<KeyGenerator>> Make(const HoodieConfig& config) {
    ARROW_ASSIGN_OR_RAISE(auto options, CommonOptions(config));
    ARROW_RETURN_NOT_OK(internal::RequireRecordKeyFields(options, "CustomKeyGenerator"));
    std::vector<Component> components;
    for (const auto& entry : options.partition_path_fields) {
      ARROW_ASSIGN_OR_RAISE(auto component, ParseComponent(config, options, entry));
      components.push_back(std::move(component));
    }
    return std::unique_ptr<KeyGenerator>(
        new CustomKeyGenerator(std::move(options), std::move(components)));
  }
  std::string_view java_class_name() const override {
    return "org.apache.hudi.keygen.CustomKeyGenerator";
  }
  // "a:SIMPLE,b:TIMESTAMP" is recorded as "a,b".
  std::vector<std::string> PartitionColumns() const override {
    std::vector<std::string> out;
    for (const Component& component : components_) out.push_back(component.field);
    return out;
  }

 protected:
  enum class PartitionKeyType { kSimple, kTimestamp };
  static constexpr EnumChoice<PartitionKeyType> kPartitionKeyTypes[] = {
      {"SIMPLE", PartitionKeyType::kSimple}, {"TIMESTAMP", PartitionKeyType::kTimestamp}};

  struct Component {
    std::string field;
    std::unique_ptr<internal::TimestampPartitioner> timestamp;  // null for SIMPLE
  };

  CustomKeyGenerator(KeyGeneratorOptions options, std::vector<Component> components)
      : KeyGenerator(std::move(options)), components_(std::move(components)) {}

  static ::arrow::Result<Component> ParseComponent(const HoodieConfig& config,
                                                   const KeyGeneratorOptions& options,
                                                   const std::string& entry) {
    size_t colon = entry.find(':');
    if (colon == std::string::npos || entry.find(':', colon + 1) != std::string::npos) {
      return ::arrow::Status::Invalid(
          "CustomKeyGenerator: unable to find field names for partition path in proper "
          "format (expected field:SIMPLE or field:TIMESTAMP): '",
          entry, "'");
    }
    Component component{entry.substr(0, colon), nullptr};
    // CustomAvroKeyGenerator.PartitionKeyType.valueOf(type.toUpperCase()).
    auto type = ParseEnum("CustomKeyGenerator: partition key type",
                          entry.substr(colon + 1), kPartitionKeyTypes);
    if (!type.ok()) {
      return type.status().WithMessage(type.status().message(), " (in '", entry, "')");
    }
    if (*type == PartitionKeyType::kTimestamp) {
      ARROW_ASSIGN_OR_RAISE(component.timestamp,
                            internal::TimestampPartitioner::Make(
                                config, component.field, options.hive_style_partitioning,
                                options.url_encode_partition_path));
    }
    return component;
  }

  ::arrow::Result<Column> RecordKeys(const ::arrow::RecordBatch& batch,
                                     std::vector<KeyError>* errors) const override {
    return internal::ComplexRecordKeys(batch, options_.record_key_fields, errors);
  }
  std::optional<std::string> RecordKeyField() const override {
    return OneKeyField(options_);
  }

  ::arrow::Result<Column> PartitionPaths(const ::arrow::RecordBatch& batch,
                                         std::vector<KeyError>* errors) const override {
    Column out = EmptyPaths(batch);
    std::vector<bool> failed(batch.num_rows(), false);
    for (size_t i = 0; i < components_.size(); ++i) {
      const Component& component = components_[i];
      Column part;
      if (component.timestamp) {
        ARROW_ASSIGN_OR_RAISE(part, component.timestamp->PartitionPaths(batch, errors));
      } else {
        ARROW_ASSIGN_OR_RAISE(
            part, internal::SingleFieldPartitionPaths(
                      batch, component.field, options_.hive_style_partitioning,
                      options_.url_encode_partition_path));
      }
      for (int64_t row = 0; row < batch.num_rows(); ++row) {
        if (!part[row]) failed[row] = true;
        if (failed[row]) continue;
        if (i > 0) *out[row] += '/';
        *out[row] += *part[row];
      }
    }
    for (int64_t row = 0; row < batch.num_rows(); ++row) {
      if (failed[row]) out[row].reset();
    }
    return out;
  }

 private:
  std::vector<Component> components_;
};

struct Builtin {
  std::string type;
  std::string spark_class;
  std::string avro_class;
  KeyGeneratorFactory factory;
};

}  // namespace

void RegisterBuiltinKeyGenerators() {
  static std::once_flag once;
  std::call_once(once, [] {
    const std::vector<Builtin> builtins = {
        {"SIMPLE", "SimpleKeyGenerator", "SimpleAvroKeyGenerator",
         SimpleKeyGenerator::Make},
        {"COMPLEX", "ComplexKeyGenerator", "ComplexAvroKeyGenerator",
         ComplexKeyGenerator::Make},
        {"NON_PARTITION", "NonpartitionedKeyGenerator", "NonpartitionedAvroKeyGenerator",
         NonpartitionedKeyGenerator::Make},
        {"TIMESTAMP", "TimestampBasedKeyGenerator", "TimestampBasedAvroKeyGenerator",
         TimestampBasedKeyGenerator::Make},
        {"CUSTOM", "CustomKeyGenerator", "CustomAvroKeyGenerator",
         CustomKeyGenerator::Make},
        {"GLOBAL_DELETE", "GlobalDeleteKeyGenerator", "GlobalAvroDeleteKeyGenerator",
         GlobalDeleteKeyGenerator::Make},
    };
    for (const auto& builtin : builtins) {
      std::string prefix(kPackage);
      HOODIE_WARN_NOT_OK(
          KeyGeneratorRegistry::Global()->Register(
              builtin.type, {prefix + builtin.spark_class, prefix + builtin.avro_class},
              builtin.factory),
          "registering builtin key generator " + builtin.type);
    }
  });
}

}  // namespace hoodie
