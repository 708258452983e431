// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/format/avro_codec/avro_c_reference_test_util.h
/// \brief RAII adapter over Avro C (libavro), the reference our codec is tested against.
#pragma once

#include <string>
#include <string_view>

#include <arrow/result.h>
#include <arrow/status.h>
#include <avro.h>

namespace hoodie::testing {

/// Invalid carrying avro_strerror() when an Avro C call returned non-zero.
::arrow::Status AvroCCheck(int rc, std::string_view what);

/// \brief Owns one avro_schema_t reference. Move-only; not thread-safe.
class AvroCSchema {
 public:
  /// Parses schema JSON with avro_schema_from_json_length.
  static ::arrow::Result<AvroCSchema> Parse(std::string_view json);
  AvroCSchema(AvroCSchema&& other) noexcept : schema_(other.schema_) {
    other.schema_ = nullptr;
  }
  AvroCSchema& operator=(AvroCSchema&&) = delete;
  AvroCSchema(const AvroCSchema&) = delete;
  ~AvroCSchema();
  avro_schema_t get() const { return schema_; }

 private:
  explicit AvroCSchema(avro_schema_t schema) : schema_(schema) {}
  avro_schema_t schema_;
};

/// \brief Owns a generic avro_value_t of a schema and its value interface. Move-only.
class AvroCValue {
 public:
  static ::arrow::Result<AvroCValue> Make(const AvroCSchema& schema);
  AvroCValue(AvroCValue&& other) noexcept : iface_(other.iface_), value_(other.value_) {
    other.iface_ = nullptr;
  }
  AvroCValue& operator=(AvroCValue&&) = delete;
  AvroCValue(const AvroCValue&) = delete;
  ~AvroCValue();
  avro_value_t* get() { return &value_; }
  const avro_value_t* get() const { return &value_; }

 private:
  AvroCValue() = default;
  avro_value_iface_t* iface_ = nullptr;
  avro_value_t value_{};
};

/// Reads the first record of a container file with Avro C's avro_file_reader (its own
/// header and block parsing, writer schema only) and renders it with avro_value_to_json.
::arrow::Result<std::string> AvroCContainerToJson(std::string_view bytes);

/// Reads the first record of a container file with Avro C (as AvroCContainerToJson)
/// and writes it back with Avro C's avro_file_writer under the same writer schema: a
/// record Avro C decoded field for field as it was written decodes to the same value.
::arrow::Result<std::string> AvroCRewriteContainer(std::string_view bytes);

/// Writes `value` as a container file with Avro C's avro_file_writer.
::arrow::Result<std::string> AvroCWriteContainer(const AvroCSchema& schema,
                                                 const AvroCValue& value);

/// Encodes one datum with avro_value_write.
::arrow::Result<std::string> AvroCEncodeDatum(const AvroCValue& value);

}  // namespace hoodie::testing
