// SPDX-License-Identifier: Apache-2.0
/// \file hoodie/format/avro_codec/avro_binary.h
/// \brief The Avro binary encoding of generic values, with writer/reader schema resolution.
///
/// Matches org.apache.avro's BinaryEncoder + GenericDatumWriter for writing and
/// BinaryDecoder + ResolvingDecoder + GenericDatumReader for reading. We implement the
/// encoding ourselves instead of through Avro C (libavro 1.11, which we use in tests as
/// the reference implementation) because Avro C's resolver cannot fill a reader field
/// from its default (its schema model drops `default`), and Hudi relies on that: every
/// field added since 0.x (`lastCompletedCommitTimestamp`, `extraMetadata`, ...) is read
/// from older files through its default. (Avro C 1.11.1 refuses such a pair of schemas:
/// avro_resolved_reader_new fails with "Reader field <name> doesn't appear in writer".)
#pragma once

#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

#include <arrow/result.h>
#include <arrow/status.h>
#include <nlohmann/json.hpp>

#include "hoodie/format/avro_codec/avro_schema.h"
#include "hoodie/format/avro_codec/avro_value.h"
#include "hoodie/visibility.h"

namespace hoodie {

/// Appends `value` encoded with `schema` to `out`. Unions take the first branch that
/// fits the value (records, enums and fixed by full name, else by type; an int also
/// fits a long). A record field missing from `value` is written from its default.
/// \return Invalid naming the schema type when the value does not fit.
HOODIE_EXPORT
::arrow::Status EncodeAvroBinary(const AvroValue& value, const AvroNode& schema,
                                 std::string* out);

/// Decodes one datum written with `writer` and returns it shaped by `reader` (Avro
/// schema resolution): reader fields absent from the writer take their defaults,
/// writer fields absent from the reader are skipped, int/long/float promote, string
/// and bytes interchange, unions resolve branch by branch. Advances `*input`.
/// \return Invalid for truncated or corrupt input or incompatible schemas.
HOODIE_EXPORT ::arrow::Result<AvroValue> DecodeAvroBinary(std::string_view* input,
                                                          const AvroNode& writer,
                                                          const AvroNode& reader);

/// The value a JSON field default denotes for `schema` (a union's default belongs to
/// its first branch; bytes and fixed defaults are ISO-8859-1 strings).
/// \return Invalid when the JSON does not fit the schema.
HOODIE_EXPORT ::arrow::Result<AvroValue> AvroValueFromDefault(const nlohmann::json& json,
                                                              const AvroNode& schema);

/// Appends a zig-zag varint long (Avro `long` and `int`).
HOODIE_EXPORT void AppendAvroLong(int64_t value, std::string* out);
/// Reads a zig-zag varint long; Invalid when truncated or longer than 10 bytes.
HOODIE_EXPORT ::arrow::Result<int64_t> ReadAvroLong(std::string_view* input);
/// Reads a length-prefixed byte string (Avro `bytes` / `string`).
HOODIE_EXPORT ::arrow::Result<std::string> ReadAvroBytes(std::string_view* input);
/// As ReadAvroBytes, viewing the bytes in `*input` instead of copying them.
HOODIE_EXPORT
::arrow::Result<std::string_view> ReadAvroBytesView(std::string_view* input);

/// Reads an Avro float or double (IEEE 754, little-endian as this machine).
template <typename T>
::arrow::Result<T> ReadAvroLittleEndian(std::string_view* input) {
  if (input->size() < sizeof(T)) {
    return ::arrow::Status::Invalid("Avro binary: truncated number");
  }
  T value;
  std::memcpy(&value, input->data(), sizeof(T));
  input->remove_prefix(sizeof(T));
  return value;
}

/// Reads the block-counted items of an array or map, calling `read_item()` for each: a
/// negative count is followed by the block's byte size, which is not needed.
template <typename ReadItem>
::arrow::Status ReadAvroBlocks(std::string_view* input, ReadItem&& read_item) {
  while (true) {
    ARROW_ASSIGN_OR_RAISE(int64_t count, ReadAvroLong(input));
    if (count == 0) return ::arrow::Status::OK();
    if (count < 0) {
      count = -count;
      ARROW_RETURN_NOT_OK(ReadAvroLong(input).status());
    }
    // Bounds a corrupt count before it drives a long loop.
    if (count > (int64_t{1} << 31)) {
      return ::arrow::Status::Invalid("Avro binary: bad block count");
    }
    for (int64_t i = 0; i < count; ++i) ARROW_RETURN_NOT_OK(read_item());
  }
}

}  // namespace hoodie
